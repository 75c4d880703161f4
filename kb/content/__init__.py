"""Reading the archive from disk and checking it: each file validated on its own, then together
(cross-references, names, figures, typography, publication history), into a Catalog — or a list of problems.

Owns: `kb check`'s rules and how problems are reported; load_catalog and its cache.
May import: kb.base, kb.project, kb.markup, kb.model, kb.search (how a name is searched).
"""
