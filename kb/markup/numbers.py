"""The numbers a reader sees in prose, in both languages, as values with units — and which tokens are names.

A token is a run of ASCII letters, digits, `.`, `_` and `-` (Han characters, spaces and other punctuation end
it). One that starts with a letter is a name (v0.11, H100, B300, Qwen3-235B, b12180, NVFP4), as is one with
two dots (1.5.2) or with letters glued to its digits that are not a unit (3rd, 4o). Everything else that holds
a digit is a number: `8192`, `1,000`, `6.88 s`, `95 %`, `7.8×`, `7.8x`, `3 倍`, `1.2 万`, `256K`, `0.5-bit`,
a range `2.4–3.0×` (the unit written once, after both ends), a date (`2026-11-04`, `November 4`,
`11 月 4 日`, `2026 年`).

Every pattern here is a single character class under one quantifier, or fixed text, or (DIGIT_TOKEN) such
classes in a row, possessive and each unable to match what the next starts with: linear on any input.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from kb.markup.prose_view import CODE_SPAN

# A token (the module's docstring says what one is) that starts with a digit: a number's, or a version's. Its run
# of token characters starts there, or after `.`, `_` and `-` alone, which start no token; a run that starts with a
# letter is a name, digits and all. Only these are read: the names, most of prose's tokens, are skipped by the
# pattern rather than one by one.
DIGIT_TOKEN = re.compile(r"(?<![0-9A-Za-z._-])[._-]*+([0-9][0-9A-Za-z._-]*+)")
GROUPED = re.compile(r"[0-9]{1,3}(?:,[0-9]{3})+")  # 1,000 and 12,345,678: the comma groups digits
MACRO = re.compile(r"\{\{[^{}]*\}\}")  # {{ ref("id", "label") }}: the id is a name, the label is prose
QUOTED = re.compile(r"\"([^\"]*)\"|'([^']*)'")
LINK_TARGET = re.compile(r"\]\([^()\s]*\)")  # a Markdown link's address is not prose
BARE_URL = re.compile(r"https?://[^\s<>()]*")
NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
SCALED = re.compile(r"(?<![0-9.])([0-9]++(?:\.[0-9]++)?)([KkMB])")  # a run read whole, from its start
ISO_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
SCALE = {"K": 1e3, "k": 1e3, "M": 1e6, "B": 1e9, "万": 1e4, "亿": 1e8}
# what may follow a number, after spaces, as written -> the unit figures are written in (kb.model.claim_facts.UNITS)
UNIT_WORDS = {"×": "×", "x": "×", "倍": "×", "%": "%", "％": "%", "percent": "%", "pt": "pt", "个百分点": "pt",
              "percentage points": "pt", "percentage point": "pt", "points": "pt", "point": "pt", "s": "s", "秒": "s",
              "ms": "ms", "毫秒": "ms", "tok/s": "tok/s", "GB": "GB", "bit": "bit", "bits": "bit", "比特": "bit",
              "tokens": "tokens", "token": "tokens", "stars": "stars", "颗星": "stars"}
# longest first, so `ms` is not read as `m` and `percentage points` not as `percent`
UNIT_ORDER = sorted(UNIT_WORDS, key=len, reverse=True)
SECONDS = {"s": 1.0, "ms": 0.001}
MONTHS = {name: n for n, name in enumerate(("january", "february", "march", "april", "may", "june", "july", "august",
                                            "september", "october", "november", "december"), 1)}
MONTHS |= {name[:3]: n for name, n in list(MONTHS.items())}
RANGE_DASHES = ("–", "—", "-", "~", "～", "to", "至", "到")


@dataclass(frozen=True)
class Found:
    """A number of the prose: as written, its value, its unit (`×`, `%`, `s`, … or ""), its decimals as written."""

    written: str
    value: float
    unit: str = ""
    decimals: int = 0
    date: tuple[int | None, int | None, int | None] | None = None  # (year, month, day) of a date, parts as written
    start: int = 0  # where it starts in the text

    @property
    def shown(self) -> str:
        """As a reviewer reads it: with its unit (`155 tok/s`, `7.8×`, `2-bit`)."""
        if not self.unit or self.date is not None or self.written.lstrip("0123456789.,") not in ("", *SCALE):
            return self.written
        return f"{self.written}{self.unit}" if self.unit == "×" else f"{self.written} {self.unit}"

    @property
    def significant(self) -> int:
        digits = NUMBER.search(self.written.replace(",", ""))
        text = digits.group(0).replace(".", "").lstrip("0") if digits else ""
        return len(text) or 1


def prose_only(text: str) -> str:
    """`text` with what is not read as prose blanked to spaces (positions kept): code in backticks, macro ids,
    link addresses, URLs."""
    def blank(match: re.Match) -> str:
        return " " * len(match.group(0))

    def macro(match: re.Match) -> str:
        call, out = match.group(0), [" "] * len(match.group(0))
        for n, quoted in enumerate(QUOTED.finditer(call)):
            if n:  # the first argument is an id; a label after it is prose
                out[quoted.start():quoted.end()] = quoted.group(0)
        return "".join(out)

    text = CODE_SPAN.sub(blank, text)  # `alert(1)` is code, not a figure
    text = MACRO.sub(macro, text)
    text = LINK_TARGET.sub(blank, text)
    return BARE_URL.sub(blank, text)


def _unit_after(text: str, at: int) -> tuple[str, float, int]:
    """(unit, scale, where it ends) of what follows position `at`: spaces, then 万 or 亿, then a unit word."""
    end = at
    while end < len(text) and text[end] in " \u00a0":
        end += 1
    scale = 1.0
    if end < len(text) and text[end] in "万亿":
        scale, end = SCALE[text[end]], end + 1
        while end < len(text) and text[end] == " ":
            end += 1
    for word in UNIT_ORDER:
        if text.startswith(word, end):
            after = end + len(word)
            # a Latin unit is a word of its own: `s` of `6.88 s`, not the first letter of `shared`
            if word[-1].isascii() and word[-1].isalpha() and after < len(text) and (text[after].isalnum() or text[after] == "_"):
                continue
            return UNIT_WORDS[word], scale, after
    return "", scale, at if scale == 1.0 else end


def _glued(token: str) -> tuple[float, str, str] | None:
    """A token starting with a digit, as (value, unit, digits as written), or None for a name."""
    if NUMBER.fullmatch(token):
        return float(token), "", token
    scaled = SCALED.fullmatch(token)
    if scaled:
        return float(scaled[1]) * SCALE[scaled[2]], "", scaled[1]
    head = NUMBER.match(token)
    rest = token[head.end():]
    word = rest[1:] if rest.startswith("-") else rest
    if word.lower() in ("x",) and not rest.startswith("-"):
        return float(head[0]), "×", head[0]
    scaled = SCALED.match(token)
    if scaled and rest[:1] in SCALE:  # 256K-token, 32K-context
        word = token[scaled.end():].lstrip("-")
        unit = UNIT_WORDS.get(word, "")
        return (float(scaled[1]) * SCALE[scaled[2]], unit, scaled[1]) if unit or rest.startswith(scaled[2] + "-") else None
    if word in UNIT_WORDS and word not in ("x", "point", "points"):
        return float(head[0]), UNIT_WORDS[word], head[0]
    if rest.startswith("-") and word.isalpha():  # 5-way, 2-stage: a count with its noun
        return float(head[0]), "", head[0]
    return None


def numbers(text: str) -> list[Found]:
    """Every number of `text` read as prose, in order."""
    return list(_numbers(text))


# A preview reloads the catalog after each edit, and every issue's prose is read again (kb.content.figure_check): the
# texts that did not change are read once a process. Bounded: a text is a few hundred bytes, its numbers fewer.
@lru_cache(maxsize=1 << 16)
def _numbers(text: str) -> tuple[Found, ...]:
    text = prose_only(text)
    found: list[Found] = []
    covered: set[int] = set()  # where a grouped number's characters are: no token starts there
    for grouped in GROUPED.finditer(text):
        if grouped.start() and (text[grouped.start() - 1].isalnum() or text[grouped.start() - 1] in "._-"):
            continue
        if text[grouped.end():grouped.end() + 1].isdigit():  # 1,0001: no grouping (checked here: a lookahead
            continue  # that fails would make the pattern retry from every group, quadratic on a long run)
        covered.update(range(grouped.start(), grouped.end()))
        unit, scale, _ = _unit_after(text, grouped.end())
        found.append(Found(grouped.group(0), float(grouped.group(0).replace(",", "")) * scale, unit, 0, None, grouped.start()))
    for match in DIGIT_TOKEN.finditer(text):
        token, start = match.group(1).rstrip(".-_"), match.start(1)
        if start in covered or token.count(".") > 1:
            continue  # a version
        found.extend(_read(text, token, start))
    found.sort(key=lambda f: f.start)
    return tuple(_ranges(text, _fractions(text, _dates(text, found))))


def _fractions(text: str, found: list[Found]) -> list[Found]:
    """`1/6.8` is a ratio, down to a 6.8th: its 1 is no figure, and the 6.8 is read as `6.8×`."""
    out: list[Found] = []
    over = False  # the number before was the 1 of a fraction
    for n, f in enumerate(found):
        nxt = found[n + 1] if n + 1 < len(found) else None
        if f.written == "1" and nxt and text[f.start + 1:nxt.start] == "/" and not nxt.unit and nxt.date is None:
            over = True
            continue
        out.append(Found(f.written, f.value, "×", f.decimals, None, f.start) if over else f)
        over = False
    return out


def _read(text: str, token: str, start: int) -> list[Found]:
    iso = ISO_DATE.fullmatch(token)
    if iso:
        year, month, day = (int(part) for part in iso.groups())
        return [Found(token, 0.0, "", 0, (year, month, day), start)]
    ends = token.split("-")
    if len(ends) == 2 and all(ends) and ends[1][0].isdigit() and _glued(ends[0]) and _glued(ends[1]):
        low, high = _glued(ends[0]), _glued(ends[1])  # `2.4-3.0x`: a range written with a hyphen
        unit, scale, _ = _unit_after(text, start + len(token))
        unit = high[1] or unit
        return [Found(ends[0], low[0] * scale, unit, _decimals(low[2]), None, start),
                Found(ends[1], high[0] * scale, unit, _decimals(high[2]), None, start + len(ends[0]) + 1)]
    read = _glued(token)
    if read is None:
        return []  # a name: 3rd, 4o, 2x2-grid
    value, unit, digits = read
    if not unit:
        unit, scale, _ = _unit_after(text, start + len(token))
        value *= scale
    return [Found(token, value, unit, _decimals(digits), None, start)]


def _decimals(digits: str) -> int:
    return len(digits.partition(".")[2])


def _dates(text: str, found: list[Found]) -> list[Found]:
    """Numbers that are parts of a date, read as one: `November 4`, `11 月 4 日`, `2026 年`."""
    out: list[Found] = []
    skip = set()
    for n, f in enumerate(found):
        if n in skip:
            continue
        if f.date or f.unit or f.decimals or "," in f.written:
            out.append(f)
            continue
        end = f.start + len(f.written)
        after = text[end:end + 3].lstrip(" ")
        before = text[max(0, f.start - 12):f.start].rstrip(" ").lower()
        word_starts = len(before)  # the word `before` ends with, whole: a month's name, or no date
        while word_starts and before[word_starts - 1].isalpha():
            word_starts -= 1
        month_word = MONTHS.get(before[word_starts:])
        if month_word and 1 <= f.value <= 31:
            out.append(Found(f.written, 0.0, "", 0, (None, month_word, int(f.value)), f.start))
        elif after.startswith("月") and 1 <= f.value <= 12:
            nxt = found[n + 1] if n + 1 < len(found) else None
            if nxt and text[end:nxt.start].strip() == "月" and text[nxt.start + len(nxt.written):].lstrip(" ").startswith("日"):
                skip.add(n + 1)
                out.append(Found(f"{f.written} 月 {nxt.written} 日", 0.0, "", 0, (None, int(f.value), int(nxt.value)), f.start))
            else:
                out.append(Found(f.written, 0.0, "", 0, (None, int(f.value), None), f.start))
        elif after.startswith("年") and 1900 <= f.value <= 2999:
            out.append(Found(f.written, f.value, "", 0, (int(f.value), None, None), f.start))  # a year is a number too
        else:
            out.append(f)
    return out


def _ranges(text: str, found: list[Found]) -> list[Found]:
    """The unit written after a range's high end is the low end's too: `2.4–3.0×`, `32K–128K tokens`."""
    out = list(found)
    for n in range(len(out) - 1, 0, -1):
        low, high = out[n - 1], out[n]
        between = text[low.start + len(low.written):high.start].strip(" ")
        if not low.unit and high.unit and low.date is None and high.date is None and between in RANGE_DASHES:
            out[n - 1] = Found(low.written, low.value, high.unit, low.decimals, None, low.start)
    return out
