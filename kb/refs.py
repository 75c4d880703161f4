"""Cross-references written in content: `{{ ref("id") }}` or `{{ ref("id", "text") }}`.

One pattern serves the whole project: the model scans pages with it to know
who mentions what, and expands it in prose kept in front matter.
"""
from __future__ import annotations

import re
from collections.abc import Callable

REF = re.compile(
    r"""\{\{\s*ref\(\s*(?P<q>["'])(?P<id>(?:(?!(?P=q)).)*)(?P=q)\s*"""
    r"""(?:,\s*(?P<q2>["'])(?P<text>(?:(?!(?P=q2)).)*)(?P=q2)\s*)?\)\s*\}\}"""
)


def find_refs(text: str, first_line: int = 1) -> list[tuple[str, int]]:
    """Every referenced id with the line it is written on."""
    return [(m.group("id"), first_line + text.count("\n", 0, m.start())) for m in REF.finditer(text)]


def expand_refs(text: str, link: Callable[[str, str | None], str], plain: Callable[[str], str] = str) -> str:
    """`text` with each ref replaced by `link(id, text)` and the rest passed through `plain`."""
    parts, last = [], 0
    for match in REF.finditer(text):
        parts += [plain(text[last:match.start()]), link(match.group("id"), match.group("text"))]
        last = match.end()
    return "".join(parts) + plain(text[last:])
