"""What an issue's email (kb.publish.email_issue) may hold, checked by the output firewall (kb.publish.firewall).

The same rules as the pages' (kb.publish.html_rules) where a mail client is a browser: no script, no event handler,
no element that embeds, redirects or sends; and stricter where it is not: every link absolute (http, https
or mailto: a mail client has no page to resolve a relative one against), images only from the site itself,
CSS only inline or in the one <style> of the head (dark mode), with nothing it could fetch.
Also the share cards' (kb.publish.cards), the site's other generated binary files: a PNG of their size, pixels only.
"""
from __future__ import annotations

import re
import struct
import zlib
from email import policy
from email.parser import BytesParser

from selectolax.lexbor import LexborHTMLParser

from kb.publish.html_rules import FORBIDDEN_ELEMENTS, IGNORED_IN_URL, SCHEME, URL_ATTRIBUTES

EMAIL_SCHEMES = {"http", "https", "mailto"}
REFUSED_ELEMENTS = (FORBIDDEN_ELEMENTS - {"style"}) | {"script", "form", "link", "input", "button", "textarea", "svg"}
FETCHING_CSS = re.compile(r"url\s*\(|@import|expression\s*\(|behavio(?:u)?r\s*:|-moz-binding", re.IGNORECASE)


def email_problems(data: bytes, site_url: str | None) -> list[str]:
    """What is wrong with the .eml `data`: its structure (multipart/alternative of text then HTML, nothing
    attached), then its HTML. `site_url`: where images may come from (none when it is not known)."""
    try:
        # compat32 keeps each header as its text, where the default policy parses every header into an object each
        # time it is read, which was most of the check (measured: bench/README.md, kb/publish/email_rules.py); the
        # parts are read as EmailMessage.get_content reads them: decoded, then read in their charset, replacing
        # what does not decode
        message = BytesParser(policy=policy.compat32).parsebytes(data)
        parts = message.get_payload() if message.is_multipart() else []
        types = [part.get_content_type() for part in parts]
        if message.get_content_type() != "multipart/alternative" or types != ["text/plain", "text/html"]:
            return [f"is not a multipart/alternative of text/plain and text/html ({message.get_content_type()}: {types})"]
        _, markup = (part.get_payload(decode=True).decode(part.get_param("charset", "ASCII"), errors="replace")
                     for part in parts)
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


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_CHUNKS = {b"IHDR", b"PLTE", b"IDAT", b"IEND", b"tRNS"}  # pixels only: no text, no profile, no time


def png_problems(data: bytes, size: tuple[int, int]) -> list[str]:
    """A share card (kb.publish.cards): a valid PNG of exactly `size`, holding pixels and nothing else."""
    if not data.startswith(PNG_SIGNATURE):
        return ["is not a PNG image"]
    found, offset, kinds = [], len(PNG_SIGNATURE), []
    while offset + 12 <= len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if len(body) != length or struct.unpack(">I", data[offset + 8 + length:offset + 12 + length] or b"\0" * 4)[0] != \
                zlib.crc32(kind + body):
            return ["is a damaged PNG (a chunk is cut short or fails its checksum)"]
        kinds.append(kind)
        offset += 12 + length
    if not kinds or kinds[0] != b"IHDR" or kinds[-1] != b"IEND" or offset != len(data):
        return ["is not a complete PNG (IHDR first, IEND last, nothing after)"]
    width, height = struct.unpack(">II", data[16:24])
    if (width, height) != size:
        found.append(f"is {width}×{height}, not the {size[0]}×{size[1]} of a share card")
    found += [f"holds a `{kind.decode('latin-1')}` chunk: a share card holds pixels only" for kind in kinds
              if kind not in PNG_CHUNKS]
    return found
