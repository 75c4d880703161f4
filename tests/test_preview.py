"""The editor preview (`make preview`, mkdocs_kb/preview.py) on a copy of the project: it serves the page, shows an
edit, prints a banner and then one line per build, and reports a content problem at its file and line."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import ROOT, _free_port, line_of
from kb.project import layout
from kb.project.generator import notice
from kb.publish.csp import PREVIEW_POLICY

CLOCK = r"\d\d:\d\d:\d\d"
SECONDS = r"\(\d+\.\d s\)"


class Preview:
    """A running preview and what it has printed so far."""

    def __init__(self, process: subprocess.Popen, url: str):
        self.process, self.url, self.lines = process, url, []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for_line(self, pattern: str, after: int = 0, timeout: float = 60) -> int:
        """The index of the first line from `after` on that matches `pattern` in full."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = next((i for i, line in enumerate(self.lines[after:], after) if re.fullmatch(pattern, line)), None)
            if found is not None:
                return found
            assert self.process.poll() is None, "the preview stopped:\n" + "\n".join(self.lines)
            time.sleep(0.05)
        raise AssertionError(f"no line matching {pattern!r} within {timeout} s:\n" + "\n".join(self.lines))

    def page(self, address: str) -> str:
        """The page at `address` (its text also when not found); the server may still be starting."""
        deadline = time.monotonic() + 30
        while True:
            try:
                return urllib.request.urlopen(address, timeout=10).read().decode("utf-8")
            except urllib.error.HTTPError as error:
                return error.read().decode("utf-8")
            except urllib.error.URLError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)


@contextmanager
def preview(project: Path, page: str, lang: str = layout.DEFAULT_LANGUAGE):
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "mkdocs_kb.preview", page, "--lang", lang,
                                "--addr", f"127.0.0.1:{port}"], cwd=project, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8")
    try:
        yield Preview(process, f"http://127.0.0.1:{port}/")
    finally:
        process.terminate()
        assert process.wait(timeout=30) == 0  # stopped from outside, it cleans up and ends as after Ctrl+C


def an_issue(project: Path) -> tuple[str, str]:
    """An issue page of the copy (docs/issues/NNN.md) and its facts file."""
    page = sorted((project / layout.DOCS / layout.ISSUES_DIR).glob("[0-9][0-9][0-9].md"))[-1]
    return page.relative_to(project).as_posix(), f"{layout.ISSUES_DATA}/{page.stem}.yml"


def edit(project: Path, path: str, text: str) -> None:
    """Write `text` to `path` once the file's time can tell it from the last write (the watcher reads times)."""
    time.sleep(0.05)
    (project / path).write_text(text, encoding="utf-8")


def test_the_preview_shows_an_edit_with_one_line_per_build_and_a_problem_at_its_line(project):
    page, facts = an_issue(project)
    original = (project / page).read_text(encoding="utf-8")
    with preview(project, page) as running:
        address = running.url + layout.page_url(page.removeprefix(f"{layout.DOCS}/"))
        ready = running.wait_for_line(rf"{CLOCK} ready {SECONDS}")
        # the banner: what is previewed and where, then the first build; nothing of mkdocs' own chatter
        assert ready == 3, running.lines
        assert running.lines[0].startswith(f"Preview in {layout.DEFAULT_LANGUAGE} of 1 page and the home page")
        assert running.lines[1] == f"  {page} → {address}"
        assert running.lines[2] == notice()  # where the generator's end of life is decided (DECISIONS.md)
        assert "PREVIEWMARK" not in running.page(address)

        edit(project, page, original + "\nPREVIEWMARK one\n")
        built = running.wait_for_line(rf"{CLOCK} {re.escape(page)} → {re.escape(address)} {SECONDS}", ready + 1)
        assert built == ready + 1, running.lines  # one line for the build, none before it
        assert "PREVIEWMARK one" in running.page(address)

        # the facts of the issue show on its page: the line names them, and the page's address
        edit(project, facts, (project / facts).read_text(encoding="utf-8") + "# a comment\n")
        built = running.wait_for_line(rf"{CLOCK} {re.escape(facts)} → {re.escape(address)} {SECONDS}", built + 1)

        edit(project, page, original + '\nPREVIEWMARK {{ ref("no-such-id") }}\n')
        failed = running.wait_for_line(rf"{CLOCK} {re.escape(page)}: build failed {SECONDS}; .*", built + 1)
        problem = "\n".join(running.lines[built + 1:failed])
        where = re.compile(rf"{re.escape(page)}:{line_of(project, page, 'no-such-id')}:\d+: ref: unknown id `no-such-id`")
        assert where.search(problem), running.lines
        shown = running.page(address)  # the page says so too, quoting the line, and renders none of it
        assert "<p>PREVIEWMARK" not in shown and where.search(shown)

        edit(project, page, original + "\nPREVIEWMARK two\n")
        fixed = running.wait_for_line(rf"{CLOCK} {re.escape(page)} → {re.escape(address)} {SECONDS}", failed + 1)
        assert fixed == failed + 1, running.lines
        assert "PREVIEWMARK two" in running.page(address)
        assert "Not in this preview" in running.page(running.url + "about/")  # built only the pages named
    chatter = [line for line in running.lines if re.search(r"INFO|Doc file|\[macros\]|Traceback|Building|Reloading", line)]
    assert not chatter, running.lines


def test_the_preview_in_another_language_serves_that_language_at_the_root(project):
    page, _ = an_issue(project)
    other = next(lang for lang in layout.LANGUAGES if lang != layout.DEFAULT_LANGUAGE)
    with preview(project, page, other) as running:
        running.wait_for_line(rf"{CLOCK} ready {SECONDS}")
        html = running.page(running.url + layout.page_url(page.removeprefix(f"{layout.DOCS}/")))
        assert f'<html lang="{other}"' in html


@pytest.mark.full
def test_make_serve_serves_every_page_under_the_live_reload_policy(project):
    """`make serve` (`mkdocs serve --strict`): pages carry the preview's Content-Security-Policy, which lets the
    live reload reach the server, and the output firewall holds them to that policy instead of refusing them all."""
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--strict", "-a", f"127.0.0.1:{port}"],
                               cwd=project, env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, encoding="utf-8")
    served = Preview(process, f"http://127.0.0.1:{port}/")
    try:
        served.wait_for_line(r".*Serving on http://127\.0\.0\.1:\d+/", timeout=240)
        home = served.page(served.url)
        assert f'content="{PREVIEW_POLICY}"' in home.replace("&#39;", "'").replace("&quot;", '"'), home[:2000]
        assert not [line for line in served.lines if "ERROR" in line or "Aborted" in line], served.lines
    finally:
        process.terminate()
        process.wait(timeout=30)
