"""What search indexes, without a browser: aliases in data/ and their checks, Chinese as character pairs,
versions by their number, the facets of each record."""
from __future__ import annotations

import pytest

from conftest import copy_project
from kb.cli import main as kb


@pytest.fixture
def project(tmp_path):
    return copy_project(tmp_path / "project")


def edit(project, path: str, old: str, new: str) -> None:
    file = project / path
    text = file.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


def check(project, capsys) -> list[str]:
    assert kb(["--root", str(project), "check"]) == 1
    return capsys.readouterr().out.splitlines()


def line_of(project, path: str, needle: str) -> int:
    text = (project / path).read_text(encoding="utf-8")
    return text[: text.index(needle)].count("\n") + 1


# ---- aliases: one place (data/), checked like any fact -------------------------------------------

def test_aliases_live_in_data_and_read_per_language(catalog):
    assert catalog.entities["deepseek"].aliases("zh") == ["深度求索"]
    assert catalog.entities["deepseek"].aliases("en") == []
    assert catalog.entities["llama-cpp"].aliases("en") == ["llamacpp"]  # `all`: both languages
    assert "缓存感知路由" in catalog.topics["routing-control-planes"].aliases("zh")


def test_an_alias_claimed_by_two_entities_is_refused_at_its_line(project, capsys):
    edit(project, "data/entities.yml", "aliases: {zh: [英伟达]}", "aliases: {zh: [英伟达, 深度求索]}")
    line = line_of(project, "data/entities.yml", "aliases: {zh: [英伟达, 深度求索]}")
    assert (f"data/entities.yml:{line}: 12.aliases.zh.1: `深度求索` already names `deepseek` — an alias names one "
            "thing; keep it where readers mean it") in check(project, capsys)


def test_an_alias_may_not_name_a_topic_and_an_entity(project, capsys):
    edit(project, "data/topics.yml", "aliases: {zh: [FP4 算子]}", "aliases: {zh: [FP4 算子, 千问]}")
    assert any("topics.yml" in line and "`千问` already names `qwen`" in line for line in check(project, capsys))


def test_an_alias_that_is_the_name_or_markup_or_a_sentence_is_refused(project, capsys):
    edit(project, "data/entities.yml", "aliases: {all: [llamacpp]}",
         'aliases: {all: [llama.cpp, "<img src=x onerror=alert(1)>"], en: ["' + "a very long alias " * 4 + '"], fr: [x]}')
    out = "\n".join(check(project, capsys))
    assert "2.aliases.all.1: must be plain text, without `<`" in out
    assert "2.aliases.en.0: is 71 characters long — a name has at most 40" in out
    assert "2.aliases.fr.[key]: must be 'all', 'zh' or 'en'" in out


def test_an_alias_that_repeats_the_name_is_refused(project, capsys):
    edit(project, "data/entities.yml", "aliases: {all: [llamacpp]}", "aliases: {all: [LLAMA.CPP]}")
    assert any("`LLAMA.CPP` is already its name — remove the alias" in line for line in check(project, capsys))
