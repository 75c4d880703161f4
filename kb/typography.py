"""House typography, checked as a reader will see the text (refs written out as their titles).

Chinese follows AutoCorrect (`autocorrect-py`), the copywriting linter many
Chinese documentation projects use: full-width punctuation next to Han
characters, a space between Han and Latin letters or digits. Half-width
brackets and quotes beside Han, which AutoCorrect leaves alone, are refused
too. English: "×" for factors, a space between a number and its unit, and
sentence-case titles. Each finding names its file, line and field.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterator

import autocorrect_py as autocorrect

from . import layout
from .forked import in_halves
from .problems import Problem
from .reader import ContentReader, dotted
from .refs import expand_refs
from .safety import CODE_SPAN, FENCE
from .text import HAN

# The site's settings: AutoCorrect's rules, without `space-bracket` (which wants "数字 (注)"; Chinese
# pages here write full-width "数字（注）").
autocorrect.load_config('{"rules": {"space-bracket": 0, "spellcheck": 0}}')

HALF_WIDTH_BESIDE_HAN = re.compile(rf"[{HAN}][(\"]|[)\"][{HAN}]|[{HAN}]\s*[)]|[(]\s*[{HAN}]")
URL = re.compile(r"https?://\S+")
MARKDOWN_LINK = re.compile(r"\[([^\]]*)\]\([^)\s]*\)")  # [text](target): a reader sees the text
LATIN_FACTOR = re.compile(r"\b\d+(?:\.\d+)?x\b")  # 3.3x
UNIT_GLUED = re.compile(r"\b\d+(?:\.\d+)?(?:ms|s|GB|MB|KB|TB|GiB|MiB|W|GHz)\b")  # 6.88s, 80GB
WORD = re.compile(r"[A-Za-z][a-z]+")
PROSE_WORD = re.compile(r"(?<![\w.-])[a-z]{3,}(?![\w.-])")  # not part of an id, a file or a version
STANDING_ALONE = {"zh": re.compile(r"本期|本周"), "en": re.compile(r"\bthis (?:issue|week)\b", re.I)}


def typography_problems(reader: ContentReader, catalog, split: bool = False) -> list[Problem]:
    """Problems of every language's prose, front matter and bodies alike; half of the pages read in a forked
    copy when `split` (kb.forked): it was a third of the 520-issue catalog's load, on one core."""
    vocabulary = _lowercase_words(reader, catalog)
    pages = [(lang, page) for versions in reader.pages.values() for lang, page in versions.items()]
    found = in_halves(pages, lambda job: _page_problems(*job, catalog, vocabulary), split)
    return [problem for problems in found for problem in problems]


def _page_problems(lang: str, page, catalog, vocabulary: set[str]) -> list[Problem]:
    problems = []
    for loc, text in _strings(page.meta.data):
        readable = _as_read(text, catalog, lang)
        for message, found in _text_problems(readable, lang, loc, vocabulary):
            problems.append(Problem(page.path, page.meta.line_holding(loc, found), dotted(loc), message))
    for number, line in _body_lines(page):
        for message, _ in _text_problems(_as_read(line, catalog, lang), lang, ("body",), vocabulary):
            problems.append(Problem(page.path, number, "text", message))
    return problems


def _strings(data, loc=()) -> Iterator[tuple[tuple, str]]:
    if isinstance(data, str):
        yield loc, data
    elif isinstance(data, dict):
        for key, value in data.items():
            if key != "source_hash":
                yield from _strings(value, loc + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _strings(value, loc + (index,))


def _body_lines(page) -> Iterator[tuple[int, str]]:
    in_fence = False
    for number, line in enumerate(page.body.splitlines(), page.body_first_line):
        if FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and line.strip():
            yield number, line


def _as_read(text: str, catalog, lang: str) -> str:
    """The text with each ref as the words a reader sees, and without addresses (not prose)."""
    def title(target_id: str, label: str | None) -> str:
        target = catalog.target(target_id)
        try:
            return label or (target.title(lang) if target is not None else target_id)
        except LookupError:  # its text is missing in this language: reported on its own
            return target_id
    return URL.sub("", MARKDOWN_LINK.sub(r"\1", expand_refs(text, title, lambda rest: rest)))


def _text_problems(text: str, lang: str, loc: tuple, vocabulary: set[str]) -> Iterator[tuple[str, str]]:
    if lang == layout.DEFAULT_LANGUAGE:
        for old, new in _chinese_corrections(text):
            yield (f"Chinese typography: `{old.strip()[:40]}` should read `{new.strip()[:40]}` "
                   "— full-width punctuation beside Han, a space between Han and Latin or digits"), old.strip()[:12]
        half = HALF_WIDTH_BESIDE_HAN.search(CODE_SPAN.sub("`…`", text))
        if half:
            yield (f"Chinese typography: half-width `{half.group().strip()}` beside Han — use full-width （）and “”",
                   half.group())
    else:
        factor = LATIN_FACTOR.search(text)
        if factor:
            yield f"`{factor.group()}`: write factors with × (`{factor.group()[:-1]}×`)", factor.group()
        glued = UNIT_GLUED.search(text)
        if glued:
            yield f"`{glued.group()}`: put a space between a number and its unit", glued.group()
        if loc and loc[-1] == "title":
            yield from _sentence_case(text, vocabulary)
    if len(loc) >= 2 and loc[0] == "watch" and loc[-1] == "note":
        alone = STANDING_ALONE[lang].search(text)
        if alone:
            yield (f"`{alone.group()}` has no referent on the watch list, where notes stand alone — "
                   "name the issue or the thing instead", alone.group())


@functools.lru_cache(maxsize=1 << 17)
def _chinese_corrections(text: str) -> tuple[tuple[str, str], ...]:
    """AutoCorrect's (as written, as it should read) for each line of `text`. Kept per text: a preview's
    catalog reload after an edit linted every page again (28,569 texts, 1.2 s of its 3.6 s at 520 issues)."""
    return tuple((line.old, line.new) for line in autocorrect.lint_for(text, "prose.md").lines)


def _sentence_case(title: str, vocabulary: set[str]) -> Iterator[tuple[str, str]]:
    """A capitalized ordinary word after the first, where the archive writes it in lowercase elsewhere."""
    words = title.split()
    for word in words[1:]:
        bare = word.strip(".,:;!?()\"'")
        if WORD.fullmatch(bare) and bare[0].isupper() and bare.lower() in vocabulary:
            yield f"titles are in sentence case: `{bare}` → `{bare.lower()}` (names keep their capitals)", bare
            return


def _lowercase_words(reader: ContentReader, catalog) -> set[str]:
    """Words the English prose writes in lowercase (ordinary words), less those in the names of entities."""
    words: set[str] = set()
    for versions in reader.pages.values():
        for lang, page in versions.items():
            if lang != layout.DEFAULT_LANGUAGE:
                for loc, text in _strings(page.meta.data):
                    if loc and loc[-1] != "title":
                        words.update(PROSE_WORD.findall(CODE_SPAN.sub("", expand_refs(text, lambda *_: "", str))))
    names = {word.lower() for entity in catalog.entities.values() for word in WORD.findall(entity.facts.name)}
    return words - names
