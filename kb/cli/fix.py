"""`kb check --fix`: the mechanical fixes written in place, their diff, and what is left to do by hand.

A fix is a problem `kb check` found with `fixable` set: Chinese typography as
AutoCorrect writes it, half-width brackets and quotes beside Han, `3x` and
`6.88s` in English prose, spaces ending a line, one value written where a list
is expected (`topics: fp4-kernels` is `topics: [fp4-kernels]`). None changes a
fact: prose only (never code, an address or a ref, kb.markup.prose_view), and the
list only gains its brackets. Each is written over the text it names, at its
line and column, only where the file still holds that text there; the rest of
the file (its formatting, comments, the order of its keys) stays as it is.
A file whose YAML would then read differently than by those fixes alone is
left as it was.
"""
from __future__ import annotations

import difflib
import sys
from pathlib import Path

from kb.base.messages import msg
from kb.base.problems import Problem
from kb.content.check import check
from kb.content.report import report, summary
from kb.project.sources import FRONT_MATTER, parse_yaml

ROUNDS = 3  # a fix next to another may need the file as the first left it


def fix_command(root: Path, lang: str, write: bool = True) -> int:
    """Fix what can be fixed (or, not `write`, show it); then report what is left. Exit 1 if errors are left."""
    problems, _ = check(root)
    before: dict[str, str] = {}
    count = 0
    for _ in range(ROUNDS if write else 1):
        changed = fixed_texts(root, problems)
        if not changed:
            break
        for path, (old, new, applied) in changed.items():
            before.setdefault(path, old)
            count += applied
            if write:
                (root / path).write_text(new, encoding="utf-8")
        if not write:
            _print_diff(before, {path: new for path, (_, new, _) in changed.items()})
            print(msg("fix-dry-run", count=msg("count-fixes", n=count), files=msg("count-files", n=len(changed))).text(lang),
                  file=sys.stderr)
            return 1 if any(p.severity == "error" for p in problems) else 0
        problems, _ = check(root)
    if not before:
        print(msg("fix-nothing").text(lang), file=sys.stderr)
    else:
        _print_diff(before, {path: (root / path).read_text(encoding="utf-8") for path in before})
        print(msg("fix-done", count=msg("count-fixes", n=count), files=msg("count-files", n=len(before))).text(lang),
              file=sys.stderr)
    if problems:
        print(msg("fix-remaining").text(lang), file=sys.stderr)
        print(report(problems, lang), flush=True)
    print(summary(problems, lang), file=sys.stderr)
    return 1 if any(p.severity == "error" for p in problems) else 0


def fixed_texts(root: Path, problems: list[Problem]) -> dict[str, tuple[str, str, int]]:
    """Path -> (text, text with its fixes, how many) of each file a fixable problem is in and its fixes change
    safely."""
    by_file: dict[str, list[Problem]] = {}
    for problem in problems:
        if problem.fixable and problem.line and problem.column and problem.found is not None:
            by_file.setdefault(problem.path, []).append(problem)
    changed = {}
    for path, fixes in by_file.items():
        old = (root / path).read_text(encoding="utf-8")
        new, applied = _fixed(old, fixes)
        if new != old and _reads_the_same(path, old, new):
            changed[path] = (old, new, applied)
    return changed


def _fixed(text: str, fixes: list[Problem]) -> tuple[str, int]:
    """`text` with each fix written over its text, from the last on a line to the first (so the columns hold),
    and how many were written."""
    lines, applied = text.split("\n"), 0
    for fix in sorted(fixes, key=lambda p: (p.line, p.column), reverse=True):
        line, start = lines[fix.line - 1], fix.column - 1
        if line[start:start + len(fix.found)] == fix.found:  # still as checked
            lines[fix.line - 1] = line[:start] + fix.replacement + line[start + len(fix.found):]
            applied += 1
    return "\n".join(lines), applied


def _reads_the_same(path: str, old: str, new: str) -> bool:
    """Whether the YAML of a file (data, or a page's front matter) holds the same after the fixes, but for
    spaces, the width of punctuation, × for x, and a value become a list of it."""
    if path.endswith(".md"):
        old_match, new_match = FRONT_MATTER.match(old), FRONT_MATTER.match(new)
        if not old_match or not new_match:
            return bool(old_match) == bool(new_match)
        old, new = old_match.group(1) or "", new_match.group(1) or ""
    old_doc, _ = parse_yaml(old, path)
    new_doc, _ = parse_yaml(new, path)
    return old_doc is not None and new_doc is not None and _plain(old_doc.data) == _plain(new_doc.data)


WIDTH = str.maketrans("，。：；！？（）“”‘’×", ",.:;!?()\"\"''x")


def _plain(data):
    """`data` as fixes leave it: text without spaces and with half-width punctuation; a list of one as its value."""
    if isinstance(data, dict):
        return {key: _plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return _plain(data[0]) if len(data) == 1 else [_plain(value) for value in data]
    if isinstance(data, str):
        return "".join(data.split()).translate(WIDTH)
    return data


def _print_diff(before: dict[str, str], after: dict[str, str]) -> None:
    for path in sorted(after):
        sys.stdout.writelines(difflib.unified_diff(before[path].splitlines(keepends=True),
                                                   after[path].splitlines(keepends=True), f"a/{path}", f"b/{path}"))
    sys.stdout.flush()

