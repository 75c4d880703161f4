"""Generated HTML kept out of the Markdown converter.

Long lists (hubs, timelines, the archive) are built as HTML; passed through
Markdown they still cost its HTML parser most of the build at 520 issues.
`keep` stores one and returns a placeholder block for the Markdown; `restore`
puts them back into the converted page.
"""
from __future__ import annotations

import re


class RawHtml:
    PLACEHOLDER = re.compile(r'<div data-kb-raw="(\d+)"></div>')

    def __init__(self):
        self.parts: list[str] = []

    def keep(self, html_text: str) -> str:
        self.parts.append(html_text)
        return f'<div data-kb-raw="{len(self.parts) - 1}"></div>'

    def restore(self, converted: str) -> str:
        def part(match: re.Match) -> str:
            index = int(match[1])
            if index >= len(self.parts):
                raise LookupError(f"placeholder {match[0]} has no generated HTML — content may not write it")
            return self.parts[index]
        return self.PLACEHOLDER.sub(part, converted)
