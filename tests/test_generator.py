"""What builds the site (DECISIONS.md): a build without the kb plugin fails; the end-of-life notice is shown with
our line; the site is verified before it is published; ProperDocs builds the same site as MkDocs."""
from __future__ import annotations

import re
from datetime import date

import pytest
import yaml
from mkdocs.exceptions import PluginError

from conftest import ROOT, build
from kb.project import layout
from kb.project.generator import DECISIONS, NAIVE_BASELINE, REVISIT_BY, THEME_END_OF_LIFE, notice
from kb.publish.build_stamp import verify_site
from macros import kb_plugin
from tools.compare_builds import META_RULE, STAMP_RULE, compare

KB_PLUGIN = re.compile(r"\n  # The knowledge base[^\n]*\n  - kb:?\n(?:      [^\n]*\n)*")  # mkdocs.yml's kb entry
MATERIAL_NOTICE = "Material for MkDocs reaches end of life on May 5, 2027."


def without_kb_plugin(project):
    config = project / layout.SITE_CONFIG
    text, removed = KB_PLUGIN.subn("\n", config.read_text(encoding="utf-8"))
    assert removed == 1, "mkdocs.yml lists the kb plugin another way now"
    config.write_text(text, encoding="utf-8")


def test_a_build_without_the_kb_plugin_fails_saying_what_to_do(project, tmp_path):
    without_kb_plugin(project)
    result = build(project, tmp_path / "site")
    assert result.returncode != 0
    assert ("ERROR   -  mkdocs.yml: the kb plugin is not running (`plugins:` has no `kb`) — list `- kb` last under "
            "`plugins:`") in result.stderr, result.stderr
    assert "DECISIONS.md" in result.stderr
    assert verify_site(tmp_path / "site") != []  # nothing it wrote passes for a site


class Plain:
    """What a configuration looks like to the macros module, short of a real build."""

    def __init__(self, plugins, extra=None):
        self.plugins, self.extra = plugins, extra or {}

    def get(self, key):
        return getattr(self, key)


def test_a_generator_that_runs_no_mkdocs_plugins_is_refused_by_the_macros():
    """Zensical runs the macros module itself, with the configuration as a plain dict and no plugin."""
    with pytest.raises(PluginError, match=r"not running \(this generator passes the macros no MkDocs plugins\)"):
        kb_plugin({"plugins": {"macros": {}}, "extra": {}})
    with pytest.raises(PluginError, match=r"not running \(`kb` under `plugins:` is not mkdocs_kb's\)"):
        kb_plugin(Plain({"kb": object()}))
    with pytest.raises(PluginError, match=r"not running \(`plugins:` has no `kb`\)"):
        kb_plugin(Plain({}, {NAIVE_BASELINE: "yes"}))  # only `true` says it is the baseline
    assert kb_plugin(Plain({}, {NAIVE_BASELINE: True})) is None  # the benchmark's naive baseline (bench/run.py)


def test_decisions_say_the_dates_the_build_prints_and_the_readme_links_them():
    decisions = (ROOT / DECISIONS).read_text(encoding="utf-8")
    assert THEME_END_OF_LIFE in decisions and REVISIT_BY in decisions
    assert date.fromisoformat(REVISIT_BY) < date.fromisoformat(THEME_END_OF_LIFE)
    assert f"]({DECISIONS})" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert DECISIONS in notice() and THEME_END_OF_LIFE in notice() and REVISIT_BY in notice()
    assert "WARNING" not in notice()  # an INFO line: the tests refuse a build that logs a warning


def make_target(name: str) -> list[str]:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    body = re.search(rf"^{re.escape(name)}:[^\n]*\n((?:\t[^\n]*\n)+)", makefile, re.M)
    assert body, f"no target {name} in the Makefile"
    return [line.strip() for line in body[1].splitlines()]


def test_make_shows_the_notice_and_verifies_what_it_builds():
    assert "export NO_MKDOCS_2_WARNING" not in (ROOT / "Makefile").read_text(encoding="utf-8")
    assert make_target("build") == ["$(BIN)/mkdocs build --strict", "$(BIN)/kb verify-site site"]
    properdocs = make_target("build-properdocs")
    assert properdocs[0].startswith("$(BIN)/properdocs build --strict -f mkdocs.yml -d ")
    assert properdocs[1:] == ["$(BIN)/kb verify-site $(PROPERDOCS_SITE)",
                              "$(BIN)/python -m tools.compare_builds site $(PROPERDOCS_SITE)"]


def steps(workflow: str, job: str) -> list[str]:
    flow = yaml.safe_load((ROOT / ".github/workflows" / workflow).read_text(encoding="utf-8"))
    return [step.get("run") or step.get("uses") for step in flow["jobs"][job]["steps"]]


def test_the_workflows_verify_the_site_and_build_it_with_properdocs():
    deploy = steps("deploy.yml", "build")
    upload = next(i for i, step in enumerate(deploy) if step.startswith("actions/upload-pages-artifact"))
    assert deploy.index("make build") < deploy.index(".venv/bin/kb verify-site site") == upload - 1
    check = steps("pull-request.yml", "check")
    assert check.index("make build") + 1 == check.index(".venv/bin/kb verify-site site")
    assert "make build-properdocs" in steps("pull-request.yml", "properdocs")


@pytest.mark.full
def test_a_build_shows_materials_notice_once_then_our_line_and_passes_strict(archive, tmp_path):
    result = build(archive, tmp_path / "site", NO_MKDOCS_2_WARNING=None)
    assert result.returncode == 0, result.stderr
    log = result.stdout + result.stderr
    assert log.count(MATERIAL_NOTICE) == 1 and log.count(notice()) == 1
    assert log.index(MATERIAL_NOTICE) < log.index(notice()) < log.index("Building documentation")
    assert "WARNING  -" not in log


@pytest.mark.full
def test_properdocs_builds_the_same_site_as_mkdocs(archive, site, tmp_path):
    result = build(archive, tmp_path / "properdocs", generator="properdocs")
    assert result.returncode == 0, result.stderr
    assert verify_site(tmp_path / "properdocs") == []
    comparison = compare(site, tmp_path / "properdocs")
    assert comparison.same, comparison.report()
    pages = sum(1 for path in site.rglob("*.html"))
    assert comparison.explained == {META_RULE: pages, STAMP_RULE: 1}, comparison.report()
    assert comparison.generators == {"left": {"mkdocs-1.6.1"}, "right": {"mkdocs-ProperDocs 1.6.7"}}
