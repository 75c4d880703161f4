"""The build's cycle collector settings (mkdocs_kb/collector.py): tuned before the catalog loads, the catalog
frozen once loaded, paused for work without cycles, the defaults back at the end, and the process's last
collection left nothing to walk."""
import gc

import pytest

from mkdocs_kb.collector import MIDDLE, OLD, YOUNG, Collector


@pytest.fixture
def collector():
    thresholds = gc.get_threshold()
    collector = Collector()
    yield collector
    collector.restore()
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_tuned_before_the_catalog_loads_and_the_catalog_frozen_after(collector):
    before, frozen = gc.get_threshold(), gc.get_freeze_count()  # a test before may have configured a build
    collector.tune()
    assert gc.get_threshold() == (YOUNG, MIDDLE, OLD)
    assert gc.get_freeze_count() == frozen  # what the catalog's load leaves is frozen, not what was alive before it
    catalog = [[n] for n in range(1000)]  # tracked containers, like the catalog's
    collector.freeze()
    assert gc.get_freeze_count() >= frozen + len(catalog)
    collector.tune()  # the second language: its settings are not taken for the defaults
    collector.restore()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_freeze_does_nothing_unless_tuned(collector):
    frozen = gc.get_freeze_count()
    collector.freeze()  # a rebuild after restore, or a caller that never tuned: the process is left as it was
    assert gc.get_freeze_count() == frozen


def test_the_end_of_the_process_leaves_the_last_collection_nothing_to_walk(collector):
    frozen, garbage = gc.get_freeze_count(), [[n] for n in range(1000)]
    Collector.process_ends()
    assert gc.get_freeze_count() >= frozen + len(garbage)


def test_paused_runs_no_collection_and_leaves_the_collector_as_it_found_it(collector):
    counts = []
    callback = lambda phase, info: counts.append(info["generation"]) if phase == "start" else None  # noqa: E731
    gc.callbacks.append(callback)
    try:
        with Collector.paused():
            assert not gc.isenabled()
            cycles = []
            for n in range(50_000):  # enough young objects for several collections at any threshold here
                pair = [n]
                pair.append(pair)
                cycles.append(pair)
            del cycles
            during = list(counts)
        assert during == [] and gc.isenabled()
        with pytest.raises(ValueError), Collector.paused():
            raise ValueError("the block failed")
        assert gc.isenabled()  # running again after a failure
        gc.disable()
        with Collector.paused():
            pass
        assert not gc.isenabled()  # a caller that had it off keeps it off
    finally:
        gc.enable()
        gc.callbacks.remove(callback)
