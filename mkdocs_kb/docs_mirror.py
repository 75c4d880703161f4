"""The docs folder the build reads: the content's own pages, plus the record pages kb.model.records asks for.

Record pages (a hub's years, the ledgers' quarters) are generated, but
mkdocs-static-i18n only pairs languages, builds fallbacks and lists sitemap
alternates for files inside docs_dir, and mkdocs' in-memory generated files
are not among them. So the build reads a mirror: docs/ linked (only what
changed since the last build), and each record page written as a file with
its front matter in each language. docs/ itself stays content only.

The mirror's files are hard links to docs/, not copies: a 1,040-issue docs/
(2,145 files) was linked in 0.04–0.09 s and copied in 0.7–1.6 s, in the
build's main process before anything else could start. Where docs/ and the
temp folder are on different filesystems they are copied. Nothing is ever
written through a link: a file is unlinked before it is replaced.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


class DocsMirror:
    def __init__(self):
        self.folder: Path | None = None

    def update(self, source: Path, generated: dict[str, str]) -> Path:
        """Mirror `source` plus `generated` (docs-relative path -> text); write only what changed, so a
        rebuild of `mkdocs serve` does not see a change it made itself. Returns the mirror's folder."""
        if self.folder is None:
            self.folder = Path(tempfile.mkdtemp(prefix="kb-docs-"))
        wanted: dict[str, Path | str] = {p.relative_to(source).as_posix(): p for p in source.rglob("*") if p.is_file()}
        wanted.update(generated)
        for rel, origin in wanted.items():
            target = self.folder / rel
            if _current(target, origin):
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.unlink(missing_ok=True)  # replaced, never written through: it may be a link to docs/
            if isinstance(origin, Path):
                _link_or_copy(origin, target)
            else:
                target.write_text(origin, encoding="utf-8")
        for stale in [p for p in self.folder.rglob("*") if p.is_file() and p.relative_to(self.folder).as_posix() not in wanted]:
            stale.unlink()
        return self.folder

    def close(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


def _current(target: Path, origin: Path | str) -> bool:
    """Whether the mirror's `target` already holds `origin` (a file of docs/, or a generated page's text)."""
    if not target.is_file():
        return False
    if isinstance(origin, Path):
        have, want = target.stat(), origin.stat()
        return (have.st_size, have.st_mtime_ns) == (want.st_size, want.st_mtime_ns)
    return target.read_text(encoding="utf-8") == origin


def _link_or_copy(origin: Path, target: Path) -> None:
    try:
        os.link(origin, target)
    except OSError:  # another filesystem (EXDEV), or one without hard links
        shutil.copy2(origin, target)
