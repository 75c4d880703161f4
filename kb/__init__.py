"""The knowledge model of the weekly: load, validate and query issues, items,
signals, watch entries, topics and entities.

Plain Python on purpose: nothing here imports mkdocs, so the site generator
can be replaced without touching the model (see macros/ for the thin layer).
"""
from .catalog import Catalog, load_catalog
from .problems import ContentError, Problem

__all__ = ["Catalog", "ContentError", "Problem", "load_catalog"]
