"""The claims, compact, for the ledger's filters across every period (layout.CLAIMS_DATA, one file per language).

Fetched by kb-claims.js only when a reader filters; each row is what a table
row shows, with links relative to the language's home, newest first. The
script writes rows with textContent only: nothing here is read as HTML.
"""
from __future__ import annotations

import json
from pathlib import Path

from kb.model.catalog import Catalog
from kb.model.figure_text import versus_phrase
from kb.project import layout
from kb.render.figures import factor, figure
from kb.render.renderer import Renderer

# The fields of a row, in order (kb-claims.js reads them by position).
FIELDS = ("item", "item_url", "topics", "measured", "figure", "factor", "factor_value", "versus", "metric", "hardware",
          "benchmark", "source", "status", "status_url", "status_by", "issue", "issue_url", "date")


def claims_data(catalog: Catalog, lang: str) -> dict:
    r = Renderer(catalog, lang, layout.CLAIMS_PAGE)
    rows = []
    for claim in catalog.claims:
        f, item = claim.facts, claim.item
        rows.append([item.title(lang), f"{layout.page_url(item.page)}#{item.anchor}", list(claim.topics), claim.text(lang),
                     figure(r, claim), factor(r, claim), round(f.factor or 0, 4), versus_phrase(lang, f), f.metric, f.hardware or "",
                     f.benchmark or "", f.source_kind, claim.status, _latest_check_url(claim),
                     claim.checked_by[-1].facts.checks.by if claim.checked_by else "",
                     r.t["issue_short"].format(n=claim.issue.number),
                     layout.page_url(claim.issue.page), str(claim.published)])
    return {"fields": FIELDS, "rows": rows}


def _latest_check_url(claim) -> str:
    """The check that set the claim's status, relative to the language's home; empty if never checked."""
    if not claim.checked_by:
        return ""
    latest = claim.checked_by[-1]
    return f"{layout.page_url(latest.page)}#{latest.anchor}"


def write_claims_data(catalog: Catalog, site: Path) -> list[Path]:
    written = []
    for lang in layout.LANGUAGES:
        path = site / layout.CLAIMS_DATA.format(lang=lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(claims_data(catalog, lang), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        written.append(path)
    return written
