"""`kb diff BASE`: what a change does to the published site, in a git repository made from a copy of the project
(the fixture archive), changed the way a pull request changes it: committed or not, tracked or new."""
from __future__ import annotations

import re

import pytest

from conftest import edit, git
from kb.cli.commands import main as kb
from kb.project import layout

EDITS = "### ⚠️ Edits of the published record"
GONE = "### Renamed or removed ids"



def report(project, capsys, base: str = "main", clean: bool = True) -> str:
    """The report; `clean`: both sides load without a problem (the change is valid content)."""
    assert kb(["--root", str(project), "diff", base]) == 0  # a report: it finds things, it does not fail
    captured = capsys.readouterr()
    assert captured.err == ""
    assert not clean or "> **" not in captured.out, captured.out
    return captured.out


def section(out: str, title: str) -> str:
    """The lines of a section of the report (empty if it is not there)."""
    part = out.partition(title)[2]
    return part.split("\n### ")[0] if part else ""


def write(project, path: str, text: str) -> None:
    (project / path).write_text(text, encoding="utf-8")


NEW_ISSUE = """\
number: 8
period: {start: 2026-11-11, end: 2026-11-17}
published: 2026-11-17
items:
  - id: mooncake-store
    category: tool
    sources: [{name: Mooncake, url: "https://github.com/kvcache-ai/Mooncake"}]
    topics: [kv-cache-compression]
    entities: [mooncake]
    claims:
      - id: mooncake-store-ttft
        metric: ttft
        ratio: 2
        direction: lower
        versus: unstated
        source_kind: vendor
"""
NEW_PAGE = {
    "zh": """---
title: 第八期
description: 第 8 期的一句话介绍。
summary: 本周只有一条。
items:
  mooncake-store:
    title: Mooncake 存储
    summary: 一句话摘要。
    why: 为什么重要。
    edge: 与端侧的关联。
claims:
  mooncake-store-ttft: 首字延迟，厂商自测。
---

{{ issue_page() }}
""",
    "en": """---
title: Issue eight
description: One sentence about issue 8.
summary: Only one item this week.
items:
  mooncake-store:
    title: Mooncake store
    summary: One line.
    why: Why it matters.
    edge: What it means at the edge.
claims:
  mooncake-store-ttft: TTFT, the vendor's own benchmark.
---

{{ issue_page() }}
""",
}
ENTITY_PAGE = {"zh": "---\ntitle: Mooncake\ndescription: 一个推理引擎。\n---\n\n{{ entity_timeline() }}\n",
               "en": "---\ntitle: Mooncake\ndescription: An inference engine.\n---\n\n{{ entity_timeline() }}\n"}


def add_entity(project) -> None:
    with (project / layout.ENTITIES_FILE).open("a", encoding="utf-8") as registry:
        registry.write("- id: mooncake\n  name: Mooncake\n  kind: engine\n")
    for lang, text in ENTITY_PAGE.items():
        write(project, f"docs/{layout.localized(layout.entity_page('mooncake'), lang)}", text)


def test_no_change_is_said_in_a_line(repo, capsys):
    out = report(repo, capsys)
    assert out.startswith("## What this change does to the site: `main` (")
    assert "0 edits of the published record\n\nNothing the site publishes changes." in out and "###" not in out


def test_a_new_issue_with_an_item_and_a_figure_and_a_new_entity_are_added_with_their_pages(repo, capsys):
    add_entity(repo)
    write(repo, f"{layout.ISSUES_DATA}/008.yml", NEW_ISSUE)
    for lang, text in NEW_PAGE.items():
        write(repo, f"docs/{layout.localized(layout.issue_page(8), lang)}", text)
    out = report(repo, capsys)
    added = section(out, "### Added (")
    assert "- issue `issue-8`: `issues/008/`" in added
    assert "- item `mooncake-store` (issue 8): `issues/008/#mooncake-store`" in added
    assert "- figure `mooncake-store-ttft` (issue 8): `issues/008/#mooncake-store-ttft`" in added
    assert "- entity `mooncake`: `entities/mooncake/`" in added
    pages = section(out, "### Pages (")
    for page in ("issues/008/", "entities/mooncake/", "entities/mooncake/2026/"):
        assert f"- added: `{page}` (zh, en)" in pages, page
    assert "claims/2026-11/" not in pages  # the month's figures page was there already (issue 7)
    assert "removed:" not in pages
    # a new issue edits no published record, renames nothing
    assert EDITS not in out and GONE not in out
    assert "0 edits of the published record · 4 added · 3 pages added\n" in out, out


def test_a_changed_figure_date_or_source_of_a_published_issue_is_an_edit_of_the_record_shown_first(repo, capsys):
    edit(repo, f"{layout.ISSUES_DATA}/007.yml", "result: 0.31 s", "result: 0.29 s")
    for lang in layout.LANGUAGES:  # the prose follows the corrected figure (kb.content.figure_check): 6.88 s → 0.29 s is 96 % less
        page = repo / "docs" / layout.localized(layout.issue_page(7), lang)
        page.write_text(page.read_text(encoding="utf-8").replace("0.31 s", "0.29 s"), encoding="utf-8")
    edit(repo, f"{layout.ISSUES_DATA}/007.yml", "published: 2026-11-10", "published: 2026-11-11")
    edit(repo, layout.OUTLETS_FILE, "name: vLLM Blog", "name: The vLLM Blog")
    edit(repo, "docs/issues/007.en.md", "cuts TTFT by 95% on", "cuts TTFT by 96 % on")
    edit(repo, "docs/issues/007.md", "TTFT 下降 95%", "TTFT 下降 96%")
    out = report(repo, capsys)
    edits = section(out, EDITS)
    assert "- figure `kinference-median-ttft` (issue 7): result `0.31 s` → `0.29 s`" in edits
    assert "- issue `issue-7`: published `2026-11-10` → `2026-11-11`" in edits
    # an outlet renamed changes the sources of every published item that cites it
    assert ("- item `kinference-launch` (issue 7): sources `vLLM Blog <https://blog.vllm.ai/>` → "
            "`The vLLM Blog <https://blog.vllm.ai/>`") in edits
    headline = out.splitlines()[2]
    assert headline == "**6 edits of the published record** · 2 changed", headline  # 4 items cite the blog
    assert out.index(EDITS) == out.index("###")  # reviewers see it first
    assert GONE not in out and "### Added (" not in out
    # each edit once: the Changed section holds only what else changed
    assert section(out, "### Changed (").splitlines()[2:] == [
        "Besides the edits above.", "", "- issue `issue-7`: text changed: summary (zh), summary (en)",
        "- item `kinference-launch` (issue 7): text changed: summary (zh), why (zh), summary (en), why (en)"]


def test_a_figure_added_to_a_published_issue_is_an_edit_of_the_record(repo, capsys):
    edit(repo, f"{layout.ISSUES_DATA}/007.yml", "      - id: kinference-goodput-multi-turn\n",
         "      - id: kinference-p99\n        metric: latency\n        result: 2 s\n        source_kind: vendor\n"
         "      - id: kinference-goodput-multi-turn\n")
    for lang, text in (("zh", "P99 延迟，自家基准。"), ("en", "P99 latency, own benchmark.")):
        edit(repo, f"docs/{layout.localized(layout.issue_page(7), lang)}", "claims:\n", f"claims:\n  kinference-p99: {text}\n")
    out = report(repo, capsys)
    assert "- figure `kinference-p99` (issue 7) added to a published issue" in section(out, EDITS)
    assert "- figure `kinference-p99` (issue 7): `issues/007/#kinference-p99`" in section(out, "### Added (")


def test_a_later_check_changes_an_earlier_figures_status(repo, capsys):
    write(repo, f"{layout.ISSUES_DATA}/008.yml", NEW_ISSUE.replace(
        "        source_kind: vendor\n",
        "        source_kind: independent\n        checks: {claim: bidirectional-kv-ttft-multiplier, verdict: qualifies, by: editors}\n"))
    reasons = {"zh": "独立测得的改善不到一半。", "en": "An independent run found less than half of it."}
    for lang, text in NEW_PAGE.items():
        write(repo, f"docs/{layout.localized(layout.issue_page(8), lang)}",
              text.replace("---\n\n", f"checks:\n  mooncake-store-ttft: {reasons[lang]}\n---\n\n"))
    add_entity(repo)
    out = report(repo, capsys)
    assert ("- figure `bidirectional-kv-ttft-multiplier` (issue 3): `unchecked` → `qualified by mooncake-store-ttft`"
            in section(out, "### Statuses ("))
    assert EDITS not in out  # the earlier figure itself is as published


def test_a_renamed_item_is_flagged_with_the_address_that_breaks(repo, capsys):
    for path in [*repo.glob("data/issues/*.yml"), *repo.glob("docs/**/*.md")]:
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"(?<![\w-])loopvq(?![\w-])", "loop-vq", text), encoding="utf-8")
    git(repo, "commit", "-q", "-am", "rename loopvq")  # committed this time: compared with the commit before
    out = report(repo, capsys, base="HEAD~1")
    gone = section(out, GONE)
    assert "- item `loopvq` (issue 7) → `loop-vq`: `issues/007/#loopvq` is now `issues/007/#loop-vq`" in gone
    assert "· 1 renamed or removed" in out
    # its figures moved with it: changed, not edits of the record; the rename itself is one, shown first
    assert "- figure `loopvq-bits-per-element` (issue 7): item `loopvq` → `loop-vq`" in section(out, "### Changed (")
    assert section(out, EDITS).splitlines()[4:] == [
        "- item `loopvq` (issue 7) renamed `loop-vq` without keeping the old id (`formerly:`): its anchor and feed "
        "entries move"]


def test_a_removed_watch_entry_and_a_resolved_one_are_reported(repo, capsys):
    data = repo / layout.ISSUES_DATA / "003.yml"  # the entry, whatever fields it has, up to the next one
    data.write_text(re.sub(r"  - id: rubin-kernels-reach-rtx\n(    .*\n)+", "", data.read_text(encoding="utf-8")),
                    encoding="utf-8")
    for lang in layout.LANGUAGES:
        page = repo / "docs" / layout.localized(layout.issue_page(3), lang)
        page.write_text(re.sub(r"  rubin-kernels-reach-rtx:\n(    .*\n)+", "", page.read_text(encoding="utf-8")),
                        encoding="utf-8")
    edit(repo, f"{layout.ISSUES_DATA}/007.yml", "    resolves: [{watch: kv-compression-lands-in-engines, by: editors}]",
         "    resolves: [{watch: kv-compression-lands-in-engines, by: weekly}]")
    out = report(repo, capsys)
    assert "- watch entry `rubin-kernels-reach-rtx` (issue 3) removed: `watch/2026/#rubin-kernels-reach-rtx`" in section(out, GONE)
    assert "rubin-kernels-reach-rtx` (issue 3)" not in section(out, "### Statuses (")
    assert ("- watch entry `kv-compression-lands-in-engines` (issue 3): `resolved by loopvq (editors)` → "
            "`resolved by loopvq (weekly)`") in section(out, "### Statuses (")


def test_a_base_that_does_not_load_is_said_and_compared_as_far_as_it_loads(repo, capsys):
    edit(repo, f"{layout.ISSUES_DATA}/003.yml", "number: 3", "number: three")
    git(repo, "commit", "-q", "-am", "break issue 3")
    edit(repo, f"{layout.ISSUES_DATA}/003.yml", "number: three", "number: 3")  # the fix, not committed
    add_entity(repo)
    out = report(repo, capsys, clean=False)
    assert "> **`main` (" in out and "does not load cleanly** (1 error under `kb check`)" in out
    assert f"- {layout.ISSUES_DATA}/003.yml:" in out and "number:" in out
    assert "### Not compared (" in out and "- issue 3: issue: 1, item: " in out
    assert "- entity `mooncake`: `entities/mooncake/`" in section(out, "### Added (")  # the rest is compared
    assert "issue `issue-3`" not in section(out, "### Added (")


def test_a_working_tree_that_does_not_pass_kb_check_is_said(repo, capsys):
    edit(repo, f"{layout.ISSUES_DATA}/007.yml", "result: 0.31 s", "result: fast")
    out = report(repo, capsys, clean=False)
    assert "> **the working tree does not pass `kb check`** (1 error under `kb check`)" in out
    # and the whole issue is refused (one file): what it holds, or decides, is not said to be removed or changed
    assert GONE not in out and "### Statuses" not in out
    assert "- issue 7: issue: 1, item: " in section(out, "### Not compared (")
    # what issue 7 decides of issue 3: a watch entry an item of it resolves, the figures figures of it check
    assert "- issue 3: figure: 2, watch entry: 1" in section(out, "### Not compared (")


@pytest.mark.parametrize("base", ["no-such-branch", "--output=x"])
def test_a_base_that_is_not_a_commit_is_a_clear_error(repo, capsys, base):
    assert kb(["--root", str(repo), "diff", "--", base]) == 2  # never read by git as an option
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"kb diff: `{base}` is not a commit of this repository — name a branch, tag or commit")


def test_outside_git_it_says_so(project, capsys):
    assert kb(["--root", str(project), "diff", "main"]) == 2
    assert "is not in a git repository" in capsys.readouterr().err


def test_the_report_escapes_what_it_prints(repo, capsys):
    """A base's problem quoting what a contributor wrote is printed as text, never as HTML of the job summary."""
    edit(repo, layout.ENTITIES_FILE, "  name: vLLM\n", "  name: vLLM <img src=x onerror=alert(1)>\n")
    git(repo, "commit", "-q", "-am", "markup in a name")
    edit(repo, layout.ENTITIES_FILE, "  name: vLLM <img src=x onerror=alert(1)>\n", "  name: vLLM\n")
    out = report(repo, capsys, clean=False)
    assert "does not load cleanly" in out and "<img" not in out
    assert f"- {layout.ENTITIES_FILE}:" in out and "must be plain text, without `<`" in out  # in a code span: as is
    # the entity the base refused is on one side only: not compared, not "added"
    assert "### Added (" not in out and "- entities: entity: 1" in section(out, "### Not compared (")


def test_a_renamed_topic_takes_its_hub_and_feeds_with_it(repo, capsys):
    for path in [*repo.glob("data/**/*.yml"), *repo.glob("docs/**/*.md")]:
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"(?<![\w-])day0-support(?![\w-])", "launch-day-support", text), encoding="utf-8")
    for lang in layout.LANGUAGES:
        old = repo / "docs" / layout.localized(layout.topic_page("day0-support"), lang)
        old.rename(repo / "docs" / layout.localized(layout.topic_page("launch-day-support"), lang))
    out = report(repo, capsys)
    assert ("- topic `day0-support` → `launch-day-support`: `topics/day0-support/` is now `topics/launch-day-support/`, "
            "and its feeds `topic-day0-support.xml`, `topic-day0-support.atom.xml`") in section(out, GONE)
    pages = section(out, "### Pages (")
    assert "- removed: `topics/day0-support/` (zh, en)" in pages and "- added: `topics/launch-day-support/` (zh, en)" in pages
    assert EDITS not in out  # the items' topics changed, not their figures, dates or sources


def test_a_base_from_before_a_registry_existed_is_compared_without_it(repo, capsys):
    """data/terms.yml came later than the first issues: a base without it says so, and the rest is compared."""
    git(repo, "rm", "-q", layout.TERMS_FILE)
    git(repo, "commit", "-q", "-m", "a base without terms")
    git(repo, "checkout", "-q", "HEAD~1", "--", layout.TERMS_FILE)  # the working tree has it again
    edit(repo, f"{layout.ISSUES_DATA}/007.yml", "result: 0.31 s", "result: 0.29 s")
    out = report(repo, capsys, clean=False)
    assert "does not load cleanly** (1 error under `kb check`)" in out
    assert f"- {layout.TERMS_FILE}: file: is missing" in out
    assert "- figure `kinference-median-ttft` (issue 7): result `0.31 s` → `0.29 s`" in section(out, EDITS)
