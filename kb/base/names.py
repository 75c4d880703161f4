"""Names as a reader sees them: what makes two names one, and what makes a name pass for another.

Two names a reader cannot tell apart must not name two things (kb.content.name_checks), or a contribution could
take another entity's place in search, or a page pass for another. `skeleton` (with `name_keys`) is what they
are compared by, after Unicode's security mechanisms (UTS #39):

1. Default-ignorable code points are removed (Unicode's Default_Ignorable_Code_Point property, from the
   `regex` module's Unicode data: variation selectors, the combining grapheme joiner, Hangul fillers,
   zero-width characters, the soft hyphen...): they are invisible, so `vLLM` + U+FE0F reads as `vLLM`.
   Content may not write them in a name or title at all (`default_ignorable`, refused in kb.model.fields).
2. NFKC: full-width and compatibility forms are their plain letters, as search reads them.
3. Case folded, then the confusable skeleton: each character becomes the prototype Unicode's
   confusables data gives it (Cyrillic `а` is Latin `a`, `1` is `l`, `m` is `rn`). Capitals have
   look-alikes their small letters do not (Cyrillic `М` is `M`, small `м` is not `m`; capital `I` is
   `l`), so `name_keys` also maps before folding case: two names are one if they share either key.

`mixed_scripts` says whether a word mixes scripts the way no real name does (UTS #39's "highly
restrictive" level: one script, or Latin with Han and the scripts written with it), so a word like
`vLLМ`, Latin with a Cyrillic `М`, is refused unless data/mixed_script_names.yml lists it.

The confusables and scripts come from `confusable_homoglyphs` (Unicode's confusables.txt and Scripts.txt).
Its table lists each pair both ways, not which side is the prototype, so the prototypes are read back
(`_prototypes`): a source is one code point and maps to one prototype, which is never itself a source.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

import regex
from confusable_homoglyphs import categories

from kb.base.messages import Message, Words, msg, words

DEFAULT_IGNORABLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")
# The direction marks confusables.txt prints around right-to-left characters: not part of a character.
MARKS = str.maketrans("", "", "\u200e\u200f")
# Scripts every word may mix with any one script: punctuation, digits, symbols and combining marks.
NEUTRAL = {"COMMON", "INHERITED"}
# Scripts written together in one word in Chinese, Japanese and Korean (UTS #39, "highly restrictive").
TOGETHER = (frozenset({"LATIN", "HAN", "BOPOMOFO"}), frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
            frozenset({"LATIN", "HAN", "HANGUL"}))


def default_ignorable(text: str) -> str | None:
    """The first default-ignorable character of `text` (one a reader does not see), if any."""
    found = DEFAULT_IGNORABLE.search(text)
    return found.group() if found else None


def invisible_message(char: str) -> Message:
    """What to say of a default-ignorable character in a name or title."""
    name = unicodedata.name(char, "")
    code = f"{ord(char):04X}"
    return msg("default-ignorable", code=code, name=name.lower()) if name else msg("hidden-character", code=code)


@lru_cache(maxsize=1 << 16)  # every id, name and alias, again at each reload of a preview: read once a process
def skeleton(text: str) -> str:
    """What two names must not share: `text` without default-ignorable characters, NFKC, case folded, and each
    character mapped to its confusables prototype (`Ｓpeculative SAMPLING` and `speculative sampling` are one)."""
    return _folded(_plain(text).casefold())


@lru_cache(maxsize=1 << 16)
def name_keys(text: str) -> frozenset[str]:
    """The skeletons by which `text` is one name with another: two names sharing one are one. Its `skeleton`, and
    its skeleton as capitals read: mapped before case is folded too, as capitals have look-alikes their small
    letters do not (Cyrillic `М` is `M`, but small `м` is not `m`; capital `I` is `l`, small `i` is not)."""
    plain = _plain(text)
    return frozenset({_folded(plain.casefold()), _folded(plain)})


def _folded(text: str) -> str:
    """`text` mapped to prototypes, case folded, and mapped again: some prototypes are capitals (`0` is `O`)."""
    return _mapped(_mapped(text).casefold())


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKC", DEFAULT_IGNORABLE.sub("", text))


def _mapped(text: str) -> str:
    table = _prototypes()
    return "".join(table.get(char, char) for char in unicodedata.normalize("NFD", text))


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Each confusable character -> its prototype (one or more characters), read back from the pairs.

    A character with several look-alikes, or whose look-alike is longer than one character, is the
    prototype of the pair; of two single characters that only look like each other, the one with the lower
    code point stands for both (which one does not change which names are equal)."""
    # slow to import (measured: bench/README.md, kb/base/names.py): only where a name is compared
    from confusable_homoglyphs import confusables

    pairs: dict[str, list[str]] = {}
    for key, entries in confusables.confusables_data.items():
        char = key.translate(MARKS)
        if len(char) == 1:
            pairs.setdefault(char, []).extend(entry["c"].translate(MARKS) for entry in entries)
    prototypes = {char for char, others in pairs.items() if len(others) > 1}
    prototypes |= {other for others in pairs.values() for other in others if len(other) > 1}
    table = {}
    for char, others in pairs.items():
        if char in prototypes:
            continue
        other = others[0]
        if other in prototypes or len(other) > 1 or ord(other) < ord(char):
            table[char] = other
    # a prototype written with a character that stands for another (the lower of a pair) is written with that
    return {char: "".join(table.get(c, c) for c in unicodedata.normalize("NFD", proto)) for char, proto in table.items()}


def scripts(word: str) -> set[str]:
    """The scripts of a word's characters (as Scripts.txt names them: LATIN, HAN, CYRILLIC...), neutral ones aside."""
    return {_script(char) for char in set(word)} - NEUTRAL


@lru_cache(maxsize=4096)
def _script(char: str) -> str:
    return categories.alias(char)  # a binary search in Python: once a character


def said(found: set[str]) -> Words:
    """Scripts as a message names them: `Cyrillic and Latin`."""
    return words(sorted(script.replace("_", " ").title() for script in found), code=False)


def mixed_scripts(text: str) -> tuple[str, set[str]] | None:
    """(the word, its scripts) of the first word of `text` that mixes scripts no single name mixes: Latin with
    Cyrillic or Greek, say (`vLLМ`), but not Han with Latin (`英伟达GPU`). None if there is none."""
    for word in text.split():
        found = scripts(word)
        if len(found) > 1 and not any(found <= together for together in TOGETHER):
            return word, found
    return None
