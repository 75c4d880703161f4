"""Load the content tree into a validated, queryable catalog."""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import ClassVar
from datetime import timedelta
from pathlib import Path
from stat import S_ISREG

from pydantic import BaseModel, ValidationError

from . import layout
from .model import (
    ClaimFacts, EntityFacts, IssueFacts, IssueText, ItemFacts, Outlet, PageMeta, PickFacts, QuickTakeFacts, SignalFacts,
    Source, WatchFacts,
)
from .problems import ContentError, Problem
from .refs import expand_refs, find_refs
from .sources import Document, MarkdownPage, cached, read_markdown, read_yaml
from .safety import check_markup
from .templates import check_template

MAX_PUBLISH_DELAY = timedelta(days=7)  # an issue goes out within a week of its period


class _Localized:
    """Something whose prose exists per language, falling back to the default."""

    texts: dict

    def text(self, lang: str):
        return self.texts.get(lang) or self.texts[layout.DEFAULT_LANGUAGE]


@dataclass(eq=False)
class Issue(_Localized):
    facts: IssueFacts
    texts: dict[str, IssueText]
    items: list[Item] = field(default_factory=list)
    signals: list[Signal] = field(default_factory=list)
    quick_takes: list[QuickTake] = field(default_factory=list)
    picks: list[Pick] = field(default_factory=list)
    watch: list[Watch] = field(default_factory=list)

    @property
    def number(self) -> int:
        return self.facts.number

    @property
    def id(self) -> str:
        return layout.issue_id(self.number)

    @property
    def page(self) -> str:
        return layout.issue_page(self.number)

    anchor = None

    def title(self, lang: str) -> str:
        return self.text(lang).title

    @property
    def entries(self) -> list:
        """Everything written in the issue that has an id of its own."""
        return [*self.items, *self.signals, *self.quick_takes, *self.picks, *self.watch]

    def index_of(self, entry) -> int:
        return getattr(self, entry.section).index(entry)


@dataclass(eq=False)
class _InIssue:
    """Something written in an issue: facts in data/, prose under `section` of its pages."""

    issue: Issue
    section: ClassVar[str]

    @property
    def id(self) -> str:
        return self.facts.id

    @property
    def published(self):
        return self.issue.facts.published

    @property
    def page(self) -> str:
        return self.issue.page

    @property
    def anchor(self) -> str:
        return self.id

    def text(self, lang: str):
        return getattr(self.issue.text(lang), self.section)[self.id]

    def title(self, lang: str) -> str:
        text = self.text(lang)
        return text if isinstance(text, str) else text.title


@dataclass(eq=False)
class Item(_InIssue):
    facts: ItemFacts
    claims: list[Claim] = field(default_factory=list)
    section = "items"


@dataclass(eq=False)
class Claim(_InIssue):
    """A figure an item reports; its text (what was measured) is under `claims` of the issue's pages."""

    facts: ClaimFacts
    item: Item | None = None
    section = "claims"

    @property
    def topics(self) -> list[str]:
        return self.item.facts.topics


@dataclass(eq=False)
class Signal(_InIssue):
    facts: SignalFacts
    section = "signals"


@dataclass(eq=False)
class QuickTake(_InIssue):
    facts: QuickTakeFacts
    section = "quick_takes"


@dataclass(eq=False)
class Pick(_InIssue):
    facts: PickFacts
    section = "picks"


@dataclass(eq=False)
class Watch(_InIssue):
    facts: WatchFacts
    resolved_by: Item | None = None
    section = "watch"
    page = layout.WATCH_PAGE

    @property
    def is_open(self) -> bool:
        return self.resolved_by is None


@dataclass(eq=False)
class Topic(_Localized):
    id: str
    texts: dict[str, PageMeta]
    kind = "topic"
    anchor = None

    @property
    def page(self) -> str:
        return layout.topic_page(self.id)

    def title(self, lang: str) -> str:
        return self.text(lang).title


@dataclass(eq=False)
class Entity(_Localized):
    facts: EntityFacts
    texts: dict[str, PageMeta]
    kind = "entity"
    anchor = None

    @property
    def id(self) -> str:
        return self.facts.id

    @property
    def page(self) -> str:
        return layout.entity_page(self.id)

    def title(self, lang: str) -> str:
        return self.facts.name


@dataclass(eq=False)
class Unarchived:
    """A thing from an issue that is not in the archive: text only, never a link."""

    id: str
    issue: Issue
    kind = "unarchived"
    page = None
    anchor = None

    def title(self, lang: str) -> str:
        return self.issue.text(lang).unarchived[self.id]


@dataclass(frozen=True)
class Mention:
    page: str  # docs-relative path of the mentioning page, language suffix removed
    path: str  # the file it is written in
    line: int


@dataclass
class Catalog:
    root: Path
    issues: list[Issue]  # newest first
    topics: dict[str, Topic]
    entities: dict[str, Entity]
    outlets: dict[str, Outlet]
    page_titles: dict[str, dict[str, str]]  # page -> language -> title
    mentions: dict[str, list[Mention]]  # target id -> where it is referenced
    targets: dict[str, object] = field(default_factory=dict)
    warnings: list[Problem] = field(default_factory=list)
    _related: object = field(default=None, repr=False)

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

    def issue_by_page(self, page: str) -> Issue | None:
        if not hasattr(self, "_issue_pages"):
            self._issue_pages = {issue.page: issue for issue in self.issues}
        return self._issue_pages.get(page)

    def page_title(self, page: str, lang: str) -> str:
        titles = self.page_titles.get(page, {})
        return titles.get(lang) or titles.get(layout.DEFAULT_LANGUAGE) or page

    # ---- queries (all newest first) ---------------------------------------

    def items_of_topic(self, topic: str) -> list[Item]:
        return [item for item in self.items if topic in item.facts.topics]

    def signals_of_topic(self, topic: str) -> list[Signal]:
        return [signal for signal in self.signals if topic in signal.facts.topics]

    def watch_of_topic(self, topic: str, *, open_only: bool) -> list[Watch]:
        return [w for w in self.watch if w.facts.topic == topic and (w.is_open or not open_only)]

    def items_of_entity(self, entity: str) -> list[Item]:
        return [item for item in self.items if entity in item.facts.entities]

    def open_watch(self) -> list[Watch]:
        return [w for w in self.watch if w.is_open]

    def resolved_watch(self) -> list[Watch]:
        return [w for w in self.watch if not w.is_open]

    def plain_text(self, text: str, lang: str) -> str:
        """Prose with each ref written out as its title (or its own text): for feeds and data, not pages."""
        def title(target_id: str, label: str | None) -> str:
            target = self.target(target_id)
            return label or (target.title(lang) if target is not None else target_id)
        return expand_refs(text.strip(), title, lambda rest: rest)

    def related(self, item: Item) -> list[Item]:
        """Items of other issues that share the most topics and entities with `item` (kb.related)."""
        if self._related is None:
            from .related import RelatedItems  # numpy: loaded only when a page shows related items
            self._related = RelatedItems(self)
        return self._related.of(item)

    def mentioned_in(self, target_id: str, *, besides: str | None = None) -> list[str]:
        """Pages that reference the target, once each, other than `besides`."""
        pages = dict.fromkeys(m.page for m in self.mentions.get(target_id, []) if m.page != besides)
        return list(pages)


# ---- loading ----------------------------------------------------------------

PLACEHOLDER = "TODO"  # what `kb new` writes where a contributor must write something


class _Loader:
    def __init__(self, root: Path):
        self.root = root
        self.problems: list[Problem] = []
        self.unreadable = False  # a file whose facts could not be loaded at all
        self.pages: dict[str, dict[str, MarkdownPage]] = defaultdict(dict)  # page -> language -> page
        self.claimed: set[str] = set()  # pages read as the prose of an issue, topic or entity

    def problem(self, doc_or_path, loc, field_name: str, message: str, severity: str = "error") -> None:
        if isinstance(doc_or_path, Document):
            where = (doc_or_path.path, doc_or_path.line_of(loc))
        else:
            where = (doc_or_path, None)
        self.problems.append(Problem(*where, field_name, message, severity))

    def validate(self, model: type[BaseModel], doc: Document, data=None, loc=()):
        """The model built from `data` (part of `doc` at `loc`), or None with each schema error reported at its line."""
        key = (model, loc)
        if key not in doc.validated:  # models are frozen: one may serve every catalog read from this doc
            before = len(self.problems)
            result = self._validate(model, doc, doc.data if data is None else data, loc)
            doc.validated[key] = (result, self.problems[before:])
            return result
        result, problems = doc.validated[key]
        self.problems += problems
        return result

    def _validate(self, model: type[BaseModel], doc: Document, data, loc):
        placeholders = list(_placeholders(data, loc))
        for where in placeholders:
            self.problem(doc, where, _dotted(where),
                         f"still holds the scaffold's `{PLACEHOLDER}` placeholder — replace it with the real value")
        try:
            return model.model_validate(data)
        except ValidationError as error:
            for e in error.errors():
                where = loc + tuple(e["loc"])
                if not any(where[: len(p)] == p for p in placeholders):  # said once already
                    self.problem(doc, where, _dotted(where) or "(top level)", _explain(e))
            return None

    def yaml_file(self, rel: str) -> Document | None:
        path = self.root / rel
        if not path.is_file():
            self.problem(rel, None, "file", "is missing — restore it (every archive needs it)")
            return None
        doc, problem = read_yaml(path, self.root)
        if problem:
            self.problems.append(problem)
        return doc

    def read_pages(self) -> None:
        docs = self.root / layout.DOCS
        for path in sorted(docs.rglob("*.md")):
            page, problems = _checked_page(path, self.root)
            self.problems += problems
            if page is None:
                continue
            key, lang = layout.split_language(path.relative_to(docs).as_posix())
            self.pages[key][lang] = page
        for key, versions in self.pages.items():
            if layout.DEFAULT_LANGUAGE not in versions:
                for page in versions.values():
                    self.problem(page.path, None, "page",
                                 f"translates {layout.DOCS}/{key}, which does not exist — add the Chinese page or fix the file name")

    def prose(self, model, page_key: str, what: str) -> tuple[dict, dict]:
        """Front matter of every language version of a page, validated by `model`."""
        self.claimed.add(page_key)
        texts, docs = {}, {}
        versions = self.pages.get(page_key, {})
        if layout.DEFAULT_LANGUAGE not in versions:
            self.problem(f"{layout.DOCS}/{page_key}", None, "page",
                         f"{what} has no Chinese page — create {layout.DOCS}/{page_key} (`kb new` writes one)")
        for lang, page in versions.items():
            text = self.validate(model, page.meta)
            if text is not None:
                texts[lang], docs[lang] = text, page.meta
        return texts, docs


@cached
def _checked_page(path: Path, root: Path) -> tuple[MarkdownPage | None, list[Problem]]:
    """A page and what is wrong in it on its own (syntax, markup, placeholders)."""
    page, problem = read_markdown(path, root)
    if page is None:
        return None, [problem]
    problems = check_template(page) + check_markup(page)
    for number, line in enumerate(page.body.splitlines(), page.body_first_line):
        if line.lstrip().startswith(PLACEHOLDER):
            problems.append(Problem(page.path, number, "text",
                                    f"still holds the scaffold's `{PLACEHOLDER}` placeholder — write the text"))
    return page, problems


def _dotted(loc) -> str:
    return ".".join(str(part) for part in loc)


def _placeholders(data, loc=()):
    """Where `kb new` placeholders are still in `data`."""
    if isinstance(data, str) and data.lstrip().startswith(PLACEHOLDER):
        yield loc
    elif isinstance(data, dict):
        for key, value in data.items():
            if isinstance(key, str) and key.startswith(PLACEHOLDER):
                yield loc + (key,)
            else:
                yield from _placeholders(value, loc + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _placeholders(value, loc + (index,))


def _explain(error: dict) -> str:
    kind, msg = error["type"], error["msg"]
    if kind == "missing":
        return "is required but missing — add it"
    if kind == "extra_forbidden":
        return "is not a known field — remove it or fix its spelling"
    if kind == "string_pattern_mismatch":
        return "must be a lowercase slug like `vllm-v0-33-0` — use letters, digits and single hyphens"
    if kind.startswith("date"):
        return f"{msg} — write a date as YYYY-MM-DD"
    if kind == "value_error":
        return msg.removeprefix("Value error, ")
    if kind == "literal_error":
        return f"{msg.replace('Input should be', 'must be')} — use one of these values"
    return f"{msg} — fix the value"


# The last catalog loaded, with the root and the versions of the files it was read from:
# the next language's build in the same process reuses it unless a file changed.
_last_loaded: dict = {}


def _content_version(root: Path) -> tuple:
    files = (path for folder in (layout.DATA, layout.DOCS) for path in sorted((root / folder).rglob("*")))
    return tuple((str(path), stat.st_mtime_ns, stat.st_size)
                 for path, stat in ((path, path.stat()) for path in files) if S_ISREG(stat.st_mode))


def load_catalog(root: Path | str) -> Catalog:
    """Read data/ and docs/ under `root`; raise ContentError listing every error.

    Warnings (things to look at, not to stop for) are kept in `catalog.warnings`.
    A catalog is never modified once loaded, so an unchanged tree returns the same one.
    """
    root = Path(root)
    key = (root.resolve(), _content_version(root))
    if _last_loaded.get("key") != key:
        _last_loaded.clear()  # a failed load leaves nothing to reuse
        _last_loaded.update(catalog=_load_catalog(root), key=key)
    return _last_loaded["catalog"]


def _load_catalog(root: Path) -> Catalog:
    loader = _Loader(root)
    loader.read_pages()
    topics = _load_topics(loader)
    entities = {e.id: Entity(e, loader.prose(PageMeta, layout.entity_page(e.id), f"entity `{e.id}`")[0])
                for e in _load_registry(loader, layout.ENTITIES_FILE, EntityFacts)}
    _no_stray_pages(loader, layout.ENTITIES_DIR, entities, layout.ENTITIES_FILE)
    outlets = {o.id: o for o in _load_registry(loader, layout.OUTLETS_FILE, Outlet)}
    issues = _load_issues(loader)
    _check_other_pages(loader)
    page_titles, mentions = _scan_pages(loader)
    catalog = Catalog(root, issues, topics, entities, outlets, page_titles, mentions)
    # Cross-checks run even after other problems, so a contributor sees them all;
    # only references are left unchecked when a whole file could not be read.
    _link(loader, catalog, check_refs=not loader.unreadable)
    _warn_repeated_sources(loader, catalog)
    errors = [p for p in loader.problems if p.severity == "error"]
    if errors:
        raise ContentError(loader.problems)
    catalog.warnings = [p for p in loader.problems if p.severity != "error"]
    return catalog


def _load_topics(loader: _Loader) -> dict[str, Topic]:
    doc = loader.yaml_file(layout.TOPICS_FILE)
    if doc is None:
        return {}
    ids = doc.data
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        loader.problem(doc, (), "topics", "must be a list of topic ids (slugs), one per line as `- id`")
        return {}
    topics = {}
    for index, topic_id in enumerate(ids):
        if topic_id in topics:
            loader.problem(doc, (index,), f"topics.{index}", f"`{topic_id}` is listed twice — remove one")
            continue
        texts, _ = loader.prose(PageMeta, layout.topic_page(topic_id), f"topic `{topic_id}`")
        topics[topic_id] = Topic(topic_id, texts)
    _no_stray_pages(loader, layout.TOPICS_DIR, topics, layout.TOPICS_FILE)
    return topics


def _load_registry(loader: _Loader, rel: str, model) -> list:
    """A YAML list of records with unique ids (entities, outlets)."""
    doc = loader.yaml_file(rel)
    if doc is None:
        return []
    if not isinstance(doc.data, list):
        loader.problem(doc, (), "(top level)", "must be a list of records, each starting with `- id: ...`")
        return []
    records = {}
    for index, raw in enumerate(doc.data):
        record = loader.validate(model, doc, raw, (index,))
        if record is None:
            continue
        if record.id in records:
            loader.problem(doc, (index, "id"), f"{index}.id", f"`{record.id}` is defined twice — remove one")
            continue
        records[record.id] = record
    return list(records.values())


def _no_stray_pages(loader: _Loader, folder: str, known: dict, registry: str) -> None:
    """A hub or entity page whose id is not registered would never be listed: say so."""
    for key, versions in loader.pages.items():
        page_id = key.removeprefix(folder + "/").removesuffix(".md")
        if key.startswith(folder + "/") and "/" not in page_id and page_id != "index" and page_id not in known:
            for page in versions.values():
                loader.problem(page.path, None, "page",
                               f"`{page_id}` is not listed in {registry} — add it there or remove this page")


def _check_other_pages(loader: _Loader) -> None:
    """Pages that are not an issue, hub or entity still need a title and a description."""
    issue_pages = re.compile(rf"^{re.escape(layout.ISSUES_DIR)}/\d+\.md$")
    for key, versions in loader.pages.items():
        if key in loader.claimed:
            continue
        for page in versions.values():
            if issue_pages.match(key):
                loader.problem(page.path, None, "page",
                               f"has no facts file — add {layout.ISSUES_DATA}/{key.split('/')[-1][:-3]}.yml (`kb new issue N` writes both)")
            else:
                loader.validate(PageMeta, page.meta)


def _load_issues(loader: _Loader) -> list[Issue]:
    issues = []
    for path in sorted((loader.root / layout.ISSUES_DATA).glob("*.yml")):
        doc = loader.yaml_file(path.relative_to(loader.root).as_posix())
        facts = loader.validate(IssueFacts, doc) if doc else None
        if facts is None:
            loader.unreadable = True
            # still check its pages on their own, so every problem shows at once
            loader.prose(IssueText, f"{layout.ISSUES_DIR}/{path.stem}.md", f"issue {path.stem}")
            continue
        if path.stem != layout.issue_stem(facts.number):
            loader.problem(doc, ("number",), "number",
                           f"issue {facts.number} must live in {layout.ISSUES_DATA}/{layout.issue_stem(facts.number)}.yml — rename the file or fix the number")
            loader.unreadable = True
            continue
        _check_dates(loader, doc, facts)
        texts, prose_docs = loader.prose(IssueText, layout.issue_page(facts.number), f"issue {facts.number}")
        for lang, text in texts.items():
            _check_prose_matches_facts(loader, prose_docs[lang], facts, text)
        issue = Issue(facts, texts)
        issue.items = [Item(issue, f) for f in facts.items]
        for item in issue.items:
            item.claims = [Claim(issue, f, item) for f in item.facts.claims]
        issue.signals = [Signal(issue, f) for f in facts.signals]
        issue.quick_takes = [QuickTake(issue, f) for f in facts.quick_takes]
        issue.picks = [Pick(issue, f) for f in facts.picks]
        issue.watch = [Watch(issue, f) for f in facts.watch]
        issue._doc = doc
        issues.append(issue)
    issues.sort(key=lambda i: (i.facts.published, i.number), reverse=True)
    return issues


def _check_dates(loader: _Loader, doc: Document, facts: IssueFacts) -> None:
    start, end, published = facts.period.start, facts.period.end, facts.published
    if start > end:
        loader.problem(doc, ("period", "start"), "period.start", "is after period.end — swap them")
    elif not end <= published <= end + MAX_PUBLISH_DELAY:
        loader.problem(doc, ("published",), "published",
                       f"{published} does not follow the period ending {end} — publish on or within 7 days after it")


def _check_prose_matches_facts(loader: _Loader, doc: Document, facts: IssueFacts, text: IssueText) -> None:
    """Each language page must carry prose for exactly the facts of its issue."""
    for section, ids in (
        ("items", [i.id for i in facts.items]),
        ("signals", [s.id for s in facts.signals]),
        ("quick_takes", [q.id for q in facts.quick_takes]),
        ("picks", [p.id for p in facts.picks]),
        ("watch", [w.id for w in facts.watch]),
        ("unarchived", list(facts.unarchived)),
        ("claims", [claim.id for item in facts.items for claim in item.claims]),
    ):
        written = getattr(text, section)
        for missing in [i for i in ids if i not in written]:
            loader.problem(doc, (section,), f"{section}.{missing}",
                           f"has no text in this language — add `{missing}:` under `{section}:`")
        for unknown in [i for i in written if i not in ids]:
            loader.problem(doc, (section, unknown), f"{section}.{unknown}",
                           f"is not in {layout.ISSUES_DATA}/{layout.issue_stem(facts.number)}.yml — fix the id or add its facts there")


def _scan_pages(loader: _Loader) -> tuple[dict, dict]:
    """Titles of every page, and every `ref` written anywhere in docs/."""
    titles: dict[str, dict[str, str]] = defaultdict(dict)
    mentions: dict[str, list[Mention]] = defaultdict(list)
    for key, versions in sorted(loader.pages.items()):
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


def _link(loader: _Loader, catalog: Catalog, check_refs: bool) -> None:
    """Register every id once, then check that every reference points at one."""
    targets = catalog.targets
    origin: dict[str, str] = {}

    def register(target, doc_or_path, loc=()) -> None:
        where = doc_or_path.path if isinstance(doc_or_path, Document) else doc_or_path
        if target.id in targets:
            loader.problem(doc_or_path, loc, ".".join(map(str, loc)) or "id",
                           f"`{target.id}` is already used by {origin[target.id]} — ids must be unique across the archive; rename one")
        else:
            targets[target.id], origin[target.id] = target, where

    for topic in catalog.topics.values():
        register(topic, layout.TOPICS_FILE)
    for entity in catalog.entities.values():
        register(entity, layout.ENTITIES_FILE)
    for issue in reversed(catalog.issues):  # oldest first: the later duplicate is the one to rename
        doc = issue._doc
        register(issue, doc, ("number",))
        for thing in issue.entries:
            register(thing, doc, (thing.section, issue.index_of(thing), "id"))
        for index, item in enumerate(issue.items):
            for position, claim in enumerate(item.claims):
                register(claim, doc, ("items", index, "claims", position, "id"))
        for index, thing_id in enumerate(issue.facts.unarchived):
            register(Unarchived(thing_id, issue), doc, ("unarchived", index))

    for issue in catalog.issues:
        doc = issue._doc
        own = {t.id for t in (*issue.items, *issue.signals)}
        for thing in issue.entries:
            for topic in getattr(thing.facts, "topics", ()):
                if topic not in catalog.topics:
                    loc = (thing.section, issue.index_of(thing), "topics")
                    loader.problem(doc, loc, ".".join(map(str, loc)),
                                   f"unknown topic `{topic}` — use one of {layout.TOPICS_FILE} or add it there with its hub page")
        for index, item in enumerate(issue.items):
            for position, source in enumerate(item.facts.sources):
                if source.outlet and source.outlet not in catalog.outlets:
                    loader.problem(doc, ("items", index, "sources", position), f"items.{index}.sources.{position}",
                                   f"unknown outlet `{source.outlet}` — use one of {layout.OUTLETS_FILE}, add it there, "
                                   "or write a one-off source as `{name: ..., url: ...}`")
            for entity in item.facts.entities:
                if entity not in catalog.entities:
                    loader.problem(doc, ("items", index, "entities"), f"items.{index}.entities",
                                   f"unknown entity `{entity}` — use one of {layout.ENTITIES_FILE} or add it there with its page")
            for watch_id in item.facts.resolves:
                _resolve(loader, doc, index, item, catalog.target(watch_id), watch_id)
        for index, signal in enumerate(issue.signals):
            for item_id in signal.facts.items:
                if not isinstance(catalog.target(item_id), Item):
                    loader.problem(doc, ("signals", index, "items"), f"signals.{index}.items",
                                   f"`{item_id}` is not an item in the archive — fix the id")
        for index, entry in enumerate(issue.watch):
            if entry.facts.topic not in catalog.topics:
                loader.problem(doc, ("watch", index, "topic"), f"watch.{index}.topic",
                               f"unknown topic `{entry.facts.topic}` — use one of {layout.TOPICS_FILE}")
            if entry.facts.origin not in own:
                loader.problem(doc, ("watch", index, "from"), f"watch.{index}.from",
                               f"`{entry.facts.origin}` is not an item or signal of issue {issue.number} — name the one that raised this entry")

    for target_id, where in catalog.mentions.items():
        if check_refs and target_id not in targets:
            for m in where:
                loader.problems.append(Problem(m.path, m.line, "ref",
                                               f"unknown id `{target_id}` — use the id of an item, signal, watch entry, topic, entity or issue (`issue-N`)"))


def _warn_repeated_sources(loader: _Loader, catalog: Catalog) -> None:
    """A one-off source featured again in a later issue is probably old news (outlets recur by design)."""
    first: dict[str, Item] = {}
    for issue in reversed(catalog.issues):
        for index, item in enumerate(issue.items):
            for position, source in enumerate(item.facts.sources):
                if not source.url:
                    continue
                earlier = first.setdefault(source.url, item)
                if earlier.issue is not issue:
                    loader.problem(issue._doc, ("items", index, "sources", position, "url"), f"items.{index}.sources.{position}.url",
                                   f"{source.url} was already featured in issue {earlier.issue.number} (`{earlier.id}`) — "
                                   "make sure this is new, or link the earlier item with ref", severity="warning")


def _resolve(loader: _Loader, doc: Document, index: int, item: Item, entry, watch_id: str) -> None:
    loc, field_name = ("items", index, "resolves"), f"items.{index}.resolves"
    if not isinstance(entry, Watch):
        loader.problem(doc, loc, field_name, f"`{watch_id}` is not a watch entry — fix the id")
    elif entry.issue.facts.published >= item.published and entry.issue is not item.issue:
        loader.problem(doc, loc, field_name, f"`{watch_id}` was opened after this item appeared — only a later item can resolve it")
    elif entry.resolved_by is not None:
        loader.problem(doc, loc, field_name,
                       f"`{watch_id}` is already resolved by `{entry.resolved_by.id}` — keep one resolution")
    else:
        entry.resolved_by = item
