"""Generated HTML kept out of the Markdown converter.

Long lists (hubs, timelines, the archive) are built as HTML; passed through
Markdown they still cost its HTML parser much of a large archive's build
(measured: bench/README.md, kb/render/raw_html.py).
`keep` stores one and returns a placeholder block for the Markdown; `restore`
puts them back into the converted page, after the page's own HTML was
sanitized: generated HTML is escaped as it is built and never needs it.

A placeholder carries a token drawn for each page: content cannot write one
that restores (it never sees the token), and any other placeholder left in a
page is refused, naming it.
"""
from __future__ import annotations

import re
import secrets

PLACEHOLDER_ATTRIBUTE = "data-kb-raw"
# Sanitized HTML (nh3) and generated HTML escape `<` in attribute values: a tag ends before the next `<`, and a
# scan from each `<` stops there (to the text's end, a run of `<` was quadratic).
ANY_PLACEHOLDER = re.compile(rf"<[^<>]*\b{PLACEHOLDER_ATTRIBUTE}=[^<>]*>")
TOKEN_HEX = 16  # the token's length: secrets.token_hex(8)
# A placeholder as `keep` writes it, whatever its token: compiled once, where a pattern holding each page's token
# was compiled for every page, and Python's cache of patterns never found it again (measured: bench/README.md,
# kb/render/raw_html.py). `restore` puts back only those with its page's token.
WRITTEN = re.compile(rf'<div {PLACEHOLDER_ATTRIBUTE}="([0-9a-f]{{{TOKEN_HEX}}})-(\d+)"></div>')


class ForgedPlaceholder(LookupError):
    pass


class RawHtml:
    def __init__(self):
        self.parts: list[str] = []
        self.token = secrets.token_hex(TOKEN_HEX // 2)

    def keep(self, html_text: str) -> str:
        self.parts.append(html_text)
        return f'<div {PLACEHOLDER_ATTRIBUTE}="{self.token}-{len(self.parts) - 1}"></div>'

    def restore(self, converted: str) -> str:
        def part(match: re.Match) -> str:
            if match[1] != self.token:
                return match[0]  # not this page's: refused below, as any other placeholder left
            index = int(match[2])
            if index >= len(self.parts):
                raise ForgedPlaceholder(f"placeholder {match[0]} has no generated HTML — content may not write one")
            return self.parts[index]
        restored = WRITTEN.sub(part, converted)
        forged = ANY_PLACEHOLDER.search(restored)
        if forged:
            raise ForgedPlaceholder(f"`{forged.group()}` is a placeholder only the build may write — remove it from the page")
        return restored
