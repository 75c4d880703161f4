"""The shape of the content, as pydantic models.

Facts (ids, categories, URLs, dates, topics, entities) are written once, in
data/. Prose is written per language, in the front matter of docs/ pages.
"""
from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainValidator, StringConstraints, model_validator
from pydantic_core import PydanticCustomError

from kb.base.messages import msg, words
from kb.model.claim_facts import ClaimFacts, Provenance
from kb.model.fields import Date, HttpUrl, Name, PlainText, Prose, Slug, WholeNumber, link_text_refusal, refusal
from kb.project import layout

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

    @model_validator(mode="after")
    def _name_names_host(self):
        link_text_refusal(self.name, self.url)  # its name is the text of its link
        return self


SourceRole = Literal["source", "analysis", "via"]  # the source itself, an analysis of it, the aggregator that carried it


class Source(Strict):
    """An outlet cited by id (`vllm-blog`), or a one-off `{name, url}`; an analysis or carrier says so in `role`."""

    outlet: Slug | None = None
    name: PlainText | None = None
    url: HttpUrl | None = None  # only where it follows from the name
    role: SourceRole = "source"

    @model_validator(mode="before")
    @classmethod
    def _outlet_by_id(cls, value):
        return {"outlet": value} if isinstance(value, str) else value

    @model_validator(mode="after")
    def _outlet_or_named(self):
        if (self.outlet is None) == (self.name is None) or (self.outlet and self.url):
            raise refusal("source", msg("outlet-or-named"))
        link_text_refusal(self.name, self.url)  # its name is the text of its link
        return self


class Resolution(Strict):
    """A watch entry of an earlier issue an item settles, and who made that call; the reason is prose (`resolutions:`)."""

    watch: Slug
    by: Provenance  # the weekly said so, or the archive's editors judge it

    @model_validator(mode="before")
    @classmethod
    def _not_a_bare_id(cls, value):
        if isinstance(value, str):
            raise refusal("resolution", msg("resolution-bare-id", id=value), value)
        return value


# A number of an item's prose that is not one of its figures (a count, a version written apart, a year), as the
# prose writes it, with its unit if it has one (`2-bit`, `155 tok/s`; kb.content.figure_check): digits, letters and the
# signs a number is written with, nothing that could be markup.
MAX_NOT_FIGURES = 100  # a list, not a place to excuse a page of numbers (each number of the prose is compared with each)
NotFigure = Annotated[str, BeforeValidator(lambda v: str(v) if isinstance(v, int) and not isinstance(v, bool) else v),
                      StringConstraints(pattern=r"^[0-9][0-9A-Za-z.,/% ×-]{0,23}$")]


class ItemFacts(Strict):
    id: Slug
    formerly: list[Slug] = []  # ids it was published under before a rename, oldest first: anchors and feeds keep them
    category: Category
    sources: list[Source] = Field(min_length=1)
    topics: list[Slug] = Field(min_length=1)
    entities: list[Slug] = []
    resolves: list[Resolution] = []  # watch entries of earlier issues this item settles
    claims: list[ClaimFacts] = []
    not_figures: list[NotFigure] = Field([], max_length=MAX_NOT_FIGURES)  # numbers of its prose that are not figures (kb.content.figure_check)

    @model_validator(mode="after")
    def _an_original_source(self):
        if not any(source.role == "source" for source in self.sources):
            raise refusal("sources", msg("only-analyses"))
        return self


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
    # the weekly's own watch list, or an entry the archive's editors drew from the issue's text (its pages then
    # never show it under the weekly's own heading as if the weekly had listed it)
    by: Provenance = "weekly"


class Period(Strict):
    start: Date
    end: Date


class Withdrawal(Strict):
    """An issue taken back after it was published (kb.content.published): when; the reason is prose (`withdrawn:` of its pages)."""

    date: Date


class IssueFacts(Strict):
    number: WholeNumber = Field(ge=1)
    period: Period
    published: Date
    items: list[ItemFacts] = Field(min_length=1)
    signals: list[SignalFacts] = []
    quick_takes: list[QuickTakeFacts] = []
    picks: list[PickFacts] = []
    watch: list[WatchFacts] = []
    unarchived: list[Slug] = []  # things referred to from issues not in the archive
    withdrawn: Withdrawal | None = None  # taken back: its page says so and why, nothing of it is listed again
    not_figures: list[NotFigure] = Field([], max_length=MAX_NOT_FIGURES)  # of the issue's own prose (summary, verdicts…)


PINS = 5  # items a hub shows first: an editor's short list

# ---- aliases: other names readers search for --------------------------------

ALL_LANGUAGES = "all"


def _site_language(*also: str) -> PlainValidator:
    """One of the site's languages (or of `also`), refused as a Literal of them would be. The languages are asked
    of kb.project.layout when a file is validated, not when this module is imported (layout says why)."""
    def check(value):
        allowed = (*also, *layout.LANGUAGES)
        if value in allowed:
            return value
        expected = " or ".join(filter(None, (", ".join(map(repr, allowed[:-1])), repr(allowed[-1]))))
        raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": expected})
    return PlainValidator(check)


AliasLanguage = Annotated[str, _site_language(ALL_LANGUAGES)]  # `all`, or one of the site's languages (mkdocs.yml)


# Another name or spelling of an entity or topic, under the language whose search finds it, or under `all`
# (kb.search.records): `aliases: {zh: [深度求索]}`, `aliases: {all: [llamacpp]}`.
Aliases = dict[AliasLanguage, list[Name]]


class TopicFacts(Strict):
    """A topic of data/topics.yml: its id, and the items the editors pin to the top of its hub."""

    id: Slug
    pins: list[Slug] = Field([], max_length=PINS)  # the ones to read first, in this order
    aliases: Aliases = {}

    @model_validator(mode="before")
    @classmethod
    def _by_id(cls, value):
        return {"id": value} if isinstance(value, str) else value

    @model_validator(mode="after")
    def _pinned_once(self):
        twice = sorted({pin for pin in self.pins if self.pins.count(pin) > 1})
        if twice:
            raise refusal("pins", msg("pinned-twice", pins=words(twice)), twice[0])
        return self


EntityKind = Literal["engine", "kernel-library", "control-plane", "model-family", "hardware", "company"]
ENTITY_KINDS = get_args(EntityKind)


SiteLanguage = Annotated[str, _site_language()]


class TermFacts(Strict):
    """A term of data/terms.yml: how the site writes it in each language, and what else readers type for it.
    A query holding an alias that finds nothing is searched with the term as written (overrides/assets/kb-search/search.js)."""

    id: Slug
    written: dict[SiteLanguage, Name] = Field(min_length=1)
    aliases: Aliases = Field(min_length=1)

    @model_validator(mode="after")
    def _written_where_searched(self):
        for language in self.aliases:
            if language != ALL_LANGUAGES and language not in self.written:
                raise refusal("aliases", msg("aliases-unwritten", language=language), language)
        return self


class EntityFacts(Strict):
    """An entity of data/entities.yml. `name` is how every language writes it unless `names` gives a language
    its own (`names: {zh: 英伟达 GPU}`): most names (vLLM) are the same in every language."""

    id: Slug
    name: PlainText
    names: dict[SiteLanguage, PlainText] = {}
    kind: EntityKind
    url: HttpUrl | None = None
    aliases: Aliases = {}

    @model_validator(mode="after")
    def _names_differ(self):
        same = [lang for lang, name in self.names.items() if name == self.name]
        if same:
            raise ValueError(f"`names.{same[0]}` is `{self.name}`, its `name` already — remove it (`names` holds only "
                             "a name a language writes otherwise)")
        for name in (self.name, *self.names.values()):
            link_text_refusal(name, self.url)
        return self


# ---- prose (docs/ front matter) -------------------------------------------

# Keys mkdocs and Material read from any page's front matter.
class PageMeta(Strict):
    title: PlainText
    description: PlainText
    hide: list[Literal["navigation", "toc", "footer", "path"]] = []  # Material's: parts of the page to leave out
    # in a translation: the hash of the source it was made from (kb translations --stamp)
    source_hash: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{16}$")] | None = None


# `short`: what a ref to the entry shows inside a sentence, where its title would read as a clause of its own
# (kb.model.ref_labels); a name, validated as one.
class ItemText(Strict):
    title: PlainText
    short: Name | None = None
    summary: Prose
    why: Prose
    edge: Prose
    source_note: Prose | None = None


class SignalText(Strict):
    title: PlainText
    short: Name | None = None
    body: Prose


class PickText(Strict):
    title: PlainText
    short: Name | None = None
    note: Prose


class WatchText(Strict):
    title: PlainText
    short: Name | None = None
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
    resolutions: dict[str, Prose] = {}  # watch id -> why the item settles it, in one sentence
    checks: dict[str, Prose] = {}  # id of a claim that checks an earlier one -> why it confirms, qualifies or contradicts it
    withdrawn: Prose | None = None  # why the issue was withdrawn (its facts say when)
