"""Site search, in one place: how text is searched (Chinese pairs, versions), what each page's and item's
record holds (filters, metadata, names), and the index written with Pagefind.

Owns: every ranking rule and the one seam to Pagefind.
May import: kb.base, kb.project, kb.markup, kb.model.
"""
