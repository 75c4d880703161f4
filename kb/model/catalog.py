"""The catalog: every entry of the archive, answering queries (all lists newest first).

Built once by kb.content.loading and never modified afterwards, so one catalog can
serve every page of every language of a build.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kb.base.problems import Problem
from kb.markup.ref_forms import standalone
from kb.markup.refs import expand_refs, spaced_refs
from kb.model.entries import Claim, Entity, Issue, Item, Mention, Signal, Topic, Watch
from kb.model.records import Records
from kb.model.ref_labels import ref_label
from kb.model.schema import Outlet, Source, TermFacts
from kb.project import layout

if TYPE_CHECKING:
    from kb.model.related import RelatedItems
    from kb.model.sequence import Sequence


@dataclass(repr=False)
class Catalog:
    root: Path
    issues: list[Issue]  # newest first
    topics: dict[str, Topic]
    entities: dict[str, Entity]
    outlets: dict[str, Outlet]
    page_titles: dict[str, dict[str, str]]  # page -> language -> title
    mentions: dict[str, list[Mention]]  # target id -> where it is referenced
    targets: dict[str, object]  # every id of the archive -> its entry
    warnings: list[Problem] = field(default_factory=list)  # worth a look, never stop a build
    terms: dict[str, TermFacts] = field(default_factory=dict)  # data/terms.yml: other ways readers write a term
    issue_pages: dict[str, Issue] = field(init=False, repr=False)
    _related: RelatedItems | None = field(default=None, init=False, repr=False)
    _records: Records | None = field(default=None, init=False, repr=False)
    _by_owner: _ByOwner | None = field(default=None, init=False, repr=False)
    _sequence: Sequence | None = field(default=None, init=False, repr=False)

    def __post_init__(self):
        self.issue_pages = {issue.page: issue for issue in self.issues}

    def __repr__(self) -> str:
        return f"Catalog({self.root}, {len(self.issues)} issues)"

    # ---- lookups ----------------------------------------------------------

    def target(self, target_id: str):
        """The item, signal, watch entry, topic, entity, issue or unarchived thing with this id."""
        return self.targets.get(target_id)

    @property
    def items(self) -> list[Item]:
        return [item for issue in self.issues for item in issue.items]

    @property
    def signals(self) -> list[Signal]:
        return [signal for issue in self.issues for signal in issue.signals]

    @property
    def watch(self) -> list[Watch]:
        return [entry for issue in self.issues for entry in issue.watch]

    @property
    def claims(self) -> list[Claim]:
        return [claim for item in self.items for claim in item.claims]

    def sources(self, item: Item) -> list[Source | Outlet]:
        """The item's sources, with outlets cited by id looked up: each has a name and maybe a url."""
        return [self.outlets[s.outlet] if s.outlet else s for s in item.facts.sources]

    def sources_with_roles(self, item: Item) -> list[tuple[Source | Outlet, str]]:
        """Each source with its role: the source itself, an analysis of it, or the aggregator that carried it."""
        return list(zip(self.sources(item), (s.role for s in item.facts.sources)))

    def issue_by_page(self, page: str) -> Issue | None:
        return self.issue_pages.get(page)

    def source_files(self, page: str, lang: str) -> list[tuple[str, str]]:
        """("prose" | "facts", path) of the files a contributor edits for `page` in `lang`."""
        prose = layout.localized(page, lang)
        files = [("prose", f"{layout.DOCS}/{prose if (self.root / layout.DOCS / prose).is_file() else page}")]
        issue = self.issue_by_page(page)
        if issue is not None:
            files.append(("facts", issue.facts_file))
        elif page.startswith(layout.TOPICS_DIR + "/") and page.removeprefix(layout.TOPICS_DIR + "/")[:-3] in self.topics:
            files.append(("facts", layout.TOPICS_FILE))
        elif page.startswith(layout.ENTITIES_DIR + "/") and page.removeprefix(layout.ENTITIES_DIR + "/")[:-3] in self.entities:
            files.append(("facts", layout.ENTITIES_FILE))
        return files

    @property
    def pages(self) -> list[str]:
        """Every page the site builds in each language: the pages of docs/ and the record pages (kb.model.records)."""
        return sorted(self.page_titles) + [record.page for record in self.records.pages]

    def page_title(self, page: str, lang: str) -> str:
        titles = self.page_titles.get(page, {})
        return titles.get(lang) or titles.get(layout.DEFAULT_LANGUAGE) or page

    # ---- queries (all newest first) ---------------------------------------

    @property
    def _owned(self) -> _ByOwner:
        if self._by_owner is None:
            self._by_owner = _ByOwner(self)
        return self._by_owner

    def items_of_topic(self, topic: str) -> list[Item]:
        return list(self._owned.items_of_topic.get(topic, ()))

    def signals_of_topic(self, topic: str) -> list[Signal]:
        return list(self._owned.signals_of_topic.get(topic, ()))

    def watch_of_topic(self, topic: str, *, open_only: bool) -> list[Watch]:
        return [w for w in self._owned.watch_of_topic.get(topic, ()) if w.is_open or not open_only]

    def items_of_entity(self, entity: str) -> list[Item]:
        return list(self._owned.items_of_entity.get(entity, ()))

    def open_watch(self) -> list[Watch]:
        return [w for w in self.watch if w.is_open]

    def resolved_watch(self) -> list[Watch]:
        return [w for w in self.watch if not w.is_open]

    def plain_text(self, text: str, lang: str) -> str:
        """Prose with each ref written out as it shows on a page (kb.model.ref_labels): for feeds and data."""
        text = text.strip()
        forms = standalone(text)

        def shown(alone):
            def label(target_id: str, words: str | None) -> str:
                target = self.target(target_id)
                return target_id if target is None else ref_label(target, lang, words, next(alone)) or target_id
            return label
        return expand_refs(spaced_refs(text, shown(iter(forms))), shown(iter(forms)), lambda rest: rest)

    def related(self, item: Item) -> list[Item]:
        """Items of other issues that share the most topics and entities with `item` (kb.model.related)."""
        if self._related is None:
            from kb.model.related import RelatedItems
            self._related = RelatedItems(self.items)
        return self._related.of(item)

    def related_in_issue(self, item: Item) -> list[Item]:
        """`related`, without the items an earlier item of the same issue already lists (kb.model.related)."""
        self.related(item)  # builds the index
        return self._related.in_issue(item.issue.items)[item.id]

    @property
    def records(self) -> Records:
        """The record pages behind the overviews, and what each holds (kb.model.records)."""
        if self._records is None:
            self._records = Records(self)
        return self._records

    @property
    def sequence(self) -> Sequence:
        """The archive in order: previous and next issue, next item in a topic, recent changes (kb.model.sequence)."""
        if self._sequence is None:
            from kb.model.sequence import Sequence
            self._sequence = Sequence(self)
        return self._sequence

    def mentioned_elsewhere(self, item: Item) -> list[str]:
        """Pages that reference the item, other than its own and those its topics and entities already link."""
        linked = {self.topics[t].page for t in item.facts.topics if t in self.topics}
        linked |= {self.entities[e].page for e in item.facts.entities if e in self.entities}
        return [page for page in self.mentioned_in(item.id, besides=item.page) if page not in linked]

    def mentioned_in(self, target_id: str, *, besides: str | None = None) -> list[str]:
        """Pages that reference the target, once each, other than `besides`."""
        pages = dict.fromkeys(m.page for m in self.mentions.get(target_id, []) if m.page != besides)
        return list(pages)


class _ByOwner:
    """Each topic's and entity's entries, newest first, from one pass over the catalog. Hubs, entity pages and
    their indexes ask for them per topic and entity, in each language: scanning every item for each, four times
    over, grew with the archive times its topics and entities; answered from here, it takes a small part of that
    (measured: bench/README.md, kb/model/catalog.py)."""

    def __init__(self, catalog: Catalog):
        self.items_of_topic: dict[str, list[Item]] = {}
        self.items_of_entity: dict[str, list[Item]] = {}
        self.signals_of_topic: dict[str, list[Signal]] = {}
        self.watch_of_topic: dict[str, list[Watch]] = {}
        for issue in catalog.issues:
            for item in issue.items:
                for topic in dict.fromkeys(item.facts.topics):  # an item once, if a topic is named twice
                    self.items_of_topic.setdefault(topic, []).append(item)
                for entity in dict.fromkeys(item.facts.entities):
                    self.items_of_entity.setdefault(entity, []).append(item)
            for signal in issue.signals:
                for topic in dict.fromkeys(signal.facts.topics):
                    self.signals_of_topic.setdefault(topic, []).append(signal)
            for entry in issue.watch:
                self.watch_of_topic.setdefault(entry.facts.topic, []).append(entry)
