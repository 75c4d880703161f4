"""Hostile contributions that cost time: every regular expression in linear time, the limits on what a
contributor writes, each refused by `kb check` at its file and line.

A hostile page need not run anything to do harm: `{: ` followed by 4,000 `#` hung the checker (cubic
backtracking), a 250 KB line of `<http://a` or 200,000 `[` took minutes (quadratic), and a glossary of
thousands of abbreviations made every page slow. Speed targets belong in bench/; here each pattern of the
code is timed on inputs made to make it backtrack (tests/regex_timing.py), and each limit is tried.
"""
from __future__ import annotations

import time

import pytest
from regex_timing import UNRESOLVED, all_patterns, ladder, worst_run

from conftest import problem_lines
from kb.base import limits

PATTERNS = all_patterns()
# Modules that make patterns at run time, from what no contributor writes (none since inline scripts are
# allowed by hash, kb.publish.csp): a new one is listed here, knowingly.
BUILT_AT_RUN_TIME: set[str] = set()


def test_patterns_are_found():
    """The walk finds the patterns of every module (a regression in it would leave everything untested)."""
    where = {found.where.rsplit(".", 1)[0] for found in PATTERNS}
    assert {"kb.content.typography", "kb.markup.prose_view", "kb.search.text", "kb.render.raw_html", "mkdocs_kb.sanitize"} <= where
    assert any(":" in found.where for found in PATTERNS)  # a literal in a call (`re.sub(r"\s+", ...)`)
    assert len(PATTERNS) > 80


def test_every_pattern_made_at_run_time_is_known():
    """A pattern the walk cannot compile is one it does not time: each such is listed above, with why it is safe."""
    assert {where.partition(":")[0] for where in UNRESOLVED} == BUILT_AT_RUN_TIME, sorted(UNRESOLVED)


@pytest.mark.parametrize("found", PATTERNS, ids=lambda found: found.where)
def test_pattern_takes_linear_time(found):
    """On the text it fares worst on, of runs of its characters and of the starts of what it matches, a
    pattern takes at most about twice as long for twice the text, up to 100 KB, and under a second there."""
    verdict = ladder(found, *worst_run(found))
    assert verdict.problem is None, (f"{found}: on {verdict.head!r} + {verdict.unit!r} × n: {verdict.problem} — "
                                     "make it linear: a possessive quantifier or atomic group, a bounded "
                                     "repetition, or a small scanner")


# ---- the attacks, and the limits that refuse them -------------------------------------------------------------

CHECK_SECONDS = 20  # `kb check` of the fixture project takes a few seconds; a hostile line took minutes


def checked(project) -> str:
    """`kb check` of the project, timed: what it says, one problem a line."""
    start = time.perf_counter()
    lines = problem_lines(project)
    seconds = time.perf_counter() - start
    assert seconds < CHECK_SECONDS, f"kb check took {seconds:.1f} s"
    return "\n".join(lines)


def append_line(project, path: str, line: str) -> int:
    """Append `line` to the project's file `path` after a blank line; the number of the line it is on."""
    file = project / path
    text = file.read_text(encoding="utf-8").rstrip("\n")
    file.write_text(f"{text}\n\n{line}\n", encoding="utf-8")
    return text.count("\n") + 3


@pytest.mark.parametrize("line", [
    "{: " + "#" * 4_000,  # cubic in the checker's attribute rule
    "<http://a" * (250_000 // 9),  # quadratic in its link rule: one line of 250 KB
    "[" * 200_000,  # quadratic in Markdown's link reading and the typography's
], ids=["attribute id hashes", "open autolinks", "open brackets"])
def test_a_line_too_long_is_refused_at_its_line(project, line):
    number = append_line(project, "docs/about.en.md", line)
    out = checked(project)
    assert f"docs/about.en.md:{number}: text: this line is {len(line):,} characters long, over the " \
           f"{limits.MAX_LINE_CHARS:,}" in out, out


def test_a_long_line_in_a_prose_field_is_refused_once_yaml_has_joined_it(project):
    """A folded block (`>`) joins short lines into one: the line is counted as Markdown reads it."""
    page = project / "docs/issues/007.en.md"
    text = page.read_text(encoding="utf-8")
    folded = "      " + "\n      ".join(["word " * 19] * 50)
    assert "    why: |\n" in text
    page.write_text(text.replace("    why: |\n", f"    why: >\n{folded}\n", 1), encoding="utf-8")
    out = checked(project)
    assert "docs/issues/007.en.md:" in out and "items.vllm-v0-33-0.why: this line is" in out, out


def test_a_glossary_of_too_many_abbreviations_is_refused_at_the_first_over(project):
    """1,000 abbreviations made every page slow, each under its own budget: the glossary is refused."""
    glossary = project / "snippets/abbreviations.en.md"
    text = glossary.read_text(encoding="utf-8").rstrip("\n")
    defined = text.count("\n*[") + text.startswith("*[")
    glossary.write_text(text + "\n" + "\n".join(f"*[X{n}]: Term {n}" for n in range(1_000)) + "\n", encoding="utf-8")
    first_over = text.count("\n") + 2 + limits.MAX_ABBREVIATIONS_PER_GLOSSARY - defined
    out = checked(project)
    assert (f"snippets/abbreviations.en.md:{first_over}: glossary: defines more than "
            f"{limits.MAX_ABBREVIATIONS_PER_GLOSSARY} abbreviations") in out, out
    assert out.count("abbreviations.en.md") == 1, out  # said once, not for each one over


def test_a_page_of_too_many_abbreviations_is_refused(project):
    lines = [f"*[Y{n}]: Term {n}" for n in range(limits.MAX_ABBREVIATIONS_PER_PAGE + 1)]
    number = append_line(project, "docs/about.en.md", "\n".join(lines))
    out = checked(project)
    assert f"docs/about.en.md:{number + limits.MAX_ABBREVIATIONS_PER_PAGE}: glossary: defines more than" in out, out


@pytest.mark.parametrize("line", [
    "> " * 12 + "quoted",
    "\n".join(f"{'    ' * level}- level {level}" for level in range(12)),
    "> - > - > - > - > quote in a list in a quote",
], ids=["blockquotes", "lists", "quotes in lists"])
def test_nesting_too_deep_is_refused_at_its_line(project, line):
    number = append_line(project, "docs/about.en.md", line)
    deepest = max(range(len(line.split("\n"))), key=lambda i: limits.nesting_depth(line.split("\n")[i]))
    first_over = next(i for i, text in enumerate(line.split("\n")) if limits.nesting_depth(text) > limits.MAX_NESTING_DEPTH)
    assert deepest >= first_over
    out = checked(project)
    assert f"docs/about.en.md:{number + first_over}: text: this line is nested" in out, out


@pytest.mark.parametrize("line, depth", [("> > - x", 3), ("- - -", 0), ("* * *", 0), ("    - x", 2), ("1. x", 1),
                                         ("\t\t- x", 3), ("2024 was a year", 0), ("```", 0)])
def test_nesting_depth_counts_quotes_lists_and_indentation(line, depth):
    assert limits.nesting_depth(line) == depth


def test_code_may_nest_as_deep_as_it_likes(project):
    """Indentation inside fenced code is code, not lists."""
    code = "\n".join(["```yaml", *("  " * level + f"k{level}:" for level in range(30)), "```"])
    append_line(project, "docs/about.en.md", code)
    assert "nested" not in checked(project)


def test_the_live_content_is_within_the_limits():
    """Each limit is far above what real content writes: the live archive passes them all."""
    from conftest import ROOT
    from kb.base.limits import long_line, markdown_problems

    for path in [*(ROOT / "docs").rglob("*.md"), *(ROOT / "snippets").rglob("*.md")]:
        text = path.read_text(encoding="utf-8")
        limit = limits.MAX_ABBREVIATIONS_PER_GLOSSARY if "abbreviations" in path.name else limits.MAX_ABBREVIATIONS_PER_PAGE
        assert list(markdown_problems(text, limit)) == [], path
    for path in (ROOT / "data").rglob("*.yml"):
        assert long_line(path.read_text(encoding="utf-8")) is None, path


# ---- the build's budget -------------------------------------------------------------------------------------

class Clock:
    """A clock the test moves: pages take the time it says."""
    def __init__(self):
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


def convert_pages(budget, clock, times: dict[str, float]) -> str:
    """Pages converted one after another, each taking its time, until the budget stops them: what it says."""
    from mkdocs.exceptions import PluginError

    with pytest.raises(PluginError) as stopped:
        for page, seconds in times.items():
            budget.page_started(page)
            clock.now += seconds
            budget.page_done()
    return str(stopped.value)


@pytest.fixture
def clock(monkeypatch):
    import mkdocs_kb.budget

    clock = Clock()
    monkeypatch.setattr(mkdocs_kb.budget, "time", clock)
    return clock


def glossary_budget(pages: int):
    from mkdocs_kb.budget import BuildBudget, Shared

    budget = BuildBudget()
    budget.start(pages, seconds=10, ms_per_page=100, shared=Shared("snippets/abbreviations.en.md", "1,000 abbreviations"))
    return budget


def test_every_page_slow_stops_the_build_naming_what_every_page_includes(clock):
    """Each page under its own budget (20 s), together over the build's: the glossary is named, not a page."""
    budget = glossary_budget(pages=100)  # 10 s + 100 × 100 ms = 20 s
    said = convert_pages(budget, clock, {f"docs/issues/{n:03}.md": 1.4 for n in range(100)})
    assert said.startswith("snippets/abbreviations.en.md: the pages took 21.0 s to render, over the 20.0 s"), said
    assert "each about 1,400 ms" in said and "1,000 abbreviations" in said, said
    assert len(budget.pages) == 15  # stopped at the first page over, not after every page


def test_one_slow_page_is_named_when_it_took_most_of_the_time(clock):
    budget = glossary_budget(pages=10)  # 11 s
    said = convert_pages(budget, clock, {"docs/a.md": 0.1, "docs/slow.md": 12.0, "docs/b.md": 0.1})
    assert said.startswith("docs/slow.md: the pages took 12.1 s to render, over the 11.0 s this build allows, "
                           "12.0 s of it this page's"), said


def test_too_few_pages_to_tell_name_what_every_page_includes(clock):
    """The budget spent within the first pages, none of them alone over it: the first page converted is the
    slowest of a few on any machine, so it is not taken for the cause (a loaded CI machine named the home page)."""
    budget = glossary_budget(pages=10)  # 11 s
    said = convert_pages(budget, clock, {"docs/index.md": 9.0, "docs/a.md": 1.0, "docs/b.md": 1.5, "docs/c.md": 1.0})
    assert said.startswith("snippets/abbreviations.en.md: the pages took 11.5 s"), said


def test_a_page_that_starts_over_the_budget_stops_at_once(clock):
    """Over the budget, every later page stops before it is converted: a split conversion's copy, holding the
    same budget, fails the rest of its pages at once rather than converting each slowly."""
    from mkdocs.exceptions import PluginError

    budget = glossary_budget(pages=0)
    clock.now = 11.0
    with pytest.raises(PluginError):
        budget.page_started("docs/next.md")
    with pytest.raises(PluginError):
        budget.page_started("docs/after.md")


def test_the_build_budget_is_per_phase(clock):
    """The time before the phase (loading the catalog) and after it (writing, search) does not count; within it,
    pages under the budget pass."""
    budget = glossary_budget(pages=10)
    clock.now = 100.0
    budget.start(10, seconds=10, ms_per_page=100, shared=None)
    for n in range(10):
        budget.page_started(f"docs/{n}.md")
        clock.now += 1.0
        budget.page_done()
    budget.finish()
    clock.now += 1_000
    budget.check()  # outside a phase: nothing to stop


@pytest.mark.full
def test_a_glossary_slowing_every_page_stops_the_build_naming_it(tmp_path):
    """The glossary at the checker's limit passes `kb check`, and makes each of the fixture's pages slower
    (measured: bench/README.md, tests/test_hostile_linear.py); with the build's budget lowered below what any page
    takes, 1 ms a page, the build stops, naming the glossary, which every page includes (no page took most of the
    time). At 10 ms a page the fixture's pages, grown faster, stayed under it on a quiet machine: the budget is set
    where the outcome does not hang on the machine's speed."""
    from test_hostile import unchecked_project

    from conftest import build

    project = unchecked_project(tmp_path)
    clean = tmp_path / "clean"  # the plugin reads the glossary of the catalog it is given
    for name in ("abbreviations.md", "abbreviations.en.md"):
        glossary = clean / "snippets" / name
        text = glossary.read_text(encoding="utf-8").rstrip("\n")
        room = limits.MAX_ABBREVIATIONS_PER_GLOSSARY - sum(map(limits.defines_abbreviation, text.split("\n")))
        glossary.write_text(text + "\n" + "\n".join(f"*[Z{n}Q]: Term {n}" for n in range(room)) + "\n", encoding="utf-8")
    assert problem_lines(clean) == []
    config = project / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        "\n  - kb:\n", "\n  - kb:\n      build_seconds: 0\n      build_ms_per_page: 1\n"), encoding="utf-8")
    start = time.perf_counter()
    result = build(project, tmp_path / "site")
    out = result.stdout + result.stderr
    assert result.returncode != 0 and "snippets/abbreviations.md: the pages took" in out, out
    assert time.perf_counter() - start < 120
