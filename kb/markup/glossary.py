"""Snippets are plain data: abbreviation definitions, one a line, nothing else.

The glossary (snippets/abbreviations*.md) is appended to every page of its
language, and any snippet may be included in a page: markup, a macro or an
admonition there ("official notice") would speak on every page at once, in
the site's voice. So a snippet holds only what Python-Markdown's `abbr`
extension reads — `*[TTFT]: time to first token` — with both parts plain
text, and blank lines.
"""
from __future__ import annotations

from collections.abc import Iterator

from kb.base.messages import Message, msg
from kb.base.text import ABBREVIATION
from kb.markup.safety import control_problems, lines, plain_text_problem


def plain_data_problems(text: str) -> Iterator[tuple[int, str, Message, str]]:
    """(line, field, what is wrong, the text at fault) for each line of a snippet that is not a plain abbreviation."""
    for problem in control_problems(text):
        yield problem.line, problem.field, problem.message, problem.found
    for number, line in enumerate(lines(text), 1):
        if not line.strip():
            continue
        definition = ABBREVIATION.fullmatch(line)
        if not definition:
            yield number, "snippet", msg("snippet-not-abbreviation"), line.strip()[:40]
            continue
        for part in ("abbreviation", "expansion"):
            value = definition.group(part).strip()
            problem = plain_text_problem(value) if value else (msg("snippet-empty-expansion"), line)
            if problem:
                yield number, "snippet", problem[0], problem[1]
                break
