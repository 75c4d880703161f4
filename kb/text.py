"""Facts about written text shared by typography, search and rendering: which characters are Han."""
from __future__ import annotations

import re

HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # CJK ideographs: the extension A block, the main block, compatibility
HAN_CHAR = re.compile(f"[{HAN}]")


def join_words(first: str, second: str) -> str:
    """Two runs of text as the language joins them: Han meets Han without a space (约减半), else with one."""
    return first + second if HAN_CHAR.match(first[-1:]) and HAN_CHAR.match(second[:1]) else f"{first} {second}"
