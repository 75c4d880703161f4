"""The record behind each overview: bounded pages of an archive that grows every week.

A hub, an entity page, the archive, the watch list and the ledgers each show
a current view; everything else they once listed lives on record pages, one
per year (per quarter for verdicts, per month for figures, the most numerous:
a year of verdicts and a quarter of the ledger's rows were each over the largest
page's target of issue 14 at the synthetic archive's density; measured:
bench/README.md, kb/model/records.py), so no page grows with the archive. The
site generator builds one page per `RecordPage` in every language; `Records`
answers what each holds, from one pass over the catalog.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from typing import Literal

from kb.model.entries import Claim, Issue, Item, Signal, Watch
from kb.project import layout

Kind = Literal["topic", "entity", "archive", "watch", "signals", "claims"]
OWNED = ("topic", "entity")  # record pages of one topic or entity; the others cover the whole archive


@dataclass(frozen=True)
class RecordPage:
    kind: Kind
    period: str  # a year ("2026"), a quarter ("2026-q4") for verdicts, a month ("2026-11") for figures
    owner: str | None = None  # the topic's or entity's id

    @property
    def page(self) -> str:
        """The docs-relative page, as the default language names it (no such file: the build generates it)."""
        return layout.record_page(self.kind, self.period, self.owner)


def year(day: date) -> str:
    return str(day.year)


def quarter(day: date) -> str:
    return f"{day.year}-q{(day.month - 1) // 3 + 1}"


def month(day: date) -> str:
    return f"{day.year}-{day.month:02d}"


def year_of(period: str) -> str:
    """The year a period (any of the three above) falls in."""
    return period.partition("-")[0]


class Records:
    """What each record page holds, newest first, indexed once."""

    def __init__(self, catalog):
        self.entries: dict[RecordPage, list] = defaultdict(list)
        self._by_page: dict[str, RecordPage] | None = None
        self._of: dict[tuple[str, str | None], list[RecordPage]] = {}  # `of`, asked again by every record page's sidebar
        for issue in catalog.issues:  # newest first, so every list is too
            when = year(issue.facts.published)
            self.entries[RecordPage("archive", when)].append(issue)
            for item in issue.items:
                for topic in item.facts.topics:
                    self.entries[RecordPage("topic", when, topic)].append(item)
                for entity in item.facts.entities:
                    self.entries[RecordPage("entity", when, entity)].append(item)
            for signal in issue.signals:
                self.entries[RecordPage("signals", quarter(issue.facts.published))].append(signal)
                for topic in signal.facts.topics:
                    self.entries[RecordPage("topic", when, topic)].append(signal)
            for entry in issue.watch:
                self.entries[RecordPage("watch", when)].append(entry)
                self.entries[RecordPage("topic", when, entry.facts.topic)].append(entry)
            for claim in (claim for item in issue.items for claim in item.claims):
                self.entries[RecordPage("claims", month(issue.facts.published))].append(claim)

    @property
    def pages(self) -> list[RecordPage]:
        return sorted(self.entries, key=lambda r: (r.kind, r.owner or "", r.period))

    def at(self, page: str) -> RecordPage | None:
        """The record page published as `page` (docs-relative), if it is one: asked for every page built."""
        if self._by_page is None:
            self._by_page = {record.page: record for record in self.entries}
        return self._by_page.get(page)

    def of(self, kind: Kind, owner: str | None = None) -> list[RecordPage]:
        """The record pages of one overview, newest first."""
        if (kind, owner) not in self._of:
            self._of[kind, owner] = sorted((r for r in self.entries if r.kind == kind and r.owner == owner),
                                           key=lambda r: r.period, reverse=True)
        return list(self._of[kind, owner])

    def issues(self, record: RecordPage) -> list[Issue]:
        return [e for e in self.entries[record] if isinstance(e, Issue)]

    def items(self, record: RecordPage) -> list[Item]:
        return [e for e in self.entries[record] if isinstance(e, Item)]

    def signals(self, record: RecordPage) -> list[Signal]:
        return [e for e in self.entries[record] if isinstance(e, Signal)]

    def watch(self, record: RecordPage) -> list[Watch]:
        return [e for e in self.entries[record] if isinstance(e, Watch)]

    def claims(self, record: RecordPage) -> list[Claim]:
        return [e for e in self.entries[record] if isinstance(e, Claim)]

    def size(self, record: RecordPage) -> int:
        """What the record holds, counted the way its overview links it (items of a hub, figures of a month)."""
        kind_of = {"topic": Item, "entity": Item, "archive": Issue, "watch": Watch, "signals": Signal, "claims": Claim}
        return sum(isinstance(e, kind_of[record.kind]) for e in self.entries[record])

    def watch_page(self, entry: Watch) -> str:
        """The record page a watch entry lives on: the year it was opened."""
        return RecordPage("watch", year(entry.issue.facts.published)).page
