"""Limits on what a contributor writes: one place for each number, and why it is what it is.

Content comes from strangers, and some of what Markdown and the checker do takes time that grows faster than
the text: Python-Markdown reads nested blocks by recursion and looks for the end of every `[` it finds; the
abbreviations extension looks for every abbreviation in every text of a page. A hostile page that passes
every other rule can still make the checker or the build take minutes. Each limit below is far above what
real content needs (the figures are measured on the live archive: bench/README.md) and far below what makes
a page slow; a text over one is refused at its file and line, before the slower checks read it.

The scanners here read each line once, by plain string operations: they run before any regular expression
of the checker sees the text.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from kb.base.messages import Message, msg

# Characters in one line of a page, a snippet, a YAML file or a prose field once YAML has decoded it (a folded
# block joins its lines). The longest lines written are paragraphs on one line (measured: bench/README.md,
# kb/base/limits.py); a scan from each position of a line is what a quadratic rule costs, so the line bounds it.
MAX_LINE_CHARS = 4_000
# Blockquotes and lists one line sits inside (`> > - x` is three). Content nests far less (measured:
# bench/README.md, kb/base/limits.py); Python-Markdown parses each level by recursion, and thousands of `>` on
# one line took it minutes (and its stack).
MAX_NESTING_DEPTH = 8
# Abbreviations (`*[TTFT]: Time to first token`) in the glossary of one language (snippets/abbreviations*.md):
# it is appended to every page, and each abbreviation is looked for in every text of every page, so a long
# glossary makes every page slower, each still under its own time budget (Python-Markdown's time grows faster
# than the number; measured, with what the glossaries hold: bench/README.md, kb/base/limits.py).
MAX_ABBREVIATIONS_PER_GLOSSARY = 100
# Abbreviations a page (or a snippet other than the glossary) defines for itself: they cost that page only.
MAX_ABBREVIATIONS_PER_PAGE = 50
# Links in one built page that come from what its contributor wrote (counted in the rendered page, by the
# checker that reads it): written pages have far fewer (measured: bench/README.md, kb/base/limits.py); a page
# of thousands is made to be slow to check, to render and to read, or to hide one link among many.
MAX_LINKS_PER_PAGE = 500

# `<` followed by what could start a tag (a letter, `/`, `!`, `?`) in one text, code included. Content writes no
# HTML; these are autolinks (`<https://…>`) and code. Python's HTML parser, which Python-Markdown reads raw HTML
# with, scans from each unclosed tag to the end of the text: thousands of `<a y` took minutes (bench/README.md).
MAX_TAG_OPENINGS = 200

# `[` a paragraph opens and never closes: Python-Markdown looks for the end of every `[` it finds, and thousands
# unmatched in one paragraph took minutes.
MAX_OPEN_BRACKETS = 100

TAB_STOP = 4  # columns a tab advances to, as Python-Markdown counts them; a list level is indented by one
LIST_BULLETS = "-*+"


@dataclass(frozen=True)
class LimitProblem:
    line: int  # 1 for the first line of the text
    field: str  # the kind of problem, as kb.base.problems names it
    message: Message
    found: str  # the text at fault (its start, for a long line)


def long_line(text: str) -> LimitProblem | None:
    """The first line of `text` over MAX_LINE_CHARS, if any."""
    if len(text) <= MAX_LINE_CHARS:
        return None
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) > MAX_LINE_CHARS:
            return LimitProblem(number, "text", msg("line-too-long", length=f"{len(line):,}", limit=f"{MAX_LINE_CHARS:,}"),
                                line[:40])
    return None


def nesting_depth(line: str) -> int:
    """How many blockquotes and lists the start of a Markdown line puts it inside: each `>`, each list marker
    (`-`, `*`, `+`, `1.`, `1)`, then a space) and each TAB_STOP columns of indentation before a marker.
    Indentation before plain text opens nothing (Markdown reads it as code or a continuation), so code
    indented deep is not counted — and no line is skipped as being in a fence: where a fence starts is
    Markdown's to say (a fence indented four spaces is code, and what follows it is not)."""
    depth, column, index, size = 0, 0, 0, len(line)
    while index < size:
        char = line[index]
        if char == " ":
            column += 1
        elif char == "\t":
            column += TAB_STOP - column % TAB_STOP
        elif char == ">":
            depth, column = depth + 1, 0
        elif (marker := _list_marker(line, index)) and not _is_rule(line):
            depth, column, index = depth + 1 + column // TAB_STOP, 0, index + marker
            continue
        else:
            break
        index += 1
    return depth


def _list_marker(line: str, index: int) -> int:
    """The length of a list marker at `index` with the blank after it (0 if there is none)."""
    end = index
    while end < len(line) and end - index < 9 and line[end].isdigit() and line[end].isascii():
        end += 1
    if end > index:
        if end < len(line) and line[end] in ".)":
            end += 1
        else:
            return 0
    elif line[index] in LIST_BULLETS:
        end += 1
    else:
        return 0
    return end - index if end < len(line) and line[end] in " \t" else 0


def _is_rule(line: str) -> bool:
    """A thematic break (`- - -`, `* * *`): markers and blanks only, not a list."""
    marks = line.replace(" ", "").replace("\t", "")
    return len(marks) >= 3 and len(set(marks)) == 1 and marks[0] in "-*_"


def open_brackets(text: str) -> LimitProblem | None:
    """A paragraph opening more than MAX_OPEN_BRACKETS `[` it never closes, at the paragraph's first line
    (`\\[` is a bracket written as text)."""
    unclosed, paragraph = 0, 1
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            unclosed, paragraph = 0, number + 1
            continue
        opened = line.count("[") - line.count("\\[")
        closed = line.count("]") - line.count("\\]")
        unclosed = max(0, unclosed + opened - closed)
        if unclosed > MAX_OPEN_BRACKETS:
            return LimitProblem(paragraph, "brackets", msg("open-brackets", limit=MAX_OPEN_BRACKETS), "[")
    return None


def tag_openings(line: str) -> int:
    """How many `<` in a line could open a tag: followed by an ASCII letter, `/`, `!` or `?`."""
    count, start = 0, line.find("<")
    while start != -1:
        following = line[start + 1: start + 2]
        count += bool(following) and (following in "/!?" or (following.isascii() and following.isalpha()))
        start = line.find("<", start + 1)
    return count


def defines_abbreviation(line: str) -> bool:
    """Whether a Markdown line defines an abbreviation (`*[TTFT]: Time to first token`)."""
    return line.startswith("*[") and "]" in line


def markdown_problems(text: str, abbreviations: int = MAX_ABBREVIATIONS_PER_PAGE) -> Iterator[LimitProblem]:
    """What in Markdown `text` is over a limit: the first long line (then nothing else is read), each line nested
    too deep (fenced or not), the abbreviation after the first `abbreviations` defined, and the tag opening
    after the first MAX_TAG_OPENINGS."""
    long = long_line(text)
    if long:
        yield long
        return
    defined = openings = 0
    for number, line in enumerate(text.split("\n"), 1):
        before, openings = openings, openings + tag_openings(line)
        if before <= MAX_TAG_OPENINGS < openings:
            yield LimitProblem(number, "html", msg("tag-openings-too-many", limit=MAX_TAG_OPENINGS), "<")
        depth = nesting_depth(line)
        if depth > MAX_NESTING_DEPTH:
            yield LimitProblem(number, "text", msg("nesting-too-deep", depth=depth, limit=MAX_NESTING_DEPTH),
                               line[: len(line) - len(line.lstrip(" \t>-*+0123456789.)"))][:40] or line[:40])
        if defines_abbreviation(line):
            defined += 1
            if defined == abbreviations + 1:
                yield LimitProblem(number, "glossary", msg("abbreviations-too-many", limit=abbreviations),
                                   line[: line.index("]") + 1])
