"""The fixture archive (tests/archive/) holds every value the model lets content choose, so that the tests,
which render it, render each value — not only those today's real issues happen to use. And every value that
picks a colour is readable in it."""
from __future__ import annotations

import re
import types
import typing

import pytest
from pydantic import BaseModel

from conftest import ROOT
from kb.model.claim_facts import CheckVerdict
from kb.model.schema import Category, Verdict

# Literal fields that choose no rendering of their own: where a page's front matter hides Material's parts, and
# fields keyed by a site language, where the key only says which language's pages use the value (aliases are
# searched in each language by tests of their own; the fixture gives an entity its Chinese name).
NOT_RENDERED = {("PageMeta", "hide"), ("TopicFacts", "aliases"), ("EntityFacts", "aliases"), ("TermFacts", "aliases"),
                ("EntityFacts", "names")}
# Chosen elsewhere: a check's verdict sets an earlier figure's status, which the claim-history tests give a copy of
# the fixture archive (every verdict: test_the_checks_of_the_claim_history_tests_give_every_verdict).
CHOSEN_ELSEWHERE = {("ClaimCheck", "verdict")}


def literal_values(annotation) -> tuple:
    """The values of every Literal inside `annotation` (Optional, lists and Annotated unwrapped)."""
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    return tuple(v for arg in typing.get_args(annotation) for v in literal_values(arg))


def chosen_values(value, found: dict[tuple[str, str], set]) -> None:
    """Record, for every Literal field of every model in `value`, which values the content chose."""
    if isinstance(value, BaseModel):
        for name, field in type(value).model_fields.items():
            if literal_values(field.annotation):
                found.setdefault((type(value).__name__, name), set())
                chosen = getattr(value, name)
                found[(type(value).__name__, name)].update(chosen if isinstance(chosen, (list, dict)) else [chosen])  # a dict: its keys
            chosen_values(getattr(value, name), found)
    elif isinstance(value, (list, tuple)):
        for part in value:
            chosen_values(part, found)
    elif isinstance(value, dict):
        for part in value.values():
            chosen_values(part, found)


def every_choice(models: list[type[BaseModel]]) -> dict[tuple[str, str], tuple]:
    """(model, field) → the values its Literal allows, for every model reachable from `models`."""
    allowed, todo, seen = {}, list(models), set()
    while todo:
        model = todo.pop()
        if model in seen:
            continue
        seen.add(model)
        for name, field in model.model_fields.items():
            values = literal_values(field.annotation)
            if values:
                allowed[(model.__name__, name)] = values
            nested = [field.annotation]
            while nested:
                annotation = nested.pop()
                if isinstance(annotation, type) and issubclass(annotation, BaseModel):
                    todo.append(annotation)
                nested += [a for a in typing.get_args(annotation) if not isinstance(a, (str, int, types.EllipsisType))]
    return allowed


def test_the_fixture_archive_chooses_every_value_the_model_allows(catalog):
    facts = [issue.facts for issue in catalog.issues] + [e.facts for e in catalog.entities.values()]
    facts += [t.facts for t in catalog.topics.values()] + list(catalog.outlets.values())
    found: dict[tuple[str, str], set] = {}
    chosen_values(facts, found)
    allowed = every_choice(sorted({type(f) for f in facts}, key=lambda m: m.__name__))
    assert ("ItemFacts", "category") in allowed and ("ClaimFacts", "source_kind") in allowed  # the walk reaches them
    missing = {field: sorted(set(values) - found.get(field, set())) for field, values in allowed.items()
               if field not in NOT_RENDERED | CHOSEN_ELSEWHERE}
    assert {field: values for field, values in missing.items() if values} == {}, (
        "add these values to tests/archive/ (the fixture issue 1 holds what the real issues lack)")


def test_the_checks_of_the_claim_history_tests_give_every_verdict():
    """Statuses come from checks, which the claim-history tests add to a copy of the fixture archive."""
    from test_claim_history import CHECKS
    assert {verdict for _, verdict, _ in CHECKS.values()} == set(typing.get_args(CheckVerdict))


def test_the_fixture_archive_exercises_what_the_site_generates(catalog):
    """What the tests of the generated pages look at, which a live archive may well not have."""
    assert catalog.open_watch() and catalog.resolved_watch()
    assert [t for t in catalog.targets.values() if type(t).__name__ == "Unarchived"]
    assert any(catalog.mentioned_elsewhere(item) for item in catalog.items)
    assert any(issue.quick_takes for issue in catalog.issues) and any(issue.picks for issue in catalog.issues)
    assert any(c.facts.source_kind == "vendor" for c in catalog.claims)


# ---- every colour chosen by a value is readable (WCAG AA: 4.5:1 for text) ------------------------------

CSS = (ROOT / "overrides/assets/kb.css").read_text(encoding="utf-8")
WHITE, SLATE = (255, 255, 255), (30, 33, 41)  # the page: Material's default scheme, and its slate (#1e2129)


def luminance(rgb) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = map(channel, rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def colour(hex_code: str) -> tuple[int, int, int]:
    return tuple(int(hex_code[i:i + 2], 16) for i in (1, 3, 5))


def rule(selector: str) -> dict[str, str]:
    """The declarations of the kb.css rule for exactly `selector`."""
    found = re.search(rf"(?:^|\n){re.escape(selector)} \{{([^}}]*)\}}", CSS)
    assert found, f"kb.css has no rule for {selector} — every value needs its colour"
    return dict(part.split(":", 1) for part in (p.strip() for p in found.group(1).split(";")) if part)


@pytest.mark.parametrize("block,value", [("badge", v) for v in typing.get_args(Category)]
                         + [("verdict", v) for v in typing.get_args(Verdict)])
def test_every_category_and_verdict_badge_is_readable(block, value):
    declarations = {k.strip(): v.strip() for k, v in rule(f".kb-{block}--{value}").items()}
    text = colour(declarations.get("color", "#ffffff"))  # the badges' text is white unless the rule says otherwise
    ratio = contrast(text, colour(declarations["background"]))
    assert ratio >= 4.5, f".kb-{block}--{value}: {ratio:.2f}:1"


def test_the_fixture_archives_site_links_its_pages_richly(site):
    """The link checks of tests/test_site.py look at hundreds of links on the fixture archive's site."""
    from test_site import internal_links
    assert sum(1 for _ in internal_links(site)) > 200
