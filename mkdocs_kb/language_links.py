"""The language switch, made to work at any address the site is served from.

mkdocs-static-i18n links home pages as absolute paths ("/en/"), which break
when the site is served from a sub-path or opened from disk; and it leaves the
404 page the alternates of whichever page was built last.
"""
from __future__ import annotations

from urllib.parse import urlsplit


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
