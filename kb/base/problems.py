"""Problems found in content, each pointing at a file, a line, a column and a field.

A problem holds what kb.content.report needs to show it as a contributor reads it, in
either language: its message (kb.base.messages), the text at fault as written
(`found`, which fixes its column on the line), what to write instead, the
closest existing names, and the ids of the records on its key path.
"""
from __future__ import annotations

from dataclasses import dataclass

from kb.base.messages import Message


@dataclass(frozen=True)
class Problem:
    path: str  # relative to the project root
    line: int | None  # 1-based; None: the file as a whole
    field: str  # the key path as written in the file, list positions 0-based (`items.4.category`), or what the
    # problem is in where it is not a field (`yaml`, `page`, `text`)
    message: Message | str  # what is wrong — and what to do (text: only `kb audit`'s findings in a built site)
    severity: str = "error"  # or "warning": worth a look, never stops a build
    found: str | None = None  # the text at fault as written on `line`: where the caret goes
    column: int | None = None  # 1-based, in characters, where `found` starts on `line` (kb.content.report.locate finds it)
    replacement: str | None = None  # what to write instead of `found`
    fixable: bool = False  # `kb check --fix` writes `replacement` over `found` by itself: never a fact
    suggestions: tuple[str, ...] = ()  # the closest existing names, for "did you mean"
    hint: Message | None = None  # what the caret line says, where it says more than the replacement
    names: tuple[tuple[object, str | None], ...] = ()  # the key path, each step with the id of its record
    excerpt: str | None = None  # the line as written (kb.content.report.locate reads it)

    def __str__(self) -> str:
        """One line, in English, with the key path as written: `path:line: field: message`."""
        where = f"{self.path}:{self.line}" if self.line else self.path
        kind = "" if self.severity == "error" else f"{self.severity}: "
        return f"{where}: {kind}{self.field}: {self.said('en')}"

    def said(self, lang: str) -> str:
        """The message in `lang`."""
        return self.message.text(lang) if isinstance(self.message, Message) else self.message


class ContentError(Exception):
    """Raised with every problem found, so a contributor sees them all at once."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))
