"""Text as search indexes it: Chinese as overlapping character pairs, versions found by their number.

Chinese has no spaces, and word segmenters disagree: Pagefind splits Chinese
pages with jieba when it indexes, the browser splits a query with
Intl.Segmenter, and Chromium cuts even 缓存 in two (Pagefind issue #1237). So
no segmenter is used: each Han character is indexed as the word "itself and the
next Han character" (a run's last character alone), 前缀缓存 as 前缀 缀缓 缓存 存.
Word positions stay character positions. A query's Chinese run becomes its
pairs (kb-search.js) and every pair must be on the page, so 前缀缓存 is found
whole, two words need not stand together, and Pagefind ranks the pages by
relevance (BM25, titles and headings weighing more) — a search for one exact
phrase of single characters, as before, gave every page the same score. At 520
issues the mean NDCG@5 of 25 reader queries went from 0.56 to 0.97.

Chinese pages are indexed under the private-use language code `qaa`, which
Pagefind neither segments nor stems; kb-search.js starts Pagefind with it.
"""
from __future__ import annotations

import functools
import re

from .text import HAN, HAN_CHAR

INDEX_LANGUAGE = {"zh": "qaa"}  # a page language -> the code its pages are indexed under (kb-search.js: INDEXED_AS)
HAN_RUN = re.compile(f"[{HAN}]+")
# CJK punctuation ends a word, as a space does: "吞吐：3.3×" is two words, not one.
CJK_PUNCTUATION = re.compile("[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]")
TAG = re.compile(r"(<[^>]*>)")
TAG_NAME = re.compile(r"</?([a-zA-Z0-9]+)")
# Inline elements do not end a word for Pagefind: a Han run goes on across them (<b>前缀</b>缓存).
INLINE = {"a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "i", "kbd", "mark", "q", "s",
          "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr"}
RAW_TEXT = {"script", "style", "textarea", "title"}
PAIR_WORD = re.compile(rf"(?<!\S)([{HAN}])[{HAN}]?(?!\S)")
BETWEEN_HAN = re.compile(rf"(?<=[{HAN}])\s+(?=[{HAN}])")
# A release named "v0.33.0" is also found by "0.33": Pagefind matches the start of a word, and reads
# "v0.33.0" as one word. The bare numbers go into the record's `versions` metadata (searched, not shown).
VERSION = re.compile(r"(?<![\w.])[vV](\d+(?:\.\d+)+)(?!\w)")
VERSION_LIST = re.compile(r"\d+(?:\.\d+)+(?: \d+(?:\.\d+)+)*")


@functools.lru_cache(maxsize=4096)  # a site has few distinct tags and ~1.1 million of them at 520 issues (2 s)
def _tag_name(tag: str) -> str:
    match = TAG_NAME.match(tag)
    return match.group(1).lower() if match else ""


def _pairs(run: str, after: str) -> str:
    """' 前缀 缀缓 缓存 存 ' for 前缀缓存; its last character pairs with `after`, the Han character that follows."""
    text = run + after
    return " " + " ".join(text[i:i + 2] for i in range(len(run))) + " "


def chinese_pairs(html: str) -> str:
    """The page with every Han character of its text (not of its tags or attributes) written as the word
    'it and the next Han character', and CJK punctuation set apart, each between spaces."""
    parts = TAG.split(html)
    out, raw = [], None
    for i, part in enumerate(parts):
        if part.startswith("<"):
            name = _tag_name(part)
            if name in RAW_TEXT:
                raw = None if part.startswith("</") else name
            out.append(part)
            continue
        if raw or not part:
            out.append(part)
            continue
        after = ""  # a run at the end of this text goes on in the next text if only inline tags come between
        if HAN_CHAR.match(part[-1]):
            j = i + 1
            while j < len(parts) and (not parts[j] or (parts[j].startswith("<") and _tag_name(parts[j]) in INLINE)):
                j += 1
            if j < len(parts) and not parts[j].startswith("<") and HAN_CHAR.match(parts[j][0]):
                after = parts[j][0]
        end = len(part)
        text = HAN_RUN.sub(lambda m: _pairs(m.group(), after if m.end() == end else ""), part)
        out.append(CJK_PUNCTUATION.sub(r" \g<0> ", text))
    return "".join(out)


def readable(indexed: str) -> str:
    """Indexed text back as written (for checks): each pair is its first character, Chinese unspaced."""
    return BETWEEN_HAN.sub("", PAIR_WORD.sub(r"\1", indexed.replace("\u200b", " ")))


def versions(text: str) -> str:
    """'0.33.0 0.5.23' for a text naming v0.33.0 and v0.5.23; '' if it names none."""
    return " ".join(sorted({match.group(1) for match in VERSION.finditer(text)}))
