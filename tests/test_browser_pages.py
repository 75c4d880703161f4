"""Every page, as Chromium loads it: no console error, no failed request."""
from __future__ import annotations

import re

import pytest

from conftest import SITE_PORT
from browser import chromium, serve


@pytest.fixture(scope="module")
def browser(site):
    with serve(site, SITE_PORT) as url, chromium() as browser:
        yield browser, url


def test_no_page_logs_an_error_or_fails_a_request(catalog, site, browser):
    chrome, root = browser
    pages = sorted(p.parent.relative_to(site).as_posix() for p in site.rglob("index.html"))
    problems = []
    page = chrome.new_page()
    page.on("console", lambda message: problems.append(f"console: {message.text}") if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(f"script: {error}"))
    page.on("requestfailed", lambda request: problems.append(f"failed: {request.url}"))
    page.on("response", lambda response: problems.append(f"{response.status}: {response.url}") if response.status >= 400 else None)
    for path in pages:
        before = len(problems)
        page.goto(root + ("" if path == "." else path + "/"), wait_until="networkidle")
        problems[before:] = [f"{path}: {p}" for p in problems[before:]]
    assert len(pages) == 2 * len(catalog.page_titles)
    assert problems == []


def test_sitemap_lists_every_page_with_its_language_alternates(catalog, site):
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert "None" not in sitemap
    locations = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    assert len(locations) == 2 * len(catalog.page_titles)
    assert sitemap.count('hreflang="zh"') == sitemap.count('hreflang="en"') == len(locations)
    assert (site / "en" / "sitemap.xml").read_bytes() == (site / "sitemap.xml").read_bytes()
