"""RSS 2.0 and Atom feeds, per language: new issues; each topic hub's items and checks of its figures; each
entity's items; the watch list's entries as they open and are resolved.

Written from the catalog into the built site (any generator), with dates from
the content only, so the same commit always writes the same feeds. Feed files
sit at each language's home (`feed.xml`, `atom.xml`, `topic-<id>.xml`,
`topic-<id>.atom.xml`, `entity-<id>.xml`, `watch.xml`…: kb.project.layout), where
Material's script finds a sitemap next to them.
"""
from __future__ import annotations

import html
import re
from datetime import date, datetime, time, timezone
from email.utils import format_datetime
from pathlib import Path
from xml.sax.saxutils import escape as _xml_escape

from kb.model.catalog import Catalog
from kb.model.entries import Issue
from kb.model.figure_text import figure_text
from kb.model.labels import LABELS, issue_title
from kb.project import layout
from kb.render.checks import JUDGMENT

EMAIL_TYPE = "message/rfc822"  # an issue's email, enclosed in its entry of the issues' feeds
LIMIT = 50  # entries per feed: the newest
# Characters XML 1.0 cannot hold at all: one makes the whole feed unreadable (kb.model.fields refuses them in content).
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def escape(text: str) -> str:
    """Text as XML character data or attribute value."""
    return _xml_escape(NOT_XML.sub("", text), {'"': "&quot;"})


def html_text(text: str) -> str:
    """Text for an RSS <description>, which readers render as HTML: escaped as HTML, then as XML,
    so a code span's `<img onerror=…>` reaches the reader as text, never as markup."""
    return escape(html.escape(text, quote=False))


def _moment(day: date) -> datetime:
    return datetime.combine(day, time(0, 0), tzinfo=timezone.utc)


def announced(catalog: Catalog) -> list[Issue]:
    """The issues the issues' feeds carry, newest first: the newest LIMIT, none withdrawn (a withdrawn issue is
    not announced again: kb.content.published). Each has its email, which the feeds enclose (kb.publish.email_issue)."""
    return [issue for issue in catalog.issues if not issue.facts.withdrawn][:LIMIT]


def _enclosure(site: Path, site_url: str, number: int, lang: str) -> tuple[str, int] | None:
    """The issue's email (kb.publish.email_issue), if the build wrote it: its address and size, for the feeds to carry."""
    path = site / layout.issue_email(number, lang)
    if not path.is_file():
        return None
    return site_url.rstrip("/") + "/" + layout.issue_email(number, lang), path.stat().st_size


def _item_entries(catalog: Catalog, lang: str, items: list, home: str) -> list[dict]:
    return [{
        "title": item.title(lang),
        # the id it was first published under: a feed reader knows the entry by it (kb.content.published)
        "link": f"{home}{layout.page_url(item.page)}#{(item.facts.formerly or [item.id])[0]}",
        "date": item.published,
        "summary": catalog.plain_text(item.text(lang).summary, lang),
    } for item in items[:LIMIT]]


def _watch_entries(catalog: Catalog, lang: str, home: str) -> list[dict]:
    """The watch list's news: each entry as it is opened, and again as an item resolves it."""
    words = LABELS[lang]
    entries = []
    for entry in catalog.watch:
        link = f"{home}{layout.page_url(entry.page)}#{entry.anchor}"
        text = entry.text(lang)
        entries.append({"title": f"{words['watch_open']}{words['colon']}{entry.title(lang)}", "link": link,
                        "date": entry.published, "summary": catalog.plain_text(text.note, lang)})
        if entry.resolved_by is not None:
            entries.append({"title": f"{words['watch_resolved']}{words['colon']}{entry.title(lang)}",
                            "link": f"{home}{layout.page_url(entry.resolved_by.page)}#{entry.resolved_by.anchor}",
                            "date": entry.resolved_by.published, "summary": catalog.plain_text(entry.reason(lang), lang)})
    return sorted(entries, key=lambda e: e["date"], reverse=True)[:LIMIT]


def _entries(catalog: Catalog, lang: str, topic: str | None, home: str, site: Path, site_url: str,
             kind: str = "topic") -> list[dict]:
    if kind == "entity":
        return _item_entries(catalog, lang, catalog.items_of_entity(topic), home)
    if kind == "watch":
        return _watch_entries(catalog, lang, home)
    if topic is None:
        return [{
            "title": issue_title(issue.number, issue.title(lang), lang),
            "link": home + layout.page_url(issue.page),
            "date": issue.facts.published,
            "summary": catalog.plain_text(issue.text(lang).description, lang),
            "enclosure": _enclosure(site, site_url, issue.number, lang),
        } for issue in announced(catalog)]
    items = catalog.items_of_topic(topic)
    entries = _item_entries(catalog, lang, items, home)
    # a later figure that confirmed, qualified or contradicted one of the topic's figures is news of its own
    words = LABELS[lang]
    entries += [{
        "title": words["feed_check"].format(verdict=words["check_verdict"][check.facts.checks.verdict],
                                            claim=figure_text(claim, lang, catalog.plain_text(claim.text(lang), lang)).text),
        "link": f"{home}{layout.page_url(check.page)}#{check.anchor}",
        "date": check.published,
        # who tied the two figures, in the words the pages label it with (kb.render.checks.JUDGMENT)
        "summary": f"{words[JUDGMENT][check.facts.checks.by]}{words['colon']}{catalog.plain_text(check.reason(lang), lang)}",
    } for item in items for claim in item.claims for check in claim.checked_by]
    return sorted(entries, key=lambda e: e["date"], reverse=True)[:LIMIT]  # stable: items keep their order


def rss(title: str, link: str, description: str, lang: str, entries: list[dict]) -> str:
    items = "".join(
        f"<item><title>{escape(e['title'])}</title><link>{escape(e['link'])}</link>"
        f"<guid isPermaLink=\"true\">{escape(e['link'])}</guid><pubDate>{format_datetime(_moment(e['date']))}</pubDate>"
        f"<description>{html_text(e['summary'])}</description>"
        + (f'<enclosure url="{escape(e["enclosure"][0])}" length="{e["enclosure"][1]}" type="{EMAIL_TYPE}"/>'
           if e.get("enclosure") else "") + "</item>"
        for e in entries)
    updated = format_datetime(_moment(entries[0]["date"])) if entries else ""
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
            f"<title>{escape(title)}</title><link>{escape(link)}</link><description>{html_text(description)}</description>"
            f"<language>{lang}</language>" + (f"<lastBuildDate>{updated}</lastBuildDate>" if updated else "")
            + items + "</channel></rss>\n")


def atom(title: str, link: str, self_link: str, lang: str, entries: list[dict]) -> str:
    updated = _moment(entries[0]["date"] if entries else date(2026, 1, 1)).isoformat()
    body = "".join(
        f"<entry><title>{escape(e['title'])}</title><link href=\"{escape(e['link'])}\"/>"
        + (f'<link rel="enclosure" type="{EMAIL_TYPE}" length="{e["enclosure"][1]}" href="{escape(e["enclosure"][0])}"/>'
           if e.get("enclosure") else "") +
        f"<id>{escape(e['link'])}</id><updated>{_moment(e['date']).isoformat()}</updated>"
        f"<summary>{escape(e['summary'])}</summary></entry>"
        for e in entries)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="{lang}"><title>{escape(title)}</title>'
            f'<link href="{escape(link)}"/><link rel="self" href="{escape(self_link)}"/><id>{escape(self_link)}</id>'
            f"<updated>{updated}</updated><author><name>{escape(title)}</name></author>{body}</feed>\n")


def write_feeds(catalog: Catalog, site: Path, site_url: str, site_names: dict[str, str]) -> list[Path]:
    """Write every feed of every language into `site`; return the files written."""
    written = []
    for lang in layout.LANGUAGES:
        prefix = layout.language_home(lang)
        home = site_url.rstrip("/") + "/" + prefix
        scopes = [(None, "topic", site_names[lang], home, site_names[lang])]
        scopes += [(topic.id, "topic", f"{site_names[lang]} · {topic.title(lang)}", home + layout.page_url(topic.page),
                    topic.text(lang).description) for topic in catalog.topics.values()]
        scopes += [(entity.id, "entity", f"{site_names[lang]} · {entity.title(lang)}", home + layout.page_url(entity.page),
                    entity.text(lang).description) for entity in catalog.entities.values()]
        watch = f"{site_names[lang]} · {LABELS[lang]['subscribe_what']['watch']}"
        scopes.append((None, "watch", watch, home + layout.page_url(layout.WATCH_PAGE), watch))
        for scope, kind, title, link, description in scopes:
            entries = _entries(catalog, lang, scope, home, site, site_url, kind)
            rss_name, atom_name = layout.WATCH_FEEDS if kind == "watch" else layout.feed_names(scope, kind)
            for name, text in ((rss_name, rss(title, link, description, lang, entries)),
                               (atom_name, atom(title, link, home + atom_name, lang, entries))):
                path = site / prefix / name
                path.write_text(text, encoding="utf-8")
                written.append(path)
    return written
