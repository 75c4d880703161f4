"""Addresses that lead where they say: the host a reader reads is the host a browser opens.

Two pure functions, for every address content may write (the `url` of data/*.yml through kb.model.fields, and
each link of a page body, whatever reads it):

- `url_problem(url)`: what is deceptive in an address. User info (`https://github.com@evil.example/`
  opens evil.example), and hosts that can pass for another: a host must be written in ASCII. A host in
  other letters (`gіthub.com`, with a Cyrillic `і`) is refused, and the message gives its IDNA form
  (`xn--gthub-n2e.com`) to write if it is really the address meant: the reviewer then sees the form no
  font can disguise, and the site shows that form. An IDNA label (`xn--…`) is decoded and refused if it
  mixes scripts (kb.base.names.mixed_scripts) or reads as a plain ASCII label (a whole word in Cyrillic that
  looks Latin), as browsers do before they show a host in Unicode.
- `link_text_problem(text, url)`: link text that is an address, or looks like a host (`github.com/vllm`,
  `www.example.com`), must name the host the link opens (`www.` aside).

Both return None where nothing is wrong, and judge only what they can: `url_problem` an absolute
address (a relative link or `mailto:` has no host to disguise), `link_text_problem` a text that names
a host. Browsers read `https:evil.example` and `https:\\\\evil.example` as `https://evil.example`, and
drop tabs and line breaks anywhere in an address: so do these.
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import idna

from kb.base.messages import Message, msg
from kb.base.names import mixed_scripts, said, skeleton

# Schemes whose addresses have a host even when `//` is left out (the WHATWG URL standard's special schemes).
SPECIAL = ("http", "https", "ftp", "ws", "wss")
# An address as a browser reads it, for every rule that looks at one (kb.markup.content_markup on what content makes,
# kb.publish.html_rules on built pages): the schemes allowed, its scheme read from its start (after dropping what
# browsers ignore: C0 controls and spaces before it, tabs and newlines anywhere), and whether it leads to another
# site (a scheme, or protocol-relative `//`). Read from its start only (`\A`): searched from every letter of a
# long run without a colon, a pattern would take time quadratic in it.
SAFE_SCHEMES = ("http", "https", "mailto")
SCHEME = re.compile(r"\A([A-Za-z][A-Za-z0-9+.-]*+):")
IGNORED_IN_URL = re.compile(r"[\x00-\x20\x7f]")
OUTSIDE = re.compile(r"\A(?:[A-Za-z][A-Za-z0-9+.-]*+:|[/\\]{2})")
ABSOLUTE = re.compile(r"\A(?:[A-Za-z][A-Za-z0-9+.-]*+:)?//")
DROPPED = re.compile(r"[\t\n\r]")
HOST_CHARACTERS = re.compile(r"[a-z0-9._-]+|[0-9a-f:.]+")  # a name, or an IPv6 address (its brackets dropped)
# Endings a text without `/` or `www.` must have to be read as a host: common top-level domains, and none
# that is also a file's extension (`setup.py`, `README.md`, `run.sh` name files, not hosts).
HOST_ENDINGS = {"com", "org", "net", "io", "ai", "dev", "app", "cn", "edu", "gov", "co", "info", "xyz", "cloud",
                "tech", "site", "hk", "tw", "jp", "kr", "uk", "de", "fr", "eu", "us"}


def url_problem(url: str) -> Message | None:
    """What makes the absolute address `url` lead elsewhere than it reads (None: nothing, or not absolute)."""
    parts = _split(url)
    if parts is None:  # unreadable: Python refuses a host with a character NFKC makes `@`, `/`, `:`... (`﹫`)
        return msg("url-host-invalid", host=url) if ABSOLUTE.match(url.strip()) else None
    if not parts.netloc:
        return None
    if "@" in parts.netloc:
        user_info, _, host = parts.netloc.rpartition("@")
        return msg("url-user-info", user_info=user_info, host=host)
    try:
        host = parts.hostname or ""
    except ValueError:
        host = None
    if not host:
        return msg("url-host-invalid", host=parts.netloc)
    if not host.isascii():
        try:
            written = idna.encode(host, uts46=True).decode("ascii")
        except idna.IDNAError:
            return msg("url-host-invalid", host=host)
        return msg("url-host-unicode", host=host, idna=written)
    if not HOST_CHARACTERS.fullmatch(host):
        return msg("url-host-invalid", host=host)
    for label in host.split("."):
        if label.startswith("xn--"):
            problem = _idna_label_problem(label)
            if problem:
                return problem
    return None


def link_text_problem(text: str, url: str) -> Message | None:
    """Whether `text`, the words of a link to `url`, names another host than the one it opens."""
    named = _named_host(text)
    if named is None:
        return None
    parts = _split(url)
    try:
        host = parts.hostname if parts is not None and parts.netloc else None
    except ValueError:
        host = None
    if not host:
        return msg("link-text-host-here", text=text.strip(), named=named)
    if _same_host(named, host):
        return None
    return msg("link-text-other-host", text=text.strip(), named=named, host=host)


def _split(url: str):
    """`url` as a browser reads it (tabs and line breaks dropped, `https:host` as `https://host`), or None if unreadable."""
    url = DROPPED.sub("", url).strip("\x00 ")
    scheme = SCHEME.match(url)
    if scheme and scheme.group(1).lower() in SPECIAL:
        rest = url[scheme.end():].replace("\\", "/")  # a backslash is a slash in these schemes
        url = f"{scheme.group(1)}://{rest.lstrip('/')}"
    try:
        return urlsplit(url)
    except ValueError:  # a malformed host, like http://[::1
        return None


def _idna_label_problem(label: str) -> Message | None:
    try:
        shown = idna.decode(label)
    except (idna.IDNAError, UnicodeError):
        return msg("url-host-invalid", host=label)
    mixed = mixed_scripts(shown)
    if mixed:
        return msg("url-host-mixed-script", label=label, shown=shown, scripts=said(mixed[1]))
    looks = skeleton(shown)
    if looks.isascii():
        return msg("url-host-looks-ascii", label=label, shown=shown, looks=looks)
    return None


def _named_host(text: str) -> str | None:
    """The host a reader reads in link text (`github.com` in `https://github.com/x` or `github.com/x`), if any."""
    text = text.strip()
    if not text or any(char.isspace() for char in text):
        return None
    scheme = SCHEME.match(text)
    if text.startswith("//") or (scheme and text[scheme.end():].startswith("//")):
        rest = text.split("//", 1)[1]
        authority = re.split(r"[/?#]", rest, maxsplit=1)[0]
        return authority.split("@")[0].split(":")[0] or None  # what is read first, before any `@`
    if scheme or "@" in text:  # `mailto:` or an e-mail address: no host of a link
        return None
    head = re.split(r"[/?#]", text, maxsplit=1)[0].split(":")[0].rstrip(".")
    labels = head.split(".")
    if len(labels) < 2 or not all(label and all(c.isalnum() or c == "-" for c in label) for label in labels):
        return None
    ending = labels[-1].lower()
    if not (ending.isalpha() and len(ending) >= 2):
        return None
    if head.lower().startswith("www.") or head != text.rstrip(".") or ending in HOST_ENDINGS:
        return head
    return None


def _same_host(named: str, host: str) -> bool:
    return _comparable(named) == _comparable(host)


def _comparable(host: str) -> str:
    host = host.lower().rstrip(".").removeprefix("www.")
    if host.isascii():
        return host
    try:
        return idna.encode(host, uts46=True).decode("ascii")
    except idna.IDNAError:
        return host
