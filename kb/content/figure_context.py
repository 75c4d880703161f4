"""A figure whose passage names the hardware or benchmark it was measured on carries it in its facts (issue 37), so
every view that shows the figure (kb.model.figure_text) shows it with that context.

What is checked, mechanically. The archive does not store its sources' text (a source is a name and a link), so a
figure's passage is what the archive holds of it: the claim's text on each page (`claims:`), and each sentence of
its item's prose that writes one of the figure's own numbers. Hardware and benchmarks are known by the names the
archive's facts give them: every claim's `hardware:` and `benchmark:` (each side of `A vs B`, and `B300` of
`8× B300`). A passage naming one while its figure's facts carry no `hardware:` (or `benchmark:`) is an error.

What cannot be checked here, and is left to review: a name no claim of the archive has used yet (the first figure
on a new accelerator); whether the source names hardware the page leaves out. What a multiplier is compared with is
a fact of its own (`versus:`, which every ratio without a baseline figure must have: kb.model.claim_facts), so no passage needs reading for it;
whether the source names what a `versus: unstated` leaves out is for review too.
"""
from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING

from kb.base.messages import msg
from kb.content.figure_check import ITEM_FIELDS, _claim_figures, agrees
from kb.content.page_memo import PageMemo, page_texts
from kb.content.reader import ContentReader
from kb.markup.numbers import numbers
from kb.project import layout

if TYPE_CHECKING:
    from kb.model.catalog import Catalog

SENTENCE_END = re.compile(r"[。；！？;!?]|\.\s")
CLAUSE_END = re.compile(r"[，、：]|[,:]\s")  # a name goes with the figure of its own clause
COUNT_OF = re.compile(r"^[0-9]+\s*×\s*")  # `8× B300` names B300 too


class KnownNames:
    """The hardware and benchmarks the archive's facts name, by field, each field's names found in a text by one
    pattern: a passage is read once, not once per name (an archive names hundreds, and most sentences none)."""

    def __init__(self, catalog: Catalog):
        names: dict[str, set[str]] = {"hardware": set(), "benchmark": set()}
        for claim in catalog.claims:
            for field in names:
                for side in (getattr(claim.facts, field) or "").split(" vs "):
                    side = side.strip()
                    names[field].update(n for n in (side, COUNT_OF.sub("", side)) if len(n) > 1)
        self.names = names
        # at each position the longest name written there, as a word of its own (a lookahead, so a name that
        # starts inside another is found too, and the containment rule of `occurrences` decides between them)
        self._patterns = {field: re.compile(
            rf"(?<![\w-])(?=({'|'.join(re.escape(n) for n in sorted(known, key=lambda n: (-len(n), n)))})(?![\w-]))")
            for field, known in names.items() if known}

    def occurrences(self, text: str) -> list[tuple[str, str, int, int]]:
        """(field, name, start, end) of each name written in `text` as a word of its own, in order of field and
        position; of `3× L40S` and the `L40S` inside it, the longer."""
        out = []
        for field, pattern in self._patterns.items():
            found = [(m.group(1), m.start(), m.start() + len(m.group(1))) for m in pattern.finditer(text)]
            out += [(field, *o) for o in found if not any(p != o and p[1] <= o[1] and o[2] <= p[2] for p in found)]
        return out


def _own_figures(claim):
    """The figure's own numbers: not those of its hardware, benchmark or what it is compared with (`3×` of `3× L40S`)."""
    return _claim_figures(claim.facts.model_copy(update={"hardware": None, "benchmark": None, "versus": None}))


def _named_figures(text: str, claims, names: KnownNames):
    """(claim, field, name) for each name of `text`: the claims whose number is the nearest to it in its clause,
    or, in a clause of no figure (`On its own benchmark (3× L40S), TTFT fell from …`), every claim of the sentence."""
    owners = None

    def of(found) -> list:
        return [claim for claim, own in owners if any(agrees(found, figure) for figure in own)]

    for sentence in SENTENCE_END.split(text):
        if not names.occurrences(sentence):
            continue  # most sentences name nothing: their numbers are not read
        if owners is None:
            owners = [(claim, _own_figures(claim)) for claim in claims]
        in_sentence = list({id(c): c for found in numbers(sentence) for c in of(found)}.values())
        for clause in CLAUSE_END.split(sentence):
            occurrences = names.occurrences(clause)
            figures = [f for f in numbers(clause) if of(f)] if occurrences else []
            for field, name, a, b in occurrences:
                apart = [f for f in figures if not a <= f.start < b]  # not the name's own digits (`RTX 5090`)
                named = of(min(apart, key=lambda f: abs(f.start - a))) if apart else in_sentence
                yield from ((claim, field, name) for claim in named)


def _passages(text, item, names: KnownNames):
    """(location in the page, claim, field, name): the claim's text names it, or a clause of the item's prose
    names it next to one of the claim's numbers."""
    for claim in item.claims:
        if claim.id in text.claims:
            for field, name, _, _ in names.occurrences(text.claims[claim.id]):
                yield ("claims", claim.id), claim, field, name
    item_text = text.items.get(item.id)
    for field_name in ITEM_FIELDS if item_text is not None else ():
        for claim, field, name in _named_figures(getattr(item_text, field_name) or "", item.claims, names):
            yield ("items", item.id, field_name), claim, field, name


def check_figure_context(reader: ContentReader, catalog: Catalog, memo: PageMemo | None = None) -> None:
    """Every issue's passages; `memo`: an issue is read again only when its facts, its pages or the names the
    archive knows changed (kb.content.page_memo)."""
    names = KnownNames(catalog)
    known = memo.shared("figure-context-names", tuple(frozenset(n) for n in names.names.values())) if memo else None
    for issue in catalog.issues:
        if memo is None:
            _check_issue(reader, issue, names)
        else:
            memo.replay("figure-context", issue.facts_file, (known, reader.document(issue.facts_file).text,
                                                         page_texts(reader, issue.page)),
                        reader.problems, partial(_check_issue, reader, issue, names))


def _check_issue(reader: ContentReader, issue, names: KnownNames) -> None:
    facts_file = f"{layout.ISSUES_DATA}/{layout.issue_stem(issue.number)}.yml"
    for lang, page in reader.pages.get(issue.page, {}).items():
        text = issue.texts.get(lang)
        for item in issue.items if text is not None else ():
            for loc, claim, field, name in _passages(text, item, names):
                if not getattr(claim.facts, field):
                    reader.problem(page.meta, loc, ".".join(loc), msg(
                        "figure-context-missing", name=name, field=field, claim=claim.id, file=facts_file), found=name)
