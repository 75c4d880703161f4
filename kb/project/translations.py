"""Is each page's translation there, and is it as new as its Chinese source?

Judged from git history, as the Kubernetes website does: a translation is
outdated when its source was committed (or edited and not yet committed)
after the translation last was. Without history, a translation can carry
`source_hash:` in its front matter — the hash of the source it was made
from (`kb translations --stamp`) — and is outdated when the source no longer
hashes the same.
"""
from __future__ import annotations

import hashlib
import math
import re
import subprocess
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from kb.base.messages import Message, msg
from kb.base.problems import Problem
from kb.project import layout
from kb.project.sources import read_markdown

NOW = math.inf  # edited in the working tree, not yet committed


@dataclass(frozen=True)
class Translation:
    page: str  # docs-relative, as the default language names it
    lang: str
    status: str  # "current", "outdated", "uncommitted", "missing" or "unknown"
    basis: str  # "git", "hash" or "" (no way to tell)
    source_changed: float | None = None  # unix time; NOW if uncommitted
    translation_changed: float | None = None

    @property
    def source_path(self) -> str:
        return f"{layout.DOCS}/{self.page}"

    @property
    def path(self) -> str:
        return f"{layout.DOCS}/{layout.localized(self.page, self.lang)}"

    def as_problem(self) -> Problem:
        return Problem(self.path, 1, "translation", msg("translation-outdated", source=self.source_path,
                                                        changed=_when(self.source_changed),
                                                        translated=_when(self.translation_changed)), "warning")


def _when(moment: float | None) -> Message | str:
    if moment is None:
        return msg("date-unknown")
    if moment == NOW:
        return msg("date-uncommitted")
    return datetime.fromtimestamp(moment, timezone.utc).date().isoformat()


def source_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _git(root: Path, *args: str) -> str | None:
    try:
        out = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout


def _change_times(root: Path) -> dict[str, float] | None:
    """Last change of every file under docs/ (project-relative), or None without git."""
    top = _git(root, "rev-parse", "--show-toplevel")
    if top is None:
        return None
    prefix = Path(root).resolve().relative_to(Path(top.strip()).resolve()).as_posix()
    prefix = "" if prefix == "." else prefix + "/"
    times: dict[str, float] = {}
    log = _git(root, "log", "--format=%x00%ct", "--name-only", "--no-renames", "--", layout.DOCS) or ""
    for record in log.split("\0")[1:]:
        stamp, *files = record.strip().split("\n")
        for name in files:
            if name.strip():
                times.setdefault(name.strip().removeprefix(prefix), float(stamp))
    status = _git(root, "status", "--porcelain", "--untracked-files=all", "--", layout.DOCS) or ""
    for line in status.splitlines():
        times[line[3:].strip().strip('"').removeprefix(prefix)] = NOW
    return times


def translation_states(root: Path | str, pages: list[str]) -> list[Translation]:
    """The state of every non-default-language version of `pages` (docs-relative)."""
    root = Path(root)
    times = _change_times(root)
    states = []
    for page in sorted(pages):
        source = root / layout.DOCS / page
        for lang in layout.LANGUAGES:
            if lang == layout.DEFAULT_LANGUAGE:
                continue
            translation = root / layout.DOCS / layout.localized(page, lang)
            states.append(_state(root, page, lang, source, translation, times))
    return states


def _state(root, page, lang, source: Path, translation: Path, times) -> Translation:
    if not translation.is_file():
        return Translation(page, lang, "missing", "")
    rel = lambda p: p.relative_to(root).as_posix()  # noqa: E731
    if times is not None and rel(source) in times and rel(translation) in times:
        changed, translated = times[rel(source)], times[rel(translation)]
        if translated == NOW and changed != NOW:  # a translation written or edited, not yet committed: not judged yet
            return Translation(page, lang, "uncommitted", "working tree", changed, translated)
        outdated = changed > translated
        return Translation(page, lang, "outdated" if outdated else "current", "git", changed, translated)
    parsed, _ = read_markdown(translation, root)
    recorded = parsed.meta.data.get("source_hash") if parsed else None
    if recorded:
        current = source_hash(source.read_text(encoding="utf-8"))
        return Translation(page, lang, "current" if recorded == current else "outdated", "hash")
    return Translation(page, lang, "unknown", "")


_HASH_LINE = re.compile(r"^source_hash:.*\n", re.M)


def stamp(root: Path | str, translation_rel: str) -> str:
    """Record in a translation the hash of its current source; return the hash."""
    root = Path(root)
    path = root / translation_rel
    page, _lang = layout.split_language(Path(translation_rel).relative_to(layout.DOCS).as_posix())
    digest = source_hash((root / layout.DOCS / page).read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        raise ValueError(f"{translation_rel}: no front matter to stamp")
    end = text.index("\n---", 3) + 1
    head = _HASH_LINE.sub("", text[:end])
    path.write_text(f"{head}source_hash: {digest}\n{text[end:]}", encoding="utf-8")
    return digest
