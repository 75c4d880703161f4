"""Periods of the record (kb.model.records): their names, the record pages' titles, the links under each overview."""
from __future__ import annotations

from kb.model.labels import LABELS, count
from kb.model.records import Kind, RecordPage
from kb.render.links import HTML, Link
from kb.render.markup import element
from kb.render.renderer import Renderer

COUNTED = {"topic": "items", "entity": "items", "archive": "issues", "watch": "watch", "signals": "verdicts", "claims": "figures"}


def period_label(lang: str, period: str) -> str:
    """A period of kb.model.records by name: 2026 年 / 2026, 2026 年第 4 季度 / Q4 2026, 2026 年 11 月 / November 2026."""
    words = LABELS[lang]
    year, _, part = period.partition("-")
    if not part:
        return words["year"].format(year=year)
    if part.startswith("q"):
        return words["quarter"].format(year=year, q=part[1:])
    return words["month"].format(year=year, name=words["months"][int(part) - 1])


def record_title(catalog, record: RecordPage, lang: str) -> tuple[str, str]:
    """The title and description of a record page."""
    words = LABELS[lang]
    owner = ""
    if record.kind == "topic":
        owner = catalog.topics[record.owner].title(lang)
    elif record.kind == "entity":
        owner = catalog.entities[record.owner].title(lang)
    period = period_label(lang, record.period)
    return (words["record_title"][record.kind].format(owner=owner, period=period),
            words["record_description"][record.kind].format(owner=owner, period=period))


def record_links(r: Renderer, kind: Kind, owner: str | None = None) -> str:
    """The record pages of an overview, newest first, each with what it holds."""
    records = r.catalog.records
    links = " · ".join(
        f"{r.write(Link(period_label(r.lang, record.period), record.page), HTML)}"
        f"{r.t['in_parentheses'].format(count(r.lang, COUNTED[kind], records.size(record)))}"
        for record in records.of(kind, owner))
    return r.raw(element("p", f"{r.t['record']}{r.t['colon']}{links or r.t['none_yet']}", class_="kb-record"))
