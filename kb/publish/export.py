"""The open data export: the whole catalog as versioned JSON, with its JSON Schema.

Readers and tools get the knowledge without scraping HTML. The shape is a set
of pydantic models, so the schema is generated from the same code that writes
the file and the two cannot drift. Records are flat and cross-referenced by id
(an item names its issue, a claim its item), newest first, and every text is
given per language with references written out as plain text.

`EXPORT_VERSION` (kb/project/layout.py) is in the file names and in the file: it is
raised when a field is removed or changes meaning; new fields keep it.
"""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from kb.model.catalog import Catalog
from kb.model.claim_facts import SOURCE_KINDS, STATUSES, UNSTATED, CheckVerdict, Direction, Metric, Qualifier, SourceKind, Status
from kb.model.entries import Claim, Item, Signal, Watch
from kb.model.figure_text import figure_text
from kb.model.labels import LABELS
from kb.model.schema import ENTITY_KINDS, Category, EntityKind, Provenance, SourceRole, Verdict
from kb.project import layout

Localized = dict[str, str]  # language -> text


def meanings(lead: str, values: tuple[str, ...], label: str) -> str:
    """A field's description listing every value of its enum with what it means, from the model (kb.model.labels),
    so the schema cannot list three source kinds while the data uses four."""
    return f"{lead}: " + "; ".join(f"{value}: {LABELS['en'][label][value]}" for value in values)


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SourceRecord(_Record):
    name: str
    url: str | None = None
    role: SourceRole = Field("source", description="source: the source itself; analysis: an analysis of it; via: who carried it")


class ResolutionRecord(_Record):
    item: str = Field(description="the later item that settled the entry")
    by: Provenance = Field(description="weekly: the weekly said so; editors: the archive's editors judged it")
    reason: Localized = Field(description="why, in one sentence")


class CheckRecord(_Record):
    claim: str = Field(description="the earlier claim this figure checks")
    verdict: CheckVerdict = Field(description="confirms; qualifies (holds, smaller or only under conditions); contradicts")
    by: Provenance = Field(description="weekly: the weekly's text ties the two figures together; editors: the archive's "
                                       "editors judged that this figure checks the earlier one")
    reason: Localized = Field(description="why, in one sentence")


class QuantityRecord(_Record):
    value: float
    unit: str = Field(description="one of the units kb.model.claim_facts.UNITS, or empty for a plain number")
    written: str = Field(description="the number as the source wrote it: 8.40, 256K")


class IssueRecord(_Record):
    number: int
    title: Localized
    summary: Localized
    period_start: date
    period_end: date
    published: date
    url: Localized = Field(description="page of the issue per language, relative to site_url")
    items: list[str] = Field(description="ids of its items, in the issue's order")
    signals: list[str]
    watch: list[str]


class ItemRecord(_Record):
    id: str
    issue: int
    category: Category
    title: Localized
    summary: Localized
    why: Localized = Field(description="why it matters")
    edge: Localized = Field(description="what it means for edge and on-device deployment")
    sources: list[SourceRecord]
    topics: list[str]
    entities: list[str]
    claims: list[str] = Field(description="ids of its figures (see claims)")
    related: list[str] = Field(description="items of other issues sharing the most topics and entities, most related first")
    resolves: list[str] = Field(description="watch entries this item settled")
    url: Localized


class ClaimRecord(_Record):
    id: str
    item: str
    issue: int
    measured: Localized = Field(description="what was measured, on which workload")
    shown: Localized = Field(description="the figure with what was measured, against what and where, as the site shows "
                                         "it: `Median TTFT …: 6.88 s → 0.31 s · on 3× L40S`, `Peak throughput …: "
                                         "2.4–3.0× higher · vs BF16 KV · on B300`")
    metric: Metric
    baseline: QuantityRecord | None = None
    result: QuantityRecord | None = None
    change_percent: float | None = Field(None, description="as written; negative is a decrease")
    ratio: tuple[float, float] | None = Field(None, description="the written multiplier as [low, high]; equal for one value")
    direction: Direction | None = Field(None, description="which way the figure moved: higher (ratio× as much) or lower (to 1/ratio)")
    factor: float | None = Field(None, description="how many times better (above 1) or worse (below 1) the figure got: "
                                                   "the written ratio (its top), else from baseline and result")
    qualifier: Qualifier | None = None
    hardware: str | None = None
    benchmark: str | None = None
    versus: str | None = Field(None, description="what the figure is compared with, by name (GB200 NVL72, BF16 KV), or "
                                                 f"`{UNSTATED}` where the source does not say; every ratio without a baseline figure has one")
    source_kind: SourceKind = Field(description=meanings("who stands behind the figure", SOURCE_KINDS, "source_kind_hint"))
    checks: CheckRecord | None = Field(None, description="the earlier claim this figure confirms, qualifies or contradicts")
    checked_by: list[str] = Field(description="later claims that checked this one, oldest first (their `checks` say how)")
    status: Status = Field(description="unchecked, or what the latest check found: " + ", ".join(STATUSES[1:]))
    url: Localized


class SignalRecord(_Record):
    id: str
    issue: int
    verdict: Verdict
    title: Localized
    body: Localized
    topics: list[str]
    items: list[str]
    url: Localized


class WatchRecord(_Record):
    id: str
    issue: int
    topic: str
    raised_by: str = Field(description="the item or signal of the same issue that raised it")
    by: Provenance = Field(description="weekly: the weekly's own watch list; editors: the archive's editors drew it from the issue's text")
    title: Localized
    note: Localized
    resolved_by: str | None = Field(None, description="the later item that settled it; null while open")
    resolution: ResolutionRecord | None = Field(None, description="who settled it and why; null while open")
    url: Localized


class TopicRecord(_Record):
    id: str
    title: Localized
    description: Localized
    url: Localized


class EntityRecord(_Record):
    id: str
    name: str = Field(description="the name, as every language writes it unless `names` gives another")
    names: Localized = Field(description="the name as each language's pages write it")
    kind: EntityKind = Field(description=meanings("what it is", ENTITY_KINDS, "entity_kind"))
    homepage: str | None = None
    url: Localized


class CatalogExport(_Record):
    """The knowledge base of 大模型实施周报 (LLM Implementation Weekly), as data."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"$schema": "https://json-schema.org/draft/2020-12/schema"})

    version: Literal[layout.EXPORT_VERSION] = Field(description="raised when a field is removed or changes meaning")
    site_url: str
    languages: list[str]
    issues: list[IssueRecord]
    items: list[ItemRecord]
    claims: list[ClaimRecord]
    signals: list[SignalRecord]
    watch: list[WatchRecord]
    topics: list[TopicRecord]
    entities: list[EntityRecord]


def _localized(text_of) -> Localized:
    return {lang: text_of(lang) for lang in layout.LANGUAGES}


def _url(page: str) -> Localized:
    return {lang: layout.language_home(lang) + layout.page_url(page) for lang in layout.LANGUAGES}


def _anchored(thing) -> Localized:
    return {lang: f"{url}#{thing.anchor}" for lang, url in _url(thing.page).items()}


def export_catalog(catalog: Catalog, site_url: str = "") -> CatalogExport:
    def prose(thing, field_name: str) -> Localized:
        return _localized(lambda lang: catalog.plain_text(getattr(thing.text(lang), field_name), lang))

    def item_record(item: Item) -> ItemRecord:
        return ItemRecord(
            id=item.id, issue=item.issue.number, category=item.facts.category,
            title=prose(item, "title"), summary=prose(item, "summary"), why=prose(item, "why"), edge=prose(item, "edge"),
            sources=[SourceRecord(name=s.name, url=s.url, role=role) for s, role in catalog.sources_with_roles(item)],
            topics=list(item.facts.topics), entities=list(item.facts.entities),
            claims=[c.id for c in item.claims], related=[r.id for r in catalog.related(item)],
            resolves=[r.watch for r in item.facts.resolves], url=_anchored(item))

    def quantity(q) -> QuantityRecord | None:
        return QuantityRecord(value=q.value, unit=q.unit, written=q.number.written) if q is not None else None

    def claim_record(claim: Claim) -> ClaimRecord:
        f = claim.facts
        return ClaimRecord(
            id=claim.id, item=claim.item.id, issue=claim.issue.number,
            measured=_localized(lambda lang: catalog.plain_text(claim.text(lang), lang)), metric=f.metric,
            shown=_localized(lambda lang: figure_text(claim, lang, catalog.plain_text(claim.text(lang), lang)).text),
            baseline=quantity(f.baseline), result=quantity(f.result), change_percent=f.change.value if f.change else None,
            ratio=(f.ratio[0].value, f.ratio[1].value) if f.ratio else None, direction=f.moved, factor=f.factor, qualifier=f.qualifier, hardware=f.hardware, benchmark=f.benchmark,
            versus=f.versus, source_kind=f.source_kind, status=claim.status, checked_by=[later.id for later in claim.checked_by],
            checks=CheckRecord(claim=f.checks.claim, verdict=f.checks.verdict, by=f.checks.by, reason=_localized(
                lambda lang: catalog.plain_text(claim.reason(lang), lang))) if claim.checked else None,
            url=_anchored(claim))

    def signal_record(signal: Signal) -> SignalRecord:
        return SignalRecord(id=signal.id, issue=signal.issue.number, verdict=signal.facts.verdict,
                            title=prose(signal, "title"), body=prose(signal, "body"),
                            topics=list(signal.facts.topics), items=list(signal.facts.items), url=_anchored(signal))

    def watch_record(entry: Watch) -> WatchRecord:
        return WatchRecord(id=entry.id, issue=entry.issue.number, topic=entry.facts.topic, raised_by=entry.facts.origin, by=entry.facts.by,
                           title=prose(entry, "title"), note=prose(entry, "note"),
                           resolved_by=entry.resolved_by.id if entry.resolved_by else None,
                           resolution=ResolutionRecord(item=entry.resolved_by.id, by=entry.resolution.by, reason=_localized(
                               lambda lang: catalog.plain_text(entry.reason(lang), lang))) if entry.resolved_by else None,
                           url=_anchored(entry))

    return CatalogExport(
        version=layout.EXPORT_VERSION, site_url=site_url, languages=list(layout.LANGUAGES),
        issues=[IssueRecord(
            number=i.number, title=_localized(i.title), summary=_localized(lambda lang, i=i: catalog.plain_text(i.text(lang).summary, lang)),
            period_start=i.facts.period.start, period_end=i.facts.period.end, published=i.facts.published,
            url=_url(i.page), items=[x.id for x in i.items], signals=[s.id for s in i.signals], watch=[w.id for w in i.watch],
        ) for i in catalog.issues],
        items=[item_record(i) for i in catalog.items],
        claims=[claim_record(c) for c in catalog.claims],
        signals=[signal_record(s) for s in catalog.signals],
        watch=[watch_record(w) for w in catalog.watch],
        topics=[TopicRecord(id=t.id, title=_localized(t.title), description=_localized(lambda lang, t=t: t.text(lang).description),
                            url=_url(t.page)) for t in catalog.topics.values()],
        entities=[EntityRecord(id=e.id, name=e.facts.name, names=_localized(e.title), kind=e.facts.kind, homepage=e.facts.url, url=_url(e.page))
                  for e in catalog.entities.values()],
    )


def export_schema() -> dict:
    schema = CatalogExport.model_json_schema()
    schema["$id"] = f"{layout.EXPORT_SCHEMA_FILE}"
    return schema


def write_export(catalog: Catalog, out: Path | str, site_url: str = "") -> list[Path]:
    """Write the catalog and its schema into `out`; return the two paths."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    data, schema = out / layout.EXPORT_FILE, out / layout.EXPORT_SCHEMA_FILE
    data.write_text(export_catalog(catalog, site_url).model_dump_json(indent=1), encoding="utf-8")
    schema.write_text(json.dumps(export_schema(), indent=1, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    return [data, schema]
