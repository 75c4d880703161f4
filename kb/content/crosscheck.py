"""Cross-checks: every id registered once, every reference pointing at one.

Runs after each file has been validated on its own: these are the problems
that only show across files (a duplicate id in two issues, or two that look
alike, kb.base.names; a topic that is not in data/topics.yml, a watch entry
resolved twice). Names, aliases and titles are compared in kb.content.name_checks.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from kb.base.messages import msg
from kb.base.names import skeleton
from kb.base.problems import Problem
from kb.base.suggest import closest
from kb.content.reader import ContentReader, dotted
from kb.model.entries import Claim, Entity, Issue, Item, Topic, Unarchived, Watch
from kb.model.schema import Resolution
from kb.project import layout
from kb.project.sources import Document, read_yaml

if TYPE_CHECKING:
    from kb.model.catalog import Catalog


def register_targets(reader: ContentReader, issues: list[Issue], topics: dict[str, Topic],
                     entities: dict[str, Entity]) -> dict[str, object]:
    """Every id of the archive -> its entry; an id used twice is reported where the later one is written."""
    targets: dict[str, object] = {}
    origin: dict[str, str] = {}  # id -> where it is written (`path:line`, or the registry's file)
    shapes: dict[str, str] = {}  # skeleton (kb.base.names) -> the id first written so: `llama-1` and `llama-l` are one

    def register(target, doc_or_path, loc=()) -> None:
        found = target.id if isinstance(doc_or_path, Document) else None
        where = f"{doc_or_path.path}:{doc_or_path.line_holding(loc, target.id)}" if found else doc_or_path
        if target.id in targets:
            reader.problem(doc_or_path, loc, dotted(loc) or "id", msg("id-taken", id=target.id, where=origin[target.id]),
                           found=found)
            return
        targets[target.id], origin[target.id] = target, where
        other = shapes.setdefault(skeleton(target.id), target.id)
        if other != target.id:
            reader.problem(doc_or_path, loc, dotted(loc) or "id", msg("id-looks-taken", id=target.id, other=other,
                                                                         where=origin[other]), found=found)

    for topic in topics.values():
        register(topic, layout.TOPICS_FILE)
    for entity in entities.values():
        register(entity, layout.ENTITIES_FILE)
    for issue in reversed(issues):  # oldest first: the later duplicate is the one to rename
        doc = reader.document(issue.facts_file)
        register(issue, doc, ("number",))
        for thing in issue.entries:
            register(thing, doc, (thing.section, issue.index_of(thing), "id"))
        for index, item in enumerate(issue.items):
            for position, claim in enumerate(item.claims):
                register(claim, doc, ("items", index, "claims", position, "id"))
        for index, thing_id in enumerate(issue.facts.unarchived):
            register(Unarchived(thing_id, issue), doc, ("unarchived", index))
    return targets


ISSUE_ID = re.compile(r"issue-(\d+)")


def check_links(reader: ContentReader, catalog: Catalog, check_refs: bool) -> None:
    """Every topic, entity, outlet, item and watch entry named in facts exists; every ref in pages too."""
    for issue in catalog.issues:
        doc = reader.document(issue.facts_file)
        own = {t.id for t in (*issue.items, *issue.signals)}
        for thing in issue.entries:
            for topic in getattr(thing.facts, "topics", ()):
                if topic not in catalog.topics and not reader.may_hold(layout.TOPICS_FILE, topic):
                    loc = (thing.section, issue.index_of(thing), "topics")
                    reader.problem(doc, loc, dotted(loc), msg("unknown-topic", id=topic, file=layout.TOPICS_FILE), found=topic,
                                   suggestions=closest(topic, catalog.topics))
        for index, item in enumerate(issue.items):
            for position, source in enumerate(item.facts.sources):
                if source.outlet and source.outlet not in catalog.outlets and not reader.may_hold(layout.OUTLETS_FILE, source.outlet):
                    reader.problem(doc, ("items", index, "sources", position), f"items.{index}.sources.{position}",
                                   msg("unknown-outlet", id=source.outlet, file=layout.OUTLETS_FILE), found=source.outlet,
                                   suggestions=closest(source.outlet, catalog.outlets))
            for entity in item.facts.entities:
                if entity not in catalog.entities and not reader.may_hold(layout.ENTITIES_FILE, entity):
                    reader.problem(doc, ("items", index, "entities"), f"items.{index}.entities",
                                   msg("unknown-entity", id=entity, file=layout.ENTITIES_FILE), found=entity,
                                   suggestions=closest(entity, catalog.entities))

        for index, signal in enumerate(issue.signals):
            for item_id in signal.facts.items:
                if _perhaps_unreadable(reader, catalog.target(item_id)):
                    continue
                if not isinstance(catalog.target(item_id), Item):
                    reader.problem(doc, ("signals", index, "items"), f"signals.{index}.items", msg("not-an-item", id=item_id),
                                   found=item_id, suggestions=closest(item_id, (item.id for item in catalog.items)))
        for index, entry in enumerate(issue.watch):
            if entry.facts.topic not in catalog.topics and not reader.may_hold(layout.TOPICS_FILE, entry.facts.topic):
                reader.problem(doc, ("watch", index, "topic"), f"watch.{index}.topic",
                               msg("unknown-watch-topic", id=entry.facts.topic, file=layout.TOPICS_FILE),
                               found=entry.facts.topic, suggestions=closest(entry.facts.topic, catalog.topics))
            if entry.facts.origin not in own:
                reader.problem(doc, ("watch", index, "from"), f"watch.{index}.from",
                               msg("origin-not-in-issue", id=entry.facts.origin, number=issue.number),
                               found=entry.facts.origin, suggestions=closest(entry.facts.origin, own))

    watch_ids, claim_ids = [w.id for w in catalog.watch], [c.id for c in catalog.claims]
    # oldest first: of two resolutions of one entry, the later is the one reported, at its own line
    for issue in reversed(catalog.issues):
        for index, item in enumerate(issue.items):
            for position, resolution in enumerate(item.facts.resolves):
                _resolve(reader, reader.document(issue.facts_file), (index, position), item, resolution,
                         catalog.target(resolution.watch), watch_ids)

    # oldest first, so each claim's checks are too
    for issue in reversed(catalog.issues):
        for index, item in enumerate(issue.items):
            for position, claim in enumerate(item.claims):
                if claim.facts.checks:
                    _check(reader, reader.document(issue.facts_file), ("items", index, "claims", position, "checks"), claim, claim_ids,
                           catalog.target(claim.facts.checks.claim))

    # a withdrawn issue's pages are kept as written, not rendered: their refs lead nowhere and are not checked
    unread = {f"{layout.DOCS}/{layout.localized(i.page, lang)}" for i in catalog.issues if i.facts.withdrawn for lang in layout.LANGUAGES}
    for target_id, where in catalog.mentions.items():
        where = [m for m in where if m.path not in unread]
        if check_refs and where and target_id not in catalog.targets and not any(
                reader.may_hold(registry, target_id) for registry in (layout.TOPICS_FILE, layout.ENTITIES_FILE)):
            near = closest(target_id, catalog.targets)
            issue = ISSUE_ID.fullmatch(target_id)  # an issue the archive does not hold: say how to declare it
            said = msg("ref-unarchived-issue", number=int(issue.group(1)), id=target_id) if issue else msg("unknown-ref", id=target_id)
            for m in where:
                reader.problems.append(Problem(m.path, m.line, "ref", said, found=target_id, suggestions=[] if issue else near))


def check_pins(reader: ContentReader, catalog: Catalog) -> None:
    """A hub's pins are items of that topic."""
    doc, index_of = record_index(reader, catalog, layout.TOPICS_FILE)
    for topic in catalog.topics.values():
        index = index_of.get(topic.id)  # its place in the file, which holds refused records too
        for position, item_id in enumerate(topic.facts.pins):
            item = catalog.target(item_id)
            if _perhaps_unreadable(reader, item):
                continue
            if isinstance(item, Item) and any(t not in catalog.topics for t in item.facts.topics):
                continue  # its unknown topic is reported where the item is written
            if not isinstance(item, Item) or topic.id not in item.facts.topics:
                reader.problem(doc, (index, "pins", position), f"topics.{index}.pins.{position}",
                               msg("pin-not-of-topic", id=item_id, topic=topic.id), found=item_id,
                               suggestions=closest(item_id, (i.id for i in catalog.items_of_topic(topic.id))))


def record_index(reader: ContentReader, catalog: Catalog, registry: str) -> tuple[Document | None, dict[str, int]]:
    """A registry's document and the position of each of its records, by id (a refused id is reported itself)."""
    if not (catalog.root / registry).is_file():  # reported missing where it was read (kb.content.reader)
        return None, {}
    doc = reader.files.get(read_yaml, catalog.root / registry, catalog.root)[0]
    if doc is None or not isinstance(doc.data, list):
        return None, {}
    ids = ((entry.get("id") if isinstance(entry, dict) else entry, n) for n, entry in enumerate(doc.data))
    return doc, {record_id: n for record_id, n in ids if isinstance(record_id, str)}


def warn_repeated_sources(reader: ContentReader, catalog: Catalog) -> None:
    """A one-off source featured again in a later issue is probably old news (outlets recur by design)."""
    first: dict[str, Item] = {}
    for issue in reversed(catalog.issues):
        for index, item in enumerate(issue.items):
            for position, source in enumerate(item.facts.sources):
                if not source.url:
                    continue
                earlier = first.setdefault(source.url, item)
                if earlier.issue is not issue:
                    reader.problem(reader.document(issue.facts_file), ("items", index, "sources", position, "url"),
                                   f"items.{index}.sources.{position}.url",
                                   msg("source-featured-before", url=source.url, number=earlier.issue.number, id=earlier.id),
                                   severity="warning", found=source.url)


def _perhaps_unreadable(reader: ContentReader, target) -> bool:
    """Whether a reference found nothing because it may name something in a file that could not be read at all:
    that file's problem is the one reported."""
    return target is None and reader.unreadable


def _resolve(reader: ContentReader, doc: Document, where: tuple[int, int], item: Item, resolution: Resolution, entry,
             watch_ids: list[str]) -> None:
    index, position = where
    loc, field_name = ("items", index, "resolves", position), f"items.{index}.resolves.{position}"
    watch_id = resolution.watch
    if _perhaps_unreadable(reader, entry):
        return
    if not isinstance(entry, Watch):
        reader.problem(doc, loc, field_name, msg("not-a-watch-entry", id=watch_id), found=watch_id,
                       suggestions=closest(watch_id, watch_ids))
    elif entry.issue is item.issue:
        reader.problem(doc, loc, field_name, msg("resolved-in-same-issue", id=watch_id), found=watch_id)
    elif entry.issue.facts.published >= item.published:
        reader.problem(doc, loc, field_name, msg("resolved-before-opened", id=watch_id), found=watch_id)
    elif entry.resolved_by is not None:
        reader.problem(doc, loc, field_name, msg("resolved-twice", id=watch_id, by=entry.resolved_by.id,
                                                 number=entry.resolved_by.issue.number), found=watch_id)
    else:
        entry.resolved_by, entry.resolution = item, resolution


def _check(reader: ContentReader, doc: Document, loc: tuple, claim: Claim, claim_ids: list[str], earlier) -> None:
    field_name, earlier_id = dotted(loc) + ".claim", claim.facts.checks.claim
    if _perhaps_unreadable(reader, earlier):
        return
    if not isinstance(earlier, Claim):
        reader.problem(doc, loc + ("claim",), field_name, msg("not-a-claim", id=earlier_id), found=earlier_id,
                       suggestions=closest(earlier_id, claim_ids))
    elif earlier.issue is claim.issue:
        reader.problem(doc, loc + ("claim",), field_name, msg("checks-same-issue", id=earlier_id), found=earlier_id)
    elif earlier.published >= claim.published:
        reader.problem(doc, loc + ("claim",), field_name,
                       msg("checks-later-figure", id=earlier_id, number=earlier.issue.number), found=earlier_id)
    elif earlier.facts.metric != claim.facts.metric:
        reader.problem(doc, loc, dotted(loc), msg("checks-other-metric", id=earlier_id, earlier=earlier.facts.metric,
                                                  metric=claim.facts.metric), found=earlier_id)
    else:
        claim.checked = earlier
        earlier.checked_by.append(claim)
