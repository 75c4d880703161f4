"""The shape of the content, as pydantic models.

Facts (ids, categories, URLs, dates, topics, entities) are written once, in
data/. Prose is written per language, in the front matter of docs/ pages.
"""
from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, model_validator

Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$")]
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]

CATEGORIES = ("release", "tool", "paper", "model", "benchmark")
Category = Literal["release", "tool", "paper", "model", "benchmark"]
Verdict = Literal["signal", "noise"]


def _http_url(value: str) -> str:
    if not value.startswith(("https://", "http://")) or len(value.split("//", 1)[1]) < 3:
        raise ValueError("must be an http(s):// URL — link the original page, or leave the url out")
    return value


HttpUrl = Annotated[str, AfterValidator(_http_url)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


# ---- facts (data/) -------------------------------------------------------


class Outlet(Strict):
    """A recurring source (a blog, a releases page), written once and cited by id."""

    id: Slug
    name: Text
    url: HttpUrl | None = None


class Source(Strict):
    """An outlet cited by id (`vllm-blog`), or a one-off `{name, url}`."""

    outlet: Slug | None = None
    name: Text | None = None
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


class ItemFacts(Strict):
    id: Slug
    category: Category
    sources: list[Source] = Field(min_length=1)
    topics: list[Slug] = Field(min_length=1)
    entities: list[Slug] = []
    resolves: list[Slug] = []  # watch entries of earlier issues this item settles


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


class EntityFacts(Strict):
    id: Slug
    name: Text
    kind: Literal["engine", "kernel-library", "control-plane", "model-family", "hardware", "company"]
    url: HttpUrl | None = None


# ---- prose (docs/ front matter) -------------------------------------------

# Keys mkdocs and Material read from any page's front matter.
class PageMeta(Strict):
    title: Text
    description: Text
    hide: list[str] = []
    search: dict = {}
    source_hash: str | None = None  # in a translation: hash of the source it was made from


class ItemText(Strict):
    title: Text
    summary: Text
    why: Text
    edge: Text
    source_note: Text | None = None


class SignalText(Strict):
    title: Text
    body: Text


class PickText(Strict):
    title: Text
    note: Text


class WatchText(Strict):
    title: Text
    note: Text


class IssueText(PageMeta):
    summary: Text
    items: dict[str, ItemText]
    signals: dict[str, SignalText] = {}
    quick_takes: dict[str, Text] = {}
    picks: dict[str, PickText] = {}
    watch: dict[str, WatchText] = {}
    unarchived: dict[str, Text] = {}
