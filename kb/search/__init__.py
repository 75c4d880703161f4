"""Site search, in one place: how text is searched (Chinese pairs, versions), what each page's and item's
record holds (filters, metadata, names), the tuned knobs of both sides (kb.search.ranking), and the index
written with Pagefind.

Owns: every ranking rule, which files of the index folder are the index's (kb.search.bundle), and the one seam
to Pagefind: kb.search.pagefind_service (its Python API) and kb.search.pagefind_format (its files), which no
other module reads or writes (tests/test_pagefind_contract.py checks the seam against the installed Pagefind).
May import: kb.base, kb.project, kb.markup, kb.model.
"""
