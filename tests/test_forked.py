"""kb.base.forked: a list of jobs shared with a forked copy, in halves or in turn; kb.project.sources.FileCache.prefetch, which parses the
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


def count_parse(file, root):
    parsed_here.append(file.name)
    return file.read_text(encoding="utf-8"), os.getpid()


def test_the_copy_does_every_other_job_and_sends_each_result():
    copy = ForkedHalf(list(range(9)), lambda n: (n, (n * n, os.getpid())))
    results = copy.collect()
    assert sorted(results) == [1, 3, 5, 7]
    assert all(square == n * n and pid != os.getpid() for n, (square, pid) in results.items())


def test_the_copy_stops_at_the_first_job_that_fails():
    def work(n):
        if n == 5:
            raise ValueError("no")
        return n, n

    assert ForkedHalf(list(range(9)), work).collect() == {1: 1, 3: 3}


def test_in_turn_the_copy_takes_every_job_this_process_does_not():
    copy = ForkedHalf(list(range(9)), lambda n: (n, (n * n, os.getpid())), in_turn=True)
    results = copy.collect()  # this process took none
    assert sorted(results) == list(range(9))
    assert all(square == n * n and pid != os.getpid() for n, (square, pid) in results.items())
    assert not copy.take(0)  # all of them the copy's


def test_in_turn_each_job_is_done_once_by_whichever_is_free_first():
    """This process's jobs take longer (as receiving the copy's results makes them): the copy takes more."""
    def work(n):
        time.sleep(0.05 if os.getpid() == here else 0.002)  # the copy takes most even if it starts a second late
        return n, os.getpid()

    here = os.getpid()
    copy = ForkedHalf(list(range(60)), work, in_turn=True)
    mine = dict(work(n) for n in copy.mine())
    theirs = copy.collect()
    assert sorted([*mine, *theirs]) == list(range(60))  # each once
    assert mine and list(mine) == sorted(mine)  # in order
    assert len(theirs) > len(mine)


def test_in_turn_the_copy_stops_at_the_first_job_that_fails():
    def work(n):
        if n == 5:
            raise ValueError("no")
        return n, n

    assert ForkedHalf(list(range(9)), work, in_turn=True).collect() == {0: 0, 1: 1, 2: 2, 3: 3, 4: 4}


def test_in_halves_in_turn_gives_every_result_in_order():
    here = os.getpid()

    def work(n):
        time.sleep(0.05 if os.getpid() == here else 0.001)  # the copy takes some even if it starts a second late
        return n * n, os.getpid()

    results = in_halves(list(range(40)), work, in_turn=True)
    assert [square for square, _ in results] == [n * n for n in range(40)]
    assert len({pid for _, pid in results}) == 2  # some here, some in the copy


def test_a_stopped_copy_is_gone():
    copy = ForkedHalf(list(range(4)), lambda n: (n, n))
    pid = copy.pid
    copy.stop()
    assert copy.pid is None
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def test_in_halves_gives_every_result_in_order_half_of_them_from_the_copy():
    results = in_halves(list(range(9)), lambda n: (n * n, os.getpid()))
    assert [square for square, _ in results] == [n * n for n in range(9)]
    assert {pid for _, pid in results[1::2]} != {os.getpid()} and {pid for _, pid in results[0::2]} == {os.getpid()}
    assert {pid for _, pid in in_halves(list(range(4)), lambda n: (n, os.getpid()), split=False)} == {os.getpid()}


@pytest.mark.parametrize("failing", [3, 4], ids=["the copy's job", "a job of this process"])
def test_in_halves_raises_a_jobs_error_here(failing):
    def work(n):
        if n == failing:
            raise ValueError(f"job {n}")
        return n

    with pytest.raises(ValueError, match=f"job {failing}"):
        in_halves(list(range(9)), work)


def test_prefetch_parses_half_in_the_copy_and_get_returns_its_results(tmp_path):
    files = [tmp_path / f"{n}.md" for n in range(6)]
    for n, file in enumerate(files):
        file.write_text(f"page {n}", encoding="utf-8")
    cache = FileCache()
    parsed_here.clear()
    cache.prefetch([(count_parse, file) for file in files], tmp_path)
    assert parsed_here == ["0.md", "2.md", "4.md"]  # the others, in the copy
    texts = [cache.get(count_parse, file, tmp_path) for file in files]
    assert [text for text, _ in texts] == [f"page {n}" for n in range(6)]
    assert {pid != os.getpid() for _, pid in texts[1::2]} == {True}
    assert parsed_here == ["0.md", "2.md", "4.md"]  # nothing parsed again
    files[1].write_text("changed", encoding="utf-8")
    os.utime(files[1], ns=(1, 1))
    cache.prefetch([(count_parse, file) for file in files], tmp_path)  # one changed: parsed here, alone
    assert cache.get(count_parse, files[1], tmp_path)[0] == "changed"
    assert parsed_here[-1] == "1.md"
