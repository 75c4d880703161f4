"""mkdocs hooks that mend what the theme and i18n plugin do not do for us."""
from __future__ import annotations

from urllib.parse import urlsplit

from mkdocs.plugins import event_priority


@event_priority(-100)  # after mkdocs-static-i18n (priority 50) has set the links
def on_page_context(context, page, config, nav):
    """Make the language switch of home pages relative, like every other page's.

    mkdocs-static-i18n links home pages as absolute paths ("/en/"), which break
    when the site is served from a sub-path or opened from disk. The theme's
    `url` filter turns a site-relative path into one relative to the page.
    """
    site_path = urlsplit(config.site_url or "").path.rstrip("/")
    # the i18n plugin sets it as an attribute, which is what templates read
    for alternate in getattr(config.extra, "alternate", None) or []:
        link = alternate.get("link", "")
        if link.startswith("/"):
            alternate["link"] = link.removeprefix(site_path).lstrip("/") or "."
    return context
