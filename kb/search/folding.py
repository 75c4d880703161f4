"""Traditional Chinese folded to simplified for search: OpenCC's own tables, made at build time into the small
table the search box folds a query with (kb-search/query.js: fold).

The browser cannot run OpenCC, and its whole tables (4,000 characters, thousands of phrases) are more than a query
needs: the table keeps what a query may meet and the index may hold. A character is kept when OpenCC's Taiwan to
mainland conversion (its `tw2sp` configuration: the regional phrases of TWPhrasesRev, 記憶體 → 内存, then the
traditional-simplified phrases and characters) changes it into characters the Chinese pages write; a phrase, when
that conversion writes it otherwise than its characters one by one would (記憶體 is 内存, not 记忆体) and the pages
write what it becomes. The query is folded by the longest phrase at each place, else character by character,
as OpenCC segments.
"""
from __future__ import annotations

import re
import subprocess
import tempfile
from functools import cache
from pathlib import Path

from kb.base.text import HAN

CONFIG = "tw2sp"  # Taiwan (and Hong Kong's shared characters) to mainland simplified, with regional phrases
# The phrase dictionaries of CONFIG's conversion chain (opencc/clib/share/opencc/tw2sp.json), read for their keys.
PHRASE_TABLES = ("TWPhrasesRev", "TWVariantsRevPhrases", "TSPhrases")
# Its character dictionaries, read for their keys: the only characters it may change.
CHARACTER_TABLES = ("CJK_Compatibility_Ideographs", "TWVariantsRev", "TSCharacters", "TSCharactersExt")
HAN_RUN = re.compile(f"[{HAN}]+")


def _converter():
    import opencc  # only where a site is built: the rest of kb runs without it

    return opencc.OpenCC(CONFIG)


@cache
def _opencc_tables() -> tuple[dict[str, str], dict[str, str]]:
    """(character -> simplified, phrase -> simplified) of every character and phrase CONFIG changes."""
    import opencc

    convert = _converter().convert
    share = Path(opencc.__file__).parent / "clib" / "share" / "opencc"
    tool = Path(opencc.__file__).parent / "clib" / "bin" / "opencc_dict"  # the package's own dictionary tool
    chars, phrases = {}, {}
    with tempfile.TemporaryDirectory() as work:
        def keys(table: str) -> list[str]:
            out = Path(work) / f"{table}.txt"
            subprocess.run([str(tool), "-i", str(share / f"{table}.ocd2"), "-o", str(out), "-f", "ocd2", "-t", "text"],
                           check=True, capture_output=True)
            return [line.split("\t", 1)[0] for line in out.read_text(encoding="utf-8").splitlines()]

        # the characters CONFIG's character tables change, converted by CONFIG itself (its variants first)
        for char in {key for table in CHARACTER_TABLES for key in keys(table) if len(key) == 1}:
            if (simple := convert(char)) != char:
                chars[char] = simple
        for table in PHRASE_TABLES:
            for phrase in keys(table):
                simple = convert(phrase)
                if len(phrase) > 1 and simple != "".join(chars.get(c, c) for c in phrase):
                    phrases[phrase] = simple
    return chars, phrases


def fold_table(texts) -> dict:
    """The table kb-search/ folds a query by, for the Chinese pages' `texts` (their text, any markup): `chars`, a
    string of (traditional, simplified) character pairs; `phrases`, phrase -> simplified. Only what turns into
    what the texts write."""
    runs = {run for text in texts for run in HAN_RUN.findall(text)}
    written = set("".join(runs))
    joined = "\n".join(runs)
    chars, phrases = _opencc_tables()
    kept = "".join(t + s for t, s in sorted(chars.items()) if len(s) == 1 and s in written)
    return {"chars": kept, "phrases": {t: s for t, s in sorted(phrases.items()) if s in joined}}


def fold(text: str, table: dict) -> str:
    """`text` folded as kb-search/query.js folds a query (for tests and checks): the longest phrase at each place,
    else each character."""
    chars = dict(zip(table["chars"][::2], table["chars"][1::2]))
    longest = max(map(len, table["phrases"]), default=0)
    out, at = [], 0
    while at < len(text):
        for size in range(min(longest, len(text) - at), 1, -1):
            if (simple := table["phrases"].get(text[at:at + size])) is not None:
                out.append(simple)
                at += size
                break
        else:
            out.append(chars.get(text[at], text[at]))
            at += 1
    return "".join(out)
