"""Hostile contributions against the record: figures in prose that disagree with the facts, a published figure
rewritten, a published id renamed, a published issue deleted — each refused by `kb check` at its line, or shown
first in `kb diff`'s review report; and the number reader (kb.markup.numbers) on the weekly's forms in both languages."""
from __future__ import annotations

import re

import pytest

from conftest import build, edit, git, problem_lines, refused
from kb.cli.commands import main as kb
from kb.content.loading import load_catalog
from kb.markup.numbers import numbers
from kb.project import layout
from kb.publish.audit import audit
from kb.publish.feeds import write_feeds
from kb.render.issue_page import issue_page
from kb.render.renderer import Renderer

EDITS = "### ⚠️ Edits of the published record"



def line_of(project, path: str, text: str) -> int:
    lines = (project / path).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


def page(lang: str, number: int) -> str:
    return f"{layout.DOCS}/{layout.localized(layout.issue_page(number), lang)}"


def replace_all(project, path: str, old: str, new: str) -> None:
    file = project / path
    file.write_text(file.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


# ---- figures in prose ------------------------------------------------------------------------------------------

def test_the_english_page_saying_78x_where_the_facts_say_7_8x_is_refused_at_its_line(project, capsys):
    path = page("en", 3)
    edit(project, path, "with an official per-GPU throughput of 7.8× GB200", "with an official per-GPU throughput of 78× GB200")
    out = refused(project, capsys, f"{path}:{line_of(project, path, '78× GB200')}: items.vllm-rubin-nvl72-day0.summary: "
                  "`78×` is not one of the figures of item `vllm-rubin-nvl72-day0` (`7.8×`")
    assert len([line for line in out.splitlines() if "78×" in line]) == 1  # the Chinese page, at 7.8 倍, agrees


def test_the_chinese_page_saying_78_bei_is_refused_too(project, capsys):
    path = page("zh", 3)
    edit(project, path, "官方给出的单卡吞吐是 GB200 的 7.8 倍", "官方给出的单卡吞吐是 GB200 的 78 倍")
    refused(project, capsys, f"{path}:{line_of(project, path, 'GB200 的 78 倍')}: items.vllm-rubin-nvl72-day0.summary: `78×`")


def test_a_figure_changed_in_data_while_the_prose_keeps_the_old_one_is_refused_in_both_languages(project, capsys):
    edit(project, f"{layout.ISSUES_DATA}/007.yml", "result: 0.31 s", "result: 0.29 s")
    en, zh = page("en", 7), page("zh", 7)
    out = refused(project, capsys, f"{en}:{line_of(project, en, 'workload fell from 6.88 s to 0.31 s')}: "
                  "items.kinference-launch.why: `0.31 s`")
    assert f"{zh}:{line_of(project, zh, '共享前缀负载的 TTFT 中位数由 6.88 s')}: items.kinference-launch.why: `0.31 s`" in out
    assert f"{en}:{line_of(project, en, 'from 6.88 s to 0.31 s')}: summary: `0.31 s` is not one of the figures of issue 7" in out
    assert "`95 %` is not one of the figures of item `kinference-launch`" in out  # 6.88 s → 0.29 s is 96 % less


def test_a_number_in_a_verdict_is_compared_with_the_issues_figures(project, capsys):
    path = page("en", 3)
    edit(project, path, "The 7.8×, 5× and 3.3× figures", "The 7.8×, 50× and 3.3× figures")
    refused(project, capsys, f"{path}:{line_of(project, path, '50× and 3.3×')}: signals.vendor-multipliers-and-stars.body: "
            "`50×` is not one of the figures of issue 3")


def test_a_unit_the_prose_writes_must_be_the_figures(project, capsys):
    path = page("en", 3)
    edit(project, path, "with an official per-GPU throughput of 7.8× GB200", "with an official per-GPU throughput of 7.8% above GB200")
    refused(project, capsys, f"{path}:{line_of(project, path, '7.8% above')}: items.vllm-rubin-nvl72-day0.summary: `7.8 %`")


def test_a_number_that_is_not_a_figure_is_listed_and_the_list_holds_only_what_it_excuses(project, capsys):
    facts = f"{layout.ISSUES_DATA}/007.yml"
    edit(project, facts, '    not_figures: ["2.0", "5"]\n', '    not_figures: ["2.0", "5", "12", "5", "1.5.2"]\n')
    out = refused(project, capsys, f"{facts}:{line_of(project, facts, '1.5.2')}: items.2.not_figures.2: `12` is not written in "
                  "the prose of item `kinference-launch` in any language")
    assert f"{facts}:{line_of(project, facts, '1.5.2')}: items.2.not_figures.3: `5` is listed twice" in out
    assert "items.2.not_figures.4: `1.5.2` is not one number" in out  # a version is a name: nothing to excuse
    edit(project, facts, '    not_figures: ["2.0", "5", "12", "5", "1.5.2"]\n', '    not_figures: ["2.0"]\n')
    path = page("en", 7)
    refused(project, capsys, f"{path}:{line_of(project, path, 'through 5 Kubernetes CRDs')}: items.kinference-launch.why: `5`")


@pytest.mark.parametrize("entry", ["<b>5</b>", "5 {{ x }}", "[5](https://evil.example/)", "5\u200b"])
def test_a_not_figures_entry_cannot_hold_markup(project, entry):
    facts = f"{layout.ISSUES_DATA}/007.yml"
    edit(project, facts, '    not_figures: ["2.0", "5"]\n', f'    not_figures: ["2.0", {entry!r}]\n'.replace("'", '"'))
    assert any(line.startswith(f"{facts}:") and "items.2.not_figures.1" in line for line in problem_lines(project))


# ---- published records at a base --------------------------------------------------------------------------------

def report(project, capsys, base: str = "main") -> str:
    assert kb(["--root", str(project), "diff", base]) == 0
    return capsys.readouterr().out


def section(out: str, title: str) -> str:
    part = out.partition(title)[2]
    return part.split("\n### ")[0] if part else ""


def test_an_old_issues_figure_rewritten_with_its_prose_is_shown_first_in_the_review_report(repo, capsys):
    edit(repo, f"{layout.ISSUES_DATA}/003.yml", "    ratio: 7.8\n", "    ratio: 8.7\n")
    for lang in layout.LANGUAGES:
        replace_all(repo, page(lang, 3), "7.8", "8.7")
    assert not [line for line in problem_lines(repo) if ": error" in line or "not one of" in line]
    out = report(repo, capsys)
    assert out.index(EDITS) == out.index("###")  # the first section a reviewer reads
    assert "- figure `rubin-agentx-per-gpu-throughput` (issue 3): ratio `7.8` → `8.7`" in section(out, EDITS)


def rename_loopvq(project, keep: bool) -> None:
    for path in [*project.glob("data/issues/*.yml"), *project.glob("docs/**/*.md")]:
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"(?<![\w-])loopvq(?![\w-])", "loop-vq", text), encoding="utf-8")
    if keep:
        edit(project, f"{layout.ISSUES_DATA}/007.yml", "  - id: loop-vq\n", "  - id: loop-vq\n    formerly: [loopvq]\n")


def test_a_published_item_renamed_is_refused_against_the_base(repo, capsys):
    rename_loopvq(repo, keep=False)
    assert kb(["--root", str(repo), "check"]) == 0  # on its own, valid content
    capsys.readouterr()
    assert kb(["--root", str(repo), "check", "--lang", "en", "--base", "HEAD"]) == 1
    assert "item `loopvq` of issue 7 was published under this id and no item has it now" in capsys.readouterr().out
    out = report(repo, capsys)
    assert "- item `loopvq` (issue 7) renamed `loop-vq` without keeping the old id" in section(out, EDITS)


def test_a_renamed_item_keeps_its_old_anchor_and_feed_id(repo, capsys, tmp_path):
    rename_loopvq(repo, keep=True)
    assert kb(["--root", str(repo), "check", "--base", "HEAD"]) == 0, capsys.readouterr().out
    assert "(kept under `formerly:`: old links and feed entries still land on it)" in section(report(repo, capsys), EDITS)
    catalog = load_catalog(repo)
    issue = next(i for i in catalog.issues if i.number == 7)
    for lang in layout.LANGUAGES:
        markdown = issue_page(Renderer(catalog, lang, issue.page), issue)
        assert markdown.index('<span id="loopvq" class="kb-former-id"></span>') < markdown.index("{ #loop-vq .kb-item }")
    site = tmp_path / "site"
    for lang in layout.LANGUAGES:
        (site / layout.language_home(lang)).mkdir(parents=True, exist_ok=True)
    write_feeds(catalog, site, "https://example.org/", {lang: "KB" for lang in layout.LANGUAGES})
    feed = (site / layout.language_home("en") / layout.feed_names("kv-cache-compression")[0]).read_text(encoding="utf-8")
    assert "issues/007/#loopvq</guid>" in feed and "#loop-vq<" not in feed


@pytest.mark.parametrize("former", ["dual-qk", "featured", "loop-vq"])
def test_a_former_id_is_no_id_of_the_archive(project, former):
    rename_loopvq(project, keep=False)
    edit(project, f"{layout.ISSUES_DATA}/007.yml", "  - id: loop-vq\n", f"  - id: loop-vq\n    formerly: [{former}]\n")
    assert any(f"items.5.formerly.0: `{former}` is an id of the archive" in line for line in problem_lines(project))


def test_a_published_issue_deleted_is_refused_and_a_withdrawn_one_keeps_its_page(repo, capsys, tmp_path):
    for path in (f"{layout.ISSUES_DATA}/001.yml", page("zh", 1), page("en", 1)):
        (repo / path).unlink()
    assert kb(["--root", str(repo), "check", "--lang", "en", "--base", "HEAD"]) == 1
    assert "issue 1 was published and is gone — a published issue is withdrawn, never deleted" in capsys.readouterr().out
    git(repo, "checkout", "-q", "--", ".")
    edit(repo, f"{layout.ISSUES_DATA}/001.yml", "\npublished:", "\nwithdrawn: {date: 2026-11-20}\npublished:")
    assert any("withdrawn: the issue is withdrawn in data/issues/001.yml but its page does not say why" in line
               for line in problem_lines(repo))
    reasons = {"zh": "来源撤回了测得的数字。", "en": "The source took back its measurements."}
    for lang in layout.LANGUAGES:
        edit(repo, page(lang, 1), "---\n", f"---\nwithdrawn: {reasons[lang]}\n")
        # a later issue's item settled one of its watch entries: withdrawn with it, the later issue says so no more
        replace_all(repo, page(lang, 3), re.search(r"resolutions:\n  fixture-second-benchmark-run: .*\n", (
            repo / page(lang, 3)).read_text(encoding="utf-8")).group(0), "")
    edit(repo, f"{layout.ISSUES_DATA}/003.yml", "    resolves: [{watch: fixture-second-benchmark-run, by: weekly}]\n", "")
    assert [line for line in problem_lines(repo) if ": warning" not in line] == []
    assert kb(["--root", str(repo), "check", "--base", "HEAD"]) == 0, capsys.readouterr().out
    catalog = load_catalog(repo)
    issue = next(i for i in catalog.issues if i.number == 1)
    assert issue.items == [] and all(item.issue is not issue for item in catalog.items)
    markdown = issue_page(Renderer(catalog, "en", issue.page), issue)
    assert "Withdrawn on 2026-11-20" in markdown and reasons["en"] in markdown
    assert issue.text("en").items and not any(title in markdown for title in
                                              (t.title for t in issue.text("en").items.values()))
    site = tmp_path / "site"
    for lang in layout.LANGUAGES:
        (site / layout.language_home(lang)).mkdir(parents=True, exist_ok=True)
    write_feeds(catalog, site, "https://example.org/", {lang: "KB" for lang in layout.LANGUAGES})
    feed = (site / layout.language_home("en") / layout.feed_names()[0]).read_text(encoding="utf-8")
    assert f"/{layout.page_url(issue.page)}<" not in feed and "issues/007/" in feed
    assert "- issue `issue-1`: withdrawn `—` → `date: 2026-11-20`" in section(report(repo, capsys), EDITS)


def withdraw_issue_1(project) -> None:
    edit(project, f"{layout.ISSUES_DATA}/001.yml", "\npublished:", "\nwithdrawn: {date: 2026-11-20}\npublished:")
    for lang, reason in (("zh", "来源撤回了测得的数字。"), ("en", "The source took back its measurements.")):
        edit(project, page(lang, 1), "---\n", f"---\nwithdrawn: {reason}\n")
        text = (project / page(lang, 3)).read_text(encoding="utf-8")
        replace_all(project, page(lang, 3), re.search(r"resolutions:\n  fixture-second-benchmark-run: .*\n", text).group(0), "")
    edit(project, f"{layout.ISSUES_DATA}/003.yml", "    resolves: [{watch: fixture-second-benchmark-run, by: weekly}]\n", "")


@pytest.mark.full
def test_a_site_with_a_renamed_item_and_a_withdrawn_issue_builds_strictly_and_loses_nothing(project, tmp_path):
    rename_loopvq(project, keep=True)
    withdraw_issue_1(project)
    site = tmp_path / "site"
    result = build(project, site)
    assert result.returncode == 0 and "WARNING" not in result.stdout + result.stderr, result.stdout + result.stderr
    assert audit(load_catalog(project), site) == []
    html = (site / layout.built_file(layout.issue_page(1), "en")).read_text(encoding="utf-8")
    assert "Withdrawn on 2026-11-20" in html and "The source took back its measurements." in html
    assert '<span id="loopvq" class="kb-former-id"></span>' in (site / layout.built_file(layout.issue_page(7), "zh")).read_text(
        encoding="utf-8")
    assert not (site / layout.issue_email(1, "en")).exists() and (site / layout.issue_email(3, "en")).exists()


def test_a_number_excused_in_a_published_issue_is_an_edit_of_the_record(repo, capsys):
    """78× listed as not a figure would pass kb check: the review report shows the list's change first."""
    edit(repo, f"{layout.ISSUES_DATA}/003.yml", '    not_figures: ["0"]\n', '    not_figures: ["0", "78×"]\n')
    for lang, old, new in (("en", "throughput of 7.8× GB200", "throughput of 78× GB200"), ("zh", "GB200 的 7.8 倍。", "GB200 的 78 倍。")):
        edit(repo, page(lang, 3), old, new)
    assert kb(["--root", str(repo), "check"]) == 0
    capsys.readouterr()
    assert ("- item `vllm-rubin-nvl72-day0` (issue 3): not_figures `0` → `0, 78×`"
            in section(report(repo, capsys), EDITS))


# ---- the number reader -------------------------------------------------------------------------------------------

def read(text: str) -> list[tuple]:
    return [(f.shown, f.value, f.unit) if f.date is None else (f.shown, f.date) for f in numbers(text)]


@pytest.mark.parametrize("text, expected", [
    ("7.8× and 7.8x and 3 倍", [("7.8×", 7.8, "×"), ("7.8x", 7.8, "×"), ("3×", 3, "×")]),
    ("2.4–3.0× of BF16", [("2.4×", 2.4, "×"), ("3.0×", 3.0, "×")]),
    ("2.4-3x", [("2.4×", 2.4, "×"), ("3x", 3, "×")]),
    ("6.88 s → 0.31 s", [("6.88 s", 6.88, "s"), ("0.31 s", 0.31, "s")]),
    ("by 95 %, 95% and 95％", [("95 %", 95, "%"), ("95 %", 95, "%"), ("95 %", 95, "%")]),
    ("8192 to 16384, 1,000 users", [("8192", 8192, ""), ("16384", 16384, ""), ("1,000", 1000, "")]),
    ("1.2 万 星", [("1.2", 12000, "")]),
    ("256K-token inputs, 32K–128K traces, 27k to 144k tok/s",
     [("256K-token", 256000, "tokens"), ("32K", 32000, ""), ("128K", 128000, ""), ("27k tok/s", 27000, "tok/s"),
      ("144k tok/s", 144000, "tok/s")]),
    ("0.5-bit and 2 bits, 0.05 percentage points, 0.05 个百分点", [("0.5-bit", 0.5, "bit"), ("2 bit", 2, "bit"),
                                                            ("0.05 pt", 0.05, "pt"), ("0.05 pt", 0.05, "pt")]),
    ("down to about 1/6.8", [("6.8×", 6.8, "×")]),
    ("310 ms", [("310 ms", 310, "ms")]),
])
def test_the_weeklys_number_forms(text, expected):
    assert read(text) == expected


@pytest.mark.parametrize("text", ["vLLM v0.11 and 1.5.2", "Qwen3-235B-A22B on H100 and B300", "b12180 fixes it",
                                  "Llama-3.1-8B-Instruct", "the 3rd and 4o", 'see {{ ref("vllm-0-32-nvfp4", "it") }}',
                                  "[the post](https://example.org/2026/11/04/42)", "https://example.org/v/2"])
def test_names_versions_and_addresses_are_not_numbers(text):
    assert numbers(text) == []


def test_dates_are_read_as_dates_in_both_languages():
    assert read("On November 4, from 2026-11-04 to 2026-11-10; 11 月 4 日；2027 年") == [
        ("4", (None, 11, 4)), ("2026-11-04", (2026, 11, 4)), ("2026-11-10", (2026, 11, 10)),
        ("11 月 4 日", (None, 11, 4)), ("2027", (2027, None, None))]


def test_a_label_of_a_ref_is_prose():
    assert read('{{ ref("llama-cpp-kimi", "llama.cpp b12180, 3 builds") }}') == [("3", 3, "")]
