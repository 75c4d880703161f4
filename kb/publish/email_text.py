"""The plain-text part of an issue's email, read from its HTML part, so both say the same: text as a mail
client shows it, each link's target numbered after its label ([1]) and listed at the end.

Read with a tokenizer of the HTML kb.publish.email_issue writes (attribute values escaped, no comments, the head
dropped first), not html.parser, which took much of the time of writing an email (measured: bench/README.md,
kb/publish/email_text.py).
"""
from __future__ import annotations

import html
import re

BLOCKS = {"p", "div", "ul", "ol", "table", "tr", "h1", "h2", "h3", "h4"}
HEADING_MARKS = {"h1": "", "h2": "■ ", "h3": "▸ "}
# The head, to its end or the next head (`<head` with no end, repeated, was quadratic searched to the end each time).
HEAD = re.compile(r"<head\b(?:(?!<head\b|</head>).)*+</head>", re.DOTALL | re.IGNORECASE)
# A tag holds no `<` (kb.render.markup escapes attribute values): a `<` left open ends at the next one. A
# declaration (`<!DOCTYPE html>`) is no text: read as text, it led every plain part.
TOKEN = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*+)([^<>]*+)>|<![^<>]*+>|([^<]+)")
HREF = re.compile(r'\bhref="([^"]*)"')
SPACES = re.compile(r"\s+")


def plain_text(markup: str) -> str:
    out: list[str] = []
    urls: dict[str, int] = {}  # each link's target -> its number, in the order first linked
    links: list[str | None] = []  # the href of each open <a>
    for closing, tag, attributes, text in TOKEN.findall(HEAD.sub("", markup)):
        tag = tag.lower()
        if text:
            out.append(SPACES.sub(" ", html.unescape(text)))
        elif not closing:
            if tag == "li":
                out.append("\n- ")
            elif tag in HEADING_MARKS:
                out.append("\n\n" + HEADING_MARKS[tag])
            elif tag == "br":
                out.append("\n")
            elif tag in BLOCKS:
                out.append("\n\n")
            if tag == "a":
                href = HREF.search(attributes)
                links.append(html.unescape(href[1]) if href else None)
        elif tag == "a" and links:
            url = links.pop()
            if url:
                number = urls.setdefault(url, len(urls) + 1)
                out.append(f" [{number}]")
        elif tag in HEADING_MARKS or tag in BLOCKS:
            out.append("\n\n")
    lines = [line.strip() for line in "".join(out).splitlines()]
    body = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
    listed = "\n".join(f"[{n}] {url}" for n, url in enumerate(urls, 1))
    return f"{body}\n\n{listed}\n" if listed else f"{body}\n"
