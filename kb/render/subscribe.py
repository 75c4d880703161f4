"""The subscribe block: the feeds that apply to a page (kb.publish.feeds writes them; kb.project.layout names them)."""
from __future__ import annotations

import html

from kb.project import layout
from kb.render.markup import element
from kb.render.renderer import Renderer

RSS, ATOM = "application/rss+xml", "application/atom+xml"


def subscribe(r: Renderer, scopes: list[tuple[str, str | None]], *, indexed: bool = False) -> str:
    """The feeds that apply to a page, as one block: `scopes` are (kind, id) pairs, kind being "issues" (id None),
    "topic", "entity" or "watch" (id None). Class kb-feeds: every block of feed links of the site is one. Searched
    only where `indexed` (the home page's, which a reader asking how to subscribe finds); the others repeat it."""
    home = r.home()  # feeds sit at the language's home
    lines = []
    for kind, scope_id in scopes:
        if kind == "watch":
            rss, atom = layout.WATCH_FEEDS
        else:
            rss, atom = layout.feed_names(scope_id, kind) if scope_id else layout.feed_names()
        name = ""
        if scope_id:
            name = r.title(r.catalog.topics[scope_id] if kind == "topic" else r.catalog.entities[scope_id])
        label = html.escape(r.t["subscribe_what"][kind].format(name=name))
        links = (element("a", "RSS", href=f"{home}/{rss}", type=RSS) + " · "
                 + element("a", "Atom", href=f"{home}/{atom}", type=ATOM))
        lines.append(element("li", f"{label}{r.t['colon']}{links}"))
    title = element("p", f'<strong>{html.escape(r.t["subscribe"])}</strong> · {html.escape(r.t["subscribe_hint"])}')
    return element("div", title + element("ul", "".join(lines)), class_="kb-feeds kb-subscribe",
                   data_pagefind_ignore=None if indexed else "all")
