"""Build the real site once per test session and let tests read its HTML."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from kb import layout, load_catalog
from kb.search_index import build_search_index
from kb.search_records import site_search_records

ROOT = Path(__file__).resolve().parent.parent
# What a copy of the project needs to build on its own.
PROJECT_PARTS = ("mkdocs.yml", "data", "docs", "overrides", "macros", "snippets")  # mkdocs_kb is installed


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# The test site is built for, and served at, one address: Material's language switch
# checks the target against sitemap.xml, whose URLs come from site_url.
SITE_PORT = _free_port()
SITE_URL = f"http://127.0.0.1:{SITE_PORT}/"
REPO_URL = "https://github.com/example/llm-weekly"  # pages then link the files a contributor edits


def last_commit_time() -> str:
    """SOURCE_DATE_EPOCH as `make` sets it: the last commit's time (0 outside git)."""
    out = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"], capture_output=True, text=True)
    return out.stdout.strip() or "0"


def build(project: Path, site: Path, **env_vars: str | None) -> subprocess.CompletedProcess:
    """Build `project` into `site` as the tests serve it; an env var given as None is unset."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(ROOT), SOURCE_DATE_EPOCH=last_commit_time(),
               KB_SITE_URL=SITE_URL, KB_REPO_URL=REPO_URL)
    env.update(env_vars)
    env = {name: value for name, value in env.items() if value is not None}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(project / "mkdocs.yml"), "-d", str(site)],
        cwd=project, env=env, capture_output=True, text=True, timeout=600,
    )


def copy_project(dest: Path) -> Path:
    dest.mkdir(parents=True)
    for part in PROJECT_PARTS:
        src = ROOT / part
        (shutil.copytree if src.is_dir() else shutil.copy2)(src, dest / part)
    return dest


# ---- a copy of the project to change, and what `kb check` says of it -------------------------------

@pytest.fixture
def project(tmp_path) -> Path:
    return copy_project(tmp_path / "project")


def edit(project: Path, path: str, old: str, new: str) -> None:
    """Replace the first `old` in the project's file `path` with `new`."""
    file = project / path
    text = file.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(project: Path, path: str, needle: str) -> int:
    """The line of `path` where `needle` first stands."""
    text = (project / path).read_text(encoding="utf-8")
    return text[: text.index(needle)].count("\n") + 1


def refused(project: Path, capsys, where: str) -> str:
    """`kb check` fails and names `where` (path:line: field); its whole output."""
    from kb.cli import main as kb

    assert kb(["--root", str(project), "check"]) == 1
    out = capsys.readouterr().out
    assert any(line.startswith(where) for line in out.splitlines()), f"expected {where!r} in:\n{out}"
    return out


@pytest.fixture(scope="session")
def catalog():
    return load_catalog(ROOT)


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    result = build(ROOT, out)
    log = result.stdout + result.stderr
    assert result.returncode == 0, log
    assert "WARNING" not in log, log
    return out


@pytest.fixture(scope="session")
def site_in_runs(site, catalog, tmp_path_factory) -> Path:
    """The built site with its search index made of many Pagefind runs, as a big archive's is
    (kb.search_index.SHARD_BYTES): runs of at most 40 KB of staged pages."""
    out = tmp_path_factory.mktemp("runs") / "site"
    shutil.copytree(site, out)
    build_search_index(out, site_search_records(catalog), shard_bytes=40_000)
    return out


class Site:
    """Pages of the built site, addressed by docs page and language."""

    def __init__(self, root: Path):
        self.root = root

    def file(self, page: str, lang: str) -> Path:
        return self.root / layout.built_file(page, lang)

    def soup(self, page: str, lang: str) -> BeautifulSoup:
        return BeautifulSoup(self.file(page, lang).read_text(encoding="utf-8"), "html.parser")

    def article(self, page: str, lang: str):
        return self.soup(page, lang).select_one("article.md-content__inner")


@pytest.fixture(scope="session")
def pages(site) -> Site:
    return Site(site)
