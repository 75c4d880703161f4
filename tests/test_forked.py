"""kb.base.forked: a list of jobs shared out with a forked copy; kb.project.sources.FileCache.prefetch, which parses the
content's files with it. (The site built with both, and without, is compared byte for byte in
test_audit_and_reproducibility.py.)"""
from __future__ import annotations

import os
import time

import pytest

from kb.base.forked import ForkedHalf, in_halves, second_core
from kb.project.sources import FileCache

pytestmark = pytest.mark.skipif(not second_core(), reason="this machine has one core or no fork")

parsed_here: list[str] = []  # what count_parse parsed in this process (the copy's list is its own)
TEST_PROCESS = os.getpid()


def count_parse(file, root):
    if os.getpid() == TEST_PROCESS:
        time.sleep(0.05)  # slower here than in the copy: the copy takes some, however late it starts
    parsed_here.append(file.name)
    return file.read_text(encoding="utf-8"), os.getpid()


def test_the_copy_takes_every_job_this_process_does_not_from_the_back_and_sends_each_result():
    copy = ForkedHalf(list(range(9)), lambda n: (n, (n * n, os.getpid())))
    results = copy.collect()  # this process took none
    assert sorted(results) == list(range(9))
    assert all(square == n * n and pid != os.getpid() for n, (square, pid) in results.items())
    assert not copy.take(0)  # all of them the copy's


def test_each_job_is_done_once_by_whichever_is_free_first():
    """This process's jobs take longer (as receiving the copy's results makes them): the copy takes more."""
    def work(n):
        time.sleep(0.02 if os.getpid() == here else 0.002)
        return n, os.getpid()

    here = os.getpid()
    copy = ForkedHalf(list(range(60)), lambda n: work(n))
    mine = dict(work(n) for n in copy.mine())
    theirs = copy.collect()
    assert sorted([*mine, *theirs]) == list(range(60))  # each once
    assert mine and set(mine) == set(range(len(mine)))  # from the front, in order
    assert len(theirs) > len(mine)


def test_the_copy_stops_at_the_first_job_that_fails():
    def work(n):
        if n == 5:
            raise ValueError("no")
        return n, n

    assert ForkedHalf(list(range(9)), work).collect() == {8: 8, 7: 7, 6: 6}


def test_a_stopped_copy_is_gone():
    copy = ForkedHalf(list(range(4)), lambda n: (n, n))
    pid = copy.pid
    copy.stop()
    assert copy.pid is None
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def test_in_halves_gives_every_result_in_order_some_of_them_from_the_copy():
    def work(n):
        time.sleep(0.005)
        return n * n, os.getpid()

    results = in_halves(list(range(40)), work)
    assert [square for square, _ in results] == [n * n for n in range(40)]
    pids = [pid for _, pid in results]
    assert pids[0] == os.getpid() != pids[-1]
    cut = pids.index(pids[-1])  # this process's from the front, the copy's from the back
    assert set(pids[:cut]) == {os.getpid()} and set(pids[cut:]) == {pids[-1]}
    assert {pid for _, pid in in_halves(list(range(4)), lambda n: (n, os.getpid()), split=False)} == {os.getpid()}


@pytest.mark.parametrize("failing", [1, 7], ids=["a job near the front", "a job near the back"])
def test_in_halves_raises_a_jobs_error_here(failing):
    def work(n):
        if n == failing:
            raise ValueError(f"job {n}")
        return n

    with pytest.raises(ValueError, match=f"job {failing}"):
        in_halves(list(range(9)), work)


def test_prefetch_parses_in_both_and_get_returns_the_copys_results(tmp_path):
    files = [tmp_path / f"{n}.md" for n in range(12)]
    for n, file in enumerate(files):
        file.write_text(f"page {n}", encoding="utf-8")
    cache = FileCache()
    parsed_here.clear()
    cache.prefetch([(count_parse, file) for file in files], tmp_path)
    texts = [cache.get(count_parse, file, tmp_path) for file in files]
    assert [text for text, _ in texts] == [f"page {n}" for n in range(12)]
    here = [file.name for file, (_, pid) in zip(files, texts) if pid == os.getpid()]
    assert parsed_here == here  # those the copy parsed were not parsed again
    assert len(here) < len(files)
    files[1].write_text("changed", encoding="utf-8")
    os.utime(files[1], ns=(1, 1))
    cache.prefetch([(count_parse, file) for file in files], tmp_path)  # one changed: parsed here, alone
    assert cache.get(count_parse, files[1], tmp_path)[0] == "changed"
    assert parsed_here[-1] == "1.md"
