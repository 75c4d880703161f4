"""Where each ref of a text stands: alone (a list item, a line of its own) or in running prose.

A ref shows an entry's full title only where nothing is written around it;
inside a sentence a whole title reads as a clause of its own ("In issue 3,
llama.cpp keeps updating its edge backends shipped six builds"), so there it
shows a short name (kb.model.ref_labels). Where a ref stands is read from the
Markdown as the site converts it (kb.markup.markdown_reading), not from the
lines: each ref is replaced by a token, the text converted, and a ref stands
alone when its token is the whole text of the block that holds it.
"""
from __future__ import annotations

import re
from functools import lru_cache
from html.parser import HTMLParser

from kb.base.limits import markdown_problems
from kb.markup.refs import REF

# Blocks whose own text decides: a paragraph, a list item, a table cell, a heading, a definition.
BLOCKS = {"p", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd"}
CODE = {"code", "pre"}  # a token here is code shown as written, not a ref the macro renders
TOKEN = "kbref{}x"
TOKEN_TEXT = re.compile(r"^kbref(\d+)x$")


def standalone(markdown: str) -> list[bool]:
    """For each ref of `markdown`, in order (as kb.markup.refs.REF finds them): does it stand alone?"""
    return list(_standalone(markdown))


# Kept per text: the checker, the macros and the feeds ask of the same texts, and a process that checks an
# archive again after an edit (the editor's preview, the tests) finds most of them unchanged. Sized for every text
# of a twenty-year archive in both languages (a text holding no ref is answered before it is converted), as
# kb.markup.numbers' cache is: the answers are small, and the texts are the catalog's own.
@lru_cache(maxsize=1 << 17)
def _standalone(markdown: str) -> tuple[bool, ...]:
    matches = list(REF.finditer(markdown))
    if not matches:
        return ()
    if any(markdown_problems(markdown)):  # over a limit: refused, never converted (kb.base.limits)
        return (False,) * len(matches)
    from kb.markup.markdown_reading import render  # loads the site's Markdown configuration: only when needed

    parts, last = [], 0
    for index, match in enumerate(matches):
        parts += [markdown[last:match.start()], TOKEN.format(index)]
        last = match.end()
    reading = _Blocks()
    reading.feed(render("".join(parts) + markdown[last:]).html)
    reading.close()
    return tuple(index in reading.alone for index in range(len(matches)))


class _Blocks(HTMLParser):
    """The indexes of the tokens that are the whole own text of their block (nested blocks not counted)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[list[str]] = []  # the own text of each open block
        self.code = 0
        self.alone: set[int] = set()

    def handle_starttag(self, tag, attrs):
        if tag in BLOCKS:
            self.stack.append([])
        elif tag in CODE:
            self.code += 1

    def handle_endtag(self, tag):
        if tag in CODE:
            self.code = max(0, self.code - 1)
        elif tag in BLOCKS and self.stack:
            match = TOKEN_TEXT.match("".join(self.stack.pop()).strip())
            if match:
                self.alone.add(int(match.group(1)))

    def handle_data(self, data):
        if self.stack:
            self.stack[-1].append("\0" if self.code else data)  # code never makes a ref alone
