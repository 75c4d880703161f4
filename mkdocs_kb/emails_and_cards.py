"""Each issue's email and the share cards, made while the build builds the pages.

They need only the catalog and the site's names and address, all known once the default language's catalog is
read. Made after every language was written, they were most of the end of a build, where the build works alone;
started as the catalog is read, they take the second core while the catalog's checks of the whole archive leave
it idle, and then whatever time the pages leave it (measured: bench/README.md, mkdocs_kb/emails_and_cards.py).

- The emails need the model: a forked copy of the build writes them (kb.base.forked.ForkedWork), into a work
  folder of its own, as mkdocs empties each language's site folder when that language's build starts. A copy
  holds what the build held, and more of it the longer both run, so it does only the emails.
- The cards need only their text: a process of its own draws them into the cards' cache, at a lower priority
  (kb.publish.cards.draw_in_process), in the memory of one drawing. Whatever it has not drawn when the build
  needs the cards, the build draws too, at its own priority, from the other end of the list.

Once every language is written, the build waits for both, moves the emails into the site and copies the cards
from the cache, before the feeds (which enclose each email) and before the firewall checks the site. What the
copy did not write, or wrote for other site names or another address than the languages were built with, the
build writes itself, and any card not drawn it draws, so an error shows as it would have. Only where the build
may fork (`mkdocs build`: mkdocs_kb/split_conversion.py); `mkdocs serve` makes both at the end, in the build.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from functools import partial
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from kb import Catalog
from kb.base.forked import ForkedWork
from kb.project import layout
from kb.publish.cards import cache_folder, cards, draw_cards, draw_in_process, write_cards
from kb.publish.email_issue import write_emails
from kb.search.site_index import remove_left_behind

WORK_PREFIX = "kb-out-"  # its work folder: kb-out-<the build's pid>-<random>


def names_ahead(config: MkDocsConfig) -> dict[str, str]:
    """Each language's site name as its build will have it, known as the default language's starts:
    mkdocs-static-i18n's own for the language, else the site's."""
    named = {lang.locale: lang.site_name for lang in config.plugins["i18n"].config.languages}
    return {lang: named.get(lang) or config.site_name for lang in layout.LANGUAGES}


class EmailsAndCards:
    def __init__(self):
        self.copy: ForkedWork | None = None  # writes the emails
        self.drawing: subprocess.Popen | None = None  # draws the cards
        self.work: Path | None = None  # the copy's folder: site/, laid out like the site, and the cards' task
        self.given: tuple | None = None  # what the copy was given: (catalog, address, names)

    def start(self, catalog: Catalog, site_url: str, site_names: dict[str, str]) -> None:
        """The copy and the cards' process start on `catalog` (once for a catalog)."""
        if self.given is not None and self.given[0] is catalog:
            return
        self.close()  # a rebuild starts over
        remove_left_behind(Path(tempfile.gettempdir()), WORK_PREFIX)
        self.work = Path(tempfile.mkdtemp(prefix=f"{WORK_PREFIX}{os.getpid()}-"))
        self.given = (catalog, site_url, dict(site_names))
        self.copy = ForkedWork(partial(write_emails, catalog, self.work / "site", site_url, site_names))
        self.drawing = draw_in_process(cards(catalog, site_names), cache_folder(), self.work / "cards.json")

    def finish(self, catalog: Catalog, site: Path, site_url: str, site_names: dict[str, str]) -> None:
        """Every language is written: the emails and cards into `site`, from the copy and the cache, or made here."""
        try:
            if self.drawing is not None and self.drawing.poll() is None:
                # Still drawing, at its lower priority: the cards left are drawn here too, from the other end of
                # the list, until the two meet (each skips a card the other has cached)
                draw_cards(cards(catalog, site_names)[::-1], cache_folder())
                self.drawing.wait()
            given = self.given
            if self.copy is not None and self.copy.finished() and given[0] is catalog and given[1:] == (site_url, site_names):
                written = self.work / "site"
                for path in sorted(written.rglob("*")):
                    if path.is_file():
                        target = site / path.relative_to(written)
                        target.parent.mkdir(parents=True, exist_ok=True)
                        shutil.move(path, target)
            else:
                write_emails(catalog, site, site_url, site_names)
            write_cards(catalog, site, site_names)  # from the cache, drawing any card not there
        finally:
            self.close()

    def close(self) -> None:
        """Stop the copy and the cards' process if they still run (a failed build) and remove their folder."""
        if self.copy is not None:
            self.copy.stop()
            self.copy = None
        if self.drawing is not None:
            if self.drawing.poll() is None:
                self.drawing.kill()
            self.drawing.wait()
            self.drawing = None
        if self.work is not None:
            shutil.rmtree(self.work, ignore_errors=True)
            self.work = None
        self.given = None
