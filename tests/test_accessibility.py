"""Accessibility in the browser: axe-core (WCAG 2.2 A and AA, and best practice) on the built site.

The suite scans one page of every kind in both languages, at phone and desktop width, and a few in the
dark scheme, in one browser: a serious or critical finding fails it. `make a11y` (KB_A11Y_FULL=1) scans
every page instead, and runs Lighthouse on each kind of page, mobile and desktop, writing the scores to
build/a11y/lighthouse.md.

axe-core comes from PyPI inside axe-playwright-python (requirements/test.txt), so a fresh machine needs no
npm for the suite; Lighthouse is npm's (a11y/package.json), installed by `make a11y`.
"""
from __future__ import annotations

import json
import os
import subprocess
from collections import Counter
from importlib.resources import files
from pathlib import Path

import pytest
from browser import CHROMIUM, chromium, search, serve

from conftest import ROOT, SITE_PORT
from kb.project import layout

pytestmark = pytest.mark.full  # `make test-full`: axe on every page kind and the open search panel

FULL = os.environ.get("KB_A11Y_FULL") == "1"
REPORTS = ROOT / "build" / "a11y"
AXE_SOURCE = (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa",
                                                     "best-practice"]},
               "resultTypes": ["violations"]}
FAILING = ("serious", "critical")
WIDTHS = (375, 1280)  # a phone (the drawer, stacked tables) and a desktop (the tabs, both sidebars)
# Lighthouse on each kind of page a reader lands on, in both languages.
LIGHTHOUSE_PAGES = ["index.md", layout.issue_page(7), layout.topic_page("kv-cache-compression"),
                    layout.entity_page("vllm"), layout.WATCH_PAGE, layout.CLAIMS_PAGE]
# Performance is judged on mobile, where a phone's slower CPU shows what a page costs to load; the score judged is
# the median of LIGHTHOUSE_RUNS runs on a host Lighthouse finds fast enough, on a machine other jobs share (how
# a11y/lighthouse.mjs takes it, and why; the scores it gave: bench/README.md, "Mobile performance"). Desktop
# performance is reported.
LIGHTHOUSE_FLOORS = {"mobile": {"performance": 90, "accessibility": 100, "best-practices": 100, "seo": 100},
                     "desktop": {"accessibility": 100, "best-practices": 100, "seo": 100}}
# Mobile runs a page that count (on a host Lighthouse finds fast enough), and the most a page gets while too few do.
LIGHTHOUSE_RUNS, LIGHTHOUSE_MAX_RUNS = 3, 10
LIGHTHOUSE_CLS = 0.01  # layout shift: 0.001 is Material's own; the claims filter bar used to shift 0.096


def page_kind(page: str, records: dict[str, str]) -> str:
    """Issues, hubs, entities and the record pages of each kind are one kind each; any other page is its own."""
    if page in records:
        return f"record:{records[page]}"
    folder, _, name = page.rpartition("/")
    if folder in (layout.ISSUES_DIR, layout.TOPICS_DIR, layout.ENTITIES_DIR) and name != "index.md":
        return folder
    return page


def pages_to_scan(catalog, site: Path) -> dict[int, list[str]]:
    """Site-relative URLs to scan at each width. make a11y: every page in both languages at both widths.
    The suite: the last page of each kind in both languages, one language at each width, alternating from
    kind to kind, so every kind is seen in both languages and at both widths (half the scans: axe takes
    seconds a page; measured: bench/README.md, tests/test_accessibility.py); and the 404 page at both."""
    records = {record.page: record.kind for record in catalog.records.pages}
    pages = catalog.pages if FULL else list({page_kind(p, records): p for p in catalog.pages}.values())
    plan = {width: ["404.html"] for width in WIDTHS}
    for n, page in enumerate(pages):
        for lang_n, lang in enumerate(layout.LANGUAGES):
            url = layout.built_file(page, lang).removesuffix("index.html")
            assert (site / url / "index.html").is_file(), url
            for width in WIDTHS if FULL else [WIDTHS[(n + lang_n) % len(WIDTHS)]]:
                plan[width].append(url)
    return plan


def findings(page, where: str, options: dict = AXE_OPTIONS) -> list[dict]:
    # Material sizes its sidebars in a frame after `load`: axe run in between found the empty primary
    # sidebar's 8 px of padding in a box not yet sized (scrollable-region-focusable, in one scan of a make a11y run)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    # Colours are read once settled: mid-transition, the search panel's count line, as it appeared in the dark
    # scheme, measured #96989d on #343741 (4.11:1) where it settles at 4.99:1
    page.evaluate("() => Promise.all(document.getAnimations()"
                  "  .filter(animation => animation.effect?.getComputedTiming().endTime !== Infinity)"
                  "  .map(animation => animation.finished))")
    result = page.evaluate("options => axe.run(document, options)", options)
    return [{"rule": v["id"], "impact": v["impact"], "where": where, "target": " ".join(map(str, node["target"])),
             "html": node["html"][:160]} for v in result["violations"] for node in v["nodes"]]


def scan(browser, root: str, urls: list[str], width: int, dark: bool = False) -> list[dict]:
    # one context per width, axe added to every document it opens (no injection round trip per page)
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.add_init_script(AXE_SOURCE)
    page = context.new_page()
    if dark:  # Material keeps the reader's scheme in localStorage: choose it once
        page.goto(root)
        page.click("label[for=__palette_1]")  # the toggle to the second scheme, slate
        page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
    found = []
    for url in urls:
        page.goto(root + url, wait_until="load")
        found += findings(page, f"/{url} @{width}{' dark' if dark else ''}")
    context.close()
    return found


def report(found: list[dict], name: str) -> str:
    """Counts per rule and impact, then every finding; kept in build/a11y/ for `make a11y`."""
    counts = Counter((f["impact"], f["rule"]) for f in found)
    lines = [f"{impact} {rule}: {n} nodes" for (impact, rule), n in sorted(counts.items())]
    lines += [f"{f['impact']} {f['rule']} {f['where']}: {f['target']}  {f['html']}" for f in found]
    REPORTS.mkdir(parents=True, exist_ok=True)
    (REPORTS / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return "\n".join(lines[:40])


def test_no_serious_or_critical_axe_finding(catalog, site):
    plan = pages_to_scan(catalog, site)
    # the dark scheme on the pages readers land on most (the suite: each in one language, alternating)
    dark = [layout.built_file(p, lang).removesuffix("index.html") for n, p in enumerate(LIGHTHOUSE_PAGES)
            for lang_n, lang in enumerate(layout.LANGUAGES) if FULL or (n + lang_n) % 2 == 0]
    with serve(site, SITE_PORT) as root, chromium() as browser:
        found = [f for width, urls in plan.items() for f in scan(browser, root, urls, width)]
        found += scan(browser, root, dark, 1280, dark=True)
    serious = [f for f in found if f["impact"] in FAILING]
    summary = report(found, "axe-full.txt" if FULL else "axe.txt")
    scans = sum(map(len, plan.values())) + len(dark)
    assert not serious, f"{len(serious)} serious or critical axe findings in {scans} scans:\n{summary}"


# The open search panel: axe's target-size (WCAG 2.2 AA, 24 px), which axe leaves off by default, asked for by name.
# It passes a small target spaced well enough from the next, so the panel's chips and buttons are also measured
# box by box (tests/test_search.py).
PANEL_OPTIONS = {**AXE_OPTIONS, "rules": {"target-size": {"enabled": True}}}


@pytest.mark.parametrize("width,lang,query,dark", [(375, "zh", "推理", False), (375, "en", "inference", False),
                                                   (1280, "zh", "推理", False), (1280, "en", "inference", False),
                                                   (1280, "zh", "推理", True)])
def test_the_open_search_panel_has_no_serious_or_critical_axe_finding(site, width, lang, query, dark):
    """The panel as a reader uses it, in both languages at both widths: results with their rows, type labels and
    sections, the facets open with their chips, the button listing more results, and a misspelt query's line
    (Material's count line and highlighted words were below 4.5:1)."""
    with serve(site, SITE_PORT) as root, chromium() as browser:
        context = browser.new_context(viewport={"width": width, "height": 900})
        context.add_init_script(AXE_SOURCE)
        page = context.new_page()
        page.goto(root + layout.language_home(lang))
        if dark:
            page.click("label[for=__palette_1]")
            page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
        search(page, "lama.cpp")  # read as llama.cpp, and the panel says so
        assert page.locator(".kb-respelled").is_visible()
        other = "admission control" if lang == "zh" else "量化"  # the other edition's words: a link there
        page.fill("input.md-search__input", other)  # the panel is open: the reader types on
        page.wait_for_function("q => document.querySelector('[data-kb-search]').dataset.kbQuery === q", arg=other)
        assert page.locator(".kb-elsewhere a").is_visible()
        elsewhere = findings(page, f"search panel, other edition /{layout.language_home(lang)} @{width}", PANEL_OPTIONS)
        page.fill("input.md-search__input", query)  # the panel is open: the reader types on
        page.wait_for_function("q => document.querySelector('[data-kb-search]').dataset.kbQuery === q", arg=query)
        page.click("[data-kb-show-facets]")
        page.wait_for_selector(".kb-facets [data-facet]")
        # the facets open, each a group of chips, the kinds' among them; every row labelled; more results to list
        assert page.locator(".kb-facets [role=group]").count() > 1
        assert page.locator('.kb-facets button[data-facet="kind"]').count() > 0
        assert page.locator(".md-search-result__list > li .kb-result-kind").count() > 0
        assert page.locator("[data-kb-list-more]").count() == 1
        found = elsewhere + findings(page, f"search panel /{layout.language_home(lang)} @{width}{' dark' if dark else ''}",
                                     PANEL_OPTIONS)
        context.close()
    serious = [f for f in found if f["impact"] in FAILING]
    assert not serious, report(found, f"axe-search-{lang}-{width}{'-dark' if dark else ''}.txt")


def lighthouse_runs(result: dict) -> str:
    """Each mobile run's performance, total blocking time and the CPU benchmark Lighthouse took before it."""
    return ", ".join(f"{r['performance']} (TBT {r['tbt']} ms, CPU {r['benchmark']})" for r in result.get("runs", []))


def lighthouse_table(runs: list[dict], root: str) -> str:
    """build/a11y/lighthouse.md: the judged run of each page and device, and on mobile every run."""
    table = ["| page | device | performance | accessibility | best practices | SEO | CLS | TBT (ms) | CPU benchmark "
             "| runs |", "|---|---|---|---|---|---|---|---|---|---|"]
    table += [f"| /{r['url'].removeprefix(root)} | {r['preset']} | " + " | ".join(str(r["scores"][c]) for c in
              ("performance", "accessibility", "best-practices", "seo"))
              + f" | {r['cls']:.3f} | {r['tbt']:.0f} | {r['benchmark']:.0f}"
              + f"{' (slow host)' if r.get('slowHost') else ''} | {lighthouse_runs(r)} |" for r in runs]
    return "\n".join(table) + "\n"


@pytest.mark.skipif(not FULL, reason="Lighthouse runs in `make a11y`")
def test_lighthouse_scores(site):
    urls = [layout.built_file(p, lang).removesuffix("index.html") for p in LIGHTHOUSE_PAGES for lang in layout.LANGUAGES]
    with serve(site, SITE_PORT, compress=True) as root:  # as GitHub Pages serves it
        run = subprocess.run(["node", str(ROOT / "a11y" / "lighthouse.mjs"), str(REPORTS / "lighthouse"),
                              str(LIGHTHOUSE_RUNS), str(LIGHTHOUSE_MAX_RUNS), *(root + url for url in urls)],
                             env=dict(os.environ, CHROME_PATH=CHROMIUM), capture_output=True, text=True, timeout=7200)
    assert run.returncode == 0, run.stderr
    runs = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    (REPORTS / "lighthouse.md").write_text(lighthouse_table(runs, root), encoding="utf-8")
    low = [f"{r['url']} {r['preset']}: {category} {r['scores'][category]} ({', '.join(r['below'][category])})"
           + (f"; runs {lighthouse_runs(r)}{' (measured on a slow host only)' if r.get('slowHost') else ''}"
              if category == "performance" else "")
           for r in runs for category, floor in LIGHTHOUSE_FLOORS[r["preset"]].items() if r["scores"][category] < floor]
    low += [f"{r['url']} {r['preset']}: CLS {r['cls']:.3f}" for r in runs if r["cls"] > LIGHTHOUSE_CLS]
    assert len(runs) == 2 * len(urls)
    assert not low, "\n".join(low)
