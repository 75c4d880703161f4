"""Where a problem is, as a contributor counts: `items.4.category` is `item 5 (loopvq) › category`.

List positions count from 1 and are named by what the list holds, with the id
of the record there; the keys stay as they are written in the file, so a
contributor can search for `category`. Prose sections keyed by id read the
same way: `items.loopvq.why` is `item loopvq › why`.
"""
from __future__ import annotations

from kb.base.messages import Message, msg
from kb.base.problems import Problem
from kb.project import layout

SEPARATOR = " › "

# A list's key -> what one of its entries is called (facts and registries).
ENTRY_NOUNS = {"items": "noun-item", "signals": "noun-signal", "quick_takes": "noun-quick-take", "picks": "noun-pick",
               "watch": "noun-watch-entry", "claims": "noun-claim", "sources": "noun-source",
               "resolves": "noun-resolution", "pins": "noun-pin", "topics": "noun-topic", "entities": "noun-entity",
               "unarchived": "noun-unarchived", "ratio": "noun-figure"}
ALIAS_NOUN = "noun-alias"  # an entry of `aliases.<language>`
# The sections of an issue's pages, each a mapping from an id of the facts to its text.
PROSE_NOUNS = {"items": "noun-item", "signals": "noun-signal", "quick_takes": "noun-quick-take", "picks": "noun-pick",
               "watch": "noun-watch-entry", "unarchived": "noun-unarchived", "claims": "noun-claim",
               "resolutions": "noun-resolution", "checks": "noun-check"}
# A registry file -> what one of its records is called.
RECORD_NOUNS = {layout.TOPICS_FILE: "noun-topic", layout.ENTITIES_FILE: "noun-entity",
                layout.OUTLETS_FILE: "noun-outlet", layout.TERMS_FILE: "noun-term"}
# What a problem is in, where that is no field of the file.
WHAT = {"file": "what-file", "encoding": "what-encoding", "page": "what-page", "text": "what-text",
        "template": "what-template", "html": "what-html", "link": "what-link", "image": "what-image",
        "attributes": "what-attributes", "heading": "what-heading", "snippet": "what-snippet",
        "character": "what-character", "brackets": "what-brackets", "glossary": "what-glossary",
        "translation": "what-translation", "(top level)": "what-top-level"}


def place(problem: Problem, lang: str) -> str:
    """The problem's field, as a contributor counts and names it, in `lang`."""
    if not problem.names:
        return msg(WHAT[problem.field]).text(lang) if problem.field in WHAT else problem.field
    said = ""
    for part in _parts(problem):
        text = part.text(lang) if isinstance(part, Message) else str(part)
        # no space after a full-width bracket: `第 3 个条目（x）› topics`
        said = text if not said else said + (SEPARATOR.lstrip() if said.endswith("）") else SEPARATOR) + text
    return said


def _parts(problem: Problem) -> list:
    steps, parts, keys = list(problem.names), [], []  # keys: the keys walked so far
    prose = problem.path.startswith(f"{layout.DOCS}/{layout.ISSUES_DIR}/")
    index = 0
    while index < len(steps):
        step, record = steps[index]
        following = steps[index + 1][0] if index + 1 < len(steps) else None
        if isinstance(step, int):  # a list's entry, not after its key (a registry's record)
            noun = RECORD_NOUNS.get(problem.path)
            parts.append(_nth(msg(noun) if noun else msg("noun-item"), step, record))
        elif isinstance(following, int) and _noun(step, keys):
            if keys and keys[-1] == "aliases":  # `aliases › all › alias 2`: the language stays as written
                parts.append(step)
            parts.append(_nth(msg(_noun(step, keys)), following, steps[index + 1][1]))
            index += 1
        elif isinstance(following, int):
            parts.append(_nth(None, following, steps[index + 1][1], step))
            index += 1
        elif prose and not keys and step in PROSE_NOUNS and following is not None:
            parts.append(msg("place-keyed", noun=msg(PROSE_NOUNS[step]), id=following))
            index += 1
        else:
            parts.append(step)
        keys.append(step)
        index += 1
    return parts


def _noun(key: str, keys: list) -> str | None:
    if len(keys) >= 1 and keys[-1] == "aliases":  # aliases.<language>.N
        return ALIAS_NOUN
    if key == "topics" and not keys:  # data/topics.yml calls its list `topics`
        return "noun-topic"
    return ENTRY_NOUNS.get(key)


def _nth(noun: Message | None, position: int, record: str | None, key: str | None = None) -> Message:
    nth = msg("place-nth", noun=noun, n=position + 1) if noun else msg("place-nth-of", key=key, n=position + 1)
    return msg("place-named", place=nth, id=record) if record else nth
