"""Load the content tree into a catalog: read, validate, assemble, cross-check.

`load_catalog(root)` reads everything afresh; kb.content.catalog_cache keeps the last catalog for a process that
loads again and again (the site plugin: one build per language, and `mkdocs serve` after each edit).
"""
from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Callable
from datetime import timedelta
from functools import partial
from pathlib import Path

from kb.base.forked import in_halves
from kb.base.messages import msg
from kb.base.problems import ContentError
from kb.base.suggest import closest
from kb.content.archive_order import check_archive_order, check_repeated_references
from kb.content.built_paths import check_built_paths
from kb.content.crosscheck import check_links, check_pins, register_targets, warn_repeated_sources
from kb.content.figure_check import check_figures
from kb.content.figure_context import check_figure_context
from kb.content.files import content_file_problems
from kb.content.name_checks import check_aliases, check_link_texts, check_names, check_scripts, check_titles
from kb.content.page_memo import PageMemo, appended, page_texts
from kb.content.published import check_formerly, check_withdrawn
from kb.content.reader import ContentReader, dotted
from kb.content.ref_checks import check_ref_wording
from kb.content.report import locate
from kb.content.typography import typography_problems
from kb.markup.refs import find_refs
from kb.model.catalog import Catalog
from kb.model.entries import Claim, Entity, Issue, Item, Mention, Pick, QuickTake, Signal, Topic, Watch
from kb.model.schema import EntityFacts, IssueFacts, IssueText, Outlet, PageMeta, TermFacts, TopicFacts
from kb.project import layout
from kb.project.sources import Document, FileCache

MAX_PUBLISH_DELAY = timedelta(days=7)  # an issue goes out within a week of its period


# Entries the shared cache keeps: far more than the files of both trees of a `kb check --base` at twice the
# bench's largest archive, so they never crowd each other out.
SHARED_PARSES = 20_000


def load_catalog(root: Path | str, partial: bool = False, files: FileCache | None = None) -> Catalog:
    """Read data/ and docs/ under `root`; raise ContentError listing every error.

    Warnings (things to look at, not to stop for) are kept in `catalog.warnings`. `partial`: return what could be read
    despite errors, every problem then in `catalog.warnings` (kb diff compares a broken base as far as it loads; nothing
    is built from it). A folder holding a file of another kind or a link still raises. `files`: parses to reuse and
    keep (shared_parses); by default each load parses afresh and keeps nothing."""
    return read_catalog(Path(root), FileCache() if files is None else files, partial=partial)


@functools.cache
def shared_parses() -> FileCache:
    """The parses of this process's checks and comparisons (kb check, kb diff), kept from one load to the next:
    a pull request's base and head share most of their files, and each such file is parsed once. The site's
    build keeps its own (kb.content.catalog_cache)."""
    return FileCache(limit=SHARED_PARSES)


def read_catalog(root: Path, files: FileCache, split: bool = False, partial: bool = False,
                 made: Callable[[Catalog], None] | None = None, memo: PageMemo | None = None) -> Catalog:
    """The catalog of `root`, with `files` reused where unchanged (kb.content.catalog_cache); `split`: the files are parsed
    in two processes (kb.base.forked), for a caller with no other thread; `partial`: see load_catalog. `made` is given
    the catalog as soon as it is whole and without error, before the last checks of the whole archive, which only read
    it and may still refuse it: a build starts work beside them that the catalog alone decides
    (mkdocs_kb/emails_and_cards.py). `memo`: what the checks found on a page is kept there for the next load, and
    reused where the page and what it reads did not change (kb.content.page_memo)."""
    refused = content_file_problems(root)
    if refused:  # nothing is read from a folder that holds a link or a file of another kind
        raise ContentError(refused)
    reader = ContentReader(root, files)
    if split:
        reader.prefetch()
    reader.read_pages()
    reader.read_snippets()
    topics = _load_topics(reader)
    entities = {e.id: Entity(e, reader.prose(PageMeta, layout.entity_page(e.id), msg("entity-named", id=e.id))[0])
                for e in _load_registry(reader, layout.ENTITIES_FILE, EntityFacts)}
    _no_stray_pages(reader, layout.ENTITIES_DIR, entities, layout.ENTITIES_FILE)
    outlets = {o.id: o for o in _load_registry(reader, layout.OUTLETS_FILE, Outlet)}
    terms = {t.id: t for t in _load_registry(reader, layout.TERMS_FILE, TermFacts)}
    issues = _load_issues(reader, topics, memo, split)
    _check_other_pages(reader)
    page_titles, mentions = _scan_pages(reader)
    targets = register_targets(reader, issues, topics, entities)
    catalog = Catalog(root, issues, topics, entities, outlets, page_titles, mentions, targets, terms=terms)
    check_built_paths(reader, catalog)
    # Cross-checks run even after other problems, so a contributor sees them all;
    # only references are left unchecked when a whole file could not be read.
    check_links(reader, catalog, check_refs=not reader.unreadable)
    check_formerly(reader, catalog)
    check_pins(reader, catalog)
    check_names(reader, catalog)
    check_aliases(reader, catalog)
    check_titles(reader, catalog)
    check_scripts(reader, catalog)
    check_link_texts(reader, catalog)
    if not reader.unreadable:  # an unread issue would read as a gap in the numbers
        check_archive_order(reader, catalog)
    check_repeated_references(reader, catalog)
    if made is not None and not any(p.severity == "error" for p in reader.problems):
        made(catalog)  # whole: the checks above wire resolutions and later figures' checks into it; those below read
    check_ref_wording(reader, catalog, memo)
    check_figure_context(reader, catalog, memo)
    warn_repeated_sources(reader, catalog)
    if not reader.unreadable:
        reader.problems += typography_problems(reader, catalog, split, memo)
    if any(p.severity == "error" for p in reader.problems) and not partial:
        raise ContentError(locate(reader.problems, root))
    catalog.warnings.extend(locate(reader.problems, root) if partial else reader.problems)  # only warnings, unless partial
    return catalog


def _load_topics(reader: ContentReader) -> dict[str, Topic]:
    doc = reader.yaml_file(layout.TOPICS_FILE)
    if doc is None:
        reader.refuse(layout.TOPICS_FILE, whole=True)
        return {}
    if not isinstance(doc.data, list):
        reader.problem(doc, (), "topics", msg("topics-not-a-list"))
        reader.refuse(layout.TOPICS_FILE, whole=True)
        return {}
    topics = {}
    for index, raw in enumerate(doc.data):  # one by one: a mistake in one topic leaves the others known
        facts = reader.validate(TopicFacts, doc, raw, (index,))  # ids become file names, URLs, anchors: slugs only
        if facts is None:
            reader.refuse(layout.TOPICS_FILE, raw)
            continue
        if facts.id in topics:
            reader.problem(doc, (index,), f"topics.{index}", msg("listed-twice", id=facts.id), found=facts.id)
            continue
        if _names_a_list(reader, doc, (index,), f"topics.{index}", facts.id, layout.topic_page(facts.id)):
            reader.refuse(layout.TOPICS_FILE, raw)
            continue
        texts, _ = reader.prose(PageMeta, layout.topic_page(facts.id), msg("topic-named", id=facts.id))
        topics[facts.id] = Topic(facts, texts)
    _no_stray_pages(reader, layout.TOPICS_DIR, topics, layout.TOPICS_FILE)
    return topics


def _load_registry(reader: ContentReader, rel: str, model) -> list:
    """A YAML list of records with unique ids (entities, outlets, terms)."""
    doc = reader.yaml_file(rel)
    if doc is None:
        reader.refuse(rel, whole=True)
        return []
    if not isinstance(doc.data, list):
        reader.problem(doc, (), "(top level)", msg("records-not-a-list"))
        reader.refuse(rel, whole=True)
        return []
    records = {}
    for index, raw in enumerate(doc.data):
        record = reader.validate(model, doc, raw, (index,))
        if record is None:
            reader.refuse(rel, raw)
            continue
        if record.id in records:
            reader.problem(doc, (index, "id"), f"{index}.id", msg("defined-twice", id=record.id), found=record.id)
            continue
        if rel == layout.ENTITIES_FILE and _names_a_list(reader, doc, (index, "id"), f"{index}.id", record.id,
                                                         layout.entity_page(record.id)):
            reader.refuse(rel, raw)
            continue
        records[record.id] = record
    return list(records.values())


LIST_PAGES = {layout.TOPICS_INDEX: msg("topics-own-list"), layout.ENTITIES_INDEX: msg("entities-own-list")}


def _names_a_list(reader: ContentReader, doc: Document, loc, field_name: str, record_id: str, page: str) -> bool:
    """Whether a record's page would be its folder's list of records (a topic `index`); said at `loc` if so."""
    if page in LIST_PAGES:
        reader.problem(doc, loc, field_name, msg("id-of-a-list-page", id=record_id, what=LIST_PAGES[page],
                                                 page=f"{layout.DOCS}/{page}"), found=record_id)
    return page in LIST_PAGES


def _no_stray_pages(reader: ContentReader, folder: str, known: dict, registry: str) -> None:
    """A hub or entity page whose id is not registered would never be listed: say so."""
    for key, versions in reader.pages.items():
        page_id = key.removeprefix(folder + "/").removesuffix(".md")
        if (key.startswith(folder + "/") and "/" not in page_id and page_id != "index" and page_id not in known
                and not reader.may_hold(registry, page_id)):
            for page in versions.values():
                reader.problem(page.path, None, "page", msg("page-not-listed", id=page_id, registry=registry))


def _check_other_pages(reader: ContentReader) -> None:
    """Pages that are not an issue, hub or entity still need a title and a description."""
    issue_pages = re.compile(rf"^{re.escape(layout.ISSUES_DIR)}/\d+\.md$")
    for key, versions in reader.pages.items():
        if key in reader.claimed:
            continue
        for page in versions.values():
            if issue_pages.match(key):
                reader.problem(page.path, None, "page", msg("issue-page-without-facts",
                                                            file=f"{layout.ISSUES_DATA}/{key.split('/')[-1][:-3]}.yml"))
            else:
                reader.validate(PageMeta, page.meta)


def _load_issues(reader: ContentReader, topics: dict, memo: PageMemo | None = None, split: bool = False) -> list[Issue]:
    """Every issue, its facts and pages checked; `split`: the check of each issue's numbers against its figures,
    which reads no other issue, done for every other issue in a forked copy (kb.base.forked)."""
    issues = []
    figure_checks = []
    for path in sorted((reader.root / layout.ISSUES_DATA).glob("*.yml")):
        doc = reader.yaml_file(path.relative_to(reader.root).as_posix())
        facts = reader.validate(IssueFacts, doc) if doc else None
        if facts is None:
            reader.unreadable = True
            # still check its pages on their own, so every problem shows at once
            reader.prose(IssueText, f"{layout.ISSUES_DIR}/{path.stem}.md", msg("issue-n", number=path.stem.lstrip("0") or "0"))
            continue
        if path.stem != layout.issue_stem(facts.number):
            reader.problem(doc, ("number",), "number", msg("issue-in-wrong-file", number=facts.number,
                                                           file=f"{layout.ISSUES_DATA}/{layout.issue_stem(facts.number)}.yml"),
                           found=str(facts.number))
            reader.unreadable = True
            continue
        _check_dates(reader, doc, facts)
        texts, prose_docs = reader.prose(IssueText, layout.issue_page(facts.number), msg("issue-n", number=facts.number))
        for lang, text in texts.items():
            _check_prose_matches_facts(reader, prose_docs[lang], facts, text)
        if memo is None:
            figure_checks.append((doc, facts, texts, prose_docs))
        else:  # what it finds depends on the issue's facts and pages alone
            memo.replay("figures", doc.path, (doc.text, page_texts(reader, layout.issue_page(facts.number))),
                        reader.problems, partial(check_figures, reader, doc, facts, texts, prose_docs))
        issue = _issue(facts, texts, doc)
        check_withdrawn(reader, issue, prose_docs)
        _check_page_anchors(reader, issue, topics)
        issues.append(issue)
    for found in in_halves(figure_checks, lambda job: appended(reader.problems, partial(check_figures, reader, *job)),
                           split):
        reader.problems += found
    issues.sort(key=lambda i: (i.facts.published, i.number), reverse=True)
    return issues


def _issue(facts: IssueFacts, texts: dict[str, IssueText], doc: Document) -> Issue:
    issue = Issue(facts, texts, doc.path)
    if facts.withdrawn:  # its records stay in its files; nothing of it is listed, linked or announced (kb.content.published)
        return issue
    issue.items = [Item(issue, f) for f in facts.items]
    for item in issue.items:
        item.claims = [Claim(issue, f, item) for f in item.facts.claims]
    issue.signals = [Signal(issue, f) for f in facts.signals]
    issue.quick_takes = [QuickTake(issue, f) for f in facts.quick_takes]
    issue.picks = [Pick(issue, f) for f in facts.picks]
    issue.watch = [Watch(issue, f) for f in facts.watch]
    return issue


# each section of an issue's facts, as a message names one
ENTRY_NAMES = {"items": msg("noun-item"), "signals": msg("noun-signal"), "quick_takes": msg("noun-quick-take"),
               "picks": msg("noun-pick"), "watch": msg("noun-watch-entry"), "claims": msg("noun-figure")}


def _check_page_anchors(reader: ContentReader, issue: Issue, topics: dict) -> None:
    """Every id the issue page writes is written once: no entry's anchor may repeat a section's (kb.render.issue_page)
    or another entry's, as item `featured` or item `watch-x` beside watch entry `x` would. Nor may a watch entry's id
    repeat a topic's heading on the watch record pages (kb.render.records)."""
    for index, entry in enumerate(issue.watch):
        topic = next((t for t in topics if layout.TOPIC_WATCH_ANCHOR.format(t) == entry.id), None)
        if topic:
            loc = ("watch", index, "id")
            reader.problem(reader.document(issue.facts_file), loc, dotted(loc),
                           msg("watch-id-is-a-heading", id=entry.id, topic=topic), found=entry.id)
    taken = {anchor: msg("anchor-of-section", anchor=anchor) for anchor in layout.SECTION_ANCHORS.values()}
    anchored = [(layout.WATCH_ANCHOR.format(w.id), w, ("watch", index, "id")) for index, w in enumerate(issue.watch)]
    anchored += [(thing.id, thing, (thing.section, issue.index_of(thing), "id")) for thing in issue.entries
                 if thing.section != "watch"]
    anchored += [(claim.id, claim, ("items", index, "claims", position, "id"))
                 for index, item in enumerate(issue.items) for position, claim in enumerate(item.claims)]
    for anchor, thing, loc in anchored:
        if anchor in taken:
            reader.problem(reader.document(issue.facts_file), loc, dotted(loc),
                           msg("anchor-taken", id=thing.id, anchor=anchor, taken=taken[anchor]), found=thing.id)
        else:
            taken[anchor] = msg("anchor-of-entry", noun=ENTRY_NAMES[thing.section], id=thing.id)


def _check_dates(reader: ContentReader, doc: Document, facts: IssueFacts) -> None:
    start, end, published = facts.period.start, facts.period.end, facts.published
    if start > end:
        reader.problem(doc, ("period", "start"), "period.start", msg("period-reversed"))
    elif not end <= published <= end + MAX_PUBLISH_DELAY:
        reader.problem(doc, ("published",), "published", msg("published-outside-period", published=published, end=end))


def _check_prose_matches_facts(reader: ContentReader, doc: Document, facts: IssueFacts, text: IssueText) -> None:
    """Each language page must carry prose for exactly the facts of its issue."""
    for section, ids in (
        ("items", [i.id for i in facts.items]),
        ("signals", [s.id for s in facts.signals]),
        ("quick_takes", [q.id for q in facts.quick_takes]), ("picks", [p.id for p in facts.picks]),
        ("watch", [w.id for w in facts.watch]), ("unarchived", list(facts.unarchived)),
        ("claims", [claim.id for item in facts.items for claim in item.claims]),
        ("resolutions", [resolution.watch for item in facts.items for resolution in item.resolves]),
        ("checks", [claim.id for item in facts.items for claim in item.claims if claim.checks]),
    ):
        written = getattr(text, section)
        for missing in [i for i in ids if i not in written]:
            reader.problem(doc, (section,), f"{section}.{missing}", msg("prose-missing", id=missing, section=section),
                           found=section)
        for unknown in [i for i in written if i not in ids]:
            reader.problem(doc, (section, unknown), f"{section}.{unknown}",
                           msg("prose-without-facts", file=f"{layout.ISSUES_DATA}/{layout.issue_stem(facts.number)}.yml"),
                           found=unknown, suggestions=closest(unknown, [i for i in ids if i not in written]))


def _scan_pages(reader: ContentReader) -> tuple[dict, dict]:
    """Titles of every page, and every `ref` written anywhere in docs/."""
    titles: dict[str, dict[str, str]] = defaultdict(dict)
    mentions: dict[str, list[Mention]] = defaultdict(list)
    for key, versions in sorted(reader.pages.items()):
        for lang, page in versions.items():
            title = page.meta.data.get("title")
            titles[key][lang] = str(title) if title else _first_heading(page.body) or key
            for target_id, line in find_refs(page.text):
                mentions[target_id].append(Mention(key, page.path, line))
    return dict(titles), dict(mentions)


def _first_heading(body: str) -> str | None:
    for line in body.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return None
