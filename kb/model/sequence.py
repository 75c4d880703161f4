"""The archive read in order: each issue's previous and next, each item's next in its topic, what changed lately.

Archive order is the order of the issues' numbers (their dates follow it: kb.content.archive_order), and within
an issue the order its facts list its items. A withdrawn issue keeps its page but is not read on to, as the
archive's lists leave it out (kb.content.published).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from kb.model.entries import Claim, Issue, Item, Watch
from kb.model.records import year

if TYPE_CHECKING:
    from kb.model.catalog import Catalog


class Changes(NamedTuple):
    """What the latest issues changed on the watch list and in the claims ledger, newest first."""

    since: Issue | None  # the oldest of the issues counted (None: no issue yet)
    opened: list[Watch]
    resolved: list[Watch]
    checks: list[Claim]  # figures that checked an earlier one
    claims: list[Claim]  # every figure those issues reported


class Sequence:
    def __init__(self, catalog: Catalog):
        self._catalog = catalog
        self.issues = sorted((i for i in catalog.issues if not i.facts.withdrawn), key=lambda i: i.number)  # oldest first
        self._place = {id(issue): n for n, issue in enumerate(self.issues)}
        # each year's issues, newest first, the newest year first: every issue page's left column reads them
        self.by_year: dict[str, list[Issue]] = {}
        for issue in reversed(self.issues):
            self.by_year.setdefault(year(issue.facts.published), []).append(issue)
        self.by_year = dict(sorted(self.by_year.items(), reverse=True))
        self._next_in_topic: dict[int, Item] = {}
        last_of_topic: dict[str, Item] = {}
        for issue in reversed(self.issues):  # newest first: the item met last in a topic is the next one
            for item in reversed(issue.items):
                topic = item.facts.topics[0] if item.facts.topics else None
                if topic is None:
                    continue
                if topic in last_of_topic:
                    self._next_in_topic[id(item)] = last_of_topic[topic]
                last_of_topic[topic] = item

    def neighbours(self, issue: Issue) -> tuple[Issue | None, Issue | None]:
        """The issues before and after `issue` in the archive (None at either end, and for a withdrawn one)."""
        place = self._place.get(id(issue))
        if place is None:
            return None, None
        return (self.issues[place - 1] if place else None,
                self.issues[place + 1] if place + 1 < len(self.issues) else None)

    def next_in_topic(self, item: Item) -> Item | None:
        """The next item in archive order that has the same first topic as `item`."""
        return self._next_in_topic.get(id(item))

    def latest(self, n: int) -> list[Issue]:
        """The `n` latest issues, newest first."""
        return self.issues[::-1][:n]

    def changes(self, n: int) -> Changes:
        """What the `n` latest issues opened and resolved on the watch list, and the figures they checked."""
        recent = self.latest(n)
        items = [item for issue in recent for item in issue.items]
        claims = [claim for item in items for claim in item.claims]
        resolved = [entry for item in items for resolution in item.facts.resolves
                    if isinstance(entry := self._catalog.target(resolution.watch), Watch)]
        return Changes(recent[-1] if recent else None, [w for issue in recent for w in issue.watch], resolved,
                       [claim for claim in claims if claim.checked is not None], claims)

