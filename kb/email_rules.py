"""What an issue's email (kb.email_issue) may hold, checked by the output firewall (kb.firewall).

The same rules as the pages' (kb.html_rules) where a mail client is a browser: no script, no event handler,
no element that embeds, redirects or sends; and stricter where it is not: every link absolute (http, https
or mailto: a mail client has no page to resolve a relative one against), images only from the site itself,
CSS only inline or in the one <style> of the head (dark mode), with nothing it could fetch.
"""
from __future__ import annotations

import re
from email import policy
from email.parser import BytesParser

from selectolax.lexbor import LexborHTMLParser

from .html_rules import FORBIDDEN_ELEMENTS, IGNORED_IN_URL, SCHEME, URL_ATTRIBUTES

EMAIL_SCHEMES = {"http", "https", "mailto"}
REFUSED_ELEMENTS = (FORBIDDEN_ELEMENTS - {"style"}) | {"script", "form", "link", "input", "button", "textarea", "svg"}
FETCHING_CSS = re.compile(r"url\s*\(|@import|expression\s*\(|behavio(?:u)?r\s*:|-moz-binding", re.IGNORECASE)


def email_problems(data: bytes, site_url: str | None) -> list[str]:
    """What is wrong with the .eml `data`: its structure (multipart/alternative of text then HTML, nothing
    attached), then its HTML. `site_url`: where images may come from (none when it is not known)."""
    try:
        message = BytesParser(policy=policy.default).parsebytes(data)
        parts = list(message.iter_parts()) if message.is_multipart() else []
        types = [part.get_content_type() for part in parts]
        if message.get_content_type() != "multipart/alternative" or types != ["text/plain", "text/html"]:
            return [f"is not a multipart/alternative of text/plain and text/html ({message.get_content_type()}: {types})"]
        markup = parts[1].get_content()
        parts[0].get_content()
    except (LookupError, ValueError, UnicodeError) as error:
        return [f"is not a readable email ({error})"]
    return html_problems(markup, site_url)


def html_problems(markup: str, site_url: str | None) -> list[str]:
    found = []
    for node in LexborHTMLParser(markup).root.traverse(include_text=False):
        tag, attributes = node.tag, node.attributes
        if tag in REFUSED_ELEMENTS:
            found.append(f"has a <{tag}> element")
        elif tag == "style" and (node.parent is None or node.parent.tag != "head" or FETCHING_CSS.search(node.text() or "")):
            found.append("has a <style> outside the head, or one that fetches or runs something")
        elif tag == "meta" and attributes.get("http-equiv"):
            found.append(f"has <meta http-equiv={attributes['http-equiv']}>")
        for name, value in attributes.items():
            value = IGNORED_IN_URL.sub("", (value or "").strip())
            if name.startswith("on"):
                found.append(f"has an event handler `{name}` on <{tag}>")
            elif name == "style" and FETCHING_CSS.search(value):
                found.append(f"has a style attribute that fetches or runs something on <{tag}>")
            elif tag == "img" and name in ("src", "srcset"):
                if not site_url or not all(url.strip().startswith(site_url) for url in value.split(",")):
                    found.append(f"loads an image from elsewhere than the site ({value[:60]})")
            elif name in URL_ATTRIBUTES:
                scheme = SCHEME.match(value)
                if not scheme or scheme.group(1).lower() not in EMAIL_SCHEMES:
                    found.append(f"has `{value[:60]}` in {name} of <{tag}>: only absolute http, https or mailto addresses")
    return found
