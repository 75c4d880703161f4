"""Benchmark: the project's site against the naive baseline, side by side, on the same content.

For each size N (default 52 and 520 issues) it generates a synthetic archive
(bench/synthetic.py), builds it twice — (a) as the project builds it, and
(b) as the stack comes: default navigation (every issue in every page's nav),
Material's lunr search, no kb plugin — and prints, with ratios project/naive:

- build seconds and peak memory of the full build (both languages);
- HTML bytes of an issue page, and of the claims ledger (every figure of the archive);
- search bytes a page view fetches before any query, and for a first query,
  and milliseconds from typing to results on screen (headless Chromium): typed
  at once after clicking the box, and, for the project, READER_PAUSE_MS after it;
- for the project, seconds from saving an edit of an issue page to a browser
  showing it in the editor preview (mkdocs_kb/preview.py, bench/preview.py),
  and the same at today's archive (a copy of the project).

    python -m bench.run                 # N = 52 and 520
    python -m bench.run --issues 6 12   # the smoke test's size
    python -m bench.run --write         # also record the table in bench/README.md
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from bench.preview import live_preview_seconds, preview_seconds
from bench.synthetic import ROOT, generate
from kb.project import layout
from kb.project.generator import NAIVE_BASELINE

QUERIES = {"zh": ["控制面", "量化", "前缀缓存"], "en": ["control plane", "quantization", "prefix caching"]}
NAIVE_SEARCH = """  - search:
      lang: [zh, en]
      separator: '[\\s\\u200b\\-_,:!=\\[\\]()"`/]+|\\.(?!\\d)|&[lg]t;|(?!\\b)(?=[A-Z][a-z])'
      pipeline: [stopWordFilter]
"""
MEMORY_SAMPLE_S = 0.1  # how often a build's memory is read: the sum over its processes (Pagefind holds its peak for seconds)


def _tree_kb(root: int) -> int:
    """Proportional set size, in KB, of process `root` and every process under it (a build runs its search
    index in a second process, and Pagefind in others: the machine holds them all at once). PSS shares each
    page among the processes that map it, so their sum is what they take together."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it ended
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        try:
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        total += int(re.search(r"^Pss:\s+(\d+)", rollup, re.M).group(1))
    return total


@dataclass
class Figures:
    build_s: float = 0.0
    rebuild_s: float | None = None  # a second build of the same tree, once every size is measured (main)
    peak_mb: float = 0.0
    issue_page_kb: float = 0.0
    claims_page_kb: float = 0.0
    largest_page_kb: float = 0.0
    hub_page_kb: float = 0.0  # the largest topic hub
    filter_ms: float | None = None  # claims ledger: from the data's arrival to the filtered rows on screen
    search_view_kb: float = 0.0
    search_query_kb: float = 0.0
    results_ms: float = 0.0
    later_ms: float | None = None  # search box: a later query in the same page, from typing to results
    slow_link_ms: float | None = None  # a first query, typing to results, over SLOW_LINK
    paused_ms: float | None = None  # a first query typed READER_PAUSE_MS after the box is focused, typing to results
    preview_s: float | None = None
    charts_s: float | None = None  # drawing every hub's charts, both languages, in-process
    notes: list[str] = field(default_factory=list)


def naive_variant(project: Path) -> Path:
    """The same content with the stack as it comes: default nav, Material search, no kb plugin, stock templates."""
    naive = project.parent / "naive"
    shutil.copytree(project, naive, ignore=shutil.ignore_patterns("overrides"))
    shutil.copytree(project / "overrides" / "assets", naive / "overrides" / "assets")
    config = (naive / "mkdocs.yml").read_text(encoding="utf-8")
    config = re.sub(r"\n    - navigation\.prune[^\n]*", "", config)
    config = re.sub(r"\nnav:\n.*?\n(?=validation:)", "\n", config, flags=re.S)
    # Pagefind's box (a module: its path and type); the claims ledger's script stays
    config = re.sub(r"\n  - path: assets/kb-search/main\.js[^\n]*\n    type: module\n", "\n", config)
    assert "kb-search" not in config, "the naive baseline must build without the project's search box"
    config = re.sub(r"\n  # The knowledge base[^\n]*\n  - kb:?\n(?:      [^\n]*\n)*", "\n", config)  # the project's plugin
    assert not re.search(r"\n  - kb:?\n", config), "the naive baseline must build without the kb plugin"
    config = config.replace("\nextra:\n", f"\nextra:\n  {NAIVE_BASELINE}: true  # the macros run without the kb plugin\n", 1)
    config = config.replace("plugins:\n", "plugins:\n" + NAIVE_SEARCH, 1)
    (naive / "mkdocs.yml").write_text(config, encoding="utf-8")
    return naive


def build(project: Path, site: Path) -> tuple[float, float]:
    """Seconds and peak memory (MB) of one full build, in a fresh process and with an empty cache: the most its
    processes held together, read every MEMORY_SAMPLE_S."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SOURCE_DATE_EPOCH="1794268800")
    with tempfile.TemporaryDirectory(prefix="kb-bench-cache-") as cache, tempfile.TemporaryFile() as errors:
        env["KB_CACHE_DIR"] = cache  # every build draws its share cards, whatever an earlier run left cached
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(site)],
                                   cwd=project, env=env, stdout=subprocess.DEVNULL, stderr=errors)
        peak_kb = 0
        while process.poll() is None:
            peak_kb = max(peak_kb, _tree_kb(process.pid))
            time.sleep(MEMORY_SAMPLE_S)
        seconds = time.perf_counter() - start
        if process.returncode:
            errors.seek(0)
            raise RuntimeError(f"build of {project} failed:\n{errors.read().decode(errors='replace')[-3000:]}")
    return seconds, peak_kb / 1024


# A reader's phone: each request waits a round trip, which a local server does not show (Chromium's emulation).
SLOW_LINK = (100.0, 1_500_000.0)  # ms per round trip, bytes per second (12 Mbit/s)
# A reader who taps or clicks the box takes longer than this to type a word (an input method commits it after
# several keys): the search's files load on the focus, and a query typed this long after it waits only for the search
READER_PAUSE_MS = 300
RESULTS_TIMEOUT_MS = 120_000  # a search that shows nothing in this long is counted as this long, and said so
# Times are read on the page's own clock: from the input event that commits the query to the first animation
# frame that shows its results. Read in this script, they also held Playwright's round trips to the browser.
CLOCK = "addEventListener('input', () => { window.__kbTyped = performance.now(); window.__kbShown = null; }, true);"
SHOWN = """(q) => { const meta = document.querySelector('.md-search-result__meta');
  const words = JSON.parse(document.getElementById('__config')?.textContent || '{}').translations || {};
  const shown = meta && meta.textContent.trim();
  const kb = document.querySelector('[data-kb-results]');  // the project's box: this query's
  const done = kb ? kb.dataset.kbQuery === q :
    (shown && [words['search.result.none'], words['search.result.one']].includes(shown)) ||
    (shown && words['search.result.other'] &&
     new RegExp('^' + words['search.result.other'].replace('#', '[0-9]+') + '$').test(shown));
  if (done) window.__kbShown ??= performance.now();  // checked on every frame: the first that shows them
  return done; }"""


def _file_kb(site: Path, root: str, urls: list[str]) -> float:
    """KB of the site's files behind `urls` (the test server sends them as they are)."""
    paths = (site / url[len(root):].split("?")[0] for url in urls if url.startswith(root))
    return sum(path.stat().st_size for path in paths if path.is_file()) / 1024


def browser_figures(site: Path, issue_path: str, naive: bool, queries: int = 3,
                    link: tuple[float, float] | None = None, pause_ms: int = 0) -> tuple[float, float, float, float | None, bool]:
    """KB of search data on a page view, KB more for a first query, ms to results (median of 3 queries), for
    the project ms to the results of a later query in the same page, and whether a query showed no results
    within RESULTS_TIMEOUT_MS (lunr's index of 1,040 issues, in the naive site). `link`: (round trip in ms,
    bytes per second) of an emulated network, or the local one. `pause_ms`: how long after clicking the box the
    query is typed (by default at once, as fast as the browser takes it)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from browser import chromium, serve
    from playwright.sync_api import TimeoutError as BrowserTimeout

    is_search = (lambda url: "search_index.json" in url) if naive else (lambda url: "/pagefind/" in url)
    view, query, latency, later, timed_out = [], [], [], [], False
    shown_ms = "() => window.__kbShown - window.__kbTyped"
    with serve(site) as root, chromium() as browser:
        for text in QUERIES["zh"][:queries]:
            page = browser.new_page()
            page.add_init_script(CLOCK)
            if link:
                network = page.context.new_cdp_session(page)
                network.send("Network.enable")
                network.send("Network.emulateNetworkConditions", {"offline": False, "latency": link[0],
                                                                   "downloadThroughput": link[1], "uploadThroughput": link[1]})
            fetched = []  # only the address: a call back to the browser here would slow what is measured
            page.on("requestfinished", lambda request: fetched.append(request.url))
            page.goto(root + issue_path, wait_until="networkidle", timeout=RESULTS_TIMEOUT_MS)  # the naive page fetches its whole index
            deadline = time.perf_counter() + RESULTS_TIMEOUT_MS / 1000
            while naive and not any(is_search(url) for url in fetched) and time.perf_counter() < deadline:
                page.wait_for_timeout(50)  # lunr's index comes through a web worker: it may end after "idle"
            before = [url for url in fetched if is_search(url)]
            count = len(fetched)
            box = page.locator("input.md-search__input")
            box.click()
            if pause_ms:
                page.wait_for_timeout(pause_ms)
            # as an input method commits Chinese: the whole word in one input (a reader cannot type 控 and then
            # 制 as keys; typed key by key, each prefix would be searched first)
            page.keyboard.insert_text(text)
            # A key up: Material's search reads the query on keyup, and CJK is typed without one. Pressed on the
            # keyboard, not the box's locator: the locator first checks that the box can take it, which forces
            # style and layout between the input and the results, work of the test driver's and not the page's
            # (measured: bench/README.md, bench/run.py).
            page.keyboard.press("End")
            try:  # results (or "no matching documents") on screen: the count line shows a result
                page.wait_for_function(SHOWN, arg=text, timeout=RESULTS_TIMEOUT_MS)
                latency.append(page.evaluate(shown_ms))
                page.wait_for_load_state("networkidle")
            except BrowserTimeout:
                timed_out = True  # the next queries would wait as long: one is enough to say so
                latency.append(RESULTS_TIMEOUT_MS)
            query.append(_file_kb(site, root, [url for url in fetched[count:] if is_search(url)]))
            view.append(_file_kb(site, root, before))
            if not naive and not timed_out:  # a later query, in the same page: the reader refines the search
                other = QUERIES["zh"][(QUERIES["zh"].index(text) + 1) % len(QUERIES["zh"])]
                box.fill("")
                page.keyboard.insert_text(other)
                page.wait_for_function(SHOWN, arg=other)
                later.append(page.evaluate(shown_ms))
            page.close()
            if timed_out:
                break
    return (statistics.median(view), statistics.median(query), statistics.median(latency),
            statistics.median(later) if later else None, timed_out)


def filter_ms(site: Path, project: Path) -> float:
    """Milliseconds from the claims data's arrival to the filtered rows on screen (median of three filters),
    after proving the filters reach the archive's first year: its oldest figure, linked by its filters,
    is on screen (the page itself shows only the newest)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from browser import chromium, serve

    from kb import load_catalog

    oldest = load_catalog(project).claims[-1]
    filters = f"topic={oldest.topics[0]}&metric={oldest.facts.metric}&source={oldest.facts.source_kind}"
    times = []
    with serve(site) as root, chromium() as browser:
        page = browser.new_page()
        page.goto(f"{root}claims/?{filters}", wait_until="load")
        # functions, not expressions: the page's Content-Security-Policy forbids eval (kb/publish/csp.py)
        page.wait_for_function(f"() => document.querySelector('table.kb-claims-ledger').dataset.view === {json.dumps(filters)}")
        date = page.locator("th[data-sort=date]")
        while date.get_attribute("aria-sort") != "ascending":  # oldest first, as a reader looking for year 1 would sort
            date.locator("button").click()
        title = json.dumps(oldest.item.title("zh"))
        page.wait_for_function("() => [...document.querySelectorAll('table.kb-claims-ledger tbody tr:not([hidden])')]"
                               f".some(row => row.cells[0].innerText.includes({title}))", timeout=30_000)
        page.close()
        for source in ("paper", "vendor", "independent"):
            page = browser.new_page()
            page.goto(root + "claims/", wait_until="load")
            with page.expect_response(lambda response: "claims.zh.json" in response.url) as response:
                page.select_option("select[name=source]", source)
            response.value.finished()
            arrived = time.perf_counter()
            page.wait_for_function("() => document.querySelector('.kb-claims-status').textContent.includes('/')"
                                   " && document.querySelector('table.kb-claims-ledger tbody tr')"
                                   f" && [...document.querySelectorAll('table.kb-claims-ledger tbody tr')]"
                                   f".every(row => row.dataset.source === '{source}')")
            times.append((time.perf_counter() - arrived) * 1000)
            page.close()
    return statistics.median(times)


def chart_seconds(project: Path) -> float:
    """Seconds to draw every topic hub's charts in every language: what charts add to the build."""
    from kb import load_catalog
    from kb.project import layout
    from kb.render.charts import figures_over_time
    from kb.render.renderer import Renderer

    catalog = load_catalog(project)
    start = time.perf_counter()
    for lang in layout.LANGUAGES:
        for topic in catalog.topics:
            figures_over_time(Renderer(catalog, lang, layout.topic_page(topic)), topic, catalog.items_of_topic(topic))
    return time.perf_counter() - start


def measure(issues: int, work: Path, quick: bool = False) -> dict[str, Figures]:
    project = generate(issues, work / "project")
    naive = naive_variant(project)
    # the middle synthetic issue (not one of the real ones, which keep their own size; numbers may skip)
    real = {path.stem for path in (ROOT / layout.ISSUES_DATA).glob("*.yml")}
    synthetic = sorted(int(path.stem) for path in (project / layout.ISSUES_DATA).glob("*.yml") if path.stem not in real)
    middle = synthetic[len(synthetic) // 2]
    issue_path = f"issues/{middle:03d}/"
    results = {}
    for name, tree in (("naive", naive), ("project", project)):
        site = work / f"site-{name}"
        figures = Figures()
        figures.build_s, figures.peak_mb = build(tree, site)
        figures.issue_page_kb = (site / issue_path / "index.html").stat().st_size / 1024
        figures.claims_page_kb = (site / "claims" / "index.html").stat().st_size / 1024
        largest = max(site.rglob("*.html"), key=lambda p: p.stat().st_size)
        figures.largest_page_kb = largest.stat().st_size / 1024
        figures.notes.append(f"largest page: {largest.relative_to(site)}")
        figures.hub_page_kb = max(p.stat().st_size for p in (site / "topics").glob("*/index.html")) / 1024
        (figures.search_view_kb, figures.search_query_kb, figures.results_ms, figures.later_ms,
         timed_out) = browser_figures(
            site, issue_path, naive=(name == "naive"), queries=1 if quick else 3)
        if timed_out:
            figures.notes.append(f"search showed no results within {RESULTS_TIMEOUT_MS // 1000} s (counted as that)")
        if name == "project":  # the naive page would first fetch its whole index over the slow link
            figures.slow_link_ms = browser_figures(site, issue_path, naive=False, queries=1 if quick else 3,
                                                   link=SLOW_LINK)[2]
            figures.paused_ms = browser_figures(site, issue_path, naive=False, queries=1 if quick else 3,
                                                pause_ms=READER_PAUSE_MS)[2]
            figures.preview_s = preview_seconds(project, middle, edits=1 if quick else 3)
            figures.filter_ms = filter_ms(site, project)
            figures.charts_s = chart_seconds(project)
            audit = subprocess.run([sys.executable, "-m", "kb.cli", "--root", str(project), "audit", "--site", str(site)],
                                   capture_output=True, text=True)
            if audit.returncode != 0:
                raise RuntimeError(f"kb audit found problems in the {issues}-issue site:\n{audit.stdout[-3000:]}")
        results[name] = figures
    return results


ROWS = [
    ("full build (s)", "build_s", "{:.1f}"),
    ("peak memory (MB)", "peak_mb", "{:.0f}"),
    ("issue page HTML (KB)", "issue_page_kb", "{:.1f}"),
    ("claims ledger HTML (KB)", "claims_page_kb", "{:.1f}"),
    ("largest page HTML (KB)", "largest_page_kb", "{:.1f}"),
    ("largest topic hub HTML (KB)", "hub_page_kb", "{:.1f}"),
    ("search data per page view (KB)", "search_view_kb", "{:.1f}"),
    ("search data for a first query (KB)", "search_query_kb", "{:.1f}"),
    ("typing to results (ms)", "results_ms", "{:.0f}"),
]


def table(all_results: dict[int, dict[str, Figures]], today: tuple[int, float] | None = None) -> str:
    """The figures as bench/README.md records them; `today`: the editor preview's figure at today's archive."""
    lines = ["| figure | N | naive | project | project / naive |", "|---|---:|---:|---:|---:|"]
    for label, attr, fmt in ROWS:
        for issues, results in all_results.items():
            naive, project = getattr(results["naive"], attr), getattr(results["project"], attr)
            ratio = f"{project / naive:.2f}" if naive else "—"
            lines.append(f"| {label} | {issues} | {fmt.format(naive)} | {fmt.format(project)} | {ratio} |")
    for issues, results in all_results.items():
        lines.append(f"| editor preview: edit to updated page (s) | {issues} | — | {results['project'].preview_s:.2f} | — |")
    for issues, results in all_results.items():
        lines.append(f"| search: a later query, typing to results (ms) | {issues} | — | {results['project'].later_ms:.0f} | — |")
    for issues, results in all_results.items():
        lines.append(f"| search: a first query typed {READER_PAUSE_MS} ms after the box is focused, typing to results "
                     f"(ms) | {issues} | — | {results['project'].paused_ms:.0f} | — |")
    for issues, results in all_results.items():
        lines.append(f"| search: a first query over a {SLOW_LINK[0]:.0f} ms, {SLOW_LINK[1] * 8 / 1e6:.0f} Mbit/s link, "
                     f"typing to results (ms) | {issues} | — | {results['project'].slow_link_ms:.0f} | — |")
    for issues, results in all_results.items():
        lines.append(f"| claims filter: data arrived to rows shown (ms) | {issues} | — | {results['project'].filter_ms:.0f} | — |")
    for issues, results in all_results.items():
        project = results["project"]
        lines.append(f"| hub charts, every hub in both languages (s; % of the build) | {issues} | — | "
                     f"{project.charts_s:.2f} ({100 * project.charts_s / project.build_s:.1f}%) | — |")
    sizes = sorted(all_results)
    lines.append("")
    for smaller, larger in zip(sizes, sizes[1:]):
        small, large = all_results[smaller]["project"], all_results[larger]["project"]
        naive_small, naive_large = all_results[smaller]["naive"], all_results[larger]["naive"]
        lines.append(f"build time ratio N={larger} / N={smaller}: project {large.build_s / small.build_s:.2f}, "
                     f"naive {naive_large.build_s / naive_small.build_s:.2f} (issues ratio {larger / smaller:.0f})  ")
        if small.rebuild_s and large.rebuild_s:
            lines.append(f"project, two builds each in the order N={smaller}, {larger}, {larger}, {smaller}: "
                         f"{(large.build_s + large.rebuild_s) / (small.build_s + small.rebuild_s):.2f} "
                         f"({small.build_s:.1f}, {large.build_s:.1f}, {large.rebuild_s:.1f}, {small.rebuild_s:.1f} s)  ")
    for issues, results in all_results.items():
        naive, project = results["naive"], results["project"]
        if naive.rebuild_s and project.rebuild_s:
            # interference from the rest of the machine only ever slows a build: the faster of two is the nearer
            # to the build's own time, and the sums say how far the two wandered
            lines.append(f"N={issues}, two builds each: project {project.build_s:.1f} and {project.rebuild_s:.1f} s, "
                         f"naive {naive.build_s:.1f} and {naive.rebuild_s:.1f} s; project / naive, the faster of each "
                         f"{min(project.build_s, project.rebuild_s) / min(naive.build_s, naive.rebuild_s):.2f}, "
                         f"the sums {(project.build_s + project.rebuild_s) / (naive.build_s + naive.rebuild_s):.2f}  ")
    for issues, results in all_results.items():
        lines.append(f"N={issues}: " + "; ".join(f"{name} {', '.join(figures.notes)}" for name, figures in results.items()) + "  ")
    if today is not None:
        lines.append(f"editor preview at today's archive (a copy of the project, {today[0]} issues): edit to updated "
                     f"page {today[1]:.2f} s  ")
    return "\n".join(lines)


def record(text: str) -> None:
    readme = ROOT / "bench" / "README.md"
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    body = readme.read_text(encoding="utf-8")
    marker = "<!-- results -->"
    head = body.split(marker)[0]
    readme.write_text(f"{head}{marker}\nMeasured {date.today()} at commit {commit} on this 2-core machine:\n\n{text}\n",
                      encoding="utf-8")


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--issues", type=int, nargs="+", default=[52, 520, 1040])
    parser.add_argument("--write", action="store_true", help="record the table in bench/README.md")
    parser.add_argument("--quick", action="store_true", help="one query a site instead of three (the smoke test)")
    args = parser.parse_args(argv)
    all_results = {}
    with tempfile.TemporaryDirectory(prefix="kb-bench-") as work:
        for issues in sorted(args.issues):
            print(f"N = {issues}: generating, building both sites, measuring...", file=sys.stderr, flush=True)
            all_results[issues] = measure(issues, Path(work) / str(issues), args.quick)
            print(table(all_results), file=sys.stderr, flush=True)  # so far: a later size's failure loses nothing
        # The machine's speed drifts and wanders from one build to the next (measured: bench/README.md,
        # bench/run.py). Each project is built once more, in the reverse order of the sizes, so that a ratio of two
        # sizes also comes from builds in the order small, large, large, small, which cancels a steady drift; and
        # each naive site once more after it, so that the ratio to it need not rest on one build of each.
        for issues in sorted(args.issues, reverse=True):
            folder = Path(work) / str(issues)
            for name in ("project", "naive"):
                print(f"N = {issues}: building the {name} site again...", file=sys.stderr, flush=True)
                all_results[issues][name].rebuild_s = build(folder / name, folder / f"site-{name}-again")[0]
    print("Today's archive: the editor preview...", file=sys.stderr, flush=True)
    today = live_preview_seconds(edits=1 if args.quick else 3)
    text = table(all_results, today)
    print(text)
    if args.write:
        record(text)
    return all_results


if __name__ == "__main__":
    main()
