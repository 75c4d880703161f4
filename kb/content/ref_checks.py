"""Refs that would garble the sentence they stand in.

A ref shows a title where it stands alone and a name inside a sentence
(kb.markup.ref_forms, kb.model.ref_labels). Two things are checked on the text
as it renders:
- a ref inside a sentence to an entry with no short name and no words of its
  own has nothing to show (an error: the build refuses it too);
- the text a ref shows repeats the words written beside it ("antirez's
  pure-C antirez open-sources …", "见 vLLM vLLM v0.33.0"): a warning, naming
  the repeated word. A ref that is the whole of a bracket cites what the
  sentence says, and names it: it is not read as part of the sentence.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial

from kb.base.messages import msg
from kb.base.problems import Problem
from kb.base.text import HAN_CHAR
from kb.content.page_memo import PageMemo, refs_shown
from kb.content.reader import ContentReader, dotted
from kb.markup.ref_forms import standalone
from kb.markup.refs import REF
from kb.model.catalog import Catalog
from kb.model.ref_labels import ref_label

LATIN_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+_-]*[A-Za-z0-9]|[A-Za-z0-9]")
HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]+")
SENTENCE_END = re.compile(r"[.!?;:]\s|[。！？；：\n]")
NEAR_WORDS = 4  # Latin words either side of a ref, in its sentence, that it should not repeat
NEAR_HAN = 6  # Han characters either side
COMMON = {"the", "and", "for", "with", "its", "from", "into", "that", "this", "issue"}


def check_ref_wording(reader: ContentReader, catalog: Catalog, memo: PageMemo | None = None) -> None:
    """Both checks on every page's body and on every prose field of its front matter; `memo`: a page is read again
    only when its text or what its refs show changed (kb.content.page_memo)."""
    for key, versions in sorted(reader.pages.items()):
        for lang, page in versions.items():
            if memo is None:
                _check_page(reader, page, lang, catalog)
            else:
                memo.replay("ref-wording", page.path, (lang, page.text, refs_shown(page.text, catalog, lang)),
                            reader.problems, partial(_check_page, reader, page, lang, catalog))


def _check_page(reader: ContentReader, page, lang: str, catalog: Catalog) -> None:
    for match, problem in _problems(page.body, lang, catalog):
        line = page.body_first_line + page.body.count("\n", 0, match.start())
        reader.problems.append(Problem(page.path, line, "body", problem[0], problem[1], found=match.group()))
    for loc, text in _strings(page.meta.data):
        for match, problem in _problems(text, lang, catalog):
            reader.problem(page.meta, loc, dotted(loc), problem[0], problem[1], found=match.group())


def _problems(text: str, lang: str, catalog: Catalog) -> Iterator[tuple[re.Match, tuple]]:
    if "ref(" not in text:
        return
    for match, alone in zip(REF.finditer(text), standalone(text)):
        target = catalog.target(match.group("id"))
        if target is None:
            continue  # an unknown id: refused by the link checks
        try:
            shown = ref_label(target, lang, match.group("text"), alone)
        except LookupError:  # the entry has no text in this language: reported on its own
            continue
        if shown is None:
            page = getattr(getattr(target, "issue", None), "page", "")
            yield match, (msg("ref-needs-short", id=target.id, page=f"docs/{page}"), "error")
        elif not alone and not _cited(text, match):
            word = repeated_word(_sentence_before(text, match.start()), shown, _sentence_after(text, match.end()))
            if word:
                yield match, (msg("ref-repeats-words", shown=shown, word=word, id=target.id), "warning")


def _cited(text: str, match: re.Match) -> bool:
    """The ref is the whole of a bracket, `(…)` or `（…）`: a citation of what the sentence says, which names it."""
    return text[:match.start()].rstrip()[-1:] in ("(", "（") and text[match.end():].lstrip()[:1] in (")", "）")


def repeated_word(before: str, shown: str, after: str) -> str | None:
    """A word of `shown` (a ref's text) that the few words just before or after it in the sentence repeat."""
    before, after = REF.sub(" ", before), REF.sub(" ", after)
    words_before = [_bare(w) for w in LATIN_WORD.findall(before)[-NEAR_WORDS:]]
    near = set(words_before) | {_bare(w) for w in LATIN_WORD.findall(after)[:NEAR_WORDS]}
    shown_words = LATIN_WORD.findall(shown)
    if shown_words and words_before and before.rstrip()[-1:].isalnum() and _bare(shown_words[0]) == words_before[-1]:
        return shown_words[0]  # the word just before is the first the ref shows
    for word in shown_words:
        if len(_bare(word)) >= 3 and _bare(word) not in COMMON and _bare(word) in near:
            return word
    han_near = "".join(HAN_RUN.findall(before))[-NEAR_HAN:] + "|" + "".join(HAN_RUN.findall(after))[:NEAR_HAN]
    for run in HAN_RUN.findall(shown):
        for size in range(min(len(run), 4), 1, -1):
            for start in range(len(run) - size + 1):
                if run[start:start + size] in han_near:
                    return run[start:start + size]
    return None


def _bare(word: str) -> str:
    return word.lower().removesuffix("'s").rstrip(".")


def _sentence_before(text: str, at: int) -> str:
    ends = list(SENTENCE_END.finditer(text, 0, at))
    return text[ends[-1].end():at] if ends else text[:at]


def _sentence_after(text: str, at: int) -> str:
    end = SENTENCE_END.search(text, at)
    return text[at:end.start()] if end else text[at:]


def _strings(data, loc=()) -> Iterator[tuple[tuple, str]]:
    if isinstance(data, str):
        yield loc, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, loc + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _strings(value, loc + (index,))
