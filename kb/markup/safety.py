"""What a contributor's text may hold: read as the site renders it, with its lines for the report.

Content is Markdown written by outside contributors. What it needs (links,
emphasis, lists, tables, admonitions, `{ #id .class }`) it can say in
Markdown; anything that could carry script, read files, or pass for the
site's own markup is refused here, with its file and line, before the build
(which sanitizes again and checks its whole output, kb.publish.firewall).

A text is converted with the site's own Markdown configuration
(kb.markup.markdown_reading) and the result held against allowlists
(kb.markup.content_markup); a refusal is placed on the first line whose addition
makes it. Before that, what would make the converter itself slow is refused
by counting (unclosed brackets), and template syntax is masked: its
expansions are the build's own output, checked by kb.markup.templates.

The same rules read a page body and a prose field of front matter once YAML
has decoded it (kb.model.fields): escapes like `\\x3c` are text by then, so they
cannot hide markup.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from kb.base.limits import open_brackets
from kb.base.messages import Message, msg
from kb.base.problems import Problem
from kb.markup.content_markup import findings
from kb.markup.markdown_reading import render

# Characters a reader does not see, or that change how the text around them reads, refused in everything a
# contributor writes (a page body here, every text field in kb.model.fields): C0 and C1 controls but tab, line feed
# and carriage return (judged by each rule); the invisible format characters — soft hyphen, Arabic letter
# mark, Mongolian vowel separator, zero-width space, joiners and direction marks, word joiner and invisible
# operators, the deprecated format controls, byte order mark, interlinear annotation marks and tag
# characters — which hide a word inside another (`V\u200bLLM` is not found by "vLLM") or make one name pass
# for another; the line and paragraph separators and the bidi embeddings, overrides and isolates, which
# break or reorder it; and the noncharacters (U+FDD0–U+FDEF, the last two of each plane), which are not text
# (XML cannot hold them: kb.publish.feeds). A regular-expression character class.
HIDDEN = (r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\xad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f"
          r"\ufdd0-\ufdef\ufeff\ufff9-\ufffb\ufffe\uffff\U000e0000-\U000e007f"
          + "".join(rf"\U{plane:04x}fffe\U{plane:04x}ffff" for plane in range(1, 17)))
BODY_CONTROL = re.compile(f"[{HIDDEN}]|\r(?!\n)")  # a carriage return only ending a line (Windows line ends)
LINE_BREAK = re.compile(r"[\t\n\r]")
# What would be markup, or decoded into markup, where plain text is printed: HTML, a character reference, template
# syntax, and braces, which Python-Markdown's attr_list reads as attributes where a title meets a heading
# (`Title { .kb-verdict--signal #featured }`, or an unclosed `{` merging with the heading's own).
NOT_PLAIN = re.compile(r"[<>`{}]|&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")
SNIPPET = re.compile(r"-{1,3}8<-{1,3}\s*(?P<q>[\"']?)(?P<name>[^\"'\s]*)(?P=q)")
SNIPPET_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]*")


@dataclass(frozen=True)
class MarkupProblem:
    line: int  # 1 for the first line of the scanned text
    field: str  # html, link, attributes, snippet, character, ...
    message: Message
    found: str  # the text that is refused, to find its line in the file


def markup_problems(text: str) -> Iterator[MarkupProblem]:
    """What `text` (Markdown) may not make, each at the first line that makes it."""
    for number, line in enumerate(lines(text), 1):  # pymdownx.snippets reads `--8<--` lines before anything else
        snippet = SNIPPET.search(line)
        if snippet and not SNIPPET_NAME.fullmatch(snippet.group("name")):
            yield MarkupProblem(number, "snippet", msg("snippet-outside", name=snippet.group("name")), snippet.group(0))
    brackets = open_brackets(text)
    if brackets:  # not converted: the converter itself would take minutes (kb.base.limits)
        yield MarkupProblem(brackets.line, brackets.field, brackets.message, brackets.found)
        return
    masked = masked_templates(text)
    if not MAY_MAKE_MARKUP.search(masked):
        return
    try:
        found = findings(render(masked))
    except RecursionError:  # nesting kb.base.limits did not foresee: refused, not a crash of the checker
        yield MarkupProblem(1, "text", msg("markdown-too-deep"), text.lstrip()[:40])
        return
    if found:
        source = lines(masked)
        locating = Locating(source)
        for finding in found[:MAX_REPORTED]:
            yield MarkupProblem(locating.line_of(finding), finding.field, finding.message, finding.found)


# What can make anything kb.markup.content_markup looks at: raw HTML and autolinks (`<`), links, images, abbreviations
# and task boxes (`[`), attribute lists (`{`), admonitions and details (`!!!`, `???`), tabs and setext headings
# (`===`, a line of `-`), headings (`#`), fenced code (`` ` ``, `~`), emoji (`:`), tables (`|`). A text with none
# of them converts to paragraphs, emphasis, lists, quotes and code blocks, none with an attribute
# (tests/test_hostile_rendering.py converts random such texts to hold this): most prose fields need no conversion.
MAY_MAKE_MARKUP = re.compile(r"[<\[{!?=#`~:|]|^[ \t]*-", re.MULTILINE)
MAX_REPORTED = 20  # findings of one text reported; the contributor sees the rest once these are mended
# Conversions spent placing findings on their lines, for one text: a hostile text of many findings, each
# repeated, would otherwise cost a conversion of up to the whole text per step of each search.
LOCATING_CONVERSIONS = 24


def masked_templates(text: str) -> str:
    """`text` with each template construct (`{{ … }}`, `{% … %}`, `{# … #}`) replaced by a word, its line breaks
    kept: what the build puts there is its own output (kb.markup.templates checks the constructs themselves)."""
    parts, start = [], 0
    following = {marker: text.find(marker) for marker in ("{{", "{%", "{#")}  # each opening's next place
    while True:
        for marker, at in following.items():
            if -1 < at < start:  # passed inside a construct: look again from here (each text is read once a marker)
                following[marker] = text.find(marker, start)
        opening = min((at for at in following.values() if at != -1), default=-1)
        if opening == -1:
            break
        end = text.find(CLOSERS[text[opening + 1]], opening + 2)
        if end == -1:
            break
        end += 2
        parts += [text[start:opening], "macro" + "\n" * text.count("\n", opening, end)]
        start = end
    return "".join(parts) + text[start:]


CLOSERS = {"{": "}}", "%": "%}", "#": "#}"}


class Locating:
    """Finds the line that writes a finding: the one line holding its text, else the first line whose addition
    to the lines before it makes the finding (a search over converted prefixes), within a budget of conversions."""

    def __init__(self, source: list[str]):
        self.source, self.conversions = source, LOCATING_CONVERSIONS

    def line_of(self, finding) -> int:
        candidates = [n for n, line in enumerate(self.source, 1) if finding.found and finding.found in line]
        if len(candidates) == 1:
            return candidates[0]
        if candidates and self._makes(finding.key, candidates[-1]):  # the first candidate line that makes it
            low, high = -1, len(candidates) - 1
            while high - low > 1:
                middle = (low + high) // 2
                if self._makes(finding.key, candidates[middle]):
                    high = middle
                else:
                    low = middle
            return candidates[high]
        low, high = 0, len(self.source)  # the first `low` lines do not make it; the first `high` do
        while high - low > 1:
            middle = (low + high) // 2
            if self._makes(finding.key, middle):
                high = middle
            else:
                low = middle
        return _where_written(finding.found, high, self.source)

    def _makes(self, key: tuple, lines: int) -> bool:
        """Whether the first `lines` lines make the finding; past the budget, taken as yes (the search then
        settles on the earliest line it still holds possible)."""
        if self.conversions <= 0:
            return True
        self.conversions -= 1
        return any(f.key == key for f in findings(render("\n".join(self.source[:lines]))))


def _where_written(found: str, line: int, source: list[str]) -> int:
    """The line that writes `found`: `line` (which completes what was found), or the one before where it
    starts — a tag opened on one line and closed on the next is reported where it opens."""
    for number in range(line, max(0, line - LOOK_BACK), -1):
        if found in source[number - 1]:
            return number
    return line


LOOK_BACK = 20


def lines(text: str) -> list[str]:
    """The lines of a text as Markdown and editors count them: split at line feeds only.

    `str.splitlines` also splits at U+2028, U+0085 or a form feed, which Markdown reads inside a line:
    `<img` + U+2028 + `onerror=…>` would be two harmless lines, and every later line number would be off.
    """
    return text.split("\n")


def control_problems(text: str) -> Iterator[MarkupProblem]:
    """Each control or reordering character a text holds (BODY_CONTROL), at its line."""
    for found in BODY_CONTROL.finditer(text):
        yield MarkupProblem(text.count("\n", 0, found.start()) + 1, "character",
                            hidden_character_message(found.group()[0]), found.group())


def hidden_character_message(char: str) -> Message:
    name = unicodedata.name(char, "")  # controls and noncharacters have none
    code = f"{ord(char):04X}"
    return msg("hidden-character-named", code=code, name=name.lower()) if name else msg("hidden-character", code=code)


def plain_text_problem(value: str) -> tuple[Message, str] | None:
    """(message, what is refused) if `value` is not one line of plain text (a title, a name, a link's text);
    hidden characters are refused before (kb.model.fields.CONTROL, a macro's arguments in kb.markup.templates)."""
    line_break = LINE_BREAK.search(value)
    if line_break:
        return msg("one-line"), line_break.group()
    markup = NOT_PLAIN.search(value)
    if markup:
        return msg("plain-text-markup", markup=markup.group()), markup.group()
    return None


def snippet_names(text: str) -> Iterator[tuple[int, str]]:
    """(line, name) of every snippet a text includes by a plain file name."""
    for number, line in enumerate(lines(text), 1):
        snippet = SNIPPET.search(line)
        if snippet and SNIPPET_NAME.fullmatch(snippet.group("name")):
            yield number, snippet.group("name")


def check_markup(page) -> list[Problem]:
    """Problems in a page's Markdown body (its front matter is checked field by field, kb.model.fields)."""
    found = [*control_problems(page.body), *markup_problems(page.body)]
    return [Problem(page.path, page.body_first_line + p.line - 1, p.field, p.message, found=p.found) for p in found]
