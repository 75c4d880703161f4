"""`kb check` as a contributor reads it: the line and column of each problem, the line as written with a caret
under the text at fault, what to write instead or the name probably meant, places counted from 1 and named, in
Chinese or English; typography found on the text as written (refs read as the text they show, and spaced by the
renderer, on the built page).
"""
from __future__ import annotations

import re

import pytest

from conftest import build, edit, line_of
from kb.base.problems import Problem
from kb.cli.commands import main as kb
from kb.content.check import check
from kb.content.reader import named_steps
from kb.content.report import block, width
from kb.project.sources import read_yaml

FACTS = "data/issues/007.yml"
ZH_PAGE, EN_PAGE = "docs/issues/007.md", "docs/issues/007.en.md"


def printed(project, capsys, lang: str) -> list[str]:
    """What `kb check --lang <lang>` prints; it must find errors."""
    assert kb(["--root", str(project), "check", "--lang", lang]) == 1
    return capsys.readouterr().out.splitlines()


def shown(lines: list[str], start: str) -> list[str]:
    """The lines of the problem whose first line starts with `start`: that line, the excerpt and the caret line."""
    at = next((n for n, line in enumerate(lines) if line.startswith(start)), None)
    assert at is not None, "\n".join(lines)
    return lines[at:at + 3]


@pytest.mark.parametrize("lang,place,message,meant", [
    ("en", "item 3 (kinference-launch) › topics", "unknown topic `routing-control-plane` — use one of data/topics.yml",
     "did you mean `routing-control-planes`?"),
    ("zh", "第 3 个条目（kinference-launch）› topics", "未知的主题 `routing-control-plane`——请用 data/topics.yml 里的主题",
     "是不是想写 `routing-control-planes`？"),
])
def test_an_unknown_id_is_shown_at_its_column_with_the_name_meant(project, capsys, lang, place, message, meant):
    edit(project, FACTS, "topics: [routing-control-planes]\n    entities: [kinference",
         "topics: [routing-control-plane]\n    entities: [kinference")
    line = line_of(project, FACTS, "[routing-control-plane]")
    written = (project / FACTS).read_text(encoding="utf-8").splitlines()[line - 1]
    column = written.index("routing-control-plane") + 1
    first, excerpt, caret = shown(printed(project, capsys, lang), f"{FACTS}:{line}:{column}: ")
    assert first.startswith(f"{FACTS}:{line}:{column}: {place}: {message}"), first
    assert excerpt == "    " + written.strip()
    assert caret.strip() == "^" * len("routing-control-plane") + " " + meant
    assert caret.index("^") == excerpt.index("routing-control-plane")


@pytest.mark.parametrize("old,new,marker,found,meant", [
    ("    category: tool\n", "    category: tool\n    categroy: tool\n", "categroy", "categroy", "`category`"),
    ("category: paper", "category: papers", "papers", "papers", "`paper`"),
    ("- id: loopvq", "- id: LoopVQ", "LoopVQ", "LoopVQ", "`loopvq`"),
    ("from: day0-oversupply", "from: day0-oversuply", "day0-oversuply", "day0-oversuply", "`day0-oversupply`"),
    ("{watch: kv-compression-lands-in-engines, by: editors}", "{watch: kv-compression-landed, by: editors}",
     "kv-compression-landed", "kv-compression-landed", "`kv-compression-lands-in-engines`"),
])
def test_did_you_mean_names_the_closest_field_value_or_id(project, capsys, old, new, marker, found, meant):
    edit(project, FACTS, old, new)
    line = line_of(project, FACTS, marker)
    lines = printed(project, capsys, "en")
    first, excerpt, caret = shown(lines, f"{FACTS}:{line}:")
    assert caret.strip().startswith("^" * len(found)) and f"did you mean {meant}?" in caret, (first, caret)
    assert caret.index("^") == excerpt.index(found)


def test_a_ref_to_no_id_is_shown_with_the_id_meant(project, capsys):
    edit(project, "docs/about.md", "## 这份周报", '## 这份周报\n\n参见 {{ ref("vllm-v0-33") }}。')
    line = line_of(project, "docs/about.md", "vllm-v0-33")
    first, excerpt, caret = shown(printed(project, capsys, "zh"), f"docs/about.md:{line}:")
    assert "ref: 未知的 id `vllm-v0-33`" in first and "是不是想写 `vllm-v0-33-0`？" in caret
    # the caret stands under the id, counting a Han character as two columns
    assert width(caret[:caret.index("^")]) == width(excerpt[:excerpt.index("vllm-v0-33")])


@pytest.mark.parametrize("field,lang,expected", [
    ("items.4.category", "en", "item 5 (bitdecoding-fp4) › category"),
    ("items.4.category", "zh", "第 5 个条目（bitdecoding-fp4）› category"),
    ("items.2.claims.0.baseline", "en", "item 3 (kinference-launch) › claim 1 (kinference-median-ttft) › baseline"),
    ("items.2.claims.0.baseline", "zh", "第 3 个条目（kinference-launch）› 第 1 个数字（kinference-median-ttft）› baseline"),
    ("items.5.sources.0.url", "en", "item 6 (loopvq) › source 1 › url"),
    ("watch.3.from", "en", "watch entry 4 (day0-with-measurements) › from"),
    ("signals.0.items", "zh", "第 1 个判断（control-plane-battleground）› items"),
])
def test_places_count_from_one_and_name_the_record(archive, field, lang, expected):
    from kb.project.places import place
    doc, _ = read_yaml(archive / FACTS, archive)
    problem = Problem(FACTS, 1, field, None, names=named_steps(doc.data, field))
    assert place(problem, lang) == expected


@pytest.mark.parametrize("path,field,expected", [
    ("data/entities.yml", "2.aliases.all.0", "entity 3 (llama-cpp) › aliases › all › alias 1 (llamacpp)"),
    ("data/topics.yml", "topics.1.pins.0", "topic 2 (kv-cache-compression) › pin 1 (dual-qk)"),
    (EN_PAGE, "items.loopvq.why", "item loopvq › why"),
    (EN_PAGE, "claims.kinference-median-ttft", "claim kinference-median-ttft"),
])
def test_places_in_registries_and_pages(archive, path, field, expected):
    from kb.project.places import place
    from kb.project.sources import read_markdown
    data = read_markdown(archive / path, archive)[0].meta.data if path.endswith(".md") else read_yaml(archive / path, archive)[0].data
    assert place(Problem(path, 1, field, None, names=named_steps(data, field)), "en") == expected


def test_a_problem_of_a_whole_file_says_it_has_no_line(project, capsys):
    (project / "docs/faq.en.md").write_text("---\ntitle: FAQ\ndescription: Questions.\n---\n", encoding="utf-8")
    first, note = shown(printed(project, capsys, "en"), "docs/faq.en.md: page: ")[:2]
    assert "translates docs/faq.md, which does not exist" in first
    assert note == "    (no line to show: the problem is the file as a whole)"


def test_an_invisible_character_is_marked_not_printed(project, capsys):
    edit(project, EN_PAGE, "\n    why: |\n      The release bundles", "\n    why: |\n      The release\u202e bundles")
    lines = printed(project, capsys, "en")
    assert not any("\u202e" in line for line in lines)
    first, excerpt, caret = shown(lines, f"{EN_PAGE}:{line_of(project, EN_PAGE, 'The release')}:")
    assert "U+202E" in first and excerpt[caret.index("^")] == "\N{REPLACEMENT CHARACTER}"


# ---- typography, on the text as written ------------------------------------------------------------

BAD_LINES = [  # Chinese prose as contributors write it wrong: each finding has its place and its fix
    "本版共有927个提交",
    "推理控制面之争升温,FP4/NVFP4 较量下沉到内核",
    "第 7 期(2026-11-04 至 2026-11-10):控制面升温",
    "见[vLLM](https://github.com/vllm-project/vllm)的调度器",
    "在B300上吞吐提高,而 `code里3倍` 不变",
    "他说\"先落地先得利\"",
    "见{{ ref(\"kinference-launch\") }}的路由:它订阅事件",
    "吞吐(tok/s)提升了3倍。",
]


@pytest.mark.parametrize("bad", BAD_LINES)
@pytest.mark.parametrize("where", ["body", "front matter"])
def test_every_typography_finding_is_at_its_place_with_a_fix_that_changes_it(project, bad, where):
    if where == "body":
        edit(project, "docs/about.md", "## 这份周报", f"## 这份周报\n\n{bad}")
    else:
        edit(project, ZH_PAGE, "    why: |\n", f"    why: |\n      {bad}\n")
    path = "docs/about.md" if where == "body" else ZH_PAGE
    lines = (project / path).read_text(encoding="utf-8").splitlines()
    found = [p for p in check(project)[0] if p.path == path and "typography" in p.said("en")]
    assert found, bad
    for problem in found:
        assert problem.replacement is not None and problem.replacement != problem.found, problem
        assert problem.column, problem
        assert lines[problem.line - 1][problem.column - 1:].startswith(problem.found), problem
        assert problem.line == line_of(project, path, bad)


@pytest.mark.parametrize("text", [
    "见{{ ref(\"vllm-v0-33-0\") }}的调度器",  # the renderer spaces a ref
    "见 {{ ref(\"kinference-launch\") }} 的路由",
    "`code里3倍` 和 https://example.com/里的 不算正文",
    "见 [vLLM](https://github.com/vllm-project/vllm) 的调度器",
])
def test_what_is_not_prose_as_written_is_not_typography(project, capsys, text):
    edit(project, "docs/about.md", "## 这份周报", f"## 这份周报\n\n{text}")
    assert kb(["--root", str(project), "check"]) == 0, capsys.readouterr().out


def test_a_link_is_spaced_outside_its_brackets(project):
    edit(project, "docs/about.md", "## 这份周报", "## 这份周报\n\n见[vLLM](https://github.com/vllm-project/vllm)的调度器")
    fixes = sorted((p.found, p.replacement) for p in check(project)[0] if p.path == "docs/about.md" and p.fixable)
    assert fixes == [(")的", ") 的"), ("见[", "见 [")]


@pytest.mark.full  # builds a site of its own
def test_a_ref_beside_han_is_spaced_on_the_built_page(project, tmp_path):
    """A ref is written straight beside Han; where its text starts or ends with Latin, the page shows a space."""
    edit(project, "docs/topics/fp4-kernels.md", "同一期的 {{ ref(\"vllm-v0-33-0\", \"vLLM v0.33.0\") }} 也在",
         "同一期的{{ ref(\"vllm-v0-33-0\", \"vLLM v0.33.0\") }}也在")
    edit(project, ZH_PAGE, "    why: |\n", "    why: |\n      另见{{ ref(\"sglang-v0-5-23\", \"SGLang 新版\") }}和{{ ref(\"dual-qk\", \"双 QK\") }}。\n")
    assert check(project)[0] == []
    site = tmp_path / "site"
    result = build(project, site)
    assert result.returncode == 0, result.stdout + result.stderr
    hub = (site / "topics/fp4-kernels/index.html").read_text(encoding="utf-8")
    assert re.search(r"同一期的 <a [^>]*>vLLM v0\.33\.0</a> 也在", hub), hub
    issue = (site / "issues/007/index.html").read_text(encoding="utf-8")
    # the text starts with Latin and ends with Han (`SGLang 新版`): a space before it only
    assert re.search(r"另见 <a [^>]*>SGLang 新版</a>和<a [^>]*>双 QK</a>。", issue), issue


# The fast tier builds in one locale; make test-full in the other too (each build refused is a build of its own).
@pytest.mark.parametrize("locale,said", [("zh_CN.UTF-8", "第 3 个条目（kinference-launch）› topics: 未知的主题 `routing-control-plane`"),
                                         pytest.param("C.UTF-8", "item 3 (kinference-launch) › topics: unknown topic "
                                                      "`routing-control-plane`", marks=pytest.mark.full)])
def test_the_build_refuses_content_in_the_words_of_kb_check(project, tmp_path, locale, said):
    edit(project, FACTS, "topics: [routing-control-planes]\n    entities: [kinference",
         "topics: [routing-control-plane]\n    entities: [kinference")
    result = build(project, tmp_path / "site", LC_ALL=locale)
    line = line_of(project, FACTS, "[routing-control-plane]")
    assert result.returncode != 0 and f"{FACTS}:{line}:14: {said}" in result.stdout + result.stderr, result.stderr
