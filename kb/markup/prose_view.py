"""Prose as the typography checks read it, mapped back to the text as written.

A `View` is one prose text (a front matter field, or a line of a page's body) as
a reader sees its words: a ref is the title it links to, a Markdown link its
text, and an address is not there at all. Code spans, refs and addresses are
never changed. An edit found on the view (AutoCorrect's, or one of kb.content.typography's
own rules) is mapped back to the characters as written, or dropped when it
would touch what is not prose; an insertion beside link syntax goes outside it
(`见[vLLM](…)` becomes `见 [vLLM](…)`). Beside a ref, no space is needed: the
renderer sets a ref's text apart from Han by itself (kb.markup.refs.spaced_refs).
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass

from kb.markup.refs import REF

# A code span as a line shows it (typography only: the safety rules read what Markdown makes): a whole run of backticks (not part of a longer one: trying each shorter run backtracked for minutes
# on a line of backticks) up to the next run as long, on the same line. Each run is scanned from once, to the next
# run at least as long or the line's end: lines are at most kb.base.limits.MAX_LINE_CHARS long.
CODE_SPAN = re.compile(r"(?<!`)(?P<ticks>`++)(?:(?!(?P=ticks)).)+(?P=ticks)")
URL = re.compile(r"https?://[^\s)>\]]+")
LINK_OPEN = re.compile(r"!?\[")
# ](target) or ](target "title"). A target holds no `]`: a scan from each `](` ends at the next one, not at the
# line's end (`](` repeated was quadratic).
LINK_CLOSE = re.compile(r"\]\([^)\s\]]*+(?:\s+\"[^\"]*+\")?\)")
# Template syntax, up to its end or the next start (`{{ a {{ b }}` is `{{ b }}`): not to the line's end from each
# `{{`, which was quadratic on a line of them.
MACRO = re.compile(r"\{\{(?:(?!\{\{|\}\}).)*+\}\}|\{%(?:(?!\{%|%\}).)*+%\}")
ATTRIBUTES = re.compile(r"\{:?\s*[#.][^{}\n]*\}")  # { #id .class } after Markdown
NOT_PROSE = re.compile("|".join(f"(?P<{name}>{rx.pattern})" for name, rx in (
    ("ref", REF), ("macro", MACRO), ("code", CODE_SPAN), ("close", LINK_CLOSE), ("url", URL), ("open", LINK_OPEN),
    ("attributes", ATTRIBUTES))))
# Kinds of part: prose as written, and what a reader does not see as written.
TEXT, REF_TEXT, CODE, OPENING, CLOSING, HIDDEN = "text", "ref", "code", "opening", "closing", "hidden"


@dataclass(frozen=True)
class Part:
    start: int  # in the text as written
    end: int
    shown: str  # what the view holds for it
    kind: str


@dataclass(frozen=True)
class Edit:
    start: int  # in the text as written
    end: int
    new: str  # written over text[start:end]


def edit_kind(old: str, new: str) -> str:
    """What an edit does: inserts a space, removes one, makes punctuation full-width, or another change."""
    if not old and new.isspace():
        return "space"
    if not new and old.isspace():
        return "no-space"
    if old and new and not old.isspace() and len(old) == len(new) and all(ord(n) > 0x2000 for n in new):
        return "full-width"
    return "other"


class View:
    def __init__(self, text: str, title: Callable[[str, str | None], str]):
        self.text = text
        # most texts: prose only, and their views were much of the typography's time (measured: bench/README.md,
        # kb/markup/prose_view.py)
        if NOT_PROSE.search(text) is None:
            self.parts, self.shown, self._starts = [Part(0, len(text), text, TEXT)], text, [0]
            return
        self.parts = list(_parts(text, title))
        self.shown = "".join(part.shown for part in self.parts)
        self._starts = []  # where each part starts in the view
        at = 0
        for part in self.parts:
            self._starts.append(at)
            at += len(part.shown)

    def prose_spans(self) -> list[tuple[int, int]]:
        """(start, end) in the view of each run of prose as written."""
        return [(at, at + len(part.shown)) for at, part in zip(self._starts, self.parts) if part.kind == TEXT]

    def edits(self, corrected: str) -> list[Edit]:
        """The changes that turn the view into `corrected`, as edits of the text as written (those that would
        touch code, a ref, an address or link syntax are left out)."""
        matcher = difflib.SequenceMatcher(None, self.shown, corrected, autojunk=False)
        found = []
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag != "equal":
                edit = self.mapped(i1, i2, corrected[j1:j2])
                if edit is not None:
                    found.append(edit)
        return found

    def mapped(self, start: int, end: int, new: str) -> Edit | None:
        """The view's [start, end) written as `new`, as an edit of the text as written, if it touches prose only."""
        if start < end:
            for at, part in zip(self._starts, self.parts):
                if part.kind == TEXT and at <= start and end <= at + len(part.shown):
                    return Edit(part.start + start - at, part.start + end - at, new)
            return None
        return self._inserted(start, new)

    def _inserted(self, point: int, new: str) -> Edit | None:
        before = [(at, part) for at, part in zip(self._starts, self.parts) if at + len(part.shown) == point]
        inside = [(at, part) for at, part in zip(self._starts, self.parts) if at < point < at + len(part.shown)]
        if inside:
            at, part = inside[0]
            return Edit(part.start + point - at, part.start + point - at, new) if part.kind == TEXT else None
        # at a boundary: the parts ending here (empty ones among them) and the one starting here
        ending = [part for _, part in before]
        starting = next((part for at, part in zip(self._starts, self.parts) if at == point and part.shown), None)
        empty = [part for part in ending if not part.shown]
        last = next((part for part in reversed(ending) if part.shown), None)
        if REF_TEXT in (getattr(last, "kind", None), getattr(starting, "kind", None)) or any(p.kind == HIDDEN for p in empty):
            return None  # beside a ref the renderer spaces it; beside an address or a macro nothing is guessed
        if empty and all(p.kind == OPENING for p in empty):
            return Edit(empty[0].start, empty[0].start, new)  # before `[`
        if empty and all(p.kind == CLOSING for p in empty):
            return Edit(empty[-1].end, empty[-1].end, new)  # after `](…)`
        if empty:
            return None
        if last is not None:
            return Edit(last.end, last.end, new)
        if starting is not None:
            return Edit(starting.start, starting.start, new)
        return None


def _parts(text: str, title: Callable[[str, str | None], str]):
    """The text cut into parts: prose, and what a reader sees otherwise (kinds above)."""
    at = 0
    for match in NOT_PROSE.finditer(text):
        if match.start() > at:
            yield Part(at, match.start(), text[at:match.start()], TEXT)
        kind = match.lastgroup
        if kind == "ref":
            ref = REF.fullmatch(match.group())
            yield Part(match.start(), match.end(), title(ref.group("id"), ref.group("text")), REF_TEXT)
        elif kind == "code":
            yield Part(match.start(), match.end(), match.group(), CODE)
        elif kind == "open":
            yield Part(match.start(), match.end(), "", OPENING)
        elif kind == "close":
            yield Part(match.start(), match.end(), "", CLOSING)
        else:
            yield Part(match.start(), match.end(), "", HIDDEN)
        at = match.end()
    if at < len(text):
        yield Part(at, len(text), text[at:], TEXT)
