"""Figures over time on a topic hub: comparable factors by date (shape: source kind, colour: status, hollow:
unchecked) and items per quarter, drawn at build time as inline SVG with a title, a description and, beside it, a
table of the same data.

What may share a chart: factors of one metric, worked out from figures in one unit, against the same kind of
baseline. The facts name the baseline by the hardware and the benchmark or workload a figure was measured on, by
what it is compared with (`versus:`), and by whether the source gives it as a figure (`baseline:` → `result:`) or
states only the factor. A factor whose source names neither hardware nor benchmark, or states a multiplier without
saying against what, has a baseline no other can be shown to share: it is listed, never plotted. A chart holds one figure per item, and a hub charts an item's metric once: an item's two factors of one
metric (`5×` and `≈5.3×` per GPU) are one result written twice, or conditions the facts do not tell apart. A chart
says more than a sentence only with MIN_POINTS such figures on MIN_DATES dates (and the items chart with
MIN_QUARTERS quarters): otherwise its table alone.

Hand-written SVG rather than a plotting library: matplotlib's import and charts, and pygal's charts with their
own script, cost many times the time and bytes of these, and the bytes count against a hub's size target
(measured on the same 40-point scatter: bench/README.md, kb/render/charts.py). No script, no external file: colours
come from kb.css classes, so the dark scheme applies, and the same markup reads without images through its
table.
"""
from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass

from kb.base.plural import plural
from kb.model.entries import Claim, Item
from kb.model.records import quarter
from kb.render import chart_axes as axes
from kb.render.chart_axes import BARS_HEIGHT, BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH
from kb.model.figure_text import versus_phrase
from kb.render.figures import context, factor, factor_html, figure
from kb.render.links import HTML
from kb.render.markup import element
from kb.render.periods import period_label
from kb.render.renderer import Renderer

# What a hub shows, so that its size stays within its target at any age (measured: bench/README.md,
# kb/render/charts.py): the latest figures of a chart, the largest groups of comparable figures that get one, and
# the latest of the other factors listed (all are in the claims ledger and the topic's record pages).
CHART_POINTS, MAX_CHARTS, LISTED = 30, 2, 8
MIN_POINTS, MIN_DATES, MIN_QUARTERS = 3, 2, 3  # below these, a sentence or a table says as much as a chart
# A shape per source kind, drawn around (x, y); a colour per status comes from kb.css, on a group of the marks of
# that status (a class on each mark cost a hub its size target: bench/README.md, kb/render/charts.py).
SHAPES = {
    "vendor": lambda x, y: f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.5"/>',
    "paper": lambda x, y: f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8"/>',
    "independent": lambda x, y: f'<path d="M{x:.1f} {y - 5.5:.1f}l5 9h-10z"/>',
    "statistic": lambda x, y: f'<path d="M{x:.1f} {y - 5.5:.1f}l5.5 5.5-5.5 5.5-5.5-5.5z"/>',
}
CROWD_GLYPH = '<circle r="6"/>'  # the counted mark, as the legend draws it


@dataclass(frozen=True)
class Comparable:
    """What two factors must share to be drawn on one axis."""

    metric: str
    unit: str  # of the baseline and result the factor comes from; "" for a factor the source states
    baseline: str  # "figure": the source gives it (baseline → result); "factor": only the factor
    versus: str  # what it is compared with (`versus:`), by name; "" where the facts give only a baseline figure
    hardware: str
    benchmark: str


def comparable(claim: Claim) -> Comparable | None:
    """The group a figure's factor may be charted in; None for a figure without a factor or a known baseline."""
    f = claim.facts
    if not f.factor or not (f.hardware or f.benchmark) or (f.baseline is None and not f.compared_with):
        return None
    return Comparable(f.metric, f.result.unit if f.result else "", "figure" if f.baseline is not None else "factor",
                      f.compared_with or "", f.hardware or "", f.benchmark or "")


def plan(claims: list[Claim]) -> tuple[list[tuple[Comparable, list[Claim]]], list[Claim]]:
    """The charts of a hub (each its comparable figures, one per item, oldest first) and the figures with a factor
    that no chart holds, to list (newest first); `claims` newest first."""
    groups: dict[Comparable, list[Claim]] = {}
    for claim in claims:
        if key := comparable(claim):
            groups.setdefault(key, []).append(claim)
    charts, charted, seen = [], set(), set()
    for key, members in sorted(groups.items(), key=lambda group: -len(group[1])):
        points = []
        for claim in members:
            if (id(claim.item), key.metric) not in seen and all(p.item is not claim.item for p in points):
                points.append(claim)
        points = points[:CHART_POINTS]
        if len(charts) < MAX_CHARTS and len(points) >= MIN_POINTS and len({p.published for p in points}) >= MIN_DATES:
            charts.append((key, points[::-1]))
            seen |= {(id(p.item), key.metric) for p in points}
            charted |= set(map(id, points))
    return charts, [c for c in claims if c.facts.factor and id(c) not in charted]


def figures_over_time(r: Renderer, topic_id: str, items: list[Item]) -> str:
    """A chart per group of comparable factors, the other factors listed, and the items per quarter, each with its
    table (`items`: the topic's, newest first, as the hub already holds them)."""
    claims = [claim for item in items for claim in item.claims]
    charts, listed = plan(claims)
    parts = [factor_chart(r, f"kb-chart-{topic_id}-{n}", key, points) for n, (key, points) in enumerate(charts, 1)]
    if listed:
        parts.append(listed_table(r, listed))
    if items:
        parts.append(items_chart(r, topic_id, items))
    return "".join(parts)


# ---- factors -----------------------------------------------------------------------------------

def group_context(r: Renderer, key: Comparable) -> str:
    """What the figures of a chart share, in words: hardware · benchmark · unit · what they are compared with · kind of
    baseline."""
    versus = r.t["versus"].format(key.versus) if key.versus else ""
    return " · ".join(x for x in (key.hardware, key.benchmark, key.unit, versus, r.t["baseline_kind"][key.baseline]) if x)


def factor_chart(r: Renderer, ident: str, key: Comparable, points: list[Claim]) -> str:
    t = r.t
    first, last = points[0].published, points[-1].published
    x = axes.time_scale(first, last)
    values = [p.facts.factor for p in points]
    low, high = min(min(values), 1) / 1.25, max(max(values), 1) * 1.25  # `1×` (no change) is always on the scale
    y = axes.log_scale(low, high, TOP, HEIGHT - BOTTOM)
    grid = "".join(f'<line class="kb-chart__grid{" kb-chart__one" if v == 1 else ""}" x1="{LEFT}" x2="{WIDTH - RIGHT}" '
                   f'y1="{y(v):.1f}" y2="{y(v):.1f}"/><text x="{LEFT - 5}" y="{y(v) + 5:.1f}" text-anchor="end">{v:g}×</text>'
                   for v in axes.factor_ticks(low, high))
    marks, crowded = _marks(r, points, [(x(p.published), y(p.facts.factor)) for p in points])
    metric, where = t["metric"][key.metric], group_context(r, key)
    title = t["chart_factors"].format(metric=metric, context=where)
    desc = t["chart_factors_desc"].format(n=len(points), metric=metric, context=where, start=first, end=last)
    svg = _svg(ident, HEIGHT, title, desc, grid + _time_axis(r.lang, x, first, last) + marks)
    return _figure(r, svg, title, legend(r, points, crowded), t["chart_head"], "".join(_row(r, p) for p in points))


def _tip(r: Renderer, p: Claim) -> str:
    """A counted mark's tooltip, a figure each: the figure with its context, who says so and its status. A single
    mark has none: its table row says the same, and a title on each of a chart's marks cost a hub a sixth of its
    size target (measured: bench/README.md, kb/render/charts.py)."""
    t = r.t
    measured = figure(r, p) if p.facts.baseline else ""
    return " · ".join(x for x in (str(p.published), factor(r, p), versus_phrase(r.lang, p.facts), measured, context(r, p),
                                  t["source_kind"][p.facts.source_kind], t["status"][p.status]) if x)


def _marks(r: Renderer, points: list[Claim], spots: list[tuple[float, float]]) -> tuple[str, bool]:
    """Each figure's mark where no other covers it: a few close ones side by side, a crowd as one counted mark; the
    marks of each status in a group of their own."""
    by_status: dict[str, list[str]] = {status: [] for status in r.t["status"]}
    crowds = []
    for group in axes.set_apart(spots):
        if len(group) > axes.CROWD:
            cx, cy = (sum(spots[i][n] for i in group) / len(group) for n in (0, 1))
            tip = html.escape(" ; ".join(_tip(r, points[i]) for i in group))
            crowds.append(f'<g class="kb-chart__crowd" transform="translate({cx:.1f} {cy:.1f})"><title>{tip}</title>'
                          f'<circle r="11"/><text y="5" text-anchor="middle">{len(group)}</text></g>')
            continue
        for i, (x, y) in zip(group, axes.side_by_side(spots, group)):
            by_status[points[i].status].append(SHAPES[points[i].facts.source_kind](x, y))
    marks = "".join(f'<g class="kb-chart__point kb-chart__point--{status}">{"".join(shapes)}</g>'
                    for status, shapes in by_status.items() if shapes)
    return marks + "".join(crowds), bool(crowds)


def _row(r: Renderer, p: Claim) -> str:
    """A figure as its table row: date, factor (with what it is compared with, or the baseline and result it comes
    from), hardware and benchmark, who says so and its status, its item."""
    t = r.t
    measured = f'<br>{element("span", html.escape(figure(r, p)), class_="kb-chart__figure")}' if p.facts.baseline else ""
    cells = (str(p.published), factor_html(r, p) + measured, html.escape(context(r, p)),
             f'{html.escape(t["source_kind"][p.facts.source_kind])} · {t["status"][p.status]}', r.write(r.ref(p.item.id), HTML))
    return element("tr", "".join(element("td", cell) for cell in cells))


def legend(r: Renderer, points: list[Claim], crowded: bool) -> str:
    """Each mark the chart draws, drawn the same way (shape, colour, hollow or filled), and what it stands for."""
    kinds, statuses = list(SHAPES), list(r.t["status"])
    pairs = sorted({(p.facts.source_kind, p.status) for p in points}, key=lambda ks: (kinds.index(ks[0]), statuses.index(ks[1])))
    keys = [element("span", f'{_glyph(f"kb-chart__point kb-chart__point--{status}", SHAPES[kind](0, 0))} '
                            f'{html.escape(r.t["source_kind"][kind])} · {r.t["status"][status]}', class_="kb-chart__key")
            for kind, status in pairs]
    if crowded:
        keys.append(element("span", f'{_glyph("kb-chart__crowd", CROWD_GLYPH)} {r.t["chart_crowd"]}', class_="kb-chart__key"))
    return element("p", " ".join(keys), class_="kb-chart__legend")


def _glyph(classes: str, shape: str) -> str:
    return (f'<svg class="kb-chart__glyph" viewBox="-7 -7 14 14" width="14" height="14" aria-hidden="true">'
            f'<g class="{classes}">{shape}</g></svg>')


def _time_axis(lang: str, x, first, last) -> str:
    """A tick and a label at each labelled date (chart_axes.date_ticks)."""
    bottom = HEIGHT - BOTTOM
    return "".join(f'<line class="kb-chart__grid" x1="{x(day):.1f}" x2="{x(day):.1f}" y1="{bottom}" y2="{bottom + 4}"/>'
                   f'<text x="{axes.label_x(x(day), label):.1f}" y="{HEIGHT - 4}" text-anchor="middle">{html.escape(label)}</text>'
                   for day, label in axes.date_ticks(lang, first, last))


def listed_table(r: Renderer, listed: list[Claim]) -> str:
    """The factors no chart holds, newest first, with the reason they are not plotted."""
    t = r.t
    note = element("p", t["chart_listed"].format(points=MIN_POINTS, dates=MIN_DATES), class_="kb-chart__note")
    more = len(listed) - LISTED
    rest = element("p", plural(t["more_in_record"], more), class_="kb-more") if more > 0 else ""
    table = _data(r, t["chart_listed_caption"], t["chart_head"], "".join(_row(r, p) for p in listed[:LISTED]), caption=True)
    return element("div", note + table + rest, class_="kb-chart-listed")


# ---- items per quarter -------------------------------------------------------------------------

def items_chart(r: Renderer, topic_id: str, items: list[Item]) -> str:
    t = r.t
    per_quarter = Counter(quarter(item.published) for item in items)
    quarters = axes.quarters(min(per_quarter), max(per_quarter))
    rows = "".join(element("tr", element("td", period_label(r.lang, q)) + element("td", str(per_quarter[q]))) for q in quarters)
    if len(quarters) < MIN_QUARTERS:
        return element("div", _data(r, t["chart_items"], t["chart_items_head"], rows, caption=True), class_="kb-chart-listed")
    most = max(per_quarter.values())
    step = (WIDTH - LEFT - RIGHT) / len(quarters)
    y = lambda n: BARS_HEIGHT - BOTTOM - n / most * (BARS_HEIGHT - BOTTOM - TOP)  # noqa: E731 — a scale
    # every bar in one path, a fraction of the bytes of a <rect> each, as twenty years have 80 quarters (measured:
    # bench/README.md, kb/render/charts.py)
    bars = "".join(f"M{LEFT + i * step + step * 0.1:.1f} {y(0):.1f}V{y(per_quarter[q]):.1f}h{step * 0.8:.1f}V{y(0):.1f}z"
                   for i, q in enumerate(quarters) if per_quarter[q])
    axis = (f'<line class="kb-chart__grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(0)}" y2="{y(0)}"/>'
            f'<text x="{LEFT - 5}" y="{y(most) + 5:.1f}" text-anchor="end">{most}</text>'
            f'<text x="{LEFT - 5}" y="{y(0) + 5:.1f}" text-anchor="end">0</text>')
    named = [(i, axes.quarter_label(r.lang, q)) for i, q in enumerate(quarters)]
    labels = "".join(f'<text x="{axes.label_x(LEFT + (i + 0.5) * step, label):.1f}" y="{BARS_HEIGHT - 4}" '
                     f'text-anchor="middle">{html.escape(label)}</text>'
                     for i, label in axes.thin(named, len(named[0][1])))
    desc = t["chart_items_desc"].format(start=period_label(r.lang, quarters[0]), end=period_label(r.lang, quarters[-1]), most=most)
    svg = _svg(f"kb-chart-{topic_id}-items", BARS_HEIGHT, t["chart_items"], desc,
               axis + f'<path class="kb-chart__bar" d="{bars}"/>' + labels)
    return _figure(r, svg, t["chart_items"], "", t["chart_items_head"], rows)


# ---- parts -------------------------------------------------------------------------------------

def _svg(ident: str, height: int, title: str, desc: str, body: str) -> str:
    return (f'<svg class="kb-chart" viewBox="0 0 {WIDTH} {height}" role="img" aria-labelledby="{ident}-t {ident}-d">'
            f'<title id="{ident}-t">{html.escape(title)}</title><desc id="{ident}-d">{html.escape(desc)}</desc>{body}</svg>')


def _figure(r: Renderer, svg: str, caption: str, legend_html: str, head: tuple[str, ...], rows: str) -> str:
    """The chart's caption, the chart and its legend, and beside them its data as a table."""
    plot = element("div", svg + legend_html, class_="kb-chart__plot")
    return element("figure", element("figcaption", html.escape(caption)) + plot + _data(r, r.t["chart_table"], head, rows),
                   class_="kb-chart-figure")


def _data(r: Renderer, label: str, head: tuple[str, ...], rows: str, *, caption: bool = False) -> str:
    """A table in a region a keyboard can scroll (a phone is narrower than its columns)."""
    table = element("table", (element("caption", html.escape(label)) if caption else "")
                    + element("thead", element("tr", "".join(element("th", h) for h in head))) + element("tbody", rows),
                    class_="kb-chart__table")  # a class: the theme wraps tables without one in a scroller of its own
    return element("div", table, class_="kb-chart__data", role="region", tabindex="0", aria_label=label)
