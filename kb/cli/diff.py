"""What a change does to the published site: two catalogs compared entry by entry (`kb diff`, kb.cli.diff_report).

Compared as models, never as text: each issue, item, figure, verdict, quick take, pick, watch entry, topic and
entity of a catalog becomes an `Entry` (its facts as values, its prose per language, its status), and two sets
of entries give what was added, changed, renamed or removed, which statuses moved, and which pages the site
gains or loses (kb.publish.firewall.built_pages: the pages a build writes, not the files).

The published record is what a reader may have cited: the figures, dates and sources of an issue that was
already published at the base. A change to it (or a figure or item added to or taken from such an issue) is
an edit of the record, which reviewers must see first.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date

from pydantic import BaseModel

from kb.model.catalog import Catalog
from kb.model.claim_facts import ClaimCheck, Number, Quantity
from kb.model.schema import Period, Resolution
from kb.project import layout
from kb.publish.firewall import built_pages

# a figure's facts, every one of them part of the published record once its issue is out
FIGURE_FIELDS = ("metric", "baseline", "result", "change", "ratio", "direction", "qualifier", "hardware", "benchmark",
                 "source_kind", "checks")
KINDS = ("issue", "item", "figure", "verdict", "quick take", "pick", "watch entry", "topic", "entity")


@dataclass(frozen=True, eq=False)
class Entry:
    """One thing of the archive with an id, as the two catalogs are compared."""

    kind: str  # one of KINDS
    id: str
    issue: int | None  # the issue it is written in
    url: str  # where it is read, in the default language: page URL and anchor
    facts: dict[str, object]  # field -> value: printed when it changes
    prose: dict[str, str]  # "summary (en)" -> text: said to change, never printed
    record: tuple[str, ...] = ()  # the facts that are the published record: figures, dates, sources
    state: str | None = None  # a figure's status; a watch entry open or resolved
    state_by: str | None = None  # the id of what decided the state: the latest check, the resolving item
    files: tuple[str, ...] = ()  # where it is written (project-relative): its facts file and pages

    @property
    def key(self) -> tuple[str, str]:
        return self.kind, self.id

    def changed_fields(self, other: Entry) -> list[str]:
        """The facts, then the prose, that differ from `other`'s."""
        facts = [name for name in dict.fromkeys([*self.facts, *other.facts])
                 if self.facts.get(name) != other.facts.get(name)]
        return facts + [name for name in dict.fromkeys([*self.prose, *other.prose])
                        if self.prose.get(name) != other.prose.get(name)]


def shown(value) -> str:
    """A fact's value as a reviewer reads it: `6.88 s`, `2.4–3.0`, `2026-11-04 – 2026-11-10`, `a, b`."""
    if value is None or value == () or value == {}:
        return "—"
    if isinstance(value, (Quantity, Number)):
        return str(value) if isinstance(value, Quantity) else value.written
    if isinstance(value, tuple) and value and all(isinstance(v, Number) for v in value):
        low, high = (v.written for v in value)
        return low if low == high else f"{low}–{high}"
    if isinstance(value, Period):
        return f"{value.start} – {value.end}"
    if isinstance(value, ClaimCheck):
        return f"{value.verdict} {value.claim}"
    if isinstance(value, Resolution):
        return f"{value.watch} ({value.by})"
    if isinstance(value, dict):
        return "; ".join(f"{key}: {shown(v)}" for key, v in value.items())
    if isinstance(value, (tuple, list)):
        return ", ".join(shown(v) for v in value)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, BaseModel):
        return ", ".join(f"{k}: {shown(v)}" for k, v in value.model_dump(exclude_none=True).items())
    return str(value)


def _texts(thing, fields: tuple[str, ...]) -> dict[str, str]:
    """Each prose field of `thing` in each language it is written in, as "field (lang)"."""
    texts = {}
    for lang in layout.LANGUAGES:
        try:
            text = thing.text(lang)
        except (KeyError, AttributeError):  # a partial catalog (kb.content.loading): a page may lack it
            continue
        for name in fields:
            value = text if isinstance(text, str) else getattr(text, name, None)
            if value is not None:
                texts[f"{name} ({lang})"] = value
    return texts


def _url(thing) -> str:
    url = layout.page_url(thing.page)
    return f"{url}#{thing.anchor}" if getattr(thing, "anchor", None) else url


def _source(source, role: str) -> str:
    link = f" <{source.url}>" if source.url else ""
    return f"{source.name}{link}" + (f" ({role})" if role != "source" else "")


def snapshot(catalog: Catalog) -> dict[tuple[str, str], Entry]:
    """(kind, id) -> every entry of the catalog."""
    entries: dict[tuple[str, str], Entry] = {}

    def add(entry: Entry) -> None:  # written in `files`, set below for each issue, topic and entity
        entries[entry.key] = replace(entry, files=files)

    for issue in catalog.issues:
        n = issue.number
        files = (issue.facts_file, *_files(issue.page))
        add(Entry("issue", issue.id, n, _url(issue), {"period": issue.facts.period, "published": issue.facts.published,
                                                     "withdrawn": issue.facts.withdrawn,
                                                     "not_figures": tuple(issue.facts.not_figures)},
                  _texts(issue, ("title", "description", "summary", "withdrawn")),
                  record=("period", "published", "withdrawn", "not_figures")))
        for item in issue.items:
            f = item.facts
            sources = tuple(_source(s, role) for s, role in _sources(catalog, item))
            add(Entry("item", item.id, n, _url(item), {"category": f.category, "sources": sources, "topics": tuple(f.topics),
                                                      "entities": tuple(f.entities), "resolves": tuple(f.resolves),
                                                      "formerly": tuple(f.formerly), "not_figures": tuple(f.not_figures)},
                      # not_figures too: what it excuses in the prose could be a figure rewritten
                      _texts(item, ("title", "summary", "why", "edge", "source_note")),
                      record=("sources", "formerly", "not_figures")))
            for claim in item.claims:
                facts = {"item": item.id, **{name: getattr(claim.facts, name) for name in FIGURE_FIELDS}}
                prose = _texts(claim, ("measured",))
                if claim.facts.checks:
                    prose |= {f"check reason ({lang})": text for lang, text in _each(claim.reason)}
                later = claim.checked_by[-1].id if claim.checked_by else None
                add(Entry("figure", claim.id, n, _url(claim), facts, prose, FIGURE_FIELDS,
                          claim.status + (f" by {later}" if later else ""), later))
        for signal in issue.signals:
            add(Entry("verdict", signal.id, n, _url(signal), {"verdict": signal.facts.verdict, "topics": tuple(signal.facts.topics),
                                                              "items": tuple(signal.facts.items)}, _texts(signal, ("title", "body"))))
        for take in issue.quick_takes:
            add(Entry("quick take", take.id, n, _url(take), {"topics": tuple(take.facts.topics), "sources": tuple(
                shown(s.model_dump(exclude_defaults=True)) for s in take.facts.sources)}, _texts(take, ("text",))))
        for pick in issue.picks:
            add(Entry("pick", pick.id, n, _url(pick), {"kind": pick.facts.kind, "url": pick.facts.url,
                                                       "topics": tuple(pick.facts.topics)}, _texts(pick, ("title", "note"))))
        for entry in issue.watch:
            state = "open" if entry.is_open else f"resolved by {entry.resolved_by.id} ({entry.resolution.by})"
            add(Entry("watch entry", entry.id, n, _url(entry), {"topic": entry.facts.topic, "from": entry.facts.origin},
                      _texts(entry, ("title", "note")), state=state,
                      state_by=None if entry.is_open else entry.resolved_by.id))
    for topic in catalog.topics.values():
        files = (layout.TOPICS_FILE, *_files(topic.page))
        add(Entry("topic", topic.id, None, _url(topic), {"pins": tuple(topic.facts.pins), "aliases": topic.facts.aliases},
                  _texts(topic, ("title", "description"))))
    for entity in catalog.entities.values():
        f, files = entity.facts, (layout.ENTITIES_FILE, *_files(entity.page))
        add(Entry("entity", entity.id, None, _url(entity), {"name": f.name, "names": f.names, "kind": f.kind, "url": f.url,
                                                            "aliases": f.aliases}, _texts(entity, ("title", "description"))))
    return entries


def _files(page: str) -> list[str]:
    """The files of a page in every language, project-relative."""
    return [f"{layout.DOCS}/{layout.localized(page, lang)}" for lang in layout.LANGUAGES]


def _sources(catalog: Catalog, item) -> list:
    """The item's sources with their roles; an outlet a partial catalog lacks is named by its id."""
    return [(catalog.outlets.get(s.outlet) or _Named(s.outlet) if s.outlet else s, s.role) for s in item.facts.sources]


@dataclass(frozen=True)
class _Named:
    name: str
    url: None = None


def _each(text_of):
    """(language, text) for each language `text_of` answers (a partial catalog may lack one)."""
    for lang in layout.LANGUAGES:
        try:
            yield lang, text_of(lang)
        except (KeyError, AttributeError):
            continue


@dataclass
class Diff:
    """What the change does, each list in the archive's order (newest issue first, then topics and entities)."""

    published: set[int]  # the issues published at the base
    added: list[Entry] = field(default_factory=list)
    removed: list[Entry] = field(default_factory=list)
    renamed: list[tuple[Entry, Entry]] = field(default_factory=list)  # (at the base, now)
    changed: list[tuple[Entry, Entry, list[str]]] = field(default_factory=list)  # (base, now, fields that differ)
    states: list[tuple[Entry, Entry]] = field(default_factory=list)  # a figure's status, a watch entry's
    pages_added: list[tuple[str, list[str]]] = field(default_factory=list)  # (page URL, its languages)
    pages_removed: list[tuple[str, list[str]]] = field(default_factory=list)
    # entries on one side only, written in a file the other could not load cleanly (a partial catalog)
    uncompared: list[Entry] = field(default_factory=list)

    def record_edits(self) -> list[tuple[str, Entry, Entry | None, list[str]]]:
        """("changed" | "renamed" | "added" | "removed", entry, the entry now, record fields that differ) for every
        edit of a published issue's figures, dates, sources and ids: a field changed, an entry renamed or taken out
        (an issue too), an item or figure added."""
        edits = []
        for before, after, fields in self.changed:
            record = [name for name in fields if name in before.record and before.issue in self.published]
            if record:
                edits.append(("changed", before, after, record))
        edits += [("renamed", old, new, ["id"]) for old, new in self.renamed if old.issue in self.published]
        edits += [("added", e, None, []) for e in self.added if e.kind in ("item", "figure") and e.issue in self.published]
        edits += [("removed", e, None, []) for e in self.removed if e.issue in self.published]
        return edits


def compare(base: Catalog, head: Catalog) -> Diff:
    """What `head` changes of `base`."""
    before, after = snapshot(base), snapshot(head)
    diff = Diff(published={issue.number for issue in base.issues})
    gone = [entry for key, entry in before.items() if key not in after]
    new = [entry for key, entry in after.items() if key not in before]
    for old in list(gone):  # an entry of the same kind, in the same issue, with the same facts or prose: renamed
        twin = next((e for e in new if (e.kind, e.issue) == (old.kind, old.issue) and _same(old, e)), None)
        if twin is not None:
            diff.renamed.append((old, twin))
            gone.remove(old)
            new.remove(twin)
    # what one side could not load (a partial catalog, kb.content.loading) may be there all along: not compared
    troubled = {p.path for catalog in (base, head) for p in catalog.warnings if p.severity == "error"}
    diff.uncompared = [entry for entry in [*new, *gone] if troubled.intersection(entry.files)]
    diff.added = [entry for entry in new if entry not in diff.uncompared]
    diff.removed = [entry for entry in gone if entry not in diff.uncompared]
    unsure = {entry.id for entry in diff.uncompared}  # a state decided by one of them may be one side's gap
    for key, now in after.items():
        if key in before:
            fields = before[key].changed_fields(now)
            if fields:
                diff.changed.append((before[key], now, fields))
            if before[key].state != now.state:
                if unsure.intersection((before[key].state_by, now.state_by)):
                    diff.uncompared.append(now)
                else:
                    diff.states.append((before[key], now))
    diff.pages_added, diff.pages_removed = _pages(head, base), _pages(base, head)
    return diff


def _same(old: Entry, new: Entry) -> bool:
    """Whether `new` is `old` under another id: the same prose, or for an item, figure or pick (whose facts tell
    one from another, where a topic's may all be empty) the same facts, but the item a figure is under, which
    may have been renamed with it."""
    facts = lambda e: {k: v for k, v in e.facts.items() if k != "item"}  # noqa: E731
    return (bool(old.prose) and old.prose == new.prose) or (old.kind in ("item", "figure", "pick") and facts(old) == facts(new))


def _pages(catalog: Catalog, other: Catalog) -> list[tuple[str, list[str]]]:
    """The pages `catalog` publishes that `other` does not: (site-relative URL in the default language, the
    languages it is missing in `other`)."""
    theirs = set(built_pages(other))
    missing: dict[str, list[str]] = {}
    for built in built_pages(catalog):
        if built in theirs:
            continue
        lang = next((lang for lang in layout.LANGUAGES if layout.language_home(lang)
                     and built.startswith(layout.language_home(lang))), layout.DEFAULT_LANGUAGE)
        url = built.removeprefix(layout.language_home(lang)).removesuffix("index.html")
        missing.setdefault(url, []).append(lang)
    return sorted((url, sorted(langs, key=layout.LANGUAGES.index)) for url, langs in missing.items())
