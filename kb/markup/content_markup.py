"""What a contributor's Markdown may become: allowlists over the HTML the site's renderer makes of it.

kb.markup.markdown_reading converts a text as the build does; this module reads
the result with a browser's parser (Lexbor) and lists what is not allowed.
The rules are allowlists — the elements, attributes and classes Markdown and
the configured extensions make, the admonition kinds Material documents, the
theme's button — so a class of the theme's chrome (`md-consent__overlay`),
of the project's generated markup (`kb-verdict`), Mermaid's `mermaid` (the
theme would fetch Mermaid from a CDN and run it) or a form field is refused
because nobody listed it, not because somebody thought of it.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from selectolax.lexbor import LexborHTMLParser

from kb.base.limits import MAX_LINKS_PER_PAGE
from kb.base.messages import Message, msg, words
from kb.base.urls import IGNORED_IN_URL, OUTSIDE, SAFE_SCHEMES, SCHEME, link_text_problem, url_problem
from kb.markup.markdown_reading import Rendering

# Material's admonition kinds (and their aliases), and the two modifiers it documents for them
ADMONITION_KINDS = frozenset("""note abstract summary tldr info todo tip hint important success check done question
help faq warning caution attention failure fail missing danger error bug example quote cite""".split())
ADMONITION_MODIFIERS = frozenset({"inline", "end"})
THEME_CONTENT_CLASSES = frozenset({"md-button", "md-button--primary"})  # Material documents them for content
# What the configured extensions write: admonition, toc's permalink, pymdownx.tabbed (alternate style),
# pymdownx.tasklist, pymdownx.highlight around code, Material's icons (pymdownx.emoji)
EXTENSION_CLASSES = frozenset("""admonition admonition-title headerlink toc tabbed-set tabbed-alternate tabbed-labels
tabbed-content tabbed-block task-list task-list-item task-list-control task-list-indicator highlight filename
linenos linenodiv hll twemoji""".split())
LANGUAGE_CLASS = re.compile(r"language-(?P<name>[\w+#.-]{1,40})")  # a fenced block's language

ELEMENTS = frozenset("""p h1 h2 h3 h4 h5 h6 a em strong code pre blockquote ul ol li table thead tbody tr th td hr
br img abbr div span details summary dl dt dd input label svg path""".split())
ANY_ELEMENT = frozenset({"id", "class"})  # `{ #id .class }`
ATTRIBUTES = {
    "a": {"href", "title"},
    "img": {"src", "alt", "title"},
    "abbr": {"title"},
    "ol": {"start"},
    "td": {"align", "style"}, "th": {"align", "style"},
    "details": {"open"},
    "input": {"type", "checked", "disabled", "name"},  # pymdownx.tasklist's box, pymdownx.tabbed's tabs
    "label": {"for"},
    "div": {"data-tabs"},  # pymdownx.tabbed
    "svg": {"xmlns", "viewbox", "width", "height"},  # an icon
    "path": {"d"},
}
INPUT_TYPES = {"checkbox", "radio"}
TABLE_ALIGNMENT = re.compile(r"text-align: ?(?:left|right|center);?")
RESERVED_PREFIXES = ("kb-", "md-")  # ids of the project's generated markup and the theme's
# ids the theme's script looks up (__config, __search, __drawer), inside content and in a built page's
# (kb.publish.html_rules): only pymdownx's own may start with `__`, for tabs and code line numbers
THEME_ID = re.compile(r"__(?!tabbed_\d{1,6}(?:_\d{1,6})?$|codelineno-[\w-]{1,80}$)\S{0,200}")
RAW_TAG = re.compile(r"<!--|<!\[CDATA\[|<[!?]|</?[A-Za-z][A-Za-z0-9-]{0,40}")


@dataclass(frozen=True)
class Finding:
    field: str  # html, element, attribute, class, id, link, image
    message: Message
    found: str  # the text refused, as the page would show it or as written
    key: tuple  # what identifies it in another conversion of the same text (to find its line)


def findings(rendering: Rendering) -> list[Finding]:
    """Everything `rendering` holds that content may not make, raw HTML first."""
    found = [_raw(piece) for piece in rendering.raw_html]
    if not found and "<" in rendering.html:  # raw HTML is refused as such, not as each element it makes
        body = LexborHTMLParser(rendering.html).body
        links = 0
        for node in body.traverse(include_text=False):
            if node is not body and node.tag != "body":
                found.extend(_element(node))
                links += node.tag == "a"
        if links > MAX_LINKS_PER_PAGE:
            found.append(Finding("links", msg("links-too-many", limit=MAX_LINKS_PER_PAGE), "](", ("links",)))
    unique, seen = [], set()
    for finding in found:
        if finding.key not in seen:
            seen.add(finding.key)
            unique.append(finding)
    return unique


@lru_cache(maxsize=1)
def content_classes() -> frozenset[str]:
    """Every class content may wear: what the extensions write, admonition kinds, the theme's button, code tokens."""
    from pygments.token import STANDARD_TYPES
    return (EXTENSION_CLASSES | ADMONITION_KINDS | ADMONITION_MODIFIERS | THEME_CONTENT_CLASSES
            | {name for name in STANDARD_TYPES.values() if name})


def class_allowed(name: str) -> bool:
    return name in content_classes() or bool(LANGUAGE_CLASS.fullmatch(name))


def _raw(piece: str) -> Finding:
    tag = RAW_TAG.search(piece)
    shown = tag.group() if tag else piece.strip()[:40]
    return Finding("html", msg("raw-html", tag=shown), shown, ("html", piece.strip()[:80]))


def _element(node) -> Iterator[Finding]:
    tag = node.tag
    if tag not in ELEMENTS:
        yield Finding("html", msg("content-element", tag=tag), f"<{tag}>", ("element", tag))
        return
    allowed = ATTRIBUTES.get(tag, set())
    for name, value in node.attributes.items():
        name, value = name.lower(), value or ""  # Lexbor keeps SVG's camel case (viewBox)
        if name not in allowed and name not in ANY_ELEMENT:
            yield Finding("attributes", msg("content-attribute", name=name, tag=tag), name, ("attribute", tag, name))
        elif name == "class":
            for class_name in value.split():
                if class_name.casefold().startswith(RESERVED_PREFIXES) and class_name not in THEME_CONTENT_CLASSES:
                    yield Finding("attributes", msg("attribute-reserved-class", name=class_name,
                                                    prefixes=words(RESERVED_PREFIXES, "or")), class_name,
                                  ("class", class_name))
                elif not class_allowed(class_name):
                    yield Finding("attributes", msg("content-class", name=class_name), class_name, ("class", class_name))
        elif name == "id":
            yield from _id(value, "heading" if tag in HEADINGS else "attributes")
        elif name == "href":
            yield from _address(value, ("link", value))
            yield from _link_text(node.text(deep=True), value)
        elif name == "src":
            if OUTSIDE.match(IGNORED_IN_URL.sub("", value)):
                yield Finding("image", msg("outside-image"), value, ("image", value))
        elif name == "type" and value.lower() not in INPUT_TYPES:
            yield Finding("html", msg("content-input", type=value), f"<input type={value}>", ("input", value))
        elif name == "style" and not TABLE_ALIGNMENT.fullmatch(value.strip()):
            yield Finding("attributes", msg("content-attribute", name=name, tag=tag), name, ("attribute", tag, name))




HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


def _id(value: str, field: str) -> Iterator[Finding]:
    if THEME_ID.fullmatch(value):
        yield Finding(field, msg("theme-heading") if field == "heading" else msg("content-theme-id", id=value), value,
                      ("id", value))
    elif value.casefold().startswith(RESERVED_PREFIXES):
        yield Finding("attributes", msg("attribute-reserved-id", id=value, prefixes=words(RESERVED_PREFIXES, "or")),
                      value, ("id", value))


def _address(value: str, key: tuple) -> Iterator[Finding]:
    scheme = SCHEME.match(IGNORED_IN_URL.sub("", value))
    if scheme and scheme.group(1).lower() not in SAFE_SCHEMES:
        yield Finding("link", msg("link-scheme", scheme=scheme.group(1)), scheme.group(0), key)
        return
    deceptive = url_problem(value)  # user info, a host that passes for another (kb.base.urls)
    if deceptive:
        yield Finding("link", deceptive, value, key)


def _link_text(text: str, href: str) -> Iterator[Finding]:
    """A link whose text names a host must lead there: `[github.com/x](https://evil.example/)` is refused."""
    deceptive = link_text_problem(text, href)
    if deceptive:
        yield Finding("link", deceptive, text[:80], ("link text", text[:80], href))
