"""The kb plugin's settings in mkdocs.yml (`plugins: - kb: {...}`)."""
from __future__ import annotations

from mkdocs.config.base import Config
from mkdocs.config.config_options import URL, Optional, Type


class KbConfig(Config):
    # After the last language is built: the search index, the feeds, the open data
    # export and each language's sitemap. The editor preview turns this off.
    site_files = Type(bool, default=True)
    # The record pages behind the overviews (kb.model.records): every year of a hub, the ledgers' quarters...
    # The editor preview turns them off.
    record_pages = Type(bool, default=True)
    # `mkdocs build` converts every other page of each language in a forked copy of itself, on the machine's
    # second core (mkdocs_kb/split_conversion.py); false converts them all in one process, as mkdocs does.
    split_conversion = Type(bool, default=True)
    # Seconds one page may take to render and convert (mkdocs_kb/budget.py) before the build stops: many times
    # what the largest page takes (bench/README.md).
    page_seconds = Type(int, default=20)
    # Seconds all of one language's pages may take to render and convert, together: build_seconds, plus
    # build_ms_per_page for each page (mkdocs_kb/budget.py): many times what a page takes (bench/README.md).
    build_seconds = Type(int, default=60)
    build_ms_per_page = Type(int, default=100)
    # The repository contributors send changes to (mkdocs.yml reads KB_REPO_URL, which the deploy workflow
    # sets): each page then links the files to edit, its prose and its facts.
    repository = Optional(URL())
    branch = Type(str, default="main")
    # Where readers find the site (mkdocs.yml reads KB_SITE_URL, which the deploy workflow sets). Only when it
    # is known do pages name a canonical and Open Graph URL, and their hreflang alternates are absolute;
    # `site_url` alone falls back to the local preview address, which no page should call its own.
    public_url = Optional(URL(is_dir=True))
