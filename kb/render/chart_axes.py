"""The hubs' charts' geometry (kb.render.charts): the plot area, its scales, the dates and quarters under the time
axis, and points set apart where they would hide one another.

The plot is drawn in a viewBox WIDTH wide and scales with the page; its text is sized in viewBox units, so the
width a phone gives it decides the text's size on screen: WIDTH and kb.css's chart font size keep that at 12 px
or more at 375 px (tests/test_charts.py measures it in Chromium).
"""
from __future__ import annotations

import math
from datetime import date

from kb.model.chart_labels import MONTHS_SHORT
from kb.model.labels import LABELS

WIDTH, HEIGHT, BARS_HEIGHT = 400, 210, 150
LEFT, RIGHT, TOP, BOTTOM = 50, 10, 10, 26  # margins of the plot area, for the axes' labels
PAD = 14  # between the plot's edges and its first and last date, so an end point is drawn whole
LABEL_UNITS = 9  # about how wide a character of an axis label is, in viewBox units (kb.css: 15 units of text)
SPREAD = 11  # markers closer than this (viewBox units) are set side by side...
CROWD = 3  # ...up to this many; more in one spot are one marker with their number
LOG_TICKS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)


def time_scale(first: date, last: date):
    span = (last - first).days
    if not span:  # one day: its figures in the middle
        return lambda day: (LEFT + WIDTH - RIGHT) / 2
    return lambda day: LEFT + PAD + (day - first).days / span * (WIDTH - LEFT - RIGHT - 2 * PAD)


def log_scale(low: float, high: float, top: float, bottom: float):
    lo, hi = math.log10(low), math.log10(high)
    return lambda v: bottom - (math.log10(v) - lo) / (hi - lo) * (bottom - top)


def factor_ticks(low: float, high: float) -> list[float]:
    ticks = [v for v in LOG_TICKS if low <= v <= high]
    if len(ticks) > 5:  # a wide range: powers of ten only (and `1×`)
        ticks = [v for v in ticks if math.log10(v).is_integer()]
    return ticks


def date_ticks(lang: str, first: date, last: date) -> list[tuple[date, str]]:
    """Where the time axis is labelled, and with what: the first day of each year over a long span, of each month
    over a shorter one, each named as such (2026, 2026 年 11 月 / Nov 2026); where fewer than two such days fall
    between the first and last figure, those two figures' own dates. Every label names a different date."""
    words = LABELS[lang]
    if (last - first).days > 2 * 365:
        days = [date(year, 1, 1) for year in range(first.year + 1, last.year + 1)]
        ticks = [(day, words["year"].format(year=day.year)) for day in days]
    else:
        months = range(first.year * 12 + first.month, last.year * 12 + last.month)  # the months after the first's
        days = [date(n // 12, n % 12 + 1, 1) for n in months]
        ticks = [(day, words["axis_month"].format(year=day.year, m=day.month, name=MONTHS_SHORT[day.month - 1]))
                 for day in days]
    if len(ticks) < 2:
        return [(day, day.isoformat()) for day in sorted({first, last})]
    return thin(ticks, len(ticks[0][1]))


def thin(labels: list, chars: int) -> list:
    """Every k-th label, so labels about `chars` characters long do not run into one another."""
    room = (WIDTH - LEFT - RIGHT) / (LABEL_UNITS * (chars + 2))
    every = max(1, math.ceil(len(labels) / max(1, int(room))))
    return labels[::every]


def quarters(first: str, last: str) -> list[str]:
    """Every quarter from `first` to `last` ("2026-q4"), in order."""
    (y0, q0), (y1, q1) = ((int(p[:4]), int(p[-1])) for p in (first, last))
    return [f"{n // 4}-q{n % 4 + 1}" for n in range(y0 * 4 + q0 - 1, y1 * 4 + q1)]


def quarter_label(lang: str, period: str) -> str:
    """A quarter as the bars' axis names it: 2026 年 Q4 / Q4 2026."""
    return LABELS[lang]["axis_quarter"].format(year=period[:4], q=period[-1])


def set_apart(spots: list[tuple[float, float]]) -> list[list[int]]:
    """Markers that would cover one another (closer than SPREAD both ways), by index: each group's members in
    order; a group of one stands alone."""
    groups: list[list[int]] = []
    for i in sorted(range(len(spots)), key=lambda i: spots[i]):
        x, y = spots[i]
        near = next((g for g in groups if all(abs(x - spots[j][0]) < SPREAD and abs(y - spots[j][1]) < SPREAD for j in g)), None)
        if near is None:
            groups.append([i])
        else:
            near.append(i)
    return groups


def side_by_side(spots: list[tuple[float, float]], group: list[int]) -> list[tuple[float, float]]:
    """Where each of a few markers that would overlap is drawn: at its own height, SPREAD apart about their middle."""
    x = sum(spots[i][0] for i in group) / len(group)
    return [(x + (n - (len(group) - 1) / 2) * SPREAD, spots[i][1]) for n, i in enumerate(group)]


def label_x(x: float, text: str) -> float:
    """Where an axis label centred on `x` is written so that it stays inside the chart."""
    half = LABEL_UNITS * len(text) / 2
    return min(max(x, half), WIDTH - half)
