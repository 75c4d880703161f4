"""The plain-text part of an issue's email, read from its HTML part, so both say the same: text as a mail
client shows it, each link's target numbered after its label ([1]) and listed at the end."""
from __future__ import annotations

import re
from html.parser import HTMLParser

BLOCKS = {"p", "div", "ul", "ol", "table", "tr", "h1", "h2", "h3", "h4", "br"}
SKIPPED = {"head", "style", "title", "script"}
HEADING_MARKS = {"h1": "", "h2": "■ ", "h3": "▸ "}


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.urls: list[str] = []
        self.links: list[str | None] = []  # the href of each open <a>
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED:
            self.skipping += 1
        elif tag == "li":
            self.out.append("\n- ")
        elif tag in HEADING_MARKS:
            self.out.append("\n\n" + HEADING_MARKS[tag])
        elif tag in BLOCKS:
            self.out.append("\n" if tag == "br" else "\n\n")
        if tag == "a":
            self.links.append(dict(attrs).get("href"))

    def handle_endtag(self, tag):
        if tag in SKIPPED:
            self.skipping -= 1
        elif tag == "a" and self.links:
            url = self.links.pop()
            if url:
                if url not in self.urls:
                    self.urls.append(url)
                self.out.append(f" [{self.urls.index(url) + 1}]")
        elif tag in HEADING_MARKS or tag in BLOCKS:
            self.out.append("\n\n" if tag != "br" else "")

    def handle_data(self, data):
        if not self.skipping:
            self.out.append(re.sub(r"\s+", " ", data))


def plain_text(markup: str) -> str:
    reader = _Text()
    reader.feed(markup)
    reader.close()
    lines = [line.strip() for line in "".join(reader.out).splitlines()]
    body = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
    links = "\n".join(f"[{n}] {url}" for n, url in enumerate(reader.urls, 1))
    return f"{body}\n\n{links}\n" if links else f"{body}\n"
