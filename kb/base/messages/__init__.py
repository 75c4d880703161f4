"""What `kb check` (and the build, when it refuses content) says, in Chinese or English: one catalog.

Every message a problem carries is a `Message`: the name of a template of the
catalog (`CATALOG`, gathered from the modules of this package, each holding the
templates of one part of the checks) and the values for its placeholders. It is
written out in a language only when it is shown, so one check serves both
languages. A value may itself be a Message (a phrase written in the same
language) or `Words` (a list, joined as each language joins one).

A template that counts is held as its forms for zero, one and many things (kb.base.plural), chosen by the
message's `n`: "1 error", "2 errors", never "1 error(s)".

Chinese templates follow the copywriting rules the content follows: full-width
punctuation beside Han, a space between Han and Latin letters or digits
(tests/test_messages.py checks every template in both languages). What a
library says inside a message (libyaml's reason a file cannot be parsed,
Jinja's syntax error, a character's Unicode name) is quoted as it says it.
`kb audit`'s findings about a built site (kb.publish.audit, kb.publish.firewall) are English
text: they are for the site's developers, not a contributor's content.
"""
from __future__ import annotations

import os
import re
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from kb.base.messages import checks, content, facts, figures, links, report, review
from kb.base.plural import chosen
from kb.base.text import HAN_CHAR

LANGUAGES = ("zh", "en")  # the languages of kb's messages (not the site's: kb.project.layout.LANGUAGES)


def _gather(*modules) -> dict[str, dict]:
    catalog: dict[str, dict] = {}
    for module in modules:
        for key, texts in module.TEMPLATES.items():
            if key in catalog:
                raise KeyError(f"message `{key}` is defined twice ({module.__name__})")
            catalog[key] = texts
    return catalog


CATALOG = _gather(content, facts, links, checks, report, figures, review)


@dataclass(frozen=True)
class Words:
    """A list of words in a message, joined as the language joins one ("a, b or c"; "a、b 或 c")."""

    items: tuple  # of text, or of Messages (phrases)
    conjunction: str = "and"  # "and", "or", or "" (a plain list)
    code: bool = True  # each text in backticks (ids, file names, values as written)

    def text(self, lang: str) -> str:
        words = [item.text(lang) if isinstance(item, Message) else f"`{item}`" if self.code else str(item)
                 for item in self.items]
        if lang != "zh":
            if not self.conjunction or len(words) < 2:
                return ", ".join(words)
            return ", ".join(words[:-1]) + f" {self.conjunction} " + words[-1]
        last = {"and": "和", "or": "或", "": "、"}[self.conjunction]
        text = words[0] if words else ""
        for n, word in enumerate(words[1:], 2):
            text = _spaced(_spaced(text, last if n == len(words) else "、"), word)
        return text


def words(items: Iterable, conjunction: str = "and", code: bool = True) -> Words:
    return Words(tuple(items), conjunction, code)


@dataclass(frozen=True)
class Message:
    """A template of the catalog and the values of its placeholders, written out in a language on demand."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    def text(self, lang: str) -> str:
        values = {name: _written(value, lang) for name, value in self.params}
        template = CATALOG[self.key][lang]
        if isinstance(template, Mapping):  # a count: the form for its `n`
            template = chosen(template, dict(self.params)["n"])
        if lang != "zh":
            return template.format(**values)
        # Chinese: a value starting or ending with a Latin letter, a digit or a backtick is set off from Han by a
        # space, one with Han is not (`实体 `vllm` 的` but `第 7 期的`): the template writes none around a value
        text = ""
        for literal, name, spec, conversion in _FORMATTER.parse(template):
            text = _spaced(text, literal)
            if name is not None:
                text = _spaced(text, _FORMATTER.format_field(_FORMATTER.convert_field(values[name], conversion), spec))
        return text

    def __str__(self) -> str:
        return self.text("en")


_FORMATTER = string.Formatter()
_LATIN_EDGE = re.compile(r"[A-Za-z0-9`]")


def _spaced(before: str, after: str) -> str:
    """`before` + `after`, with a space where Han meets a Latin letter, a digit or code."""
    if before and after and ((HAN_CHAR.match(before[-1]) and _LATIN_EDGE.match(after[0]))
                             or (_LATIN_EDGE.match(before[-1]) and HAN_CHAR.match(after[0]))):
        return f"{before} {after}"
    return before + after


def _written(value, lang: str) -> str:
    return value.text(lang) if isinstance(value, (Message, Words)) else str(value)


def msg(key: str, /, **params) -> Message:
    """The catalog's message `key` with these values; an unknown key fails here, where it is written."""
    if key not in CATALOG:
        raise KeyError(f"no message `{key}` in kb.base.messages")
    return Message(key, tuple(sorted(params.items())))


def language(requested: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: the one asked for, else the locale's (LC_ALL, then LC_MESSAGES, then LANG, as
    POSIX reads them): Chinese for a locale starting `zh`, English for any other."""
    if requested:
        return requested
    environ = os.environ if environ is None else environ
    locale = next((environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), "")
    return "zh" if locale.lower().startswith("zh") else "en"
