"""Problems as `kb check` prints them (and the build, when it refuses content), in Chinese or English.

Each problem is a first line editors and CI read (`path:line:col: field: message`, the GNU
convention; columns count characters from 1), then the line of the file as written and a
caret line under the text at fault, saying what to write instead or which existing name was
probably meant:

    docs/issues/007.md:42:9: item loopvq › why: Chinese typography: no space between Han and Latin …
        见vLLM 的调度器
        ^^^^^^ insert a space: 见 vLLM
"""
from __future__ import annotations

import dataclasses
import re
import unicodedata
from pathlib import Path

from kb.base.messages import msg, words
from kb.base.problems import Problem
from kb.markup.safety import HIDDEN
from kb.project.places import place

INDENT = "    "
WIDEST = 100  # terminal columns of a line shown; a longer one is cut around the text at fault
UNPRINTABLE = re.compile(f"[{HIDDEN}\t\r\x00-\x1f]")  # shown as one visible mark: a terminal may act on them
MARK = "\N{REPLACEMENT CHARACTER}"


def locate(problems: list[Problem], root: Path) -> list[Problem]:
    """The problems with the line each is on as written, and the column of the text at fault on it."""
    texts: dict[str, list[str] | None] = {}
    located = []
    for problem in problems:
        if problem.line is None or problem.excerpt is not None:
            located.append(problem)
            continue
        if problem.path not in texts:
            file = root / problem.path
            texts[problem.path] = file.read_bytes().decode("utf-8", "replace").split("\n") if file.is_file() else None
        lines = texts[problem.path]
        if lines is None or not 0 < problem.line <= len(lines):
            located.append(problem)
            continue
        located.append(_on_line(problem, lines[problem.line - 1].removesuffix("\r")))
    return located


def _on_line(problem: Problem, line: str) -> Problem:
    found, column = problem.found, problem.column
    if found and "\n" in found:
        found = found.split("\n", 1)[0]
    if column is None and found and found in line:
        column = line.index(found) + 1
    if column is None and not found and problem.names:  # a field of a file: its key, or the record's line
        key = next((step for step, _ in reversed(problem.names) if isinstance(step, str)), None)
        at = line.find(f"{key}:") if key else -1
        if at >= 0:
            found, column = key, at + 1
        elif line.strip():  # the line as a whole
            found, column = line.strip(), len(line) - len(line.lstrip()) + 1
    if column is not None and not (found and line[column - 1:].startswith(found)):
        found = None  # a column without its text (a YAML error's mark): one caret
    return dataclasses.replace(problem, excerpt=line, column=column, found=found)


def headline(problem: Problem, lang: str) -> str:
    where = problem.path
    if problem.line:
        where += f":{problem.line}" + (f":{problem.column}" if problem.column else "")
    kind = "" if problem.severity == "error" else f"{problem.severity}: "
    return f"{where}: {kind}{place(problem, lang)}: {problem.said(lang)}"


def hint(problem: Problem, lang: str) -> str:
    """What the caret line says: what to write instead, or which names were probably meant."""
    said = []
    if problem.hint is not None:
        said.append(problem.hint.text(lang))
    elif problem.replacement is not None:
        said.append(msg("hint-write", text=problem.replacement).text(lang))
    if problem.suggestions:
        said.append(msg("hint-did-you-mean", names=words(problem.suggestions, "or")).text(lang))
    return ("；" if lang == "zh" else "; ").join(said)


def block(problem: Problem, lang: str) -> list[str]:
    """The lines that show one problem."""
    lines, said = [headline(problem, lang)], hint(problem, lang)
    if problem.line is None:
        return lines + [INDENT + msg("no-line").text(lang)] + ([INDENT + said] if said else [])
    if problem.excerpt is None:
        return lines + ([INDENT + said] if said else [])
    if problem.column is None:
        return lines + [INDENT + _shown(problem.excerpt.strip())] + ([INDENT + said] if said else [])
    text, start, span = _window(problem.excerpt, problem.column - 1, len(problem.found or "") or 1)
    carets = "^" * max(1, width(text[start:start + span]))
    return lines + [INDENT + text, (INDENT + " " * width(text[:start]) + carets + (f" {said}" if said else "")).rstrip()]


def _window(line: str, start: int, span: int) -> tuple[str, int, int]:
    """The line as shown (unprintable characters marked, cut to WIDEST columns around the span): the text, and
    where the span starts in it and how long it is."""
    line = UNPRINTABLE.sub(MARK, line)
    indent = len(line) - len(line.lstrip(" "))
    if indent <= start:  # the indentation says nothing here
        line, start = line[indent:], start - indent
    if width(line) <= WIDEST:
        return line, start, span
    left = start
    while left > 0 and width(line[left - 1:start]) < WIDEST // 3:
        left -= 1
    right = min(len(line), start + span)
    while right < len(line) and width(line[left:right + 1]) < WIDEST:
        right += 1
    text = ("…" if left else "") + line[left:right] + ("…" if right < len(line) else "")
    return text, start - left + (1 if left else 0), min(span, right - start)


def _shown(text: str) -> str:
    return UNPRINTABLE.sub(MARK, text)


def width(text: str) -> int:
    """Terminal columns `text` takes: Han and other wide characters two, combining marks none."""
    return sum(0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1
               for char in text)


def report(problems: list[Problem], lang: str) -> str:
    """Every problem, each as its lines, as `kb check` prints them."""
    return "\n".join(line for problem in problems for line in block(problem, lang))


def summary(problems: list[Problem], lang: str) -> str:
    errors = sum(p.severity == "error" for p in problems)
    if not problems:
        return msg("content-ok").text(lang)
    return msg("summary", errors=msg("count-errors", n=errors), warnings=msg("count-warnings", n=len(problems) - errors)).text(lang)
