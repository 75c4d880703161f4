"""Figures over time on a topic hub: reported factors by date (shape: source kind, colour: status) and items
per quarter, drawn at build time as inline SVG with a title, a description and a table of the same data.

Hand-written SVG rather than a plotting library: matplotlib's import and charts, and pygal's charts with their
own script, cost many times the time and bytes of these, and the bytes count against a hub's size target
(measured on the same 40-point scatter: bench/README.md, kb/render/charts.py). No script, no external file: colours
come from kb.css classes, so the dark scheme applies, and the same markup reads without images through its
table.
"""
from __future__ import annotations

import html
import math
from collections import Counter
from datetime import date

from kb.model.entries import Claim, Item
from kb.model.records import quarter
from kb.render.figures import factor
from kb.render.markup import element
from kb.render.periods import period_label
from kb.render.renderer import Renderer

CHART_POINTS = 40  # the latest figures a factor chart shows (so a hub stays within its size target at any age)
CHART_METRICS = 2  # the topic's main metrics: those with the most figures that have a factor
WIDTH, HEIGHT, BARS_HEIGHT = 480, 200, 140
LEFT, RIGHT, TOP, BOTTOM = 44, 8, 10, 24  # margins of the plot area, for the axes' labels
LOG_TICKS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
# A shape per source kind, drawn around (x, y); a colour per status comes from kb.css.
SHAPES = {
    "vendor": lambda x, y: f'<circle cx="{x}" cy="{y}" r="4"/>',
    "paper": lambda x, y: f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7"/>',
    "independent": lambda x, y: f'<path d="M{x} {y - 5:.1f}l4.5 8h-9z"/>',
    "statistic": lambda x, y: f'<path d="M{x} {y - 5:.1f}l5 5-5 5-5-5z"/>',
}
GLYPHS = {"vendor": "●", "paper": "■", "independent": "▲", "statistic": "◆"}  # the same shapes in the legend


def main_metrics(claims: list[Claim]) -> list[str]:
    """The metrics with the most figures that have a factor, at least two figures each."""
    counts = Counter(c.facts.metric for c in claims if c.facts.factor)
    return [metric for metric, n in counts.most_common(CHART_METRICS) if n >= 2]


def charted(claims: list[Claim], metric: str) -> list[Claim]:
    """The latest CHART_POINTS figures of `metric` with a factor, oldest first (`claims` newest first)."""
    return [c for c in claims if c.facts.metric == metric and c.facts.factor][:CHART_POINTS][::-1]


def figures_over_time(r: Renderer, topic_id: str, items: list[Item]) -> str:
    """A factor chart per main metric and the items per quarter, each with its table (`items`: the topic's,
    newest first, as the hub already holds them)."""
    claims = [claim for item in items for claim in item.claims]
    charts = [factor_chart(r, topic_id, metric, charted(claims, metric)) for metric in main_metrics(claims)]
    if items:
        charts.append(items_chart(r, topic_id, items))
    return "".join(charts)


# ---- the factor chart ------------------------------------------------------------------------

def factor_chart(r: Renderer, topic_id: str, metric: str, points: list[Claim]) -> str:
    t = r.t
    first, last = points[0].published, points[-1].published
    x = _time_scale(first, last)
    values = [p.facts.factor for p in points]
    low, high = min(min(values), 1) / 1.25, max(max(values), 1) * 1.25  # `1×` (no change) is always on the scale
    y = _log_scale(low, high, TOP, HEIGHT - BOTTOM)
    ticks = [v for v in LOG_TICKS if low <= v <= high]
    if len(ticks) > 5:  # a wide range: powers of ten only (and `1×`)
        ticks = [v for v in ticks if math.log10(v).is_integer()]
    grid = "".join(f'<line class="kb-chart__grid{" kb-chart__one" if v == 1 else ""}" x1="{LEFT}" x2="{WIDTH - RIGHT}" '
                   f'y1="{y(v):.1f}" y2="{y(v):.1f}"/><text x="{LEFT - 4}" y="{y(v) + 4:.1f}" text-anchor="end">{v:g}×</text>'
                   for v in ticks)
    marks = "".join(f'<g class="kb-chart__point kb-chart__point--{p.status}">'
                    f'{SHAPES[p.facts.source_kind](round(x(p.published), 1), round(y(p.facts.factor), 1))}</g>'
                    for p in points)
    metric_name = t["metric"][metric]
    ident = f"kb-chart-{topic_id}-{metric}"
    title = t["chart_factors"].format(metric=metric_name)
    desc = t["chart_factors_desc"].format(n=len(points), metric=metric_name, start=first, end=last)
    svg = _svg(ident, HEIGHT, title, desc, grid + _years(x, first, last, HEIGHT) + marks)
    rows = "".join(element("tr", element("td", str(p.published)) + element("td", factor(r, p))
                           + element("td", html.escape(t["source_kind"][p.facts.source_kind]))
                           + element("td", t["status"][p.status]))
                   for p in points)
    return _figure(r, svg, title, legend(r, points), t["chart_head"][:4], rows)


def legend(r: Renderer, points: list[Claim]) -> str:
    """The shapes and colours the chart uses, in words."""
    kinds = [k for k in SHAPES if any(p.facts.source_kind == k for p in points)]
    statuses = [s for s in r.t["status"] if any(p.status == s for p in points)]
    shapes = " ".join(f'<span aria-hidden="true">{GLYPHS[k]}</span> {html.escape(r.t["source_kind"][k])}' for k in kinds)
    colours = " ".join(element("span", r.t["status"][s], class_=f"kb-status kb-status--{s}") for s in statuses)
    return element("p", f"{shapes} · {colours}", class_="kb-chart__legend")


# ---- the items chart -------------------------------------------------------------------------

def items_chart(r: Renderer, topic_id: str, items: list[Item]) -> str:
    t = r.t
    per_quarter = Counter(quarter(item.published) for item in items)
    quarters = _quarters(min(per_quarter), max(per_quarter))
    most = max(per_quarter.values())
    step = (WIDTH - LEFT - RIGHT) / len(quarters)
    y = lambda n: BARS_HEIGHT - BOTTOM - n / most * (BARS_HEIGHT - BOTTOM - TOP)  # noqa: E731 — a scale
    # every bar in one path, a fraction of the bytes of a <rect> each, as twenty years have 80 quarters (measured:
    # bench/README.md, kb/render/charts.py)
    bars = "".join(f"M{LEFT + i * step + step * 0.1:.1f} {y(0):.1f}V{y(per_quarter[q]):.1f}h{step * 0.8:.1f}V{y(0):.1f}z"
                   for i, q in enumerate(quarters) if per_quarter[q])
    bars = f'<path class="kb-chart__bar" d="{bars}"/>'
    axis = (f'<line class="kb-chart__grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(0)}" y2="{y(0)}"/>'
            f'<text x="{LEFT - 4}" y="{y(most) + 4:.1f}" text-anchor="end">{most}</text>'
            f'<text x="{LEFT - 4}" y="{y(0) + 4:.1f}" text-anchor="end">0</text>')
    starts = [i for i, q in enumerate(quarters) if q.endswith("q1")] or [0]  # where each year begins
    labels = "".join(f'<text x="{LEFT + (i + 0.5) * step:.1f}" y="{BARS_HEIGHT - 6}" text-anchor="middle">{quarters[i][:4]}</text>'
                     for n, i in enumerate(starts) if n % _every(len(starts)) == 0)
    ident = f"kb-chart-{topic_id}-items"
    desc = t["chart_items_desc"].format(start=period_label(r.lang, quarters[0]), end=period_label(r.lang, quarters[-1]), most=most)
    svg = _svg(ident, BARS_HEIGHT, t["chart_items"], desc, axis + bars + labels)
    rows = "".join(element("tr", element("td", period_label(r.lang, q)) + element("td", str(per_quarter[q])))
                   for q in quarters)
    return _figure(r, svg, t["chart_items"], "", t["chart_items_head"], rows)


# ---- parts -----------------------------------------------------------------------------------

def _svg(ident: str, height: int, title: str, desc: str, body: str) -> str:
    return (f'<svg class="kb-chart" viewBox="0 0 {WIDTH} {height}" role="img" aria-labelledby="{ident}-t {ident}-d">'
            f'<title id="{ident}-t">{html.escape(title)}</title><desc id="{ident}-d">{html.escape(desc)}</desc>{body}</svg>')


def _figure(r: Renderer, svg: str, caption: str, legend_html: str, head: tuple[str, ...], rows: str) -> str:
    """The chart, its caption and legend, and its data as a table a reader can open."""
    table = element("table", element("thead", element("tr", "".join(element("th", h) for h in head)))
                    + element("tbody", rows))
    data = element("details", element("summary", r.t["chart_table"]) + table, class_="kb-chart__data")
    return element("figure", svg + element("figcaption", html.escape(caption)) + legend_html + data, class_="kb-chart-figure")


def _time_scale(first: date, last: date):
    span = (last - first).days
    if not span:  # one day: its figures in the middle
        return lambda day: (LEFT + WIDTH - RIGHT) / 2
    return lambda day: LEFT + 6 + (day - first).days / span * (WIDTH - LEFT - RIGHT - 12)


def _log_scale(low: float, high: float, top: float, bottom: float):
    lo, hi = math.log10(low), math.log10(high)
    return lambda v: bottom - (math.log10(v) - lo) / (hi - lo) * (bottom - top)


def _years(x, first: date, last: date, height: int) -> str:
    """Labels under the time axis: the first day of each year in range, at most about six of them."""
    years = list(range(first.year + 1, last.year + 1))
    if not years:
        return f'<text x="{x(first):.1f}" y="{height - 6}" text-anchor="middle">{first.year}</text>'
    return "".join(f'<text x="{x(date(year, 1, 1)):.1f}" y="{height - 6}" text-anchor="middle">{year}</text>'
                   for i, year in enumerate(years) if i % _every(len(years)) == 0)


def _every(n: int) -> int:
    """Label every k-th of n ticks, so at most six are written."""
    return max(1, math.ceil(n / 6))


def _quarters(first: str, last: str) -> list[str]:
    """Every quarter from `first` to `last` ("2026-q4"), in order."""
    (y0, q0), (y1, q1) = ((int(p[:4]), int(p[-1])) for p in (first, last))
    return [f"{n // 4}-q{n % 4 + 1}" for n in range(y0 * 4 + q0 - 1, y1 * 4 + q1)]
