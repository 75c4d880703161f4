"""Generated lists: topic hubs, entity timelines, the watch list, the archive, the home page's lists.

Long lists are HTML kept out of Markdown (`Renderer.raw`): at 520 issues they
were most of the build. Headings stay Markdown, for the table of contents.
"""
from __future__ import annotations

from ..entries import Issue, Item, Signal, Watch
from ..feeds import feed_names
from ..labels import count
from .links import HTML, MARKDOWN, Link, markdown_text
from .markup import bullet_list_html, element, heading, paragraph, unindexed, unindexed_html
from .renderer import Renderer


def item_entry(r: Renderer, item: Item, *, dated: bool = True) -> str:
    text = item.text(r.lang)
    when = f'<br>{element("span", f"{r.write(r.issue_short(item.issue), HTML)} · {item.published}", class_="kb-dates")}' if dated else ""
    return f"<li>{r.badge(item.facts.category)} {r.write(r.ref(item.id), HTML)} — {r.prose(text.summary, HTML)}{when}</li>"


def signal_entry(r: Renderer, signal: Signal) -> str:
    return (f"<li>{r.verdict(signal.facts.verdict)} {r.write(r.ref(signal.id), HTML)} — "
            f"{r.write(r.issue_short(signal.issue), HTML)} · {signal.published}</li>")


def watch_item(r: Renderer, entry: Watch) -> str:
    return f"<li>{r.write(r.ref(entry.id), HTML)} — {r.opened_in(entry, HTML)}</li>"


def watch_entry(r: Renderer, entry: Watch, level: int) -> str:
    text = entry.text(r.lang)
    lines = [heading(level, markdown_text(text.title), entry.id), r.prose(text.note, MARKDOWN), r.opened_in(entry, MARKDOWN)]
    if entry.resolved_by:
        lines.append(r.resolved_by(entry, MARKDOWN))
    return "\n\n".join(lines)


def bullet_list(r: Renderer, entries: list[str]) -> str:
    return r.raw(bullet_list_html(entries, r.t["none_yet"]))


def feed_links(r: Renderer, topic: str | None = None) -> str:
    home = r.home()  # feeds sit at the language's home
    rss, atom = feed_names(topic)
    return element("p", f'{r.t["subscribe"]}{r.t["colon"]}{element("a", "RSS", href=f"{home}/{rss}")} · '
                        f'{element("a", "Atom", href=f"{home}/{atom}")}', class_="kb-feeds")


def topic_hub(r: Renderer, topic_id: str) -> str:
    c = r.catalog
    return unindexed("\n\n".join([
        feed_links(r, topic_id),
        heading(2, r.t["hub_items"], "items"),
        bullet_list(r, [item_entry(r, i) for i in c.items_of_topic(topic_id)]),
        heading(2, r.t["hub_signals"], "signals"),
        bullet_list(r, [signal_entry(r, s) for s in c.signals_of_topic(topic_id)]),
        heading(2, r.t["hub_watch"], "watch"),
        bullet_list(r, [watch_item(r, w) for w in c.watch_of_topic(topic_id, open_only=True)]),
    ]))


def entity_timeline(r: Renderer, entity_id: str) -> str:
    parts, current = [], None
    for item in r.catalog.items_of_entity(entity_id):
        if item.issue is not current:
            current = item.issue
            parts += [element("h3", f"{item.published} · {r.write(r.issue_short(item.issue), HTML)}", class_="kb-when"), []]
        parts[-1].append(item_entry(r, item, dated=False))
    entity = r.catalog.entities[entity_id]
    head = r.t["entity_kind"][entity.facts.kind]
    if entity.facts.url:
        head += f" · {r.write(Link(r.t['homepage'], url=entity.facts.url), MARKDOWN)}"
    timeline = "".join(p if isinstance(p, str) else bullet_list_html(p, r.t["none_yet"]) for p in parts)
    return unindexed("\n\n".join([paragraph(head, "kb-facts"), r.raw(timeline) if parts else r.t["none_yet"]]))


def watch_list(r: Renderer) -> str:
    c = r.catalog
    parts = [heading(2, r.t["watch_open"], "open")]
    for topic in c.topics.values():
        entries = c.watch_of_topic(topic.id, open_only=True)
        if entries:
            parts.append(heading(3, r.write(r.ref(topic.id), MARKDOWN), f"open-{topic.id}"))
            parts += [watch_entry(r, w, 4) for w in entries]
    if not c.open_watch():
        parts.append(r.t["none_yet"])
    parts.append(heading(2, r.t["watch_resolved"], "resolved"))
    parts += [watch_entry(r, w, 3) for w in c.resolved_watch()] or [r.t["none_yet"]]
    return "\n\n".join(parts) + "\n"


def issue_card(r: Renderer, issue: Issue, *, full_summary: bool = False) -> str:
    text = issue.text(r.lang)
    items = " · ".join(f"{r.badge(i.facts.category)} {r.write(r.ref(i.id), HTML)}" for i in issue.items)
    summary = text.summary if full_summary else text.description
    return (element("h3", r.write(Link(r.title(issue), issue.page), HTML), class_="kb-card")
            + element("p", r.dates(issue), class_="kb-dates") + element("p", r.prose(summary, HTML)) + element("p", items))


def archive(r: Renderer) -> str:
    return r.raw(unindexed_html("".join(issue_card(r, issue) for issue in r.catalog.issues)))


def topic_list(r: Renderer) -> str:
    c = r.catalog
    rows = []
    for topic in c.topics.values():
        counts = " · ".join([count(r.lang, "items", len(c.items_of_topic(topic.id))),
                             count(r.lang, "verdicts", len(c.signals_of_topic(topic.id))),
                             count(r.lang, "open_watch", len(c.watch_of_topic(topic.id, open_only=True)))])
        rows.append(f"- **{r.write(r.ref(topic.id), MARKDOWN)}** — {topic.text(r.lang).description}  \n  {counts}")
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
    return unindexed(bullet_list(r, [watch_item(r, w) for w in r.catalog.open_watch()]))


def latest_issue(r: Renderer) -> str:
    issues = r.catalog.issues
    card = r.raw(issue_card(r, issues[0], full_summary=True)) if issues else r.t["none_yet"]
    return unindexed(f"{card}\n{feed_links(r)}")
