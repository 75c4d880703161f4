"""Claims ledger, signals ledger, related items and the open data export, on the built site."""
from __future__ import annotations

import json
import re

import jsonschema
import pytest
from browser import chromium, serve

from conftest import SITE_PORT
from kb.model.labels import LABELS
from kb.model.related import RelatedItems
from kb.project import layout
from kb.publish.export import export_schema
from kb.render import Renderer
from kb.render.figures import factor, figure

LANGS = layout.LANGUAGES

# Every figure issues 3 and 7 report, as the English pages show it, with who measured it
# (from the seed captures). A figure missing from the data, or a wrong source kind, fails.
FIGURES = {
    "vllm-rubin-nvl72-day0": [("7.8× higher", "vendor")],
    "deepseek-v4-1-flash-5x": [("−47%", "vendor"), ("5× higher", "vendor"), ("27,000 tok/s → 144,000 tok/s", "vendor")],
    # the weekly: TTFT improves up to 3.3×; a cache shrinks to about 1/6.8 (issue 13: which way a figure moved)
    "vllm-bidirectional-kv-transfer": [("up to 3.3× better", "vendor"), ("about 2,300 ms → 700 ms", "vendor")],
    "ds4-engine": [("23,000 stars", "statistic")],  # a count on GitHub, not a measurement
    "llama-cpp-edge-backends": [],
    "dual-qk": [("down to about 1/6.8", "paper"), ("about −88%", "paper"), ("3.75× higher", "paper")],
    "stepquant": [("over −80%", "paper"), ("up to −68.7%", "paper")],
    "vllm-v0-33-0": [],
    # figures as the weekly wrote them: 256K, 8.40, 11.0%, 3.0, "about half"
    "sglang-v0-5-23": [("256K tokens", "vendor"), ("about 6%", "vendor"), ("10%", "vendor"), ("0.05 pt", "vendor")],
    "kinference-launch": [("6.88 s → 0.31 s", "vendor"), ("7.4× higher", "vendor"), ("3.5× higher", "vendor")],
    "llama-cpp-kimi-k3-1-pro": [],
    "bitdecoding-fp4": [("60% → 1%", "paper"), ("at most 0.5 pt", "paper"), ("2.4–3.0× higher", "paper")],
    "loopvq": [("0.5 bit", "paper"), ("0.25 bit", "paper"), ("about half", "paper"), ("4.3× higher", "paper"),
               ("6.1× higher", "paper")],
    "strataflux": [("9.46 → 8.40", "paper"), ("95.4%", "paper"), ("11.0% → 47.1%", "paper"), ("about half", "paper")],
}
# Factors worked out from two figures keep the precision of the less precise one.
DERIVED_FACTORS = {"kinference-median-ttft": "≈22×", "bitdecoding-query-logit-error": "≈60×", "strataflux-perplexity": "≈1.13×",
                   "strataflux-aime": "≈4.28×", "bidirectional-kv-ttft-20k": "≈3×", "v4-1-flash-per-gpu-throughput": "≈5.3×",
                   "dual-qk-cache-size": "1/6.8"}


def test_every_figure_of_issues_3_and_7_is_a_claim_with_its_source_kind(catalog):
    real = [item for item in catalog.items if item.issue.number in (3, 7)]  # the fixture's issue 1 is made up
    assert {item.id for item in real} == set(FIGURES)
    for item in real:
        r = Renderer(catalog, "en", item.page)
        assert [(figure(r, c), c.facts.source_kind) for c in item.claims] == FIGURES[item.id], item.id


def test_derived_factors_keep_the_sources_precision(catalog):
    for lang in LANGS:
        for claim_id, expected in DERIVED_FACTORS.items():
            claim = catalog.target(claim_id)
            assert factor(Renderer(catalog, lang, claim.page), claim) == expected, claim_id


def test_the_issue_examples_are_recorded_in_full(catalog):
    ttft = catalog.target("kinference-median-ttft").facts
    assert (ttft.metric, ttft.baseline.value, ttft.baseline.unit, ttft.result.value, ttft.hardware, ttft.source_kind) == \
        ("ttft", 6.88, "s", 0.31, "3× L40S", "vendor")
    transfer = catalog.target("bidirectional-kv-ttft-20k")
    assert (transfer.facts.baseline.value, transfer.facts.result.value, transfer.facts.baseline.unit) == (2300, 700, "ms")
    assert "20k" in transfer.text("en") and "20k" in transfer.text("zh")
    perplexity = catalog.target("strataflux-perplexity").facts
    assert (perplexity.metric, perplexity.baseline.value, perplexity.result.value, perplexity.benchmark, perplexity.source_kind) == \
        ("perplexity", 9.46, 8.40, "WikiText-2", "paper")


@pytest.mark.parametrize("lang", LANGS)
def test_claims_page_has_a_row_per_claim_linking_its_item(catalog, pages, lang):
    table = pages.article(layout.CLAIMS_PAGE, lang).select_one("table.kb-claims-ledger")
    rows = table.select("tbody tr")
    assert len(rows) == len(catalog.claims)
    for row, claim in zip(rows, catalog.claims):  # newest issue first, in the issue's order
        r = Renderer(catalog, lang, layout.CLAIMS_PAGE)
        cells = [td.get_text(" ", strip=True) for td in row.select("td")]
        assert row["data-source"] == claim.facts.source_kind and row["data-metric"] == claim.facts.metric
        assert row["data-topics"].split() == claim.item.facts.topics
        assert claim.text(lang) == cells[1] and figure(r, claim) == cells[2]
        assert row.select_one("td a")["href"].endswith(f"issues/{layout.issue_stem(claim.issue.number)}/#{claim.item.id}")
        assert cells[7] == r.t["source_kind"][claim.facts.source_kind]
    # vendor figures are marked, and lead to the weekly's caveat on the same page
    vendor = [row for row in rows if row["data-source"] == "vendor"]
    assert len(vendor) == sum(c.facts.source_kind == "vendor" for c in catalog.claims)
    assert all(row.select_one("a.kb-source-kind--vendor")["href"] == "#vendor-caveat" for row in vendor)


@pytest.mark.parametrize("lang", LANGS)
def test_the_vendor_caveat_names_no_figure_of_its_own(pages, lang):
    """The caveat is the site's, on every archive: it names no multiplier (one would stand there without its
    baseline, and be some archive's figure); the ledger's rows show each with what it is compared with."""
    caveat = pages.article(layout.CLAIMS_PAGE, lang).select_one("#vendor-caveat").get_text()
    assert "AgentX" in caveat and not re.search(r"\d\s*(×|倍)", caveat), caveat


@pytest.mark.parametrize("lang", LANGS)
def test_each_item_shows_its_own_claims(catalog, pages, lang):
    for issue in catalog.issues:
        article = pages.article(issue.page, lang)
        for item in issue.items:
            heading = article.find(id=item.id)
            section = []
            for sibling in heading.find_next_siblings():
                if sibling.name in ("h2", "h3"):
                    break
                section.append(sibling)
            shown = [li for block in section for li in block.select("ul.kb-claims > li")]
            assert [li["id"] for li in shown] == [c.id for c in item.claims], item.id
            for li, claim in zip(shown, item.claims):
                assert li.select_one(".kb-source-kind").get_text() == LABELS[lang]["source_kind"][claim.facts.source_kind]
                assert claim.text(lang) in li.get_text()


@pytest.mark.parametrize("lang", LANGS)
def test_signals_ledger_lists_every_verdict_by_topic_oldest_first(catalog, pages, lang):
    article = pages.article(layout.SIGNALS_PAGE, lang)
    for topic in catalog.topics.values():
        expected = [s.id for s in reversed(catalog.signals_of_topic(topic.id))]
        heading = article.find(id=topic.id)
        if not expected:
            assert heading is None
            continue
        ledger = heading.find_next_sibling("ul")
        listed = [li.find("a")["href"].split("#")[1] for li in ledger.find_all("li", recursive=False)]
        assert listed == expected, topic.id


@pytest.mark.parametrize("lang", LANGS)
def test_the_signals_ledger_follows_a_call_to_what_settled_it(pages, lang):
    # a call of issue 3, then what happened later: its watch entry, settled by an item of issue 7
    article = pages.article(layout.SIGNALS_PAGE, lang)
    kv = article.find(id="kv-cache-compression").find_next_sibling("ul")
    call = kv.find("a", href=lambda h: h.endswith("#kv-compression-goes-engineering")).find_parent("li")
    follow_up = call.find("a", href=lambda h: h.endswith("#kv-compression-lands-in-engines")).find_parent("li")
    assert follow_up.find("a", href=lambda h: h.endswith("issues/007/#loopvq"))


def test_related_items_are_ranked_by_shared_topics_and_entities(catalog):
    def related(item_id):
        return [i.id for i in catalog.related(catalog.target(item_id))]

    # Dual-QK and LoopVQ: KV-cache compression with an SGLang implementation, a month apart
    assert related("dual-qk")[0] == "loopvq"
    assert related("loopvq")[:2] == ["dual-qk", "stepquant"]
    # Kinference shares vLLM and NVIDIA GPUs with the Rubin day-0 item, and vLLM alone with two more
    assert related("kinference-launch") == ["vllm-rubin-nvl72-day0", "deepseek-v4-1-flash-5x", "vllm-bidirectional-kv-transfer"]
    for item in catalog.items:
        shared = set(item.facts.topics) | set(item.facts.entities)
        for other in catalog.related(item):
            assert other.issue is not item.issue
            assert shared & (set(other.facts.topics) | set(other.facts.entities))


@pytest.mark.parametrize("lang", LANGS)
def test_items_list_their_related_items(catalog, pages, lang):
    issue = next(i for i in catalog.issues if i.number == 7)
    article = pages.article(issue.page, lang)
    shown = 0
    for item in issue.items:
        section = []
        for sibling in article.find(id=item.id).find_next_siblings():
            if sibling.name in ("h2", "h3"):
                break
            section.append(sibling)
        folded = [block for block in section if block.name == "details" and "kb-related-items" in block["class"]]
        expected = [f"../{layout.issue_stem(i.issue.number)}/#{i.id}" for i in catalog.related_in_issue(item)]
        if not expected:  # all listed above: no empty block
            assert folded == [], item.id
            continue
        links = folded[0].select_one("span.kb-related").find_all("a")  # folded under its label
        assert [a["href"] for a in links if "#" in a["href"]] == expected, item.id
        shown += 1
    assert shown >= 2


def test_an_issue_lists_each_related_item_once_at_most_three_per_item(catalog):
    ranking = RelatedItems(catalog.items)
    for issue in catalog.issues:
        listed = [other.id for item in issue.items for other in catalog.related_in_issue(item)]
        assert len(listed) == len(set(listed)), issue.number
        for item in issue.items:
            mine = catalog.related_in_issue(item)
            assert len(mine) <= 3
            # the most related ones an earlier item of the issue does not already list, in their order
            above = {other.id for earlier in issue.items[: issue.items.index(item)] for other in catalog.related_in_issue(earlier)}
            assert mine == [other for other in ranking.ranked(item) if other.id not in above][:3]
    # the fixture's issue 7 has items sharing topics: without the rule one of them would be listed twice
    issue = next(i for i in catalog.issues if i.number == 7)
    plain = [other.id for item in issue.items for other in catalog.related(item)]
    assert len(plain) > len(set(plain))


def test_open_data_validates_against_its_published_schema(catalog, site):
    folder = site / layout.EXPORT_DIR
    data = json.loads((folder / layout.EXPORT_FILE).read_text(encoding="utf-8"))
    schema = json.loads((folder / layout.EXPORT_SCHEMA_FILE).read_text(encoding="utf-8"))
    assert schema == json.loads(json.dumps(export_schema()))  # the schema is the model's, not a hand-kept copy
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
    assert data["version"] == layout.EXPORT_VERSION and f"v{data['version']}" in layout.EXPORT_FILE

    assert [i["number"] for i in data["issues"]] == [i.number for i in catalog.issues]
    assert {c["id"] for c in data["claims"]} == {c.id for c in catalog.claims}
    assert len(data["items"]) == len(catalog.items) and len(data["signals"]) == len(catalog.signals)
    assert len(data["watch"]) == len(catalog.watch) and len(data["entities"]) == len(catalog.entities)
    ids = {kind: {r["id"] for r in data[kind]} for kind in ("items", "claims", "signals", "watch", "topics", "entities")}
    for item in data["items"]:
        assert set(item["claims"]) <= ids["claims"] and set(item["related"]) <= ids["items"]
        assert set(item["topics"]) <= ids["topics"] and set(item["entities"]) <= ids["entities"]
        assert set(item["title"]) == set(LANGS)
        for lang, url in item["url"].items():  # each record's page exists in that language
            page = url.split("#")[0]
            assert (site / page / "index.html").is_file(), url
    # refs in prose are written out as text
    assert not any("{{" in text for record in data["items"] for text in record["why"].values())


def test_open_data_records_the_issue_examples_in_full(site):
    data = json.loads((site / layout.EXPORT_DIR / layout.EXPORT_FILE).read_text(encoding="utf-8"))
    ttft = next(c for c in data["claims"] if c["id"] == "kinference-median-ttft")
    assert (ttft["baseline"], ttft["result"], ttft["source_kind"]) == (
        {"value": 6.88, "unit": "s", "written": "6.88"}, {"value": 0.31, "unit": "s", "written": "0.31"}, "vendor")
    perplexity = next(c for c in data["claims"] if c["id"] == "strataflux-perplexity")
    assert perplexity["result"]["written"] == "8.40" and perplexity["direction"] == "lower"
    settled = next(w for w in data["watch"] if w["id"] == "kv-compression-lands-in-engines")
    assert settled["resolution"]["by"] == "editors" and set(settled["resolution"]["reason"]) == set(LANGS)


def test_open_data_breaks_its_schema_when_a_record_is_wrong(site):
    folder = site / layout.EXPORT_DIR
    data = json.loads((folder / layout.EXPORT_FILE).read_text(encoding="utf-8"))
    schema = json.loads((folder / layout.EXPORT_SCHEMA_FILE).read_text(encoding="utf-8"))
    data["claims"][0]["source_kind"] = "blog"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize("lang", LANGS)
def test_open_data_page_links_the_files(pages, lang):
    links = [a["href"] for a in pages.article("data.md", lang).select("table a")]
    prefix = "../" if lang == layout.DEFAULT_LANGUAGE else "../../"
    assert links == [f"{prefix}{layout.EXPORT_DIR}/{layout.EXPORT_FILE}", f"{prefix}{layout.EXPORT_DIR}/{layout.EXPORT_SCHEMA_FILE}"]


# ---- in the browser: sorting and filtering the claims ledger ----------------------

@pytest.fixture(scope="module")
def ledger(site):
    with serve(site, SITE_PORT) as url, chromium() as browser:
        page = browser.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        yield page, url, errors
        page.close()


def visible_rows(page) -> list[dict]:
    return page.eval_on_selector_all(
        "table.kb-claims-ledger tbody tr:not([hidden])",
        "rows => rows.map(r => ({...r.dataset, figure: r.cells[2].textContent}))")


def choose(page, menu: str, value: str) -> None:
    """Pick a filter and wait until the table shows it (the figures of every period are fetched on first use)."""
    page.select_option(f"select[name={menu}]", value)
    page.wait_for_function("() => document.querySelector('table.kb-claims-ledger').dataset.view === new URLSearchParams(location.search).toString()")


@pytest.mark.full
@pytest.mark.parametrize("home", ["", "en/"])
def test_claims_ledger_filters_by_source_kind_topic_metric_and_hardware(catalog, ledger, home):
    page, url, errors = ledger
    page.goto(f"{url}{home}claims/")
    assert len(visible_rows(page)) == len(catalog.claims)

    choose(page, "source", "vendor")
    rows = visible_rows(page)
    assert len(rows) == sum(c.facts.source_kind == "vendor" for c in catalog.claims) and {r["source"] for r in rows} == {"vendor"}
    assert "source=vendor" in page.url  # a filtered view can be linked

    choose(page, "topic", "routing-control-planes")
    rows = visible_rows(page)
    assert [r["figure"] for r in rows] == {"": ["6.88 s → 0.31 s", "提升至 7.4 倍", "提升至 3.5 倍"],
                                          "en/": ["6.88 s → 0.31 s", "7.4× higher", "3.5× higher"]}[home]

    choose(page, "source", "")
    choose(page, "topic", "")
    choose(page, "metric", "perplexity")
    assert [r["figure"] for r in visible_rows(page)] == ["9.46 → 8.40"]
    choose(page, "metric", "")
    assert len(visible_rows(page)) == len(catalog.claims)  # nothing chosen: the page's own rows again
    choose(page, "hardware", "3× L40S")
    assert len(visible_rows(page)) == 3
    status = page.text_content(".kb-claims-status")
    assert re.search(r"\b3\b.*\b3\b", status)  # 3 of 3 matches shown

    # the same filter from a link
    page.goto(f"{url}{home}claims/?source=paper")
    page.wait_for_function("() => document.querySelector('table.kb-claims-ledger').dataset.view === 'source=paper'")
    assert {r["source"] for r in visible_rows(page)} == {"paper"}
    assert page.input_value("select[name=source]") == "paper"
    assert errors == []


@pytest.mark.full
@pytest.mark.parametrize("home", ["", "en/"])
def test_claims_ledger_sorts_by_factor_and_date(catalog, ledger, home):
    page, url, errors = ledger
    page.goto(f"{url}{home}claims/")
    factor = page.locator("th[data-sort=factor] button")
    factor.click()  # biggest first
    values = [float(r["factor"]) for r in visible_rows(page)]
    assert values == sorted(values, reverse=True) and values[0] == max(c.facts.factor or 0 for c in catalog.claims)
    assert page.get_attribute("th[data-sort=factor]", "aria-sort") == "descending"
    factor.click()  # and back
    values = [float(r["factor"]) for r in visible_rows(page)]
    assert values == sorted(values)

    page.locator("th[data-sort=date] button").click()
    dates = [r["date"] for r in visible_rows(page)]
    assert dates == sorted(dates, reverse=True)
    assert page.get_attribute("th[data-sort=factor]", "aria-sort") is None

    # sorting keeps the filter
    choose(page, "source", "vendor")  # wait until the filtered rows are drawn before sorting them
    factor.click()
    rows = visible_rows(page)
    assert {r["source"] for r in rows} == {"vendor"}
    assert [float(r["factor"]) for r in rows] == sorted((float(r["factor"]) for r in rows), reverse=True)
    assert errors == []
