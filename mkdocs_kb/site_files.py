"""What a build writes once every language is written, beside the pages, and the firewall over the whole site.

The feeds (each issue's email and the share cards are in the site by then: emails_and_cards.py), the open
data export, the claims data, the search vocabulary; each language home's sitemap. Then, last, the firewall: whatever got
past the checker and the sanitizer, nothing unsafe leaves the build (kb.publish.firewall). mkdocs_kb/build.py
says when, with the search index made beside them.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from kb import Catalog
from kb.project import layout
from kb.project.theme import Theme
from kb.publish.cards import card_files
from kb.publish.export import write_export
from kb.publish.feeds import write_feeds
from kb.publish.firewall import Firewall
from kb.render.claims_data import write_claims_data
from kb.search.records import write_search_vocabulary

from .config import KbConfig
from .language_links import site_path


def write_site_files(catalog: Catalog, site: Path, config: MkDocsConfig, site_names: dict[str, str],
                     glossary: dict[str, str]) -> None:
    """Feeds, export, claims data and search vocabulary: records and strings, none reading another's files.
    In this process: a forked copy writing the export read the whole catalog, and so copied most of the memory it
    shared, beside Pagefind still indexing the last language, which took a build's peak over its budget, for no
    time saved (measured: bench/README.md, mkdocs_kb/site_files.py)."""
    write_export(catalog, site / layout.EXPORT_DIR, config.site_url or "")
    write_feeds(catalog, site, config.site_url, site_names)
    write_claims_data(catalog, site)
    write_search_vocabulary(catalog, site, glossary)


def copy_language_sitemaps(site: Path) -> None:
    """Material's script reads each language home's sitemap.xml; mkdocs writes only the root one, which lists
    the pages of every language."""
    for lang in layout.LANGUAGES:
        home = site / layout.language_home(lang)
        if home != site and home.is_dir():
            shutil.copyfile(site / "sitemap.xml", home / "sitemap.xml")


def site_firewall(catalog: Catalog, config: MkDocsConfig, settings: KbConfig, built_pages: dict[str, str],
                  docs: Path | None, split: bool, policy: str) -> Firewall:
    """The firewall over the site `config` built: `built_pages` (HTML file -> the page it is built from) are the
    only HTML it lets out; `docs`, the folder pages come from; `split`, whether it may fork; `policy`, the
    Content-Security-Policy the pages carry."""
    theme = Theme(tuple(Path(folder) for folder in config.theme.dirs))
    return Firewall(Path(config.site_dir), theme, built_pages, list(catalog.topics), site_path(config.site_url), docs,
                    split=split, site_url=settings.public_url or config.site_url, cards=card_files(catalog),
                    policy=policy, entities=list(catalog.entities))
