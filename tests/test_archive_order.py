"""Rules of the archive as a whole (kb.content.archive_order): dates follow numbers, a skipped number is declared or
warned about, nothing is listed or linked twice — each a `kb check` problem at its file and line."""
from __future__ import annotations

from conftest import edit, line_of, problem_lines


def test_an_issue_dated_before_the_previous_one_is_refused(project):
    edit(project, "data/issues/007.yml", "period: {start: 2026-11-04, end: 2026-11-10}",
         "period: {start: 2026-10-10, end: 2026-10-16}")
    edit(project, "data/issues/007.yml", "published: 2026-11-10", "published: 2026-10-17")
    line = line_of(project, "data/issues/007.yml", "period: {start: 2026-10-10")
    assert any(p.startswith(f"data/issues/007.yml:{line}: period.start: issue 7's period starts 2026-10-10, before "
                            "issue 3's ends (2026-10-13)") for p in problem_lines(project))


def test_a_skipped_number_is_a_warning_that_says_how_to_declare_it(project):
    edit(project, "data/issues/007.yml", "unarchived: [issue-4, issue-5, issue-6, ", "unarchived: [issue-4, ")
    edit(project, "docs/issues/007.md", "  issue-5: 第 5 期\n  issue-6: 第 6 期\n", "")
    edit(project, "docs/issues/007.en.md", "  issue-5: Issue 5\n  issue-6: Issue 6\n", "")
    assert problem_lines(project) == [
        f"data/issues/007.yml:{line_of(project, 'data/issues/007.yml', 'number: 7')}: warning: number: no issue 5, 6 "
        "between issues 3 and 7 — if they were published and are not in the archive, list them under "
        "`unarchived:` (issue-5, issue-6) with their names in each page; if the number is a mistake, "
        "renumber this issue"]


def test_a_ref_to_an_issue_the_archive_does_not_hold_explains_unarchived(project):
    edit(project, "docs/issues/007.en.md", "    why: |\n", '    why: |\n      As {{ ref("issue-2") }} said.\n')
    edit(project, "docs/issues/003.md", "  issue-2: 第 2 期\n", "")
    edit(project, "docs/issues/003.en.md", "  issue-2: Issue 2\n", "")
    edit(project, "data/issues/003.yml", "unarchived: [issue-2", "unarchived: [")
    refs = [p for p in problem_lines(project) if ": ref: " in p]
    assert refs and all("issue 2 is not in the archive — list `issue-2` under `unarchived:`" in p for p in refs), refs


def test_an_issue_in_the_archive_is_not_declared_unarchived(project):
    edit(project, "data/issues/007.yml", "unarchived: [issue-4", "unarchived: [issue-3, issue-4")
    edit(project, "docs/issues/007.md", "unarchived:\n", "unarchived:\n  issue-3: 第 3 期\n")
    edit(project, "docs/issues/007.en.md", "unarchived:\n", "unarchived:\n  issue-3: Issue 3\n")
    assert any("unarchived.0: `issue-3` is in the archive — remove it from `unarchived:`" in p for p in problem_lines(project))


def test_a_reference_listed_twice_is_refused(project):
    edit(project, "data/issues/007.yml", "    topics: [routing-control-planes]\n    entities: [kinference,",
         "    topics: [routing-control-planes, routing-control-planes]\n    entities: [kinference,")
    line = line_of(project, "data/issues/007.yml", "topics: [routing-control-planes, routing")
    assert f"data/issues/007.yml:{line}: items.2.topics: lists `routing-control-planes` twice — keep one" in problem_lines(project)


def test_an_item_links_each_target_once_and_not_what_its_facts_line_links(project):
    edit(project, "docs/issues/007.en.md", "  kinference-launch:\n", "  kinference-launch:\n    source_note: "
         '"See {{ ref(\\"loopvq\\") }}."\n')
    page = project / "docs/issues/007.en.md"
    text = page.read_text(encoding="utf-8")
    start = text.index("  kinference-launch:\n")
    why = text.index("    why: |\n", start) + len("    why: |\n")
    page.write_text(text[:why] + '      Like {{ ref("loopvq") }} and {{ ref("loopvq") }}, on {{ ref("vllm") }}.\n' + text[why:],
                    encoding="utf-8")
    found = [p for p in problem_lines(project) if "items.kinference-launch.why" in p]
    assert any("links `loopvq` a second time in the same item" in p for p in found), found
    assert any("links `vllm`, which the item's line of topics and entities already links" in p for p in found), found
