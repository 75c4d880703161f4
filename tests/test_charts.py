"""The topic hubs' charts (kb.render.charts): what may be plotted together, and charts a reader can read.

A copy of the fixture archive gets a series of comparable figures (tests/chart_series.py: made up for the tests);
the charts are drawn in-process, and once, in a site of their own, in Chromium at a phone's and a laptop's width.
"""
from __future__ import annotations

import math
import os
import re
from datetime import date
from types import SimpleNamespace

import pytest
from browser import chromium, serve
from bs4 import BeautifulSoup
from chart_series import HUB, add_series

from conftest import Site, build, copy_project
from kb import load_catalog
from kb.model.labels import LABELS
from kb.project import layout
from kb.render import chart_axes as axes
from kb.render.charts import LISTED, _marks, comparable, figures_over_time, items_chart, legend, plan
from kb.render.lists import figure_entry
from kb.render.renderer import Renderer

LANGS = layout.LANGUAGES


@pytest.fixture(scope="module")
def series(tmp_path_factory):
    """The fixture archive with the series, and its catalog."""
    project = add_series(copy_project(tmp_path_factory.mktemp("series") / "project"))
    return project, load_catalog(project)


def hub(catalog, topic: str, lang: str) -> BeautifulSoup:
    r = Renderer(catalog, lang, layout.topic_page(topic))
    return BeautifulSoup(figures_over_time(r, topic, catalog.items_of_topic(topic)), "html.parser")


def claims_of(catalog, topic: str):
    return [claim for item in catalog.items_of_topic(topic) for claim in item.claims]


# ---- what may be plotted together ------------------------------------------------------------------

def test_a_chart_holds_only_factors_of_one_metric_unit_and_baseline(series, catalog):
    for cat in (series[1], catalog):
        for topic in cat.topics:
            charts, listed = plan(claims_of(cat, topic))
            for key, points in charts:
                assert {comparable(p) for p in points} == {key}, topic
                assert key.hardware or key.benchmark  # a baseline nobody names is never matched
    # the series: one chart of the four H100 · ShareGPT factors; the B200 one and the tok/s figures only listed
    charts, listed = plan(claims_of(series[1], HUB))
    assert [[p.id for p in points] for _, points in charts] == [
        ["fixture-h100-throughput", "ds4-h100-throughput", "strataflux-h100-throughput", "loopvq-h100-throughput-per-gpu"]]
    assert {"strataflux-b200-throughput", "fixture-h100-tokens", "ds4-h100-tokens", "loopvq-h100-throughput",
            "fixture-h100-vs-fp8", "fixture-h100-unstated"} <= {c.id for c in listed}
    # what a factor is compared with is part of its baseline: against FP8 is another group, against what the source
    # does not say is no group at all
    key = charts[0][0]
    assert key.versus == "A100" and comparable(series[1].target("fixture-h100-vs-fp8")).versus == "FP8"
    assert comparable(series[1].target("fixture-h100-unstated")) is None
    # the weekly's vendor multipliers against different baselines (7.8× and 5×) share no chart
    assert plan(claims_of(catalog, "serving-engine-releases"))[0] == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_same_result_is_never_charted_twice_and_every_factor_is_charted_or_listed(series, lang):
    _, cat = series
    for topic in cat.topics:
        claims = claims_of(cat, topic)
        charts, listed = plan(claims)
        charted = [p for _, points in charts for p in points]
        # an item's metric once on a hub: 5× and ≈5.3× per GPU are one result
        assert len({(p.item.id, p.facts.metric) for p in charted}) == len(charted), topic
        assert sorted(c.id for c in charted + listed) == sorted(c.id for c in claims if c.facts.factor), topic
        soup = hub(cat, topic, lang)
        for figure, (_, points) in zip(soup.select("figure.kb-chart-figure"), charts):
            assert len(figure.select("svg.kb-chart .kb-chart__point > *")) == len(figure.select("tbody tr")) == len(points)
        shown = [d for d in soup.select("div.kb-chart-listed") if d.select_one("p.kb-chart__note")]
        assert len(shown) == bool(listed) and len(soup.select("div.kb-chart-listed tbody tr")) >= min(len(listed), LISTED)
        if listed:
            assert len(shown[0].select("tbody tr")) == min(len(listed), LISTED), topic
    # the tok/s figures are three on three dates, and each item's throughput is already charted: no second chart
    assert len(plan(claims_of(cat, HUB))[0]) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_every_charted_figure_carries_its_context_in_its_row(series, lang):
    _, cat = series
    figure = hub(cat, HUB, lang).select_one("figure.kb-chart-figure")
    rows = figure.select("tbody tr")
    assert len(rows) == 4 and all(row.select("td")[2].get_text() == "H100 · ShareGPT" for row in rows)
    versus = LABELS[lang]["versus"].format("A100")
    assert all(row.select_one("td .kb-versus").get_text() == versus for row in rows)
    for shared in ("H100 · ShareGPT", versus):
        assert shared in figure.figcaption.get_text() and shared in figure.find("desc").get_text()


@pytest.mark.parametrize("lang", LANGS)
def test_hub_figure_lists_show_hardware_and_benchmark(catalog, lang):
    r = Renderer(catalog, lang, layout.topic_page("fp4-kernels"))
    assert "B300" in figure_entry(r, catalog.target("bitdecoding-peak-throughput"))
    assert "3× L40S" in figure_entry(r, catalog.target("kinference-median-ttft"))
    # a factor whose source names neither says so; a count without a factor gets no such note
    assert LABELS[lang]["context_none"] in figure_entry(r, catalog.target("bidirectional-kv-ttft-multiplier"))
    assert LABELS[lang]["context_none"] not in figure_entry(r, catalog.target("ds4-stars"))


# ---- a chart only where it says more than a sentence -------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_too_few_figures_or_quarters_give_the_table_alone(catalog, lang):
    for topic in catalog.topics:  # the fixture archive: no three comparable factors, two quarters
        soup = hub(catalog, topic, lang)
        assert soup.select("svg") == [], topic
        captions = [c.get_text() for c in soup.select(".kb-chart-listed caption")]
        assert LABELS[lang]["chart_items"] in captions, topic


# ---- axes, marks and legend ---------------------------------------------------------------------

@pytest.mark.parametrize("first,last,kind", [
    (date(2026, 10, 14), date(2026, 11, 10), "days"),  # less than two month starts between: the figures' dates
    (date(2026, 1, 14), date(2026, 11, 10), "months"),
    (date(2024, 3, 1), date(2027, 5, 1), "years"),
    (date(2026, 11, 10), date(2026, 11, 10), "days"),
])
@pytest.mark.parametrize("lang", LANGS)
def test_time_axis_labels_name_distinct_dates_within_the_range(lang, first, last, kind):
    ticks = axes.date_ticks(lang, first, last)
    labels = [label for _, label in ticks]
    assert len(set(labels)) == len(labels) >= 1
    assert all(first <= day <= last for day, _ in ticks)
    if kind == "days":
        assert labels == sorted({first.isoformat(), last.isoformat()})
    elif kind == "months":
        assert all(day.day == 1 for day, _ in ticks) and len({day.year for day, _ in ticks}) == 1
        assert all(str(day.month) in label or label.startswith(day.strftime("%b")) for day, label in ticks)
    else:
        assert labels == [str(day.year) if lang == "en" else f"{day.year} 年" for day, _ in ticks]


@pytest.mark.parametrize("lang", LANGS)
def test_the_chart_labels_its_time_axis_with_dates_and_its_bars_by_quarter(series, lang):
    _, cat = series
    svg = hub(cat, HUB, lang).select_one("figure.kb-chart-figure svg")
    below = [t.get_text() for t in svg.select("text") if t["text-anchor"] == "middle"]  # the factors' are at the end
    assert below == [LABELS[lang]["axis_month"].format(year=2026, m=m, name=n) for m, n in ((10, "Oct"), (11, "Nov"))]
    items = [SimpleNamespace(published=date(2025, month, 5)) for month in (1, 2, 5, 11)] + [SimpleNamespace(published=date(2026, 3, 1))]
    bars = BeautifulSoup(items_chart(Renderer(cat, lang, layout.topic_page(HUB)), HUB, items), "html.parser")
    labels = [t.get_text() for t in bars.select("svg text") if t["text-anchor"] == "middle"]
    quarters = axes.quarters("2025-q1", "2026-q1")
    assert len(set(labels)) == len(labels) >= 2
    assert set(labels) <= {axes.quarter_label(lang, q) for q in quarters}
    assert [int(tr.select("td")[1].get_text()) for tr in bars.select("tbody tr")] == [2, 1, 0, 1, 1]


def _centres(svg) -> list[tuple[float, float]]:
    """Where each mark is drawn: a shape's centre, or a counted mark's."""
    centres = []
    for shape in svg.select(".kb-chart__point > *"):
        if shape.name == "circle":
            centres.append((float(shape["cx"]), float(shape["cy"])))
        elif shape.name == "rect":
            centres.append((float(shape["x"]) + 4, float(shape["y"]) + 4))
        else:
            x, y = map(float, re.match(r"M([-\d.]+) ([-\d.]+)", shape["d"]).groups())
            centres.append((x, y + 5.5))
    for crowd in svg.select(".kb-chart__crowd"):
        centres.append(tuple(map(float, re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", crowd["transform"]).groups())))
    return centres


@pytest.mark.parametrize("lang", LANGS)
def test_marks_that_would_overlap_are_set_apart_or_counted(series, lang):
    _, cat = series
    r = Renderer(cat, lang, layout.topic_page(HUB))
    svg = hub(cat, HUB, lang).select_one("figure.kb-chart-figure svg")
    centres = _centres(svg)  # two figures of 2026-11-10, 2.3× and 2.4×: side by side
    assert len(centres) == 4
    assert min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1:]) >= axes.SPREAD
    points = plan(claims_of(cat, HUB))[0][0][1]
    for n in (2, 3):  # a few on one spot: each its own mark
        marks, crowded = _marks(r, points[:n], [(100.0, 100.0)] * n)
        drawn = _centres(BeautifulSoup(marks, "html.parser"))
        assert not crowded and len(drawn) == n
        assert min(math.dist(a, b) for i, a in enumerate(drawn) for b in drawn[i + 1:]) >= axes.SPREAD
    marks, crowded = _marks(r, points, [(100.0, 100.0)] * 4)  # more: one mark with their number
    crowd = BeautifulSoup(marks, "html.parser").select(".kb-chart__crowd")
    assert crowded and len(crowd) == 1 and crowd[0].find("text").get_text() == "4"
    assert crowd[0].find("title").get_text().count("H100") == 4
    assert LABELS[lang]["chart_crowd"] in legend(r, points, crowded)


@pytest.mark.parametrize("lang", LANGS)
def test_the_legend_draws_each_mark_as_the_chart_does(series, lang):
    _, cat = series
    figure = hub(cat, HUB, lang).select_one("figure.kb-chart-figure")
    drawn = {(g["class"][-1], shape.name) for g in figure.select("svg.kb-chart .kb-chart__point") for shape in g.find_all(True)}
    keyed = {(g["class"][-1], shape.name) for g in figure.select(".kb-chart__legend .kb-chart__point") for shape in g.find_all(True)}
    assert drawn == keyed == {("kb-chart__point--unchecked", "rect")}  # hollow paper squares, hollow in the legend too


# ---- in a browser -----------------------------------------------------------------------------------

@pytest.mark.full
def test_chart_text_is_12_px_or_more_and_upright_at_phone_and_laptop_widths(series, tmp_path):
    project, _ = series
    site = tmp_path / "site"
    result = build(project, site)
    assert result.returncode == 0, result.stdout + result.stderr
    measure = """() => {
      const sizes = [], slanted = [];
      for (const el of document.querySelectorAll('.kb-chart-figure *, .kb-chart-listed *')) {
        if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
        const style = getComputedStyle(el), svg = el.closest('svg');
        const scale = svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
        sizes.push([el.textContent.trim().slice(0, 20), parseFloat(style.fontSize) * scale]);
        if (style.fontStyle !== 'normal') slanted.push(el.textContent.trim().slice(0, 20));
      }
      return [sizes, slanted, document.querySelectorAll('svg.kb-chart').length];
    }"""
    with serve(site) as url, chromium() as browser:
        for width in (375, 1280):
            page = browser.new_page(viewport={"width": width, "height": 800})
            for home in ("", "en/"):
                page.goto(f"{url}{home}topics/{HUB}/")
                sizes, slanted, charts = page.evaluate(measure)
                assert charts == 1 and len(sizes) > 20
                assert [s for s in sizes if s[1] < 12] == [], (width, home)
                assert slanted == [], (width, home)
            page.close()
    assert Site(site).article(f"topics/{HUB}.md", "zh").select_one("figure.kb-chart-figure figcaption")
