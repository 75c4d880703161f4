"""The two archives the tests read, each built once per test run, and helpers to change a copy of one.

- The **fixture archive** (`tests/archive/`: data, docs and snippets made for the tests) is where behaviour is
  tested: tests may name its issues, items and figures, because it changes only with the tests.
- The **live archive** (the project's own `data/`, `docs/`, `snippets/`) grows every week: tests of it
  (`live_*` fixtures) assert only what holds for any valid archive, computed from its data.

Each site is built once per test process (`built_site`).
"""
from __future__ import annotations

import atexit
import functools
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from kb import load_catalog
from kb.project import layout
from kb.search.index import build_search_index
from kb.search.records import site_search_records

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "tests" / "archive"  # the fixture archive's content
# What a copy of the project needs to build on its own: its code (mkdocs_kb is installed) and an archive's content.
CODE_PARTS = ("mkdocs.yml", "overrides", "macros")
CONTENT_PARTS = ("data", "docs", "snippets")


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


def build(project: Path, site: Path, generator: str = "mkdocs", **env_vars: str | None) -> subprocess.CompletedProcess:
    """Build `project` into `site` as the tests serve it, with `generator` (mkdocs, or properdocs: DECISIONS.md); an
    env var given as None is unset."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(ROOT), SOURCE_DATE_EPOCH=last_commit_time(),
               KB_SITE_URL=SITE_URL, KB_REPO_URL=REPO_URL, LC_ALL="C.UTF-8")  # the build's messages in English
    env.update(env_vars)
    env = {name: value for name, value in env.items() if value is not None}
    return subprocess.run(
        [sys.executable, "-m", generator, "build", "--strict", "-f", str(project / "mkdocs.yml"), "-d", str(site)],
        cwd=project, env=env, capture_output=True, text=True, timeout=600,
    )


def copy_project(dest: Path, content: Path = ARCHIVE) -> Path:
    """A project at `dest`: the code of this one with the content of `content` (the fixture archive, or ROOT)."""
    dest.mkdir(parents=True)
    for part in CODE_PARTS:
        src = ROOT / part
        (shutil.copytree if src.is_dir() else shutil.copy2)(src, dest / part)
    for part in CONTENT_PARTS:
        shutil.copytree(content / part, dest / part)
    return dest


def built_site(tmp_path_factory, name: str, project: Path) -> Path:
    """`project` built strictly, once per test process (each serves it at its own SITE_URL); no warning allowed."""
    site = tmp_path_factory.mktemp(name)
    result = build(project, site)
    log = result.stdout + result.stderr
    assert result.returncode == 0, log
    assert "WARNING" not in log, log
    return site


# ---- a copy of the project to change, and what `kb check` says of it -------------------------------

@pytest.fixture
def project(tmp_path) -> Path:
    """A copy of the project with the fixture archive, to change."""
    return copy_project(tmp_path / "project")


@pytest.fixture
def live_project(tmp_path) -> Path:
    """A copy of the project with its live archive, to change (a new issue, say)."""
    return copy_project(tmp_path / "project", content=ROOT)


def git(project: Path, *args: str) -> str:
    """Run git in a project copy, as a throwaway identity; its output."""
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args], cwd=project,
                          check=True, capture_output=True, text=True).stdout


@pytest.fixture
def repo(project) -> Path:
    """The project copy as a git repository, its content committed on `main`: a published base."""
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "base")
    return project


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


def problem_lines(project: Path) -> list[str]:
    """What `kb check` finds in the project, each problem as one line with its key path as the file writes it
    (list positions from 0): `path:line: field: message`, in English (`str(Problem)`)."""
    from kb.content.check import check

    return [str(problem) for problem in check(project)[0]]


def refused(project: Path, capsys, where: str) -> str:
    """`kb check` fails and names `where` (`path:line: field: message`, the key path as the file writes it, as
    problem_lines says each problem); every problem so, one a line.

    The problems `where` names are also printed, as `kb check --lang en` prints them (`path:line:column: field as a
    contributor counts it: message`, then the line and a caret)."""
    from kb.content.check import check
    from kb.content.report import headline, report

    problems, _ = check(project)
    assert any(p.severity == "error" for p in problems), "kb check found no error"
    named = [p for p in problems if str(p).startswith(where)]
    lines = "\n".join(str(p) for p in problems)
    assert named, f"expected {where!r} in:\n{lines}"
    printed = report(problems, "en").splitlines()
    assert all(headline(p, "en") in printed for p in named), printed
    return lines


@functools.cache
def archive_project() -> Path:
    """The project with the fixture archive, assembled once per test process and never changed (`project` is a
    copy to change). A function, not only a fixture: parameters of some tests are read from it at collection."""
    folder = Path(tempfile.mkdtemp(prefix="kb-archive-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return copy_project(folder / "project")


@pytest.fixture(scope="session")
def archive() -> Path:
    return archive_project()


@pytest.fixture(scope="session")
def catalog(archive):
    return load_catalog(archive)


@pytest.fixture(scope="session")
def site(tmp_path_factory, archive) -> Path:
    """The fixture archive's site."""
    return built_site(tmp_path_factory, "site", archive)


@pytest.fixture(scope="session")
def live_catalog():
    return load_catalog(ROOT)


@pytest.fixture(scope="session")
def live_site(tmp_path_factory) -> Path:
    """The live archive's site, as `make build` makes it."""
    return built_site(tmp_path_factory, "live-site", ROOT)


@pytest.fixture(scope="session")
def site_in_runs(site, catalog, tmp_path_factory) -> Path:
    """The built site with its search index made of many Pagefind runs, as a big archive's is
    (kb.search.ranking.SHARD_BYTES): runs of at most 40 KB of records."""
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


@pytest.fixture(scope="session")
def live_pages(live_site) -> Site:
    return Site(live_site)
