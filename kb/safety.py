"""Markup content may not use: raw HTML, unsafe link schemes, attributes, outside snippets.

Content is Markdown written by outside contributors. What it needs (links,
emphasis, lists, tables, admonitions, `{ #id .class }`) it can say in
Markdown; anything that could carry script or read files is refused here,
with its file and line, before the build (which sanitizes again).
"""
from __future__ import annotations

import re

from .problems import Problem

SAFE_SCHEMES = {"http", "https", "mailto"}

FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+\1")
RAW_HTML = re.compile(r"<(/?[A-Za-z][A-Za-z0-9-]*)(?=[\s/>])|<!--|<\?|<!\[CDATA\[")
LINK_TARGET = re.compile(
    r"\]\(\s*<?\s*(?P<a>[^)\s>]*)"          # [text](target) and ![alt](target)
    r"|^\s*\[[^\]]+\]:\s*<?(?P<b>\S*)"        # [label]: target
    r"|<(?P<c>[A-Za-z][A-Za-z0-9+.-]*:[^>\s]*)>"  # <scheme:autolink>
)
SCHEME = re.compile(r"^\s*([A-Za-z][A-Za-z0-9+.\-]*)\s*:")
ATTR_LIST = re.compile(r"\{:?[^{}\n]*=[^{}\n]*\}")
SNIPPET = re.compile(r"-{1,3}8<-{1,3}\s*(?P<q>[\"']?)(?P<name>[^\"'\s]*)(?P=q)")
SNIPPET_NAME = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9_.-]*$")


def check_markup(page) -> list[Problem]:
    return [
        *_scan(page.path, page.meta_text, 2),
        *_scan(page.path, page.body, page.body_first_line),
    ]


def _scan(path: str, text: str, first_line: int) -> list[Problem]:
    problems = []
    in_fence = None
    for number, line in enumerate(text.splitlines(), first_line):
        fence = FENCE.match(line)
        if fence:
            in_fence = None if in_fence == fence.group(1) else (in_fence or fence.group(1))
            continue
        if in_fence:
            continue
        visible = CODE_SPAN.sub("", line)
        problem = _line_problem(visible)
        if problem:
            field, message = problem
            problems.append(Problem(path, number, field, message))
    return problems


def _line_problem(line: str) -> tuple[str, str] | None:
    html = RAW_HTML.search(line)
    if html:
        return "html", (f"raw HTML `{html.group(0)}` is not allowed in content — write it in Markdown "
                        "(links, emphasis, lists, tables, admonitions), or put code in backticks")
    for match in LINK_TARGET.finditer(line):
        target = match.group("a") or match.group("b") or match.group("c") or ""
        scheme = SCHEME.match(target)
        if scheme and scheme.group(1).lower() not in SAFE_SCHEMES:
            return "link", f"`{scheme.group(1)}:` links are not allowed — link to an http(s):// page or another page of the site"
    if ATTR_LIST.search(line):
        return "attributes", "only `{ #id }` and `{ .class }` may follow Markdown — remove the `key=value` attribute"
    snippet = SNIPPET.search(line)
    if snippet and not SNIPPET_NAME.match(snippet.group("name")):
        return "snippet", f"`{snippet.group('name')}` is outside the snippets/ folder — include only a file of snippets/ by its name"
    return None
