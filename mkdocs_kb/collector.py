"""Python's cycle collector, tuned for a build that loads one large catalog and keeps it to the end.

With the default thresholds a 520-issue build spent 3.1 s of its main process in
the collector (4,053 young and 16 full collections, each full one walking the
whole catalog). Frozen once loaded, the catalog is no longer walked, and with
fewer, larger young collections the collector took 1.2 s (225 young, 20
middle, no full collection); the build's peak memory (all its processes) was
654 MB, against 659 MB in the benchmark before. A forked copy of
the build (mkdocs_kb/split_conversion.py) then also leaves the catalog's pages
shared with the build instead of copying them as it collects.

The thresholds are raised before the catalog loads: loading it with the
defaults made 20 full collections at 1,040 issues, each walking the catalog
loaded so far, 2.9 s in all (0.9 s at 520: they grew faster than the archive),
and not one of them found garbage; tuned first, it made one, of 0.44 s. At the
end of an mkdocs command (on_shutdown) the build is frozen once more: the
process ends next, and the full collection Python makes as it ends walked
everything the build held, 1.2 s at 1,040 issues (0.56 s at 520), to free what
the process's exit frees anyway; frozen, it walks nothing.

The feeds, the export and the claims data are made with the collector paused:
plain records, dicts and strings (no cycles to find), built in one go, so each
young collection walked the records made so far. The export, made first in a
process that has just loaded the catalog, five runs each: median 3.8 s at
1,040 issues with the collector running, 3.0 s paused; at 520 no difference
(1.35 s against 1.38 s): the young collections' cost grew with the archive.
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
