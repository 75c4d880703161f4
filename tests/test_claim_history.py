"""A claim's history: later figures confirm, qualify or contradict earlier ones (kb.model.claim_facts `checks`).

The weekly's two issues hold no such check yet, so a copy of the project gets three (made up for the test,
never published): issue 7's figures checking issue 3's. Everything a reader sees is asserted on the built
site of that copy: the issue pages, the hubs with their charts, the ledger in a browser, the feeds and the
open data.
"""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter

import jsonschema
import pytest
from browser import chromium, serve

from conftest import SITE_PORT, Site, build, copy_project, line_of, problem_lines
from kb import load_catalog
from kb.cli.commands import main as kb
from kb.base.plural import plural
from kb.model.figure_text import figure_text
from kb.model.labels import LABELS
from kb.project import layout
from kb.publish.export import export_schema
from kb.render import charts

LANGS = layout.LANGUAGES
# later figure (issue 7) → (earlier figure (issue 3), verdict, reason per language)
CHECKS = {
    "kinference-median-ttft": ("bidirectional-kv-ttft-multiplier", "qualifies",
                               {"zh": "测试用的核对：首字延迟确有下降，但条件不同。", "en": "A test check — TTFT fell, under other conditions."}),
    "bitdecoding-peak-throughput": ("rubin-agentx-per-gpu-throughput", "contradicts",
                                    {"zh": "测试用的核对：吞吐没有达到所说的倍数。", "en": "A test check — throughput fell short of the factor."}),
    "loopvq-throughput-ouro-1-4b": ("dual-qk-decode-throughput", "confirms",
                                    {"zh": "测试用的核对：吞吐的倍数得到复现。", "en": "A test check — the throughput factor was reproduced."}),
}


def add_check(project, later: str, earlier: str, verdict: str, reasons: dict[str, str] | None = None,
              issue: str = "007") -> None:
    """Give figure `later` of `issue` a check of `earlier`, with its reason in each page when `reasons` is given."""
    facts = project / f"data/issues/{issue}.yml"
    text = facts.read_text(encoding="utf-8")
    line = f"      - id: {later}\n"
    assert line in text, later
    facts.write_text(text.replace(line, f"{line}        checks: {{claim: {earlier}, verdict: {verdict}, by: editors}}\n", 1),
                     encoding="utf-8")
    for lang, reason in (reasons or {}).items():
        page = project / layout.DOCS / layout.localized(f"issues/{issue}.md", lang)
        head, end, body = page.read_text(encoding="utf-8").partition("\n---\n\n")  # front matter, its end, the body
        entry = f"\n  {later}: {reason}"
        head = head.replace("\nchecks:", f"\nchecks:{entry}", 1) if "\nchecks:" in head else f"{head}\nchecks:{entry}"
        page.write_text(head + end + body, encoding="utf-8")


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    project = copy_project(tmp_path_factory.mktemp("checked") / "project")
    for later, (earlier, verdict, reasons) in CHECKS.items():
        add_check(project, later, earlier, verdict, reasons)
    site = project.parent / "site"
    result = build(project, site)
    assert result.returncode == 0 and "WARNING" not in result.stdout + result.stderr, result.stdout + result.stderr
    return load_catalog(project), Site(site), project


# ---- the model ------------------------------------------------------------------------------------

@pytest.mark.full
def test_each_check_sets_the_earlier_claims_status_and_history(checked):
    catalog, _, _ = checked
    for later, (earlier, verdict, _) in CHECKS.items():
        claim, check = catalog.target(earlier), catalog.target(later)
        assert check.checked is claim and claim.checked_by == [check]
        assert claim.status == {"confirms": "confirmed", "qualifies": "qualified", "contradicts": "contradicted"}[verdict]
    own = {c.facts.checks.claim for c in catalog.claims if c.facts.checks} - {earlier for earlier, _, _ in CHECKS.values()}
    assert own, "the fixture archive's own checks (issue 7's, by the weekly and by the editors)"
    assert sum(c.status == "unchecked" for c in catalog.claims) == len(catalog.claims) - len(CHECKS) - len(own)


def test_the_latest_check_decides_the_status(tmp_path):
    project = copy_project(tmp_path / "project")
    # two figures of issue 7, in item order: the later one has the last word
    add_check(project, "bitdecoding-peak-throughput", "rubin-agentx-per-gpu-throughput", "contradicts",
              {"zh": "先被推翻。", "en": "First it fell."})
    add_check(project, "loopvq-throughput-ouro-1-4b", "rubin-agentx-per-gpu-throughput", "confirms",
              {"zh": "后来得到证实。", "en": "Then it held."})
    claim = load_catalog(project).target("rubin-agentx-per-gpu-throughput")
    assert [c.id for c in claim.checked_by] == ["bitdecoding-peak-throughput", "loopvq-throughput-ouro-1-4b"]
    assert claim.status == "confirmed"


# ---- what kb check refuses --------------------------------------------------------------------------


REFUSALS = [
    # (name, issue, later figure, earlier figure, field after `items.I.claims.J.`, expected words)
    ("a claim that does not exist", "007", "kinference-median-ttft", "no-such-figure", "checks.claim", "is not a claim of the archive"),
    ("a claim of the same issue", "007", "kinference-goodput-multi-turn", "kinference-goodput-shared-prefix", "checks.claim",
     "this same issue"),
    ("a claim of a later issue", "003", "bidirectional-kv-ttft-multiplier", "kinference-median-ttft", "checks.claim",
     "reported after this figure"),
    ("a claim of another metric", "007", "kinference-median-ttft", "rubin-agentx-per-gpu-throughput", "checks",
     "give it the same metric"),
]


@pytest.mark.parametrize("name, issue, later, earlier, field, words", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_kb_check_refuses_a_check_of(tmp_path, capsys, name, issue, later, earlier, field, words):
    project = copy_project(tmp_path / "project")
    add_check(project, later, earlier, "confirms", {"zh": "理由。", "en": "A reason."}, issue=issue)
    path = f"data/issues/{issue}.yml"
    assert kb(["--root", str(project), "check"]) == 1
    out = "\n".join(problem_lines(project))
    line = line_of(project, path, f"checks: {{claim: {earlier}")
    message = next((m for m in out.splitlines() if m.startswith(f"{path}:{line}: items.")), None)
    assert message is not None, out
    assert re.match(rf"{path}:{line}: items\.\d+\.claims\.\d+\.{re.escape(field)}: ", message), message
    assert earlier in message and words in message and " — " in message


def test_kb_check_refuses_an_unknown_verdict(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    add_check(project, "kinference-median-ttft", "bidirectional-kv-ttft-multiplier", "refutes", {"zh": "理由。", "en": "A reason."})
    assert kb(["--root", str(project), "check"]) == 1
    line = line_of(project, "data/issues/007.yml", "verdict: refutes")
    assert re.search(rf"^data/issues/007\.yml:{line}: items\.2\.claims\.0\.checks\.verdict: .* — ", "\n".join(problem_lines(project)), re.M)


@pytest.mark.parametrize("missing", LANGS)
def test_kb_check_refuses_a_check_without_its_reason(tmp_path, capsys, missing):
    project = copy_project(tmp_path / "project")
    reasons = {lang: "理由。" if lang == "zh" else "A reason." for lang in LANGS if lang != missing}
    add_check(project, "kinference-median-ttft", "bidirectional-kv-ttft-multiplier", "qualifies", reasons)
    assert kb(["--root", str(project), "check"]) == 1
    out = "\n".join(problem_lines(project))
    page = layout.localized("issues/007.md", missing)
    assert re.search(rf"^docs/{re.escape(page)}:\d+: checks\.kinference-median-ttft: .* — add `kinference-median-ttft:` under "
                     "`checks:`", out, re.M), out
    assert not any(line.startswith(f"docs/{layout.localized('issues/007.md', lang)}") for lang in reasons
                   for line in out.splitlines())


def test_a_reason_without_its_check_is_not_dropped(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    page = project / "docs/issues/007.md"
    head, end, body = page.read_text(encoding="utf-8").partition("\n---\n\n")
    reason = "\n  kinference-median-ttft: 没有对应核对的理由。"
    head = head.replace("\nchecks:", f"\nchecks:{reason}", 1) if "\nchecks:" in head else f"{head}\nchecks:{reason}"
    page.write_text(f"{head}{end}{body}", encoding="utf-8")
    assert kb(["--root", str(project), "check"]) == 1
    assert "docs/issues/007.md:" in (out := "\n".join(problem_lines(project))) and "checks.kinference-median-ttft" in out


# ---- what readers see -------------------------------------------------------------------------------

@pytest.mark.full
@pytest.mark.parametrize("lang", LANGS)
def test_issue_pages_show_each_figures_status_and_link_what_changed_it(checked, lang):
    catalog, pages, _ = checked
    words = LABELS[lang]
    earlier_page = pages.article("issues/003.md", lang)
    for later, (earlier, verdict, reasons) in CHECKS.items():
        entry = earlier_page.find(id=earlier)
        assert entry is not None, earlier
        claim = catalog.target(earlier)
        assert entry.select_one(f".kb-status--{claim.status}").get_text() == words["status"][claim.status]
        links = [a["href"] for a in entry.select(".kb-history a")]
        assert f"../007/#{later}" in links  # the figure that checked it
        later_entry = pages.article("issues/007.md", lang).find(id=later)
        text = later_entry.select_one(".kb-history").get_text()
        assert words["check_verdict"][verdict] in text and reasons[lang].rstrip("。.") in text
        assert f"../003/#{earlier}" in [a["href"] for a in later_entry.select(".kb-history a")]
    unchecked = earlier_page.find(id="v4-1-flash-per-gpu-throughput")
    assert unchecked.select_one(".kb-status--unchecked").get_text() == words["status"]["unchecked"]
    assert unchecked.select(".kb-history") == []


@pytest.mark.full
@pytest.mark.parametrize("lang", LANGS)
def test_a_hub_says_how_its_vendor_figures_fared(checked, lang):
    catalog, pages, _ = checked
    topic = "serving-engine-releases"
    hub = pages.article(f"topics/{topic}.md", lang)
    claims = [c for item in catalog.items_of_topic(topic) for c in item.claims]
    vendor = [c for c in claims if c.facts.source_kind == "vendor"]
    checked_ones = [c for c in vendor if c.checked_by]
    # the TTFT multiplier (qualified) and AgentX per-GPU throughput (contradicted), besides the fixture's own checks
    assert {"bidirectional-kv-ttft-multiplier", "rubin-agentx-per-gpu-throughput"} < {c.id for c in checked_ones}
    section = hub.find(id="checks").find_next_sibling("p")
    words = LABELS[lang]
    figures = plural(words["hub_checks_vendor"], len(vendor))
    assert plural(words["hub_checks_checked"], len(checked_ones), vendor=figures) in section.get_text()
    for status, n in Counter(c.status for c in checked_ones).items():
        assert f"{words['status'][status]} {n}" in section.get_text()
    listed = section.find_next_sibling("ul").select("li")
    assert len(listed) == len(checked_ones) and {li.select_one(".kb-status")["class"][1] for li in listed} == {
        f"kb-status--{c.status}" for c in checked_ones}
    # a topic whose vendor figures nobody checked says so
    quiet = pages.article("topics/routing-control-planes.md", lang)
    figures = plural(words["hub_checks_vendor"], 3)
    assert quiet.find(id="checks").find_next_sibling("p").get_text() == plural(words["hub_checks_checked"], 0, vendor=figures)


@pytest.mark.full
@pytest.mark.parametrize("lang", LANGS)
def test_hub_charts_are_accessible_svg_with_the_same_data_in_a_table(checked, lang):
    catalog, pages, _ = checked
    for topic in catalog.topics:
        hub = pages.article(f"topics/{topic}.md", lang)
        claims = [c for item in catalog.items_of_topic(topic) for c in item.claims]
        plotted, listed = charts.plan(claims)  # the fixture archive: few comparable figures, so mostly listed
        figures = hub.select("figure.kb-chart-figure")
        quarters = {charts.quarter(item.published) for item in catalog.items_of_topic(topic)}
        drawn_items = len(charts.axes.quarters(min(quarters), max(quarters))) >= charts.MIN_QUARTERS
        assert len(figures) == len(plotted) + drawn_items, topic
        for figure, (_, shown) in zip(figures, plotted):
            svg = figure.select_one("svg.kb-chart")
            assert svg["role"] == "img"
            title, desc = (svg.find(id=i) for i in svg["aria-labelledby"].split())
            assert title.name == "title" and desc.name == "desc" and title.get_text() and desc.get_text()
            rows = figure.select(".kb-chart__data tbody tr")
            points = svg.select(".kb-chart__point > *")
            assert len(rows) == len(points) == len(shown)
            # each point's colour is its figure's status (the class of its group)
            assert sorted(p.parent["class"][-1] for p in points) == sorted(f"kb-chart__point--{c.status}" for c in shown)
        # the factors no chart holds, each with its status in words
        table = next(d for d in hub.select("div.kb-chart-listed") if d.select_one(".kb-chart__note")) if listed else None
        if table:
            statuses = [r.select("td")[3].get_text().split(" · ")[-1] for r in table.select("tbody tr")]
            assert statuses == [LABELS[lang]["status"][c.status] for c in listed[:charts.LISTED]]
        counts = hub.select(".kb-chart-figure tbody tr, .kb-chart-listed tbody tr")
        per_quarter = [r for r in counts if len(r.select("td")) == 2]
        assert len(per_quarter) == len(charts.axes.quarters(min(quarters), max(quarters)))
        assert sum(int(r.select("td")[1].get_text()) for r in per_quarter) == len(catalog.items_of_topic(topic))


@pytest.mark.full
def test_the_ledger_has_a_status_column_and_filter(checked):
    catalog, pages, _ = checked
    for lang in LANGS:
        table = pages.article(layout.CLAIMS_PAGE, lang).select_one("table.kb-claims-ledger")
        assert [th.get_text(strip=True) for th in table.select("thead th")][-2] == LABELS[lang]["claims_head"][-2]
        assert sorted(tr["data-status"] for tr in table.select("tbody tr")) == sorted(c.status for c in catalog.claims)
    with serve(pages.root, SITE_PORT) as url, chromium() as browser:
        page = browser.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        for home in ("", "en/"):
            page.goto(f"{url}{home}claims/")
            page.select_option("select[name=source]", "vendor")
            page.select_option("select[name=status]", "unchecked")
            page.wait_for_function("() => document.querySelector('table.kb-claims-ledger').dataset.view === "
                                   "new URLSearchParams(location.search).toString()")
            rows = page.eval_on_selector_all("table.kb-claims-ledger tbody tr:not([hidden])", "rs => rs.map(r => r.dataset.status)")
            assert len(rows) == sum(c.status == "unchecked" and c.facts.source_kind == "vendor" for c in catalog.claims)
            assert set(rows) == {"unchecked"} and "status=unchecked" in page.url
            page.goto(f"{url}{home}claims/?status=contradicted")
            page.wait_for_function("() => document.querySelector('table.kb-claims-ledger').dataset.view === 'status=contradicted'")
            cells = page.eval_on_selector_all("table.kb-claims-ledger tbody tr:not([hidden])",
                                              "rs => rs.map(r => [r.dataset.status, r.querySelector('a.kb-status')?.getAttribute('href')])")
            assert len(cells) == 1 and cells[0][0] == "contradicted"
            assert cells[0][1].endswith("issues/007/#bitdecoding-peak-throughput")  # the status links to its latest check
        assert errors == []


@pytest.mark.full
@pytest.mark.parametrize("lang", LANGS)
def test_topic_feeds_announce_checks(checked, lang):
    catalog, pages, _ = checked
    home = pages.root if lang == layout.DEFAULT_LANGUAGE else pages.root / lang
    rss = ET.parse(home / layout.feed_names("kv-cache-compression")[0]).getroot()
    titles = [item.findtext("title") for item in rss.iter("item")]
    words = LABELS[lang]
    claim = catalog.target("dual-qk-decode-throughput")
    announced = [t for t in titles if t.startswith(words["check_verdict"]["confirms"])]
    assert announced == [words["feed_check"].format(verdict=words["check_verdict"]["confirms"],
                                                    claim=figure_text(claim, lang, catalog.plain_text(claim.text(lang), lang)).text)]
    entry = next(i for i in rss.iter("item") if i.findtext("title") == announced[0])
    assert entry.findtext("link").endswith("issues/007/#loopvq-throughput-ouro-1-4b")
    assert CHECKS["loopvq-throughput-ouro-1-4b"][2][lang] in entry.findtext("description")


@pytest.mark.full
def test_open_data_carries_the_history(checked):
    catalog, pages, _ = checked
    folder = pages.root / layout.EXPORT_DIR
    data = json.loads((folder / layout.EXPORT_FILE).read_text(encoding="utf-8"))
    jsonschema.validate(data, export_schema(), cls=jsonschema.Draft202012Validator)
    records = {c["id"]: c for c in data["claims"]}
    for later, (earlier, verdict, reasons) in CHECKS.items():
        assert records[later]["checks"] == {"claim": earlier, "verdict": verdict, "by": "editors", "reason": reasons}
        assert records[earlier]["checked_by"] == [later] and records[earlier]["status"] == catalog.target(earlier).status
    checked_ids = {c.id for c in catalog.claims if c.checked_by}  # the test's checks and the fixture archive's own
    assert all(r["status"] == "unchecked" and r["checked_by"] == [] for r in records.values() if r["id"] not in checked_ids)
    assert {earlier for earlier, _, _ in CHECKS.values()} < checked_ids
    broken = json.loads(json.dumps(data))
    broken["claims"][0]["status"] = "refuted"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, export_schema(), cls=jsonschema.Draft202012Validator)


@pytest.mark.full
def test_kb_claims_lists_unchecked_vendor_figures_first_oldest_first(checked, capsys):
    catalog, _, project = checked
    assert kb(["--root", str(project), "claims", "--limit", "1000"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == len(catalog.claims)
    order = [(row[0], row[1]) for row in rows]
    statuses = [s for s, _ in order]
    assert statuses == sorted(statuses, key=("unchecked", "confirmed", "qualified", "contradicted").index)
    unchecked = [kind for status, kind in order if status == "unchecked"]
    assert unchecked[: unchecked.count("vendor")] == ["vendor"] * unchecked.count("vendor")
    vendor_unchecked = [row for row in rows if row[:2] == ["unchecked", "vendor"]]
    weeks = [int(row[2]) for row in vendor_unchecked]
    assert weeks == sorted(weeks, reverse=True)  # oldest first
    assert kb(["--root", str(project), "claims", "--status", "contradicted"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and "rubin-agentx-per-gpu-throughput" in out[0] and "contradicts:bitdecoding-peak-throughput" in out[0]
