"""The shape of the content, as pydantic models.

Facts (ids, categories, URLs, dates, topics, entities) are written once, in
data/. Prose is written per language, in the front matter of docs/ pages.
"""
from __future__ import annotations

from datetime import date
import re
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, RootModel, StringConstraints, field_validator, model_validator

from .fields import Finite, HttpUrl, PlainText, Prose, Slug

Category = Literal["release", "tool", "paper", "model", "benchmark"]
CATEGORIES = get_args(Category)
Verdict = Literal["signal", "noise"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


# ---- facts (data/) -------------------------------------------------------


class Outlet(Strict):
    """A recurring source (a blog, a releases page), written once and cited by id."""

    id: Slug
    name: PlainText
    url: HttpUrl | None = None


class Source(Strict):
    """An outlet cited by id (`vllm-blog`), or a one-off `{name, url}`."""

    outlet: Slug | None = None
    name: PlainText | None = None
    url: HttpUrl | None = None  # only where it follows from the name

    @model_validator(mode="before")
    @classmethod
    def _outlet_by_id(cls, value):
        return {"outlet": value} if isinstance(value, str) else value

    @model_validator(mode="after")
    def _outlet_or_named(self):
        if (self.outlet is None) == (self.name is None) or (self.outlet and self.url):
            raise ValueError("write an outlet id from data/outlets.yml, or a one-off `{name: ..., url: ...}`")
        return self


# ---- claims: the figures an item reports ------------------------------------

Metric = Literal["ttft", "latency", "throughput", "goodput", "memory", "accuracy", "perplexity", "error",
                 "context", "compression", "stars"]
METRICS = get_args(Metric)
LOWER_IS_BETTER = {"ttft", "latency", "memory", "perplexity", "error", "compression"}
SourceKind = Literal["vendor", "paper", "independent"]  # who measured: the maker, a paper's authors, someone else
Qualifier = Literal["about", "up-to", "at-least", "at-most"]
# Units a figure may carry; a figure without one (perplexity) is a plain number.
UNITS = ("s", "ms", "tok/s", "%", "pt", "GB", "bit", "tokens", "stars")
QUANTITY = re.compile(r"^(-?\d+(?:\.\d+)?)(?:\s*(\S+))?$")
RATIO_TOLERANCE = 0.1  # a written ratio may round the one its baseline and result give


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)  # YAML's true is no figure


class Quantity(Strict):
    value: Finite
    unit: str = ""

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value):
        if _is_number(value):
            return {"value": value}
        if not isinstance(value, str) or not (match := QUANTITY.match(value.strip())):
            raise ValueError(f"`{value}` is not a number with a unit — write it like `6.88 s` or `9.46`")
        unit = match[2] or ""
        if unit and unit not in UNITS:
            raise ValueError(f"unknown unit `{unit}` — use one of {', '.join(UNITS)}, or none for a plain number")
        return {"value": float(match[1]), "unit": unit}

    def __str__(self) -> str:
        return f"{self.value:,g} {self.unit}".strip()


class ClaimFacts(Strict):
    """One figure an item reports: what was measured, from what to what, on what, and who says so."""

    id: Slug
    metric: Metric
    baseline: Quantity | None = None
    result: Quantity | None = None
    change: Finite | None = None  # percent; negative is a decrease
    ratio: tuple[Finite, Finite] | None = None  # the written multiplier, or its range (2.4–3.0×)
    qualifier: Qualifier | None = None  # about, up to, at least, at most
    hardware: PlainText | None = None
    benchmark: PlainText | None = None
    source_kind: SourceKind

    @field_validator("ratio", mode="before")
    @classmethod
    def _ratio_or_range(cls, value):
        if _is_number(value):
            value = [value, value]
        if not (isinstance(value, list) and len(value) == 2 and all(
                _is_number(v) and v > 0 for v in value) and value[0] <= value[1]):
            raise ValueError("must be a positive number like `3.3`, or a range `[2.4, 3.0]`")
        return tuple(value)

    @model_validator(mode="after")
    def _figures_agree(self):
        if self.baseline is None and self.result is None and self.change is None and self.ratio is None:
            raise ValueError("has no figure — write a `result`, a `baseline` and `result`, a `change` (percent) or a `ratio`")
        if self.baseline is not None:
            if self.result is None:
                raise ValueError("has a baseline but no result — add `result:`")
            if self.baseline.unit != self.result.unit:
                raise ValueError(f"baseline is in `{self.baseline.unit or 'no unit'}` but result in "
                                 f"`{self.result.unit or 'no unit'}` — write both in the same unit")
            if self.baseline.value == 0 or self.result.value == 0:
                raise ValueError("a baseline or result of 0 gives no ratio — check the figures")
            factor = self.measured_factor
            if self.ratio and not (self.ratio[0] * (1 - RATIO_TOLERANCE) <= factor <= self.ratio[1] * (1 + RATIO_TOLERANCE)):
                raise ValueError(f"ratio {self.ratio[1]:g} does not match {self.baseline} → {self.result} "
                                 f"({factor:.2f}×) — fix one of them")
        return self

    @property
    def measured_factor(self) -> float | None:
        """How many times better the result is than the baseline, from the two figures."""
        if self.baseline is None or self.result is None:
            return None
        b, r = self.baseline.value, self.result.value
        return b / r if self.metric in LOWER_IS_BETTER else r / b

    @property
    def factor(self) -> float | None:
        """The multiplier to sort by: the written ratio (its top), else the measured one."""
        return self.ratio[1] if self.ratio else self.measured_factor


class ItemFacts(Strict):
    id: Slug
    category: Category
    sources: list[Source] = Field(min_length=1)
    topics: list[Slug] = Field(min_length=1)
    entities: list[Slug] = []
    resolves: list[Slug] = []  # watch entries of earlier issues this item settles
    claims: list[ClaimFacts] = []


class SignalFacts(Strict):
    id: Slug
    verdict: Verdict
    topics: list[Slug] = Field(min_length=1)
    items: list[Slug] = []  # the items the verdict is about


class QuickTakeFacts(Strict):
    id: Slug
    topics: list[Slug] = []
    sources: list[Source] = []


class PickFacts(Strict):
    """A repository worth a star or a text worth a close read."""

    id: Slug
    kind: Literal["star", "read"]
    url: HttpUrl
    topics: list[Slug] = []


class WatchFacts(Strict):
    id: Slug
    topic: Slug
    origin: Slug = Field(alias="from")  # the item or signal of the same issue that raised it


class Period(Strict):
    start: date
    end: date


class IssueFacts(Strict):
    number: int = Field(ge=1)
    period: Period
    published: date
    items: list[ItemFacts] = Field(min_length=1)
    signals: list[SignalFacts] = []
    quick_takes: list[QuickTakeFacts] = []
    picks: list[PickFacts] = []
    watch: list[WatchFacts] = []
    unarchived: list[Slug] = []  # things referred to from issues not in the archive


class TopicIds(RootModel[list[Slug]]):
    """data/topics.yml: the topic ids, in the order hubs are listed."""


EntityKind = Literal["engine", "kernel-library", "control-plane", "model-family", "hardware", "company"]
ENTITY_KINDS = get_args(EntityKind)


class EntityFacts(Strict):
    id: Slug
    name: PlainText
    kind: EntityKind
    url: HttpUrl | None = None


# ---- prose (docs/ front matter) -------------------------------------------

# Keys mkdocs and Material read from any page's front matter.
class PageMeta(Strict):
    title: PlainText
    description: PlainText
    hide: list[Literal["navigation", "toc", "footer", "path"]] = []  # Material's: parts of the page to leave out
    # in a translation: the hash of the source it was made from (kb translations --stamp)
    source_hash: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{16}$")] | None = None


class ItemText(Strict):
    title: PlainText
    summary: Prose
    why: Prose
    edge: Prose
    source_note: Prose | None = None


class SignalText(Strict):
    title: PlainText
    body: Prose


class PickText(Strict):
    title: PlainText
    note: Prose


class WatchText(Strict):
    title: PlainText
    note: Prose


class IssueText(PageMeta):
    summary: Prose
    items: dict[str, ItemText]
    signals: dict[str, SignalText] = {}
    quick_takes: dict[str, Prose] = {}
    picks: dict[str, PickText] = {}
    watch: dict[str, WatchText] = {}
    unarchived: dict[str, PlainText] = {}
    claims: dict[str, PlainText] = {}  # claim id -> what was measured, on which workload
