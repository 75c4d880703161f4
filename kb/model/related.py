"""Related items: for each item, the items of other issues that share the most with it.

Like Hugo's related content, the ranking comes from the facts alone, never a
hand-written list: two items are related by the topics and entities they
share, each shared one weighted by how rare it is (inverse document
frequency), so sharing the niche `kinference` counts for more than sharing
`vllm`, which half the archive mentions. Ties go to the item nearer in time.

An item is scored against all others as one matrix product, many times faster
than sorting the pairs in Python (measured: bench/README.md, kb/model/related.py).

On an issue page the items of the issue share topics, so their lists were mostly the same few items, each
repeated under every item: `in_issue` shows an item only under the first item of the issue that lists it, and
the next most related ones under the later items instead.
"""
from __future__ import annotations

import math

import numpy as np

from kb.model.entries import Item

LIMIT = 3  # related items shown per item
# candidates kept per item: enough for every item of a long issue to find LIMIT not listed above it
KEPT = 10 * LIMIT


class RelatedItems:
    """The related items of any item of a list (the archive's, newest first), each worked out when first asked for.

    The item-term matrix is built once (a full build asks for every item; the
    editor preview, for the few items of the page being edited).
    """

    def __init__(self, items: list[Item], limit: int = LIMIT):
        self.items = items
        self.limit = limit
        self.row = {item.id: n for n, item in enumerate(self.items)}
        terms = sorted({f"t:{t}" for i in self.items for t in i.facts.topics}
                       | {f"e:{e}" for i in self.items for e in i.facts.entities})
        column = {term: n for n, term in enumerate(terms)}
        self.has = np.zeros((len(self.items), len(terms)), dtype=np.float32)
        for row, item in enumerate(self.items):
            for term in [f"t:{t}" for t in item.facts.topics] + [f"e:{e}" for e in item.facts.entities]:
                self.has[row, column[term]] = 1.0
        weight = np.array([math.log(1 + len(self.items) / df) for df in self.has.sum(axis=0)], dtype=np.float32)
        self.weighted = self.has * weight
        self.issue = np.array([i.issue.number for i in self.items])
        self.days = np.array([i.published.toordinal() for i in self.items], dtype=np.float64)
        self.found: dict[str, list[Item]] = {}
        self.pages: dict[tuple[str, ...], dict[str, list[Item]]] = {}  # in_issue's lists, by the page's items

    def of(self, item: Item) -> list[Item]:
        """Up to `limit` items of other issues, most related first (none with nothing in common)."""
        return self.ranked(item)[: self.limit]

    def ranked(self, item: Item) -> list[Item]:
        """The (up to KEPT) items of other issues that share the most with `item`, most related first."""
        if item.id not in self.found:
            n = self.row[item.id]
            scores = np.round(self.weighted @ self.has[n], 4)  # what the item shares with every other one
            scores[self.issue == self.issue[n]] = 0  # not from its own issue
            candidates = np.flatnonzero(scores > 0)
            if len(candidates) > KEPT:  # keep the best KEPT scores, and whatever ties the last of them
                cut = np.partition(scores[candidates], -KEPT)[-KEPT]
                candidates = candidates[scores[candidates] >= cut]
            # most shared first; then nearest in time; then archive order, so the order never varies
            ranked = candidates[np.lexsort((candidates, np.abs(self.days[candidates] - self.days[n]), -scores[candidates]))]
            self.found[item.id] = [self.items[c] for c in ranked[:KEPT]]
        return self.found[item.id]

    def in_issue(self, items: list[Item]) -> dict[str, list[Item]]:
        """The related items of each of an issue's `items` (in page order), none shown twice on the page."""
        key = tuple(item.id for item in items)
        if key not in self.pages:
            shown: set[str] = set()
            lists = self.pages[key] = {}
            for item in items:
                lists[item.id] = [other for other in self.ranked(item) if other.id not in shown][: self.limit]
                shown.update(other.id for other in lists[item.id])
        return self.pages[key]
