"""The knowledge model of the weekly: load, validate and query issues, items,
signals, watch entries, topics and entities.

Plain Python on purpose: nothing here imports mkdocs, so the site generator
can be replaced without touching the model (see mkdocs_kb/ for the site plugin).
"""
from .catalog import Catalog
from .catalog_cache import CatalogCache
from .loading import load_catalog
from .problems import ContentError, Problem

__all__ = ["Catalog", "CatalogCache", "ContentError", "Problem", "load_catalog"]
