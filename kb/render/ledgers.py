"""The ledgers: every figure (claims), every verdict (signals), the open data files, translations."""
from __future__ import annotations

import html
from collections import Counter
from datetime import datetime, timezone

from kb.base.plural import plural
from kb.model.claim_facts import SOURCE_KINDS, STATUSES
from kb.model.entries import Watch
from kb.model.labels import count
from kb.project import layout
from kb.project.translations import NOW
from kb.render.checks import JUDGMENT, bridged_by, status_mark
from kb.model.figure_text import figure_html
from kb.render.figures import factor_html, figure, source_kind
from kb.render.links import HTML, href, markdown_text
from kb.render.markup import admonition_html, element, heading, span, table_html, unindexed, unindexed_html
from kb.render.periods import record_links
from kb.render.renderer import Renderer

# The ledger's columns: which ones kb-claims.js may sort, and by what key.
CLAIM_SORT_KEYS = ("", "", "", "factor", "metric", "hardware", "", "source", "status", "date")
# Rows the ledger's overview shows, the newest, as many as keep the page small (measured: bench/README.md,
# kb/render/ledgers.py); the record pages hold the rest, by month.
CURRENT_CLAIMS = 50
RECENT_VERDICTS = 5  # verdicts per topic on the signals ledger's overview
# Pages needing work the translation page lists, as many as keep it small (measured: bench/README.md,
# kb/render/ledgers.py).
TRANSLATION_ROWS = 100


def claims_ledger(r: Renderer) -> str:
    """The newest figures, filters over every figure of the archive (kb-claims.js fetches them when a reader
    filters), and the record pages of every month."""
    t, claims = r.t, r.catalog.claims
    caveat = admonition_html("warning", t["vendor_caveat_title"], element("p", html.escape(t["vendor_caveat"])), "vendor-caveat")
    return unindexed("\n\n".join([
        r.raw(claims_scope(r) + caveat + claims_filters(r, claims) + claims_table(r, claims[:CURRENT_CLAIMS], total=len(claims))),
        heading(2, t["record"], "record"), record_links(r, "claims")]))


def claims_scope(r: Renderer) -> str:
    """What the ledger holds, counted from the data: the figures recorded as data, by how many items of how many
    issues, and how many numbers of the prose the editors mark as not figures (kb.content.figure_check)."""
    c, lang = r.catalog, r.lang
    if not c.claims:  # the table says there are none yet
        return ""
    items = {id(claim.item): claim.item for claim in c.claims}.values()
    others = sum(len(i.facts.not_figures) for i in c.items) + sum(len(i.facts.not_figures) for i in c.issues)
    sentence = r.t["claims_scope"].format(figures=count(lang, "figures", len(c.claims)), items=count(lang, "items", len(items)),
                                          issues=count(lang, "issues", len({id(i.issue) for i in items})))
    if others:
        sentence += r.t["claims_scope_others"].format(others=count(lang, "not_figures", others))
    return element("p", html.escape(sentence), class_="kb-scope", data_kb_generated="count")


def claims_filters(r: Renderer, claims) -> str:
    """The filter menus, with every value of the archive: server-rendered, so the page does not move when
    the script wakes them (the rows they filter are fetched on first use)."""
    t = r.t
    values = {
        "topic": [(tid, r.catalog.topics[tid].title(r.lang)) for tid in r.catalog.topics],
        "metric": sorted({(c.facts.metric, t["metric"][c.facts.metric]) for c in claims}, key=lambda v: v[1]),
        "hardware": sorted({(c.facts.hardware, c.facts.hardware) for c in claims if c.facts.hardware}, key=lambda v: v[1]),
        "source": sorted({(c.facts.source_kind, t["source_kind"][c.facts.source_kind]) for c in claims}, key=lambda v: v[1]),
        "status": [(status, t["status"][status]) for status in STATUSES],
    }
    menus = "".join(
        element("label", t["claims_filters"][key] + element("select", element("option", t["claims_filters"]["all"], value="")
                                                             + "".join(element("option", html.escape(label), value=value)
                                                                       for value, label in options), name=key))
        for key, options in values.items())
    home = r.home()
    data = layout.CLAIMS_DATA.format(lang=r.lang)
    return element("div", menus, class_="kb-claims-filters", data_src=f"{r.home(site_wide=True)}/{data}", data_home=f"{home}/")


def claims_table(r: Renderer, claims, total: int | None = None) -> str:
    """Figures as table rows; kb-claims.js sorts them, and fills the table with matches when a reader filters."""
    t, c = r.t, r.catalog
    head = "".join(element("th", label, data_sort=key or None) for key, label in zip(CLAIM_SORT_KEYS, t["claims_head"]))
    rows = []
    for claim in claims:
        f, item = claim.facts, claim.item
        topics = " · ".join(element("span", html.escape(c.topics[tid].title(r.lang)), data_topic=tid) for tid in claim.topics)
        cells = [
            f"{r.write(r.ref(item.id), HTML)}<br><small>{topics}</small>",
            html.escape(claim.text(r.lang)),
            figure_html(figure(r, claim), claim.id),
            factor_html(r, claim),
            t["metric"][f.metric],
            html.escape(f.hardware or t["no_figure"]),
            html.escape(f.benchmark or t["no_figure"]),
            source_kind(r, f.source_kind, hint=False),
            status_cell(r, claim),
            f"{r.write(r.issue_short(claim.issue), HTML)}<br><small>{claim.published}</small>",
        ]
        rows.append(element("tr", "".join(element("td", cell, data_label=label) for cell, label in zip(cells, t["claims_head"])),
                            data_topics=" ".join(claim.topics), data_metric=f.metric, data_hardware=f.hardware or "",
                            data_source=f.source_kind, data_status=claim.status, data_factor=f"{f.factor or 0:.4f}",
                            data_date=claim.published))
    words = [*_script_labels(t["claims_filters"]), *((f"by-{by}", text) for by, text in t[JUDGMENT].items())]
    labels = " ".join(f'data-label-{key}="{html.escape(text)}"' for key, text in words)
    shown = plural(t["claims_filters"]["shown"], total if total is not None else len(rows), shown=len(rows))
    counter = element("p", f'{shown} · {t["claims_filters"]["sort"]}', class_="kb-claims-status", aria_live="polite")
    # the marker after the table tells the page's style the table is whole (kb.css: shown only then)
    table = table_html(head, "".join(rows), f'class="kb-claims-ledger" {labels}') + element("div", "", class_="kb-claims-end")
    return counter + (table if rows else f"<p>{t['none_yet']}</p>")


def _script_labels(labels: dict):
    """(name, text) of each word kb-claims.js writes; a count's forms each as `shown-one`, `shown-many`..."""
    for key, text in labels.items():
        if isinstance(text, dict):
            yield from ((f"{key}-{form}", words) for form, words in text.items())
        else:
            yield key, text


def status_cell(r: Renderer, claim) -> str:
    """The status, linked to the check that set it."""
    if not claim.checked_by:
        return status_mark(r, claim)
    latest = claim.checked_by[-1]
    return element("a", r.t["status"][claim.status], href=href(latest.page, r.page, latest.anchor),
                   class_=f"kb-status kb-status--{claim.status}") + f"<br>{bridged_by(r, latest)}"


def signals_ledger(r: Renderer) -> str:
    """The latest verdicts of each topic, each with what came after it, and the record of every year."""
    return unindexed("\n\n".join([verdicts_by_topic(r, r.catalog.signals, RECENT_VERDICTS),
                                    heading(2, r.t["record"], "record"), record_links(r, "signals")]))


def verdicts_by_topic(r: Renderer, signals, per_topic: int | None = None) -> str:
    """Verdicts by topic, oldest first: a call, then what came after it (`signals` newest first)."""
    c, t = r.catalog, r.t
    raised: dict[str, list[Watch]] = {}
    for entry in c.watch:
        raised.setdefault(entry.facts.origin, []).append(entry)
    parts = []
    for topic in c.topics.values():
        verdicts = list(reversed([s for s in signals if topic.id in s.facts.topics][:per_topic]))
        if not verdicts:
            continue
        parts.append(heading(2, markdown_text(topic.title(r.lang)), topic.id))
        entries = []
        for signal in verdicts:
            about = r.refs(signal.facts.items, HTML)
            follow = "".join(follow_up(r, w) for w in raised.get(signal.id, []))
            entries.append(
                f"<li>{r.verdict(signal.facts.verdict)} {r.write(r.ref(signal.id), HTML)} — "
                f"{r.write(r.issue_short(signal.issue), HTML)} · {signal.published}"
                + element("p", r.prose(signal.text(r.lang).body, HTML))
                + (element("p", f'{t["ledger_about"]}{t["colon"]}{about}', class_="kb-facts") if about else "")
                + (element("ul", follow) if follow else "") + "</li>")
        parts.append(r.raw(element("ul", "".join(entries), class_="kb-list kb-ledger")))
    return "\n\n".join(parts) if parts else t["none_yet"]


def follow_up(r: Renderer, entry: Watch) -> str:
    state = r.resolved_by(entry, HTML) if entry.resolved_by else r.t["ledger_open"]
    mark = f" {r.provenance('watch_by', 'editors')}" if entry.facts.by == "editors" else ""
    return f"<li>{r.t['ledger_follow_up'].format(entry=r.write(r.ref(entry.id), HTML))}{mark} — {state}</li>"


def open_data(r: Renderer) -> str:
    home = r.home(site_wide=True)  # the export sits at the site root, for every language
    head = "".join(element("th", label) for label in r.t["open_data_files"])
    rows = "".join(
        element("tr", element("td", element("a", f"<code>{layout.EXPORT_DIR}/{name}</code>", href=f"{home}/{layout.EXPORT_DIR}/{name}"))
                + element("td", text))
        for name, text in ((layout.EXPORT_FILE, r.t["open_data_catalog"]), (layout.EXPORT_SCHEMA_FILE, r.t["open_data_schema"])))
    return r.raw(table_html(head, rows))


def source_kinds(r: Renderer) -> str:
    """Every value of `source_kind` with what it means, in the page's language, from the model: the open-data
    docs list them through this, so they cannot leave one out (kb.model.claim_facts.SOURCE_KINDS)."""
    t = r.t
    return t["list_separator"].join(
        f"`{kind}`" + t["in_parentheses"].format(f"{t['source_kind'][kind]}{t['colon']}{t['source_kind_hint'][kind]}")
        for kind in SOURCE_KINDS)


def translation_table(r: Renderer, states) -> str:
    """How many translations stand where, then the pages that need work, most recently changed first: at
    most TRANSLATION_ROWS of them (a list of every page grew with the archive past the largest page's target:
    bench/README.md, kb/render/ledgers.py; `kb translations` lists all)."""
    def when(moment):
        if moment is None:
            return "—"
        return r.t["uncommitted"] if moment == NOW else datetime.fromtimestamp(moment, timezone.utc).date().isoformat()

    names = r.t["translation_status"]
    tally = Counter(state.status for state in states)
    summary = element("p", " · ".join(f"{names[status]} {tally[status]}" for status in names if tally[status]),
                      class_="kb-translation-tally")
    todo = sorted((s for s in states if s.status != "current"), key=lambda s: -(s.source_changed or 0))
    if not todo:
        return r.raw(unindexed_html(summary + element("p", r.t["translation_all_current"])))
    head = "".join(element("th", label) for label in r.t["translation_head"])
    rows = "".join(
        element("tr", element("td", r.write(r.page_link(state.page), HTML))
                + element("td", span(f"kb-translation kb-translation--{state.status}", names[state.status]))
                + element("td", when(state.source_changed)) + element("td", when(state.translation_changed)))
        for state in todo[:TRANSLATION_ROWS])
    more = len(todo) - TRANSLATION_ROWS
    sentences = {key: html.escape(text) for key, text in r.t["translation_more"].items()}
    rest = element("p", plural(sentences, more, command=element("code", "kb translations")))
    return r.raw(unindexed_html(summary + table_html(head, rows) + (rest if more > 0 else "")))
