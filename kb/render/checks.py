"""A claim's history (kb.model.claim_facts): its status, the later figures that checked it, and what a hub's
vendor figures came to."""
from __future__ import annotations

from collections import Counter

from kb.base.plural import plural
from kb.model.claim_facts import STATUSES
from kb.model.entries import Claim
from kb.render.links import HTML, Link
from kb.render.markup import element
from kb.render.renderer import Renderer

RECENT_CHECKS = 5  # checks a hub lists; every check is on the issue pages and in the ledger
# Who ties a later figure to an earlier one is labelled as a resolution's maker is: the same words for the same kind
# of call (the weekly's, or the archive's editors').
JUDGMENT = "resolution_by"


def bridged_by(r: Renderer, check: Claim) -> str:
    """Who tied this later figure to the earlier one it checks: the weekly, or the editors (Renderer.provenance)."""
    return r.provenance(JUDGMENT, check.facts.checks.by)


def status_mark(r: Renderer, claim: Claim) -> str:
    """Where a figure stands now: never checked, or what its latest check found."""
    return element("span", r.t["status"][claim.status], class_=f"kb-status kb-status--{claim.status}")


def issue_named(r: Renderer, issue) -> str:
    """The issue a linked figure stands in, named without a second link to the same page."""
    return r.write(Link(r.issue_short(issue).label), HTML)


def check_link(r: Renderer, check: Claim) -> str:
    """A later figure that checked a claim: the issue, what it found, and the figure itself (the one link)."""
    verdict = r.t["check_verdict"][check.facts.checks.verdict]
    return f"{issue_named(r, check.issue)}{r.t['colon']}{verdict} — {r.write(r.ref(check.id), HTML)} · {bridged_by(r, check)}"


def history(r: Renderer, claim: Claim) -> str:
    """Every later figure that checked this one, oldest first; empty if none did."""
    if not claim.checked_by:
        return ""
    return element("span", f"{r.t['checked_by']}{r.t['colon']}{' · '.join(check_link(r, c) for c in claim.checked_by)}",
                   class_="kb-history")


def checked_claim(r: Renderer, claim: Claim) -> str:
    """For a figure that checks an earlier one: which, what it finds, and why; empty otherwise."""
    earlier = claim.checked
    if earlier is None:
        return ""
    what = r.t["checks"].format(claim=r.write(r.ref(earlier.id), HTML), issue=issue_named(r, earlier.issue))
    verdict = r.t["check_verdict"][claim.facts.checks.verdict]
    return element("span", r.t["check_reason"].format(what=what, verdict=verdict, who=bridged_by(r, claim),
                                                      reason=r.prose(claim.reason(r.lang), HTML)), class_="kb-history")


def vendor_checks(r: Renderer, claims: list[Claim]) -> str:
    """How many of these vendor-reported figures were checked later and how they fared, and the latest checks."""
    vendor = [c for c in claims if c.facts.source_kind == "vendor"]
    checked = [c for c in vendor if c.checked_by]
    figures = plural(r.t["hub_checks_vendor"], len(vendor))  # a whole sentence when there are none
    if not vendor or not checked:
        return element("p", figures if not vendor else plural(r.t["hub_checks_checked"], 0, vendor=figures), class_="kb-checks")
    tally = Counter(c.status for c in checked)
    parts = " · ".join(f"{r.t['status'][status]} {tally[status]}" for status in STATUSES if tally[status])
    summary = element("p", plural(r.t["hub_checks_checked"], len(checked), vendor=figures)
                      + r.t["colon"] + parts, class_="kb-checks")
    latest = sorted((check for c in checked for check in c.checked_by), key=lambda check: check.published, reverse=True)
    entries = "".join(
        element("li", f"{status_mark(r, check.checked)} {r.write(r.ref(check.checked.id), HTML)} — {check_link(r, check)}")
        for check in latest[:RECENT_CHECKS])
    return summary + element("ul", entries, class_="kb-list")
