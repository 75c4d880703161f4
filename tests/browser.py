"""Headless Chromium (Debian's package) against a built site served on 127.0.0.1."""
from __future__ import annotations

import functools
import http.server
import shutil
import threading
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextmanager
def serve(site: Path, port: int = 0):
    """The site at http://127.0.0.1:PORT/ (any free port by default), for as long as the block runs."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium():
    if not Path(CHROMIUM).exists():
        raise RuntimeError("Chromium is missing: `apt-get install chromium` (make test does it when run as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


def search(page, query: str) -> list[str]:
    """Type `query` into the site's search box; return the result links on screen."""
    toggle = page.locator("label.md-header__button[for=__search]")
    if toggle.is_visible():  # phone width: the search opens from a button
        toggle.click()
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("")
    page.evaluate("delete document.querySelector('[data-kb-search]').dataset.kbResults")
    box.type(query)
    # the results of the whole query: each key searches, and a slow machine may show "K" before "Kimi"
    page.wait_for_function("q => { const box = document.querySelector('[data-kb-search]');"
                           " return box.dataset.kbResults !== undefined && box.dataset.kbQuery === q; }", arg=query.strip())
    return page.eval_on_selector_all(".md-search-result__item > a", "links => links.map(a => a.getAttribute('href'))")
