"""Headless Chromium against a built site served on 127.0.0.1.

The browser is the system's, never one Playwright downloads: $CHROME_PATH if set (Lighthouse reads the
same variable), then $CHROME_BIN (GitHub's Ubuntu runner image sets it to its Google Chrome), then the
usual names on PATH: Debian's chromium first. `python3 tests/browser.py` prints the one found (make browser).
"""
from __future__ import annotations

import functools
import gzip
import http.server
import io
import os
import shutil
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium() -> str | None:
    for variable in ("CHROME_PATH", "CHROME_BIN"):
        if os.environ.get(variable):
            return os.environ[variable]
    return next(filter(None, map(shutil.which, BROWSER_NAMES)), None)


CHROMIUM = find_chromium()
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A browser that leaves a page stops what it was fetching (the search's preloads): not an error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class _Gzip(_Quiet):
    """Text files gzipped, as GitHub Pages serves them: without, Lighthouse counts far more to fetch on every page
    (measured: bench/README.md, tests/browser.py)."""

    TEXT = (".html", ".css", ".js", ".json", ".xml", ".svg")

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):  # without the slash: the parent's redirect
            path = path / "index.html"
        if "gzip" not in self.headers.get("Accept-Encoding", "") or path.suffix not in self.TEXT or not path.is_file():
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


@contextmanager
def serve(site: Path, port: int = 0, *, compress: bool = False):
    """The site at http://127.0.0.1:PORT/ (any free port by default), for as long as the block runs."""
    handler = _Gzip if compress else _Quiet
    server = _Server(("127.0.0.1", port), functools.partial(handler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium(env: dict[str, str] | None = None):
    """The browser; `env`: its environment, if not this process's (FONTCONFIG_FILE, say)."""
    if not CHROMIUM or not Path(CHROMIUM).exists():
        raise RuntimeError(f"no browser: set CHROME_PATH, or install one of {', '.join(BROWSER_NAMES)} "
                           "(`apt-get install chromium`; make test does it when run as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, env=env)
        try:
            yield browser
        finally:
            browser.close()


def search(page, query: str, typed: bool = False) -> list[str]:
    """Put `query` into the site's search box, at once (an input event, as a paste or an input method gives it)
    or `typed` key by key, each key searching as a reader's do; return the result links on screen."""
    toggle = page.locator("label.md-header__button[for=__search]")
    if toggle.is_visible():  # phone width: the search opens from a button
        toggle.click()
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("")
    page.evaluate("delete document.querySelector('[data-kb-search]').dataset.kbResults")
    if typed:
        box.type(query)
    else:
        box.fill(query)
    # the results of the whole query: each key searches, and a slow machine may show "K" before "Kimi"
    page.wait_for_function("q => { const box = document.querySelector('[data-kb-search]');"
                           " return box.dataset.kbResults !== undefined && box.dataset.kbQuery === q; }", arg=query.strip())
    return page.eval_on_selector_all(".md-search-result__item > a", "links => links.map(a => a.getAttribute('href'))")


if __name__ == "__main__":
    print(CHROMIUM or "")
    sys.exit(0 if CHROMIUM and Path(CHROMIUM).exists() else 1)
