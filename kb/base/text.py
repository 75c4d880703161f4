"""Facts about written text shared by typography, search, rendering and the checks: which characters are Han,
and how a line defines an abbreviation."""
from __future__ import annotations

import re
from collections.abc import Iterator

HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # CJK ideographs: the extension A block, the main block, compatibility
HAN_CHAR = re.compile(f"[{HAN}]")


def join_words(first: str, second: str) -> str:
    """Two runs of text as the language joins them: Han meets Han without a space (约减半), else with one."""
    return first + second if HAN_CHAR.match(first[-1:]) and HAN_CHAR.match(second[:1]) else f"{first} {second}"


# A line defining an abbreviation, as Python-Markdown's abbr extension reads one: `*[TTFT]: time to first token`
ABBREVIATION = re.compile(r"\*\[(?P<abbreviation>[^\\\]\n]{1,80})\] ?: *(?P<expansion>[^\n]*)")


def abbreviations(text: str) -> Iterator[tuple[int, str, str]]:
    """(line, abbreviation, expansion) of each line of `text` that defines one, its expansion stripped."""
    for number, line in enumerate(text.split("\n"), 1):
        definition = ABBREVIATION.fullmatch(line)
        if definition:
            yield number, definition.group("abbreviation"), definition.group("expansion").strip()
