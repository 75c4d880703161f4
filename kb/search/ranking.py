"""The tuned knobs of search, both sides, in one place: what the index is built with (here, in Python) and
what the search box ranks and shows with (overrides/assets/kb-search.js, which reads `browser_ranking()` from
the search box's data-kb-ranking attribute: overrides/partials/search.html, kb.search.records.search_box).

Each was chosen by measuring at 520 and 1,040 issues with bench/run.py; bench/README.md ("Search: the figures
behind kb/search's constants") keeps the figures. Change one only with a new measurement there.
"""
from __future__ import annotations

# ---- the index (kb.search.index, kb.search.bundle) -------------------------------------------------------

# A hub's or an entity page's own aliases weigh as its title: Pagefind's default weight of an <h1>.
NAME_WEIGHT = 7
# Records of one language handed to one Pagefind index (a run), in bytes of the HTML Pagefind reads. Pagefind
# holds a whole run in memory, at many times its text, and runs beside the build: small runs keep the build
# and Pagefind together under 1 GiB at 1,040 issues. Each run costs a first query one more word chunk per term.
SHARD_BYTES = 4 * 2**20
# A word chunk's CBOR before gzip. A query fetches one chunk per term from every run; Pagefind's own are
# about four times this size, most of it words the query does not need.
CHUNK_BYTES = 16_000

# ---- the browser (kb-search.js) ---------------------------------------------------------------------------

# Pagefind's ranking options. Issue pages are long by nature (items, figures): a softer length penalty than
# Pagefind's default (0.75) keeps them from ranking below short pages (the best of a sweep).
RANKING = {"pageLength": 0.2}
ADJACENCY = 1  # extra weight of a page holding the query's words side by side (1 doubles its score)
EXCERPT = 30  # words of a result's excerpt (a Chinese character is a word)
SHOWN = 10  # results listed at a time


def browser_ranking() -> dict:
    """What kb-search.js ranks and shows results by, as JSON for the search box's data-kb-ranking attribute:
    `ranking` (Pagefind's ranking options), `adjacency`, `excerpt` (words) and `shown` (results at a time)."""
    return {"ranking": dict(RANKING), "adjacency": ADJACENCY, "excerpt": EXCERPT, "shown": SHOWN}
