"""What a published HTML document may hold, read with a browser's parser (Lexbor, through selectolax).

Used by the output firewall (kb.publish.firewall) on every page of a built site. A
browser-grade HTML5 parser matters here: `<img/onerror=…>` or an attribute
the sanitizer's parser read differently must be seen as the reader's browser
sees it. Lexbor is also many times faster than Python's html.parser on a
whole site (measured: bench/README.md, kb/publish/html_rules.py).
"""
from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from selectolax.lexbor import LexborHTMLParser

from kb.base.urls import IGNORED_IN_URL, OUTSIDE, SAFE_SCHEMES, SCHEME
from kb.markup.content_markup import THEME_ID
from kb.publish.csp import POLICY, script_hash

# Elements that embed another document, run code, restyle the page or animate an address.
FORBIDDEN_ELEMENTS = {"iframe", "frame", "frameset", "object", "embed", "applet", "base", "portal", "style",
                      "foreignobject", "animate", "set", "animatemotion", "animatetransform", "handler", "listener"}
CHECKED_ELEMENTS = FORBIDDEN_ELEMENTS | {"meta", "form", "script", "img", "link"}  # what _element looks at by tag
# <link> relations: to a page's own addresses (an absolute one only at the site's own URL), or loading a file
# that must be the site's own (the theme's or the project's, byte for byte, as a script file). No other relation
# (preconnect, dns-prefetch, pingback...): the site writes none.
ADDRESS_RELS = {"alternate", "canonical", "prev", "next"}
LOADING_RELS = {"stylesheet", "icon", "preload", "modulepreload", "prefetch", "manifest", "apple-touch-icon"}
# What the browser fetches as the page loads (not on a click): from the site only. <img> and <script> are
# looked at by tag; <link> by its relation.
LOADING_ATTRIBUTES = {"src", "srcset", "poster", "data", "background"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "poster", "cite", "background", "data", "xlink:href", "srcset"}
# data-* attributes that make something happen: Material's copy button and components, Pagefind's metadata, placeholders
ACTING_PREFIXES = ("data-clipboard", "data-pagefind-", "data-md-", "data-kb-raw")
PAGEFIND_INERT = {"data-pagefind-body", "data-pagefind-ignore"}  # which part of a page is indexed
INERT_ATTRIBUTES = {"class", "id", "title", "lang", "dir", "rel", "type", "name", "for", "role", "tabindex", "hidden",
                    "checked", "open", "alt", "width", "height", "viewbox", "d", "xmlns", "fill", "colspan", "rowspan",
                    "content", "property", "charset", "aria-label", "aria-hidden", "hreflang", "media", "autocomplete",
                    "placeholder", "required", "spellcheck", "autocapitalize", "autocorrect", "value", "start"}
STYLE = re.compile(r"\s*(?:text-align:\s*(?:left|right|center|justify);?\s*)?")  # what sanitized tables carry


@dataclass
class Scripts:
    """What a page may run and load: files the theme or Pagefind wrote, inline scripts by their hash (kb.publish.csp),
    addresses of its own site."""

    known_file: Callable[[str], bool]  # a site-relative file
    inline: frozenset[str] | set[str]  # the hashes of the inline scripts allowed (kb.publish.csp.INLINE_SCRIPTS)
    base_path: str = "/"  # where the site is served, for root-relative addresses
    site_url: str | None = None  # the site's own address: absolute <link>s may point under it
    policy: str = POLICY  # the Content-Security-Policy pages carry (kb.publish.csp: PREVIEW_POLICY when served live)

    def allows_file(self, src: str, page: str) -> bool:
        parts = urlsplit(src)
        if parts.scheme or src.startswith("//"):
            return False
        if parts.path.startswith("/"):  # root-relative: under where the site is served
            return parts.path.startswith(self.base_path) and self.known_file(parts.path.removeprefix(self.base_path))
        return self.known_file(posixpath.normpath(posixpath.join(posixpath.dirname(page), parts.path)))

    def allows_inline(self, body: str) -> bool:
        return script_hash(body) in self.inline

    def own_address(self, href: str) -> bool:
        """A relative address, or an absolute one under the site's own URL."""
        cleaned = IGNORED_IN_URL.sub("", href.strip())
        if not OUTSIDE.match(cleaned):
            return True
        if not self.site_url:
            return False
        root = self.site_url.rstrip("/") + "/"
        return cleaned.startswith(root) or cleaned == root.rstrip("/")


@dataclass
class Inspected:
    findings: list[str] = field(default_factory=list)
    heading: str = ""  # the first <h1>'s text, without its permalink mark
    policy: bool = False  # the site's Content-Security-Policy seen in <head>, before anything it governs
    lang: str = ""  # the document's <html lang>


def inspect_html(document: bytes, page: str, scripts: Scripts) -> Inspected:
    tree = LexborHTMLParser(document)
    result = Inspected()
    theme_attributes = []  # nodes with a data-md-* attribute: the theme's, unless inside the content
    seen_governed = False  # an element the policy governs, before the policy: it would not govern it
    for node in tree.root.traverse(include_text=False):
        if _element(node, page, scripts, result.findings):
            theme_attributes.append(node)
        if node.tag == "meta" and (node.attributes.get("http-equiv") or "").lower() == "content-security-policy":
            if result.policy or node.parent is None or node.parent.tag != "head" or seen_governed:
                result.findings.append("has a Content-Security-Policy that is not the first, in <head>, before "
                                       "any script, style sheet or image")
            result.policy = True
        seen_governed = seen_governed or node.tag in {"script", "link", "img", "style"}
    if not result.policy:
        result.findings.append("has no Content-Security-Policy (overrides/main.html writes it in every page)")
    # the page's content (<article>): no theme component or id the theme's script reads. One pass over
    # the page, then the few candidates: a second walk of every node inside <article> cost much more (measured:
    # bench/README.md, kb/publish/html_rules.py).
    for node in theme_attributes:
        if _inside_article(node):
            name = next(name for name in node.attributes if name.startswith("data-md-"))
            result.findings.append(f"has the acting attribute `{name}` on <{node.tag}> in the content")
    for node in tree.css("article [id], article [name], article [for]"):
        for name in ("id", "name", "for"):
            value = node.attributes.get(name)
            if value and THEME_ID.fullmatch(value):
                result.findings.append(f'has {name}="{value}" on <{node.tag}>, an id the theme\'s script reads')
    result.lang = (tree.root.attributes.get("lang") or "") if tree.root is not None else ""
    heading = tree.css_first("h1")
    if heading is not None:
        marks = "".join(mark.text() for mark in heading.css("a.headerlink"))
        result.heading = heading.text().removesuffix(marks)
    return result


def _inside_article(node) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.tag == "article":
            return True
        parent = parent.parent
    return False


def _element(node, page: str, scripts: Scripts, findings: list[str]) -> bool:
    """Adds what is wrong with one element to `findings`; True if it has a data-md-* attribute."""
    tag = node.tag
    attributes = node.attributes
    theme_attribute = False
    if tag in CHECKED_ELEMENTS:  # most elements are none of these: one look instead of five
        if tag in FORBIDDEN_ELEMENTS:
            findings.append(f"has a <{tag}> element")
        elif tag == "meta" and attributes.get("http-equiv"):
            if attributes["http-equiv"].lower() != "content-security-policy" or attributes.get("content") != scripts.policy:
                findings.append(f"has <meta http-equiv={attributes['http-equiv']}> that is not the site's own "
                                "Content-Security-Policy (kb.publish.csp)")
        elif tag == "link":
            _link(attributes, page, scripts, findings)
        elif tag == "form" and attributes.get("action"):
            findings.append("has a form sending elsewhere")
        elif tag == "script":
            _script(node, attributes, page, scripts, findings)
        elif tag == "img" and any(OUTSIDE.match(IGNORED_IN_URL.sub("", url.strip()))
                                  for url in [attributes.get("src") or "", *(attributes.get("srcset") or "").split(",")]):
            findings.append("loads an image from another site (every reader's browser would fetch it from there)")
    for name, value in attributes.items():
        if name in INERT_ATTRIBUTES:  # most attributes of most elements: nothing to look at
            continue
        value = value or ""
        if name.startswith("on"):
            findings.append(f"has an event handler `{name}` on <{tag}>")
        elif name in URL_ATTRIBUTES:
            if name in LOADING_ATTRIBUTES and tag not in {"img", "script"} and any(
                    OUTSIDE.match(IGNORED_IN_URL.sub("", url.strip())) for url in value.split(",")):
                findings.append(f"loads {value[:80]} ({name} of <{tag}>) from another site")
            if ":" not in value:  # no scheme (the parser decoded any &#58;), as in most links: relative
                continue
            for url in (value.split(",") if name == "srcset" else [value]):
                scheme = SCHEME.match(IGNORED_IN_URL.sub("", url.strip(" \t\n\r\f").split(" ")[0]))
                if scheme and scheme.group(1).lower() not in SAFE_SCHEMES:
                    findings.append(f"has a `{scheme.group(1).lower()}:` address in {name} of <{tag}>")
        elif name == "style" and not STYLE.fullmatch(value):
            findings.append(f"has a style attribute `{value[:40]}` on <{tag}>")
        elif name.startswith("data-md-"):
            theme_attribute = True
        elif name.startswith(ACTING_PREFIXES) and name not in PAGEFIND_INERT:
            findings.append(f"has the acting attribute `{name}` on <{tag}>")
    return theme_attribute


def _script(node, attributes: dict, page: str, scripts: Scripts, findings: list[str]) -> None:
    if "src" in attributes:
        if not scripts.allows_file(attributes["src"] or "", page):
            findings.append(f"loads the script {attributes['src']}, which is neither the theme's nor the project's")
        return
    body = node.text()
    if not body.strip():
        return
    if attributes.get("type") == "application/json":
        try:
            json.loads(body)
        except ValueError:
            findings.append("has a JSON script block that is not JSON")
    elif not scripts.allows_inline(body):
        findings.append(f"has an inline script that kb.publish.csp.INLINE_SCRIPTS does not list ({script_hash(body)}): "
                        f"{body.strip()[:60]}")


def _link(attributes: dict, page: str, scripts: Scripts, findings: list[str]) -> None:
    rels = set((attributes.get("rel") or "").lower().split())
    href = attributes.get("href") or ""
    if rels and rels <= ADDRESS_RELS:
        if not scripts.own_address(href):
            findings.append(f'has <link rel="{attributes["rel"]}"> to another site: {href[:80]}')
    elif rels and rels <= LOADING_RELS:
        if not scripts.allows_file(href, page) or set(attributes) & {"imagesrcset", "imagesizes"}:
            findings.append(f'loads {href[:80]} (<link rel="{attributes["rel"]}">), which is not a file of the '
                            "theme or the project")
    else:
        findings.append(f'has <link rel="{attributes.get("rel") or ""}"> to {href[:80]}, which the site does not write')


def first_element(fragment: str) -> str | None:
    """The first element in an HTML fragment (an RSS description), or None if it is only text."""
    body = LexborHTMLParser(fragment).body
    for node in (body.iter(include_text=False) if body is not None else []):
        return node.tag
    return None
