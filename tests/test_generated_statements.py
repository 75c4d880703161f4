"""What the site generates states only what the data holds (issue 37): the export's schema and the open-data docs
list every enum value from the model itself, and a sentence claiming "every"/"all" is generated, not written."""
from __future__ import annotations

import re
from typing import get_args

import pytest

from conftest import ARCHIVE, ROOT
from kb.model.claim_facts import METRICS, SOURCE_KINDS, STATUSES, Direction, Qualifier
from kb.model.labels import count
from kb.model.schema import CATEGORIES, ENTITY_KINDS, SourceRole, Verdict
from kb.project import layout
from kb.publish.export import export_schema
from kb.render.markup import GENERATED

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


# Words that claim completeness or a count; in editors' prose on a ledger page they would assert what only the data
# can say (the ledger "holds every quantitative figure" while prose numbers are not in it: issue 37).
UNIVERSAL = re.compile(r"\b(?:every|all)\b|每一|每个|所有|全部|一律", re.IGNORECASE)
LEDGERS = (layout.CLAIMS_PAGE, "signals.md")


MACRO_CALL = re.compile(r"\{\{.*?\}\}", re.S)
QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")  # a heading named in the prose (“全部记录”) is a name, not a claim


def _editors_prose(path) -> str:
    """A page's own prose: its front matter's description and its body, without the macros' output."""
    text = path.read_text(encoding="utf-8")
    _, front, body = text.split("---\n", 2)
    description = re.search(r"^description: (.*)$", front, re.M).group(1)
    return QUOTED.sub("", description + "\n" + MACRO_CALL.sub("", body))


@pytest.mark.parametrize("root", [ROOT, ARCHIVE], ids=["live", "fixture"])
@pytest.mark.parametrize("page", LEDGERS)
def test_no_every_all_or_count_claim_in_the_editors_prose_of_a_ledger(root, page):
    for lang in LANGS:
        path = root / layout.DOCS / layout.localized(page, lang)
        found = UNIVERSAL.findall(_editors_prose(path))
        assert found == [], f"{path}: {found} — a count or \"every\" is the data's to say: generate it, or drop it"


@pytest.fixture
def root_pages(pages, archive):
    return pages, archive


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", LEDGERS)
def test_on_a_built_ledger_every_all_sentence_outside_generated_markup_is_not_the_editors(root_pages, page, lang):
    """On the built page, a sentence claiming completeness outside generated markup comes from content the ledger
    quotes (a verdict's body), never from the ledger page's own prose."""
    pages, root = root_pages
    prose = _editors_prose(root / layout.DOCS / layout.localized(page, lang))
    loose = [text.strip() for text in pages.article(page, lang).find_all(string=UNIVERSAL)
             if not text.find_parent(attrs={GENERATED: True}) and text.strip() in prose]
    assert loose == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_ledgers_scope_is_counted_from_the_data(catalog, pages, lang):
    scope = pages.article(layout.CLAIMS_PAGE, lang).find(attrs={GENERATED: "count"}).get_text()
    others = sum(len(i.facts.not_figures) for i in catalog.items) + sum(len(i.facts.not_figures) for i in catalog.issues)
    assert count(lang, "figures", len(catalog.claims)) in scope
    assert count(lang, "items", len({c.item.id for c in catalog.claims})) in scope
    assert count(lang, "not_figures", others) in scope


def test_a_new_figure_changes_the_ledgers_count(project):
    """The count follows the data: a copy of the fixture archive with one figure more says one figure more."""
    from kb import load_catalog
    from kb.render import PageMacros

    before = load_catalog(project)
    facts = project / "data/issues/007.yml"
    anchor = "      - id: kinference-median-ttft\n"
    text = facts.read_text(encoding="utf-8")
    assert anchor in text
    facts.write_text(text.replace(anchor, "      - id: kinference-ttft-again\n        metric: ttft\n        baseline: 6.88 s\n"
                                          "        result: 0.31 s\n        hardware: 3× L40S\n        source_kind: vendor\n" + anchor), encoding="utf-8")
    for page in (project / layout.DOCS / "issues").glob("007*.md"):
        page.write_text(page.read_text(encoding="utf-8").replace("\nclaims:\n", "\nclaims:\n  kinference-ttft-again: TTFT again\n"),
                        encoding="utf-8")
    after = load_catalog(project)
    assert len(after.claims) == len(before.claims) + 1
    for lang in LANGS:
        scope = PageMacros(after, lang, layout.CLAIMS_PAGE).claims_ledger()
        assert count(lang, "figures", len(before.claims) + 1) in scope
