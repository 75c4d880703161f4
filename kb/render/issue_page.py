"""The issue page: header, editor's summary, featured items, quick takes, verdicts, picks.

Headings and contributor prose are Markdown (the table of contents is built
from the headings); each item's sources, facts, figures and links are one
block of HTML kept out of Markdown: generated link lists were much of Markdown's
time on an issue page (measured: bench/README.md, kb/render/issue_page.py;
their links are checked by `kb audit`).
"""
from __future__ import annotations

import html

from kb.model.entries import Issue, Item, Pick, QuickTake, Signal
from kb.model.labels import count
from kb.project import layout
from kb.render.figures import claims_list
from kb.render.leads import issue_end, next_in_topic
from kb.render.links import HTML, MARKDOWN, Link, markdown_text
from kb.render.markup import admonition, bullet_list_html, element, heading, paragraph, rule, span
from kb.render.renderer import Renderer


def issue_page(r: Renderer, issue: Issue) -> str:
    text = issue.text(r.lang)
    if issue.facts.withdrawn:  # the page stays at its address, saying why, instead of what it said (kb.content.published)
        return "\n\n".join([
            heading(1, markdown_text(r.title(issue))),
            paragraph(r.dates(issue), "kb-dates"),
            admonition("warning", r.t["withdrawn"].format(date=issue.facts.withdrawn.date),
                       r.prose(text.withdrawn, MARKDOWN), "kb-withdrawn"),
        ]) + "\n"
    parts = [
        heading(1, markdown_text(r.title(issue))),
        paragraph(f'{r.dates(issue)} · {span("kb-reading-time", r.reading_time(issue))}', "kb-dates"),
        admonition("abstract", r.t["summary"], r.prose(text.summary, MARKDOWN), "kb-summary"),  # body-size text (kb.css)
        heading(2, r.t["featured"], layout.SECTION_ANCHORS["featured"]),
        *(item_block(r, item) for item in issue.items),
    ]
    # Sections an issue does not have are left out, never filled with stand-ins.
    if issue.quick_takes:
        parts.append(heading(2, r.t["quick_takes"], layout.SECTION_ANCHORS["quick_takes"]))
        parts += [quick_take_block(r, take) for take in issue.quick_takes]
    if issue.signals:
        parts.append(heading(2, r.t["signals"], layout.SECTION_ANCHORS["signals"]))
        parts += [signal_block(r, signal) for signal in issue.signals]
    if issue.picks:
        parts.append(heading(2, r.t["picks"], layout.SECTION_ANCHORS["picks"]))
        parts += [pick_block(r, pick) for pick in issue.picks]
    parts += watch_section(r, issue)
    parts.append(f"{rule()}\n\n" + paragraph(r.t["disclaimer"], "kb-disclaimer"))
    parts.append(r.raw(issue_end(r, issue)))  # it ends leading on: the issues before and after, its feeds (kb.render.leads)
    return "\n\n".join(parts) + "\n"


def item_block(r: Renderer, item: Item) -> str:
    text = item.text(r.lang)
    # an anchor for each id the item was published under, so old links land on it (kb.content.published)
    former = [r.raw(element("span", "", id=old, class_="kb-former-id")) for old in item.facts.formerly]
    return "\n\n".join([
        *former,
        heading(3, markdown_text(text.title), item.id, "kb-item"),
        r.raw(copy_link(r, text.title)),
        f"{r.badge(item.facts.category)} **{r.prose(text.summary, MARKDOWN)}**",
        r.labelled("why", r.prose(text.why, MARKDOWN), MARKDOWN),
        r.labelled("edge", r.prose(text.edge, MARKDOWN), MARKDOWN),
        r.raw(item_details(r, item) + next_in_topic(r, item)),
    ])


def copy_link(r: Renderer, title: str) -> str:
    """The control that copies the address of the item headed just above it (overrides/assets/kb-copy.js reads
    that heading's id, so content cannot make it copy another address). Hidden until the script shows it."""
    button = element("button", html.escape(r.t["copy_link"]), type="button", class_="kb-copy-link",
                     aria_label=r.t["copy_link_label"].format(title=title), data_kb_copied=r.t["link_copied"])
    status = element("span", "", class_="kb-copy-status", role="status", aria_live="polite")
    return element("p", button + status, class_="kb-copy", hidden="hidden", data_pagefind_ignore="all")


def item_details(r: Renderer, item: Item, folded: bool = True) -> str:
    """Sources, facts, figures and links of an item, as HTML; its related items `folded` under their label."""
    text = item.text(r.lang)

    def line(key: str, html_text: str) -> str:
        return element("p", r.labelled(key, html_text, HTML))

    # Label lines of names (Source: … Topics: … Mentions: …, Mentioned in …) are kept out of the search index,
    # where they made the excerpts: the item's record is found by those names without showing them
    # (kb.search.records). What a contributor wrote (the source note) is indexed.
    def unindexed(html_text: str) -> str:
        return element("span", html_text, data_pagefind_ignore="all")

    sources = unindexed(r.labelled("source", r.sources(r.catalog.sources_with_roles(item), HTML), HTML))
    if text.source_note:
        sources += f" {r.prose(text.source_note, HTML)}"
    facts = r.labelled("topics", r.refs(item.facts.topics, HTML), HTML)
    if item.facts.entities:
        facts += "<br>\n" + r.labelled("entities", r.refs(item.facts.entities, HTML), HTML)
    parts = [element("p", sources), element("p", facts, class_="kb-facts", data_pagefind_ignore="all")]
    if item.claims:
        parts.append(line("claims", "") + claims_list(r, item))
    if item.facts.resolves:  # each with who made the call, labelled as wherever the resolution is shown
        parts.append(line("resolves", " · ".join(f"{r.write(r.ref(x.watch), HTML)} {r.provenance('resolution_by', x.by)}"
                                                  for x in item.facts.resolves)))
    mentioned = r.catalog.mentioned_elsewhere(item)
    if mentioned:
        parts.append(element("p", unindexed(r.labelled("mentioned_in", " · ".join(r.write(r.page_link(p), HTML)
                                                                                for p in mentioned), HTML))))
    related = r.catalog.related_in_issue(item)  # none an earlier item of this issue already lists
    if related:
        parts.append(related_items(r, related, folded))
    return "\n".join(parts)


def related_items(r: Renderer, items: list[Item], folded: bool = True) -> str:
    """An item's related items, folded under their label, which opens them: five per item, mostly the same ones,
    made an issue page 11-13k px tall at 375 px. Generated from other issues' titles: kept out of the search
    index, like the hubs' lists. Not `folded`, a line under the label, as an email shows them: mail clients
    differ on <details>, some showing only the label, with no way to open it."""
    links = element("span", " · ".join(
        f"{r.write(r.ref(i.id), HTML)}<small>{r.t['in_parentheses'].format(r.write(r.issue_short(i.issue), HTML))}</small>"
        for i in items), class_="kb-related")
    label = f"{r.t['related']}{r.t['in_parentheses'].format(count(r.lang, 'items', len(items)))}"
    if not folded:
        return element("p", f"<strong>{html.escape(label)}</strong>{r.t['colon']}{links}")
    return element("details", element("summary", html.escape(label)) + element("p", links),
                   class_="kb-related-items", data_pagefind_ignore="all")


def quick_take_block(r: Renderer, take: QuickTake) -> str:
    line = r.prose(take.text(r.lang), MARKDOWN)
    if take.facts.sources:
        sources = [(r.catalog.outlets[s.outlet] if s.outlet else s, s.role) for s in take.facts.sources]
        line += r.t["in_parentheses"].format(r.sources(sources, MARKDOWN))
    return paragraph(line, "kb-quick-take", anchor=take.id)


def pick_block(r: Renderer, pick: Pick) -> str:
    text = pick.text(r.lang)
    kind = span(f"kb-badge kb-badge--{pick.facts.kind}", r.t["pick_kind"][pick.facts.kind])
    title = r.write(Link(text.title, url=pick.facts.url), MARKDOWN)
    return paragraph(f"{kind} **{title}** — {r.prose(text.note, MARKDOWN)}", "kb-pick", anchor=pick.id)


def signal_block(r: Renderer, signal: Signal) -> str:
    text = signal.text(r.lang)
    return "\n\n".join([
        heading(3, markdown_text(text.title), signal.id, "kb-signal"),
        f"{r.verdict(signal.facts.verdict)} {r.prose(text.body, MARKDOWN)}",
        # not indexed, as an item's label lines (item_details); the issue's record is found by these names
        r.raw(element("p", r.labelled("topics", r.refs(signal.facts.topics, HTML), HTML), class_="kb-facts",
                      data_pagefind_ignore="all")),
    ])


def watch_section(r: Renderer, issue: Issue) -> list[str]:
    """The weekly's closing section: what the issue leaves to watch, where each entry stands now,
    and the entries of earlier issues it settled."""
    own = [entry for entry in issue.watch if entry.facts.by == "weekly"]
    drawn = [entry for entry in issue.watch if entry.facts.by == "editors"]
    parts = []
    # the weekly's own heading holds only the weekly's own entries; the editors' are headed and labelled as theirs
    if own or not drawn:
        parts += [heading(2, r.t["issue_watch"], layout.SECTION_ANCHORS["watch"]),
                  r.raw(bullet_list_html([watch_entry(r, entry) for entry in own], r.t["issue_watch_none"]))]
    if drawn:
        parts += [heading(3 if own else 2, r.t["issue_watch_editors"], None if own else layout.SECTION_ANCHORS["watch"]),
                  r.raw(element("p", html.escape(r.t["issue_watch_editors_note"]), class_="kb-provenance-note")
                        + bullet_list_html([watch_entry(r, entry) for entry in drawn], r.t["none_yet"]))]
    settled = [w for item in issue.items for w in (r.catalog.target(x.watch) for x in item.facts.resolves)]
    if settled:
        parts.append(heading(3, r.t["issue_settled"], layout.SECTION_ANCHORS["settled"]))
        parts.append(r.raw(bullet_list_html([f"<li>{r.write(r.ref(w.id), HTML)} — {r.resolved_by(w, HTML)}</li>"
                                             for w in settled], r.t["none_yet"])))
    return parts


def watch_entry(r: Renderer, entry) -> str:
    state = r.watch_state(entry, HTML)
    mark = f" {r.provenance('watch_by', 'editors')}" if entry.facts.by == "editors" else ""
    return element("li", f"{r.write(r.ref(entry.id), HTML)}{mark} — {r.prose(entry.text(r.lang).note, HTML)}"
                         f"<br>{element('span', state, class_='kb-dates')}", id=layout.WATCH_ANCHOR.format(entry.id))
