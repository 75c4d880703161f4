"""Every page, as Chromium loads it: no console error, no failed request."""
from __future__ import annotations

import re

import pytest
from browser import chromium, serve

from conftest import SITE_PORT

pytestmark = pytest.mark.full  # `make test-full`: every page of the site in a browser


@pytest.fixture(scope="module")
def browser(site):
    with serve(site, SITE_PORT) as url, chromium() as browser:
        yield browser, url


def test_no_page_logs_an_error_or_fails_a_request(catalog, site, browser):
    chrome, root = browser
    pages = sorted(p.parent.relative_to(site).as_posix() for p in site.rglob("index.html"))
    problems, inflight, current = [], set(), [""]
    page = chrome.new_page()
    report = lambda what: problems.append(f"{current[0]}: {what}")  # noqa: E731
    page.on("console", lambda message: report(f"console: {message.text}") if message.type == "error" else None)
    page.on("pageerror", lambda error: report(f"script: {error}"))
    page.on("request", lambda request: inflight.add(request))
    page.on("requestfinished", lambda request: inflight.discard(request))
    # a request the next navigation cuts short (the favicon, say) is aborted, not failed
    page.on("requestfailed", lambda request: (inflight.discard(request), request.failure == "net::ERR_ABORTED"
                                              or report(f"failed: {request.url} ({request.failure})")))
    page.on("response", lambda response: report(f"{response.status}: {response.url}") if response.status >= 400 else None)
    for path in pages:
        current[0] = path
        page.goto(root + ("" if path == "." else path + "/"), wait_until="load")
        # until every request the page made after loading has ended (networkidle waits 500 ms more per page)
        for _ in range(200):
            page.wait_for_timeout(25)
            if not inflight:
                break
        assert not inflight, f"{path}: requests still running: {[r.url for r in inflight]}"
    assert len(pages) == 2 * len(catalog.pages)  # docs/ and the record pages
    assert problems == []


def test_sitemap_lists_every_page_with_its_language_alternates(catalog, site):
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert "None" not in sitemap
    locations = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    assert len(locations) == 2 * len(catalog.pages)
    assert sitemap.count('hreflang="zh"') == sitemap.count('hreflang="en"') == len(locations)
    assert (site / "en" / "sitemap.xml").read_bytes() == (site / "sitemap.xml").read_bytes()
