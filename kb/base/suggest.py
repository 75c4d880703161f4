""""Did you mean": the existing names closest to one that is not (an id, a field, a value, a macro)."""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

CLOSEST = 3  # names offered at most
SIMILAR = 0.6  # how alike a name must be to be offered (difflib's ratio)


def closest(name: str, names: Iterable[str], n: int = CLOSEST) -> tuple[str, ...]:
    """The names most like `name`, best first; compared in lower case (`STEPQuant` is close to `stepquant`)."""
    by_lower: dict[str, str] = {}
    for candidate in names:
        if isinstance(candidate, str) and candidate != name:
            by_lower.setdefault(candidate.lower(), candidate)
    found = difflib.get_close_matches(str(name).lower(), list(by_lower), n=n, cutoff=SIMILAR)
    return tuple(by_lower[match] for match in found)


def as_slug(text: str) -> str | None:
    """`text` written as a slug (`STEPQuant` is `stepquant`, `FP4 kernels` is `fp4-kernels`), if it has letters or digits."""
    slug = re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")
    return slug or None
