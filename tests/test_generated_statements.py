"""What the site generates states only what the data holds (issue 37): the export's schema and the open-data docs
list every enum value from the model itself, and a sentence claiming "every"/"all" is generated, not written."""
from __future__ import annotations

import re
from typing import get_args

import pytest

from conftest import ARCHIVE, ROOT
from kb.model.claim_facts import METRICS, SOURCE_KINDS, STATUSES, Direction, Qualifier
from kb.model.schema import CATEGORIES, ENTITY_KINDS, SourceRole, Verdict
from kb.project import layout
from kb.publish.export import export_schema

LANGS = layout.LANGUAGES
# record -> field -> the model's values for it
MODEL_ENUMS = {
    "ClaimRecord": {"source_kind": SOURCE_KINDS, "status": STATUSES, "metric": METRICS,
                    "direction": get_args(Direction), "qualifier": get_args(Qualifier)},
    "ItemRecord": {"category": CATEGORIES},
    "EntityRecord": {"kind": ENTITY_KINDS},
    "SignalRecord": {"verdict": get_args(Verdict)},
    "SourceRecord": {"role": get_args(SourceRole)},
}


def _enum(prop: dict) -> list[str] | None:
    """The enum of a property, through a nullable `anyOf`."""
    if "enum" in prop:
        return prop["enum"]
    for option in prop.get("anyOf", []):
        if "enum" in option:
            return option["enum"]
    return None


@pytest.mark.parametrize("record, field", [(r, f) for r, fields in MODEL_ENUMS.items() for f in fields])
def test_the_schema_lists_every_value_of_the_models_enums(record, field):
    prop = export_schema()["$defs"][record]["properties"][field]
    assert _enum(prop) == list(MODEL_ENUMS[record][field])


def test_a_schema_description_naming_an_enums_values_names_all_of_them():
    """A description listing `vendor; paper; independent` while the enum has `statistic` too is the drift issue 37
    found: where a description names any value of its field's enum as a word, it names every one."""
    checked = 0
    for name, definition in export_schema()["$defs"].items():
        for field, prop in definition.get("properties", {}).items():
            values, description = _enum(prop), prop.get("description", "")
            if not values:
                continue
            named = [v for v in values if re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", description)]
            if named:
                checked += 1
                assert named == values, f"{name}.{field}: the description names {named}, the enum is {values}"
    assert checked >= 3


@pytest.mark.parametrize("lang", LANGS)
def test_the_open_data_page_lists_every_source_kind(pages, lang):
    codes = {code.get_text() for code in pages.article("data.md", lang).find_all("code")}
    assert set(SOURCE_KINDS) <= codes


@pytest.mark.parametrize("root", [ROOT, ARCHIVE], ids=["live", "fixture"])
def test_the_docs_name_source_kinds_only_through_the_macro(root):
    """A hand-kept list in the docs would fall behind the model: a line naming two or more source kinds in code
    is a list, and must be the macro's."""
    for path in sorted((root / layout.DOCS).rglob("*.md")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            listed = [kind for kind in SOURCE_KINDS if f"`{kind}`" in line]
            assert len(listed) < 2, f"{path}:{number}: lists source kinds by hand — write {{{{ source_kinds() }}}}"
