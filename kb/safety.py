"""Markup content may not use: raw HTML, unsafe link schemes, attributes, outside snippets.

Content is Markdown written by outside contributors. What it needs (links,
emphasis, lists, tables, admonitions, `{ #id .class }`) it can say in
Markdown; anything that could carry script or read files is refused here,
with its file and line, before the build (which sanitizes again and checks
its whole output, kb.firewall).

The same rules read a page body line by line and a prose field of front
matter once YAML has decoded it (kb.fields): escapes like `\\x3c` are text by
then, so they cannot hide markup.
"""
from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from .messages import Message, msg, words
from .problems import Problem
from .urls import link_text_problem, url_problem

SAFE_SCHEMES = ("http", "https", "mailto")

FENCE = re.compile(r"^\s*(`{3,}|~{3,})(.*)$")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+\1")
# A tag name ends at a space, `/`, `>` or the end of the line: Markdown reads `<img` ending one line and
# `src=x onerror=…>` on the next as one tag.
RAW_HTML = re.compile(r"<(/?[A-Za-z][A-Za-z0-9-]*)(?=[\s/>]|$)|<!--|<\?|<!\[CDATA\[|<![A-Za-z]")
LINK_TARGET = re.compile(
    r"\]\(\s*<?\s*(?P<a>[^)\s>]*)"          # [text](target) and ![alt](target)
    r"|^\s*\[[^\]]+\]:\s*<?(?P<b>\S*)"        # [label]: target
    r"|<(?P<c>[A-Za-z][A-Za-z0-9+.-]*:[^>\s]*)>"  # <scheme:autolink>
)
# [text](target) on one line, its text without brackets and bounded, so each `[` is read at most 200 characters on
LINK_TEXT = re.compile(r"\[([^\[\]\n]{1,200})\]\(\s*<?([^)\s>]*)")
# A link whose target is left for the next line (`[x](` or `[r]:` ending the line, perhaps with `<`):
# Markdown reads the target from there, so the next line's start is checked as one.
OPEN_TARGET = re.compile(r"\]\(\s*<?\s*$|^\s*\[[^\]]+\]:\s*<?\s*$")
NEXT_TARGET = re.compile(r"\s*<?\s*(?P<target>[^)\s>]*)")
# A reference definition whose label opened on a line before: `[r` + newline + `1]: target` defines `r 1`.
CONTINUED_LABEL = re.compile(r"[^\[\]]*\]:\s*<?(?P<target>\S*)")
# ![alt](https://…) or ![alt](//…): an image another site serves (kb.html_rules refuses any left in a built page)
OUTSIDE_IMAGE = re.compile(r"!\[[^\]]*\]\(\s*<?\s*(?:[A-Za-z][A-Za-z0-9+.-]*:|//)")
SCHEME = re.compile(r"^\s*([A-Za-z][A-Za-z0-9+.\-]*)\s*:")
ATTR_LIST = re.compile(r"\{:?[^{}\n]*=[^{}\n]*\}")
ATTR_ID = re.compile(r"\{:?[^{}\n]*?#([^\s{}]+)[^{}\n]*\}")
SLUG_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# Classes and ids the project's generated markup (`kb-`) and the theme (`md-`) give a meaning to: content wearing
# one would look like what the site itself says (a source badge, a verdict, the theme's chrome), or be read as it.
RESERVED_CLASS_PREFIXES = ("kb-", "md-")
# ...but for the theme's classes Material documents for content to use: `[Link](page.md){ .md-button }`.
CONTENT_THEME_CLASSES = {"md-button", "md-button--primary"}
ATTR_BLOCK = re.compile(r"\{:?([^{}\n]*)\}")
CLASS_NAME = re.compile(r"(?:^|\s)\.([^\s{}]+)")
ADMONITION = re.compile(r"^\s*(?:!!!|\?\?\?\+?)\s*(?P<classes>[\w\- ]+)")  # `!!! note kb-summary "Title"`: each word a class
# Characters a reader does not see, or that change how the text around them reads, refused in everything a
# contributor writes (a page body here, every text field in kb.fields): C0 and C1 controls but tab, line feed
# and carriage return (judged by each rule); the invisible format characters — soft hyphen, Arabic letter
# mark, Mongolian vowel separator, zero-width space, joiners and direction marks, word joiner and invisible
# operators, the deprecated format controls, byte order mark, interlinear annotation marks and tag
# characters — which hide a word inside another (`V\u200bLLM` is not found by "vLLM") or make one name pass
# for another; the line and paragraph separators and the bidi embeddings, overrides and isolates, which
# break or reorder it; and the noncharacters (U+FDD0–U+FDEF, the last two of each plane), which are not text
# (XML cannot hold them: kb.feeds). A regular-expression character class.
HIDDEN = (r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\xad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f"
          r"\ufdd0-\ufdef\ufeff\ufff9-\ufffb\ufffe\uffff\U000e0000-\U000e007f"
          + "".join(rf"\U{plane:04x}fffe\U{plane:04x}ffff" for plane in range(1, 17)))
BODY_CONTROL = re.compile(f"[{HIDDEN}]|\r(?!\n)")  # a carriage return only ending a line (Windows line ends)
LINE_BREAK = re.compile(r"[\t\n\r]")
# What would be markup, or decoded into markup, where plain text is printed: HTML, a character reference, template
# syntax, and braces, which Python-Markdown's attr_list reads as attributes where a title meets a heading
# (`Title { .kb-verdict--signal #featured }`, or an unclosed `{` merging with the heading's own).
NOT_PLAIN = re.compile(r"[<>`{}]|&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")
THEME_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+_{2}")  # slugified to an id like __config, which the theme's script reads
# Python-Markdown looks for the end of every `[` it finds: thousands unmatched in one paragraph take minutes.
MAX_OPEN_BRACKETS = 100
OPEN_BRACKET, CLOSE_BRACKET = re.compile(r"(?<!\\)\["), re.compile(r"(?<!\\)\]")
IGNORED_IN_URL = re.compile(r"[\x00-\x20\x7f]")  # browsers drop these from an address before reading its scheme
SNIPPET = re.compile(r"-{1,3}8<-{1,3}\s*(?P<q>[\"']?)(?P<name>[^\"'\s]*)(?P=q)")
SNIPPET_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]*")


@dataclass(frozen=True)
class MarkupProblem:
    line: int  # 1 for the first line of the scanned text
    field: str  # html, link, attributes, snippet, character, ...
    message: Message
    found: str  # the text that is refused, to find its line in the file


def markup_problems(text: str) -> Iterator[MarkupProblem]:
    """What `text` (Markdown) may not hold, line by line; fenced code is skipped, but not its fence line."""
    in_fence, open_brackets, paragraph, open_target = None, 0, 1, False
    for number, line in enumerate(lines(text), 1):
        if not line.strip():
            open_brackets, paragraph, open_target = 0, number + 1, False
        # pymdownx.snippets reads `--8<--` lines before anything else, fenced or not
        snippet = SNIPPET.search(line)
        if snippet and not SNIPPET_NAME.fullmatch(snippet.group("name")):
            yield MarkupProblem(number, "snippet", msg("snippet-outside", name=snippet.group("name")), snippet.group(0))
        fence = FENCE.match(line)
        if fence:
            marker, open_target = fence.group(1), False
            if in_fence is None:
                in_fence = marker[0] * len(marker)
                if "=" in fence.group(2):  # ```{ .python data-x="..." }: attributes on the code block
                    yield MarkupProblem(number, "attributes", msg("fence-attribute"), fence.group(2).strip())
                reserved = _reserved_class(CLASS_NAME.findall(fence.group(2)))  # ```{ .python .kb-item }
                if reserved:
                    yield MarkupProblem(number, "attributes", *reserved)
            elif marker[0] == in_fence[0] and len(marker) >= len(in_fence) and not fence.group(2).strip():
                in_fence = None
            continue
        if in_fence:
            continue
        visible = CODE_SPAN.sub("", line)
        problem = _line_problem(visible)
        target = None
        if open_target:  # the line before ended with `[x](` or `[r]:`: this line starts with the target
            target = NEXT_TARGET.match(visible).group("target")
        elif open_brackets and (label := CONTINUED_LABEL.match(visible)):  # `[r` on a line before, `1]: target` here
            target = label.group("target")
        problem = problem or (_target_problem(target) if target else None)
        if problem:
            yield MarkupProblem(number, *problem)
        # still open if this line leaves its target for the next, or was only the `<` opening it
        open_target = bool(OPEN_TARGET.search(visible)) or (target == "" and bool(visible.strip()))
        before = open_brackets
        open_brackets = max(0, open_brackets + len(OPEN_BRACKET.findall(visible)) - len(CLOSE_BRACKET.findall(visible)))
        if before <= MAX_OPEN_BRACKETS < open_brackets:
            yield MarkupProblem(paragraph, "brackets", msg("open-brackets", limit=MAX_OPEN_BRACKETS), "[")


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
    hidden characters are refused before (kb.fields.CONTROL, a macro's arguments in kb.templates)."""
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
    """Problems in a page's Markdown body (its front matter is checked field by field, kb.fields)."""
    found = [*control_problems(page.body), *markup_problems(page.body)]
    return [Problem(page.path, page.body_first_line + p.line - 1, p.field, p.message, found=p.found) for p in found]


def _line_problem(line: str) -> tuple[str, Message, str] | None:
    raw = RAW_HTML.search(line)
    if raw:
        return "html", msg("raw-html", tag=raw.group(0)), raw.group(0)
    for match in LINK_TARGET.finditer(line):
        problem = _target_problem(match.group("a") or match.group("b") or match.group("c") or "")
        if problem:
            return problem
    for match in LINK_TEXT.finditer(line):  # `[github.com/x](https://evil.example/)`: text naming another host
        deceptive = link_text_problem(match.group(1), html.unescape(match.group(2)))
        if deceptive:
            return "link", deceptive, match.group(1)
    image = OUTSIDE_IMAGE.search(line)
    if image:
        return "image", msg("outside-image"), image.group(0)
    attributes = ATTR_LIST.search(line)
    if attributes:
        return "attributes", msg("attribute-key-value"), attributes.group(0)
    for anchor in ATTR_ID.finditer(line):
        if not SLUG_ID.fullmatch(anchor.group(1)):
            return "attributes", msg("attribute-bad-id", id=anchor.group(1)), anchor.group(0)
        if anchor.group(1).startswith(RESERVED_CLASS_PREFIXES):  # `#kb-names` would end a record's text in search
            return ("attributes", msg("attribute-reserved-id", id=anchor.group(1),
                                      prefixes=words(RESERVED_CLASS_PREFIXES, "or")), anchor.group(0))
    admonition = ADMONITION.match(line)
    reserved = _reserved_class([name for block in ATTR_BLOCK.findall(line) for name in CLASS_NAME.findall(block)]
                               + (admonition.group("classes").split() if admonition else []))
    if reserved:
        return "attributes", *reserved
    if THEME_HEADING.match(line):
        return "heading", msg("theme-heading"), line.strip()
    return None


def _target_problem(target: str) -> tuple[str, Message, str] | None:
    scheme = SCHEME.match(IGNORED_IN_URL.sub("", html.unescape(target)))  # `&#106;avascript:` is javascript:
    if scheme and scheme.group(1).lower() not in SAFE_SCHEMES:
        return "link", msg("link-scheme", scheme=scheme.group(1)), scheme.group(0)
    deceptive = url_problem(html.unescape(target))  # user info, a host that passes for another (kb.urls)
    return ("link", deceptive, target) if deceptive else None


def _reserved_class(names: list[str]) -> tuple[Message, str] | None:
    """(message, found) for the first class of `names` that belongs to the project's or the theme's markup."""
    for name in names:
        if name.casefold().startswith(RESERVED_CLASS_PREFIXES) and name not in CONTENT_THEME_CLASSES:
            return msg("attribute-reserved-class", name=name, prefixes=words(RESERVED_CLASS_PREFIXES, "or")), name
    return None
