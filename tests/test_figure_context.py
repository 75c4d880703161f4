"""A figure is shown with its context wherever the site shows it (issue 37): what was measured, the figure, and
the hardware and benchmark it was measured on, from one formatter (kb.model.figure_text)."""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from bs4 import BeautifulSoup
from conftest import line_of, problem_lines, refused

from kb.model.claim_facts import UNSTATED
from kb.model.figure_text import figure_text, named
from kb.model.labels import LABELS
from kb.project import layout
from kb.publish.export import export_catalog

LANGS = layout.LANGUAGES


def test_a_figure_reads_with_its_hardware_in_both_forms(catalog):
    claim = catalog.target("kinference-median-ttft")
    english = figure_text(claim, "en")
    assert english.text == f"{claim.text('en')}: 6.88 s → 0.31 s · on 3× L40S"
    assert english.html() == (f"{claim.text('en')}: <strong class=\"kb-figure\" data-kb-claim=\"kinference-median-ttft\">"
                              '6.88 s → 0.31 s</strong> <span class="kb-figure-context">· on 3× L40S</span>')
    assert figure_text(claim, "zh").text.endswith("6.88 s → 0.31 s · 在 3× L40S 上")


def test_the_html_form_escapes_what_the_text_form_writes(catalog):
    claim = catalog.target("kinference-median-ttft")
    shown = figure_text(claim, "en", measured="<b>TTFT</b> & more")
    assert shown.html().startswith("&lt;b&gt;TTFT&lt;/b&gt; &amp; more: ")
    assert shown.text.startswith("<b>TTFT</b> & more: ")


def test_context_the_measured_words_already_name_is_not_repeated(catalog):
    claim = catalog.target("kinference-median-ttft")
    assert figure_text(claim, "en", measured="Median TTFT on 3× L40S").context == ()
    assert figure_text(claim, "en", measured="Median TTFT").context == ("on 3× L40S",)


def _with_context(catalog):
    return [c for c in catalog.claims if c.facts.hardware or c.facts.benchmark]


@pytest.mark.parametrize("lang", LANGS)
def test_hub_latest_figures_carry_their_hardware_and_benchmark(catalog, pages, lang):
    from kb.render.lists import HEADLINE_FIGURES

    checked = 0
    for topic in catalog.topics.values():
        shown = [c for item in catalog.items_of_topic(topic.id) for c in item.claims][:HEADLINE_FIGURES]
        figures = pages.article(topic.page, lang).find(id="figures").find_next("ul").get_text()
        for claim in shown:
            line = figure_text(claim, lang, catalog.plain_text(claim.text(lang), lang))
            assert line.text in figures, (topic.id, claim.id)
            checked += bool(line.context)
    assert checked, "the fixture archive shows no figure with a context on a hub: the test would prove nothing"


@pytest.mark.parametrize("lang", LANGS)
def test_issue_pages_show_each_figure_with_its_context(catalog, pages, lang):
    for claim in _with_context(catalog):
        row = pages.article(claim.issue.page, lang).find(id=claim.id)
        for value in filter(None, (claim.facts.hardware, claim.facts.benchmark)):
            assert named(value, row.get_text()), (claim.id, value)


def test_the_export_and_the_feeds_carry_each_figure_with_its_context(catalog, site):
    data = export_catalog(catalog)
    shown = {c.id: c.shown for c in data.claims}
    for claim in _with_context(catalog):
        for lang in LANGS:
            for value in filter(None, (claim.facts.hardware, claim.facts.benchmark)):
                assert named(value, shown[claim.id][lang]), (claim.id, value)
    exported = json.loads((site / layout.EXPORT_DIR / layout.EXPORT_FILE).read_text(encoding="utf-8"))
    assert all(record["shown"]["en"] for record in exported["claims"])


@pytest.mark.parametrize("lang", LANGS)
def test_a_feeds_check_entry_names_the_checked_figure_with_its_context(catalog, site, lang):
    checked = [c for c in catalog.claims if c.checked_by]
    home = site if lang == layout.DEFAULT_LANGUAGE else site / lang
    for claim in checked:
        for topic in claim.topics:
            titles = [i.findtext("title") for i in ET.parse(home / layout.feed_names(topic)[0]).getroot().iter("item")]
            figure = figure_text(claim, lang, catalog.plain_text(claim.text(lang), lang)).text
            assert any(figure in title for title in titles), (topic, claim.id)


def _drop(project, text: str, issue: str = "007", keep: str = "") -> None:
    facts = project / f"data/issues/{issue}.yml"
    written = facts.read_text(encoding="utf-8")
    assert text in written
    facts.write_text(written.replace(text, keep, 1), encoding="utf-8")


def test_kb_check_refuses_a_figure_whose_passage_names_hardware_it_does_not_carry(project):
    """The item's prose measures the median TTFT `On Buoyant's own benchmark (3× L40S)`: without `hardware:` in its
    facts, the figure would be shown without it; the error names the page, the line and what to add where."""
    _drop(project, "        result: 0.31 s\n        hardware: 3× L40S\n", keep="        result: 0.31 s\n")
    _drop(project, "        hardware: B300\n")
    problems = [p for p in problem_lines(project) if "carries no `hardware:`" in p]
    assert any(p.startswith("docs/issues/007.en.md:") and "`kinference-median-ttft`" in p and "`hardware: 3× L40S`" in p
               and "data/issues/007.yml" in p for p in problems), problems
    assert any(p.startswith("docs/issues/007.md:") and "`bitdecoding-peak-throughput`" in p for p in problems)
    # the other figures of the same sentences are not blamed: each carries its own, or is not measured on it
    assert not any("kinference-goodput" in p or "bitdecoding-accuracy-gap" in p for p in problems)


def test_kb_check_refuses_a_claim_text_naming_a_benchmark_its_facts_lack(project):
    _drop(project, "        hardware: Rubin NVL72\n        benchmark: AgentX\n", "003", keep="        hardware: Rubin NVL72\n")
    problems = [p for p in problem_lines(project) if "carries no `benchmark:`" in p]
    assert any("claims.rubin-agentx-per-gpu-throughput" in p and "`benchmark: AgentX`" in p for p in problems), problems


def test_a_name_goes_with_the_figure_of_its_own_clause(project):
    """`47% lower latency … and 5× the AgentX throughput`: AgentX is the 5×'s benchmark, not the 47%'s."""
    assert not [p for p in problem_lines(project) if "figure-context" in p or "carries no `" in p]


# ---- what a multiplier is compared with (`versus:`) -----------------------------------------------------------

def test_kb_check_refuses_a_ratio_that_does_not_say_what_it_is_measured_against(project, capsys):
    _drop(project, "        versus: BF16 KV  # the weekly: peak throughput 2.4–3.0× that of BF16 KV\n")
    line = line_of(project, "data/issues/007.yml", "- id: bitdecoding-peak-throughput")
    shown = refused(project, capsys, f"data/issues/007.yml:{line}: items.4.claims.2: ratio 3.0 does not say what it is "
                                     "measured against")
    assert "`versus: unstated` if the source does not say" in shown
    from kb.content.check import check
    from kb.content.report import report

    assert "来源没有说明时写 `versus: unstated`" in report(check(project)[0], "zh")


@pytest.mark.parametrize("lang", LANGS)
def test_a_multiplier_reads_with_what_it_is_compared_with_or_that_the_source_does_not_say(catalog, lang):
    words = LABELS[lang]
    named_one = figure_text(catalog.target("bitdecoding-peak-throughput"), lang, measured="Peak throughput")
    assert named_one.context[0] == words["versus"].format("BF16 KV")
    unstated = figure_text(catalog.target("kinference-goodput-shared-prefix"), lang)
    assert words["versus_unstated"] in unstated.context and words["versus_unstated"] in unstated.text
    # what the editors' words already name is not said twice; the source's silence is said whatever they write
    assert not any("BF16 KV" in part for part in figure_text(catalog.target("bitdecoding-peak-throughput"), lang,
                                                              measured="Throughput against BF16 KV").context)
    assert words["versus_unstated"] in figure_text(catalog.target("kinference-goodput-shared-prefix"), lang,
                                                   measured="Goodput, baseline not given").context


MULTIPLIER = re.compile(r"[0-9]\s*×|倍|1/[0-9]")


def _baseline_shown(claim, lang: str, text: str) -> bool:
    """Whether `text` (what a reader sees around a figure) holds the figure's baseline: its baseline figure, what it
    is compared with, or that its source does not say."""
    f = claim.facts
    if f.versus is not None:
        return named(f.compared_with, text) if f.compared_with else LABELS[lang]["versus_unstated"] in text
    return f.baseline is not None and "→" in text


def test_every_multiplier_the_site_shows_carries_its_baseline(catalog, site):
    """Every page of the built site, both languages, the e-mails too: each figure the formatter marks
    (kb.model.figure_text.figure_html) that shows a multiplier has, in its list entry or table row, its baseline
    figure, what it is compared with, or the words saying the source does not say."""
    seen, kinds = Counter(), set()
    for path in sorted(site.rglob("*.html")):
        html_text = path.read_text(encoding="utf-8")
        if "data-kb-claim" not in html_text:
            continue
        soup = BeautifulSoup(html_text, "html.parser")
        lang = soup.html.get("lang", layout.DEFAULT_LANGUAGE)[:2]
        for figure in soup.select("[data-kb-claim]"):
            if not MULTIPLIER.search(figure.get_text()):
                continue
            claim = catalog.target(figure["data-kb-claim"])
            row = figure.find_parent(["li", "tr"])
            assert row is not None, (path, claim.id)
            assert _baseline_shown(claim, lang, row.get_text(" ")), (path.relative_to(site), claim.id, row.get_text(" "))
            seen["unstated" if claim.facts.versus == UNSTATED else "named" if claim.facts.versus else "figure"] += 1
            kinds.add(path.relative_to(site).parts[0 if path.relative_to(site).parts[0] != "en" else 1])
    assert set(seen) == {"unstated", "named", "figure"}, seen  # the fixture shows each kind of baseline
    assert {"issues", "topics", "claims"} <= kinds, kinds  # issue pages, hubs, the ledger (and its records)


@pytest.mark.parametrize("lang", LANGS)
def test_each_ratio_is_marked_on_its_issue_page(catalog, pages, lang):
    """The test above sees every view the formatter marks: each ratio is marked on its issue page."""
    for claim in (c for c in catalog.claims if c.facts.ratio):
        assert pages.article(claim.issue.page, lang).select_one(f'[data-kb-claim="{claim.id}"]'), claim.id


def test_the_export_and_the_ledgers_data_say_what_each_multiplier_is_compared_with(catalog, site):
    exported = {c.id: c for c in export_catalog(catalog).claims}
    for claim in (c for c in catalog.claims if c.facts.ratio):
        assert exported[claim.id].versus == claim.facts.versus
        for lang in LANGS:
            assert _baseline_shown(claim, lang, exported[claim.id].shown[lang]), (claim.id, lang)
    for lang in LANGS:
        data = json.loads((site / layout.CLAIMS_DATA.format(lang=lang)).read_text(encoding="utf-8"))
        rows = [dict(zip(data["fields"], row)) for row in data["rows"]]  # a row a claim, in the catalog's order
        assert [row["measured"] for row in rows] == [c.text(lang) for c in catalog.claims]
        for claim, row in zip(catalog.claims, rows):
            if claim.facts.ratio:
                assert _baseline_shown(claim, lang, " ".join((row["measured"], row["figure"], row["versus"]))), claim.id
