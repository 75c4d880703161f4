"""The left column of wide screens on the pages the navigation leaves out (issues, hubs, entities, record pages):
where the page stands among its kind. An issue among the issues of its year (the other years by their record
page), a hub among the topics, an entity among the entities, a record page among its record's periods.

HTML links relative to the built page, the current one marked `aria-current="page"`; shown by the theme
(overrides/main.html, block site_nav) under the navigation, which at that width shows nothing on these pages.
"""
from __future__ import annotations

import html
from itertools import groupby

from kb.model.records import year, year_of
from kb.project import layout
from kb.render.links import href
from kb.render.markup import element
from kb.render.periods import period_label
from kb.render.renderer import Renderer


def sidebar(r: Renderer) -> dict | None:
    """{"title", "html"} of the page's left column, or None for a page of the navigation."""
    catalog, page = r.catalog, r.page
    issue = catalog.issue_by_page(page)
    if issue is not None:
        return _archive_by_year(r, issue)
    record = catalog.records.at(page)
    if record is not None and record.kind not in ("topic", "entity"):
        return {"title": r.t["record"], "html": _periods(r, record)}
    folder = page.partition("/")[0]
    if folder == layout.TOPICS_DIR and page != layout.TOPICS_INDEX:
        return {"title": catalog.page_title(layout.TOPICS_INDEX, r.lang),
                "html": _links(r, [(t.page, t.title(r.lang)) for t in catalog.topics.values()], _owner(r, page))}
    if folder == layout.ENTITIES_DIR and page != layout.ENTITIES_INDEX:
        return {"title": catalog.page_title(layout.ENTITIES_INDEX, r.lang),
                "html": _links(r, [(e.page, e.title(r.lang)) for e in catalog.entities.values()], _owner(r, page))}
    return None


def _periods(r: Renderer, record) -> str:
    """A record page among the periods of its kind, newest first: each of them when they are years; else each year,
    by its latest period, and the periods of the page's own year under it, as an issue page lists its year's
    issues. Every month of every year, on every month's page, was a quarter of a figures record page at twenty
    years, and grew with the square of the archive (measured: bench/README.md, kb/render/sidebar.py)."""
    periods = r.catalog.records.of(record.kind)
    if all(year_of(period.period) == period.period for period in periods):
        return _links(r, [(period.page, period_label(r.lang, period.period)) for period in periods])
    own = year_of(record.period)
    rows = []
    for when, group in groupby(periods, key=lambda period: year_of(period.period)):
        group = list(group)
        inner = _links(r, [(period.page, period_label(r.lang, period.period)) for period in group]) if when == own else ""
        rows.append(_year(r, when, group[0].page, inner))
    return element("ul", "".join(rows), class_="md-nav__list")


def _year(r: Renderer, when: str, page: str, inner: str) -> str:
    """A year of a left column, linking `page`, with what is listed under it (`inner`: HTML, or nothing)."""
    link = element("a", element("span", html.escape(period_label(r.lang, when)), class_="md-ellipsis"),
                   href=href(page, r.page), class_="md-nav__link")
    return element("li", link + inner, class_="md-nav__item")


def _owner(r: Renderer, page: str) -> str:
    """The hub or entity page a page is (topics/fp4-kernels.md) or belongs to (its record: topics/fp4-kernels/2026.md)."""
    folder, _, rest = page.partition("/")
    return f"{folder}/{rest.partition('/')[0].removesuffix('.md')}.md"


def _links(r: Renderer, pages: list[tuple[str, str]], current: str | None = None) -> str:
    current = current or r.page
    rows = []
    for page, label in pages:
        here = page == current  # the page itself, or the hub or entity a record page is of
        link = element("a", element("span", html.escape(label), class_="md-ellipsis"), href=href(page, r.page),
                       class_="md-nav__link md-nav__link--active" if here else "md-nav__link",
                       aria_current=("page" if page == r.page else "true") if here else None)
        rows.append(element("li", link, class_="md-nav__item"))
    return element("ul", "".join(rows), class_="md-nav__list")


NEARBY = 4  # issues listed on either side of an issue, in its year: a whole year's list weighed on every issue page
# (measured: bench/README.md, kb/render/sidebar.py)


def _archive_by_year(r: Renderer, issue) -> dict:
    """The issues near the page's own in its year, newest first, and every year, each by its record page."""
    own = year(issue.facts.published)
    issues = r.catalog.sequence.by_year.get(own, [])
    place = next((n for n, i in enumerate(issues) if i is issue), 0)
    issues = issues[max(place - NEARBY, 0):place + NEARBY + 1]
    rows = []
    for period in r.catalog.sequence.by_year:  # each year's record page (kb.model.records): the archive's own periods
        inner = _links(r, [(i.page, r.t["issue_short"].format(n=i.number)) for i in issues]) if period == own else ""
        rows.append(_year(r, period, layout.record_page("archive", period), inner))
    return {"title": r.t["archive_by_year"], "html": element("ul", "".join(rows), class_="md-nav__list")}
