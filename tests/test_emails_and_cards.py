"""Each issue's email and the share cards made beside the build (mkdocs_kb/emails_and_cards.py): the emails by a
forked copy, which then turns into a fresh interpreter drawing the cards."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from test_claim_history import CHECKS, add_check

from conftest import SITE_URL, copy_project
from kb import CatalogCache, ContentError
from kb.project import layout
from kb.publish import cards as kb_cards
from kb.publish import email_issue
from kb.publish.cards import card_files, write_cards
from kb.publish.email_issue import write_emails
from kb.publish.feeds import announced
from mkdocs_kb.emails_and_cards import EMAILS_WRITTEN, WORK_PREFIX, EmailsAndCards


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def made_here(catalog, folder: Path, names: dict[str, str], cache: Path) -> dict[str, bytes]:
    write_emails(catalog, folder, SITE_URL, names)
    write_cards(catalog, folder, names, cache)
    return tree(folder)


@pytest.fixture
def drawn_here(monkeypatch):
    """The cards this process draws (the cards' own process is another interpreter)."""
    drawn = []
    original = kb_cards.draw_card
    monkeypatch.setattr(kb_cards, "draw_card", lambda card, *fonts: drawn.append(card) or original(card, *fonts))
    return drawn


def wait_for(copy) -> None:
    """As if the build's pages took longer than the copy's work."""
    while copy.running():
        time.sleep(0.05)


def test_the_copy_makes_what_the_build_would(catalog, tmp_path, monkeypatch, drawn_here):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path / "cache"))
    names = layout.site_names()
    outputs = EmailsAndCards()
    outputs.start(catalog, SITE_URL, names)
    work, copy = outputs.work, outputs.copy
    assert work.name.startswith(WORK_PREFIX) and copy.pid
    wait_for(copy)
    assert os.waitstatus_to_exitcode(copy.status) == 0  # every card drawn
    outputs.finish(catalog, tmp_path / "site", SITE_URL, names)
    assert drawn_here == []  # every card drawn by the copy, copied from the cache
    assert not work.exists() and outputs.copy is None
    emails = {layout.issue_email(i.number, lang) for i in announced(catalog) for lang in layout.LANGUAGES}
    assert set(tree(tmp_path / "site")) == emails | card_files(catalog)
    assert tree(tmp_path / "site") == made_here(catalog, tmp_path / "here", names, tmp_path / "another-cache")


def test_what_the_copy_was_not_given_is_made_by_the_build(catalog, tmp_path, monkeypatch, drawn_here):
    """Other site names than the languages were built with: the build writes the emails and draws the cards."""
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path / "cache"))
    names = layout.site_names()
    outputs = EmailsAndCards()
    outputs.start(catalog, SITE_URL, {lang: name + "?" for lang, name in names.items()})
    outputs.finish(catalog, tmp_path / "site", SITE_URL, names)
    assert len(drawn_here) == len(card_files(catalog))
    assert tree(tmp_path / "site") == made_here(catalog, tmp_path / "here", names, tmp_path / "another-cache")


def test_the_build_draws_beside_the_copy_when_it_needs_the_cards(catalog, tmp_path, monkeypatch, drawn_here):
    """From the other end of the list, until it meets what the process has drawn (how far each gets is a matter of
    timing: here the build may well draw them all while the process starts)."""
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path / "cache"))
    names = layout.site_names()
    outputs = EmailsAndCards()
    outputs.start(catalog, SITE_URL, names)
    outputs.finish(catalog, tmp_path / "site", SITE_URL, names)
    every = kb_cards.cards(catalog, names)
    assert drawn_here == every[::-1][:len(drawn_here)]  # the last cards first
    assert tree(tmp_path / "site") == made_here(catalog, tmp_path / "here", names, tmp_path / "another-cache")


def test_cards_the_copy_did_not_draw_are_drawn_by_the_build(catalog, tmp_path, monkeypatch, drawn_here):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr("mkdocs_kb.emails_and_cards.draw_cards_instead", lambda *args: None)  # a copy that draws none
    names = layout.site_names()
    outputs = EmailsAndCards()
    outputs.start(catalog, SITE_URL, names)
    wait_for(outputs.copy)
    outputs.finish(catalog, tmp_path / "site", SITE_URL, names)
    assert len(drawn_here) == len(card_files(catalog))
    assert tree(tmp_path / "site") == made_here(catalog, tmp_path / "here", names, tmp_path / "another-cache")


def test_a_copy_that_failed_leaves_the_error_to_the_build(catalog, tmp_path, monkeypatch):
    """The copy says nothing; the build writes the emails itself, so the error shows in the build."""
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path / "cache"))

    def broken(*args, **kwargs):
        raise RuntimeError("the emails could not be written")

    monkeypatch.setattr("mkdocs_kb.emails_and_cards.write_emails", broken)
    outputs = EmailsAndCards()
    outputs.start(catalog, SITE_URL, layout.site_names())
    work = outputs.work
    with pytest.raises(RuntimeError, match="could not be written"):
        outputs.finish(catalog, tmp_path / "site", SITE_URL, layout.site_names())
    assert outputs.work is None and not work.exists()


def test_a_failed_build_stops_the_copy(catalog, tmp_path, monkeypatch):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr("mkdocs_kb.emails_and_cards.write_emails", lambda *args: time.sleep(60))  # a copy still writing
    outputs = EmailsAndCards()
    outputs.start(catalog, SITE_URL, layout.site_names())
    work, copy = outputs.work, outputs.copy.pid
    outputs.close()
    assert not work.exists() and not Path(f"/proc/{copy}").exists()


def test_a_build_is_given_its_catalog_as_soon_as_it_is_read_without_error(tmp_path):
    """Before the checks of the whole archive (kb.content.loading.read_catalog): once for a catalog read anew, never
    for one reused, never for one whose files could not be read."""
    project = copy_project(tmp_path / "project")
    cache, given = CatalogCache(reparse_edits=False), []
    catalog = cache.load(project, made=given.append)
    assert given == [catalog]
    assert cache.load(project, made=given.append) is catalog and given == [catalog]
    topics = project / layout.TOPICS_FILE
    topics.write_text("- id: [not, a, slug\n", encoding="utf-8")
    with pytest.raises(ContentError):
        cache.load(project, made=given.append)
    assert given == [catalog]


def test_the_catalog_a_build_is_given_early_makes_the_emails_and_cards_of_the_whole_load(tmp_path):
    """What the copy starts on (read_catalog's `made`) is the catalog the build ends with: the checks after it change
    nothing the emails and cards are made from (a watch entry's resolution, a later figure's check)."""
    project = copy_project(tmp_path / "project")
    for later, (earlier, verdict, reasons) in CHECKS.items():
        add_check(project, later, earlier, verdict, reasons)
    early = tmp_path / "early"

    def made(catalog):
        write_emails(catalog, early, SITE_URL, layout.site_names())
        write_cards(catalog, early, layout.site_names(), tmp_path / "cache")

    catalog = CatalogCache(reparse_edits=False).load(project, made=made)
    assert any(entry.resolved_by for entry in catalog.watch) and any(c.checked_by for c in catalog.claims)
    assert tree(early) == made_here(catalog, tmp_path / "late", layout.site_names(), tmp_path / "another-cache")


def test_the_copy_stops_writing_emails_when_the_pages_conversion_starts(catalog, tmp_path, monkeypatch):
    """One copy of the build at a time: the emails the copy was stopped before, the build writes at the end."""
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path / "cache"))
    real = email_issue.issue_email
    monkeypatch.setattr(email_issue, "issue_email", lambda *args: time.sleep(0.3) or real(*args))  # a long archive
    names = layout.site_names()
    outputs = EmailsAndCards()
    outputs.start(catalog, SITE_URL, names)
    while not list((outputs.work / "site").rglob("*.eml")):  # the copy under way
        time.sleep(0.02)
    outputs.pages_start()
    while not (outputs.work / EMAILS_WRITTEN).exists():
        time.sleep(0.02)
    by_the_copy = len(list((outputs.work / "site").rglob("*.eml")))
    outputs.finish(catalog, tmp_path / "site", SITE_URL, names)
    monkeypatch.undo()  # the emails at their own pace
    expected = made_here(catalog, tmp_path / "here", names, tmp_path / "another-cache")
    assert 0 < by_the_copy < len([name for name in expected if name.endswith(".eml")])
    assert tree(tmp_path / "site") == expected
