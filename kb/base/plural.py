"""A count in a sentence, said right for zero, one and many in each language.

A sentence with a count is held as its forms: `{"zero": …, "one": …, "many": …}`. Chinese has no plural, so its
"one" may be left out (it is the "many" sentence), but zero takes a sentence of its own in both languages: "0 个…都还
没有核对" and "None of 0 figures…" are what a template with a number slot says when nothing was counted. An empty
zero form says nothing at all (the caller leaves the sentence out).
"""
from __future__ import annotations

from collections.abc import Mapping

FORMS = ("zero", "one", "many")
REQUIRED = {"zh": ("zero", "many"), "en": FORMS}  # which forms each language must write (tests/test_plural.py)


def form(n: int) -> str:
    """Which form a count takes: zero, one or many."""
    return "zero" if n == 0 else "one" if n == 1 else "many"


def chosen(forms: Mapping[str, str], n: int) -> str:
    """The form `n` things take, not yet filled in. A missing "one" falls back to "many" (Chinese); a missing "zero"
    is a mistake in the forms, not a fallback."""
    key = form(n)
    if key == "one" and key not in forms:
        key = "many"
    return forms[key]


def plural(forms: Mapping[str, str], n: int, **fields: object) -> str:
    """The sentence for `n` things, with `{n}` and any other `fields` filled in ("" when the zero form is empty)."""
    return chosen(forms, n).format(n=n, **fields)


def is_plural(value: object) -> bool:
    """Whether a label is a set of count forms (a mapping of form names holding at least "many")."""
    return isinstance(value, Mapping) and "many" in value and set(value) <= set(FORMS)
