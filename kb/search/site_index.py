"""The site's search index built while the site is written, in a second process (kb.search.index does the work).

A build hands each page over once it is written (`page_built`, called as the
next page is built: mkdocs writes a page right after building it), and says when
the pages written so far are whole languages (`languages_written`: when the
next language's build starts, and at the end). The second process reads each
page's records as it arrives, indexes each run of a language as soon as its
pages fill it, finishes a language's runs once it is whole, and `finish` waits
for it and writes site/pagefind/. So the Chinese pages are indexed while the
English ones are built, and the English ones while they are written and while
the build checks the site. mkdocs converts all of a language's Markdown before
it builds and writes its first page, so its pages are written in its last
seconds, and runs indexed as they fill start there, not earlier.

The second process reads the pages from disk, as Pagefind would.
"""
from __future__ import annotations

import json
import os
import pickle
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Mapping
from pathlib import Path

from kb.search.index import Runs, SearchRuns, site_pages, write_search_index
from kb.search.ranking import SHARD_BYTES
from kb.search.records import PageRecords

TASK, RESULT, ERRORS = "task.pickle", "runs.json", "errors.txt"  # the second process's files in its work folder
WORK_PREFIX = "kb-search-"  # its work folder: kb-search-<the build's pid>-<random>
BATCH = 50  # pages handed over at a time


class SiteIndex:
    """The search index of `site`, built in a second process while the build writes the site."""

    def __init__(self, site: Path | str, records: Mapping[str, PageRecords] | None = None,
                 shard_bytes: int = SHARD_BYTES):
        self.site = Path(os.path.abspath(site))  # as mkdocs writes the pages' paths: not resolved
        # Its work (Pagefind's runs, moved into the site at the end) in the temp folder
        remove_left_behind(Path(tempfile.gettempdir()))
        self.work = Path(tempfile.mkdtemp(prefix=f"{WORK_PREFIX}{os.getpid()}-"))
        (self.work / TASK).write_bytes(pickle.dumps((str(self.site), dict(records or {}), shard_bytes)))
        # Its own process group, so that close() stops Pagefind with it: killed alone, it left Pagefind running
        # on a removed work folder, and holding the build's output open, long after a failed build (a CI run
        # waited for it until its time ran out). Nothing of it writes to the build's own output.
        with open(self.work / ERRORS, "wb") as errors:
            self.process = subprocess.Popen([sys.executable, "-m", __name__, str(self.work)], stdin=subprocess.PIPE,
                                            stdout=errors, stderr=errors, start_new_session=True,
                                            text=True, encoding="utf-8")
        self.handed: set[Path] = set()
        self.waiting: list[Path] = []  # written, not handed over yet
        self.building: Path | None = None  # built, being written
        self.whole = True  # no page was handed over since the last language was indexed

    def page_built(self, path: Path | str) -> None:
        """The page at `path` is built and about to be written: the one built before it is written."""
        if self.building is not None:
            self.waiting.append(self.building)
        self.building = self.site / path
        if len(self.waiting) >= BATCH:
            self._hand_over(self.waiting)
            self.waiting = []

    def languages_written(self) -> None:
        """Every page written so far is of languages written whole: index them (in the second process)."""
        self.building = None
        self.waiting = []
        self._hand_over(site_pages(self.site))
        if not self.whole:
            self._send({"index": True})
            self.whole = True

    def site_written(self) -> None:
        """Every language is written: index the last one, and let Pagefind take every core (from here on the
        build only writes its small files and checks the site)."""
        self._send({"threads": os.cpu_count() or 1})
        self.languages_written()

    def finish(self) -> None:
        """Index what is left, wait for the second process, and write site/pagefind/."""
        try:
            self.languages_written()  # any page not handed over yet
            self.process.stdin.close()
            if self.process.wait():
                errors = (self.work / ERRORS).read_text(encoding="utf-8", errors="replace").strip()
                raise RuntimeError(f"the search index could not be built:\n{errors[-3000:]}")
            result = json.loads((self.work / RESULT).read_text(encoding="utf-8"))
            write_search_index(self.site, {code: [Path(b) for b in runs] for code, runs in result["runs"].items()},
                               result["hidden"])
        finally:
            self.close()

    def close(self) -> None:
        """Stop the second process and its Pagefind if they still run (a failed build) and remove their work."""
        if self.process.returncode is None:  # not waited for yet: its pid still names its process group
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait()
        if self.process.stdin and not self.process.stdin.closed:
            try:
                self.process.stdin.close()
            except BrokenPipeError:
                pass
        shutil.rmtree(self.work, ignore_errors=True)

    def _hand_over(self, pages: list[Path]) -> None:
        pages = [path for path in pages if path not in self.handed]
        self.handed.update(pages)
        if pages:
            self._send({"read": [str(path) for path in pages]})
            self.whole = False

    def _send(self, command: dict) -> None:
        try:
            self.process.stdin.write(json.dumps(command) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            pass  # it stopped: finish says why


def remove_left_behind(folder: Path, prefix: str = WORK_PREFIX) -> None:
    """Remove the work folders in `folder` of builds killed before they could (SIGKILL, out of memory): one
    holds a build's Pagefind runs (or, named with another `prefix`, its emails and cards). Only a folder whose
    build's process is gone is removed."""
    for work in folder.glob(f"{prefix}*-*"):
        pid = work.name.removeprefix(prefix).split("-", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(work, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # no signal: whether it exists
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's
    return True


def _serve(work: Path) -> None:
    """The second process: read the pages it is handed, index them when told; at the end, write where the
    runs are. Commands are read on a thread of their own, so the build never waits for this process."""
    site, records, shard_bytes = pickle.loads((work / TASK).read_bytes())
    runs = SearchRuns(Runs(Path(site), records), work, shard_bytes)
    commands: queue.Queue = queue.Queue()

    def read() -> None:
        for line in sys.stdin:
            commands.put(json.loads(line))
        commands.put(None)

    threading.Thread(target=read, daemon=True).start()
    while (command := commands.get()) is not None:
        if "threads" in command:
            runs.use_cores(command["threads"])
        for path in command.get("read", []):
            runs.pages.add(Path(path))
        runs.index_full_runs()  # while the build writes the language's later pages
        if command.get("index"):
            runs.finish_languages()
        if runs.threads == 1:
            # Beside the build, one thing at a time: reading the next pages while Pagefind indexes a run takes the
            # build's core too, and delayed the build's last language
            # (measured: bench/README.md, kb/search/site_index.py).
            runs.wait()
    runs.wait()
    (work / RESULT).write_text(json.dumps({"runs": {code: [str(bundle) for bundle in bundles]
                                                    for code, bundles in runs.indexed.items()},
                                           "hidden": runs.hidden}), encoding="utf-8")


if __name__ == "__main__":
    _serve(Path(sys.argv[1]))
