"""A time budget for rendering and converting one page.

Python-Markdown takes time quadratic in some inputs: 16,000 unmatched `[` in
one page took 85 s here, and the checker cannot foresee every such input. A
page that takes longer than the plugin's `page_seconds` stops the build with its name.
The alarm works in the main thread, where `mkdocs build` renders; `mkdocs
serve` rebuilds elsewhere and goes without it.
"""
from __future__ import annotations

import signal
import threading

from mkdocs.exceptions import PluginError

class PageBudget:
    def __init__(self):
        self.seconds = 0.0  # set from the plugin's `page_seconds` (20: the largest page at 1,040 issues takes under 1 s)
        self.page: str | None = None

    def start(self, page: str, seconds: float) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        self.page, self.seconds = page, seconds
        signal.signal(signal.SIGALRM, self._expired)
        signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def stop(self) -> None:
        if self.page is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            self.page = None

    def _expired(self, signum, frame):
        page, self.page = self.page, None
        raise PluginError(f"{page}: took over {self.seconds:g} s to render — it holds something Markdown reads "
                          "very slowly (thousands of unmatched `[`, say); simplify it")
