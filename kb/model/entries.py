"""The entries of the archive: issues and what they hold, topics, entities.

Each joins its facts (data/, validated by kb.model.schema) to its prose per language
(docs/ front matter) and knows its page and anchor. Built by kb.content.loading,
queried through kb.model.catalog; nothing here reads a file.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from kb.model.claim_facts import STATUS_AFTER, Status
from kb.model.schema import (
    ALL_LANGUAGES,
    ClaimFacts,
    EntityFacts,
    IssueFacts,
    IssueText,
    ItemFacts,
    PageMeta,
    PickFacts,
    QuickTakeFacts,
    Resolution,
    SignalFacts,
    TopicFacts,
    WatchFacts,
)
from kb.project import layout


class _Localized:
    """Something whose prose exists per language, falling back to the default."""

    texts: dict

    def __repr__(self) -> str:  # entries link to each other: the default repr would print the archive
        return f"{type(self).__name__}({self.id})"

    def text(self, lang: str):
        return self.texts.get(lang) or self.texts[layout.DEFAULT_LANGUAGE]


@dataclass(eq=False, repr=False)
class Issue(_Localized):
    facts: IssueFacts
    texts: dict[str, IssueText]
    facts_file: str  # where the facts were read (data/issues/NNN.yml); a load's reader holds its parse (document)
    items: list[Item] = field(default_factory=list)
    signals: list[Signal] = field(default_factory=list)
    quick_takes: list[QuickTake] = field(default_factory=list)
    picks: list[Pick] = field(default_factory=list)
    watch: list[Watch] = field(default_factory=list)
    anchor: ClassVar[None] = None

    @property
    def number(self) -> int:
        return self.facts.number

    @property
    def id(self) -> str:
        return layout.issue_id(self.number)

    @property
    def page(self) -> str:
        return layout.issue_page(self.number)

    def title(self, lang: str) -> str:
        return self.text(lang).title

    @property
    def entries(self) -> list:
        """Everything written in the issue that has an id of its own."""
        return [*self.items, *self.signals, *self.quick_takes, *self.picks, *self.watch]

    def index_of(self, entry) -> int:
        return getattr(self, entry.section).index(entry)


@dataclass(eq=False, repr=False)
class _InIssue:
    """Something written in an issue: facts in data/, prose under `section` of its pages."""

    issue: Issue
    section: ClassVar[str]

    def __repr__(self) -> str:  # entries link to each other: the default repr would print the archive
        return f"{type(self).__name__}({self.id})"

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

    def short(self, lang: str) -> str | None:
        """The short name its pages give it for refs inside a sentence (`short:`), if any."""
        return getattr(self.text(lang), "short", None)


@dataclass(eq=False, repr=False)
class Item(_InIssue):
    facts: ItemFacts
    claims: list[Claim] = field(default_factory=list)
    section: ClassVar[str] = "items"


@dataclass(eq=False, repr=False)
class Claim(_InIssue):
    """A figure an item reports; its text (what was measured) is under `claims` of the issue's pages."""

    facts: ClaimFacts
    item: Item
    # set once, by the cross-checks: the earlier claim this one checks, and the later ones that check it
    checked: Claim | None = None
    checked_by: list[Claim] = field(default_factory=list)  # oldest first
    section: ClassVar[str] = "claims"

    @property
    def topics(self) -> list[str]:
        return self.item.facts.topics

    @property
    def status(self) -> Status:
        """Never checked, or what the latest check found."""
        return STATUS_AFTER[self.checked_by[-1].facts.checks.verdict] if self.checked_by else "unchecked"

    def reason(self, lang: str) -> str:
        """Why this figure confirms, qualifies or contradicts the one it checks, in one sentence."""
        return self.issue.text(lang).checks[self.id]


@dataclass(eq=False, repr=False)
class Signal(_InIssue):
    facts: SignalFacts
    section: ClassVar[str] = "signals"


@dataclass(eq=False, repr=False)
class QuickTake(_InIssue):
    facts: QuickTakeFacts
    section: ClassVar[str] = "quick_takes"


@dataclass(eq=False, repr=False)
class Pick(_InIssue):
    facts: PickFacts
    section: ClassVar[str] = "picks"


@dataclass(eq=False, repr=False)
class Watch(_InIssue):
    facts: WatchFacts
    resolved_by: Item | None = None  # set once, by the cross-checks, when a later item settles it
    resolution: Resolution | None = None  # who made that call
    section: ClassVar[str] = "watch"

    @property
    def page(self) -> str:
        """The watch list's record of the year the entry was opened (kb.model.records)."""
        return layout.record_page("watch", str(self.issue.facts.published.year))

    @property
    def is_open(self) -> bool:
        return self.resolved_by is None

    def reason(self, lang: str) -> str:
        """Why the item that resolved this entry settles it, in one sentence."""
        return self.resolved_by.issue.text(lang).resolutions[self.id]


def aliases_in(aliases: dict[str, list[str]], lang: str) -> list[str]:
    """The aliases a reader of `lang` searches by: those of every language, then the language's own."""
    return [*aliases.get(ALL_LANGUAGES, []), *aliases.get(lang, [])]


@dataclass(eq=False, repr=False)
class Topic(_Localized):
    facts: TopicFacts
    texts: dict[str, PageMeta]
    kind: ClassVar[str] = "topic"
    anchor: ClassVar[None] = None

    @property
    def id(self) -> str:
        return self.facts.id

    @property
    def page(self) -> str:
        return layout.topic_page(self.id)

    def title(self, lang: str) -> str:
        return self.text(lang).title

    def aliases(self, lang: str) -> list[str]:
        """Other names readers of `lang` search for it by (data/topics.yml)."""
        return aliases_in(self.facts.aliases, lang)


@dataclass(eq=False, repr=False)
class Entity(_Localized):
    facts: EntityFacts
    texts: dict[str, PageMeta]
    kind: ClassVar[str] = "entity"
    anchor: ClassVar[None] = None

    @property
    def id(self) -> str:
        return self.facts.id

    @property
    def page(self) -> str:
        return layout.entity_page(self.id)

    def title(self, lang: str) -> str:
        """Its name as the pages of `lang` write it: the language's own (`names`), or else the name."""
        return self.facts.names.get(lang, self.facts.name)

    def aliases(self, lang: str) -> list[str]:
        """Other names readers of `lang` search for it by (data/entities.yml): the name, where the language writes
        another (a Chinese reader may still type DeepSeek), then the aliases."""
        name = [self.facts.name] if self.title(lang) != self.facts.name else []
        return [*name, *aliases_in(self.facts.aliases, lang)]


@dataclass(eq=False, repr=False)
class Unarchived:
    """A thing from an issue that is not in the archive: text only, never a link."""

    id: str
    issue: Issue
    kind: ClassVar[str] = "unarchived"
    page: ClassVar[None] = None
    anchor: ClassVar[None] = None

    def title(self, lang: str) -> str:
        return self.issue.text(lang).unarchived[self.id]

    def __repr__(self) -> str:
        return f"Unarchived({self.id})"


@dataclass(frozen=True)
class Mention:
    page: str  # docs-relative path of the mentioning page, language suffix removed
    path: str  # the file it is written in
    line: int
