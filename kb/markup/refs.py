"""Cross-references written in content: `{{ ref("id") }}` or `{{ ref("id", "text") }}`.

One pattern serves the whole project: the model scans pages with it to know
who mentions what, and expands it in prose kept in front matter.

A ref beside Han whose text starts (or ends) with a Latin letter or a digit is
set apart by a space when it is rendered, as Chinese typesetting spaces Han
from Latin: `见{{ ref("vllm-v0-33-0") }}的` reads "见 vLLM v0.33.0 的", and
`见{{ ref("x") }}` linking a Chinese title reads without one; a space written
between Han and a ref showing Han is dropped (`第 3 期的 {{ ref("x") }} 一条` reads
"第 3 期的双向 KV 传输一条"). A contributor writes refs without thinking of it
(kb.content.typography reads a ref as its text).
"""
from __future__ import annotations

import re
from collections.abc import Callable

from kb.base.text import HAN_CHAR

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


LATIN_EDGE = re.compile(r"[A-Za-z0-9]")
HAN_BEFORE_SPACE = re.compile(f"{HAN_CHAR.pattern} $")
SPACE_BEFORE_HAN = re.compile(f" {HAN_CHAR.pattern}")


def spaced_refs(text: str, label: Callable[[str, str | None], str]) -> str:
    """`text` with a space between Han and each ref whose text (`label(id, text)`) meets it with a Latin letter or
    a digit, on either side."""
    parts, last = [], 0
    for match in REF.finditer(text):
        shown = label(match.group("id"), match.group("text")) or ""
        before = text[last:match.start()]
        if shown and HAN_CHAR.match(shown[0]) and HAN_BEFORE_SPACE.search(before):
            before = before[:-1]  # `第 3 期的 {{ ref(…) }}` showing Han: no space between Han and Han
        parts.append(before)
        if shown and HAN_CHAR.match(before[-1:]) and LATIN_EDGE.match(shown[0]):
            parts.append(" ")
        parts.append(match.group())
        last = match.end()
        if shown and HAN_CHAR.match(shown[-1]) and SPACE_BEFORE_HAN.match(text, last):
            last += 1
        if shown and HAN_CHAR.match(text[last:last + 1]) and LATIN_EDGE.match(shown[-1]):
            parts.append(" ")
    return "".join(parts) + text[last:]
