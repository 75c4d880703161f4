"""Every number of an item's prose, in every language, is one of the item's figures, or is listed as not a figure.

An item's figures are its claims' facts (kb.model.claim_facts): baseline, result, change, the ends of a ratio, the
numbers of their hardware, benchmark and what they are compared with (`3× L40S`), and what follows from baseline and result (`6.88 s` → `0.31 s`
is `95 %` less, `22×` less); the dates of its issue. A number of the prose matches one if their values agree, as
written or rounded to what the prose writes (rounded only where it keeps two significant figures: `8×` is not
`7.8×`), and their units agree where the prose writes one (`7.8 %` is not `7.8×`; `310 ms` is `0.31 s`).

A number that is not a figure (a count of commits, a version written apart, a year) is listed as written under
the item's `not_figures:` in its facts file: one place, reviewed with the facts, digits and a few signs only
(kb.model.schema.NotFigure), and each entry must be written in the prose (a stale one is refused), so the list holds
no more than it excuses. Prose read: the item's title, summary, why, edge, source note, and its claims'
texts (`claims:` of the page).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from kb.base.messages import msg, words
from kb.content.reader import ContentReader
from kb.markup.numbers import NUMBER, SECONDS, Found, numbers
from kb.model.claim_facts import ClaimFacts
from kb.model.schema import IssueFacts, IssueText, ItemFacts
from kb.project import layout
from kb.project.sources import Document

ITEM_FIELDS = ("title", "summary", "why", "edge", "source_note")


@dataclass(frozen=True)
class Figure:
    value: float
    unit: str  # "" for a plain number, "×" for a ratio
    written: str  # as a reviewer reads it in the message
    derived: bool = False  # follows from baseline and result: matched rounded only


def figures(item: ItemFacts) -> list[Figure]:
    """The figures of `item`, as its facts give them."""
    out: list[Figure] = []
    for claim in item.claims:
        out += _claim_figures(claim)
    return out


def _claim_figures(claim: ClaimFacts) -> list[Figure]:
    out = []
    for quantity in (claim.baseline, claim.result):
        if quantity is not None:
            out.append(Figure(quantity.value, quantity.unit, str(quantity)))
    if claim.change is not None:
        out.append(Figure(abs(claim.change.value), "%", f"{claim.change.written} %"))
    if claim.ratio is not None:
        out += [Figure(end.value, "×", f"{end.written}×") for end in dict.fromkeys(claim.ratio)]
    if claim.baseline is not None and claim.result is not None:
        b, r = claim.baseline.value, claim.result.value
        percent, factor = abs(r - b) / b * 100, max(b, r) / min(b, r)
        out += [Figure(percent, "%", f"{percent:.3g} %", True), Figure(factor, "×", f"{factor:.3g}×", True)]
    for text in (claim.hardware, claim.benchmark, claim.versus):
        out += [Figure(f.value, f.unit, f.shown) for f in numbers(text or "") if f.date is None]
    return out


def _seconds(value: float, unit: str) -> tuple[float, str]:
    return (value * SECONDS[unit], "s") if unit in SECONDS else (value, unit)


def agrees(found: Found, figure: Figure) -> bool:
    """Whether the number of the prose is `figure`, as written or rounded."""
    if found.unit and _seconds(1, found.unit)[1] != _seconds(1, figure.unit)[1]:
        return False  # a unit the prose writes is the figure's: `7.8 %` is not `7.8×`, nor `9.46×` a perplexity of 9.46
    value, _ = _seconds(found.value, found.unit) if found.unit else (found.value, "")
    target, _ = _seconds(figure.value, figure.unit) if found.unit else (figure.value, "")
    if math.isclose(value, target, rel_tol=1e-9, abs_tol=1e-12) and not figure.derived:
        return True
    if found.significant < 2:
        return False
    digits = float(NUMBER.search(found.written.replace(",", "")).group(0))
    step = 10.0 ** -found.decimals * (value / digits if digits else 1)  # the written precision, in target units
    return abs(value - target) <= step / 2 + 1e-12


def _date_agrees(found: Found, day) -> bool:
    return all(part is None or part == real for part, real in zip(found.date, (day.year, day.month, day.day)))


def _excused(found: Found, entries: list[Found]) -> bool:
    for entry in entries:
        if found.date is not None and found.date[1:] == (None, None) and entry.date is None and not entry.unit:
            if entry.value == found.value:  # `2027` excuses 2027 年
                return True
        elif entry.date is not None or found.date is not None:
            if entry.date is not None and found.date is not None and all(
                    a is None or b is None or a == b for a, b in zip(found.date, entry.date)):
                return True
        elif math.isclose(entry.value, found.value, rel_tol=1e-9) and _seconds(1, entry.unit) == _seconds(1, found.unit):
            return True  # `2-bit` excuses `2 bit`, not `2×`; `3` a plain 3 only
    return False


def _texts(text: IssueText, item: ItemFacts) -> list[tuple[tuple, str]]:
    """(location in the page's front matter, prose) of the item, and of its claims."""
    item_text = text.items.get(item.id)
    out = [(("items", item.id, name), getattr(item_text, name)) for name in ITEM_FIELDS
           if item_text is not None and getattr(item_text, name)]
    return out + [(("claims", claim.id), text.claims[claim.id]) for claim in item.claims if claim.id in text.claims]


def issue_texts(text: IssueText) -> list[tuple[tuple, str]]:
    """(location, prose) of what an issue's page writes besides its items: its summary, verdicts, quick takes,
    picks, watch entries and the reasons it gives (compared with the figures of all its items)."""
    out = [(("description",), text.description), (("summary",), text.summary)]
    for section in ("signals", "picks", "watch"):
        out += [((section, key, name), value) for key, entry in getattr(text, section).items()
                for name, value in entry.model_dump().items() if value is not None]  # a `short:` name is optional
    for section in ("quick_takes", "resolutions", "checks"):
        out += [((section, key), value) for key, value in getattr(text, section).items()]
    return out


class _Excusing:
    """The listed numbers (`not_figures`) that can excuse a number, found by value rather than tried one by one
    (an issue may list dozens, and its prose holds hundreds of numbers): dates are tried against dates."""

    def __init__(self, entries: list[tuple[str, list[Found]]]):
        self.by_value: dict[float, list[tuple[int, Found]]] = {}
        self.dated: list[tuple[int, Found]] = []
        for n, (_, read) in enumerate(entries):
            if len(read) == 1:  # one that reads as several numbers excuses none (refused: not-figure-unreadable)
                entry = read[0]
                (self.dated.append((n, entry)) if entry.date is not None
                 else self.by_value.setdefault(entry.value, []).append((n, entry)))

    def hits(self, found: Found) -> list[int]:
        candidates = self.by_value.get(found.value, [])
        if found.date is not None:  # a date, or a year (`2027 年`) a plain 2027 may excuse
            candidates = self.dated + (candidates if found.date[1:] == (None, None) else [])
        return [n for n, entry in candidates if _excused(found, [entry])]


def _entries(listed: list[str]) -> list[tuple[str, list[Found]]]:
    return [(entry, numbers(entry)) for entry in listed]


def explained(found: Found, own: list[Figure], dates) -> bool:
    """Whether `found` is one of the figures `own`, or a date of its issue (`dates`)."""
    if found.date is not None:
        return any(_date_agrees(found, day) for day in dates)
    return any(agrees(found, figure) for figure in own)


def unexplained(own: list[Figure], dates, prose: str) -> list[Found]:
    """The numbers of `prose` that are neither one of the figures `own` nor one of `dates` (its issue's)."""
    return [found for found in numbers(prose) if not explained(found, own, dates)]


def check_figures(reader: ContentReader, facts_doc: Document, facts: IssueFacts, texts: dict[str, IssueText],
                  docs: dict[str, Document]) -> None:
    """Every number of each item's prose, in each language written, against the item's figures; every number of
    the rest of the issue's prose against the figures of all its items."""
    dates = (facts.period.start, facts.period.end, facts.published)
    facts_file = f"{layout.ISSUES_DATA}/{layout.issue_stem(facts.number)}.yml"
    key = layout.issue_page(facts.number)
    # a page that could not be read may write what a listed number excuses: none is called unused then
    read_all = set(texts) == set(reader.pages.get(key, {})) and not any((key, lang) in reader.unread_pages
                                                                       for lang in layout.LANGUAGES)
    for index, item in enumerate(facts.items):
        prose = {lang: _texts(text, item) for lang, text in texts.items()}
        _check(reader, (facts_doc, ("items", index), read_all), docs, prose, figures(item), item.not_figures, dates,
               (msg("noun-figures-of-item", id=item.id), msg("place-not-figures-of-item"), facts_file))
    # and the issue's number: `issue 7`, `第 7 期`
    everything = [figure for item in facts.items for figure in figures(item)] + [Figure(facts.number, "", str(facts.number))]
    prose = {lang: issue_texts(text) for lang, text in texts.items()}
    _check(reader, (facts_doc, (), read_all), docs, prose, everything, facts.not_figures, dates,
           (msg("noun-figures-of-issue", number=facts.number), msg("place-not-figures-of-issue"), facts_file))


def _check(reader: ContentReader, listing: tuple[Document, tuple, bool], docs: dict[str, Document],
           prose: dict[str, list[tuple[tuple, str]]], own: list[Figure], listed: list[str], dates, said) -> None:
    """Each number of `prose` (language -> located texts) is a figure of `own`, a date, or `listed` (the
    `not_figures` at `listing`: its document, the location of its owner, whether every page was read); each of
    `listed` is used."""
    owner, place, facts_file = said
    entries = _entries(listed)
    excusing = _Excusing(entries)
    shown = words(tuple(dict.fromkeys(f.written for f in own if not f.derived))) if own else msg("noun-no-figures")
    used: set[int] = set()
    for lang, located in prose.items():
        for loc, text in located:
            for found in numbers(text):
                hits = excusing.hits(found)
                used.update(hits)  # a listed number may also equal a figure (`Apache 2.0` beside `2 s`): still used
                if not hits and not explained(found, own, dates):
                    reader.problem(docs[lang], loc, ".".join(loc), msg("number-not-a-figure", number=found.shown,
                                   owner=owner, figures=shown, place=place, file=facts_file), found=found.written)
    doc, at, read_all = listing
    seen: set[str] = set()
    for position, (entry, read) in enumerate(entries):
        loc = (*at, "not_figures", position)
        field_name = ".".join(map(str, loc))
        if len(read) != 1 or read[0].shown.replace(" ", "") != entry.replace(" ", ""):
            reader.problem(doc, loc, field_name, msg("not-figure-unreadable", value=entry), found=entry)
        elif entry in seen:
            reader.problem(doc, loc, field_name, msg("not-figure-twice", value=entry), found=entry)
        elif position not in used and read_all:
            reader.problem(doc, loc, field_name, msg("not-figure-unused", value=entry, owner=owner), found=entry)
        seen.add(entry)
