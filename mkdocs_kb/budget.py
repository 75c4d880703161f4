"""Time budgets: for rendering and converting one page, and for all of one language's pages together.

Python-Markdown takes time quadratic in some inputs (thousands of unmatched `[`
in one page: bench/README.md has what that took), and the checker cannot
foresee every such input. A page that takes longer than the plugin's
`page_seconds` stops the build with its name. The alarm works in the main
thread, where `mkdocs build` renders; `mkdocs serve` rebuilds elsewhere and
goes without it.

A cost every page shares slips under that budget: a long glossary, appended to
every page, made each many times slower (bench/README.md), each far under its
own budget, and the build hours. So the render phase of each language (from
the navigation to the templates, both processes of a split conversion) has a
budget too, `build_seconds` plus `build_ms_per_page` for each page; over it,
the build stops, naming the page that took most of it, or, when the time is
spread over every page, what every page includes.
"""
from __future__ import annotations

import logging
import signal
import threading
import time
from dataclasses import dataclass, field

from mkdocs.exceptions import PluginError

log = logging.getLogger("mkdocs.plugins.kb")


OUTLIER = 5  # times the median page's time: a page that slow is the cause, not what every page shares
PEERS = 3  # other pages converted, at least, before one can be said to stand out from them


class PageBudget:
    def __init__(self):
        self.seconds = 0.0  # set from the plugin's `page_seconds`, many times what the largest page takes (bench/README.md)
        self.page: str | None = None
        self.build: BuildBudget | None = None  # the phase's budget, when it ends before the page's

    def start(self, page: str, seconds: float, build: BuildBudget | None = None) -> None:
        """The alarm for `page`: at `seconds`, or where what is left of `build` ends, whichever comes first."""
        if build is not None:
            build.page_started(page)  # over already: stops here
        if threading.current_thread() is not threading.main_thread():
            return
        left = build.left() if build is not None else seconds
        self.page, self.seconds, self.build = page, seconds, build if left < seconds else None
        signal.signal(signal.SIGALRM, self._expired)
        signal.setitimer(signal.ITIMER_REAL, min(seconds, left))

    def stop(self) -> None:
        if self.page is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            self.page = None

    def _expired(self, signum, frame):
        page, self.page = self.page, None
        if self.build is not None and self.build.started is not None:  # the phase's budget ran out first
            raise PluginError(self.build.blame(time.perf_counter() - self.build.started))
        raise PluginError(f"{page}: took over {self.seconds:g} s to render — it holds something Markdown reads "
                          "very slowly (thousands of unmatched `[`, say); simplify it")


@dataclass
class Shared:
    """What every page of a language includes, named when no one page is to blame for the time."""
    path: str  # e.g. snippets/abbreviations.en.md
    what: str  # how much of it there is, e.g. "1,000 abbreviations"


@dataclass
class BuildBudget:
    """The render phase of one language, against `seconds` (its budget); `pages`: the time of each page converted
    in this process, to name the one to blame."""
    seconds: float = 0.0
    shared: Shared | None = None
    started: float | None = None  # perf_counter() at the start of the phase; None outside one
    pages: dict[str, float] = field(default_factory=dict)
    page: tuple[str, float] | None = None  # the page being converted, and when it started
    first: str | None = None  # the first page converted: it carries what the first page of a build warms up

    def start(self, pages: int, seconds: float, ms_per_page: float, shared: Shared | None) -> None:
        self.seconds, self.shared = seconds + pages * ms_per_page / 1000, shared
        self.started, self.pages, self.page, self.first = time.perf_counter(), {}, None, None

    def left(self) -> float:
        """Seconds left of the budget (infinite outside a phase)."""
        return float("inf") if self.started is None else self.seconds - (time.perf_counter() - self.started)

    def page_started(self, page: str) -> None:
        self.check()
        self.page = (page, time.perf_counter())
        if self.first is None:
            self.first = page

    def page_done(self) -> None:
        """The page being converted is done: over the budget, the build stops here."""
        if self.page is not None:
            page, began = self.page
            self.pages[page] = self.pages.get(page, 0.0) + time.perf_counter() - began
            self.page = None
        self.check()

    def check(self) -> None:
        """Over the budget: the build stops, and so does every page after (a split conversion's copy fails
        each of its pages at once, and the build converts none again)."""
        if self.started is not None and self.left() <= 0:
            raise PluginError(self.blame(time.perf_counter() - self.started))

    def finish(self) -> None:
        """The phase is over (both processes' pages converted): its time, checked once more, and logged."""
        self.check()
        if self.started is not None:
            log.info(f"pages rendered in {time.perf_counter() - self.started:.1f} s (the budget: {self.seconds:.1f} s)")
        self.started = None

    def blame(self, spent: float) -> str:
        """Who the time went to: a page that took half the budget, else what every page includes."""
        if self.page is not None:  # stopped in the middle of a page: its time so far counts
            page, began = self.page
            self.pages[page] = self.pages.get(page, 0.0) + time.perf_counter() - began
            self.page = None
        total = sum(self.pages.values())
        over = f"took {spent:.1f} s to render, over the {self.seconds:.1f} s this build allows"
        if self.pages:
            slowest = max(self.pages, key=self.pages.get)
            others = sorted(t for p, t in self.pages.items() if p != slowest)
            # a page is to blame when it took the whole budget by itself, or stands out from enough others (a
            # slow machine slows them all alike); the first page converted stands out only by itself, as it
            # carries what the build warms up with it (a machine under load made that the home page's share of a
            # glossary every page includes); when every page is slow, or too few were converted to tell, what
            # they all include is
            alone = self.pages[slowest] >= self.seconds
            stands_out = (len(others) >= PEERS and slowest != self.first
                          and self.pages[slowest] > OUTLIER * others[len(others) // 2])
            if self.shared is None or alone or (stands_out and self.pages[slowest] >= self.seconds / 4):
                return (f"{slowest}: the pages {over}, {self.pages[slowest]:.1f} s of it this page's — it holds "
                        "something Markdown reads very slowly; simplify it")
        average = total / max(len(self.pages), 1) * 1000
        return (f"{self.shared.path}: the pages {over}, each about {average:,.0f} ms, no one page most of it — "
                f"every page includes this file ({self.shared.what}), which Markdown reads with each; make it shorter")


class RenderBudget:
    """Both budgets as a language's build runs them: the language's from the navigation to the templates, and
    each page's from its Markdown to its HTML. A page the split conversion's copy converts counts against the
    language's budget there, in the copy (forked once the language's budget started), and here only against
    its own."""

    def __init__(self):
        self.page = PageBudget()
        self.language = BuildBudget()

    def language_starts(self, pages: int, seconds: float, ms_per_page: float, shared: Shared) -> None:
        self.language.start(pages, seconds, ms_per_page, shared)

    def page_starts(self, page: str, seconds: float, here: bool = True) -> None:
        """`page` (docs/...) is rendered and converted from now, in this process if `here`."""
        self.page.start(page, seconds, self.language if here else None)

    def page_done(self) -> None:
        self.page.stop()
        self.language.page_done()

    def language_done(self) -> None:
        """Every page of the language is converted, in both processes."""
        self.language.finish()

    def reset(self) -> None:
        """A failed build: no language's budget runs on into the next."""
        self.language = BuildBudget()
