"""How long an issue takes to read, and how long a watch entry has been open.

Both are computed from the archive alone, never from the clock: a build of the
same commit writes the same pages (SOURCE_DATE_EPOCH, kb audit's reproducibility).
"""
from __future__ import annotations

import math
import re

from kb.model.entries import Issue, Watch

# Reading speeds, in the unit each language is read by. Chinese is counted in Han characters (a Latin word or a
# number inside Chinese text counts as one): 400 a minute is the figure Chinese reading-time estimators commonly
# use. English is counted in words: 220 a minute, within the 200–230 that estimators commonly use for
# non-fiction (silent reading of technical prose is slower than of fiction).
PER_MINUTE = {"zh": 400, "en": 220}
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
WORD = re.compile(r"[A-Za-z0-9][\w.'’+-]*")


def issue_text(catalog, issue: Issue, lang: str) -> list[str]:
    """The prose an issue page shows in `lang`, as plain text (refs written as their titles)."""
    plain = lambda text: catalog.plain_text(text, lang) if text else ""  # noqa: E731
    parts = [issue.title(lang), plain(issue.text(lang).summary)]
    for item in issue.items:
        text = item.text(lang)
        parts += [text.title, *map(plain, (text.summary, text.why, text.edge, text.source_note))]
        parts += [claim.text(lang) for claim in item.claims]
    parts += [plain(take.text(lang)) for take in issue.quick_takes]
    parts += [x for s in issue.signals for x in (s.text(lang).title, plain(s.text(lang).body))]
    parts += [x for p in issue.picks for x in (p.text(lang).title, plain(p.text(lang).note))]
    parts += [x for w in issue.watch for x in (w.title(lang), plain(w.text(lang).note))]
    return [p for p in parts if p]


def units(text: str, lang: str) -> int:
    """What a reader of `lang` reads `text` by: Han characters and Latin words (zh), words (en)."""
    if lang == "zh":
        return len(HAN.findall(text)) + len(WORD.findall(text))
    return len(WORD.findall(HAN.sub(" x ", text)))


def reading_minutes(catalog, issue: Issue, lang: str) -> int:
    """Whole minutes, at least one."""
    return max(1, math.ceil(sum(units(p, lang) for p in issue_text(catalog, issue, lang)) / PER_MINUTE[lang]))


def weeks_open(catalog, entry: Watch) -> int:
    """Whole weeks from the issue that opened the entry to the archive's latest issue."""
    latest = catalog.issues[0].facts.published
    return max(0, (latest - entry.issue.facts.published).days // 7)
