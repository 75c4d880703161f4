"""Search in the browser, as a reader uses it: Pagefind in Material's search box, in both languages.

Queries are classes, each in both languages where it applies: terms found whole, ranked hubs and
titles, words that stand apart, other names (data/ aliases), versions and figures, and strings that
must find nothing. Then facets, result lines, the keyboard, input methods, the 404 page, a site
under a sub-path, and a reader without JavaScript.
"""
from __future__ import annotations

import json
import re
import time
from urllib.parse import quote_plus

import pytest
from browser import chromium, search, serve

from conftest import ROOT, SITE_PORT, build
from kb.model.labels import LABELS
from kb.project import layout
from kb.search.bundle import SHARDS_FILE
from kb.search.index import search_fragments
from kb.search.text import INDEX_LANGUAGE, readable

# Domain terms a word segmenter may split (the old search kept them whole with a user dictionary).
CHINESE_TERMS = ["前缀缓存", "控制面", "投机解码", "缓存", "量化", "路由"]

# (language, query, the page a reader expects, within the first N results). Pages from the language's home.
EXPECTED = [
    # a hub or a title that holds the query before pages that mention it
    ("zh", "KV 缓存压缩", "topics/kv-cache-compression/", 1),
    ("en", "KV cache compression", "topics/kv-cache-compression/", 1),
    ("zh", "路由", "topics/routing-control-planes/", 1),
    ("zh", "控制面", "topics/routing-control-planes/", 3),
    ("en", "control plane", "topics/routing-control-planes/", 3),
    ("zh", "量化", "issues/003/#stepquant", 3),
    ("en", "inference engine releases", "topics/serving-engine-releases/", 1),
    ("zh", "Kimi", "entities/kimi/", 1),
    ("en", "SGLang", "entities/sglang/", 1),
    ("zh", "vLLM", "entities/vllm/", 1),  # a name in mixed case, typed either way
    ("en", "vllm", "entities/vllm/", 1),
    # words that stand apart in the text
    ("zh", "限流 挽救", "issues/007/", 1),
    ("zh", "供过于求 便宜", "issues/007/", 3),
    ("zh", "前缀 缓存", "issues/007/#vllm-v0-33-0", 3),
    ("zh", "限流挽救", "issues/007/", 1),  # as a reader writes them: no space between the words
    ("zh", "端侧部署", "topics/edge-backends/", 3),  # the hub writes 端侧与边缘部署
    ("zh", "端侧大模型", "", 3),  # one split (端侧 + 侧大 + 模型) is no word: the other finds the pages
    # other names and scripts (data/entities.yml, data/topics.yml)
    ("zh", "深度求索", "entities/deepseek/", 1),
    ("zh", "月之暗面", "entities/kimi/", 1),
    ("zh", "千问", "entities/qwen/", 1),
    ("zh", "通义千问", "entities/qwen/", 1),
    ("zh", "英伟达", "entities/nvidia-gpus/", 3),
    ("zh", "llamacpp", "entities/llama-cpp/", 1),
    ("en", "llamacpp", "entities/llama-cpp/", 1),
    ("en", "Moonshot AI", "entities/kimi/", 1),
    ("en", "Tongyi Qianwen", "entities/qwen/", 1),
    ("zh", "端侧推理", "topics/edge-backends/", 1),
    ("en", "on-device inference", "topics/edge-backends/", 1),
    ("zh", "缓存感知路由", "topics/routing-control-planes/", 1),
    ("en", "cache-aware routing", "topics/routing-control-planes/", 1),
    ("zh", "分离式推理", "topics/pd-disaggregation/", 1),
    ("en", "disaggregated serving", "topics/pd-disaggregation/", 1),
    ("zh", "首日支持", "topics/day0-support/", 3),
    ("en", "launch-day support", "topics/day0-support/", 1),
    ("zh", "FP4 算子", "topics/fp4-kernels/", 1),
    # another way of writing a term, searched as the site writes it (data/terms.yml)
    ("zh", "推测解码", "issues/007/#sglang-v0-5-23", 3),
    ("en", "speculative sampling", "entities/sglang/", 3),
    ("zh", "显卡内存", "issues/007/#strataflux", 3),
    # an abbreviation by its glossary name (snippets/abbreviations*.md), a British spelling
    ("en", "time to first token", "issues/003/#vllm-bidirectional-kv-transfer", 3),
    ("en", "Time-to-first-token", "issues/003/#vllm-bidirectional-kv-transfer", 3),
    ("zh", "首字延迟", "issues/003/#vllm-bidirectional-kv-transfer", 3),
    ("zh", "首 token 延迟", "issues/003/#vllm-bidirectional-kv-transfer", 3),
    ("en", "mixture of experts", "issues/007/#vllm-v0-33-0", 3),
    ("zh", "混合专家", "issues/007/#vllm-v0-33-0", 3),  # a reader's shorter name, listed in the glossary
    ("en", "quantisation", "issues/003/#stepquant", 3),
    # a question in a reader's words: what it asks about, its judgment and function words aside, the fewest
    # words dropped (cut where a dictionary cuts Chinese), a glossary abbreviation kept, a percentage in words
    ("zh", "手机上跑大模型", "topics/edge-backends/", 3),
    ("zh", "厂商倍数可信吗", "issues/003/", 1),  # its verdict on them, a part of the page
    ("zh", "1-bit 以下的 KV 量化", "issues/007/#loopvq", 3),
    ("en", "ttft dropped 95 percent", "issues/007/#kinference-launch", 3),
    # what the site offers: the home page's latest issues and its feeds (the other pages' subscribe blocks are
    # not searched: they repeat it)
    ("zh", "最新一期", "", 1),
    ("en", "how to subscribe", "", 1),
    ("en", "rss", "", 1),
    # versions and figures: the release they name
    ("zh", "0.33", "issues/007/#vllm-v0-33-0", 3),
    ("en", "0.33", "issues/007/#vllm-v0-33-0", 3),
    ("zh", "v0.5.23", "issues/007/#sglang-v0-5-23", 1),
    ("en", "v0.5.23", "issues/007/#sglang-v0-5-23", 1),
    ("zh", "b12180", "issues/007/#llama-cpp-kimi-k3-1-pro", 3),
    ("en", "3.3x", "issues/003/#vllm-bidirectional-kv-transfer", 1),
    ("en", "3.3×", "issues/003/#vllm-bidirectional-kv-transfer", 1),
    ("zh", "3.3", "issues/003/#vllm-bidirectional-kv-transfer", 1),
    ("zh", "3.3x", "issues/003/#vllm-bidirectional-kv-transfer", 1),  # the Chinese page writes 3.3 倍
    ("zh", "3.3×", "issues/003/#vllm-bidirectional-kv-transfer", 1),
    # a name one letter off, read as the name (kb.search.records.spelling_words): left out, doubled, swapped
    ("zh", "lama.cpp", "entities/llama-cpp/", 1),
    ("en", "lama.cpp", "entities/llama-cpp/", 1),
    ("zh", "sglnag", "entities/sglang/", 1),
    ("zh", "深度求素", "entities/deepseek/", 1),
    ("en", "nvidea", "entities/nvidia-gpus/", 3),
    # words set apart that a name writes as one
    ("zh", "SG Lang", "entities/sglang/", 1),
    ("en", "llama cpp", "entities/llama-cpp/", 1),
    ("en", "flash infer", "entities/flashinfer/", 1),
    # a question: its stop words set aside, then the fewest other words dropped (the panel says which)
    ("zh", "哪个引擎支持 PD 分离", "issues/007/#sglang-v0-5-23", 1),  # the engine whose release made it work with PD
    ("en", "which engines support speculative decoding", "issues/007/#sglang-v0-5-23", 3),
    ("zh", "哪个引擎支持投机解码", "issues/007/#sglang-v0-5-23", 3),
    # traditional characters and Taiwan's phrases, folded with OpenCC's tables (kb/search/folding.py)
    # (统一内存 is the hub's platform and the subject of one of its items, which may rank either way: top three)
    ("zh", "統一記憶體", "topics/edge-backends/", 3),
    ("zh", "推論引擎", "topics/serving-engine-releases/", 3),  # 推论, as OpenCC folds it, is read as 推理 (data/terms.yml)
    # a synonym and a reduction written otherwise (data/terms.yml), a factor however written
    ("zh", "解码延迟降低一半", "issues/007/#loopvq", 1),
    ("en", "latency cut in half", "issues/007/#loopvq", 1),
    ("en", "3.3 times", "issues/003/#vllm-bidirectional-kv-transfer", 1),
    ("en", "3.3-fold", "issues/003/#vllm-bidirectional-kv-transfer", 1),
]

# One stray letter or digit, a version that does not exist, a word of no page, the other language's words.
# A misspelt name is read as the name only where the word is long enough not to be another word (控制器 is no
# misspelt 控制面, VLM no vLLM) and has no digit, and is one letter off (two from 8 letters: lama.cq is not llama.cpp).
NOTHING = [("zh", "0.3x"), ("en", "0.3x"), ("zh", "0.3 倍"), ("zh", "qzxv"), ("en", "qzxv"), ("zh", "0.333"), ("en", "v0.33.1"),
           ("zh", "控制器"), ("en", "3.4x"), ("en", "量化"), ("zh", "VLM"), ("en", "lama.cq"),
           ("en", "constructor"), ("zh", "hasOwnProperty")]  # names of every script object's own fields


@pytest.fixture(scope="module")
def browser(site):
    with serve(site, SITE_PORT) as url, chromium() as browser:
        yield browser, url


def _errors_of_search(page) -> list[str]:
    """Script errors of the search box (Material's own language switch throws on the 404 page, not ours)."""
    errors = []
    page.on("pageerror", lambda error: "kb-search" in (error.stack or "") and errors.append(str(error)))
    return errors


@pytest.fixture
def browser_page(browser):
    chrome, url = browser
    page = chrome.new_page()
    page.set_default_timeout(10_000)
    errors = _errors_of_search(page)
    yield page, url
    page.close()
    assert errors == []


@pytest.fixture(scope="module")
def readers(browser):
    """A home page per language, open for the whole module: queries follow one another as a reader's do."""
    chrome, url = browser
    pages, errors = {}, []
    for lang in ("zh", "en"):
        pages[lang] = chrome.new_page()
        pages[lang].set_default_timeout(10_000)
        errors += _errors_of_search(pages[lang])
        pages[lang].goto(home(url, lang))
    yield pages
    for page in pages.values():
        page.close()
    assert errors == []


def home(url: str, lang: str) -> str:
    return url + ("en/" if lang == "en" else "")


def rows(page) -> list[str]:
    """The result rows on screen, best first: the link of each row's page or item."""
    return page.eval_on_selector_all(".md-search-result__item > a:first-child", "links => links.map(a => a.getAttribute('href'))")


def pages_holding(site, term: str, lang: str) -> set[str]:
    """Pages of a language whose indexed text holds `term` as written (an item's record counts for its page)."""
    found = set()
    for url, record in search_fragments(site).items():
        if url.startswith("/en/") != (lang == "en"):
            continue
        text = "".join(readable(record["content"]).split())
        if term.replace(" ", "") in text:
            found.add(record.get("meta", {}).get("url", url).split("#")[0])
    return found


@pytest.mark.parametrize("term", CHINESE_TERMS)
def test_chinese_terms_are_found_whole(site, readers, term):
    page = readers["zh"]
    shown = search(page, term)
    expected = pages_holding(site, term, "zh")
    assert expected, f"no page holds {term}"
    # results holding the term first; where they are few, those holding its words apart follow, and say so
    rows = page.eval_on_selector_all(".md-search-result__item > a", "links => links.map(a => [a.getAttribute('href'), "
                                     "a.querySelector('.kb-result-meta')?.textContent.includes('词语分开出现') || false])")
    assert [href for href, _ in rows] == shown
    apart = [is_apart for _, is_apart in rows]
    assert apart == sorted(apart) and not apart[0], rows
    assert {href.split("#")[0] for href, is_apart in rows if not is_apart} <= expected
    assert term in page.inner_text(".md-search-result__list")  # excerpts show it as written


def test_words_written_together_are_found_apart_after_the_phrase(readers):
    """A reader writes 端侧部署 without a space: the page writing it so comes first; the hub, which writes
    端侧与边缘部署, follows, its row saying the words stand apart (kb-search/query.js: asTwoWords)."""
    page = readers["zh"]
    search(page, "端侧部署")
    rows = page.eval_on_selector_all(".md-search-result__item > a", "links => links.map(a => [a.getAttribute('href'), "
                                     "a.querySelector('.kb-result-meta')?.textContent || ''])")
    assert rows[0][0] == "/" and "词语分开出现" not in rows[0][1], rows
    assert ["/topics/edge-backends/", "词语分开出现"] in rows, rows
    assert "知识库——每一期" in page.inner_text(".md-search-result__list")  # no space around a Chinese dash


# The fast tier asks every other pair of rows, half the queries; make test-full asks them all.
@pytest.mark.parametrize("lang,query,expected,within",
                         [pytest.param(*q, marks=pytest.mark.full) if n // 2 % 2 else q for n, q in enumerate(EXPECTED)],
                         ids=[f"{q[0]}-{q[1]}" for q in EXPECTED])
def test_a_reader_finds_the_page_the_query_means(readers, lang, query, expected, within):
    page = readers[lang]
    search(page, query)
    best = rows(page)[:within]
    assert ("/en/" if lang == "en" else "/") + expected in best, f"{query}: {best}"


def test_a_glossary_name_the_pages_write_out_is_searched_as_written(site, readers):
    """"Prefill/decode" expands PD (snippets/abbreviations.en.md), and pages write it out: those are the
    results, not the pages that write PD."""
    shown = {link.split("#")[0] for link in search(readers["en"], "prefill/decode")}
    assert shown and shown <= pages_holding(site, "prefill", "en")
    assert pages_holding(site, "PD", "en") - shown


# every other one in the fast tier; all: make test-full
@pytest.mark.parametrize("lang,query", [q if n % 2 == 0 else pytest.param(*q, marks=pytest.mark.full) for n, q in enumerate(NOTHING)],
                         ids=[f"{q[0]}-{q[1]}" for q in NOTHING])
def test_a_stray_letter_or_digit_finds_nothing(readers, lang, query):
    assert search(readers[lang], query) == []


def _wait_until(page, done, what: str, seconds: float = 10) -> None:
    """Wait for `done()`, a condition the test's own event handlers set, letting the page's events reach them."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        page.wait_for_timeout(50)


@pytest.mark.parametrize("lang,query,other,line", [
    ("en", "量化", "", "Search the Chinese edition for “量化”"),
    ("zh", "admission control", "en/", "在英文版中搜索“admission control”"),
])
@pytest.mark.full
def test_a_query_that_finds_nothing_in_the_other_editions_script_leads_to_its_search(browser_page, lang, query,
                                                                                       other, line):
    """Han typed on the English pages, English words on the Chinese ones: the panel links to a search of the
    pages the query is written for, which opens with its results (?q=). Material's script reads sitemaps next to
    the page's alternates (overrides/assets/kb-language.js says which it is given) and takes a click on a link
    into another language's site to a page of its own choosing, without ?q=, once it has read them (a CI run,
    2026-12-02, landed on the English home page with no query): the click here comes after every sitemap is read."""
    page, url = browser_page
    own = "en/" if lang == "en" else ""
    asked, read = set(), set()
    page.on("request", lambda request: request.url.endswith("/sitemap.xml") and asked.add(request.url))
    page.on("requestfinished", lambda request: request.url.endswith("/sitemap.xml") and read.add(request.url))
    page.goto(url + own)
    assert search(page, query) == []
    _wait_until(page, lambda: asked and asked <= read, "the sitemaps Material asked for read")
    link = page.locator(".kb-elsewhere a")
    assert link.inner_text() == line and link.get_attribute("href") == f"/{other}?q={quote_plus(query)}"
    link.click()
    page.wait_for_url(f"{url}{other}?q=*")
    page.wait_for_function("q => document.querySelector('[data-kb-search]').dataset.kbQuery === q", arg=query)
    assert page.locator(ROWS).count() > 0 and page.input_value("input.md-search__input") == query
    assert page.locator(".kb-elsewhere a").count() == 0  # found there: nothing more to point at


def test_a_query_in_the_pages_own_script_that_finds_nothing_points_nowhere(readers):
    for lang, query in (("zh", "控制器"), ("en", "qzxv")):  # Han on the Chinese pages, Latin on the English ones
        assert search(readers[lang], query) == []
        assert readers[lang].locator(".kb-elsewhere a").count() == 0


@pytest.mark.parametrize("lang,typed,shown,line", [
    ("zh", "lama.cpp 量化", "llama.cpp 量化", "未找到“lama.cpp 量化”，以下是“llama.cpp 量化”的结果"),
    ("en", "lama.cpp", "llama.cpp", "Nothing found for “lama.cpp”; showing results for “llama.cpp”"),
    # the query is text in the line, whatever it holds (the fixture's llama.cpp page writes "shown")
    ("en", "lama.cpp $& {shown}", "llama.cpp $& {shown}",
     "Nothing found for “lama.cpp $& {shown}”; showing results for “llama.cpp $& {shown}”")])
def test_a_misspelt_name_is_searched_as_written_and_the_results_say_so(readers, lang, typed, shown, line):
    page = readers[lang]
    assert search(page, typed) == search(page, shown) != []
    # found as typed, nothing respelled: no line says so (a line may say which words no page holds: "{shown}")
    note = page.locator(".kb-respelled")
    assert note.is_hidden() or line.split("“")[0] not in note.inner_text()
    search(page, typed)
    assert page.inner_text(".kb-respelled") == line


ROWS = ".md-search-result__list > .md-search-result__item"


@pytest.mark.parametrize("lang,query,note", [
    ("zh", "哪个引擎支持 PD 分离 qzxv", "没有同时包含所有词语的结果，以下结果不含：“qzxv”"),
    ("en", "which engines support PD disaggregation qzxv", "No page holds every word; showing results without: “qzxv”"),
    ("zh", "解码延迟降低一半", "没有同时包含所有词语的结果，以下结果不含：“解码”"),
    ("en", "which engines support speculative decoding", "Later results leave out: “support”"),
])
def test_a_query_that_finds_nothing_whole_shows_partial_matches_and_says_which_words_were_dropped(readers, lang, query, note):
    """A question's stop words (哪个, which) are set aside, not dropped: the panel names only the words dropped."""
    page = readers[lang]
    assert search(page, query) != []
    assert page.inner_text(".kb-respelled") == note


def test_a_traditional_query_is_searched_in_simplified_and_the_panel_says_so(readers):
    page = readers["zh"]
    assert search(page, "統一記憶體") == search(page, "统一内存") != []
    search(page, "統一記憶體")
    assert page.inner_text(".kb-respelled") == "按简体字搜索：统一内存"


@pytest.mark.parametrize("lang,query", [("zh", "qzxv"), ("en", "qzxv"), ("zh", "0.3 倍")])
def test_a_query_that_finds_nothing_leads_to_the_topics(readers, lang, query):
    page = readers[lang]
    assert search(page, query) == []
    links = page.eval_on_selector_all(".kb-suggest a", "links => links.map(a => a.getAttribute('href'))")
    prefix = "/en/" if lang == "en" else "/"
    assert f"{prefix}topics/pd-disaggregation/" in links and links[-1] == f"{prefix}topics/", links
    assert page.inner_text(".kb-suggest p").startswith("没有找到结果" if lang == "zh" else "Nothing found")
    search(page, "vLLM")
    assert page.locator(".kb-suggest").is_hidden()  # results: nothing to suggest


def test_the_query_is_kept_in_the_address_and_back_from_a_result_restores_it(browser_page):
    page, url = browser_page
    page.goto(url)
    length = page.evaluate("history.length")
    search(page, "前缀缓存", typed=True)
    assert page.evaluate("location.search") == "?q=" + quote_plus("前缀缓存")
    assert page.evaluate("history.length") == length  # replaced as the reader typed, never pushed
    first = page.locator(".md-search-result__item > a").first.get_attribute("href")
    page.locator(".md-search-result__item > a").first.click()
    page.wait_for_url(url.rstrip("/") + first.split("#")[0] + "*")
    page.go_back()
    page.wait_for_function("() => document.querySelector('[data-kb-search]').dataset.kbQuery === '前缀缓存'")
    assert page.input_value("input.md-search__input") == "前缀缓存"
    assert page.is_checked("#__search") and page.locator(ROWS).count() > 0


@pytest.mark.parametrize("lang,alias", [("zh", "深度求索"), ("en", "Moonshot AI")])
def test_an_excerpt_shows_the_page_not_the_aliases_it_is_found_by(readers, site, lang, alias):
    """Items are found by the aliases of their entities (data/entities.yml), indexed after their text; the
    excerpt comes from the text (an alias list after 相关条目： read as related items). The pages of these rows
    never write the alias."""
    page = readers[lang]
    search(page, alias)
    rows_found = page.eval_on_selector_all(ROWS, "rows => rows.map(r => [r.querySelector('a').getAttribute('href'),"
                                                 " r.querySelector('p').innerText])")
    items = [(href, text) for href, text in rows_found if "#" in href]
    assert items and all(alias not in text for _, text in items), items
    assert all(alias not in (site / href.split("#")[0].strip("/") / "index.html").read_text(encoding="utf-8")
               .split('data-pagefind-body')[-1] for href, _ in items)


@pytest.mark.full
@pytest.mark.parametrize("lang,query,more", [("zh", "推理", "再显示 10 条"), ("en", "inference", "Show 10 more")])
def test_every_result_is_reachable_ten_at_a_time(browser_page, lang, query, more):
    """The count line counts every result, and every one of them can be listed: ten rows, then ten more each
    time the reader scrolls near the end of the list, or presses the button there."""
    page, url = browser_page
    page.goto(home(url, lang))
    search(page, query)
    total = int(page.get_attribute("[data-kb-search]", "data-kb-results"))
    assert total > 20 and page.locator(ROWS).count() == 10
    assert page.inner_text("[data-kb-list-more]") == more
    while page.locator("[data-kb-list-more]").count():
        listed = page.locator(ROWS).count()
        page.eval_on_selector(".md-search__scrollwrap", "wrap => wrap.scrollTop = wrap.scrollHeight")
        page.wait_for_function(f"() => document.querySelectorAll('{ROWS}').length > {listed}")
    links = rows(page)
    assert len(links) == total == len(set(links)), links


@pytest.mark.full
def test_the_button_listing_more_results_keeps_the_keyboard_in_the_list(browser_page):
    """The button is in the Tab order after the last row; with the focus on it (the list grows as it comes into
    view, or when it is pressed), the first new row takes the focus, so the reader reads on where the list grew."""
    page, url = browser_page
    page.goto(url)
    search(page, "推理")
    assert page.eval_on_selector("[data-kb-list-more]", "b => b.tabIndex === 0 && !b.disabled && b.closest('li') ==="
                                 " b.closest('ol').lastElementChild")
    listed = page.locator(ROWS).count()
    page.focus("[data-kb-list-more]")
    page.wait_for_function(f"() => document.activeElement === document.querySelectorAll('{ROWS}')[{listed}]?.querySelector('a')")


def test_chinese_results_come_in_a_stable_order_of_relevance(readers):
    page = readers["zh"]
    search(page, "KV 压缩", typed=True)  # each key searches: the last query's results stand, as a whole one's
    first = rows(page)
    search(page, "KV 压缩")
    assert rows(page) == first and len(first) > 3
    titles = page.eval_on_selector_all(".md-search-result__item > a:first-child h1", "hs => hs.map(h => h.textContent)")
    # pages whose title holds both words (issue 3's, the hub's) before those that mention them
    assert all("KV" in title and "压缩" in title for title in titles[:2]), titles
    assert "/topics/kv-cache-compression/" in first[:2]


@pytest.mark.full
def test_search_loads_as_the_phones_search_button_is_pressed_and_not_before(browser):
    """A page view asks for nothing of the search; a press on the header's search button (a phone's way into the
    box) asks for Pagefind before the tap ends, and the box still works once it opens."""
    chrome, url = browser
    page = chrome.new_page(viewport={"width": 375, "height": 667}, has_touch=True)
    page.set_default_timeout(10_000)
    try:
        asked = []
        page.on("request", lambda request: "/pagefind/" in request.url and asked.append(request.url))
        page.goto(url, wait_until="networkidle")
        assert asked == []
        button = page.locator("label.md-header__button[for=__search]")
        button.dispatch_event("pointerdown")
        page.wait_for_function("() => performance.getEntriesByType('resource').some(e => e.name.includes('/pagefind/'))")
        assert asked and page.evaluate("() => document.activeElement.name") != "query"  # before the box has the focus
        button.tap()
        page.keyboard.insert_text("控制面")
        page.wait_for_function("() => document.querySelector('[data-kb-search]').dataset.kbQuery === '控制面'")
        assert rows(page)
    finally:
        page.close()


@pytest.mark.full
def test_the_language_of_the_page_picks_the_index(browser_page):
    page, url = browser_page
    page.goto(url + "en/")
    english = search(page, "control plane")
    assert english and all("/en/" in link for link in english)
    page.goto(url)
    chinese = search(page, "控制面")
    assert chinese and not any("/en/" in link for link in chinese)


@pytest.mark.parametrize("lang,query,facet,value,names", [
    ("zh", "量化", "category", "论文", ["主题", "类别", "年份", "涉及"]),
    ("en", "quantization", "category", "Paper", ["Topic", "Category", "Year", "Mentions"]),
])
@pytest.mark.full
def test_facets_narrow_the_results_and_rows_say_issue_date_category(browser_page, lang, query, facet, value, names):
    page, url = browser_page
    page.goto(home(url, lang))
    search(page, query)
    page.evaluate("delete document.querySelector('[data-kb-search]').dataset.kbResults")
    page.click(".kb-facets [data-kb-show-facets]")  # facets load when the reader asks for them
    page.wait_for_selector(".kb-facets [role=group]")
    groups = page.eval_on_selector_all(".kb-facets [role=group]", "gs => gs.map(g => g.getAttribute('aria-label'))")
    assert groups[:len(names)] == names  # in the page's language, in the panel's order
    issue = r"第 \d+ 期" if lang == "zh" else r"Issue \d+"
    line = re.compile(rf"^{issue} · \d{{4}}-\d\d-\d\d( · \S+)?$")
    lines = page.eval_on_selector_all(".kb-result-meta", "ms => ms.map(m => m.textContent)")
    assert lines and all(line.match(text) for text in lines), lines
    before = int(page.get_attribute("[data-kb-search]", "data-kb-results"))
    chip = page.locator(f'.kb-facets button[data-facet="{facet}"][data-value="{value}"]')
    count = int(chip.locator("small").inner_text())
    page.evaluate("delete document.querySelector('[data-kb-search]').dataset.kbResults")
    chip.click()
    page.wait_for_function("() => document.querySelector('[data-kb-search]').dataset.kbResults !== undefined")
    after = int(page.get_attribute("[data-kb-search]", "data-kb-results"))
    assert after == count < before
    assert chip.get_attribute("aria-pressed") == "true"
    lines = page.eval_on_selector_all(".kb-result-meta", "ms => ms.map(m => m.textContent)")
    assert lines and all(text.endswith(f" · {value}") for text in lines)


# Queries of every class, for the index in runs: each run is searched and the results sorted by score.
IN_RUNS = [("zh", "控制面", "topics/routing-control-planes/"), ("zh", "前缀 缓存", "issues/007/#vllm-v0-33-0"),
           ("zh", "深度求索", "entities/deepseek/"), ("zh", "v0.5.23", "issues/007/#sglang-v0-5-23"),
           ("en", "control plane", "topics/routing-control-planes/"), ("en", "llamacpp", "entities/llama-cpp/"),
           ("en", "3.3x", "issues/003/#vllm-bidirectional-kv-transfer"), ("en", "SGLang", "entities/sglang/")]


@pytest.mark.full
def test_an_index_in_runs_finds_what_one_index_finds(browser, readers, site_in_runs):
    """A big archive is indexed in runs (kb.search.ranking.SHARD_BYTES) that kb-search/pagefind.js merges: the same
    results, the page a reader expects among the first five, and the facets counted over every run."""
    with serve(site_in_runs) as url:
        page = browser[0].new_page()
        page.set_default_timeout(10_000)
        errors = _errors_of_search(page)
        fetched = []
        page.on("requestfinished", lambda request: fetched.append(request.url))
        shards = json.loads((site_in_runs / "pagefind" / SHARDS_FILE).read_text(encoding="utf-8"))
        for lang in ("zh", "en"):
            start = len(fetched)
            page.goto(home(url, lang))
            for query_lang, query, expected in IN_RUNS:
                if query_lang != lang:
                    continue
                search(readers[lang], query)
                search(page, query)
                one, runs = (int(p.get_attribute("[data-kb-search]", "data-kb-results")) for p in (readers[lang], page))
                assert one == runs > 0, query
                # Each run scores its pages by its own word statistics, and this test's runs hold a few pages each
                # (which pages, shifts with any change to the staged HTML's size): a page ranks within a few
                # places of where one index puts it, and the test asks for the first five.
                assert ("/en/" if lang == "en" else "/") + expected in rows(page)[:5], (query, rows(page))
            # what Pagefind needs before a first query was asked for at once, and Pagefind was given those answers:
            # each file fetched once (a second fetch would be Pagefind's own, not served by the preload)
            loading = [u.split("/pagefind/")[1] for u in fetched[start:] if re.search(r"/pagefind/.*(entry|meta|wasm)", u)]
            assert sorted(loading) == sorted(shards["preload"][INDEX_LANGUAGE.get(lang, lang)]), loading
        later = {url.split("/pagefind/")[1].split("/")[0] for url in fetched if re.search(r"/pagefind/[a-z]+-\d+/", url)}
        assert {"qaa-1", "qaa-2", "en-1", "en-2"} <= later  # every run of the page's language was searched
        one = browser[0].new_page()  # the readers' pages go on without facets
        one.goto(home(browser[1], "en"))
        search(one, IN_RUNS[-1][1])
        counts = []
        for shown in (one, page):  # the last query's facets, counted over one index and over the runs
            shown.evaluate("delete document.querySelector('[data-kb-search]').dataset.kbResults")
            shown.click(".kb-facets [data-kb-show-facets]")
            shown.wait_for_selector(".kb-facets [role=group]")
            counts.append(shown.eval_on_selector_all(".kb-facets button[data-facet]", "bs => bs.map(b => b.textContent)"))
        assert counts[0] == counts[1] and len(counts[0]) > 3, counts
        one.close()
        page.close()
        assert errors == []


def test_an_item_lands_on_its_anchor_with_its_own_excerpt(readers):
    page = readers["en"]
    search(page, "b12180")
    item = page.locator('.md-search-result__item > a[href$="/issues/007/#llama-cpp-kimi-k3-1-pro"]')
    assert "b12180" in item.inner_text() and "Issue 7 · 2026-11-10 · Release" in item.inner_text()


@pytest.mark.full
def test_the_keyboard_reaches_and_opens_results(browser_page):
    page, url = browser_page
    page.goto(url + "en/")
    dialog = page.locator(".md-search")
    assert dialog.get_attribute("role") == "dialog" and dialog.get_attribute("aria-label") == "Search the site"
    search(page, "SGLang")
    links = rows(page)
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.getAttribute('href')") == links[0]
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.getAttribute('href')") == links[0]
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.name") == "query"
    for _ in range(30):  # Tab walks the facets, then the results
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('md-search-result__link')"):
            break
    else:
        pytest.fail("Tab never reached a result")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/en/(entities|issues|topics)/"))


@pytest.mark.full
def test_no_search_while_an_input_method_composes(browser_page):
    page, url = browser_page
    page.goto(url)
    search(page, "量化")
    page.evaluate("delete document.querySelector('[data-kb-search]').dataset.kbResults")
    page.evaluate("""() => { const input = document.querySelector('input.md-search__input');
        input.dispatchEvent(new CompositionEvent('compositionstart'));
        for (const step of ['k', 'ko', 'kong', 'kongzhi']) {
          input.value = step;
          input.dispatchEvent(new InputEvent('input', {isComposing: true, data: step}));
        } }""")
    page.wait_for_timeout(300)
    assert page.get_attribute("[data-kb-search]", "data-kb-results") is None  # no search per pinyin step
    page.evaluate("""() => { const input = document.querySelector('input.md-search__input');
        input.value = '控制面';
        input.dispatchEvent(new CompositionEvent('compositionend', {data: '控制面'})); }""")
    page.wait_for_function("() => document.querySelector('[data-kb-search]').dataset.kbResults !== undefined")
    assert int(page.get_attribute("[data-kb-search]", "data-kb-results")) > 0


@pytest.mark.full
def test_search_works_on_the_404_page(browser_page):
    page, url = browser_page
    page.goto(url + "404.html")
    links = search(page, "SGLang")
    assert links and all(link.startswith("/") and "//" not in link for link in links)


@pytest.mark.full
def test_the_404_page_searches_the_language_of_its_address(browser, site):
    """A host serves the one 404 page (in the default language's frame) at every missing address: under /en/
    an English query finds the English pages, and says so in English; elsewhere a Chinese one the Chinese pages."""
    chrome, url = browser
    page = chrome.new_page()
    page.set_default_timeout(10_000)
    errors = _errors_of_search(page)
    for address, query, line in (("en/no/such/", "routing", "matching document"), ("no/such/", "路由", "符合条件的结果")):
        page.route(url + address, lambda route: route.fulfill(status=404, path=site / "404.html"))
        page.goto(url + address)
        links = search(page, query)
        english = [link.startswith("/en/") for link in links]
        assert links and all(english) == address.startswith("en/") and any(english) == address.startswith("en/"), links
        assert line in page.inner_text(".md-search-result__meta")  # the result line in the language searched
    # under /en/, everything the panel says is English: the box, the rows' issue line, the facets, more results,
    # the line of a misspelt name
    address = "en/no/such/"
    page.route(url + address, lambda route: route.fulfill(status=404, path=site / "404.html"))
    page.goto(url + address)
    assert page.get_attribute("input.md-search__input", "placeholder") == "Search"
    search(page, "vLMM")
    assert page.inner_text(".kb-respelled") == "Nothing found for “vLMM”; showing results for “vLLM”"
    assert "Issue " in page.inner_text(".md-search-result__list") and "第 " not in page.inner_text(".md-search-result__list")
    assert page.inner_text("[data-kb-list-more]").startswith("Show ")
    page.click("[data-kb-show-facets]")
    page.wait_for_selector(".kb-facets [data-facet]")
    assert page.inner_text(".kb-facets .kb-facet-name >> nth=0") == "Topic"
    page.close()
    assert errors == []


@pytest.mark.full
def test_without_javascript_the_header_points_to_issues_and_topics(browser):
    chrome, url = browser
    context = chrome.new_context(java_script_enabled=False)
    page = context.new_page()
    expected = {"zh": (["往期", "专题"], ["../../issues/", "../../topics/"]),
                "en": (["issues", "topics"], ["../../../en/issues/", "../../../en/topics/"])}
    for lang, (words, hrefs) in expected.items():
        page.goto(home(url, lang) + "issues/007/")
        pointer = page.locator(".kb-no-script")
        assert pointer.is_visible()
        assert [a.inner_text() for a in pointer.locator("a").all()] == words
        assert [a.get_attribute("href") for a in pointer.locator("a").all()] == hrefs
    context.close()


@pytest.mark.full
def test_search_works_under_a_sub_path(browser, archive, tmp_path):
    """A GitHub Pages project site: the whole site under /kb/, the 404 page served at any address."""
    with serve(tmp_path) as url:
        result = build(archive, tmp_path / "kb", KB_SITE_URL=url + "kb/")
        assert result.returncode == 0, result.stdout + result.stderr
        page = browser[0].new_page()
        page.set_default_timeout(10_000)
        errors = _errors_of_search(page)
        for start in ("kb/en/", "kb/404.html", "kb/issues/007/"):
            page.goto(url + start)
            links = search(page, "SGLang")
            assert links and all(link.startswith("/kb/") for link in links), (start, links)
            page.locator(".md-search-result__item > a").first.click()
            page.wait_for_load_state()
            assert "/kb/" in page.url and page.locator("h1").first.inner_text() != "404"
        page.close()
        assert errors == []


# ---- how results read: what each row is, its excerpt, the page a query names, counts, target sizes ---------

def _row_parts(page) -> list[dict]:
    """Each row on screen: its link, its type label, its line and its excerpt (the text after them)."""
    return page.eval_on_selector_all(ROWS, """rows => rows.map(row => {
        const body = row.querySelector('a article p');
        const kind = body.querySelector('.kb-result-kind')?.textContent ?? null;
        const clone = body.cloneNode(true);
        clone.querySelectorAll('.kb-result-kind, .kb-result-meta').forEach(e => e.remove());
        return {href: row.querySelector('a').getAttribute('href'), kind, excerpt: clone.textContent.trim()};
    })""")


@pytest.mark.parametrize("lang,query", [("zh", "KV 缓存压缩"), ("en", "KV cache compression"), ("en", "SGLang")])
def test_every_row_says_what_it_is_and_its_excerpt_is_text_not_labels(readers, catalog, lang, query):
    """Each row names its kind (kb.search.records.KINDS) in the page's language; an excerpt comes from the text
    that matched, never from an item's label lines (Source: … Topics: … Mentions: …, not indexed)."""
    words = LABELS[lang]
    kinds = words["search"]["kinds"]
    page = readers[lang]
    search(page, query)
    found = _row_parts(page)
    assert found and all(row["kind"] in kinds.values() for row in found), found
    home = "/en/" if lang == "en" else "/"
    for row in found:
        expected = ("item" if "#" in row["href"] else "topic" if "/topics/" in row["href"]
                    else "entity" if "/entities/" in row["href"] else None)
        assert expected is None or row["kind"] == kinds[expected], row
    assert any(row["href"].startswith(home + "issues/") and "#" in row["href"] for row in found), found
    labels = [words[key] + words["colon"].strip() for key in ("source", "topics", "entities", "mentioned_in", "related")]
    assert all(row["excerpt"] and not any(label in row["excerpt"] for label in labels) for row in found), found


# every hub and entity name, each searched: make test-full (the fast tier searches names among the EXPECTED rows)
@pytest.mark.full
@pytest.mark.parametrize("half", [0, 1])
def test_a_hub_or_entity_comes_first_for_its_own_name(readers, catalog, half):
    """Whatever the archive holds: every hub for its topic's name and every entity page for the entity's name
    comes first, above the items that hold the name in their titles and text (kb-search/rank.js: tieBroken).
    Each name in one language, alternating (the fast tier: half 0); half 1, in `make test-full`, the other."""
    wrong = []
    for n, thing in enumerate([*catalog.topics.values(), *catalog.entities.values()]):
        lang = ("zh", "en")[(n + half) % 2]
        address = ("/en/" if lang == "en" else "/") + layout.page_url(thing.page)
        shown = search(readers[lang], thing.title(lang))
        if not shown or shown[0] != address:
            wrong.append((thing.title(lang), address, shown[:3]))
    assert not wrong, wrong


@pytest.mark.parametrize("lang,query", [("zh", "推理"), ("en", "inference")])
def test_facet_counts_agree_with_the_count_line_and_every_control_is_24_px(browser_page, lang, query):
    """The facet of kinds counts every result once: its chips add up to the count line, before and after a chip
    narrows the results, and a chip's count is what it narrows them to. Every chip and button of the panel is at
    least 24 px tall (WCAG 2.2 target size)."""
    page, url = browser_page
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(home(url, lang))
    search(page, query)
    asking = page.eval_on_selector(".kb-facets [data-kb-show-facets]", "b => b.getBoundingClientRect().height")
    assert asking >= 24
    page.click(".kb-facets [data-kb-show-facets]")
    page.wait_for_selector(".kb-facets [data-facet]")

    def kinds_and_count() -> tuple[int, int]:
        counts = page.eval_on_selector_all('.kb-facets button[data-facet="kind"] small', "ss => ss.map(s => +s.textContent)")
        total = int(page.get_attribute("[data-kb-search]", "data-kb-results"))
        assert str(total) in page.inner_text(".md-search-result__meta")
        return sum(counts), total

    summed, total = kinds_and_count()
    assert summed == total > 0
    small = page.eval_on_selector_all(".kb-facets button, [data-kb-list-more]",
                                      "bs => bs.map(b => [b.textContent, b.getBoundingClientRect().height])"
                                      ".filter(([, h]) => h < 24)")
    assert page.locator(".kb-facets button").count() > 1 and page.locator("[data-kb-list-more]").count() == 1
    assert small == [], small
    chip = page.locator('.kb-facets button[data-facet="year"]').first
    count = int(chip.locator("small").inner_text())
    page.evaluate("delete document.querySelector('[data-kb-search]').dataset.kbResults")
    chip.click()
    page.wait_for_function("() => document.querySelector('[data-kb-search]').dataset.kbResults !== undefined")
    summed, total = kinds_and_count()
    assert summed == total == count


def test_the_words_a_result_matched_are_marked_not_linked(readers):
    """Matched words are marked with a background in the text's colour: not the link colour, not underlined,
    and readable (4.5:1 or more against their background)."""
    page = readers["en"]
    search(page, "KV cache compression")
    style = page.eval_on_selector(".md-search-result mark", """mark => {
        const s = getComputedStyle(mark);
        const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
        const lum = ([r, g, b]) => [r, g, b].map(v => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
            .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
        const [fg, bg] = [rgb(s.color), rgb(s.backgroundColor)];
        const over = fg.length > 3 ? fg.slice(0, 3).map((v, i) => v * fg[3] + bg[i] * (1 - fg[3])) : fg;
        const [a, b] = [lum(over), lum(bg)].sort((x, y) => y - x);
        return {decoration: s.textDecorationLine, color: s.color, background: s.backgroundColor,
                contrast: (a + 0.05) / (b + 0.05), linkColor: getComputedStyle(document.body).getPropertyValue('--md-typeset-a-color')};
    }""")
    assert style["decoration"] == "none", style
    assert style["background"] not in ("rgba(0, 0, 0, 0)", "transparent"), style
    assert style["contrast"] >= 4.5, style
    assert rgb_of(style["linkColor"]) != rgb_of(style["color"])[:3], style


def rgb_of(color: str) -> tuple:
    color = color.strip()
    if color.startswith("#"):
        return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))
    return tuple(float(v) for v in re.findall(r"[\d.]+", color))[:3]
