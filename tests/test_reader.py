"""What readers see: search, language switch, phone and desktop widths, feeds, sharing, 404."""
from __future__ import annotations

import re
from pathlib import Path

import feedparser
import pytest
from browser import chromium, search, serve
from bs4 import BeautifulSoup

from conftest import SITE_PORT, SITE_URL
from test_site import parsed
from kb.project import layout
from kb.publish import feeds

ARTIFACTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"

# (language home, query, a page a reader expects among the first three results)
QUERIES = [
    ("", "路由", "/topics/routing-control-planes/"),
    ("", "前缀缓存", "/issues/007/"),
    ("", "量化", "/issues/007/"),
    ("", "投机解码", "/issues/007/"),
    ("", "KV 缓存", "/topics/kv-cache-compression/"),
    ("", "NVFP4", "/topics/fp4-kernels/"),
    ("", "TTFT", "/topics/pd-disaggregation/"),
    ("", "vLLM", "/entities/vllm/"),
    ("", "llama.cpp", "/entities/llama-cpp/"),
    ("", "SGLang", "/entities/sglang/"),
    ("", "v0.33", "/issues/007/"),
    ("en/", "inference", "/en/issues/007/"),
    ("en/", "routing", "/en/topics/routing-control-planes/"),
    ("en/", "quantization", "/en/topics/kv-cache-compression/"),
    ("en/", "KV cache", "/en/topics/kv-cache-compression/"),
    ("en/", "NVFP4", "/en/topics/fp4-kernels/"),
    ("en/", "TTFT", "/en/topics/pd-disaggregation/"),
    ("en/", "vLLM", "/en/entities/vllm/"),
    ("en/", "llama.cpp", "/en/entities/llama-cpp/"),
    ("en/", "SGLang", "/en/entities/sglang/"),
    ("en/", "v0.33", "/en/issues/007/"),  # the release it names, as in Chinese
    ("en/", "speculative decoding", "/en/entities/sglang/"),
]


@pytest.fixture(scope="module")
def reader(site):
    with serve(site, SITE_PORT) as url, chromium() as browser:
        yield browser, url


def top_pages(links: list[str], count: int = 3) -> list[str]:
    pages = []
    for link in links:
        page = link.split("#")[0]
        if page not in pages:
            pages.append(page)
    return pages[:count]


@pytest.mark.full
@pytest.mark.parametrize("home,query,expected", QUERIES, ids=[q for _, q, _ in QUERIES])
def test_search_finds_the_page_a_reader_expects(reader, home, query, expected):
    browser, url = reader
    page = browser.new_page()
    page.set_default_timeout(10_000)
    page.goto(url + home)
    top = top_pages(search(page, query))
    page.close()
    assert expected in top, f"{query}: {top}"
    # a reader searches the language of the page they are on
    assert all(p.startswith("/en/") == (home == "en/") for p in top)


SWITCH_PAGES = ["index.md", layout.issue_page(7), layout.topic_page("fp4-kernels"), layout.WATCH_PAGE]


# the home page and an issue in the fast tier (tests/test_alternates.py switches from an item too); all: make test-full
@pytest.mark.parametrize("page_key", [p if n < 2 else pytest.param(p, marks=pytest.mark.full) for n, p in enumerate(SWITCH_PAGES)])
def test_language_switch_goes_to_the_counterpart_and_back(reader, page_key):
    browser, url = reader
    page = browser.new_page()
    page.goto(url + layout.built_file(page_key, "zh").removesuffix("index.html"))
    for lang in ("en", "zh"):
        page.click("div.md-select button")  # the language menu (hover on desktop, click works too)
        page.click(f'.md-select__link[hreflang="{lang}"]')
        page.wait_for_load_state()
        assert page.url == url + layout.built_file(page_key, lang).removesuffix("index.html")
        assert page.evaluate("document.documentElement.lang") == lang
    page.close()


WIDTHS = {"phone": {"width": 375, "height": 740}, "desktop": {"width": 1280, "height": 900}}


@pytest.mark.full
@pytest.mark.parametrize("device", WIDTHS)
def test_pages_fit_the_screen_and_navigation_opens(site, reader, device):
    browser, url = reader
    page = browser.new_page(viewport=WIDTHS[device])
    wide = []
    for path in sorted(site.rglob("index.html")):
        rel = path.parent.relative_to(site).as_posix()
        page.goto(url + ("" if rel == "." else rel + "/"))
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 1:
            wide.append((rel, overflow))
        badge = page.query_selector(".kb-badge")
        if badge:  # badges stay readable: at least 10px text, not squeezed
            assert float(badge.evaluate("b => getComputedStyle(b).fontSize").removesuffix("px")) >= 10
    assert wide == []
    page.goto(url + "issues/007/")
    if device == "phone":
        page.click('label.md-header__button[for="__drawer"]')
        page.wait_for_timeout(400)
        assert page.locator("nav.md-nav--primary a", has_text="往期").first.is_visible()
    else:
        assert page.locator(".md-tabs a", has_text="往期").first.is_visible()
    page.close()


@pytest.mark.full
def test_screenshots_of_what_readers_see(reader):
    browser, url = reader
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shots = {"home": "", "issue": "issues/007/", "hub": "topics/kv-cache-compression/", "claims": "claims/?source=vendor",
             "signals": "signals/"}
    for lang, prefix in (("zh", ""), ("en", "en/")):
        for device, size in WIDTHS.items():
            page = browser.new_page(viewport=size)
            for name, path in shots.items():
                page.goto(url + prefix + path)
                page.screenshot(path=ARTIFACTS / f"{name}-{lang}-{device}.png", full_page=(device == "phone"))
            page.goto(url + prefix)
            search(page, "控制面" if lang == "zh" else "control plane")
            page.screenshot(path=ARTIFACTS / f"search-{lang}-{device}.png")
            page.close()
    assert len(list(ARTIFACTS.glob("*.png"))) >= 24


def test_every_page_has_title_description_language_alternates_and_sharing_tags(site):
    for path in sorted(site.rglob("index.html")):
        head = parsed(path).head
        where = path.relative_to(site)
        content = lambda selector: (head.css_first(selector).attributes.get("content") or "").strip()  # noqa: E731
        title = head.css_first("title")
        assert title and title.text(strip=True), where
        assert content('meta[name="description"]'), where
        alternates = {link.attributes["hreflang"]: link.attributes["href"] for link in head.css('link[rel="alternate"][hreflang]')}
        assert alternates.keys() == {*layout.LANGUAGES, "x-default"}, where
        assert all(href.startswith(SITE_URL) for href in alternates.values()), where  # absolute at a known address
        assert head.css_first('link[rel="canonical"]').attributes["href"].startswith(SITE_URL), where
        for prop in ("og:title", "og:description", "og:url", "og:locale"):
            assert content(f'meta[property="{prop}"]'), (where, prop)
        feeds = [link for link in head.css('link[rel="alternate"][type]') if re.search("rss|atom", link.attributes["type"])]
        assert len(feeds) >= 2, where


def test_feeds_are_valid_and_list_issues_and_topic_items(catalog, site):
    for lang in layout.LANGUAGES:
        home = site if lang == layout.DEFAULT_LANGUAGE else site / lang
        for name in ("feed.xml", "atom.xml"):
            feed = feedparser.parse((home / name).read_bytes())
            assert not feed.bozo, (lang, name, feed.get("bozo_exception"))
            assert [e.link.rstrip("/").rsplit("/", 1)[1] for e in feed.entries] == [
                layout.issue_stem(i.number) for i in catalog.issues[:feeds.LIMIT]]
        for topic in catalog.topics:
            items = [i.id for i in catalog.items_of_topic(topic)]
            checks = [check.anchor for i in catalog.items_of_topic(topic) for c in i.claims for check in c.checked_by]
            for name in (f"topic-{topic}.xml", f"topic-{topic}.atom.xml"):
                feed = feedparser.parse((home / name).read_bytes())
                assert not feed.bozo, (lang, name)
                # the topic's items, newest first, and the later figures that checked one of theirs
                anchors = [e.link.split("#")[1] for e in feed.entries]
                assert set(anchors) <= set(items) | set(checks) and len(anchors) == min(len(items) + len(checks), feeds.LIMIT)
                listed = [a for a in anchors if a in items]
                assert listed == items[:len(listed)], (lang, name)
                dates = [e.get("published_parsed") or e.get("updated_parsed") for e in feed.entries]
                assert dates == sorted(dates, reverse=True), (lang, name)
    home_page = BeautifulSoup((site / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert home_page.select_one(".kb-feeds a[href$='feed.xml']") and home_page.select_one(".kb-feeds a[href$='atom.xml']")


def test_404_page_helps_in_both_languages(site):
    page = BeautifulSoup((site / "404.html").read_text(encoding="utf-8"), "html.parser").select_one("article")
    text = page.get_text()
    assert "页面不存在" in text and "Page not found" in text
    hrefs = [a["href"] for a in page.find_all("a")]
    assert any(h.endswith("/en/") for h in hrefs) and any(h.endswith("/issues/") for h in hrefs)
    # one page for both languages, in the default one's frame, each paragraph in its own language
    whole = BeautifulSoup((site / "404.html").read_text(encoding="utf-8"), "html.parser")
    assert whole.html["lang"] == layout.DEFAULT_LANGUAGE
    assert [p.get("lang") for p in page.find_all("p")] == [None, "en"]
    assert not [link["href"] for link in whole.find_all("link", href=True) if link["href"].startswith("//")]


@pytest.mark.parametrize("lang", layout.LANGUAGES)
def test_issue_page_links_are_targets_of_24_px(catalog, reader, lang):
    """Every link of an issue's article, related items open, is at least 24 px tall (WCAG 2.2, 2.5.8) at phone
    width; the item title outweighs the summary under it, and the page title is in the body colour."""
    browser, url = reader
    page = browser.new_page(viewport=WIDTHS["phone"])
    page.goto(url + layout.built_file(layout.issue_page(catalog.issues[0].number), lang).removesuffix("index.html"))
    page.evaluate("document.querySelectorAll('details.kb-related-items').forEach(d => d.open = true)")
    heights = page.eval_on_selector_all(
        "article.md-content__inner a",
        "links => links.filter(a => a.getClientRects().length).map(a => [a.textContent.trim(), a.getBoundingClientRect().height])")
    assert len(heights) > 20 and [(text, h) for text, h in heights if h < 24] == []
    styles = page.evaluate("""() => Object.fromEntries(
        ['article h1', 'h3.kb-item', 'h3.kb-item ~ p strong', 'article.md-content__inner'].map(s => [s,
            (({fontSize, fontWeight, color}) => [parseFloat(fontSize), +fontWeight, color])(getComputedStyle(document.querySelector(s)))]))""")
    title, summary, body = styles["h3.kb-item"], styles["h3.kb-item ~ p strong"], styles["article.md-content__inner"]
    assert title[0] > summary[0] and title[1] >= summary[1]
    assert styles["article h1"][2] == body[2]  # not Material's paler grey
    page.close()
