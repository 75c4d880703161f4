"""Python's cycle collector, tuned for a build that loads one large catalog and keeps it to the end.

With the default thresholds a build spends seconds of its main process in the
collector: thousands of young collections, and full ones, each walking the
whole catalog. Frozen once loaded, the catalog is no longer walked, and with
fewer, larger young collections the collector takes a fraction of that, no
full collection at all, for the same peak memory. A forked copy of the build
(mkdocs_kb/split_conversion.py) then also leaves the catalog's pages shared
with the build instead of copying them as it collects.

The thresholds are raised before the catalog loads: loaded with the defaults,
it made full collections, each walking the catalog loaded so far, whose cost
grew faster than the archive, and not one of them found garbage; tuned first,
it makes one. At the end of an mkdocs command (on_shutdown) the build is
frozen once more: the process ends next, and the full collection Python makes
as it ends walked everything the build held, to free what the process's exit
frees anyway; frozen, it walks nothing.

The feeds, the export and the claims data are made with the collector paused:
plain records, dicts and strings (no cycles to find), built in one go, so each
young collection walked the records made so far, a cost that grows with the
archive. The defaults come back only after them (mkdocs_kb/build.py): restored
before, full collections walked every page of both languages as they were made.

bench/README.md has the figures ("The build's mechanisms").
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG, MIDDLE, OLD = 10_000, 10, 10  # the defaults are 700, 10, 10


class Collector:
    def __init__(self):
        self.defaults: tuple[int, int, int] | None = None  # while tuned

    def tune(self) -> None:
        """Fewer, larger collections from now on (before the catalog loads)."""
        if self.defaults is None:
            self.defaults = gc.get_threshold()
            gc.set_threshold(YOUNG, MIDDLE, OLD)

    def freeze(self) -> None:
        """The objects alive now (the catalog) are left out of every later collection."""
        if self.defaults is not None:
            gc.freeze()

    def restore(self) -> None:
        if self.defaults is not None:
            gc.set_threshold(*self.defaults)
            gc.unfreeze()
            self.defaults = None

    @staticmethod
    @contextmanager
    def paused() -> Iterator[None]:
        """No collection while the block runs: for work that makes many objects and no cycles."""
        running = gc.isenabled()
        gc.disable()
        try:
            yield
        finally:
            if running:
                gc.enable()

    @staticmethod
    def process_ends() -> None:
        """Nothing runs after this but the process's exit: no last collection walks what it frees anyway."""
        gc.freeze()
