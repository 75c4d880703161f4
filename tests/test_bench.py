"""The benchmark runs end to end at a small N (a smoke test: figures, not timings, are asserted)."""
from __future__ import annotations

import pytest

from bench import run
from bench.synthetic import generate
from kb import load_catalog

pytestmark = pytest.mark.full  # `make test-full`: the benchmark's smoke run


def test_synthetic_archive_is_valid_and_deterministic(tmp_path):
    first = generate(12, tmp_path / "a", seed=3)
    second = generate(12, tmp_path / "b", seed=3)
    files = sorted(p.relative_to(first).as_posix() for p in (first / "data").rglob("*.yml"))
    assert files == sorted(p.relative_to(second).as_posix() for p in (second / "data").rglob("*.yml"))
    assert all((first / f).read_bytes() == (second / f).read_bytes() for f in files)
    catalog = load_catalog(first)  # the real content format: the checker accepts it
    assert len(catalog.issues) == 12 and len(catalog.items) > 12 * 5
    assert catalog.resolved_watch() and catalog.mentions
    checked = [c for c in catalog.claims if c.checked_by]  # later figures check earlier ones, as editors would
    assert checked and all(c.checked_by[-1].published > c.published for c in checked)
    assert {c.status for c in catalog.claims} > {"unchecked"}


def test_benchmark_smoke(capsys):
    results = run.main(["--issues", "6", "12", "--quick"])
    table = capsys.readouterr().out
    for label, _, _ in run.ROWS:
        assert table.count(f"| {label} |") == 2
    assert "build time ratio N=12 / N=6" in table
    assert "project, two builds each in the order N=6, 12, 12, 6: " in table
    assert table.count(", two builds each: project ") == 2 and table.count("project / naive, the faster of each ") == 2
    assert "editor preview at today's archive (a copy of the project, " in table
    for figures in results.values():
        naive, project = figures["naive"], figures["project"]
        assert project.issue_page_kb < naive.issue_page_kb  # the pruned nav
        assert naive.search_view_kb > 0 and project.search_view_kb == 0  # nothing fetched before a query
        assert project.search_query_kb > 0 and project.preview_s > 0 and project.later_ms > 0
        assert project.paused_ms > 0
        assert project.slow_link_ms > 2 * run.SLOW_LINK[0]  # after typing: its word chunks, then its results' pages
        assert project.build_s > 0 and project.rebuild_s > 0 and naive.rebuild_s > 0 and project.peak_mb > 0 and naive.results_ms > 0
        assert project.hub_page_kb > 0 and project.largest_page_kb >= project.claims_page_kb and project.filter_ms > 0
        assert 0 < project.charts_s < project.build_s
    assert table.count("| hub charts, every hub in both languages") == 2
    assert table.count("| search: a first query over a 100 ms, 12 Mbit/s link") == 2
    assert table.count(f"| search: a first query typed {run.READER_PAUSE_MS} ms after the box is focused") == 2
