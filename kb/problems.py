"""Problems found in content, each pointing at a file, a line and a field."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    path: str  # relative to the project root
    line: int | None
    field: str
    message: str  # what is wrong — and what to do
    severity: str = "error"  # or "warning": worth a look, never stops a build

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        kind = "" if self.severity == "error" else f"{self.severity}: "
        return f"{where}: {kind}{self.field}: {self.message}"


class ContentError(Exception):
    """Raised with every problem found, so a contributor sees them all at once."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))
