"""The language switch and the hreflang alternates, made to work at any address the site is served from.

mkdocs-static-i18n links home pages as absolute paths ("/en/"), which break
when the site is served from a sub-path or opened from disk; and it leaves the
404 page the alternates of whichever page was built last.

Its alternates (config.extra.alternate: each language's counterpart of the page) are the one source of both the
switch in the header and the page's `<link rel="alternate" hreflang>`: `hreflang_links` turns them into the head's
links, x-default naming the default language's counterpart. The switch's script (overrides/assets/kb-language.js)
keeps the reader's anchor and query on it, and answers what Material's script asks of exact alternates.
"""
from __future__ import annotations

from urllib.parse import urljoin, urlsplit

from mkdocs.structure.pages import Page
from mkdocs.utils import normalize_url


def site_path(site_url: str | None) -> str:
    """The path the site is served under: "" at a host's root, "/project" under a sub-path."""
    return urlsplit(site_url or "").path.rstrip("/")


def relative_home_links(alternates: list[dict], site_url: str | None) -> None:
    """Make absolute alternate links ("/en/") site-relative, as every other page's are.

    The theme's `url` filter then makes them relative to the page.
    """
    prefix = site_path(site_url)
    for alternate in alternates:
        link = alternate.get("link", "")
        if link.startswith("/"):
            alternate["link"] = link.removeprefix(prefix).lstrip("/") or "."


def homes_for_404(alternates: list[dict], homes: dict[str, str], site_url: str | None) -> None:
    """404.html is served at any depth: its language switch leads to each home page, by absolute path."""
    prefix = site_path(site_url)
    for alternate in alternates:
        alternate["link"] = f"{prefix}{homes[alternate['lang']]}"


def hreflang_links(alternates: list[dict], default: str, public_url: str | None,
                   page: Page | None = None) -> list[tuple[str, str]]:
    """(hreflang, href) of each language's counterpart, then x-default (the default language's): absolute at the
    site's public address; else relative to `page` (site-relative links, as relative_home_links leaves them), or
    as written (the 404 page's absolute paths, from homes_for_404)."""
    links = []
    for alternate in alternates:
        link = alternate["link"]
        if public_url:
            href = urljoin(public_url, link)
        else:
            href = link if link.startswith("/") or page is None else normalize_url(link, page)
        links.append((alternate["lang"], href))
    return links + [("x-default", href) for lang, href in links if lang == default]
