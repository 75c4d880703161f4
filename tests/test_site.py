"""The built site, read as a reader's browser gets it."""
from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path
from urllib.parse import urldefrag, urlparse

import pytest
from bs4 import BeautifulSoup
from selectolax.lexbor import LexborHTMLParser

from kb.model.entries import Unarchived
from kb.project import layout
from kb.project.translations import translation_states
from kb.search.index import search_fragments

LANGS = layout.LANGUAGES
REQUIRED_HUBS = ("fp4-kernels", "kv-cache-compression", "routing-control-planes")


def html_pages(site):
    return sorted(p for p in site.rglob("index.html"))


def parsed(path: Path) -> LexborHTMLParser:
    """A built page as the browser's engine reads it (Lexbor): the tests that walk every page of a site read it
    so, several times faster than BeautifulSoup's Python parser."""
    return LexborHTMLParser(path.read_text(encoding="utf-8"))


def page_lang(site, path) -> str:
    rel = path.relative_to(site).parts
    return rel[0] if rel and rel[0] in LANGS and rel[0] != layout.DEFAULT_LANGUAGE else layout.DEFAULT_LANGUAGE


@pytest.mark.parametrize("lang", LANGS)
def test_every_item_is_on_its_issue_page_with_its_sources(catalog, pages, lang):
    for issue in catalog.issues:
        article = pages.article(issue.page, lang)
        assert article.h1.get_text(strip=True).startswith(
            {"zh": f"第 {issue.number} 期", "en": f"Issue {issue.number}"}[lang])
        for item in issue.items:
            heading = article.find(id=item.id)
            assert heading is not None, f"{item.id} missing on {issue.page} ({lang})"
            assert item.text(lang).title in heading.get_text()
            block = []
            for sibling in heading.find_next_siblings():
                if sibling.name in ("h2", "h3"):
                    break
                block.append(sibling)
            hrefs = {a.get("href") for part in block for a in part.find_all("a")}
            names = " ".join(part.get_text(" ") for part in block)
            for source in catalog.sources(item):
                assert source.name in names
                if source.url:
                    assert source.url in hrefs, f"{item.id}: {source.url} not linked ({lang})"
            assert "kb-copy" in block[0]["class"]  # the copy-link control, then the item's summary (test_weekly_out)
            badge = block[1].select_one(".kb-badge")
            assert badge is not None and f"kb-badge--{item.facts.category}" in badge["class"]


@pytest.mark.parametrize("lang", LANGS)
def test_issue_page_has_header_summary_and_verdicts(catalog, pages, lang):
    for issue in catalog.issues:
        soup = pages.soup(issue.page, lang)
        text = soup.select_one("article").get_text(" ")
        period = issue.facts.period
        for day in (period.start, period.end, issue.facts.published):
            assert str(day) in text
        assert soup.select_one(".admonition.abstract") is not None
        for signal in issue.signals:
            heading = soup.find(id=signal.id)
            assert heading is not None
            verdict = heading.find_next_sibling("p").select_one(".kb-verdict")
            assert f"kb-verdict--{signal.facts.verdict}" in verdict["class"]
        assert soup.title.get_text().startswith(
            {"zh": f"第 {issue.number} 期", "en": f"Issue {issue.number}"}[lang])


def item_links(article, section_id):
    """Ids of the items linked from the list under the hub heading `section_id`."""
    heading = article.find(id=section_id)
    listing = heading.find_next_sibling()
    found = []
    for a in listing.select("li > a"):
        path, anchor = urldefrag(a["href"])
        if anchor:
            found.append((path, anchor))
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("topic", REQUIRED_HUBS)
def test_required_hubs_list_every_item_of_the_topic_newest_first(catalog, pages, topic, lang):
    article = pages.article(layout.topic_page(topic), lang)
    listed = item_links(article, "items")
    everything = catalog.items_of_topic(topic)
    expected = everything[:10]  # the latest; the record pages hold them all
    assert [anchor for _, anchor in listed] == [item.id for item in expected]
    for item in everything:
        record = next(r for r in catalog.records.of("topic", topic) if item in catalog.records.items(r))
        assert pages.article(record.page, lang).find("a", href=lambda h: h and h.endswith(f"#{item.id}")) is not None
    # newest first, and each from the issue the facts say
    dates = [item.published for item in expected]
    assert dates == sorted(dates, reverse=True)
    for (path, _), item in zip(listed, expected):
        assert path.rstrip("/").endswith(layout.issue_stem(item.issue.number))
    issues_in_facts = {item.issue.number for item in expected}
    if topic == "kv-cache-compression":  # the facts put it in both issues
        assert issues_in_facts == {3, 7}
    for signal in catalog.signals_of_topic(topic)[:5]:
        assert article.find("a", href=lambda h: h and h.endswith(f"#{signal.id}")) is not None
    for entry in catalog.watch_of_topic(topic, open_only=True)[:10]:  # linked to the record page it lives on
        assert article.find("a", href=lambda h: h and h.endswith(f"{layout.page_url(entry.page)}#{entry.id}")) is not None


@pytest.mark.parametrize("lang", LANGS)
def test_entity_pages_are_timelines_of_their_items(catalog, pages, lang):
    for entity in catalog.entities.values():
        article = pages.article(layout.entity_page(entity.id), lang)
        anchors = [urldefrag(a["href"])[1] for a in article.select("li > a") if "#" in a["href"]]
        assert anchors == [item.id for item in catalog.items_of_entity(entity.id)]


def internal_links(site):
    """(page, href, resolved file, anchor) for every link inside page content."""
    for path in html_pages(site):
        article = parsed(path).css_first("article")
        if article is None:
            continue
        for a in article.css("a[href]"):
            href = a.attributes["href"] or ""
            if urlparse(href).scheme or href.startswith(("mailto:", "//")):
                continue
            target, anchor = urldefrag(href)
            if target:
                resolved = posixpath.normpath(posixpath.join(path.parent.relative_to(site).as_posix(), target))
                file = site / resolved if posixpath.splitext(resolved)[1] else site / resolved / "index.html"
            else:
                file = path
            yield path, href, file, anchor


def test_every_content_link_resolves_in_the_same_language(site):
    ids: dict[Path, set[str]] = {}  # each target page parsed once
    checked = 0
    for path, href, file, anchor in internal_links(site):
        assert file.is_file(), f"{path}: broken link {href}"
        if file.suffix == ".html":  # pages; the open data export serves both languages
            assert page_lang(site, file) == page_lang(site, path), f"{path}: {href} crosses languages"
        if anchor and file.suffix == ".html":
            if file not in ids:
                ids[file] = {tag.attributes["id"] for tag in parsed(file).css("[id]")}
            assert anchor in ids[file], f"{path}: {href} points at a missing anchor"
        checked += 1
    assert checked  # every page links somewhere: the fixture archive's site has hundreds (test_fixture_archive)


@pytest.mark.parametrize("lang", LANGS)
def test_refs_render_localized_titles(catalog, pages, lang):
    article = pages.article(layout.topic_page("routing-control-planes"), lang)
    item = catalog.target("kinference-launch")
    links = [a for a in article.find_all("a") if a.get("href", "").endswith("#kinference-launch")]
    assert any(a.get_text() == item.title(lang) for a in links)


def test_unarchived_references_are_marked_text_not_links(catalog, pages):
    unarchived = [t for t in catalog.targets.values() if isinstance(t, Unarchived)]
    for thing in [t for t in unarchived if t.id in catalog.mentions]:  # the fixture archive has some (test_fixture_archive)
        for lang in LANGS:
            article = pages.article(thing.issue.page, lang)
            marks = [m for m in article.select(".kb-unarchived")]
            assert marks, f"no not-in-archive mark on {thing.issue.page} ({lang})"
            label = thing.title(lang)
            assert label in article.get_text()
            assert not [a for a in article.find_all("a") if a.get_text() == label]


@pytest.mark.parametrize("lang", LANGS)
def test_items_show_the_pages_that_mention_them(catalog, pages, lang):
    shown = 0
    for item in catalog.items:
        mentioned = catalog.mentioned_elsewhere(item)  # a page its topics or entities already link is not repeated
        article = pages.article(item.page, lang)
        heading = article.find(id=item.id)
        block = []
        for sibling in heading.find_next_siblings():
            if sibling.name in ("h2", "h3"):
                break
            block.append(sibling)
        label = {"zh": "被提及于", "en": "Mentioned in"}[lang]
        line = next((p for p in block if p.get_text().startswith(label)), None)
        if not mentioned:
            assert line is None
            continue
        assert line is not None, f"{item.id}: no '{label}' line"
        assert len(line.find_all("a")) == len(mentioned)
        facts = next(p for p in block if "kb-facts" in p.get("class", []))
        assert not {a["href"] for a in line.find_all("a")} & {a["href"] for a in facts.find_all("a")}  # each link once
        shown += 1
    # most mentions are on the hubs and entity pages the item's facts line already links; the rest show
    assert shown == sum(bool(catalog.mentioned_elsewhere(item)) for item in catalog.items)


def lang_dir(site, lang):
    return site if lang == layout.DEFAULT_LANGUAGE else site / lang


@pytest.mark.parametrize("lang", LANGS)
def test_language_switch_pairs_every_page(catalog, site, lang):
    other = next(l for l in LANGS if l != lang)
    checked = 0
    for path in html_pages(site):
        if page_lang(site, path) != lang:
            continue
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        switch = soup.select_one(f'.md-select__link[hreflang="{other}"]')
        assert switch is not None, f"{path}: no switch to {other}"
        key = path.parent.relative_to(lang_dir(site, lang))
        counterpart = (lang_dir(site, other) / key).resolve()
        target = (path.parent / switch["href"]).resolve()
        assert target == counterpart, f"{path}: switch goes to {switch['href']}"
        assert (counterpart / "index.html").is_file()
        checked += 1
    assert checked == len(catalog.pages)  # every page of docs/ and every record page, none missed


@pytest.mark.parametrize("lang", LANGS)
def test_watch_list_is_generated_from_the_issues(catalog, pages, lang):
    article = pages.article(layout.WATCH_PAGE, lang)
    open_section = article.find(id="open")
    resolved_section = article.find(id="resolved")
    for entry in catalog.watch:  # the fixture archive has open and resolved ones (test_fixture_archive)
        # in full on the record page of the year it was opened
        heading = pages.article(entry.page, lang).find(id=entry.id)
        assert heading is not None and entry.title(lang) in heading.get_text()
        text = " ".join(s.get_text() for s in heading.find_next_siblings("p")[:3])
        if not entry.is_open:
            assert entry.resolved_by.title(lang) in text
        # and on the overview, under open or recently resolved
        link = article.find("a", href=lambda h: h and h.endswith(f"#{entry.id}"))
        assert link is not None and link.get_text() == entry.title(lang)
        after_resolved = resolved_section in link.find_all_previous(id="resolved")
        assert after_resolved == (not entry.is_open), entry.id
    for topic in catalog.topics.values():
        has_open = bool(catalog.watch_of_topic(topic.id, open_only=True))
        assert (article.find(id=f"open-{topic.id}") is not None) == has_open
    assert (open_section is not None) == bool(catalog.open_watch())


def test_navigation_does_not_list_issues(site):
    for path in html_pages(site):
        nav = parsed(path).css_first("nav.md-nav--primary")
        hrefs = [a.attributes["href"] or "" for a in nav.css("a[href]")]
        assert not [h for h in hrefs if "/issues/0" in h or h.startswith("../0") or "issues/00" in h], path


def test_home_page_shows_latest_issue_hubs_and_open_watch(catalog, pages):
    for lang in LANGS:
        article = pages.article("index.md", lang)
        hrefs = [a["href"] for a in article.find_all("a", href=True)]
        latest = catalog.issues[0]
        assert any(h.rstrip("/").endswith(f"issues/{layout.issue_stem(latest.number)}") for h in hrefs)
        for topic in catalog.topics:
            assert any(h.rstrip("/").endswith(f"topics/{topic}") for h in hrefs)
        for entry in catalog.open_watch():
            assert any(h.endswith(f"#{entry.id}") for h in hrefs)


def test_search_index_is_per_language_and_chinese_by_character_pairs(catalog, site):
    entry = json.loads((site / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8"))
    # the pages of docs/, and the watch list's record pages (the other record pages repeat what
    # issue pages say, and are left out of the index)
    # and one record per item of an issue; Chinese under the private-use code qaa (kb.search.text)
    items = sum(len(issue.items) for issue in catalog.issues)
    pages_per_language = len(catalog.page_titles) + len(catalog.records.of("watch")) + items
    assert {lang: index["page_count"] for lang, index in entry["languages"].items()} == {
        {"zh": "qaa"}.get(lang, lang): pages_per_language for lang in LANGS}
    fragments = search_fragments(site)
    chinese = " ".join(fragments["/issues/007/"]["content"].replace("\u200b", " ").split())
    assert "控制 制面 面" in chinese and "控制面" not in chinese  # each Han character is a word: it and the next
    assert "control plane" in fragments["/en/issues/007/"]["content"].lower()


def test_generated_lists_are_not_indexed_twice(site):
    # an item is found on its issue page, not again on every hub, entity and list page
    fragments = search_fragments(site)
    hub = fragments["/en/topics/kv-cache-compression/"]["content"]
    assert "LoopVQ" in (site / "en/topics/kv-cache-compression/index.html").read_text(encoding="utf-8")
    assert "Items, newest first" not in hub


def test_no_template_text_or_error_reaches_the_html(site):
    for path in html_pages(site):
        article = parsed(path).css_first("article")
        text = article.text(deep=True, separator="") if article else ""
        for leftover in ("{{", "{%", "Traceback", "Macro Syntax Error", "TODO"):
            assert leftover not in text, f"{path}: {leftover}"
        assert article is None or "data-kb-raw" not in article.html, f"{path}: generated HTML left as a placeholder"


@pytest.mark.parametrize("lang", LANGS)
def test_translation_status_counts_every_page_and_lists_those_to_work_on(catalog, pages, lang):
    states = translation_states(catalog.root, sorted(catalog.page_titles))
    article = pages.article("translations.md", lang)
    tally = article.select_one(".kb-translation-tally").get_text()
    assert sum(int(n) for n in re.findall(r"\d+", tally)) == len(catalog.page_titles)
    todo = [s for s in states if s.status != "current"]
    rows = article.select("tbody tr")
    assert len(rows) == min(len(todo), 100)
    assert all(row.select_one(".kb-translation--current") is None for row in rows)


def test_every_navigation_link_names_its_page(site):
    """A page's title outlives its Markdown: the navigation of pages built after the data ledger named it "None"
    (mkdocs derives a title only while the page holds its Markdown, which the plugin drops once it is written)."""
    unnamed = []
    for path in sorted(site.rglob("*.html")):
        for link in parsed(path).css(".md-nav__link, .md-footer__link"):
            text = " ".join(link.text(deep=True, separator=" ").split())
            if not text or text == "None" or text.endswith(" None"):
                unnamed.append(f"{path.relative_to(site)}: {link.attributes.get('href')} {text!r}")
    assert unnamed == []
