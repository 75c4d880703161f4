"""`kb new` writes what a contributor fills in; filled, it passes the checker and the strict build."""
from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup

from conftest import build, copy_project, problem_lines
from kb import load_catalog
from kb.cli.commands import main as kb


def fill(path, replacements: dict[str, str]) -> None:
    text = path.read_text(encoding="utf-8")
    for old, new in replacements.items():
        assert old in text, f"{old!r} not in {path}"
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")


def fill_prose(path, words: str) -> None:
    """Replace every remaining `TODO: ...` value of a page with real sentences."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"'TODO: [^']*'", f"'{words}'", text)
    text = re.sub(r"TODO: [^\n]*", words, text)
    path.write_text(text, encoding="utf-8")


@pytest.mark.full
def test_new_issue_filled_in_passes_check_and_strict_build(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    assert kb(["--root", str(project), "new", "issue", "8"]) == 0
    facts = project / "data/issues/008.yml"
    text = facts.read_text(encoding="utf-8")
    # the next week after issue 7 (2026-11-04 ~ 2026-11-10, published the last day)
    assert "period: {start: 2026-11-11, end: 2026-11-17}" in text and "published: 2026-11-17" in text

    # unfilled, the scaffold is refused, each placeholder named
    capsys.readouterr()
    assert kb(["--root", str(project), "check"]) == 1
    out = "\n".join(problem_lines(project))
    # each at the line the placeholder is written on (the summary's under its key)
    for where in ("data/issues/008.yml:8: items.0.id:", "docs/issues/008.md:2: title:", "docs/issues/008.en.md:5: summary:"):
        assert where in out

    fill(facts, {
        "id: TODO-item-id": "id: sglang-sample-release",
        "category: TODO": "category: release",
        "sources: [TODO]": "sources: [sglang-releases]",
        "topics: [TODO]": "topics: [serving-engine-releases]",
        "entities: []": "entities: [sglang]",
    })
    for page, words in (("docs/issues/008.md", "示例文字，仅用于测试脚手架。"), ("docs/issues/008.en.md", "Sample words for the scaffold test.")):
        fill(project / page, {"TODO-item-id:": "sglang-sample-release:"})
        fill_prose(project / page, words)
    assert kb(["--root", str(project), "new", "item", "8", "a-second-item", "--category", "paper",
               "--topic", "kv-cache-compression", "--source", "vllm-blog"]) == 0
    for page, words in (("docs/issues/008.md", "第二条示例。"), ("docs/issues/008.en.md", "A second sample.")):
        fill_prose(project / page, words)

    capsys.readouterr()
    assert kb(["--root", str(project), "check"]) == 0, capsys.readouterr().out
    catalog = load_catalog(project)
    assert [i.id for i in catalog.issues[0].items] == ["sglang-sample-release", "a-second-item"]

    site = tmp_path / "site"
    result = build(project, site)
    assert result.returncode == 0, result.stdout + result.stderr
    for prefix, words in (("", "示例文字"), ("en/", "Sample words")):
        soup = BeautifulSoup((site / prefix / "issues/008/index.html").read_text(encoding="utf-8"), "html.parser")
        assert soup.find(id="sglang-sample-release") and soup.find(id="a-second-item")
        assert words in soup.get_text()
        # the new issue is the latest on the home page
        home = BeautifulSoup((site / prefix / "index.html").read_text(encoding="utf-8"), "html.parser")
        assert home.find("a", href="issues/008/")


def test_new_topic_and_entity_are_listed_once_filled(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    assert kb(["--root", str(project), "new", "topic", "speculative-decoding"]) == 0
    assert kb(["--root", str(project), "new", "entity", "mooncake", "--name", "Mooncake", "--kind", "engine"]) == 0
    capsys.readouterr()
    assert kb(["--root", str(project), "check"]) == 1
    out = "\n".join(problem_lines(project))
    assert "docs/topics/speculative-decoding.md:2: title:" in out
    assert "docs/entities/mooncake.en.md:6: text:" in out  # the intro paragraph
    for page in ("topics/speculative-decoding.md", "topics/speculative-decoding.en.md",
                 "entities/mooncake.md", "entities/mooncake.en.md"):
        fill_prose(project / "docs" / page, "Filled in.")
    assert kb(["--root", str(project), "check"]) == 0, capsys.readouterr().out
    catalog = load_catalog(project)
    assert "speculative-decoding" in catalog.topics and catalog.entities["mooncake"].facts.name == "Mooncake"
    assert kb(["--root", str(project), "new", "topic", "speculative-decoding"]) == 1  # never twice


def test_new_item_replaces_the_untouched_placeholder_item_and_keeps_a_touched_one(tmp_path):
    project = copy_project(tmp_path / "project")
    assert kb(["--root", str(project), "new", "issue", "8"]) == 0
    assert kb(["--root", str(project), "new", "item", "8", "first-item", "--category", "paper",
               "--topic", "kv-cache-compression", "--source", "vllm-blog"]) == 0
    for path in ("data/issues/008.yml", "docs/issues/008.md", "docs/issues/008.en.md"):
        text = (project / path).read_text(encoding="utf-8")
        assert "TODO-item-id" not in text and "first-item" in text, path

    assert kb(["--root", str(project), "new", "issue", "9"]) == 0
    fill(project / "docs/issues/009.en.md", {"TODO: item title": "A title the contributor wrote"})
    assert kb(["--root", str(project), "new", "item", "9", "second-item", "--category", "paper"]) == 0
    for path in ("data/issues/009.yml", "docs/issues/009.md", "docs/issues/009.en.md"):
        assert "TODO-item-id" in (project / path).read_text(encoding="utf-8"), path  # written to: kept
