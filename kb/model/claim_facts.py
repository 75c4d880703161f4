"""Claims: the figures an item reports, as the source wrote them, with the way they moved.

A figure keeps its written form (8.40 stays 8.40, 256K stays 256K); a ratio
says which way the figure moved (`direction: higher` is `3.3×` as much,
`lower` is down to `1/3.3`), since `6.8×` of a cache size reads as growth, and
what it is measured against (`versus: GB200 NVL72`, `versus: BF16 KV`), or
that the source does not say (`versus: unstated`): a bare multiplier reads as
comparable with any other.

A later figure can check an earlier one (`checks:`): it confirms it, qualifies
it (holds, smaller or only under conditions) or contradicts it, and says who
ties the two together (`by: weekly` where the weekly's text does, `by: editors`
where the archive's editors do). The earlier claim's status is the verdict of
its latest check (kb.content.crosscheck sets it).
"""
from __future__ import annotations

import math
import re
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, model_validator

from kb.base.messages import msg, words
from kb.base.suggest import closest
from kb.model.fields import Finite, Name, PlainText, Slug, refusal

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
# Who stands behind a judgment the archive shows: the weekly itself, or the archive's editors (a resolution, a watch
# entry the editors drew from an issue's text, a later figure checking an earlier one). Every view labels an
# editors' judgment alike (kb.render.renderer.Renderer.provenance).
Provenance = Literal["weekly", "editors"]
PROVENANCES = get_args(Provenance)
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
# `versus:` where the source gives a multiplier without saying what it is measured against: said, not left out, so
# that a missing baseline is the source's silence and never the contributor's omission.
UNSTATED = "unstated"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _figure_text(value, example: str) -> str:
    """A figure as written in the file: a YAML integer or text (YAML floats are read as text), in ASCII digits.
    A mapping is refused too: `{value: 1000, written: "6.88"}` would show one figure and sort by another."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise refusal("figure", msg("not-a-figure", value=value, example=example), str(value))
    text = str(value).strip()
    digit = next((char for char in text if char.isdigit() and not char.isascii()), None)
    if digit:
        raise refusal("figure", msg("figure-digit", value=text, digit=digit, code=f"{ord(digit):04X}"), digit)
    return text


class Number(_Strict):
    """A number as the source wrote it: its value, and its text."""

    value: Finite
    written: str

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value):
        text = _figure_text(value, words(("3.3", "8.40", "256K"), "or"))
        match = NUMBER.match(text)
        if not match:
            raise refusal("figure", msg("not-a-number", value=text), text)
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
        match = QUANTITY.match(_figure_text(value, words(("6.88 s", "9.46"), "or")))
        if not match:
            raise refusal("figure", msg("not-a-quantity", value=value), str(value))
        unit = match[2] or ""
        if unit and unit not in UNITS:
            raise refusal("unit", msg("unknown-unit", unit=unit, units=words(UNITS, "")), unit, closest(unit, UNITS))
        return {"number": match[1], "unit": unit}

    @property
    def value(self) -> float:
        return self.number.value

    def __str__(self) -> str:
        return f"{self.number.written} {self.unit}".strip()


class ClaimCheck(_Strict):
    """The earlier claim a figure checks, what it finds, and who ties the two figures together: the weekly (its text
    links them) or the archive's editors (a bridge between issues of their own judgment); the reason is prose
    (`checks:` of the issue's pages)."""

    claim: Slug
    verdict: CheckVerdict
    by: Provenance


class ClaimFacts(_Strict):
    """One figure an item reports: what was measured, from what to what, which way, on what, and who says so."""

    id: Slug
    metric: Metric
    baseline: Quantity | None = None
    result: Quantity | None = None
    change: Number | None = None  # percent; negative is a decrease
    ratio: tuple[Number, Number] | None = None  # the written multiplier, or its range (`2.4–3.0×`)
    direction: Direction | None = None  # which way the figure moved by `ratio`
    qualifier: Qualifier | None = None  # about, up to, at least, at most
    hardware: PlainText | None = None
    benchmark: PlainText | None = None
    # what the figure is compared with, a name written alike in every language (`GB200 NVL72`, `BF16 KV`, a
    # release), or UNSTATED; every ratio without a baseline figure says it
    versus: Name | None = None
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
            raise refusal("claim", msg("no-figure"))
        if self.ratio is not None:
            low, high = (n.value for n in self.ratio)
            if not 0 < low <= high:
                raise refusal("claim", msg("ratio-not-positive"))
            if self.direction is None and self.baseline is None:
                raise refusal("claim", msg("ratio-no-direction", ratio=self.ratio[1].written))
        if self.baseline is not None:
            self._baseline_agrees()
        elif self.ratio is not None and self.versus is None:  # a baseline and result show their own baseline
            raise refusal("claim", msg("ratio-no-versus", ratio=self.ratio[1].written, unstated=UNSTATED))
        if self.change is not None and self.direction is not None and (self.change.value < 0) != (self.direction == "lower"):
            raise refusal("claim", msg("change-against-direction", change=self.change.written, direction=self.direction))
        return self

    def _baseline_agrees(self) -> None:
        if self.result is None:
            raise refusal("claim", msg("baseline-no-result"))
        if self.baseline.unit != self.result.unit:
            raise refusal("claim", msg("units-differ", baseline=self.baseline.unit or msg("no-unit"),
                                       result=self.result.unit or msg("no-unit")))
        if self.baseline.value == 0 or self.result.value == 0:
            raise refusal("claim", msg("figure-zero"))
        if self.baseline.value < 0 or self.result.value < 0:
            raise refusal("claim", msg("figure-negative"))
        if not math.isfinite(self.measured_factor):
            raise refusal("claim", msg("figures-too-far", baseline=str(self.baseline), result=str(self.result)))
        moved = "higher" if self.result.value > self.baseline.value else "lower"
        if self.direction is not None and self.direction != moved:
            raise refusal("claim", msg("direction-contradicts", baseline=str(self.baseline), result=str(self.result),
                                       moved=msg("moved-higher") if moved == "higher" else msg("moved-lower"),
                                       direction=self.direction))
        factor = self.measured_factor
        if self.ratio and not (self.ratio[0].value * (1 - RATIO_TOLERANCE) <= factor <= self.ratio[1].value * (1 + RATIO_TOLERANCE)):
            raise refusal("claim", msg("ratio-mismatch", ratio=self.ratio[1].written, baseline=str(self.baseline),
                                       result=str(self.result), factor=f"{factor:.2f}"))

    @property
    def compared_with(self) -> str | None:
        """What the figure is compared with, by name; None where the facts name nothing (or the source does not)."""
        return None if self.versus in (None, UNSTATED) else self.versus

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
