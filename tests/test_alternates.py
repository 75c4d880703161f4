"""Each page's hreflang alternates name its counterpart (as the sitemap pairs them), and the language switch keeps
where the reader is: the item's anchor and the claims ledger's filters, in both directions."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser import chromium, serve
from bs4 import BeautifulSoup

from conftest import SITE_PORT, SITE_URL
from kb.project import layout

LANGS = layout.LANGUAGES


def page_key(site: Path, page_dir: Path, href: str, site_url: str | None) -> str:
    """The page an address names, as its folder under the site ("" for the home page, "en/issues/007")."""
    if site_url and href.startswith(site_url):
        path = href[len(site_url):]
    elif href.startswith(("/", "http:", "https:")):
        path = urlsplit(href).path.lstrip("/")
    else:
        path = (page_dir / href).resolve().relative_to(site.resolve()).as_posix()
    return path.strip("/").removeprefix(".")


def sitemap_pairs(site: Path) -> dict[str, dict[str, str]]:
    """Each page of the sitemap, and its alternates by language (sitemap.xml is the site's list of pairs)."""
    pairs = {}
    for block in re.findall(r"<url>(.*?)</url>", (site / "sitemap.xml").read_text(encoding="utf-8"), re.S):
        loc = urlsplit(re.search(r"<loc>([^<]+)</loc>", block)[1]).path.strip("/")
        pairs[loc] = {lang: urlsplit(href).path.strip("/")
                      for lang, href in re.findall(r'hreflang="([^"]+)" href="([^"]+)"', block)}
    return pairs


def hreflang_problems(site: Path, site_url: str | None) -> tuple[int, list]:
    """(pages checked, what is wrong): every page's alternates name the page itself in its language and its
    counterpart in the other, each an existing page, the pairs the sitemap gives, and x-default the default
    language's; absolute at a known address, else relative. The 404 page leads to each home."""
    pairs, problems, checked = sitemap_pairs(site), [], 0
    for path in sorted(site.rglob("index.html")):
        head = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser").head
        links = {link["hreflang"]: link["href"] for link in head.find_all("link", rel="alternate", hreflang=True)}
        key = path.parent.relative_to(site).as_posix().removeprefix(".")
        if set(links) != {*LANGS, "x-default"}:
            problems.append((key, "languages", sorted(links)))
            continue
        if any(href.startswith(("http:", "https:")) != bool(site_url) for href in links.values()):
            problems.append((key, "absolute only at a known address", links))
        named = {lang: page_key(site, path.parent, href, site_url) for lang, href in links.items()}
        lang = key.split("/")[0] if key.split("/")[0] in LANGS else layout.DEFAULT_LANGUAGE
        if named[lang] != key:
            problems.append((key, "not itself", named))
        if named["x-default"] != named[layout.DEFAULT_LANGUAGE]:
            problems.append((key, "x-default", named))
        problems += [(key, "no such page", target) for target in named.values()
                     if not (site / target / "index.html").is_file()]
        if {language: named[language] for language in LANGS} != pairs.get(key):
            problems.append((key, "not the sitemap's pair", named, pairs.get(key)))
        checked += 1
    not_found = BeautifulSoup((site / "404.html").read_text(encoding="utf-8"), "html.parser").head
    homes = {link["hreflang"]: page_key(site, site, link["href"], site_url)
             for link in not_found.find_all("link", rel="alternate", hreflang=True)}
    if homes != {**{lang: layout.language_home(lang).strip("/") for lang in LANGS}, "x-default": ""}:
        problems.append(("404.html", "homes", homes))
    return checked, problems


def test_every_pages_alternates_name_its_counterpart_at_the_sites_address(catalog, site):
    checked, problems = hreflang_problems(site, SITE_URL)
    assert problems == []
    assert checked == 2 * len(catalog.pages)  # every page of both languages, none missed


def test_the_check_finds_alternates_that_lead_home(tmp_path):
    """What the site wrote before issue 36: every page's alternates at the language homes."""
    site = tmp_path / "site"
    for folder in ("", "en", "issues/007", "en/issues/007"):
        (site / folder).mkdir(parents=True, exist_ok=True)
        (site / folder / "index.html").write_text(
            f'<html><head><link rel="alternate" href="{SITE_URL}" hreflang="zh"><link rel="alternate" '
            f'href="{SITE_URL}en/" hreflang="en"><link rel="alternate" href="{SITE_URL}" hreflang="x-default"></head></html>')
    (site / "404.html").write_text((site / "index.html").read_text())
    urls = "".join(f'<url><loc>{SITE_URL}{key}</loc><xhtml:link rel="alternate" hreflang="zh" href="{SITE_URL}{zh}"/>'
                   f'<xhtml:link rel="alternate" hreflang="en" href="{SITE_URL}en/{zh}"/></url>'
                   for zh in ("", "issues/007/") for key in (zh, f"en/{zh}"))
    (site / "sitemap.xml").write_text(f"<urlset>{urls}</urlset>")
    _, problems = hreflang_problems(site, SITE_URL)
    assert {(key, what) for key, what, *_ in problems} == {
        ("issues/007", "not itself"), ("issues/007", "not the sitemap's pair"),
        ("en/issues/007", "not itself"), ("en/issues/007", "not the sitemap's pair")}


# ---- in the browser ----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def reader(site):
    with serve(site, SITE_PORT) as url, chromium() as browser:
        yield browser, url


def switch_to(page, lang: str) -> None:
    page.click("div.md-select button")  # the language menu (hover on desktop, click works too)
    page.click(f'.md-select__link[hreflang="{lang}"]')
    page.wait_for_load_state()


def test_the_switch_keeps_an_items_anchor_both_ways(catalog, reader):
    browser, url = reader
    issue = next(i for i in catalog.issues if i.items)
    item = issue.items[-1].id
    page = browser.new_page()
    page.goto(url + layout.built_file(layout.issue_page(issue.number), "zh").removesuffix("index.html") + f"#{item}")
    for lang in ("en", "zh"):
        expected = url + layout.built_file(layout.issue_page(issue.number), lang).removesuffix("index.html") + f"#{item}"
        # the link itself says so (copied, or opened in a new tab), not only the click
        assert page.eval_on_selector(f'.md-select__link[hreflang="{lang}"]', "a => a.href") == expected
        switch_to(page, lang)
        assert page.url == expected and page.evaluate("document.documentElement.lang") == lang
    page.close()


@pytest.mark.full  # the fast tier keeps the anchor test: the same switch, one flow
def test_the_switch_keeps_the_claims_ledgers_filters_both_ways(reader):
    browser, url = reader
    ledger = {lang: url + layout.built_file(layout.CLAIMS_PAGE, lang).removesuffix("index.html") for lang in LANGS}
    page = browser.new_page()
    page.goto(ledger["zh"] + "?source=vendor")
    page.select_option("select[name=metric]", "ttft")  # a filter chosen on the page: history.replaceState, no event
    # a function, not an expression: an expression is evaluated by eval, which the page's CSP refuses when polled
    page.wait_for_function("() => document.querySelector('table.kb-claims-ledger').dataset.view === 'metric=ttft&source=vendor'")
    for lang in ("en", "zh"):
        switch_to(page, lang)
        assert page.url == ledger[lang] + "?metric=ttft&source=vendor"
        assert page.eval_on_selector("select[name=metric]", "s => s.value") == "ttft"  # the filter applies there too
    page.close()


@pytest.mark.full  # five page kinds a language in the browser: make test-full
@pytest.mark.parametrize("lang", LANGS)
def test_pages_load_without_a_failed_request_or_console_error(catalog, reader, lang):
    """Material fetches sitemap.xml beside each hreflang link: kb-language.js answers it from the site's own."""
    browser, url = reader
    kinds = ["index.md", layout.issue_page(catalog.issues[0].number), layout.topic_page(next(iter(catalog.topics))),
             layout.CLAIMS_PAGE, layout.WATCH_PAGE]
    page = browser.new_page()
    failed, errors = [], []
    page.on("response", lambda response: failed.append((response.status, response.url)) if response.status >= 400 else None)
    page.on("requestfailed", lambda request: failed.append((request.failure, request.url)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    for kind in kinds:
        page.goto(url + layout.built_file(kind, lang).removesuffix("index.html"))
        page.wait_for_load_state("networkidle")
    page.close()
    assert failed == [] and errors == []
