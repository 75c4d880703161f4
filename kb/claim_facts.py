"""Claims: the figures an item reports, as the source wrote them, with the way they moved.

A figure keeps its written form (8.40 stays 8.40, 256K stays 256K); a ratio
says which way the figure moved (`direction: higher` is 3.3× as much,
`lower` is down to 1/3.3), since "6.8×" of a cache size reads as growth.

A later figure can check an earlier one (`checks:`): it confirms it, qualifies
it (holds, smaller or only under conditions) or contradicts it. The earlier
claim's status is the verdict of its latest check (kb.crosscheck sets it).
"""
from __future__ import annotations

import math
import re
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, model_validator

from .fields import Finite, PlainText, Slug

Metric = Literal["ttft", "latency", "throughput", "goodput", "memory", "accuracy", "perplexity", "error",
                 "context", "compression", "stars"]
METRICS = get_args(Metric)
LOWER_IS_BETTER = {"ttft", "latency", "memory", "perplexity", "error", "compression"}
SIZES = {"memory", "compression"}  # a lower figure is a reduction ("down to 1/6.8"), not a speed-up
# Who stands behind a figure: the maker, a paper's authors, a third party, or a platform's count (stars).
SourceKind = Literal["vendor", "paper", "independent", "statistic"]
SOURCE_KINDS = get_args(SourceKind)
Qualifier = Literal["about", "up-to", "at-least", "at-most"]
Direction = Literal["higher", "lower"]  # which way the measured figure moved
CheckVerdict = Literal["confirms", "qualifies", "contradicts"]
# A claim's status: never checked, or what its latest check found.
Status = Literal["unchecked", "confirmed", "qualified", "contradicted"]
STATUSES = get_args(Status)
STATUS_AFTER: dict[str, Status] = {"confirms": "confirmed", "qualifies": "qualified", "contradicts": "contradicted"}
UNITS = ("s", "ms", "tok/s", "%", "pt", "GB", "bit", "tokens", "stars")  # a figure without one is a plain number
# ASCII digits: `\d` (and float()) would also read ０ or ٣ as digits, which a reader and the site's search do not.
NUMBER = re.compile(r"^(-?[0-9]+(?:\.[0-9]+)?)([KM]?)$")
QUANTITY = re.compile(r"^(-?[0-9]+(?:\.[0-9]+)?[KM]?)(?:\s*(\S+))?$")
SCALE = {"": 1, "K": 1_000, "M": 1_000_000}
RATIO_TOLERANCE = 0.1  # a written ratio may round the one its baseline and result give


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _figure_text(value, example: str) -> str:
    """A figure as written in the file: a YAML integer or text (YAML floats are read as text), in ASCII digits.
    A mapping is refused too: `{value: 1000, written: "6.88"}` would show one figure and sort by another."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"`{value}` is not a figure — write it like {example}")
    text = str(value).strip()
    digit = next((char for char in text if char.isdigit() and not char.isascii()), None)
    if digit:
        raise ValueError(f"`{text}` writes the digit `{digit}` (U+{ord(digit):04X}) — write the figure with the "
                         "ASCII digits 0–9")
    return text


class Number(_Strict):
    """A number as the source wrote it: its value, and its text."""

    value: Finite
    written: str

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value):
        text = _figure_text(value, "`3.3`, `8.40` or `256K`")
        match = NUMBER.match(text)
        if not match:
            raise ValueError(f"`{text}` is not a number — write it like `3.3`, `8.40` or `256K`")
        return {"value": float(match[1]) * SCALE[match[2]], "written": text}

    @property
    def significant(self) -> int:
        """Significant figures as written (trailing zeros of a whole number do not count)."""
        digits = self.written.lstrip("-").rstrip("KM")
        if "." in digits:
            return len(digits.replace(".", "").lstrip("0")) or 1
        return len(digits.lstrip("0").rstrip("0")) or 1


class Quantity(_Strict):
    number: Number
    unit: str = ""

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value):
        match = QUANTITY.match(_figure_text(value, "`6.88 s` or `9.46`"))
        if not match:
            raise ValueError(f"`{value}` is not a number with a unit — write it like `6.88 s` or `9.46`")
        unit = match[2] or ""
        if unit and unit not in UNITS:
            raise ValueError(f"unknown unit `{unit}` — use one of {', '.join(UNITS)}, or none for a plain number")
        return {"number": match[1], "unit": unit}

    @property
    def value(self) -> float:
        return self.number.value

    def __str__(self) -> str:
        return f"{self.number.written} {self.unit}".strip()


class ClaimCheck(_Strict):
    """The earlier claim a figure checks, and what it finds; the reason is prose (`checks:` of the issue's pages)."""

    claim: Slug
    verdict: CheckVerdict


class ClaimFacts(_Strict):
    """One figure an item reports: what was measured, from what to what, which way, on what, and who says so."""

    id: Slug
    metric: Metric
    baseline: Quantity | None = None
    result: Quantity | None = None
    change: Number | None = None  # percent; negative is a decrease
    ratio: tuple[Number, Number] | None = None  # the written multiplier, or its range (2.4–3.0×)
    direction: Direction | None = None  # which way the figure moved by `ratio`
    qualifier: Qualifier | None = None  # about, up to, at least, at most
    hardware: PlainText | None = None
    benchmark: PlainText | None = None
    source_kind: SourceKind
    checks: ClaimCheck | None = None  # an earlier issue's claim this figure confirms, qualifies or contradicts

    @model_validator(mode="before")
    @classmethod
    def _ratio_or_range(cls, data):
        if isinstance(data, dict) and "ratio" in data and not isinstance(data["ratio"], (list, tuple)):
            data = {**data, "ratio": [data["ratio"], data["ratio"]]}
        return data

    @model_validator(mode="after")
    def _figures_agree(self):
        if self.baseline is None and self.result is None and self.change is None and self.ratio is None:
            raise ValueError("has no figure — write a `result`, a `baseline` and `result`, a `change` (percent) or a `ratio`")
        if self.ratio is not None:
            low, high = (n.value for n in self.ratio)
            if not 0 < low <= high:
                raise ValueError("ratio must be a positive number like `3.3`, or a range `[2.4, 3.0]`")
            if self.direction is None and self.baseline is None:
                raise ValueError(f"ratio {self.ratio[1].written} does not say which way the figure moved — add "
                                 f"`direction: higher` ({self.ratio[1].written}× as much) or `direction: lower` "
                                 f"(down to 1/{self.ratio[1].written})")
        if self.baseline is not None:
            self._baseline_agrees()
        if self.change is not None and self.direction is not None and (self.change.value < 0) != (self.direction == "lower"):
            raise ValueError(f"change {self.change.written}% goes the other way from `direction: {self.direction}` — fix one")
        return self

    def _baseline_agrees(self) -> None:
        if self.result is None:
            raise ValueError("has a baseline but no result — add `result:`")
        if self.baseline.unit != self.result.unit:
            raise ValueError(f"baseline is in `{self.baseline.unit or 'no unit'}` but result in "
                             f"`{self.result.unit or 'no unit'}` — write both in the same unit")
        if self.baseline.value == 0 or self.result.value == 0:
            raise ValueError("a baseline or result of 0 gives no ratio — check the figures")
        if self.baseline.value < 0 or self.result.value < 0:
            raise ValueError("a baseline or result below 0 gives no ratio — write the measured figures, "
                             "or the difference as a `change`")
        if not math.isfinite(self.measured_factor):
            raise ValueError(f"{self.baseline} → {self.result} are too far apart to give a ratio — check the figures")
        moved = "higher" if self.result.value > self.baseline.value else "lower"
        if self.direction is not None and self.direction != moved:
            raise ValueError(f"{self.baseline} → {self.result} went {moved}, not `{self.direction}` — fix one")
        factor = self.measured_factor
        if self.ratio and not (self.ratio[0].value * (1 - RATIO_TOLERANCE) <= factor <= self.ratio[1].value * (1 + RATIO_TOLERANCE)):
            raise ValueError(f"ratio {self.ratio[1].written} does not match {self.baseline} → {self.result} "
                             f"({factor:.2f}×) — fix one of them")

    @property
    def moved(self) -> Direction | None:
        """Which way the figure moved: as written, or from baseline and result, or from the change's sign."""
        if self.direction:
            return self.direction
        if self.baseline is not None:
            return "higher" if self.result.value > self.baseline.value else "lower"
        if self.change is not None and self.change.value:
            return "lower" if self.change.value < 0 else "higher"
        return None

    @property
    def better(self) -> bool:
        """Did the figure move the way this metric improves?"""
        return (self.moved == "lower") == (self.metric in LOWER_IS_BETTER)

    @property
    def measured_factor(self) -> float | None:
        """How many times the result is the baseline, the way the figure moved (at least 1)."""
        if self.baseline is None or self.result is None:
            return None
        b, r = self.baseline.value, self.result.value
        return max(b, r) / min(b, r)

    @property
    def factor(self) -> float | None:
        """How many times better (above 1) or worse (below 1), to sort by: the written ratio's top, else the measured one."""
        times = self.ratio[1].value if self.ratio else self.measured_factor
        if times is None:
            return None
        return times if self.better else 1 / times


def significant(value: float, figures: int) -> str:
    """`value` rounded to `figures` significant figures, written without an exponent: (22.19, 2) -> 22."""
    if value == 0 or not math.isfinite(value):
        return f"{value:g}"
    decimals = figures - 1 - math.floor(math.log10(abs(value)))
    return f"{round(value, decimals):.{max(decimals, 0)}f}"
