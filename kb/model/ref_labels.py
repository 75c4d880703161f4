"""What a ref shows: the words its writer chose, else a title where it stands alone, else a short name.

Standing alone (a list item, a line of its own: kb.markup.ref_forms) a ref
shows the entry's full title. Inside a sentence a title reads as a clause of
its own ("antirez's pure-C antirez open-sources the ds4 engine"), so there a
ref shows a name: an issue's short name (第 3 期, Issue 3), a topic's or an
entity's name, or the `short:` name the issue's page gives an item, signal,
pick or watch entry. An entry without one has no name to show inside a
sentence: `kb check` refuses the ref (kb.content.ref_checks), the build too.
"""
from __future__ import annotations

from kb.model.entries import Issue
from kb.model.labels import LABELS, issue_title


def ref_label(target, lang: str, text: str | None = None, alone: bool = True) -> str | None:
    """The text a ref to `target` shows in `lang`; None: inside a sentence, an entry with no short name."""
    if text:
        return text
    if isinstance(target, Issue):
        return issue_title(target.number, target.title(lang), lang) if alone \
            else LABELS[lang]["issue_short"].format(n=target.number)
    if alone:
        return target.title(lang)
    short = getattr(target, "short", None)
    return short(lang) if short is not None else target.title(lang)  # topics, entities, unarchived: a name
