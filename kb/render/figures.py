"""Claims, the figures items report: each value as written, its factor, and who measured it."""
from __future__ import annotations

import html

from .. import layout
from ..entries import Claim, Item
from ..model import Quantity
from .links import href
from .markup import element
from .renderer import Renderer


def ratio(value: tuple[float, float]) -> str:
    low, high = value
    return f"{high:g}×" if low == high else f"{low:g}–{high:g}×"


def quantity(r: Renderer, value: Quantity) -> str:
    number = f"{int(value.value):,}" if value.value.is_integer() else f"{value.value:,g}"
    unit = r.t["unit"].get(value.unit, value.unit)
    return f"{number}%" if unit == "%" else f"{number} {unit}".strip()


def figure(r: Renderer, claim: Claim) -> str:
    """The figures as written: baseline → result, change, ratio; with about/up to/over/at most."""
    f = claim.facts
    parts = []
    if f.baseline is not None:
        parts.append(f"{quantity(r, f.baseline)} → {quantity(r, f.result)}")
    elif f.result is not None:
        parts.append(quantity(r, f.result))
    if f.change is not None:
        parts.append(f"{f.change:+g}%".replace("-", "−"))
    if f.ratio:
        parts.append(ratio(f.ratio))
    text = " · ".join(parts)
    return f"{r.t['qualifier'][f.qualifier]} {text}" if f.qualifier else text


def factor(r: Renderer, claim: Claim) -> str:
    """The multiplier: as written, or worked out from baseline and result (≈)."""
    f = claim.facts
    if f.ratio:
        return ratio(f.ratio)
    return f"≈{f.measured_factor:.1f}×" if f.measured_factor else r.t["no_figure"]


def source_kind(r: Renderer, kind: str, *, hint: bool = True) -> str:
    """Who measured a figure; the hint says what that means (the ledger states it once, above its table)."""
    label = r.t["source_kind"][kind]
    title = r.t["source_kind_hint"][kind] if hint else None
    if kind == "vendor":  # leads to the weekly's caveat on the claims page
        return element("a", label, class_="kb-source-kind kb-source-kind--vendor", title=title,
                       href=href(layout.CLAIMS_PAGE, r.page, "vendor-caveat"))
    return element("span", label, class_=f"kb-source-kind kb-source-kind--{kind}", title=title)


def claims_list(r: Renderer, item: Item) -> str:
    rows = []
    for claim in item.claims:
        f = claim.facts
        where = "".join(f" · {html.escape(x)}" for x in (f.hardware, f.benchmark) if x)
        rows.append(element("li", f'{html.escape(claim.text(r.lang))}{r.t["colon"]}'
                                  f'<strong>{html.escape(figure(r, claim))}</strong>{where} {source_kind(r, f.source_kind)}',
                            id=claim.id))
    return element("ul", "".join(rows), class_="kb-claims")
