"""Every other job of a list done in a forked copy of this process, on the machine's second core.

A build does some long runs of independent work one after another while its
second core waits: parsing the content's files (kb.project.sources.FileCache.prefetch),
converting the pages (mkdocs_kb/split_conversion.py), and, through `in_halves`,
the typography check (kb.content.typography) and the search index's (kb.publish.firewall).
`ForkedHalf` forks: the copy does every other job, in order, and sends each
result back as it is done, while this process does the rest. The copy stops at the first job that
fails; whoever asked does each job that has no result itself, so a failure
shows there as it would have, and nothing is lost if the copy dies. `ForkedWork`
does one piece of work in a copy that runs beside the build for as long as it
takes (each issue's email and the share cards: mkdocs_kb/emails_and_cards.py).

Fork copies the whole process at one instant: only a caller that knows no
other thread is mid-step may use it (`mkdocs serve` rebuilds beside its
server's threads; `mkdocs build` and `kb check` have none).
"""
from __future__ import annotations

import gc
import os
import pickle
import signal
import threading
from collections.abc import Callable, Hashable
from typing import Any


def second_core() -> bool:
    """Whether this machine can fork and has a second core to give the copy."""
    return hasattr(os, "fork") and len(os.sched_getaffinity(0)) > 1


def in_halves(jobs: list, work: Callable[[Any], Any], split: bool = True) -> list:
    """`work(job)` for each of `jobs`, in order: every other one in a forked copy when `split` and there is a
    second core. Results must pickle; a job the copy did not do is done here, so its error shows here."""
    if not split or len(jobs) < 2 or not second_core():
        return [work(job) for job in jobs]
    numbered = list(enumerate(jobs))
    copy = ForkedHalf(numbered, lambda pair: (pair[0], work(pair[1])))
    try:
        here = {n: work(job) for n, job in numbered[0::2]}
    except BaseException:
        copy.stop()
        raise
    done = copy.collect()
    return [here[n] if n in here else done[n] if n in done else work(job) for n, job in numbered]


def _killed(pid: int | None) -> None:
    """A forked copy stopped and reaped (none: nothing to do); None, for the caller's `pid`."""
    if pid is not None:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
    return None


class ForkedHalf:
    def __init__(self, jobs: list, work: Callable[[Any], tuple[Hashable, Any]],
                 prepare: Callable[[], None] | None = None):
        """Start the copy on `jobs[1::2]`: for each, `work(job)` gives the key and the result to send back.
        `prepare` runs first in the copy."""
        self.given = jobs[1::2]
        self.results: dict[Hashable, Any] = {}
        read_end, write_end = os.pipe()
        self.pid: int | None = os.fork()
        if self.pid == 0:
            os.close(read_end)
            _serve(self.given, work, prepare, write_end)  # never returns
        os.close(write_end)
        self.receiver = threading.Thread(target=self._receive, args=(read_end,), daemon=True)
        self.receiver.start()

    def collect(self) -> dict[Hashable, Any]:
        """What the copy sent, once it has finished (or stopped)."""
        self.receiver.join()
        if self.pid is not None:
            os.waitpid(self.pid, 0)
            self.pid = None
        return self.results

    def stop(self) -> None:
        self.pid = _killed(self.pid)
        self.receiver.join()

    def _receive(self, read_end: int) -> None:
        with os.fdopen(read_end, "rb") as results:
            while True:
                try:
                    key, result = pickle.load(results)
                except Exception:  # the end, or what cannot be read: those jobs are done by the caller;
                    return  # leaving closes the pipe, so the copy stops rather than wait to send the rest
                self.results[key] = result


def _serve(jobs: list, work: Callable, prepare: Callable | None, write_end: int) -> None:
    """In the copy: each job's result sent back, until one fails. It leaves without cleaning up (no atexit,
    no finalizer): what it holds is the build's, which goes on without it."""
    try:
        gc.freeze()  # what the process held is never walked here, so it stays shared with it, not copied
        if prepare is not None:
            prepare()
        with os.fdopen(write_end, "wb") as out:
            for job in jobs:
                pickle.dump(work(job), out, protocol=pickle.HIGHEST_PROTOCOL)
    finally:
        os._exit(0)


class ForkedWork:
    """`work()` done in a forked copy while this process goes on. Only whether it finished comes back: what it
    makes, it leaves in files. A copy that failed says nothing; whoever asked does the work itself, so the
    error shows there."""

    def __init__(self, work: Callable[[], None]):
        self.status: int | None = None  # its wait status, once it ended while `running` asked
        self.pid: int | None = os.fork()
        if self.pid == 0:
            status = 1
            try:
                gc.freeze()  # as in _serve: what the process held stays shared with it
                work()
                status = 0
            finally:
                os._exit(status)  # no atexit, no finalizer, nothing flushed twice: the build's own go on

    def running(self) -> bool:
        """Whether the copy is still at work (if not, `finished` answers at once)."""
        if self.pid is None or self.status is not None:
            return False
        pid, status = os.waitpid(self.pid, os.WNOHANG)
        if pid:
            self.status = status
        return not pid

    def finished(self) -> bool:
        """Wait for the copy: whether it did all of its work."""
        if self.pid is None:
            return False
        status = self.status if self.status is not None else os.waitpid(self.pid, 0)[1]
        self.pid = self.status = None
        return os.waitstatus_to_exitcode(status) == 0

    def stop(self) -> None:
        if self.status is None:  # one already reaped by `running` is not waited for again
            _killed(self.pid)
        self.pid = self.status = None
