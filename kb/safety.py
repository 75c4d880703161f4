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
from collections.abc import Iterator
from dataclasses import dataclass

from .problems import Problem

SAFE_SCHEMES = ("http", "https", "mailto")

FENCE = re.compile(r"^\s*(`{3,}|~{3,})(.*)$")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+\1")
RAW_HTML = re.compile(r"<(/?[A-Za-z][A-Za-z0-9-]*)(?=[\s/>])|<!--|<\?|<!\[CDATA\[|<![A-Za-z]")
LINK_TARGET = re.compile(
    r"\]\(\s*<?\s*(?P<a>[^)\s>]*)"          # [text](target) and ![alt](target)
    r"|^\s*\[[^\]]+\]:\s*<?(?P<b>\S*)"        # [label]: target
    r"|<(?P<c>[A-Za-z][A-Za-z0-9+.-]*:[^>\s]*)>"  # <scheme:autolink>
)
SCHEME = re.compile(r"^\s*([A-Za-z][A-Za-z0-9+.\-]*)\s*:")
ATTR_LIST = re.compile(r"\{:?[^{}\n]*=[^{}\n]*\}")
ATTR_ID = re.compile(r"\{:?[^{}\n]*?#([^\s{}]+)[^{}\n]*\}")
SLUG_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
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
    field: str  # html, link, attributes, snippet
    message: str
    found: str  # the text that is refused, to find its line in the file


def markup_problems(text: str) -> Iterator[MarkupProblem]:
    """What `text` (Markdown) may not hold, line by line; fenced code is skipped, but not its fence line."""
    in_fence, open_brackets, paragraph = None, 0, 1
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            open_brackets, paragraph = 0, number + 1
        # pymdownx.snippets reads `--8<--` lines before anything else, fenced or not
        snippet = SNIPPET.search(line)
        if snippet and not SNIPPET_NAME.fullmatch(snippet.group("name")):
            yield MarkupProblem(number, "snippet", f"`{snippet.group('name')}` is outside the snippets/ folder — "
                                "include only a file of snippets/ by its name", snippet.group(0))
        fence = FENCE.match(line)
        if fence:
            marker = fence.group(1)
            if in_fence is None:
                in_fence = marker[0] * len(marker)
                if "=" in fence.group(2):  # ```{ .python data-x="..." }: attributes on the code block
                    yield MarkupProblem(number, "attributes", "a code fence may name its language only — remove the "
                                        "`key=value` attribute", fence.group(2).strip())
            elif marker[0] == in_fence[0] and len(marker) >= len(in_fence) and not fence.group(2).strip():
                in_fence = None
            continue
        if in_fence:
            continue
        visible = CODE_SPAN.sub("", line)
        problem = _line_problem(visible)
        if problem:
            yield MarkupProblem(number, *problem)
        before = open_brackets
        open_brackets = max(0, open_brackets + len(OPEN_BRACKET.findall(visible)) - len(CLOSE_BRACKET.findall(visible)))
        if before <= MAX_OPEN_BRACKETS < open_brackets:
            yield MarkupProblem(paragraph, "brackets", f"this paragraph opens over {MAX_OPEN_BRACKETS} `[` it never closes, "
                                "which Markdown reads very slowly — close them, or write `\\[`", "[")


def snippet_names(text: str) -> Iterator[tuple[int, str]]:
    """(line, name) of every snippet a text includes by a plain file name."""
    for number, line in enumerate(text.splitlines(), 1):
        snippet = SNIPPET.search(line)
        if snippet and SNIPPET_NAME.fullmatch(snippet.group("name")):
            yield number, snippet.group("name")


def check_markup(page) -> list[Problem]:
    """Problems in a page's Markdown body (its front matter is checked field by field, kb.fields)."""
    return [Problem(page.path, page.body_first_line + p.line - 1, p.field, p.message) for p in markup_problems(page.body)]


def _line_problem(line: str) -> tuple[str, str, str] | None:
    raw = RAW_HTML.search(line)
    if raw:
        return "html", (f"raw HTML `{raw.group(0)}` is not allowed in content — write it in Markdown "
                        "(links, emphasis, lists, tables, admonitions), or put code in backticks"), raw.group(0)
    for match in LINK_TARGET.finditer(line):
        target = match.group("a") or match.group("b") or match.group("c") or ""
        scheme = SCHEME.match(IGNORED_IN_URL.sub("", html.unescape(target)))  # `&#106;avascript:` is javascript:
        if scheme and scheme.group(1).lower() not in SAFE_SCHEMES:
            return ("link", f"`{scheme.group(1)}:` links are not allowed — link to an http(s):// page or another page of the site",
                    scheme.group(0))
    attributes = ATTR_LIST.search(line)
    if attributes:
        return ("attributes", "only `{ #id }` and `{ .class }` may follow Markdown — remove the `key=value` attribute",
                attributes.group(0))
    anchor = ATTR_ID.search(line)
    if anchor and not SLUG_ID.fullmatch(anchor.group(1)):
        return "attributes", f"`#{anchor.group(1)}` is not an id this site uses — write ids as lowercase slugs", anchor.group(0)
    if THEME_HEADING.match(line):
        return "heading", "a heading may not start with `__` (its id would clash with the theme's own) — reword it", line.strip()
    return None
