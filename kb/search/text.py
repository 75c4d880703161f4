"""Text as search indexes it: Chinese as overlapping character pairs, versions found by their number.

Chinese has no spaces, and word segmenters disagree: Pagefind splits Chinese
pages with jieba when it indexes, the browser splits a query with
Intl.Segmenter, and Chromium cuts even 缓存 in two (Pagefind issue #1237). So
no segmenter is used: each Han character is indexed as the word "itself and the
next Han character" (a run's last character alone), 前缀缓存 as 前缀 缀缓 缓存 存.
Word positions stay character positions. A query's Chinese run becomes its
pairs (kb-search/) and every pair must be on the page, so 前缀缓存 is found
whole, two words need not stand together, and Pagefind ranks the pages by
relevance (BM25, titles and headings weighing more) — a search for one exact
phrase of single characters, as before, gave every page the same score (the
reader queries' NDCG: bench/README.md, README.md and CONTRIBUTING).

Chinese pages are indexed under the private-use language code `qaa`, which
Pagefind neither segments nor stems; kb-search/ starts Pagefind with it.
"""
from __future__ import annotations

import bisect
import html as htmllib
import re
import unicodedata

from kb.base.messages import Message, msg
from kb.base.text import HAN, abbreviations

# A page language -> the code its pages are indexed under (the search box: kb-search/settings.js, INDEXED_AS)
INDEX_LANGUAGE = {"zh": "qaa"}
# Inside a word, not between words: versions, names and figures stay whole (0.33, llama.cpp, `3.3×`).
INCLUDED_CHARACTERS = ".×"
HAN_RUN = re.compile(f"[{HAN}]+")
# CJK punctuation ends a word, as a space does: `吞吐：3.3×` is two words, not one.
CJK_PUNCTUATION = re.compile("[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]")
# Inline elements do not end a word for Pagefind: a Han run goes on across them (<b>前缀</b>缓存).
INLINE = {"a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "i", "kbd", "mark", "q", "s",
          "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr"}
RAW_TEXT = {"script", "style", "textarea", "title"}
PAIR_WORD = re.compile(rf"(?<!\S)([{HAN}])[{HAN}]?(?!\S)")
BETWEEN_HAN = re.compile(rf"(?<=[{HAN}])\s+(?=[{HAN}])")
# A release named "v0.33.0" is also found by "0.33": Pagefind matches the start of a word, and reads
# "v0.33.0" as one word. The bare numbers go into the record's `versions` metadata (searched, not shown).
VERSION = re.compile(r"(?<![\w.])[vV](\d+(?:\.\d+)+)(?!\w)")
NAME_PARTS = re.compile(r"[()（）,，、;；]")  # "首 token 延迟（time to first token）" names TTFT twice


# What chinese_pairs rewrites, found in one pass over the page: a Han run or a CJK punctuation mark, each
# then checked to stand in text (not in a tag, nor in a raw-text element): faster than splitting the page at
# every tag (measured: bench/README.md, kb/search/text.py).
REWRITTEN = re.compile(f"([{HAN}]+)|{CJK_PUNCTUATION.pattern}")
RAW_TAG = re.compile(rf"<(/?)(?:{'|'.join(RAW_TEXT)})(?![a-zA-Z0-9])[^<>]*+>", re.I)  # a tag holds no `<` (escaped)
# After a run: inline tags, then the Han character the run goes on with
# (Not after a `>`: searched, a run of tags is read from its first only, not again from each; a tag holds no `<`,
# which built pages escape in attribute values.)
INLINE_THEN_HAN = re.compile(
    rf"(?<!>)(?:</?(?:{'|'.join(sorted(INLINE, key=len, reverse=True))})(?![a-zA-Z0-9])[^<>]*+>)++([{HAN}])", re.I)


def _pairs(run: str, after: str) -> str:
    """' 前缀 缀缓 缓存 存 ' for 前缀缓存; its last character pairs with `after`, the Han character that follows."""
    return " " + " ".join(map(str.__add__, run, run[1:] + (after or " "))).rstrip() + " "


def _raw_spans(html: str) -> list[tuple[int, int]]:
    """Where raw text stands: from an opening <script>, <style>, <textarea> or <title> to the next such tag."""
    spans, start = [], None
    for tag in RAW_TAG.finditer(html):
        if start is not None:
            spans.append((start, tag.start()))
        start = None if tag.group(1) else tag.end()
    if start is not None:
        spans.append((start, len(html)))
    return spans


def _within(spans: list[tuple[int, int]], at: int) -> bool:
    i = bisect.bisect_right(spans, (at, len(spans) and spans[-1][1] + 1)) - 1
    return i >= 0 and spans[i][0] <= at < spans[i][1]


def chinese_pairs(html: str) -> str:
    """The page with every Han character of its text (not of its tags or attributes) written as the word
    'it and the next Han character', and CJK punctuation set apart, each between spaces."""
    raw = _raw_spans(html)
    out, cut = [], 0
    for match in REWRITTEN.finditer(html):
        start, end = match.span()
        opened = html.rfind("<", 0, start)
        if opened > html.rfind(">", 0, start) and html.find(">", end) >= 0:
            continue  # in a tag
        if raw and _within(raw, start):
            continue
        out.append(html[cut:start])
        cut = end
        run = match.group(1)
        if run is None:
            out.append(f" {match.group()} ")
            continue
        # a run goes on in the next text if only inline tags come between (<b>前缀</b>缓存)
        after = INLINE_THEN_HAN.match(html, end) if html.startswith("<", end) else None
        out.append(_pairs(run, after.group(1) if after else ""))
    out.append(html[cut:])
    return "".join(out)


def readable(indexed: str) -> str:
    """Text of a Chinese (paired) record back as written (for checks): each pair is its first character, Chinese
    unspaced. Only for records indexed in pairs (`is_paired`): it would cut an unpaired 关于 to 关."""
    return BETWEEN_HAN.sub("", PAIR_WORD.sub(r"\1", indexed.replace("\u200b", " ")))


def is_paired(lang: str) -> bool:
    """Whether a page whose <html lang> is `lang` is indexed as character pairs: the language of the page as
    built, not of its source (an English page shown in Chinese, untranslated, is indexed as English)."""
    return lang.split("-")[0].lower() in INDEX_LANGUAGE


def as_indexed(text: str, lang: str) -> str:
    """Plain text as a page in `lang` has it indexed (its Chinese as pairs if `is_paired`), whitespace dropped:
    what a record's title read as text must be. Written forward, never read back: `readable` cannot tell an
    English page's 关于 from a pair."""
    if is_paired(lang):
        text = htmllib.unescape(chinese_pairs(htmllib.escape(text, quote=False)))
    return "".join(text.replace("\u200b", " ").split())


def versions(text: str) -> str:
    """'0.33.0 0.5.23' for a text naming v0.33.0 and v0.5.23; '' if it names none."""
    return " ".join(sorted({match.group(1) for match in VERSION.finditer(text)}))


def as_typed(text: str) -> str:
    """Text as kb-search/ compares a query with the aliases of data/terms.yml (asWritten): NFKC, lower
    case, so `ｓｐｅｃｕｌａｔｉｖｅ Sampling` is `speculative sampling`."""
    return unicodedata.normalize("NFKC", text).lower()


def name_key(text: str) -> str:
    """What two names or aliases must not share: their text as search reads it (as_typed), case-folded
    too, so names a reader cannot tell apart in a query (`Straße`, `STRASSE`) count as one."""
    return as_typed(text).casefold()


def squashed(text: str) -> str:
    """Text as a query is matched to a glossary name: NFKC, lower case, letters and digits only
    (kb-search/query.js: squash), so "首 token 延迟" and "首token延迟" are one name."""
    return "".join(char for char in as_typed(text) if char.isalnum())


def glossary_names(glossary: str) -> dict[str, str]:
    """What a reader may type for each abbreviation of a language's glossary (snippets/abbreviations*.md):
    its whole expansion and each part set apart by brackets or commas, squashed -> the abbreviation.
    kb-search/ searches the abbreviation for a query that is one of these names, so "time to first
    token" finds the pages that write TTFT. The expansions are not indexed: "the attention cache" on
    every page that writes KV would make each of those pages a result for "attention"."""
    names: dict[str, str] = {}
    for _, abbreviation, expansion in abbreviations(glossary):
        for key, _ in _names_of(abbreviation, expansion):
            names.setdefault(key, abbreviation)  # the first abbreviation a name expands keeps it (glossary_clashes)
    return names


def _names_of(abbreviation: str, expansion: str) -> list[tuple[str, str]]:
    """(squashed, as written) of each name of an abbreviation: its expansion and each part of it."""
    names: dict[str, str] = {}
    for name in (expansion, *NAME_PARTS.split(expansion)):
        names.setdefault(squashed(name), name.strip())
    return [(key, name) for key, name in names.items() if len(key) > 1 and key != squashed(abbreviation)]


def glossary_clashes(glossary: str) -> list[tuple[int, Message, str]]:
    """(line, what is wrong, the text at fault) for an abbreviation a glossary defines twice (pages show only the last), and
    for a name two abbreviations share (search takes it for the first only: glossary_names)."""
    problems, defined, named = [], {}, {}
    for line, abbreviation, expansion in abbreviations(glossary):
        if abbreviation in defined:
            problems.append((line, msg("glossary-defined-again", abbreviation=abbreviation, line=defined[abbreviation]),
                             abbreviation))
            continue
        defined[abbreviation] = line
        for key, name in _names_of(abbreviation, expansion):
            first, first_line = named.setdefault(key, (abbreviation, line))
            if first != abbreviation:
                problems.append((line, msg("glossary-name-shared", name=name, first=first, line=first_line), name))
    return problems
