"""Claims, the figures items report: each as the source wrote it, which way it moved, and who measured it."""
from __future__ import annotations

import html

from kb.base.text import join_words
from kb.model.claim_facts import SIZES, ClaimFacts, Quantity, significant
from kb.model.entries import Claim, Item
from kb.project import layout
from kb.render.checks import checked_claim, history, status_mark
from kb.render.links import href
from kb.render.markup import element
from kb.render.renderer import Renderer


def quantity(r: Renderer, value: Quantity) -> str:
    """A figure as written (8.40 stays 8.40, 256K stays 256K); whole numbers get thousands separators."""
    written = value.number.written
    number = f"{int(written):,}" if written.lstrip("-").isdigit() else written
    unit = r.t["unit"].get(value.unit, value.unit)
    return f"{number}%" if unit == "%" else f"{number} {unit}".strip()


def ratio_phrase(f: ClaimFacts) -> str:
    """How a ratio reads: `higher` (`3.75×` as much), `better` (`TTFT 3.3× better`), or `reduced` (`down to 1/6.8`)."""
    if f.moved == "lower":
        return "reduced" if f.metric in SIZES else "better"
    return "higher"


def _written_ratio(f: ClaimFacts) -> str:
    low, high = f.ratio
    return high.written if low.written == high.written else f"{low.written}–{high.written}"


def figure(r: Renderer, claim: Claim) -> str:
    """The figures as written: baseline → result, change, ratio; with about/up to/over/at most."""
    f = claim.facts
    qualifier = r.t["qualifier"][f.qualifier] if f.qualifier else ""
    parts = []
    if f.baseline is not None:
        parts.append(f"{quantity(r, f.baseline)} → {quantity(r, f.result)}")
    elif f.result is not None:
        parts.append(quantity(r, f.result))
    if f.change is not None:
        halves = {-50.0: r.t["change_half"], 100.0: r.t["change_double"]}
        parts.append(halves.get(f.change.value) or f"{'+' if f.change.value > 0 else ''}{f.change.written}%".replace("-", "−"))
    if f.ratio:  # the qualifier goes where the language puts it in the phrase
        space = " " if r.lang == "en" and qualifier else ""
        parts.append(r.t["ratio"][ratio_phrase(f)].format(q=qualifier + space, x=_written_ratio(f)))
        return " · ".join(parts)
    text = " · ".join(parts)
    return join_words(qualifier, text) if qualifier else text


def factor(r: Renderer, claim: Claim) -> str:
    """The multiplier, the way the figure moved: as written, or worked out from baseline and result (≈),
    to the precision of the figures it comes from."""
    f = claim.facts
    if f.ratio:
        written = _written_ratio(f)
    elif f.measured_factor:
        figures = min(f.baseline.number.significant, f.result.number.significant)
        written = "≈" + significant(f.measured_factor, figures)
    else:
        return r.t["no_figure"]
    if ratio_phrase(f) == "reduced":
        return f"{written[0]}1/{written[1:]}" if written.startswith("≈") else f"1/{written}"
    return f"{written}×"


def context(r: Renderer, claim: Claim) -> str:
    """What a figure was measured on: its hardware and benchmark or workload; for a multiplier that names neither,
    that it does not (a bare factor reads as comparable with any other). The same words in every generated view that
    shows a figure; plain text, escaped at the sink. The baseline is in the figure itself (`figure`: baseline → result)
    where the facts give it."""
    f = claim.facts
    named = " · ".join(x for x in (f.hardware, f.benchmark) if x)
    return named or (r.t["context_none"] if f.factor else "")


def with_context(r: Renderer, claim: Claim) -> str:
    """` · context` as HTML after a figure, or nothing."""
    where = context(r, claim)
    return f" · {html.escape(where)}" if where else ""


def source_kind(r: Renderer, kind: str, *, hint: bool = True) -> str:
    """Who measured a figure; the hint says what that means (the ledger states it once, above its table)."""
    label = r.t["source_kind"][kind]
    title = r.t["source_kind_hint"][kind] if hint else None
    if kind == "vendor":  # leads to the weekly's caveat on the claims page
        return element("a", label, class_="kb-source-kind kb-source-kind--vendor", title=title,
                       href=href(layout.CLAIMS_PAGE, r.page, "vendor-caveat"))
    return element("span", label, class_=f"kb-source-kind kb-source-kind--{kind}", title=title)


def claims_list(r: Renderer, item: Item) -> str:
    """Each figure with who measured it and where it stands now: what checked it later, or what it checks."""
    rows = []
    for claim in item.claims:
        f = claim.facts
        later = "".join(f"<br>{line}" for line in (checked_claim(r, claim), history(r, claim)) if line)
        rows.append(element("li", f'{html.escape(claim.text(r.lang))}{r.t["colon"]}'
                                  f'<strong>{html.escape(figure(r, claim))}</strong>{with_context(r, claim)} {source_kind(r, f.source_kind)} '
                                  f'{status_mark(r, claim)}{later}',
                            id=claim.id))
    return element("ul", "".join(rows), class_="kb-claims")
