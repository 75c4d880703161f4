"""The generated parts of pages, in one language, for one page.

- `renderer.py`: the page being rendered, its language, and links from it;
- `links.py`: one link value, written as Markdown or as HTML;
- `markup.py`: the HTML builder and the theme's vocabulary;
- `raw_html.py`: generated HTML kept out of the Markdown converter;
- `issue_page.py`, `lists.py` (hubs, timelines, watch list, archive),
  `ledgers.py` (claims, signals, open data, translations), `figures.py` (claims);
- `macros.py`: the macros content may call, bound to a page.

May import: kb.base, kb.project, kb.markup, kb.model, kb.search (never kb.content: pages are rendered from
a loaded catalog, not from files).
"""
from kb.render.links import Link, UnknownReference, relative
from kb.render.macros import MisplacedMacro, PageMacros
from kb.render.raw_html import RawHtml
from kb.render.renderer import NoShortName, Renderer

__all__ = ["Link", "MisplacedMacro", "NoShortName", "PageMacros", "RawHtml", "Renderer", "UnknownReference", "relative"]
