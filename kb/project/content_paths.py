"""What a change touches outside the content paths: `kb check --base REF`.

mkdocs.yml can add hooks and plugins, macros/ and mkdocs_kb/ run in the build, overrides/ writes every page,
the Makefile, the locks in requirements/ and .github/ decide what CI installs and runs with which token. None
of that is content: a pull request that changes any of it needs a maintainer's review, whatever the checker and the
output firewall make of the content. The content paths are kb.project.layout.CONTENT_PATHS, nothing else.

The comparison is git's, of the working tree against REF: committed or not, staged or not, tracked or new
(untracked files not ignored by .gitignore), deleted; a rename names both of its paths. It fails closed: when
git cannot compare, that is a problem too.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

from kb.base.messages import msg, words
from kb.base.problems import Problem
from kb.project import layout

HOW = {"A": "change-added", "C": "change-added", "M": "change-modified", "D": "change-deleted",
       "R": "change-renamed", "T": "change-type"}  # git's status letters; any other (U, X) reads as a change


def is_content(path: str) -> bool:
    """Whether a project-relative path lies inside a content folder (the folder itself is not content: a file or
    link put in its place is a change of the project's shape)."""
    return any(path.startswith(f"{folder}/") for folder in layout.CONTENT_PATHS)


def changed_code_paths(root: Path, ref: str) -> list[Problem]:
    """One problem per path outside the content folders that differs between `ref` and the working tree."""
    try:
        changes = _changes(Path(root), ref)
    except _GitError as error:
        return [Problem(".", None, "file", msg("base-unreadable", base=ref, reason=str(error)))]
    folders = words([f"{folder}/" for folder in layout.CONTENT_PATHS])
    return [Problem(path, None, "file", msg("code-path-changed", how=msg(HOW.get(status, "change-modified")),
                                            folders=folders))
            for path, status in sorted(changes.items()) if not is_content(path)]


class _GitError(Exception):
    pass


def _git(root: Path, *args: str) -> str:
    try:
        out = subprocess.run(["git", "-c", "core.quotepath=false", *args], cwd=root, capture_output=True)
    except FileNotFoundError:
        raise _GitError("git is not installed") from None
    if out.returncode:
        said = out.stderr.decode("utf-8", "replace").strip().splitlines()
        raise _GitError(said[-1] if said else "no such commit")
    return out.stdout.decode("utf-8", "surrogateescape")


def _changes(root: Path, ref: str) -> dict[str, str]:
    """Project-relative path -> git's status letter, for every path that differs from `ref` (both of a rename)."""
    commit = _git(root, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}").strip()
    # paths relative to the project (which may be a folder inside the repository): outside it, `../…`
    prefix = _git(root, "rev-parse", "--show-prefix").strip()
    changes: dict[str, str] = {}
    fields = _git(root, "diff", "--name-status", "-z", "-M", "--no-ext-diff", "--no-textconv", commit,
                  "--", ":/").split("\0")
    i = 0
    while i < len(fields) - 1:
        status = fields[i][:1]
        count = 2 if status in "RC" else 1
        for path in fields[i + 1:i + 1 + count]:
            changes[_relative(path, prefix)] = status
        i += 1 + count
    for path in _git(root, "ls-files", "--others", "--exclude-standard", "-z", "--full-name", "--", ":/").split("\0"):
        if path:
            changes[_relative(path, prefix)] = "A"
    return changes


def _relative(path: str, prefix: str) -> str:
    """A repository-relative path as seen from the project folder `prefix` (`sub/`)."""
    if path.startswith(prefix):
        return path[len(prefix):]
    return "../" * prefix.count("/") + path
