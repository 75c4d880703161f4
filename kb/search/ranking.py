"""The tuned knobs of search, both sides, in one place: what the index is built with (kb.search.index and
kb.search.bundle read them here) and what the search box ranks and shows with (KNOBS).

KNOBS, the browser's: how results rank, how much of a page a row shows, when a query is read another way. The
search box carries them to the script (kb.search.records.search_box: `ranking`, overrides/partials/search.html:
data-kb-ranking), whose modules (overrides/assets/kb-search/) take them as parameters; knobs.js checks every one
is there, and refuses one it does not read.
"""
from __future__ import annotations

KNOBS = {
    # Pagefind's own ranking options, passed as they are. Issue pages are long by nature (items, figures): a
    # softer length penalty than Pagefind's default (0.75) keeps them from ranking below short pages (the best
    # of a sweep; measured: bench/README.md, kb/search/ranking.py).
    "pagefind": {"pageLength": 0.2},
    # A page holding the query's words side by side weighs up to 1 + weight times its Pagefind score (1: double);
    # words within `slack` more (的, a comma) count `slack_weight` of that.
    "adjacency": {"weight": 1, "slack": 3, "slack_weight": 0.5},
    # Rows listed at a time; a query finding fewer is also searched with its Chinese words apart (`split`).
    "shown": 10,
    # A row's excerpt: `words` words (a Chinese character is a word), starting `before` words before the
    # closest matches, or after the end of a clause up to `clause` words before that; and up to `sections`
    # headings of the page, those holding the most matches, each with its own excerpt.
    "excerpt": {"words": 30, "before": 8, "clause": 6, "sections": 3},
    # Chinese written without a space (端侧部署): the first run of `shortest` to `longest` characters is also
    # searched as two words, at each place the join may be (a longer run is a phrase copied from a page).
    "split": {"shortest": 4, "longest": 7},
    # A misspelt name (kb.search.records.spelling_words) is read as the name from `shortest` letters (one letter
    # makes another word of a shorter one: 控制器 is no misspelt 控制面), two letters off from `two_slips`.
    "respell": {"shortest": 4, "two_slips": 8},
    # A query that finds nothing whole is searched with the fewest of its words dropped: of a query of up to
    # `words` words, in at most `tries` searches beyond one for each word alone.
    "partial": {"words": 6, "tries": 12},
    # Values of a facet shown, most results first.
    "facet_values": 8,
}

# ---- the index (kb.search.index, kb.search.bundle; measured: bench/README.md, kb/search/ranking.py) ---------

# A hub's or an entity page's own aliases weigh as its title: Pagefind's default weight of an <h1>.
NAME_WEIGHT = 7
# Records of one language handed to one Pagefind index (a run), in bytes of the HTML Pagefind reads. Pagefind
# holds a whole run in memory, at many times its text, and runs beside the build: small runs keep the build and
# Pagefind together under the memory target of issue 14. Each run costs a first query one more word chunk per
# term.
SHARD_BYTES = 4 * 2**20
# A word chunk's CBOR before gzip. A query fetches one chunk per term from every run; Pagefind's own chunks are
# about four times this size, most of it words the query does not need.
CHUNK_BYTES = 16_000
