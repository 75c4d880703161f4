"""A list of jobs shared with a forked copy of this process, on the machine's second core.

A build does some long runs of independent work one after another while its
second core waits: parsing the content's files (kb.project.sources.FileCache.prefetch),
converting the pages (mkdocs_kb/split_conversion.py), and, through `in_halves`,
the typography check (kb.content.typography) and the search index's (kb.publish.firewall).
`ForkedHalf` forks: the copy does every other job, in order, or, `in_turn`,
each next job neither has taken as it finishes one, so that neither waits for
the other when its jobs take longer. In fixed halves, one waited for the other
a few tenths of a second at each split, and more than a second at the
firewall, at the build's end with nothing else to run; but taken in turn by
every split, the copies did more than half of the work, held more of the
build's memory, and the largest benchmark's build went past its memory budget
(measured: bench/README.md, kb/base/forked.py). So only the firewall's reading
of the site's files, the last work of a build and none of the archive's, takes
its jobs in turn.
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

# How long either process waits for the other to let go of the shared next job: far longer than a claim takes
# (a few bytecodes), so only a process that died holding it keeps the other waiting this long.
CLAIM_WAIT_S = 5.0


def second_core() -> bool:
    """Whether this machine can fork and has a second core to give the copy."""
    return hasattr(os, "fork") and len(os.sched_getaffinity(0)) > 1


def in_halves(jobs: list, work: Callable[[Any], Any], split: bool = True, in_turn: bool = False) -> list:
    """`work(job)` for each of `jobs`, in order: every other one (or, `in_turn`, each the copy takes first) in a
    forked copy when `split` and there is a second core. Results must pickle; a job the copy did not do is done
    here, so its error shows here."""
    if not split or len(jobs) < 2 or not second_core():
        return [work(job) for job in jobs]
    numbered = list(enumerate(jobs))
    copy = ForkedHalf(numbered, lambda pair: (pair[0], work(pair[1])), in_turn=in_turn)
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
                 prepare: Callable[[], None] | None = None, in_turn: bool = False):
        """Start the copy on `jobs[1::2]`, or, `in_turn`, on each next job this process has not taken (`take`,
        `mine`): for each, `work(job)` gives the key and the result to send back. `prepare` runs first in the
        copy."""
        self.jobs = jobs
        self.in_turn = in_turn
        self.results: dict[Hashable, Any] = {}
        # in turn: the first job neither has taken, shared by the two, and who holds it
        self._next = multiprocessing.RawValue("q", 0) if in_turn else None
        self._lock = multiprocessing.Lock() if in_turn else None
        read_end, write_end = os.pipe()
        self.pid: int | None = os.fork()
        if self.pid == 0:
            os.close(read_end)
            _serve(self._theirs(), work, prepare, write_end)  # never returns
        os.close(write_end)
        self.receiver = threading.Thread(target=self._receive, args=(read_end,), daemon=True)
        self.receiver.start()

    def take(self, index: int) -> bool:
        """Whether this process does `jobs[index]` (asked in the order of the jobs), or the copy does or did.
        In turn, taking a job passes over those before it not taken yet: the copy does not go back for them,
        and whoever asked does each job without a result."""
        if not self.in_turn:
            return index % 2 == 0
        with self._claim() as next_job:
            if next_job is None or next_job.value <= index:
                if next_job is not None:
                    next_job.value = index + 1
                return True
            return False

    def mine(self) -> Iterator:
        """The jobs this process takes, in order, between those the copy takes."""
        return (job for index, job in enumerate(self.jobs) if self.take(index))

    def _theirs(self) -> Iterator:
        """In the copy: the jobs it takes (every other one; in turn, each next one not taken yet)."""
        if not self.in_turn:
            yield from (job for index, job in enumerate(self.jobs) if not self.take(index))
            return
        while True:
            with self._claim() as next_job:
                if next_job is None or next_job.value >= len(self.jobs):
                    return
                index = next_job.value
                next_job.value += 1
            yield self.jobs[index]

    @contextmanager
    def _claim(self):
        """The shared next job, held by this process alone; None if the other could not let go of it (it died
        holding it): then each goes on as if alone, and what neither sends back is done by the caller."""
        if not self._lock.acquire(timeout=CLAIM_WAIT_S):
            yield None
            return
        try:
            yield self._next
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
