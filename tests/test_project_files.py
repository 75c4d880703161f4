"""The contributor-facing files say what the project really does."""
from __future__ import annotations

import re
import shlex

import pytest
import yaml

from conftest import ROOT
from kb.cli.commands import parser


def workflow(name):
    text = (ROOT / ".github/workflows" / name).read_text(encoding="utf-8")
    return text, yaml.safe_load(text)


def test_pull_request_workflow_checks_with_no_secrets_and_a_read_only_token():
    text, flow = workflow("pull-request.yml")
    triggers = flow[True]  # YAML reads the key `on` as true
    assert set(triggers) == {"pull_request"}
    assert flow["permissions"] == {"contents": "read"}
    assert "secrets." not in text
    steps = flow["jobs"]["check"]["steps"]
    commands = [step.get("run", "") for step in steps]
    check = '.venv/bin/kb check --base "$BASE_SHA"'  # code changes refused too (tests/test_hostile_codepaths.py)
    assert commands.index(check) < commands.index("make build") < commands.index("make test-full")
    checkout = next(step for step in steps if step.get("uses", "").startswith("actions/checkout"))
    assert checkout["with"]["fetch-depth"] == 0 and checkout["with"]["persist-credentials"] is False


def test_pull_request_workflow_reports_the_change_and_uploads_the_site():
    _, flow = workflow("pull-request.yml")
    steps = flow["jobs"]["check"]["steps"]
    commands = [step.get("run") or step.get("uses") for step in steps]
    report = next(step for step in steps if "kb diff" in step.get("run", ""))
    # against the pull request's base branch (checkout fetched every branch), onto the run's summary page
    assert report["env"] == {"BASE_REF": "${{ github.base_ref }}"}
    assert report["run"] == '.venv/bin/kb diff "origin/$BASE_REF" >> "$GITHUB_STEP_SUMMARY"'
    assert commands.index("make install") < commands.index(report["run"])
    upload = next(step for step in steps if step.get("uses", "").startswith("actions/upload-artifact@"))
    assert upload["with"]["path"] == "site/" and commands.index("make build") < commands.index(upload["uses"])
    assert "permissions" not in flow["jobs"]["check"]  # the workflow's read-only token, no more


def test_deploy_workflow_builds_main_and_publishes_pages():
    _, flow = workflow("deploy.yml")
    assert flow[True]["push"]["branches"] == ["main"]
    build_steps = [step.get("run") or step.get("uses") for step in flow["jobs"]["build"]["steps"]]
    assert ".venv/bin/kb check" in build_steps and "make build" in build_steps
    assert any(s.startswith("actions/upload-pages-artifact") for s in build_steps)
    assert flow["jobs"]["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}


def test_pre_commit_runs_the_checker_on_content():
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = [hook for repo in config["repos"] for hook in repo["hooks"]]
    kb_hook = next(hook for hook in hooks if hook["id"] == "kb-check")
    assert kb_hook["entry"].endswith("kb check") and re.match(kb_hook["files"], "docs/issues/007.md")
    assert {"trailing-whitespace", "end-of-file-fixer", "check-merge-conflict"} <= {hook["id"] for hook in hooks}


DOCUMENTED = sorted({
    line.strip().split("#")[0].strip()
    for name in ("README.md", "CONTRIBUTING.md", "CONTRIBUTING.en.md")
    for line in (ROOT / name).read_text(encoding="utf-8").splitlines()
    if re.match(r"\s*(\.venv/bin/)?kb \w", line)
})


def test_docs_show_kb_commands():
    assert any(" new issue " in c for c in DOCUMENTED) and any(c.endswith("kb check") for c in DOCUMENTED)


@pytest.mark.parametrize("command", DOCUMENTED)
def test_every_documented_kb_command_is_valid(command):
    parser().parse_args(shlex.split(command)[1:])  # exits (fails the test) on a wrong command
