"""The parts of pages that lead a reader on: the end of an issue (the issues before and after it, subscribing),
the next item in a topic, and the home page's latest issues and recent changes.

All computed from the catalog's archive order (kb.model.sequence); the words are kb.model.lead_labels'.
"""
from __future__ import annotations

import html

from kb.model.entries import Issue, Item
from kb.model.figure_text import figure_text
from kb.project import layout
from kb.render.checks import bridged_by, status_mark
from kb.render.links import HTML, href
from kb.render.lists import issue_card
from kb.render.markup import bullet_list_html, element, heading, unindexed, unindexed_html
from kb.render.renderer import Renderer
from kb.render.subscribe import subscribe

LATEST_ISSUES = 5  # issues the home page shows, newest first; the archive has them all
CHANGES_OVER = 1  # the latest issues whose changes to the watch list and the claims ledger the home page lists
CHANGES_SHOWN = 5  # entries of each kind of change shown there; the watch list and the ledger have the rest

def issue_end(r: Renderer, issue: Issue) -> str:
    """How an issue page ends: the issues before and after it (the first and the latest have one), then its feeds."""
    before, after = r.catalog.sequence.neighbours(issue)
    links = []
    for other, rel, word in ((before, "prev", "previous_issue"), (after, "next", "next_issue")):
        if other is not None:
            inner = element("span", html.escape(r.t[word]), class_="kb-issue-nav__dir") + element(
                "span", html.escape(r.title(other)), class_="kb-issue-nav__title")
            links.append(element("a", inner, href=href(other.page, r.page), rel=rel,
                                 class_=f"kb-issue-nav__link kb-issue-nav__link--{rel}"))
    nav = element("nav", "".join(links), class_="kb-issue-nav", aria_label=r.t["issue_nav"]) if links else ""
    return unindexed_html(nav + subscribe(r, [("issues", None), ("watch", None)]))


def next_in_topic(r: Renderer, item: Item) -> str:
    """The line under an item naming the next item, in archive order, of its first topic ("" when it is the last)."""
    following = r.catalog.sequence.next_in_topic(item)
    if following is None:
        return ""
    topic = r.catalog.topics[item.facts.topics[0]]
    where = "" if following.issue is item.issue else r.t["in_parentheses"].format(r.write(r.issue_short(following.issue), HTML))
    label = element("strong", html.escape(r.t["next_in_topic"].format(topic=r.title(topic))))
    return element("p", f"{label}{r.t['colon']}{r.write(r.ref(following.id), HTML)}{where}",
                   class_="kb-next-in-topic", data_pagefind_ignore="all")


def latest_issues(r: Renderer) -> str:
    """The home page's latest issues, newest first: the first with its summary, the others with their description."""
    issues = r.catalog.sequence.latest(LATEST_ISSUES)
    cards = "".join(issue_card(r, issue, full_summary=not n) for n, issue in enumerate(issues))
    feeds = r.raw(subscribe(r, [("issues", None), ("watch", None)], indexed=True))
    return unindexed(r.raw(element("div", cards, class_="kb-latest-issues")) if issues else r.t["none_yet"]) + "\n\n" + feeds


def recent_changes(r: Renderer) -> str:
    """What the latest issue(s) changed: watch entries opened and resolved, figures checked and reported."""
    changes = r.catalog.sequence.changes(CHANGES_OVER)
    if changes.since is None:
        return r.t["none_yet"]
    since = r.t["changes_since"].format(issue=r.write(r.issue_short(changes.since), HTML), date=changes.since.facts.published)
    parts = [element("p", since, class_="kb-dates")]
    groups = (("watch_opened", [_watch(r, w) for w in changes.opened], layout.WATCH_PAGE),
              ("watch_closed", [_watch(r, w) for w in changes.resolved], layout.WATCH_PAGE),
              ("claims_checked", [_claim(r, c) for c in changes.checks], layout.CLAIMS_PAGE),
              ("claims_new", [_claim(r, c) for c in changes.claims if c.checked is None], layout.CLAIMS_PAGE))
    for key, entries, page in groups:
        if entries:
            more = len(entries) - CHANGES_SHOWN
            tail = [element("li", r.t["changes_more"].format(n=more, page=r.write(r.page_link(page), HTML)),
                            class_="kb-more")] if more > 0 else []
            parts.append(element("h3", html.escape(r.t[key]), class_="kb-change"))
            parts.append(bullet_list_html(entries[:CHANGES_SHOWN] + tail, r.t["none_yet"]))
    return unindexed(heading(2, r.t["recent_changes"], "recent-changes") + "\n\n" + r.raw("".join(parts)))


def _watch(r: Renderer, entry) -> str:
    return f"<li>{r.write(r.ref(entry.id), HTML)} — {r.watch_state(entry, HTML)}</li>"


def _claim(r: Renderer, claim) -> str:
    """A figure with its context, from the one formatter (kb.model.figure_text), as every list shows it."""
    bridge = f" · {bridged_by(r, claim)}" if claim.checked else ""  # who tied it to the earlier figure it checks
    return f"<li>{figure_text(claim, r.lang).html()} {status_mark(r, claim)}{bridge} — {r.write(r.ref(claim.item.id), HTML)}</li>"
