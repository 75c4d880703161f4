"""Pages that stay small at twenty years (issue 14): overviews, record pages, the claims ledger's filters.

The size targets themselves are measured by `make bench` at 520 and 1,040
issues (bench/README.md); here the overviews, the record pages, the filters
across every period and the table's layout are checked as a reader sees them.
"""
from __future__ import annotations

import json
import shutil

import pytest
from browser import chromium, serve

from conftest import ROOT, SITE_PORT, copy_project, problem_lines
from kb import load_catalog
from kb.cli.commands import main as kb
from kb.project import layout
from kb.render import PageMacros
from kb.render.claims_data import claims_data

LANGS = layout.LANGUAGES


@pytest.fixture(scope="module")
def reader(site):
    with serve(site, SITE_PORT) as url, chromium() as browser:
        yield browser, url


@pytest.mark.full
@pytest.mark.parametrize("lang", LANGS)
def test_a_hub_shows_pins_latest_items_and_watch_entries(reader, catalog, lang):
    browser, url = reader
    page = browser.new_page()
    topic = catalog.topics["kv-cache-compression"]
    page.goto(url + layout.language_home(lang) + layout.page_url(topic.page))
    pinned = page.locator("#pinned + * li > a").all_inner_texts()  # the list after each heading
    assert pinned == [catalog.target(i).title(lang) for i in topic.facts.pins]
    latest = page.locator("#items + * li > a:first-of-type").all_inner_texts()
    assert latest[: len(catalog.items_of_topic(topic.id))] == [i.title(lang) for i in catalog.items_of_topic(topic.id)][:10]
    routing = catalog.topics["routing-control-planes"]
    page.goto(url + layout.language_home(lang) + layout.page_url(routing.page))
    watched = page.locator("#watch + * li > a:first-of-type").all_inner_texts()
    assert watched == [w.title(lang) for w in catalog.watch_of_topic(routing.id, open_only=True)][:10] and watched
    record = page.locator("p.kb-record a")
    assert record.count() == len(catalog.records.of("topic", routing.id)) and record.first.is_visible()
    page.close()


def test_every_overview_links_its_record_and_each_record_page_holds_its_period(pages, catalog):
    records = catalog.records
    for record in records.pages:
        for lang in LANGS:
            soup = pages.soup(record.page, lang)
            hrefs = [a["href"] for a in soup.select("article a[href]")]
            for item in records.items(record):
                assert any(h.endswith(f"#{item.id}") for h in hrefs), (record, item.id)
            for entry in records.watch(record):
                assert soup.find(id=entry.id) if record.kind == "watch" else any(h.endswith(f"#{entry.id}") for h in hrefs)


def test_a_pin_must_be_an_item_of_its_topic(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    topics = project / layout.TOPICS_FILE
    topics.write_text(topics.read_text(encoding="utf-8").replace("pins: [kinference-launch]", "pins: [dual-qk]"), encoding="utf-8")
    assert kb(["--root", str(project), "check"]) == 1
    out = "\n".join(problem_lines(project))
    line = topics.read_text(encoding="utf-8").split("pins: [dual-qk]")[0].count("\n") + 1
    assert f"data/topics.yml:{line}: topics.2.pins.0: `dual-qk` is not an item of the topic `routing-control-planes`" in out


# ---- the claims ledger: filters over every period, a table that fits ------------------------

WORDS_WHOLE = r"""() => {
  // every Latin word and date of the table on one line: a word split over two lines has two boxes
  const broken = [];
  for (const cell of document.querySelectorAll('table.kb-claims-ledger td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // words and numbers (a hyphen may end a line: dual-|residual), and dates whole (never 2026-|11-10)
      for (const match of node.textContent.matchAll(/\d{4}-\d{2}-\d{2}|[A-Za-z0-9][A-Za-z0-9.:]*/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""


@pytest.mark.full
@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("lang", LANGS)
def test_the_claims_table_fits_and_breaks_no_word(reader, lang, width):
    browser, url = reader
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(url + layout.language_home(lang) + "claims/")
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    assert page.evaluate("[...document.querySelectorAll('.md-typeset__table')].every(t => t.scrollWidth <= t.clientWidth + 1)")
    assert page.evaluate(WORDS_WHOLE) == []
    if width == 1280:  # the table has the page's width, not the middle column's
        table = page.evaluate("document.querySelector('table.kb-claims-ledger').getBoundingClientRect().width")
        assert table > 0.8 * page.evaluate("document.querySelector('.md-content').getBoundingClientRect().width")
    page.close()


LAYOUT_SHIFTS = """window.__shifts = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => e.hadRecentInput || window.__shifts.push(
  [e.value, e.sources.map((s) => s.node?.nodeName + ' ' + (s.node?.textContent || '').slice(0, 20))])))
  .observe({ type: 'layout-shift', buffered: true });"""


@pytest.mark.full
@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("lang", LANGS)
def test_the_claims_page_does_not_move_when_its_script_runs(reader, lang, width):
    """Lighthouse counts layout shift (CLS) against the page; the filter bar and the sort buttons are drawn
    where the page already keeps their room, and the table shows once whole. The CPU runs 6× slower, as on
    a phone, so the table is laid out while it streams in."""
    browser, url = reader
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.add_init_script(LAYOUT_SHIFTS)
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 6})
    page.goto(url + layout.language_home(lang) + "claims/", wait_until="load")
    page.wait_for_selector("table.kb-claims-ledger .kb-sort")  # kb-claims.js has run
    page.wait_for_timeout(300)
    shifts = page.evaluate("window.__shifts")
    assert sum(value for value, _ in shifts) < 0.005, shifts
    context.close()


def test_the_filter_bar_is_there_before_the_script_runs(pages):
    """Server-rendered menus: the page does not move when kb-claims.js starts (no layout shift)."""
    for lang in LANGS:
        bar = pages.article(layout.CLAIMS_PAGE, lang).select_one(".kb-claims-filters")
        assert [s["name"] for s in bar.select("select")] == ["topic", "metric", "hardware", "source", "status"]


@pytest.fixture(scope="module")
def years_of_claims(tmp_path_factory):
    """A standalone ledger page over a synthetic archive of 130 issues (2.5 years): the real renderer,
    data file and script, without a site build."""
    from bench.synthetic import generate
    folder = tmp_path_factory.mktemp("ledger")
    catalog = load_catalog(generate(130, folder / "project"))
    site = folder / "site"
    (site / "claims").mkdir(parents=True)
    (site / "assets").mkdir()
    shutil.copy(ROOT / "overrides/assets/kb-claims.js", site / "assets/kb-claims.js")
    body = PageMacros(catalog, "en", layout.CLAIMS_PAGE).claims_ledger()
    body = body.replace('<div data-pagefind-ignore="all" markdown>', "<div>")
    (site / "claims/index.html").write_text(
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><article>{body}</article><script type="module" src="../assets/kb-claims.js"></script></body></html>',
        encoding="utf-8")
    (site / layout.CLAIMS_DATA.format(lang="en")).write_text(json.dumps(claims_data(catalog, "en")), encoding="utf-8")
    return catalog, site


@pytest.mark.full
def test_the_filters_find_a_figure_of_the_first_year(reader, years_of_claims):
    browser, _ = reader
    catalog, site = years_of_claims
    oldest = catalog.claims[-1]
    assert oldest.published.year < catalog.claims[0].published.year
    item = json.dumps(oldest.item.title("en"))  # item titles are unique in the synthetic archive
    has_oldest = f"() => [...document.querySelectorAll('table tbody tr')].some(row => row.cells[0].querySelector('a').innerText === {item})"
    with serve(site) as url:
        page = browser.new_page()
        page.goto(url + "claims/")
        assert not page.evaluate(has_oldest)  # the page shows the newest only
        page.select_option("select[name=topic]", oldest.topics[0])
        page.select_option("select[name=metric]", oldest.facts.metric)
        page.select_option("select[name=source]", oldest.facts.source_kind)
        page.wait_for_function("() => location.search.includes('source=')")
        page.wait_for_function(has_oldest)
        rows = page.locator("table.kb-claims-ledger tbody tr")
        assert all(row.get_attribute("data-source") == oldest.facts.source_kind for row in rows.all())
        # the filter is in the address: a fresh page with it shows the same
        again = browser.new_page()
        again.goto(page.url)
        again.wait_for_function(has_oldest)
        # many matches come a hundred at a time, the rest a click away
        page.select_option("select[name=metric]", "")
        page.select_option("select[name=topic]", "")
        page.wait_for_function("() => document.querySelector('table.kb-claims-ledger').dataset.view === "
                               f"'source={oldest.facts.source_kind}'")
        matching = sum(c.facts.source_kind == oldest.facts.source_kind for c in catalog.claims)
        assert matching > 150 and rows.count() == 100
        more = page.locator("button.kb-claims-more")
        assert more.is_visible() and more.inner_text() == "Show 100 more"
        more.click()
        assert rows.count() == min(200, matching) and rows.nth(100).get_attribute("data-source") == oldest.facts.source_kind
        page.select_option("select[name=source]", "")
        page.wait_for_function("() => document.querySelector('table.kb-claims-ledger').dataset.view === ''")
        assert not more.is_visible()


def test_the_translation_page_lists_at_most_a_hundred_pages_to_work_on(catalog):
    from bs4 import BeautifulSoup

    from kb.project.translations import Translation
    from kb.render import ledgers
    pages = sorted(catalog.page_titles)
    states = [Translation(page, "en", "outdated" if n % 2 else "current", "git", float(n), 0.0)
              for n, page in enumerate(pages * 8)]  # as many as eight archives' worth
    macros = PageMacros(catalog, "en", "translations.md")
    soup = BeautifulSoup(ledgers.translation_table(macros.r, states), "html.parser")  # no raw store: the HTML itself
    assert len(soup.select("tbody tr")) == 100
    assert soup.select_one(".kb-translation-tally").get_text() == f"up to date {len(states) - len(states) // 2} · outdated {len(states) // 2}"
    assert f"{len(states) // 2 - 100} more pages need work" in soup.get_text() and soup.select_one("p code").get_text() == "kb translations"
