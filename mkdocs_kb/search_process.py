"""The search index's second process across a build's languages (kb.search.site_index says what it does).

mkdocs-static-i18n builds the default language first, then each other one from inside the default's post-build.
The index is made while they are written: started as the default language's build starts, told as each other
language's starts that the ones before it are written whole, handed each page as mkdocs writes it, and given
the last language once every one is written (mkdocs_kb/build.py). Only a build that writes the site's files
makes one (`site_files`: a preview has no search).
"""
from __future__ import annotations

from pathlib import Path

from kb import Catalog
from kb.search.records import site_search_records
from kb.search.site_index import SiteIndex


class SearchProcess:
    def __init__(self):
        self.index: SiteIndex | None = None  # this build's, while its languages are written

    def language_starts(self, first: bool, site_dir: str, catalog: Catalog) -> None:
        """A language's build starts: the first starts the index over; any other follows languages written whole."""
        if first:
            self.close()  # a rebuild (mkdocs serve) starts over
            self.index = SiteIndex(site_dir, site_search_records(catalog))
        elif self.index is not None:
            self.index.languages_written()

    def page_written(self, path: str) -> None:
        """mkdocs is about to write the page at `path` (site-relative or absolute)."""
        if self.index is not None:
            self.index.page_built(path)

    def take(self, site: Path, catalog: Catalog) -> SiteIndex:
        """Every language is written: the index, no longer kept here (made now if no language started one), for
        the caller to give it the last language, then finish or close it."""
        index, self.index = self.index, None
        return index or SiteIndex(site, site_search_records(catalog))

    def close(self) -> None:
        """Stop the second process, if there is one (a failed build, the end of the command)."""
        if self.index is not None:
            self.index.close()
            self.index = None
