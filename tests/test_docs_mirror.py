"""The docs folder a build reads (mkdocs_kb/docs_mirror.py): docs/ linked, the record pages written beside it."""
from __future__ import annotations

import errno
import os

import pytest

from mkdocs_kb import docs_mirror
from mkdocs_kb.docs_mirror import DocsMirror


@pytest.fixture
def docs(tmp_path):
    folder = tmp_path / "docs"
    (folder / "issues").mkdir(parents=True)
    (folder / "index.md").write_text("# 首页\n", encoding="utf-8")
    (folder / "issues" / "001.md").write_text("# 第 1 期\n", encoding="utf-8")
    return folder


def _tree(folder) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_mirror_holds_docs_and_the_generated_pages_and_docs_stays_as_it_was(docs):
    mirror = DocsMirror()
    before = _tree(docs)
    try:
        folder = mirror.update(docs, {"claims/2026-11.md": "---\ntitle: 2026 年 11 月\n---\n"})
        assert _tree(folder) == {**before, "claims/2026-11.md": "---\ntitle: 2026 年 11 月\n---\n".encode()}
        assert (folder / "index.md").stat().st_ino == (docs / "index.md").stat().st_ino  # linked, not copied
        # a generated page where a file of docs/ was mirrored replaces the link, and never writes through it
        folder = mirror.update(docs, {"index.md": "generated\n"})
        assert (folder / "index.md").read_text(encoding="utf-8") == "generated\n"
        assert _tree(docs) == before
        # and the file of docs/ comes back once nothing generates that page
        folder = mirror.update(docs, {})
        assert _tree(folder) == before and _tree(docs) == before
    finally:
        mirror.close()
    assert not folder.exists() and _tree(docs) == before  # closing removes the mirror, never docs/


def test_an_unchanged_file_is_left_alone_and_a_replaced_one_is_mirrored_again(docs):
    """`mkdocs serve` must not see a change the mirror made itself; an editor that saves by renaming a new
    file over the old one leaves the mirror's link on the old file, which is replaced."""
    mirror = DocsMirror()
    try:
        folder = mirror.update(docs, {"watch/2026.md": "watch\n"})
        stamps = {p: p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}
        mirror.update(docs, {"watch/2026.md": "watch\n"})
        assert {p: p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()} == stamps
        saved = docs / "issues" / "001.md.new"
        saved.write_text("# 第 1 期（改）\n", encoding="utf-8")
        os.replace(saved, docs / "issues" / "001.md")
        mirror.update(docs, {"watch/2026.md": "watch\n"})
        assert (folder / "issues" / "001.md").read_text(encoding="utf-8") == "# 第 1 期（改）\n"
        (docs / "issues" / "001.md").unlink()
        assert "issues/001.md" not in _tree(mirror.update(docs, {}))  # a removed page leaves the mirror too
    finally:
        mirror.close()


def test_on_another_filesystem_the_files_are_copied(docs, monkeypatch):
    def cross_device(origin, target):
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(docs_mirror.os, "link", cross_device)
    mirror = DocsMirror()
    try:
        folder = mirror.update(docs, {})
        assert _tree(folder) == _tree(docs)
        assert (folder / "index.md").stat().st_ino != (docs / "index.md").stat().st_ino
    finally:
        mirror.close()
