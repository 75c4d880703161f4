"""The docs folder the build reads: the content's own pages, plus the record pages kb.records asks for.

Record pages (a hub's years, the ledgers' quarters) are generated, but
mkdocs-static-i18n only pairs languages, builds fallbacks and lists sitemap
alternates for files inside docs_dir, and mkdocs' in-memory generated files
are not among them. So the build reads a mirror: docs/ copied (only what
changed since the last build), and each record page written as a file with
its front matter in each language. docs/ itself stays content only.
"""
from __future__ import annotations

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
            if isinstance(origin, Path):
                info = origin.stat()
                if target.is_file() and (target.stat().st_size, target.stat().st_mtime_ns) == (info.st_size, info.st_mtime_ns):
                    continue
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(origin, target)
            elif not target.is_file() or target.read_text(encoding="utf-8") != origin:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(origin, encoding="utf-8")
        for stale in [p for p in self.folder.rglob("*") if p.is_file() and p.relative_to(self.folder).as_posix() not in wanted]:
            stale.unlink()
        return self.folder

    def close(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
