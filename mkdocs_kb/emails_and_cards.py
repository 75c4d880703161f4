"""Each issue's email and the share cards, made while the catalog's checks leave the second core idle.

They need only the catalog and the site's names and address, all known once the default language's catalog is
whole. Made after every language was written, they were most of the end of a build, where the build works alone;
started as the catalog is whole, they take the second core while the catalog's last checks of the whole archive
leave it idle (measured: bench/README.md, mkdocs_kb/emails_and_cards.py).

A forked copy of the build writes the emails, which need the model, into a work folder of its own (mkdocs
empties each language's site folder when that language's build starts). A copy holds what the build held, and
more of it the longer both run: beside the copy that converts half of the pages (split_conversion.py) the two
took the bench's largest build over its memory budget. So when the pages' conversion starts (`pages_start`), the copy
stops after the email it is writing; the build writes the rest at the end. Then, as the cards need only their
text, the copy turns into a fresh interpreter that draws them into the cards' cache (kb.publish.cards
.draw_cards_instead), giving back the build's memory it held.

Once every language is written, the build moves the copy's emails into the site, writes any it did not, and copies
the cards from the cache, drawing those not drawn yet from the other end of the list: before the feeds (which
enclose each email) and before the firewall checks the site. Emails written for other site names or another
address than the languages were built with it writes again; an error shows in the build as it would have. Only
where the build may fork (`mkdocs build`: split_conversion.py); `mkdocs serve` makes both at the end.
"""
from __future__ import annotations

import os
import shutil
import signal
import tempfile
import time
from functools import partial
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from kb import Catalog
from kb.base.forked import ForkedWork
from kb.project import layout
from kb.publish.cards import cache_folder, cards, draw_cards, draw_cards_instead, write_cards
from kb.publish.email_issue import write_emails
from kb.search.site_index import remove_left_behind

WORK_PREFIX = "kb-out-"  # its work folder: kb-out-<the build's pid>-<random>
EMAILS_WRITTEN = "emails-written"  # in the work folder once the copy is done with emails (all, or those before STOP)
STOP = signal.SIGUSR1  # to the copy: no more emails
POLL_S = 0.05  # how often the build, ready for the emails before the copy is, looks for them


def names_ahead(config: MkDocsConfig) -> dict[str, str]:
    """Each language's site name as its build will have it, known as the default language's starts:
    mkdocs-static-i18n's own for the language, else the site's."""
    named = {lang.locale: lang.site_name for lang in config.plugins["i18n"].config.languages}
    return {lang: named.get(lang) or config.site_name for lang in layout.LANGUAGES}


def _emails_then_cards(catalog: Catalog, work: Path, site_url: str, site_names: dict[str, str]) -> None:
    """In the copy: the emails until told to stop (STOP: a copy told before it listens ends, and the build does its
    work), then the cards."""
    told: list[int] = []
    signal.signal(STOP, lambda number, frame: told.append(number))
    write_emails(catalog, work / "site", site_url, site_names, until=lambda: bool(told))
    (work / EMAILS_WRITTEN).touch()
    draw_cards_instead(cards(catalog, site_names), cache_folder(), work / "cards.json")


class EmailsAndCards:
    def __init__(self):
        self.copy: ForkedWork | None = None  # writes the emails, then draws the cards
        self.work: Path | None = None  # the copy's folder: site/, laid out like the site, and the cards' task
        self.given: tuple | None = None  # what the copy was given: (catalog, address, names)

    def start(self, catalog: Catalog, site_url: str, site_names: dict[str, str]) -> None:
        """The copy starts on `catalog` (once for a catalog)."""
        if self.given is not None and self.given[0] is catalog:
            return
        self.close()  # a rebuild starts over
        remove_left_behind(Path(tempfile.gettempdir()), WORK_PREFIX)
        self.work = Path(tempfile.mkdtemp(prefix=f"{WORK_PREFIX}{os.getpid()}-"))
        self.given = (catalog, site_url, dict(site_names))
        self.copy = ForkedWork(partial(_emails_then_cards, catalog, self.work, site_url, site_names))

    def pages_start(self) -> None:
        """The pages' conversion is about to fork its own copy: this one writes no more emails."""
        if self.copy is not None and self.copy.running() and not (self.work / EMAILS_WRITTEN).exists():
            os.kill(self.copy.pid, STOP)

    def finish(self, catalog: Catalog, site: Path, site_url: str, site_names: dict[str, str]) -> None:
        """Every language is written: the emails and cards into `site`, from the copy and the cache, or made here."""
        try:
            if self.copy is not None:
                emails = self.work / EMAILS_WRITTEN
                while self.copy.running() and not emails.exists():
                    time.sleep(POLL_S)  # the emails first
                if self.copy.running():
                    # Still drawing (a machine busy with other work): the cards left are drawn here too, from the
                    # other end of the list, until the two meet (each skips a card the other has cached)
                    draw_cards(cards(catalog, site_names)[::-1], cache_folder())
                self.copy.finished()
            given = self.given
            if given is not None and (self.work / EMAILS_WRITTEN).exists() and given[0] is catalog \
                    and given[1:] == (site_url, site_names):
                written = self.work / "site"
                for path in sorted(written.rglob("*")):
                    if path.is_file():
                        target = site / path.relative_to(written)
                        target.parent.mkdir(parents=True, exist_ok=True)
                        shutil.move(path, target)
                # those it was stopped before, half in a forked copy: the build's second core is idle by now
                write_emails(catalog, site, site_url, site_names, missing_only=True, split=True)
            else:
                write_emails(catalog, site, site_url, site_names)
            write_cards(catalog, site, site_names)  # from the cache, drawing any card not there
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
