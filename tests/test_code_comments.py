"""Comments say why; the figures measured on the way live in bench/README.md (issue 35).

A comment that says "took 1.2 s at 520 issues" is true the day it is written and wrong a few commits later, with
nothing to show its age. So a comment or docstring of kb/, mkdocs_kb/ or macros/ keeps the reason and the
constant, and points to bench/README.md ("Figures behind the code's choices"), where each figure is kept with
its date and commit. This test finds a number with a unit of time, size, ratio or share (`1.2 s`, `38 MB`,
`0.61×`, `40%`) or an archive size a measurement was taken at (`at 520 issues`, `a 1,040-issue build`) in the
comments and docstrings of those packages, and names each at its file and line.

What it does not read as a measurement: text in backticks (code, and examples of what a contributor or a reader
writes: `6.88 s`, `7.8×`), a product of a number and a constant (`4 × CHUNK_BYTES`), a size in pixels written
as width×height (`1200×630`), and the few limits and targets of ALLOWED, each with why it is not a measurement.
A limit is better worded so that it reads as one (a constant's name, "the target of issue 14") than added here.
A comment that points to bench/README.md by its file ("measured: bench/README.md, kb/base/limits.py") has an entry
there, under its package, that names the file.
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from conftest import ROOT

PACKAGES = ("kb", "mkdocs_kb", "macros")

NUMBER = r"\d+(?:[.,]\d+)*"
UNITS = r"ms|µs|s|secs?|seconds?|minutes?|min|hours?|bytes|[kKMG]B|[KMG]iB|%|x|×"
# A number (or a range of two) and its unit. Not after a letter, digit, dot, hyphen or slash (UTF-8 bytes, 1/6.8×,
# v0.11); not a width×height nor a number times a constant (4 × CHUNK_BYTES).
FIGURE = re.compile(
    rf"(?<![\w.\-/]){NUMBER}(?:\s?[–-]\s?{NUMBER})?\s?(?:{UNITS})(?!\w)(?<!×)"
    rf"|(?<![\w.\-/]){NUMBER}(?:\s?[–-]\s?{NUMBER})?\s?×(?!\s?\d)(?!\s?[A-Z][A-Z_]+\b)"
    # the size of an archive a figure was measured at
    rf"|(?<![\w.\-/]){NUMBER}[ -]issues?\b"
)
CODE = re.compile(r"`[^`\n]*`")

# Phrases that hold a number and a unit and are not measurements (a limit, a target, another tool's fact) -> why.
# Each must still be written somewhere (test_every_allowed_phrase_is_still_used).
ALLOWED = {
    "mkdocs serve: 0.5 s": "mkdocs' default polling interval, which mkdocs_kb.preview_serve.POLL_S is set against",
    "2, 4, 8 bytes": "CBOR's argument sizes (RFC 8949, additional information 25 to 27): the format",
}


def comment_lines(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each comment and each line of each docstring (module, class, function) of `path`."""
    source = path.read_text(encoding="utf-8")
    found = [(token.start[0], token.string) for token in tokenize.generate_tokens(io.StringIO(source).readline)
             if token.type == tokenize.COMMENT]
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found += [(n, lines[n - 1]) for n in range(first.lineno, first.end_lineno + 1)]
    return sorted(found)


def figures_in(text: str) -> list[str]:
    """The measured figures `text` states: every FIGURE outside backticks and outside an ALLOWED phrase."""
    text = CODE.sub(lambda m: " " * len(m.group()), text)
    allowed = [range(m.start(), m.end()) for phrase in ALLOWED for m in re.finditer(re.escape(phrase), text)]
    return [m.group() for m in FIGURE.finditer(text)
            if not any(m.start() in span and m.end() - 1 in span for span in allowed)]


def python_files() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("path", python_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_comments_state_no_measured_figure(path):
    findings = [f"{path.relative_to(ROOT)}:{line}: {', '.join(map(repr, found))} in: {text.strip()}"
                for line, text in comment_lines(path) if (found := figures_in(text))]
    assert not findings, ("a measured figure in a comment: keep the reason, move the figure with its date and "
                          "commit to bench/README.md and point there\n" + "\n".join(findings))


@pytest.mark.parametrize("text, expected", [
    ("# took 1.2 s of its 3.6 s at 520 issues", ["1.2 s", "3.6 s", "520 issues"]),
    ("a 1,040-issue catalog's 285 MB; 8 MB runs peaked at 303 MB", ["1,040-issue", "285 MB", "8 MB", "303 MB"]),
    ("the build went from 0.85–0.89× the naive stack to 0.61×", ["0.85–0.89×", "0.61×"]),
    ("that took 40% of the time, 10x faster, 2 seconds, 250 KB, 310 KiB", ["40%", "10x", "2 seconds", "250 KB",
                                                                           "310 KiB"]),
    ("prose writes `6.88 s` or `7.8×`, a share card of 1200×630, 4 × CHUNK_BYTES, UTF-8 bytes, 1/6.8×", []),
    ("v0.11, H100, Qwen3-235B, issue 7, 3rd, 0x7, 2x2-grid", []),
    ("(mkdocs serve: 0.5 s; the interval is an", []),
    ("mkdocs serve polls every 0.5 s", ["0.5 s"]),
])
def test_what_reads_as_a_measured_figure(text, expected):
    assert figures_in(text) == expected


# "measured: bench/README.md, kb/base/limits.py": a comment's pointer to the figures of its file, maybe across lines
POINTER = re.compile(r"bench/README\.md,\s+(?:(?:#|//|\*)\s*)?((?:kb|mkdocs_kb|macros|bench|tests|overrides)/[\w/.-]*\w)")
FIGURES_SECTION = "## Figures behind the code's choices"


def figures_entries() -> dict[str, str]:
    """Each group of bench/README.md's figures behind the code's choices (`### kb/base`) -> its text."""
    text = (ROOT / "bench" / "README.md").read_text(encoding="utf-8")
    section = text.split(FIGURES_SECTION, 1)[1].split("\n## ", 1)[0]
    return {group.split("\n", 1)[0].strip(): group for group in section.split("\n### ")[1:]}


def test_every_pointer_to_bench_readme_names_an_entry_there():
    """A comment that points to bench/README.md by its file has an entry there: under the file's package
    (`### kb/base`, `### tests`), a line naming the file from there (`limits.py`, `assets/kb.css`)."""
    groups = figures_entries()
    sources = [path for folder in ("kb", "mkdocs_kb", "macros", "bench", "tests", "overrides")
               for path in (ROOT / folder).rglob("*") if path.suffix in {".py", ".css", ".js", ".html"}]
    missing = []
    for path in sources:
        for match in POINTER.finditer(path.read_text(encoding="utf-8")):
            parts = match.group(1).split("/")
            group, name = ("/".join(parts[:2]), "/".join(parts[2:])) if parts[0] == "kb" else (parts[0], "/".join(parts[1:]))
            if not (ROOT / match.group(1)).is_file() or f"`{name}`" not in groups.get(group, ""):
                missing.append(f"{path.relative_to(ROOT)}: {match.group(1)}")
    assert not missing, "no entry in bench/README.md for:\n" + "\n".join(missing)


def test_every_allowed_phrase_is_still_used():
    """An allowance nothing needs any more is removed, so the list stays short."""
    written = "\n".join(text for path in python_files() for _, text in comment_lines(path))
    assert [phrase for phrase in ALLOWED if phrase not in written] == []
