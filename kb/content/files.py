"""What the content folders may hold: one allowlist, checked before any of their files is read.

mkdocs publishes every file of docs/ as it is and follows symbolic links;
pymdownx.snippets confines includes by path, not by where a link leads. So
docs/ holds Markdown pages only, data/ YAML only, snippets/ Markdown only:
regular files with plain names, none over MAX_FILE_BYTES, no symbolic link,
no other kind of file. `kb check` and the build (through kb.content.loading) refuse
anything else, naming it, before reading it.
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from kb.base.messages import Message, msg, words
from kb.base.problems import Problem
from kb.project import layout
from kb.project.sources import MAX_FILE_BYTES

ALLOWED = {layout.DOCS: (".md",), layout.DATA: (".yml",), layout.SNIPPETS: (".md",)}
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*")


def content_file_problems(root: Path) -> list[Problem]:
    problems = []
    for folder, suffixes in ALLOWED.items():
        base = root / folder
        if base.is_symlink():
            problems.append(Problem(folder, None, "file", msg("folder-symlink")))
            continue
        for current, dirs, files in os.walk(base):  # never descends into a linked folder
            for name in sorted(dirs) + sorted(files):
                path = Path(current) / name
                problem = _problem(path, name, suffixes, folder)
                if problem:
                    problems.append(Problem(path.relative_to(root).as_posix(), None, "file", problem))
    return problems


def _problem(path: Path, name: str, suffixes: tuple[str, ...], folder: str) -> Message | None:
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode):
        return msg("file-symlink")
    if not NAME.fullmatch(name):
        return msg("file-name")
    if stat.S_ISDIR(info.st_mode):
        return None
    if not stat.S_ISREG(info.st_mode):
        return msg("file-not-regular")
    if not name.endswith(suffixes):
        return msg("file-wrong-kind", folder=folder, kinds=words(suffixes))
    if info.st_size > MAX_FILE_BYTES:
        return msg("file-too-big", size=f"{info.st_size:,}", limit=f"{MAX_FILE_BYTES:,}")
    return None


def snippet_problems(root: Path, path: str, line: int, name: str) -> list[Problem]:
    """A snippet a page includes must be an allowed file of snippets/."""
    target = root / layout.SNIPPETS / name
    if not target.is_file() or target.is_symlink() or not name.endswith(ALLOWED[layout.SNIPPETS]):
        return [Problem(path, line, "snippet", msg("snippet-missing", name=name, folder=layout.SNIPPETS), found=name)]
    return []
