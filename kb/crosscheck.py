"""Cross-checks: every id registered once, every reference pointing at one.

Runs after each file has been validated on its own: these are the problems
that only show across files (a duplicate id in two issues, a topic that is
not in data/topics.yml, a watch entry resolved twice).
"""
from __future__ import annotations

import re

from typing import TYPE_CHECKING

from . import layout
from .entries import Claim, Entity, Issue, Item, Topic, Unarchived, Watch
from .model import ALL_LANGUAGES, Resolution, TermFacts
from .messages import msg
from .problems import Problem
from .reader import ContentReader, dotted
from .search_text import as_typed, name_key
from .sources import Document, read_yaml
from .suggest import closest

if TYPE_CHECKING:
    from .catalog import Catalog


def register_targets(reader: ContentReader, issues: list[Issue], topics: dict[str, Topic],
                     entities: dict[str, Entity]) -> dict[str, object]:
    """Every id of the archive -> its entry; an id used twice is reported where the later one is written."""
    targets: dict[str, object] = {}
    origin: dict[str, str] = {}

    def register(target, doc_or_path, loc=()) -> None:
        where = doc_or_path.path if isinstance(doc_or_path, Document) else doc_or_path
        if target.id in targets:
            reader.problem(doc_or_path, loc, dotted(loc) or "id", msg("id-taken", id=target.id, where=origin[target.id]),
                           found=target.id if isinstance(doc_or_path, Document) else None)
        else:
            targets[target.id], origin[target.id] = target, where

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
    doc, index_of = _record_index(reader, catalog, layout.TOPICS_FILE)
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


def _names(thing) -> dict[str, str]:
    """Language -> the name of an entity, topic or term (a topic whose page could not be read has none: said)."""
    if isinstance(thing, TermFacts):
        return dict(thing.written)
    return {lang: thing.title(lang) for lang in layout.LANGUAGES
            if isinstance(thing, Entity) or lang in thing.texts or layout.DEFAULT_LANGUAGE in thing.texts}


def _record_index(reader: ContentReader, catalog: Catalog, registry: str) -> tuple[Document | None, dict[str, int]]:
    """A registry's document and the position of each of its records, by id (a refused id is reported itself)."""
    if not (catalog.root / registry).is_file():  # reported missing where it was read (kb.reader)
        return None, {}
    doc = reader.files.get(read_yaml, catalog.root / registry, catalog.root)[0]
    if doc is None or not isinstance(doc.data, list):
        return None, {}
    ids = ((entry.get("id") if isinstance(entry, dict) else entry, n) for n, entry in enumerate(doc.data))
    return doc, {record_id: n for record_id, n in ids if isinstance(record_id, str)}


def check_names(reader: ContentReader, catalog: Catalog) -> None:
    """Two entities, two topics or two terms never share a name in one language: search would show one facet
    chip for both, and a reader could not tell their pages apart. Compared as search reads them (name_key);
    the later one is reported, where its name is written."""
    for registry, things in ((layout.ENTITIES_FILE, catalog.entities), (layout.TOPICS_FILE, catalog.topics),
                             (layout.TERMS_FILE, catalog.terms)):
        doc, index = _record_index(reader, catalog, registry)
        first: dict[tuple[str, str], str] = {}  # (language, name_key) -> the id it names
        for thing in things.values():
            said = set()  # an entity's name, written once for every language: said once
            for lang, name in _names(thing).items():
                owner = first.setdefault((lang, name_key(name)), thing.id)
                if owner == thing.id or name in said:
                    continue
                said.add(name)
                message = msg("name-taken", name=name, owner=owner)
                if isinstance(thing, Topic):  # its name is its page's title
                    page = reader.pages.get(thing.page, {}).get(lang) or reader.pages[thing.page][layout.DEFAULT_LANGUAGE]
                    reader.problem(page.meta, ("title",), "title", message, found=name)
                elif doc is not None and thing.id in index:
                    loc = ((index[thing.id], "names", lang) if isinstance(thing, Entity) and lang in thing.facts.names
                           else (index[thing.id], "name") if isinstance(thing, Entity) else (index[thing.id], "written", lang))
                    reader.problem(doc, loc, dotted(loc), message, found=name)
    for entity in catalog.entities.values():  # a page titled by the name a language does not write: left over?
        for lang, name in entity.facts.names.items():
            page = reader.pages.get(entity.page, {}).get(lang)
            if page is not None and lang in entity.texts and entity.texts[lang].title == entity.facts.name:
                reader.problem(page.meta, ("title",), "title", msg("entity-title-not-name", title=entity.facts.name,
                               registry=layout.ENTITIES_FILE, entity=entity.id, name=name, lang=lang),
                               severity="warning", found=entity.facts.name)


def _aliases(thing) -> dict[str, list[str]]:
    return thing.aliases if isinstance(thing, TermFacts) else thing.facts.aliases


def check_aliases(reader: ContentReader, catalog: Catalog) -> None:
    """An alias names one thing, and is not its name already, nor another of its aliases: search would find the
    wrong page or term, or nothing new (and the synonyms map of kb-search.js keeps one of two equal aliases).
    Names are compared as search reads them (kb.search_text.name_key: NFKC, any case), so a full-width
    `ｓｐｅｃｕｌａｔｉｖｅ sampling` is the alias `speculative sampling`."""
    registries = ((layout.ENTITIES_FILE, catalog.entities), (layout.TOPICS_FILE, catalog.topics),
                  (layout.TERMS_FILE, catalog.terms))
    named: dict[tuple[str, str], str] = {}  # (language, name_key) -> the id it names
    titles = {}  # (id, language) -> the name_keys of its names
    for _, things in registries:
        for thing in things.values():
            for lang, name in _names(thing).items():
                # an entity is also searched by its name where a language writes another (Entity.aliases)
                also = [thing.facts.name] if isinstance(thing, Entity) else []
                titles[thing.id, lang] = {name_key(n) for n in (name, *also)}
                for key in titles[thing.id, lang]:
                    named.setdefault((lang, key), thing.id)
    for registry, things in registries:
        doc, index = _record_index(reader, catalog, registry)
        if doc is None:
            continue
        for thing in things.values():
            own: set[tuple[str, str]] = set()  # (language, name_key) of the aliases of `thing` so far
            for language, aliases in _aliases(thing).items():
                langs = layout.LANGUAGES if language == ALL_LANGUAGES else (language,)
                for position, alias in enumerate(aliases):
                    loc, key = (index[thing.id], "aliases", language, position), name_key(alias)
                    # said where the search reads it as other characters (full width, ligatures), not only another case
                    read_as = msg("read-as", typed=as_typed(alias)) if as_typed(alias) != alias.lower() else ""
                    owners = {named.setdefault((lang, key), thing.id) for lang in langs} - {thing.id}
                    if owners:
                        reader.problem(doc, loc, dotted(loc), msg("alias-taken", alias=alias, read_as=read_as,
                                                                  owner=min(owners)), found=alias)
                    elif any(key in titles.get((thing.id, lang), ()) for lang in langs):
                        reader.problem(doc, loc, dotted(loc), msg("alias-is-name", alias=alias, read_as=read_as), found=alias)
                    elif any((lang, key) in own for lang in langs):
                        reader.problem(doc, loc, dotted(loc), msg("alias-repeated", alias=alias, read_as=read_as), found=alias)
                    own.update((lang, key) for lang in langs)


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
