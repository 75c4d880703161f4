"""Each issue's email and the share cards made in a forked copy beside the build (mkdocs_kb/emails_and_cards.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SITE_URL
from kb.project import layout
from kb.publish import cards as kb_cards
from kb.publish.cards import card_files
from mkdocs_kb.emails_and_cards import WORK_PREFIX, EmailsAndCards, write_emails_and_cards

def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def expected_names(catalog) -> set[str]:
    emails = {layout.issue_email(i.number, lang) for i in catalog.issues for lang in layout.LANGUAGES}
    return emails | card_files(catalog)


def test_the_copy_writes_what_the_build_would_and_the_build_moves_it_in(catalog, tmp_path, monkeypatch):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path / "cache"))
    names = layout.site_names()
    write_emails_and_cards(catalog, tmp_path / "here", SITE_URL, names)
    outputs = EmailsAndCards()
    outputs.start(catalog, SITE_URL, names)
    work = outputs.work
    assert work.name.startswith(WORK_PREFIX) and outputs.copy.pid
    outputs.finish(catalog, tmp_path / "site", SITE_URL, names)
    assert tree(tmp_path / "site") == tree(tmp_path / "here")
    assert set(tree(tmp_path / "site")) == expected_names(catalog)
    assert not work.exists() and outputs.copy is None


def test_what_the_copy_was_not_given_is_made_by_the_build(catalog, tmp_path, monkeypatch):
    """Names other than the languages were built with: the copy's files are left, the build makes its own."""
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path / "cache"))
    names = layout.site_names()
    outputs = EmailsAndCards()
    outputs.start(catalog, SITE_URL, {lang: name + "?" for lang, name in names.items()})
    outputs.finish(catalog, tmp_path / "site", SITE_URL, names)
    write_emails_and_cards(catalog, tmp_path / "here", SITE_URL, names)
    assert tree(tmp_path / "site") == tree(tmp_path / "here")


def test_a_copy_that_failed_leaves_the_error_to_the_build(catalog, tmp_path, monkeypatch):
    """The copy says nothing; the build does the work itself, so the error shows in the build."""
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path / "cache"))

    def broken(*args, **kwargs):
        raise RuntimeError("the cards could not be drawn")

    monkeypatch.setattr("mkdocs_kb.emails_and_cards.write_cards", broken)
    outputs = EmailsAndCards()
    outputs.start(catalog, SITE_URL, layout.site_names())
    work = outputs.work
    with pytest.raises(RuntimeError, match="could not be drawn"):
        outputs.finish(catalog, tmp_path / "site", SITE_URL, layout.site_names())
    assert outputs.work is None and not work.exists()


def test_a_failed_build_stops_the_copy_and_removes_its_folder(catalog, tmp_path, monkeypatch):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(kb_cards, "draw_card", lambda *args: __import__("time").sleep(60))  # a copy still drawing
    outputs = EmailsAndCards()
    outputs.start(catalog, SITE_URL, layout.site_names())
    work, pid = outputs.work, outputs.copy.pid
    outputs.close()
    assert not work.exists() and not Path(f"/proc/{pid}").exists()
