"""Pages that lead on (issue 36), on the fixture archive's site: the issues before and after each issue, the next
item of a topic, the tab of the section a page is under, the left column, the home page's latest issues and
recent changes, the entity and watch-list feeds and the blocks that link them, the footer in each language.

Expectations are computed here from the catalog (issue numbers, items' topics, watch entries), never from the
code under test or from today's archive."""
from __future__ import annotations

import posixpath
import xml.etree.ElementTree as ET
from urllib.parse import urldefrag

import pytest

from conftest import REPO_URL
from kb.content.loading import load_catalog
from kb.model.labels import LABELS
from kb.project import layout
from kb.publish import feeds
from kb.render.leads import LATEST_ISSUES, issue_end
from kb.render.renderer import Renderer
from kb.render.sidebar import NEARBY
from test_hostile_figures import withdraw_issue_1

LANGS = layout.LANGUAGES
ATOM = "{http://www.w3.org/2005/Atom}"


def built(page: str, lang: str) -> str:
    """The site-relative URL of a page's folder in a language: en/issues/007/."""
    return layout.language_home(lang) + layout.page_url(page)


def resolve(here: str, link: str) -> str:
    """A relative href on the built page whose folder is `here` (site-relative: en/issues/007/), site-relative."""
    path, fragment = urldefrag(link)
    joined = posixpath.normpath(posixpath.join(here, path)) if path else here
    joined = "" if joined in (".", "") else joined
    if joined and not joined.endswith("/") and not posixpath.splitext(joined)[1]:
        joined += "/"
    return joined + (f"#{fragment}" if fragment else "")


def in_order(catalog):
    """The issues in force, oldest first, by number: what reading on goes through."""
    return sorted((i for i in catalog.issues if not i.facts.withdrawn), key=lambda i: i.number)


@pytest.mark.parametrize("lang", LANGS)
def test_every_issue_page_leads_to_the_issues_before_and_after(catalog, pages, lang):
    issues = in_order(catalog)
    assert len(issues) >= 3  # a first, a middle and a latest issue
    for n, issue in enumerate(issues):
        here = built(issue.page, lang)
        nav = pages.article(issue.page, lang).select_one("nav.kb-issue-nav")
        found = {a["rel"][0]: resolve(here, a["href"]) for a in nav.select("a[rel]")}
        expected = {}
        if n > 0:
            expected["prev"] = built(issues[n - 1].page, lang)
        if n + 1 < len(issues):
            expected["next"] = built(issues[n + 1].page, lang)
        assert found == expected, (lang, issue.number)
        for url in found.values():
            assert (pages.root / url / "index.html").is_file(), url
        # the page ends leading on: the issue navigation, then the subscribe block, after the disclaimer
        article = pages.article(issue.page, lang)
        ends = [el for el in article.find_all(class_=["kb-disclaimer", "kb-issue-nav", "kb-subscribe"])]
        assert [el["class"][0] for el in ends] == ["kb-disclaimer", "kb-issue-nav", "kb-feeds"], (lang, issue.number)


@pytest.mark.parametrize("lang", LANGS)
def test_each_item_names_the_next_item_of_its_first_topic(catalog, pages, lang):
    items = [item for issue in in_order(catalog) for item in issue.items]
    following = {}
    for n, item in enumerate(items):
        later = [other for other in items[n + 1:] if other.facts.topics[:1] == item.facts.topics[:1]]
        if later:
            following[item.id] = later[0]
    assert following and len(following) < len(items)  # some items lead on, the last of each topic does not
    for issue in in_order(catalog):
        here = built(issue.page, lang)
        article = pages.article(issue.page, lang)
        shown = [resolve(here, p.find_all("a")[0]["href"]) for p in article.select(".kb-next-in-topic")]
        expected = [f"{built(following[i.id].page, lang)}#{following[i.id].anchor}" for i in issue.items if i.id in following]
        assert shown == expected, (lang, issue.number)
        topic = catalog.topics[issue.items[0].facts.topics[0]].title(lang)
        if issue.items[0].id in following:
            assert topic in article.select(".kb-next-in-topic")[0].get_text()


SECTION_OF_KIND = {"issue": layout.ARCHIVE_PAGE, "hub": layout.TOPICS_INDEX, "entity": layout.ENTITIES_INDEX,
                   "claims": layout.CLAIMS_PAGE, "signals": layout.SIGNALS_PAGE, "watch": layout.WATCH_PAGE,
                   "archive": layout.ARCHIVE_PAGE, "topic": layout.TOPICS_INDEX}


def pages_of_each_kind(catalog) -> list[tuple[str, str]]:
    kinds = [("issue", catalog.issues[0].page), ("hub", next(iter(catalog.topics.values())).page),
             ("entity", next(iter(catalog.entities.values())).page)]
    for kind in ("claims", "signals", "watch", "archive", "topic", "entity"):
        kinds.append((kind, catalog.records.pages[[r.kind for r in catalog.records.pages].index(kind)].page))
    return kinds


@pytest.mark.parametrize("lang", LANGS)
def test_the_tab_of_the_section_a_page_is_under_is_marked(catalog, pages, lang):
    for kind, page in pages_of_each_kind(catalog):
        here = built(page, lang)
        tabs = pages.soup(page, lang).select(".md-tabs__item--active a")
        assert len(tabs) == 1, (lang, kind, page)
        # the tab of a section leads to the section's first page: a ledger's tab, to the first ledger
        section = SECTION_OF_KIND[kind]
        first_of_tab = layout.CLAIMS_PAGE if section in (layout.CLAIMS_PAGE, layout.SIGNALS_PAGE) else section
        assert resolve(here, tabs[0]["href"]) == built(first_of_tab, lang), (lang, kind, page)


@pytest.mark.parametrize("lang", LANGS)
def test_the_left_column_shows_where_the_page_stands(catalog, pages, lang):
    issue = in_order(catalog)[-1]
    here = built(issue.page, lang)
    column = pages.soup(issue.page, lang).select_one(".md-sidebar--primary .kb-sidenav")
    same_year = [i for i in reversed(in_order(catalog)) if i.facts.published.year == issue.facts.published.year]
    place = same_year.index(issue)
    listed = [resolve(here, a["href"]) for a in column.select(".md-nav__list .md-nav__list a")]
    assert listed == [built(i.page, lang) for i in same_year[max(place - NEARBY, 0):place + NEARBY + 1]]
    assert len(listed) > 1
    assert resolve(here, column.select_one("a[aria-current=page]")["href"]) == here
    hub = next(iter(catalog.topics.values()))
    column = pages.soup(hub.page, lang).select_one(".md-sidebar--primary .kb-sidenav")
    assert [resolve(built(hub.page, lang), a["href"]) for a in column.select("a")] == [
        built(t.page, lang) for t in catalog.topics.values()]


@pytest.fixture(scope="module")
def two_years(tmp_path_factory):
    """A synthetic archive (bench/synthetic.py) long enough to span more than one year."""
    from bench.synthetic import generate
    return load_catalog(generate(70, tmp_path_factory.mktemp("two-years") / "project"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_record_page_lists_every_year_and_the_periods_of_its_own(two_years, lang):
    from bs4 import BeautifulSoup

    from kb.render.sidebar import sidebar
    catalog, kinds = two_years, set()
    for record in catalog.records.pages:
        if record.kind in ("topic", "entity"):
            continue
        periods = catalog.records.of(record.kind)  # newest first
        here = built(record.page, lang)
        column = BeautifulSoup(sidebar(Renderer(catalog, lang, record.page))["html"], "html.parser")
        top = column.find("ul").find_all("li", recursive=False)
        listed = [resolve(here, li.a["href"]) for li in top]
        assert column.select_one("a[aria-current=page]") is not None, record
        assert resolve(here, column.select_one("a[aria-current=page]")["href"]) == here
        if all("-" not in p.period for p in periods):  # years: each of them
            assert listed == [built(p.page, lang) for p in periods], record
            continue
        kinds.add(record.kind)
        years = sorted({p.period[:4] for p in periods}, reverse=True)
        assert len(years) > 1, "the archive made for the test spans years"
        # each year once, leading to its latest period; under the page's own year, that year's periods
        assert listed == [built(next(p for p in periods if p.period[:4] == y).page, lang) for y in years], record
        own = top[years.index(record.period[:4])]
        inner = [resolve(here, a["href"]) for a in own.select(":scope > ul a")]
        assert inner == [built(p.page, lang) for p in periods if p.period[:4] == record.period[:4]], record
        assert all(not li.select(":scope > ul") for li in top if li is not own)
    assert kinds == {"claims", "signals"}  # by month, by quarter


@pytest.mark.parametrize("lang", LANGS)
def test_home_lists_the_latest_issues_and_what_the_latest_changed(catalog, pages, lang):
    article = pages.article("index.md", lang)
    here = built("index.md", lang)
    latest = list(reversed(in_order(catalog)))[:LATEST_ISSUES]
    cards = [resolve(here, h.a["href"]) for h in article.select(".kb-latest-issues h3.kb-card")]
    assert cards == [built(i.page, lang) for i in latest]
    hrefs = set()
    for element in article.find(id="recent-changes").find_all_next():
        if element.name == "h2":
            break
        if element.name == "a" and element.get("href"):
            hrefs.add(resolve(here, element["href"]))
    newest = latest[0]
    assert newest.watch, "the fixture's latest issue opens watch entries"
    for entry in newest.watch:
        assert f"{built(entry.page, lang)}#{entry.anchor}" in hrefs, entry.id
    resolved = [r.watch for item in newest.items for r in item.facts.resolves]
    assert resolved, "the fixture's latest issue resolves a watch entry"
    for entry_id in resolved:
        entry = catalog.target(entry_id)
        assert f"{built(entry.page, lang)}#{entry.anchor}" in hrefs, entry_id


def feed_links(soup, here: str) -> set[str]:
    return {resolve(here, a["href"]) for a in soup.select(".kb-subscribe a")} | {
        resolve(here, link["href"]) for link in soup.select("head link[rel=alternate][type]")}


@pytest.mark.parametrize("lang", LANGS)
def test_entity_and_watch_list_feeds_parse_and_are_linked(catalog, site, pages, lang):
    home = layout.language_home(lang)
    for entity in catalog.entities.values():
        rss, atom = f"entity-{entity.id}.xml", f"entity-{entity.id}.atom.xml"
        channel = ET.parse(site / home / rss).getroot().find("channel")
        links = [urldefrag(item.findtext("link"))[1] for item in channel.findall("item")]
        assert links == [(i.facts.formerly or [i.id])[0] for i in catalog.items_of_entity(entity.id)][:len(links)]
        assert len(links) == min(len(catalog.items_of_entity(entity.id)), feeds.LIMIT)
        assert ET.parse(site / home / atom).getroot().tag == f"{ATOM}feed"
        linked = feed_links(pages.soup(entity.page, lang), built(entity.page, lang))
        assert {home + rss, home + atom} <= linked, (lang, entity.id)
    root = ET.parse(site / home / "watch.xml").getroot()
    opened, resolved = catalog.watch, [w for w in catalog.watch if w.resolved_by]
    assert len(root.find("channel").findall("item")) == min(len(opened) + len(resolved), feeds.LIMIT)
    assert resolved, "the fixture archive resolves a watch entry"
    assert ET.parse(site / home / "watch.atom.xml").getroot().tag == f"{ATOM}feed"
    linked = feed_links(pages.soup(layout.WATCH_PAGE, lang), built(layout.WATCH_PAGE, lang))
    assert {home + "watch.xml", home + "watch.atom.xml"} <= linked
    issue = catalog.issues[0]  # the end of an issue offers the issues' and the watch list's feeds
    linked = feed_links(pages.soup(issue.page, lang), built(issue.page, lang))
    assert {home + "feed.xml", home + "atom.xml", home + "watch.xml", home + "watch.atom.xml"} <= linked


@pytest.mark.parametrize("lang", LANGS)
def test_the_footer_speaks_the_pages_language_and_names_the_repository(catalog, pages, lang):
    words = LABELS[lang]
    for page in ("index.md", catalog.issues[0].page, layout.WATCH_PAGE):
        footer = pages.soup(page, lang).select_one("footer .md-copyright")
        source = footer.select_one(".kb-footer-source a")
        assert source["href"] == REPO_URL and source.get_text(strip=True) == words["footer_source"]
        credit = words["footer_generator"].format(generator="Material for MkDocs")
        assert " ".join(credit.split()) in " ".join(footer.get_text(" ").split())
    if lang != layout.DEFAULT_LANGUAGE:
        return
    assert "Made with" not in pages.soup("index.md", lang).select_one("footer").get_text()


def test_the_firewall_allows_the_feeds_of_existing_entities_and_the_watch_list_only(catalog):
    allowed = set(layout.generated_files(list(catalog.topics), list(catalog.entities)))
    for lang in LANGS:
        home = layout.language_home(lang)
        assert {home + "watch.xml", home + "watch.atom.xml"} <= allowed
        for entity in catalog.entities:
            assert {f"{home}entity-{entity}.xml", f"{home}entity-{entity}.atom.xml"} <= allowed
        assert f"{home}entity-no-such-entity.xml" not in allowed
    # what a page may not take: a docs page published at an entity's feed is refused by kb check
    assert f"entity-{next(iter(catalog.entities))}.xml" in layout.generated_paths(list(catalog.topics), list(catalog.entities))


def test_the_first_and_the_latest_issue_lead_one_way(catalog):
    issues = in_order(catalog)
    assert catalog.sequence.neighbours(issues[0]) == (None, issues[1])
    assert catalog.sequence.neighbours(issues[-1]) == (issues[-2], None)
    assert catalog.sequence.latest(2) == [issues[-1], issues[-2]]


def test_a_withdrawn_issue_is_not_read_on_to(project):
    withdraw_issue_1(project)
    catalog = load_catalog(project)
    issues = {issue.number: issue for issue in catalog.issues}
    assert catalog.sequence.neighbours(issues[3]) == (None, issues[7])
    assert catalog.sequence.neighbours(issues[1]) == (None, None)
    end = issue_end(Renderer(catalog, "en", issues[3].page), issues[3])
    assert 'rel="next"' in end and 'rel="prev"' not in end and "001" not in end
