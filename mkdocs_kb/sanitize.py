"""What content HTML may hold once rendered, enforced with nh3 on every page.

The markup Markdown, pymdown-extensions and Material produce, and nothing
that runs: no script, no event handlers, no javascript:/data: URLs.
"""
from __future__ import annotations

import re

import nh3

from kb.base.urls import SAFE_SCHEMES
from kb.render.raw_html import PLACEHOLDER_ATTRIBUTE

ALLOWED_TAGS = {
    "a", "abbr", "b", "blockquote", "br", "code", "dd", "del", "details", "div", "dl", "dt", "em",
    "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "input", "ins", "kbd", "label", "li",
    "mark", "ol", "p", "pre", "s", "small", "span", "strong", "sub", "summary", "sup",
    "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul",
    "svg", "path",  # Material's icons
}
ALLOWED_ATTRIBUTES = {
    # data-* attributes can act (Material's copy button reads data-clipboard-text, Pagefind
    # data-pagefind-meta): only the inert ones Markdown, its extensions and kb.render write
    "*": {"class", "id", "title", "lang", "dir", "data-pagefind-ignore"},
    "div": {"data-tabs", PLACEHOLDER_ATTRIBUTE},  # pymdownx.tabbed; kb.render.raw_html's placeholders
    "pre": {"data-linenos"},  # pymdownx.highlight
    "span": {"data-linenos"},
    "a": {"href", "name"},
    "abbr": {"title"},
    "details": {"open"},
    "img": {"src", "alt", "width", "height", "loading"},
    "input": {"type", "name", "checked", "disabled"},
    "label": {"for"},
    "ol": {"start"},
    "td": {"colspan", "rowspan", "style"},
    "th": {"colspan", "rowspan", "style"},
    "svg": {"viewbox", "xmlns", "width", "height", "fill"},
    "path": {"d", "fill"},
}

# nh3 writes attributes double-quoted, escapes `<` and `>` in them and drops any `rel` of the content's own: the
# look ahead stops at the next `<` (to the text's end from each `<a `, it was quadratic in a run of them).
EXTERNAL_LINK = re.compile(r'<a (?=[^<>]*\bhref="(?:https?:)?//)')


def sanitize(html: str) -> str:
    clean = nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=set(SAFE_SCHEMES),
        link_rel=None,
        filter_style_properties={"text-align"},  # table column alignment
        strip_comments=True,
    )
    return EXTERNAL_LINK.sub('<a rel="noopener noreferrer" ', clean)  # external links only
