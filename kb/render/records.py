"""Record pages (kb.model.records): everything of one period, in the same entries the overviews use."""
from __future__ import annotations

from kb.model.entries import Watch
from kb.model.records import RecordPage
from kb.project import layout
from kb.render import ledgers, lists
from kb.render.links import HTML, MARKDOWN, markdown_text
from kb.render.markup import element, heading, unindexed
from kb.render.periods import record_title
from kb.render.renderer import Renderer

OVERVIEW = {"archive": layout.ARCHIVE_PAGE, "watch": layout.WATCH_PAGE, "signals": layout.SIGNALS_PAGE, "claims": layout.CLAIMS_PAGE}

def record_page(r: Renderer, record: RecordPage) -> str:
    """The body of a record page, as Markdown with its long lists kept out of it."""
    records = r.catalog.records
    title, _ = record_title(r.catalog, record, r.lang)
    parts = [heading(1, markdown_text(title))]
    if record.kind in ("topic", "entity"):
        parts.append(lists.bullet_list(r, [lists.item_entry(r, item) for item in records.items(record)]))
    if record.kind == "topic":
        parts += [heading(2, r.t["hub_signals"], "signals"),
                  lists.bullet_list(r, [lists.signal_entry(r, s) for s in records.signals(record)]),
                  heading(2, r.t["hub_watch"], "watch"),
                  lists.bullet_list(r, [watch_state(r, w) for w in records.watch(record)])]
    elif record.kind == "archive":
        # the cards come right under the page's h1: h2, or headings skip a level (axe heading-order)
        parts.append(r.raw("".join(lists.issue_card(r, issue, level=2) for issue in records.issues(record))))
    elif record.kind == "watch":
        for topic in r.catalog.topics.values():
            entries = [w for w in records.watch(record) if w.facts.topic == topic.id]
            if entries:
                parts.append(heading(2, r.write(r.ref(topic.id), MARKDOWN), layout.TOPIC_WATCH_ANCHOR.format(topic.id)))
                parts += [lists.watch_entry(r, w, 3) for w in entries]
    elif record.kind == "signals":
        parts.append(ledgers.verdicts_by_topic(r, records.signals(record)))
    elif record.kind == "claims":
        parts.append(r.raw(ledgers.claims_table(r, records.claims(record))))
    if record.owner:  # back to the overview: the hub or entity page, or the list or ledger
        overview = (r.catalog.topics if record.kind == "topic" else r.catalog.entities)[record.owner].page
    else:
        overview = OVERVIEW[record.kind]
    parts.append(r.raw(element("p", r.write(r.page_link(overview), HTML), class_="kb-record")))
    body = "\n\n".join(parts) + "\n"
    return body if record.kind == "watch" else unindexed(body)  # watch entries are found on their record page


def watch_state(r: Renderer, entry: Watch) -> str:
    """A watch entry in a list, with where it stands."""
    state = r.resolved_by(entry, HTML) if entry.resolved_by else r.t["watch_open"]
    return f"<li>{r.write(r.ref(entry.id), HTML)} — {r.opened_in(entry, HTML)}<br>{element('span', state, class_='kb-dates')}</li>"

