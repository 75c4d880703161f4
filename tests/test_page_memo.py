"""`mkdocs serve` and the editor's preview load the catalog again after each edit, and reuse what the checks found
on pages that did not change (kb.content.page_memo). Whatever the edit, a reload finds what a fresh load finds:
also on pages the edit did not touch, whose findings depend on the rest of the archive."""
from __future__ import annotations

import itertools
import os

import pytest

from conftest import copy_project, edit
from kb import CatalogCache, ContentError, load_catalog

_CLOCK = itertools.count(1)


def _edit(project, path: str, old: str, new: str) -> None:
    edit(project, path, old, new)
    tick = next(_CLOCK) * 1_000_000_000
    os.utime(project / path, ns=(tick, tick))  # a new version even on a coarse clock


def _findings(load) -> list[str]:
    try:
        return sorted(str(p) for p in load().warnings)
    except ContentError as error:
        return sorted(str(p) for p in error.problems)


@pytest.fixture
def project(tmp_path):
    return copy_project(tmp_path / "project")


def test_a_reload_after_each_edit_finds_what_a_fresh_load_finds(project):
    cache = CatalogCache(reparse_edits=True)  # what `mkdocs serve` keeps between its builds

    def findings() -> list[str]:
        reloaded = _findings(lambda: cache.load(project))
        assert reloaded == _findings(lambda: load_catalog(project))
        return reloaded

    base = findings()
    steps = [
        # the edited page itself: a Chinese typography error
        ("docs/issues/003.md", "官方给出的单卡吞吐是 GB200 的", "官方给出的单卡吞吐是GB200的", "docs/issues/003.md:11:"),
        # another page's check, through the archive's vocabulary: a capitalised word in issue 7's title is
        # refused once an English page writes it in lowercase
        ("docs/issues/007.en.md", "title: Inference control planes", "title: Inference Quokka control planes", None),
        ("docs/issues/003.en.md", "The first covers day-0 support", "The first quokka covers day-0 support",
         "docs/issues/007.en.md:2:"),
        # another page's check, through what a ref shows: an entity renamed to a word its ref's sentence repeats
        # another issue's check, through the names the archive knows: a benchmark issue 7 writes beside a figure
        ("data/issues/001.yml", "        hardware: a fixture phone\n",
         "        hardware: a fixture phone\n        benchmark: shared-prefix workload\n", "docs/issues/007.en.md:31:"),
        ("data/entities.yml", "  name: llm-d\n", "  name: llm-d project\n", "docs/issues/007.en.md:74:"),
    ]
    for path, old, new, newly_found in steps:
        _edit(project, path, old, new)
        found = findings()
        if newly_found:
            assert any(newly_found in line and line not in base for line in found), (path, found)
    for path, old, new, _ in reversed(steps):
        _edit(project, path, new, old)
        findings()
    assert findings() == base
