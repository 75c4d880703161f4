"""Every other job of a list done in a forked copy of this process, on the machine's second core.

A build does some long runs of independent work one after another while its
second core waits: parsing the content's files (kb.project.sources.FileCache.prefetch),
converting the pages (mkdocs_kb/split_conversion.py), and, through `in_halves`,
the typography check (kb.content.typography) and the search index's (kb.publish.firewall).
`ForkedHalf` forks, and the two share the jobs out as they go: this process
takes them from the front, in order, the copy from the back, until they meet,
so that neither waits for the other when its jobs take longer (a page of
results to receive, a longer page to convert). Cut in fixed halves (every
other job), one waited for the other a few tenths of a second at each split, a
second or more at a build's end (measured: bench/README.md, kb/base/forked.py).
The copy sends each result back as it is done, and stops at the first job that
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
import multiprocessing
import os
import pickle
import signal
import threading
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

# How long either process waits for the other to let go of the shared ends: far longer than a claim takes
# (a few bytecodes), so only a process that died holding them keeps the other waiting this long.
CLAIM_WAIT_S = 5.0


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
        here = {n: work(job) for n, job in copy.mine()}
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
        """Start the copy on `jobs`, from the last one back, for as long as this process has not taken them
        (`take`, `mine`): for each, `work(job)` gives the key and the result to send back. `prepare` runs first
        in the copy."""
        self.jobs = jobs
        self.results: dict[Hashable, Any] = {}
        # [the front: the first job not taken here, the back: the last job the copy took], shared by the two
        self._ends = multiprocessing.RawArray("q", [0, len(jobs)])
        self._lock = multiprocessing.Lock()
        read_end, write_end = os.pipe()
        self.pid: int | None = os.fork()
        if self.pid == 0:
            os.close(read_end)
            _serve(self._from_the_back(), work, prepare, write_end)  # never returns
        os.close(write_end)
        self.receiver = threading.Thread(target=self._receive, args=(read_end,), daemon=True)
        self.receiver.start()

    def take(self, index: int) -> bool:
        """Whether this process does `jobs[index]` (asked in the order of the jobs), or the copy does or did.
        Taking a job takes those before it too: a job skipped is the copy's to do, and if it does not, the
        caller's, like any job without a result."""
        with self._claim() as ends:
            if ends is None or index < ends[1]:
                if ends is not None:
                    ends[0] = max(ends[0], index + 1)
                return True
            return False

    def mine(self) -> Iterator:
        """The jobs this process takes, from the front, until it meets the copy's."""
        for index, job in enumerate(self.jobs):
            if not self.take(index):
                return
            yield job

    def _from_the_back(self) -> Iterator:
        """In the copy: the jobs it takes, from the back, until it meets this process's."""
        while True:
            with self._claim() as ends:
                if ends is None or ends[1] <= ends[0]:
                    return
                ends[1] -= 1
                index = ends[1]
            yield self.jobs[index]

    @contextmanager
    def _claim(self):
        """The shared ends, held by this process alone; None if the other could not let go of them (it died
        holding them): then each goes on as if alone, and what neither sends back is done by the caller."""
        if not self._lock.acquire(timeout=CLAIM_WAIT_S):
            yield None
            return
        try:
            yield self._ends
        finally:
            self._lock.release()

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


def _serve(jobs: Iterable, work: Callable, prepare: Callable | None, write_end: int) -> None:
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
