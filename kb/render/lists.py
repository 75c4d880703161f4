"""Generated lists: topic hubs, entity pages, the watch list, the archive, the home page's lists.

Each overview shows what is current and links the record of every period
(kb.model.records), so no page grows with the archive.

Long lists are HTML kept out of Markdown (`Renderer.raw`): through Markdown they
were most of a large archive's build (measured: bench/README.md, kb/render/lists.py).
Headings stay Markdown, for the table of contents.
"""
from __future__ import annotations

from kb.base.plural import plural
from kb.model.entries import Issue, Item, Signal, Watch
from kb.model.figure_text import figure_text
from kb.model.labels import count
from kb.render.charts import figures_over_time
from kb.render.checks import status_mark, vendor_checks
from kb.render.figures import source_kind
from kb.render.links import HTML, MARKDOWN, Link, markdown_text
from kb.render.markup import bullet_list_html, element, heading, paragraph, unindexed
from kb.render.periods import record_links
from kb.render.renderer import Renderer
from kb.render.subscribe import subscribe


def item_entry(r: Renderer, item: Item, *, dated: bool = True) -> str:
    text = item.text(r.lang)
    when = f'<br>{element("span", f"{r.write(r.issue_short(item.issue), HTML)} · {item.published}", class_="kb-dates")}' if dated else ""
    return f"<li>{r.badge(item.facts.category)} {r.write(r.ref(item.id), HTML)} — {r.prose(text.summary, HTML)}{when}</li>"


def signal_entry(r: Renderer, signal: Signal) -> str:
    return (f"<li>{r.verdict(signal.facts.verdict)} {r.write(r.ref(signal.id), HTML)} — "
            f"{r.write(r.issue_short(signal.issue), HTML)} · {signal.published}</li>")


def watch_item(r: Renderer, entry: Watch) -> str:
    age = f" · {r.open_for(entry)}" if entry.is_open else ""
    return f"<li>{r.write(r.ref(entry.id), HTML)} — {r.opened_in(entry, HTML)}{age}</li>"


def watch_entry(r: Renderer, entry: Watch, level: int) -> str:
    text = entry.text(r.lang)
    lines = [heading(level, markdown_text(text.title), entry.id), r.prose(text.note, MARKDOWN), r.opened_in(entry, MARKDOWN)]
    if entry.resolved_by:
        lines.append(r.resolved_by(entry, MARKDOWN))
    return "\n\n".join(lines)


def bullet_list(r: Renderer, entries: list[str]) -> str:
    return r.raw(bullet_list_html(entries, r.t["none_yet"]))


def feed_links(r: Renderer, topic: str | None = None) -> str:
    """The subscribe block (kb.render.subscribe): a hub's topic and the issues, or the issues and the watch list."""
    return r.raw(subscribe(r, [("topic", topic), ("issues", None)] if topic else [("issues", None), ("watch", None)]))


# How much of each list an overview shows; the rest is on its record pages (kb.render.records).
LATEST_ITEMS, RECENT_VERDICTS, HEADLINE_FIGURES, OPEN_WATCH, LATEST_ISSUES, RECENTLY_RESOLVED = 10, 5, 5, 10, 10, 10
CURRENT_WATCH = 30  # open entries on the watch list's overview


def topic_hub(r: Renderer, topic_id: str) -> str:
    """The editor's overview of a topic: pins, latest items, open watch entries, recent verdicts, figures, the record."""
    c = r.catalog
    topic, items = c.topics[topic_id], c.items_of_topic(topic_id)
    parts = []
    if topic.facts.pins:
        parts += [heading(2, r.t["pinned"], "pinned"), bullet_list(r, [item_entry(r, c.target(i)) for i in topic.facts.pins])]
    open_entries = c.watch_of_topic(topic_id, open_only=True)
    claims = [claim for item in items for claim in item.claims]
    parts += [
        heading(2, r.t["latest_items"], "items"),
        bullet_list(r, [item_entry(r, i) for i in items[:LATEST_ITEMS]]),
        heading(2, r.t["hub_watch"], "watch"),
        bullet_list(r, [watch_item(r, w) for w in open_entries[:OPEN_WATCH]] + more(r, len(open_entries) - OPEN_WATCH)),
        heading(2, r.t["recent_verdicts"], "signals"),
        bullet_list(r, [signal_entry(r, s) for s in c.signals_of_topic(topic_id)[:RECENT_VERDICTS]]),
        heading(2, r.t["headline_figures"], "figures"),
        bullet_list(r, [figure_entry(r, claim) for claim in claims[:HEADLINE_FIGURES]]),
        heading(2, r.t["hub_checks"], "checks"),
        r.raw(vendor_checks(r, claims)),
        heading(2, r.t["over_time"], "over-time"),
        r.raw(figures_over_time(r, topic_id, items)),
        heading(2, r.t["record"], "record"),
        record_links(r, "topic", topic_id),
        feed_links(r, topic_id),
    ]
    return unindexed("\n\n".join(parts))


def more(r: Renderer, hidden: int) -> list[str]:
    """A last entry saying how many more the record holds."""
    return [f'<li class="kb-more">{plural(r.t["more_in_record"], hidden)}</li>'] if hidden > 0 else []


def figure_entry(r: Renderer, claim) -> str:
    """A figure with what it was measured on (kb.model.figure_text), so a list never shows a bare multiplier."""
    return (f"<li>{figure_text(claim, r.lang).html()} "
            f"{source_kind(r, claim.facts.source_kind)} {status_mark(r, claim)} — {r.write(r.ref(claim.item.id), HTML)}</li>")


def entity_timeline(r: Renderer, entity_id: str) -> str:
    """An entity's latest items, by issue, and the record of every year."""
    parts, current = [], None
    for item in r.catalog.items_of_entity(entity_id)[:LATEST_ITEMS]:
        if item.issue is not current:
            current = item.issue
            parts += [element("h3", f"{item.published} · {r.write(r.issue_short(item.issue), HTML)}", class_="kb-when"), []]
        parts[-1].append(item_entry(r, item, dated=False))
    entity = r.catalog.entities[entity_id]
    head = r.t["entity_kind"][entity.facts.kind]
    if entity.facts.url:
        head += f" · {r.write(Link(r.t['homepage'], url=entity.facts.url), MARKDOWN)}"
    timeline = "".join(p if isinstance(p, str) else bullet_list_html(p, r.t["none_yet"]) for p in parts)
    return unindexed("\n\n".join([paragraph(head, "kb-facts"), heading(2, r.t["latest_items"], "items"),
                                    r.raw(timeline) if parts else r.t["none_yet"],
                                    heading(2, r.t["record"], "record"), record_links(r, "entity", entity_id),
                                    r.raw(subscribe(r, [("entity", entity_id)]))]))


def watch_list(r: Renderer) -> str:
    """The newest open entries by topic, the latest resolved ones, and the record of every year."""
    c = r.catalog
    open_entries, resolved = c.open_watch(), c.resolved_watch()
    shown = set(map(id, open_entries[:CURRENT_WATCH]))
    parts = [heading(2, r.t["watch_open"], "open")]
    for topic in c.topics.values():
        entries = [w for w in c.watch_of_topic(topic.id, open_only=True) if id(w) in shown]
        if entries:
            parts.append(heading(3, r.write(r.ref(topic.id), MARKDOWN), f"open-{topic.id}"))
            parts.append(bullet_list(r, [watch_current(r, w) for w in entries]))
    if not open_entries:
        parts.append(r.t["none_yet"])
    elif len(open_entries) > CURRENT_WATCH:
        parts.append(r.raw(element("p", plural(r.t["more_in_record"], len(open_entries) - CURRENT_WATCH))))
    parts.append(heading(2, r.t["recently_resolved"], "resolved"))
    parts.append(bullet_list(r, [watch_current(r, w) for w in resolved[:RECENTLY_RESOLVED]]))
    parts += [heading(2, r.t["record"], "record"), record_links(r, "watch"), r.raw(subscribe(r, [("watch", None)]))]
    return unindexed("\n\n".join(parts))  # each entry is found on its record page, where it lives in full


def watch_current(r: Renderer, entry: Watch) -> str:
    """An entry on the watch list's overview: its title, its note, where it came from and where it stands."""
    state = r.watch_state(entry, HTML)
    return (f"<li>{r.write(r.ref(entry.id), HTML)} — {r.prose(entry.text(r.lang).note, HTML)}"
            f"<br>{element('span', f'{r.opened_in(entry, HTML)} · {state}', class_='kb-dates')}</li>")


def issue_card(r: Renderer, issue: Issue, *, full_summary: bool = False, level: int = 3) -> str:
    text = issue.text(r.lang)
    items = " · ".join(f"{r.badge(i.facts.category)} {r.write(r.ref(i.id), HTML)}" for i in issue.items)
    summary = text.summary if full_summary else text.description
    return (element(f"h{level}", r.write(Link(r.title(issue), issue.page), HTML), class_="kb-card")
            + element("p", r.dates(issue), class_="kb-dates") + element("p", r.prose(summary, HTML)) + element("p", items))


def _in_force(r: Renderer) -> list[Issue]:
    """The issues not withdrawn: a withdrawn one keeps its page, and is not shown as news again (kb.content.published)."""
    return [issue for issue in r.catalog.issues if not issue.facts.withdrawn]


def archive(r: Renderer) -> str:
    """The latest issues, and the record of every year."""
    cards = "".join(issue_card(r, issue) for issue in _in_force(r)[:LATEST_ISSUES])
    return unindexed("\n\n".join([heading(2, r.t["latest_issues"], "latest"), r.raw(cards or r.t["none_yet"]),
                                    heading(2, r.t["record"], "record"), record_links(r, "archive")]))


def topic_list(r: Renderer) -> str:
    c = r.catalog
    rows = []
    for topic in c.topics.values():
        counts = " · ".join([count(r.lang, "items", len(c.items_of_topic(topic.id))),
                             count(r.lang, "verdicts", len(c.signals_of_topic(topic.id))),
                             count(r.lang, "open_watch", len(c.watch_of_topic(topic.id, open_only=True)))])
        rows.append(f"- **{r.write(r.ref(topic.id), MARKDOWN)}** — {markdown_text(topic.text(r.lang).description)}  \n  {counts}")
    return unindexed("\n".join(rows))


def entity_list(r: Renderer) -> str:
    c = r.catalog
    rows = [
        f"- **{r.write(r.ref(e.id), MARKDOWN)}** — {r.t['entity_kind'][e.facts.kind]} · "
        f"{count(r.lang, 'items', len(c.items_of_entity(e.id)))}"
        for e in c.entities.values()
    ]
    return unindexed("\n".join(rows))


def open_watch(r: Renderer) -> str:
    """The home page's newest open entries (the watch list has them all)."""
    entries = r.catalog.open_watch()
    return unindexed(bullet_list(r, [watch_item(r, w) for w in entries[:OPEN_WATCH]] + more(r, len(entries) - OPEN_WATCH)))


def latest_issue(r: Renderer) -> str:
    issues = _in_force(r)
    card = r.raw(issue_card(r, issues[0], full_summary=True)) if issues else r.t["none_yet"]
    return unindexed(f"{card}\n{feed_links(r)}")
