"""Claims, the figures items report: each as the source wrote it, which way it moved, and who measured it."""
from __future__ import annotations

import html

from kb.model import figure_text
from kb.model.claim_facts import Quantity
from kb.model.entries import Claim, Item
from kb.project import layout
from kb.render.checks import checked_claim, history, status_mark
from kb.render.links import href
from kb.render.markup import element
from kb.render.renderer import Renderer


def quantity(r: Renderer, value: Quantity) -> str:
    return figure_text.quantity(r.lang, value)


def figure(r: Renderer, claim: Claim) -> str:
    """The figures as written, without their context (the ledger's own columns hold it)."""
    return figure_text.figure_phrase(r.lang, claim.facts)


def factor(r: Renderer, claim: Claim) -> str:
    return figure_text.factor_phrase(r.lang, claim.facts)


def factor_html(r: Renderer, claim: Claim) -> str:
    """The multiplier as a table's cell shows it, with what it is compared with beneath it: a factor never stands
    bare (kb.model.figure_text.versus_phrase; a baseline figure is shown by the caller, as `6.88 s → 0.31 s`)."""
    versus = figure_text.versus_phrase(r.lang, claim.facts)
    shown = figure_text.figure_html(factor(r, claim), claim.id)
    return shown + (f"<br>{element('span', html.escape(versus), class_='kb-versus')}" if versus else "")


def context(r: Renderer, claim: Claim) -> str:
    """What a figure was measured on, as the charts' tables show it (kb.model.figure_text.where_measured)."""
    return figure_text.where_measured(r.lang, claim.facts)


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
        rows.append(element("li", f'{figure_text.figure_text(claim, r.lang).html()} {source_kind(r, f.source_kind)} '
                                  f'{status_mark(r, claim)}{later}',
                            id=claim.id))
    return element("ul", "".join(rows), class_="kb-claims")
