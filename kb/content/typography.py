"""House typography, checked on the text as written, each finding at its line and column with its fix.

Chinese follows AutoCorrect (`autocorrect-py`), the copywriting linter many
Chinese documentation projects use: full-width punctuation next to Han
characters, a space between Han and Latin letters or digits. Half-width
brackets and quotes beside Han, which AutoCorrect leaves alone, are refused
too. English: "×" for factors, a space between a number and its unit, and
sentence-case titles. Each finding names its file, line, column and field, and
what to write instead: the change AutoCorrect makes, never the text unchanged.

Text is read as a reader sees it (kb.markup.prose_view): code, addresses and link
targets are not prose, and a ref is the title it links to. Beside a ref no
space is needed, nor asked for: the renderer sets a ref's text apart from
Han itself (kb.markup.refs.spaced_refs), so `见{{ ref("vllm-v0-33-0") }}` reads
"见 vLLM v0.33.0".
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import NamedTuple

import autocorrect_py as autocorrect

from kb.base.forked import in_halves
from kb.base.messages import Message, msg
from kb.base.problems import Problem
from kb.base.text import HAN
from kb.content.page_memo import PageMemo, refs_shown
from kb.content.reader import ContentReader, dotted, named_steps
from kb.markup.prose_view import CODE_SPAN, View, edit_kind
from kb.markup.ref_forms import standalone
from kb.markup.refs import REF, expand_refs
from kb.model.ref_labels import ref_label
from kb.project import layout
from kb.project.written import trailing_spaces, written_at

FENCE = re.compile(r"^\s*(`{3,}|~{3,})")  # typography is for prose: what a fence holds is code (style only, not safety)

# The site's settings: AutoCorrect's rules, without `space-bracket` (which wants "数字 (注)"; Chinese
# pages here write full-width "数字（注）").
AUTOCORRECT_CONFIG = '{"rules": {"space-bracket": 0, "spellcheck": 0}}'
autocorrect.load_config(AUTOCORRECT_CONFIG)

HALF_WIDTH_BESIDE_HAN = re.compile(rf"[{HAN}][(\"]|[)\"][{HAN}]|[{HAN}]\s*[)]|[(]\s*[{HAN}]")
BRACKETS = re.compile(r"\(([^()\n]*)\)|\"([^\"\n]*)\"|[()\"]")  # a pair, or one alone
LATIN_FACTOR = re.compile(r"\b\d+(?:\.\d+)?(x)\b")  # `3.3x`
UNIT_GLUED = re.compile(r"\b\d+(?:\.\d+)?()(?:ms|s|GB|MB|KB|TB|GiB|MiB|W|GHz)\b")  # `6.88s`, `80GB`
WORD = re.compile(r"[A-Za-z][a-z]+")
PROSE_WORD = re.compile(r"(?<![\w.-])[a-z]{3,}(?![\w.-])")  # not part of an id, a file or a version
STANDING_ALONE = {"zh": re.compile(r"本期|本周"), "en": re.compile(r"\bthis (?:issue|week)\b", re.I)}
NEAR = 6  # characters between two changes of one kind that are shown as one
ENGLISH_RULES = ((LATIN_FACTOR, "factor-with-x", "×"), (UNIT_GLUED, "unit-glued", " "))  # what, message, written


class Finding(NamedTuple):
    """A typography problem in one text: where (in the text as written), what to write there, what it is."""

    start: int
    end: int
    replacement: str | None
    message: Message
    hint: Message | None
    fixable: bool


MESSAGES = {"space": ("typo-space", "hint-insert-space"), "no-space": ("typo-no-space", "hint-remove-space"),
            "full-width": ("typo-full-width", "hint-full-width"), "other": ("typo-other", "hint-write")}


def typography_problems(reader: ContentReader, catalog, split: bool = False, memo: PageMemo | None = None) -> list[Problem]:
    """Problems of every language's prose, front matter and bodies alike, and lines ending with spaces in every
    file read; half of the pages read in a forked copy when `split` (kb.base.forked): it is a large part of a catalog's
    load, on one core (measured: bench/README.md, kb/content/typography.py). `memo`: a page's problems are found again
    only when its text, the archive's vocabulary or what its refs show changed (kb.content.page_memo)."""
    vocabulary = frozenset(_lowercase_words(reader, catalog, memo))
    pages = [(lang, page) for versions in reader.pages.values() for lang, page in versions.items()]
    if memo is None:
        found = in_halves(pages, lambda job: _page_problems(*job, catalog, vocabulary), split)
    else:
        vocabulary = memo.shared("typography-vocabulary", vocabulary)
        found = [memo.get("typography", page.path, (lang, page.text, vocabulary, refs_shown(page.text, catalog, lang)),
                          functools.partial(_page_problems, lang, page, catalog, vocabulary)) for lang, page in pages]
    spaces = [Problem(doc.path, line, "yaml", msg("trailing-space"), "warning", found=gap, column=column,
                      replacement="", fixable=True, hint=msg("hint-remove"))
              for doc in reader.documents.values() for line, column, gap in trailing_spaces(doc.text, doc.first_line)]
    return [problem for problems in found for problem in problems] + spaces


def _page_problems(lang: str, page, catalog, vocabulary: set[str]) -> list[Problem]:
    problems = []
    for loc, text in _strings(page.meta.data):
        field = dotted(loc)
        for f in _text_problems(View(text, _titles(catalog, lang, text)), lang, loc, vocabulary):
            place = written_at(page.meta, loc, text, f.start, f.end)  # None: not written literally, not guessed
            line = place[0] if place else page.meta.line_holding(loc, text[f.start:f.end])
            problems.append(Problem(page.path, line, field, f.message, found=text[f.start:f.end],
                                    column=place[1] if place else None, replacement=f.replacement,
                                    fixable=f.fixable and place is not None, hint=f.hint,
                                    names=named_steps(page.meta.data, field)))
    for number, line in _body_lines(page):
        for f in _text_problems(View(line, _titles(catalog, lang, line)), lang, ("body",), vocabulary):
            problems.append(Problem(page.path, number, "text", f.message, found=line[f.start:f.end], column=f.start + 1,
                                    replacement=f.replacement, fixable=f.fixable, hint=f.hint))
    problems += [Problem(page.path, line, "text", msg("trailing-space"), "warning", found=gap, column=column,
                         replacement="", fixable=True, hint=msg("hint-remove"))
                 for line, column, gap in trailing_spaces(page.text, markdown=True)]
    return problems


def _titles(catalog, lang: str, text: str):
    """What each ref of `text` shows, as the page renders it: a title alone, a name in a sentence (kb.model.ref_labels)."""
    alone: dict[tuple, bool] = {}
    for match, standing in zip(REF.finditer(text), standalone(text)):
        key = (match.group("id"), match.group("text"))
        alone[key] = alone.get(key, True) and standing

    def title(target_id: str, label: str | None) -> str:
        target = catalog.target(target_id)
        try:
            shown = ref_label(target, lang, label, alone.get((target_id, label), False)) if target is not None else None
        except LookupError:  # its text is missing in this language: reported on its own
            return target_id
        return shown or target_id
    return title


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
    for number, line in enumerate(page.body.split("\n"), page.body_first_line):
        if FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and line.strip():
            yield number, line


def _text_problems(view: View, lang: str, loc: tuple, vocabulary: set[str]) -> Iterator[Finding]:
    """Each finding in the text of `view`, at its place as written."""
    if lang == layout.DEFAULT_LANGUAGE:
        corrected = _autocorrected(view.shown)
        edits = view.edits(corrected) if corrected != view.shown else []
        for kind, cluster in _clusters(view.text, edits):
            start, end, new = _shown_with_context(view, cluster)
            key, hint = MESSAGES[kind]
            yield Finding(start, end, new, msg(key), msg(hint, text=new), True)
        yield from _brackets(view, edits)
    else:
        for rule, message, new in ENGLISH_RULES:
            for match in rule.finditer(view.shown):
                edit = view.mapped(match.start(1), match.end(1), new)
                whole = view.mapped(match.start(), match.end(), match.group())
                if edit and whole:
                    fixed = view.text[whole.start:edit.start] + new + view.text[edit.end:whole.end]
                    yield Finding(whole.start, whole.end, fixed, msg(message, found=match.group(), fixed=fixed), None, True)
        if loc and loc[-1] == "title":
            yield from _sentence_case(view, vocabulary)
    if len(loc) >= 2 and loc[0] == "watch" and loc[-1] == "note":
        for match in STANDING_ALONE[lang].finditer(view.shown):
            at = view.mapped(match.start(), match.end(), match.group())
            if at:
                yield Finding(at.start, at.end, None, msg("watch-note-alone", word=match.group()), None, False)
                break


@functools.lru_cache(maxsize=1 << 17)
def _autocorrected(text: str) -> str:
    """The text as AutoCorrect writes it. Kept per text: a preview's catalog reload after an edit linted every
    page again (measured: bench/README.md, kb/content/typography.py)."""
    return autocorrect.format_for(text, "prose.md")


def _clusters(text: str, edits) -> Iterator[tuple[str, list]]:
    """Edits of one kind close together on one line, shown as one finding."""
    cluster, kind = [], None
    for edit in sorted(edits, key=lambda e: e.start):
        this = edit_kind(text[edit.start:edit.end], edit.new)
        if cluster and (this != kind or edit.start - cluster[-1].end > NEAR or "\n" in text[cluster[-1].end:edit.start]):
            yield kind, cluster
            cluster = []
        cluster.append(edit)
        kind = this
    if cluster:
        yield kind, cluster


def _shown_with_context(view: View, cluster) -> tuple[int, int, str]:
    """The span the cluster changes, with the character on either side on its line (an inserted space is seen
    between the characters it separates; they are written back as they are), and the span as it should read."""
    text, start, end = view.text, cluster[0].start, cluster[-1].end
    if start > 0 and text[start - 1] != "\n":
        start -= 1
    if end < len(text) and text[end] != "\n":
        end += 1
    new, at = [], start
    for edit in cluster:
        new += [text[at:edit.start], edit.new]
        at = edit.end
    return start, end, "".join(new) + text[at:end]


def _brackets(view: View, autocorrected) -> Iterator[Finding]:
    """Half-width brackets and quotes beside Han (AutoCorrect leaves them), each pair as one finding."""
    if not HALF_WIDTH_BESIDE_HAN.search(view.shown):
        return
    taken = {(e.start, e.end) for e in autocorrected}
    for start, end in view.prose_spans():
        for match in BRACKETS.finditer(view.shown, start, end):
            pair, inner = match.group(), match.group(1) if match.group(1) is not None else match.group(2)
            before = view.shown[match.start() - 1:match.start()]
            after = view.shown[match.end():match.end() + 1]
            if not re.search(f"[{HAN}]", before + after + (inner or "")[:1] + (inner or "")[-1:]):
                continue
            if inner is None:  # one alone: its full-width form by which side Han is on
                new = {"(": "（", ")": "）"}.get(pair) or ("“" if re.match(f"[{HAN}]", after) else "”")
            else:
                new = ("（" if pair[0] == "(" else "“") + inner + ("）" if pair[0] == "(" else "”")
            edit = view.mapped(match.start(), match.end(), new)
            if edit and (edit.start, edit.end) not in taken:
                yield Finding(edit.start, edit.end, new, msg("typo-bracket", char=pair[0]), msg("hint-full-width", text=new),
                              True)


def _sentence_case(view: View, vocabulary: set[str]) -> Iterator[Finding]:
    """A capitalized ordinary word after the first, where the archive writes it in lowercase elsewhere."""
    for index, match in enumerate(re.finditer(r"\S+", view.shown)):
        bare = match.group().strip(".,:;!?()\"'")
        if index and WORD.fullmatch(bare) and bare[0].isupper() and bare.lower() in vocabulary:
            at = match.start() + match.group().index(bare)
            word = view.mapped(at, at + len(bare), bare)
            if word:
                yield Finding(word.start, word.end, bare.lower(), msg("sentence-case", word=bare, lower=bare.lower()), None,
                              False)
                return


def _lowercase_words(reader: ContentReader, catalog, memo: PageMemo | None = None) -> set[str]:
    """Words the English prose writes in lowercase (ordinary words), less those in the names of entities."""
    words: set[str] = set()
    for versions in reader.pages.values():
        for lang, page in versions.items():
            if lang != layout.DEFAULT_LANGUAGE:
                words.update(memo.get("lowercase-words", page.path, page.text, functools.partial(_page_words, page))
                             if memo else _page_words(page))
    names = {word.lower() for entity in catalog.entities.values() for word in WORD.findall(entity.facts.name)}
    return words - names


def _page_words(page) -> frozenset[str]:
    return frozenset(word for loc, text in _strings(page.meta.data) if loc and loc[-1] != "title"
                     for word in PROSE_WORD.findall(CODE_SPAN.sub("", expand_refs(text, lambda *_: "", str))))
