"""Bad contributions, each a small change to a copy of the real content.

For every mistake a contributor can make, `kb check` must name the file, the
line and the field, exit non-zero, and the site build must stop before it
writes anything. The build loads content through the same loader as `kb check`
(kb.content.loading, from the kb plugin's on_config), so every mistake is checked at
`kb check` level and a few representative ones, one per kind of check, also
through a full build.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from conftest import build, copy_project, line_of, problem_lines
from kb.base.problems import Problem
from kb.cli.commands import main as kb
from kb.content.check import check
from kb.content.report import headline


@dataclass
class Mistake:
    name: str
    path: str  # the file changed, relative to the project
    old: str | None  # text replaced; None: `new` is the whole file
    new: str
    field: str
    marker: str | None  # the expected line is the first line of the changed file holding this; None: no line
    last: bool = False  # the marker's last occurrence, not its first


MISTAKES = [
    Mistake("yaml syntax", "data/issues/003.yml", "topics: [kv-cache-compression]\n    entities: [sglang]\n",
            "topics: [kv-cache-compression\n    entities: [sglang]\n", "yaml", "entities: [sglang]"),
    Mistake("python object tag in YAML", "data/issues/003.yml", "number: 3", "number: !!python/object/apply:os.system [id]",
            "yaml", "number:"),
    Mistake("no front matter", "docs/about.md", "---\ntitle:", "title:", "front matter", "title:"),
    Mistake("malformed front matter", "docs/about.en.md", 'title: "About"', 'title: "About', "yaml", "description:"),
    Mistake("front matter not a mapping", "docs/watch.md", None, "---\n- a list\n---\n\nbody\n", "front matter", "- a list"),
    Mistake("unknown key in facts", "data/issues/007.yml", "    category: tool\n", "    category: tool\n    categroy: tool\n",
            "items.2.categroy", "categroy"),
    Mistake("unknown key in a page", "docs/topics/fp4-kernels.md", 'title: "FP4', 'titel: "FP4', "titel", "titel"),
    Mistake("missing description", "docs/issues/index.en.md", "description: Every issue", "summary: Every issue",
            "description", "title:"),
    Mistake("wrong type: number", "data/issues/003.yml", "number: 3", "number: three", "number", "number:"),
    Mistake("wrong type: topics not a list", "data/issues/007.yml", "topics: [routing-control-planes]\n    entities: [kinference",
            "topics: routing-control-planes\n    entities: [kinference", "items.2.topics", "topics: routing-control-planes"),
    Mistake("impossible date", "data/issues/007.yml", "published: 2026-11-10", "published: 2026-11-31", "published", "published:"),
    Mistake("period ends before it starts", "data/issues/007.yml", "start: 2026-11-04", "start: 2026-11-14",
            "period.start", "period:"),
    Mistake("published before the period ends", "data/issues/003.yml", "published: 2026-10-14", "published: 2026-10-10",
            "published", "published:"),
    Mistake("duplicate id across issues", "data/issues/007.yml", "- id: loopvq", "- id: dual-qk", "items.5.id", "- id: dual-qk"),
    Mistake("unknown id in a page body", "docs/about.md", "## 这份周报", '## 这份周报\n\n参见 {{ ref("no-such-item") }}。', "ref", "no-such-item"),
    Mistake("unknown id in item prose", "docs/issues/003.md", "    why: |\n", '    why: |\n      见 {{ ref("vllm-v9") }}。\n', "ref", "vllm-v9"),
    Mistake("unknown topic", "data/issues/007.yml", "topics: [routing-control-planes]\n    entities: [kinference",
            "topics: [routing-control-plane]\n    entities: [kinference", "items.2.topics", "topics: [routing-control-plane]"),
    Mistake("unknown entity", "data/issues/003.yml", "entities: [ds4, deepseek]", "entities: [ds-4, deepseek]",
            "items.3.entities", "entities: [ds-4"),
    Mistake("resolves an unknown watch entry", "data/issues/007.yml", "{watch: kv-compression-lands-in-engines, by: editors}",
            "{watch: kv-compression-landed, by: editors}", "items.5.resolves.0", "resolves:"),
    Mistake("watch entry resolved twice", "data/issues/007.yml", "entities: [qwen, vllm, nvidia-gpus]",
            "entities: [qwen, vllm, nvidia-gpus]\n    resolves: [{watch: kv-compression-lands-in-engines, by: weekly}]  # again",
            "items.6.resolves.0",
            "# again"),
    Mistake("item missing from the English page", "docs/issues/007.en.md", "  kinference-launch:", "  kinference-lunch:",
            "items.kinference-launch", "items:"),
    Mistake("item only in the English page", "docs/issues/003.en.md", "  stepquant:", "  step-quant:", "items.step-quant", "step-quant:"),
    Mistake("non-http source URL", "data/issues/003.yml", 'url: "https://arxiv.org/abs/2610.09827"', 'url: "javascript:alert(1)"',
            "items.5.sources.0.url", "javascript:"),
    Mistake("unknown category", "data/issues/003.yml", "category: paper", "category: papers", "items.5.category", "papers"),
    Mistake("id that is not a slug", "data/issues/003.yml", "- id: stepquant", "- id: STEPQuant", "items.6.id", "STEPQuant"),
    Mistake("unknown verdict", "data/issues/007.yml", "verdict: noise", "verdict: hype", "signals.2.verdict", "hype"),
    Mistake("verdict about an unknown item", "data/issues/007.yml", "items: [kinference-launch]", "items: [kinference]",
            "signals.0.items", "items: [kinference]"),
    Mistake("watch entry from outside its issue", "data/issues/007.yml", "from: day0-oversupply", "from: day0-becomes-standard",
            "watch.3.from", "from: day0-becomes-standard"),
    Mistake("watch entry with an unknown topic", "data/issues/007.yml", "topic: fp4-kernels", "topic: fp4", "watch.2.topic", "topic: fp4"),
    Mistake("unknown outlet", "data/issues/007.yml", "sources: [sglang-releases]", "sources: [sglang-blog]",
            "items.1.sources.0", "sglang-blog"),
    Mistake("issue number does not match its file", "data/issues/007.yml", "number: 7", "number: 8", "number", "number:"),
    Mistake("code in a template", "docs/about.en.md", "## The weekly", "## The weekly\n\n{{ config.theme.name }}",
            "template", "config.theme"),
    Mistake("template syntax error", "docs/topics/fp4-kernels.en.md", "{{ topic_hub() }}", '{{ ref("fp4-kernels" }}',
            "template", 'ref("fp4-kernels"'),
    Mistake("template statement", "docs/entities/vllm.md", "{{ entity_timeline() }}",
            "{% for x in range(3) %}x{% endfor %}\n{{ entity_timeline() }}", "template", "{% for"),
    Mistake("scaffold placeholder left", "docs/issues/003.en.md", "  stepquant:\n    title:", "  stepquant:\n    title: TODO write it\n    x_title:",
            "items.stepquant.title", "TODO write it"),
    Mistake("translation of a page that does not exist", "docs/faq.en.md", None, "---\ntitle: FAQ\ndescription: Questions.\n---\n",
            "page", None),
    Mistake("hub page for an unlisted topic", "docs/topics/speculative-decoding.md", None,
            "---\ntitle: 投机解码\ndescription: 投机解码。\n---\n\n{{ topic_hub() }}\n", "page", None),
    Mistake("issue page without facts", "docs/issues/009.md", None,
            "---\ntitle: 第九期\ndescription: 第九期。\n---\n\n{{ issue_page() }}\n", "page", None),
    Mistake("topic listed twice", "data/topics.yml", "- id: edge-backends\n", "- fp4-kernels\n- id: edge-backends\n", "topics.5",
            "- fp4-kernels", last=True),
    Mistake("unknown entity kind", "data/entities.yml", "kind: hardware", "kind: chip", "12.kind", "kind: chip"),
    # front matter is checked once YAML has decoded it, each problem said with the field it is in
    Mistake("ref in front matter the model cannot read", "docs/issues/007.en.md", "    summary: >-\n",
            '    summary: >-\n      See {{- ref("loopvq") }}.\n', "items.vllm-v0-33-0.summary", "{{- ref"),
    Mistake("macro with a computed argument", "docs/issues/007.en.md", "    summary: >-\n",
            '    summary: >-\n      See {{ ref("loop" ~ "vq") }}.\n', "items.vllm-v0-33-0.summary", '"loop" ~'),
    # claims: the figures items report
    Mistake("claim figure that is not a number", "data/issues/007.yml", "baseline: 6.88 s", "baseline: 6,88 s",
            "items.2.claims.0.baseline", "baseline: 6,88 s"),
    Mistake("claim in an unknown unit", "data/issues/007.yml", "result: 0.31 s", "result: 0.31 sec",
            "items.2.claims.0.result", "0.31 sec"),
    Mistake("claim with an unknown source kind", "data/issues/003.yml", "        source_kind: vendor\n",
            "        source_kind: blog\n", "items.0.claims.0.source_kind", "source_kind: blog"),
    Mistake("claim with an unknown metric", "data/issues/007.yml", "metric: goodput", "metric: speed",
            "items.2.claims.1.metric", "metric: speed"),
    Mistake("claim baseline without a result", "data/issues/007.yml", "        result: 0.31 s\n", "",
            "items.2.claims.0", "- id: kinference-median-ttft"),
    Mistake("claim baseline and result in different units", "data/issues/007.yml", "result: 0.31 s", "result: 310 ms",
            "items.2.claims.0", "- id: kinference-median-ttft"),
    Mistake("claim ratio that contradicts its figures", "data/issues/003.yml", "        baseline: 2300 ms\n",
            "        baseline: 2300 ms\n        ratio: 5\n", "items.2.claims.1", "- id: bidirectional-kv-ttft-20k"),
    Mistake("claim with no figure", "data/issues/003.yml", "        ratio: 7.8\n", "",
            "items.0.claims.0", "- id: rubin-agentx-per-gpu-throughput"),
    Mistake("claim id used twice", "data/issues/007.yml", "- id: kinference-goodput-multi-turn",
            "- id: kinference-goodput-shared-prefix", "items.2.claims.2.id", "- id: kinference-goodput-shared-prefix", last=True),
    Mistake("claim without text in the English page", "docs/issues/007.en.md", "  kinference-median-ttft:",
            "  kinference-median-tft:", "claims.kinference-median-ttft", "claims:"),
]


def apply(project, mistake: Mistake) -> None:
    file = project / mistake.path
    if mistake.old is None:
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(mistake.new, encoding="utf-8")
        return
    text = file.read_text(encoding="utf-8")
    assert mistake.old in text, f"{mistake.old!r} not in {mistake.path}"
    file.write_text(text.replace(mistake.old, mistake.new, 1), encoding="utf-8")


def expected_prefix(project, mistake: Mistake) -> str:
    if mistake.marker is None:
        return f"{mistake.path}: {mistake.field}: "
    text = (project / mistake.path).read_text(encoding="utf-8")
    at = text.rindex(mistake.marker) if mistake.last else text.index(mistake.marker)
    return f"{mistake.path}:{text[:at].count(chr(10)) + 1}: {mistake.field}: "


def test_there_are_at_least_25_distinct_mistakes():
    assert len({m.name for m in MISTAKES}) == len(MISTAKES) >= 25


def check_names(project, capsys, mistake: Mistake) -> Problem:
    """Run `kb check` on the project with the mistake; return the problem with the expected prefix (`path:line:
    field: `, the key path as the file writes it) after asserting it is printed."""
    apply(project, mistake)
    prefix = expected_prefix(project, mistake)

    status = kb(["--root", str(project), "check", "--lang", "en"])

    out = capsys.readouterr().out
    assert status == 1
    problems, _ = check(project)
    named = [p for p in problems if str(p).startswith(prefix)]
    assert named, f"expected {prefix!r} in:\n" + "\n".join(map(str, problems))
    assert headline(named[0], "en") in out.splitlines(), out
    for problem in problems:  # every message says what to do, in both languages
        assert " — " in problem.message.text("en") and "——" in problem.message.text("zh"), problem
    return named[0]


@pytest.mark.parametrize("mistake", MISTAKES, ids=[m.name for m in MISTAKES])
def test_mistake_is_named_with_file_line_and_field(tmp_path, capsys, mistake):
    check_names(copy_project(tmp_path / "project"), capsys, mistake)


# One mistake per stage of loading: YAML parsing, a page's template syntax, the schema of
# facts, prose against facts, and the cross-checks across files.
BUILD_CASES = ["yaml syntax", "code in a template", "claim in an unknown unit", "item missing from the English page",
               "watch entry resolved twice"]


@pytest.mark.full
@pytest.mark.parametrize("name", BUILD_CASES)
def test_build_stops_on_the_same_problem(tmp_path, capsys, name):
    mistake = next(m for m in MISTAKES if m.name == name)
    project = copy_project(tmp_path / "project")
    problem = check_names(project, capsys, mistake)

    site = tmp_path / "site"
    result = build(project, site)
    assert result.returncode != 0
    assert headline(problem, "en") in result.stdout + result.stderr
    assert not site.exists() or not any(site.rglob("*.html"))


@pytest.mark.full
def test_warnings_do_not_fail(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    apply(project, Mistake("repeat a one-off source", "data/issues/007.yml",
                           'url: "https://arxiv.org/abs/2611.09825"', 'url: "https://arxiv.org/abs/2610.09827"', "", None))
    status = kb(["--root", str(project), "check"])
    out = "\n".join(problem_lines(project))
    text = (project / "data/issues/007.yml").read_text(encoding="utf-8")
    line = text[: text.index("2610.09827")].count("\n") + 1
    assert status == 0
    assert (f"data/issues/007.yml:{line}: warning: items.4.sources.0.url: https://arxiv.org/abs/2610.09827 "
            "was already featured in issue 3 (`dual-qk`)") in out
    result = build(project, tmp_path / "site")
    assert result.returncode == 0, result.stdout + result.stderr


# A shared data file that cannot be read, whole or in part: its own problem, said once, and not again at every item,
# page and reference naming one of its records (one broken line of data/entities.yml was 73 problems).
SHARED_FILE_MISTAKES = [
    ("data/outlets.yml", "- id: vllm-blog\n", "- id: vllm-blog\n  bad: [unclosed\n", "yaml"),
    ("data/entities.yml", "- id: vllm\n", "- id: vllm\n  bad: [unclosed\n", "yaml"),
    ("data/topics.yml", None, "topics: not a list\n", "topics"),
    ("data/entities.yml", "kind: hardware", "kind: chip", "12.kind"),  # one entity refused: nvidia-gpus
]


@pytest.mark.parametrize("path,old,new,field", SHARED_FILE_MISTAKES, ids=[f"{m[0]}-{m[3]}" for m in SHARED_FILE_MISTAKES])
def test_a_shared_data_file_that_cannot_be_read_is_one_problem(tmp_path, capsys, path, old, new, field):
    project = copy_project(tmp_path / "project")
    apply(project, Mistake("", path, old, new, field, None))
    assert kb(["--root", str(project), "check"]) == 1
    errors = [line for line in problem_lines(project) if " — " in line]
    assert len(errors) == 1 and errors[0].startswith(path) and f": {field}: " in errors[0], errors


def test_a_reference_to_no_record_at_all_is_still_reported_beside_a_refused_one(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    apply(project, Mistake("", "data/entities.yml", "kind: hardware", "kind: chip", "12.kind", None))
    apply(project, Mistake("", "data/issues/003.yml", "entities: [ds4, deepseek]", "entities: [ds-4, nvidia-gpus]", "", None))
    assert kb(["--root", str(project), "check"]) == 1
    out = "\n".join(problem_lines(project))
    assert "unknown entity `ds-4`" in out and "unknown entity `nvidia-gpus`" not in out
    assert "data/entities.yml:" in out and ": 12.kind: " in out


def test_a_record_whose_id_cannot_be_read_is_reported_at_the_record_only(tmp_path, capsys):
    """`- ident: vllm` may be any record holding the slug `vllm`: every item and page naming vllm is not reported
    again (it was 10 problems, 8 of them elsewhere)."""
    project = copy_project(tmp_path / "project")
    apply(project, Mistake("", "data/entities.yml", "- id: vllm\n", "- ident: vllm\n", "0.id", None))
    assert kb(["--root", str(project), "check"]) == 1
    errors = [line for line in problem_lines(project) if " — " in line]
    assert {line.split(": ")[1] for line in errors} == {"0.id", "0.ident"}, errors
    assert all(line.startswith(f"data/entities.yml:{line_of(project, 'data/entities.yml', 'ident: vllm')}:")
               for line in errors), errors


# A file that cannot be read at all is its own one problem: not also "missing", nor every reference into it.
UNREADABLE_FILES = [
    ("data/issues/003.yml", "\nnumber: [unclosed\n"),  # issue 7 resolves one of its watch entries
    ("docs/issues/007.md", None),  # the Chinese page, which the English one translates
    ("docs/topics/fp4-kernels.md", None),
]


@pytest.mark.parametrize("path,appended", UNREADABLE_FILES, ids=[m[0] for m in UNREADABLE_FILES])
def test_a_file_that_cannot_be_read_is_one_problem_not_also_missing(tmp_path, capsys, path, appended):
    project = copy_project(tmp_path / "project")
    file = project / path
    text = file.read_text(encoding="utf-8")
    # a YAML file with a broken line at its end; a page whose front matter's title opens a list it never closes
    file.write_text(text + appended if appended else text.replace("\ntitle: ", "\ntitle: [", 1), encoding="utf-8")
    assert kb(["--root", str(project), "check"]) == 1
    errors = [line for line in problem_lines(project) if " — " in line]
    assert len(errors) == 1 and errors[0].startswith(f"{path}:") and ": yaml: cannot be parsed" in errors[0], errors
