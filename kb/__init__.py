"""The knowledge model of the weekly and everything the site makes of it, in layers that import only downward
(declared once, as import-linter contracts in pyproject.toml; `make test` runs them):

- kb.cli       the `kb` command;
- kb.publish   what leaves the build, and the firewall that checks all of it (feeds, export, e-mail, cards);
- kb.render    the generated parts of pages;            kb.content  reading the archive and `kb check`'s rules;
- kb.search    site search: text, records, ranking, the index;
- kb.model     the shape of the content, entries, the catalog;
- kb.markup    what a text may contain (Markdown as the renderer reads it, macros, glossary);
- kb.project   the project's files, folders and languages;
- kb.base      text helpers, problems and their messages, limits, names and addresses.

Plain Python on purpose: nothing here imports mkdocs, so the site generator can be replaced without touching
the model (mkdocs_kb/ is the site plugin; DECISIONS.md says why and what replacing it would cost).
"""
from kb.base.problems import ContentError, Problem
from kb.content.catalog_cache import CatalogCache
from kb.content.loading import load_catalog
from kb.model.catalog import Catalog

__all__ = ["Catalog", "CatalogCache", "ContentError", "Problem", "load_catalog"]
