"""Each issue's email and the share cards, made in a forked copy of the build while it builds the pages.

They need only the catalog and the site's names and address, all known as the default language's build
starts. Made after every language was written, they were most of the end of a build, where the build works
alone; made beside the pages, they take the second core when the pages leave it time (measured:
bench/README.md, mkdocs_kb/emails_and_cards.py). The copy writes them into a work folder of its own, as
mkdocs empties each language's site folder when that language's build starts; once every language is
written, the build waits for the copy and moves its files into the site, before the feeds (which enclose
each email) and before the firewall checks the site. If the copy failed, or the names or address it was given
are not the ones the languages were built with, the build makes them itself, so an error shows as it would
have. Only where the build may fork (`mkdocs build`: mkdocs_kb/split_conversion.py); `mkdocs serve` makes
them at the end, in the build itself.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from functools import partial
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from kb import Catalog
from kb.base.forked import ForkedWork
from kb.project import layout
from kb.publish.cards import write_cards
from kb.publish.email_issue import write_emails
from kb.search.site_index import remove_left_behind

WORK_PREFIX = "kb-out-"  # its work folder: kb-out-<the build's pid>-<random>


def write_emails_and_cards(catalog: Catalog, folder: Path, site_url: str, site_names: dict[str, str]) -> None:
    """Every issue's email, then every share card, into `folder` (a site, or a folder laid out like one)."""
    write_emails(catalog, folder, site_url, site_names)
    write_cards(catalog, folder, site_names)


def names_ahead(config: MkDocsConfig) -> dict[str, str]:
    """Each language's site name as its build will have it, known as the default language's starts:
    mkdocs-static-i18n's own for the language, else the site's."""
    named = {lang.locale: lang.site_name for lang in config.plugins["i18n"].config.languages}
    return {lang: named.get(lang) or config.site_name for lang in layout.LANGUAGES}


class EmailsAndCards:
    def __init__(self):
        self.copy: ForkedWork | None = None
        self.work: Path | None = None  # the copy's folder, laid out like the site
        self.given: tuple | None = None  # what the copy was given: (catalog, address, names)

    def start(self, catalog: Catalog, site_url: str, site_names: dict[str, str]) -> None:
        """The default language's build starts: the copy starts on them."""
        self.close()  # a rebuild starts over
        remove_left_behind(Path(tempfile.gettempdir()), WORK_PREFIX)
        self.work = Path(tempfile.mkdtemp(prefix=f"{WORK_PREFIX}{os.getpid()}-"))
        self.given = (catalog, site_url, dict(site_names))
        self.copy = ForkedWork(partial(write_emails_and_cards, catalog, self.work, site_url, site_names))

    def finish(self, catalog: Catalog, site: Path, site_url: str, site_names: dict[str, str]) -> None:
        """Every language is written: the emails and cards into `site`, from the copy or made here."""
        try:
            given = self.given
            if self.copy is not None and self.copy.finished() and given[0] is catalog and given[1:] == (site_url, site_names):
                for path in sorted(self.work.rglob("*")):
                    if path.is_file():
                        target = site / path.relative_to(self.work)
                        target.parent.mkdir(parents=True, exist_ok=True)
                        shutil.move(path, target)
            else:
                write_emails_and_cards(catalog, site, site_url, site_names)
        finally:
            self.close()

    def close(self) -> None:
        """Stop the copy if it still runs (a failed build) and remove its folder."""
        if self.copy is not None:
            self.copy.stop()
            self.copy = None
        if self.work is not None:
            shutil.rmtree(self.work, ignore_errors=True)
            self.work = None
        self.given = None
