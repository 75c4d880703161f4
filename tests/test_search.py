"""Search in the browser: Pagefind in Material's search box, per language, Chinese terms whole."""
from __future__ import annotations

import pytest

from conftest import SITE_PORT
from browser import chromium, search, serve
from kb.search_index import search_fragments

# Domain terms a word segmenter may split (the old search kept them whole with a user dictionary).
CHINESE_TERMS = ["前缀缓存", "控制面", "投机解码", "缓存", "量化", "路由"]


@pytest.fixture(scope="module")
def browser_page(site):
    with serve(site, SITE_PORT) as url, chromium() as browser:
        page = browser.new_page()
        page.set_default_timeout(10_000)
        yield page, url
        page.close()


def pages_holding(site, term: str, prefix: str) -> set[str]:
    """Indexed pages of a language whose text holds `term` as written."""
    found = set()
    for url, record in search_fragments(site).items():
        text = "".join(record["content"].replace("\u200b", " ").split())
        if url.startswith(prefix) and not (prefix == "/" and url.startswith("/en/")) and term.replace(" ", "") in text:
            found.add(url)
    return found


@pytest.mark.parametrize("term", CHINESE_TERMS)
def test_chinese_terms_are_found_whole_on_every_page_that_has_them(site, browser_page, term):
    page, url = browser_page
    page.goto(url)
    shown = search(page, term)
    expected = pages_holding(site, term, "/")
    assert expected, f"no page holds {term}"
    # every result holds the term (a substring search), and the best ones are on screen
    on_screen = {link.split("#")[0] for link in shown}
    assert on_screen <= expected and len(on_screen) == min(len(expected), 10)
    # excerpts show the term as written (the index spaces the characters out)
    assert term in page.inner_text(".md-search-result__list")


def test_search_is_keyed_to_the_page_language(browser_page):
    page, url = browser_page
    page.goto(url + "en/")
    english = search(page, "control plane")
    assert english and all("/en/" in link for link in english)
    assert search(page, "量化") == []  # the English index holds no Chinese pages
    page.goto(url)
    chinese = search(page, "控制面")
    assert chinese and not any("/en/" in link for link in chinese)
