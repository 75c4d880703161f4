"""What a check found on one page, kept for the next load of a process that loads the archive again and again.

`mkdocs serve` and the editor's preview load the catalog again after each edit, and the checks of the whole
archive read every page again though one changed. A check that reads one page against the catalog may keep its
findings here under a key holding everything they depend on: the page's text and what it reads of the catalog.
Only a key equal to the last one gives the findings back; nothing is kept for `mkdocs build` or `kb check`, which
load once.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from kb.markup.refs import REF
from kb.model.ref_labels import ref_label

T = TypeVar("T")


class PageMemo:
    def __init__(self):
        self._kept: dict[tuple[str, str], tuple[Hashable, object]] = {}
        self._shared: dict[str, object] = {}

    def shared(self, name: str, value: T) -> T:
        """`value`, or the equal one given last time under `name`: a part of every page's key (the archive's
        vocabulary) is then the same object from load to load, and keys compare at once."""
        last = self._shared.get(name)
        if last is not None and last == value:
            return last  # type: ignore[return-value]
        self._shared[name] = value
        return value

    def get(self, check: str, path: str, key: Hashable, find: Callable[[], T]) -> T:
        """What `find()` gives for the page at `path`, reused when `key` is the one it was last found under."""
        kept = self._kept.get((check, path))
        if kept is not None and kept[0] == key:
            return kept[1]  # type: ignore[return-value]
        found = find()
        self._kept[(check, path)] = (key, found)
        return found

    def replay(self, check: str, path: str, key: Hashable, problems: list, run: Callable[[], None]) -> None:
        """`run()`, which appends to `problems` what it finds on the page at `path` and does nothing else; when
        `key` is the one of last time, what it appended then is appended again instead."""
        problems.extend(self.get(check, path, key, lambda: appended(problems, run)))


def appended(problems: list, run: Callable[[], None]) -> list:
    """What `run()` appends to `problems`, taken back out of it: a check written to append, made to return."""
    start = len(problems)
    run()
    found = problems[start:]
    del problems[start:]
    return found


def refs_shown(text: str, catalog, lang: str) -> tuple:
    """What each entry a ref of `text` names shows in `lang`, standing alone and in a sentence, and the page
    it is written on: all that a check of the text's refs reads of the catalog."""
    shown = []
    for target_id in dict.fromkeys(match.group("id") for match in REF.finditer(text)):
        target = catalog.target(target_id)
        try:
            shown.append((target_id, target is not None and (
                type(target).__name__, ref_label(target, lang), ref_label(target, lang, alone=False),
                getattr(getattr(target, "issue", None), "page", None))))
        except LookupError:  # no text in this language: reported on its own
            shown.append((target_id, None))
    return tuple(shown)


def page_texts(reader, key: str) -> tuple:
    """The texts of the page `key` in each language read, and the languages it could not be read in."""
    return (tuple((lang, page.text) for lang, page in sorted(reader.pages.get(key, {}).items())),
            tuple(sorted(lang for page, lang in reader.unread_pages if page == key)))
