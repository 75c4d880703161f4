"""`kb check --fix`: the mechanical fixes written in place, their diff printed, and never a fact changed."""
from __future__ import annotations

import re

import pytest

from conftest import edit, line_of
from kb.base.problems import Problem
from kb.cli.commands import main as kb
from kb.cli.fix import fixed_texts
from kb.content.check import check

ZH_PAGE, EN_PAGE, FACTS = "docs/issues/007.md", "docs/issues/007.en.md", "data/issues/007.yml"
# What a fix never changes: code, addresses, template syntax (refs and macros).
UNTOUCHABLE = re.compile(r"`[^`\n]+`|https?://[^\s)>\]]+|\{\{.*?\}\}")

MISTAKES = [  # (file, as it was, as a contributor wrote it)
    (ZH_PAGE, "本版共有 927 个提交", "本版共有927个提交,见{{ ref(\"sglang-v0-5-23\") }}的调度器(以及[vLLM](https://github.com/vllm-project/vllm)的)"),
    (ZH_PAGE, "    title: SGLang v0.5.23 发布", "    title: SGLang v0.5.23发布"),
    (ZH_PAGE, "这一周值得关注的工程动向", "这一周值得关注的\"工程\"动向,"),
    (EN_PAGE, "summary: |\n  Two", "summary: |\n  7.4x faster at 6.88s TTFT, not `3x` or https://example.com/6.88s. Two"),
    ("docs/about.md", "## 这份周报", "## 这份周报\n\n见vLLM的调度器,以及 `code里3倍` 和 https://x.y/z里的。   "),
]


def contents(project) -> dict[str, bytes]:
    return {path.relative_to(project).as_posix(): path.read_bytes()
            for folder in ("data", "docs", "snippets") for path in sorted((project / folder).rglob("*")) if path.is_file()}


def untouchable(text: str) -> list[str]:
    return UNTOUCHABLE.findall(text)


@pytest.fixture
def mistaken(project):
    for path, old, new in MISTAKES:
        edit(project, path, old, new)
    return project


def test_fix_writes_the_fixes_then_the_content_passes(mistaken, capsys):
    assert kb(["--root", str(mistaken), "check"]) == 1
    before = contents(mistaken)
    capsys.readouterr()
    assert kb(["--root", str(mistaken), "check", "--fix", "--lang", "en"]) == 0
    out, err = capsys.readouterr()
    assert "kb check --fix: " in err and "content OK" in err
    assert check(mistaken)[0] == []
    after = contents(mistaken)
    # the diff printed is the change made
    for path in {path for path, _, _ in MISTAKES}:
        assert f"--- a/{path}\n+++ b/{path}\n" in out
        assert before[path] != after[path]
    text = after[ZH_PAGE].decode()
    assert "本版共有 927 个提交，见{{ ref(\"sglang-v0-5-23\") }}的调度器（以及 [vLLM](https://github.com/vllm-project/vllm) 的）" in text
    assert "title: SGLang v0.5.23 发布" in text and "这一周值得关注的“工程”动向，" in text
    assert "7.4× faster at 6.88 s TTFT, not `3x` or https://example.com/6.88s." in after[EN_PAGE].decode()
    assert "见 vLLM 的调度器，以及 `code里3倍` 和 https://x.y/z里的。\n" in after["docs/about.md"].decode()


def test_fix_never_touches_a_fact_nor_code_addresses_or_refs(mistaken, catalog, capsys):
    before = contents(mistaken)
    kb(["--root", str(mistaken), "check", "--fix"])
    after = contents(mistaken)
    assert {path: data for path, data in after.items() if path.startswith("data/")} == \
        {path: data for path, data in before.items() if path.startswith("data/")}  # byte for byte
    for path in before:
        assert untouchable(after[path].decode()) == untouchable(before[path].decode()), path
    # and the facts as the site reads them are the fixture archive's, which the mistakes left alone
    assert [issue.facts for issue in check(mistaken)[1].issues] == [issue.facts for issue in catalog.issues]


def test_fix_twice_changes_nothing_the_second_time(mistaken, capsys):
    kb(["--root", str(mistaken), "check", "--fix"])
    once = contents(mistaken)
    capsys.readouterr()
    assert kb(["--root", str(mistaken), "check", "--fix", "--lang", "en"]) == 0
    out, err = capsys.readouterr()
    assert contents(mistaken) == once
    assert out == "" and "nothing it can fix by itself" in err


def test_dry_run_prints_the_diff_and_writes_nothing(mistaken, capsys):
    before = contents(mistaken)
    assert kb(["--root", str(mistaken), "check", "--fix", "--dry-run", "--lang", "en"]) == 1  # the errors are still there
    out, err = capsys.readouterr()
    assert contents(mistaken) == before
    assert "-    title: SGLang v0.5.23发布\n+    title: SGLang v0.5.23 发布\n" in out
    assert "nothing written" in err
    assert kb(["--root", str(mistaken), "check", "--diff"]) == 1  # the same, by its other name
    assert contents(mistaken) == before


def test_a_single_value_where_a_list_is_expected_becomes_a_list(project, capsys):
    edit(project, FACTS, "topics: [routing-control-planes]\n    entities: [kinference",
         "topics: routing-control-planes  # the hub\n    entities: [kinference")
    line = line_of(project, FACTS, "topics: routing-control-planes")
    problem = next(p for p in check(project)[0] if p.line == line)
    assert (problem.found, problem.replacement, problem.fixable) == ("routing-control-planes", "[routing-control-planes]", True)
    assert kb(["--root", str(project), "check", "--fix"]) == 0, capsys.readouterr()
    # the key, its comment and the rest of the file as they were
    assert "    topics: [routing-control-planes]  # the hub\n    entities: [kinference" in (project / FACTS).read_text(encoding="utf-8")


def test_trailing_spaces_are_removed_but_a_markdown_line_break_is_kept(project, capsys):
    edit(project, "docs/about.md", "## 这份周报", "## 这份周报  \n\n第一行  \n第二行")
    edit(project, FACTS, "number: 7", "number: 7 \t")
    assert kb(["--root", str(project), "check"]) == 0  # warnings only
    found = [p for p in check(project)[0] if p.said("en").startswith("ends with spaces")]
    assert {(p.path, p.line) for p in found} == {("docs/about.md", line_of(project, "docs/about.md", "## 这份周报")),
                                                  (FACTS, line_of(project, FACTS, "number: 7"))}
    assert all(p.severity == "warning" for p in found)
    kb(["--root", str(project), "check", "--fix"])
    assert "## 这份周报\n\n第一行  \n第二行" in (project / "docs/about.md").read_text(encoding="utf-8")
    assert "number: 7\n" in (project / FACTS).read_text(encoding="utf-8")


def test_what_is_a_judgement_is_not_fixed(project, capsys):
    edit(project, EN_PAGE, "title: ", "title: Inference Control Planes And ")
    problem = next(p for p in check(project)[0] if "sentence case" in p.said("en"))
    assert problem.replacement == "control" and not problem.fixable
    assert kb(["--root", str(project), "check", "--fix"]) == 1
    assert "title: Inference Control Planes And " in (project / EN_PAGE).read_text(encoding="utf-8")


def test_a_fix_that_would_change_what_yaml_reads_is_not_written(project):
    """A space before `#` in a plain YAML value would make the rest a comment: the file is left as it was; in
    quotes, the same fix is written."""
    for title, written in (("SGLang v0.5.23 发布#1", False), ('"SGLang v0.5.23 发布#1"', True)):
        edit(project, ZH_PAGE, "    title: SGLang v0.5.23 发布", f"    title: {title}")
        line = line_of(project, ZH_PAGE, "发布#1")
        column = (project / ZH_PAGE).read_text(encoding="utf-8").splitlines()[line - 1].index("布#") + 1
        forged = Problem(ZH_PAGE, line, "items.sglang-v0-5-23.title", None, found="布#", column=column,
                         replacement="布 #", fixable=True)
        assert (ZH_PAGE in fixed_texts(project, [forged])) is written, title
        edit(project, ZH_PAGE, f"    title: {title}", "    title: SGLang v0.5.23 发布")
