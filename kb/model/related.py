"""Related items: for each item, the items of other issues that share the most with it.

Like Hugo's related content, the ranking comes from the facts alone, never a
hand-written list: two items are related by the topics and entities they
share, each shared one weighted by how rare it is (inverse document
frequency), so sharing the niche `kinference` counts for more than sharing
`vllm`, which half the archive mentions. Ties go to the item nearer in time.

An item is scored against all others as one matrix product, many times faster
than sorting the pairs in Python (measured: bench/README.md, kb/model/related.py).
"""
from __future__ import annotations

import math

import numpy as np

from kb.model.entries import Item

LIMIT = 5  # related items shown per item


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

    def of(self, item: Item) -> list[Item]:
        """Up to `limit` items of other issues, most related first (none with nothing in common)."""
        if item.id not in self.found:
            n = self.row[item.id]
            scores = np.round(self.weighted @ self.has[n], 4)  # what the item shares with every other one
            scores[self.issue == self.issue[n]] = 0  # not from its own issue
            candidates = np.flatnonzero(scores > 0)
            if len(candidates) > self.limit:  # keep the best `limit` scores, and whatever ties the last of them
                cut = np.partition(scores[candidates], -self.limit)[-self.limit]
                candidates = candidates[scores[candidates] >= cut]
            # most shared first; then nearest in time; then archive order, so the order never varies
            ranked = candidates[np.lexsort((candidates, np.abs(self.days[candidates] - self.days[n]), -scores[candidates]))]
            self.found[item.id] = [self.items[c] for c in ranked[: self.limit]]
        return self.found[item.id]
