"""Translation status from git history, a source-hash fallback, and the fallback notice."""
from __future__ import annotations

import os
import subprocess

import pytest
from bs4 import BeautifulSoup

from conftest import build, copy_project, problem_lines
from kb.cli.commands import main as kb
from kb.content.check import default_pages
from kb.project.translations import translation_states


def git(project, *args, when="2026-11-01T00:00:00Z"):
    env = dict(os.environ, GIT_AUTHOR_DATE=when, GIT_COMMITTER_DATE=when,
               GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid")
    subprocess.run(["git", "-C", str(project), *args], check=True, capture_output=True, env=env)


def state_of(project, page):
    return next(t for t in translation_states(project, default_pages(project)) if t.page == page)


def test_git_history_decides_outdated(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "all", when="2026-11-01T00:00:00Z")
    assert state_of(project, "about.md").status == "current"

    about = project / "docs/about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\n补充一句。\n", encoding="utf-8")
    assert state_of(project, "about.md").status == "outdated"  # edited, not yet committed
    git(project, "commit", "-qam", "zh only", when="2026-11-20T00:00:00Z")
    state = state_of(project, "about.md")
    assert (state.status, state.basis) == ("outdated", "git")

    capsys.readouterr()
    assert kb(["--root", str(project), "check"]) == 0  # a warning, not an error
    assert ("docs/about.en.md:1: warning: translation: is older than docs/about.md (2026-11-20 vs 2026-11-01)"
            in "\n".join(problem_lines(project)))

    english = project / "docs/about.en.md"
    english.write_text(english.read_text(encoding="utf-8") + "\nOne more sentence.\n", encoding="utf-8")
    git(project, "commit", "-qam", "en caught up", when="2026-11-21T00:00:00Z")
    assert state_of(project, "about.md").status == "current"


def test_source_hash_fallback_without_history(tmp_path):
    project = copy_project(tmp_path / "project")  # not a git repository
    assert state_of(project, "about.md").status == "unknown"
    assert kb(["--root", str(project), "translations", "--stamp", "docs/about.en.md"]) == 0
    assert (state_of(project, "about.md").status, state_of(project, "about.md").basis) == ("current", "hash")
    about = project / "docs/about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\n补充一句。\n", encoding="utf-8")
    assert state_of(project, "about.md").status == "outdated"


@pytest.mark.full
def test_missing_translation_falls_back_with_a_notice(tmp_path):
    project = copy_project(tmp_path / "project")
    (project / "docs/entities/ds4.en.md").unlink()
    assert state_of(project, "entities/ds4.md").status == "missing"
    site = tmp_path / "site"
    result = build(project, site)
    assert result.returncode == 0, result.stdout + result.stderr

    english = BeautifulSoup((site / "en/entities/ds4/index.html").read_text(encoding="utf-8"), "html.parser")
    notice = english.select_one(".kb-untranslated")
    assert notice is not None and "no English translation" in notice.get_text()
    chinese = BeautifulSoup((site / "entities/ds4/index.html").read_text(encoding="utf-8"), "html.parser")
    assert chinese.select_one(".kb-untranslated") is None

    table = BeautifulSoup((site / "en/translations/index.html").read_text(encoding="utf-8"), "html.parser")
    row = next(tr for tr in table.select("tr") if tr.find("a", href="../entities/ds4/"))
    assert row.select_one(".kb-translation--missing").get_text() == "missing"
