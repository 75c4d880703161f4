"""Where a part of a YAML text value is written in its file, and what else may be said of a file's lines.

YAML decodes a value before it is checked: a block scalar loses its
indentation, a folded one its line breaks. To point at a character of the
decoded text (and to change it in place, `kb check --fix`), the same words are
looked for in the lines the value is written on: the n-th time they occur in
the value is the n-th time they occur there, when the value is written
literally (no escapes inside them). Otherwise the place is not known, and is
not guessed.
"""
from __future__ import annotations

from kb.project.sources import Document


def written_at(doc: Document, loc: tuple, value: str, start: int, end: int) -> tuple[int, int] | None:
    """(line, column from 1) in the file where `value[start:end]` (part of the value at `loc`) is written."""
    snippet = value[start:end]
    if not snippet or "\n" in snippet or doc.text is None:
        return None
    nth, total = _occurrences(value, snippet, start)
    first = doc.line_of(loc)
    last = doc.ends.get(tuple(loc), first)
    lines = doc.text.split("\n")
    places = []
    for number in range(first, last + 1):
        index = number - doc.first_line
        if not 0 <= index < len(lines):
            break
        line = lines[index]
        at = _value_start(line, loc) if number == first else 0
        while (at := line.find(snippet, at)) != -1:
            places.append((number, at + 1))
            at += 1
    return places[nth] if len(places) == total else None


def _occurrences(value: str, snippet: str, start: int) -> tuple[int, int]:
    """How many times `snippet` occurs in `value` before `start`, and in all (overlapping ones counted)."""
    before = total = 0
    at = 0
    while (at := value.find(snippet, at)) != -1:
        before += at < start
        total += 1
        at += 1
    return before, total


def _value_start(line: str, loc: tuple) -> int:
    """Where the value begins on its key's line: after `key:` (or a list's `- `)."""
    key = loc[-1] if loc else None
    if isinstance(key, str):
        at = line.find(f"{key}:")
        return at + len(key) + 1 if at >= 0 else 0
    dash = line.find("- ")
    return dash + 2 if dash >= 0 else 0


def trailing_spaces(text: str, first_line: int = 1, markdown: bool = False) -> list[tuple[int, int, str]]:
    """(line, column, the spaces) of each line of `text` ending with spaces or tabs. In Markdown, two spaces or
    more before a line of text are a line break, written on purpose: not counted."""
    found = []
    lines = text.split("\n")
    for index, line in enumerate(lines):
        bare = line.removesuffix("\r")
        stripped = bare.rstrip(" \t")
        if stripped == bare:
            continue
        following = lines[index + 1].strip() if index + 1 < len(lines) else ""
        if markdown and stripped and bare.endswith("  ") and following:
            continue
        found.append((first_line + index, len(stripped) + 1, bare[len(stripped):]))
    return found
