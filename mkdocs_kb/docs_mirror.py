"""The docs folder the build reads: the content's own pages, plus the record pages kb.model.records asks for.

Record pages (a hub's years, the ledgers' quarters) are generated, but
mkdocs-static-i18n only pairs languages, builds fallbacks and lists sitemap
alternates for files inside docs_dir, and mkdocs' in-memory generated files
are not among them. So the build reads a mirror: docs/ linked (only what
changed since the last build), and each record page written as a file with
its front matter in each language. docs/ itself stays content only.

The mirror's files are hard links to docs/, not copies: a large docs/ is
linked in a small fraction of the time copying it takes (bench/README.md), in
the build's main process before anything else can start. Where docs/ and the
temp folder are on different filesystems they are copied. Nothing is ever
written through a link: a file is unlinked before it is replaced.

`mkdocs serve` watches the folder the build reads, the mirror, and docs/ too
(mkdocs.yml's `watch:`): an edit in docs/ also changes the mirror's link to
the same file, and when the two folders were polled apart, each change
started a build: two builds of one edit. So the mirror is not watched.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import yaml

from kb import Catalog
from kb.model.records import RecordPage
from kb.project import layout
from kb.render.periods import record_title


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

    def unwatch(self, server, docs_dir: str) -> None:
        """`mkdocs serve`'s `server` watches the docs folder the build reads: not when it is this mirror."""
        if self.folder is not None and Path(docs_dir) == self.folder:
            server.unwatch(docs_dir)

    def close(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


def record_page_files(catalog: Catalog, records: dict[str, RecordPage]) -> dict[str, str]:
    """Each record page's file in each language (docs-relative path -> text): its front matter; the body is
    generated as the page is rendered."""
    files = {}
    for page, record in records.items():
        for lang in layout.LANGUAGES:
            title, description = record_title(catalog, record, lang)
            meta = {"title": title, "description": description}
            if record.kind == "claims":
                meta["hide"] = ["navigation", "toc"]  # the table takes the page's whole width
            front = yaml.safe_dump(meta, allow_unicode=True, width=4096)
            files[layout.localized(page, lang)] = f"---\n{front}---\n"
    return files


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
