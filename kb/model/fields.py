"""The kinds of field content is made of, each with one rule, applied to values after YAML decoded them.

- `Slug`: an id, also used in file names, URLs, anchors, feeds and markup.
- `PlainText`: titles, descriptions, names: shown in `<title>`, `<meta>`,
  headings, feeds and search results, so no markup, no character references,
  no template syntax, no control characters, nothing a reader does not see
  (default-ignorable characters: kb.base.names).
- `Prose`: Markdown a page renders: the markup rules of kb.markup.safety and the
  template rules of kb.markup.templates (front matter may use `ref` only).
- `Name`: plain text short enough to be a name (aliases readers search for).
- `HttpUrl`: an http(s) address with a host and no user info, nothing that could end an attribute, a host
  that cannot pass for another (kb.base.urls).
- `Finite`: a number that is a number (no `.inf`, no `.nan`).
- `WholeNumber`: an integer YAML read from decimal digits (not `true`, not `"7"`).
- `Date`: a date written YYYY-MM-DD (not a number of seconds).

A problem names what was refused (`ctx.found`), so the reader can point at the
line of the file that holds it, even inside a multi-line value.
"""
from __future__ import annotations

import math
import re
from datetime import date, datetime
from typing import Annotated
from urllib.parse import urlsplit

from pydantic import AfterValidator, BeforeValidator, StringConstraints
from pydantic_core import PydanticCustomError

from kb.base.limits import markdown_problems
from kb.base.messages import Message, msg
from kb.base.names import default_ignorable, invisible_message
from kb.base.urls import link_text_problem, url_problem
from kb.markup.safety import HIDDEN, hidden_character_message, markup_problems, plain_text_problem
from kb.markup.templates import prose_template_problems

SLUG = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
Slug = Annotated[str, StringConstraints(pattern=SLUG)]

# Characters a reader does not see, or that change how the text around them reads (kb.markup.safety.HIDDEN), in
# every text field (one rule, so a title, an alias and a summary cannot differ on it); a carriage return too:
# YAML has made every line break a line feed by now.
CONTROL = re.compile(f"[{HIDDEN}\r]")
URL_FORBIDDEN = re.compile(r"[\s\"'<>`\\^{}|]")


DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
NAME_LENGTH = 40  # characters: a name, not a sentence
# A title, a description, a claim's text: every page's <title>, <meta> and search row prints one whole. The
# limit is well above the longest written (measured: bench/README.md, kb/model/fields.py).
PLAIN_TEXT_LENGTH = 300


def refusal(kind: str, message: Message, found: str | None = None, suggestions: tuple[str, ...] = ()) -> PydanticCustomError:
    """A validation error saying `message` (kb.content.reader shows it in the contributor's language), with what was
    refused as written (`found`, to find its line and column) and the closest values allowed."""
    return PydanticCustomError(kind, "{message}", {"message": message, "found": found, "suggestions": suggestions})


def _no_controls(value: str) -> None:
    control = CONTROL.search(value)
    if control:
        raise refusal("control_character", hidden_character_message(control.group()), control.group())


def _plain_text(value: str) -> str:
    _no_controls(value)
    invisible = default_ignorable(value)  # `vLLM` + a variation selector reads as `vLLM` (kb.base.names)
    if invisible:
        raise refusal("default_ignorable", invisible_message(invisible), invisible)
    problem = plain_text_problem(value)
    if problem:
        raise refusal("plain_text", *problem)
    if len(value) > PLAIN_TEXT_LENGTH:
        raise refusal("plain_text", msg("plain-text-too-long", length=len(value), limit=PLAIN_TEXT_LENGTH), value[:40])
    return value


def _name(value: str) -> str:
    if not any(char.isalnum() for char in value):  # `.` or `—`: search reads no word in it, and finds nothing by it
        raise refusal("name", msg("name-no-letter", value=value), value)
    if len(value) > NAME_LENGTH:
        raise refusal("name", msg("name-too-long", length=len(value), limit=NAME_LENGTH), value)
    return value


def _prose(value: str) -> str:
    _no_controls(value)
    for problem in markdown_problems(value):  # first: a text over a limit is not read further (kb.base.limits)
        raise refusal("limit", problem.message, problem.found)
    for problem in markup_problems(value):
        raise refusal("markup", problem.message, problem.found)
    for problem in prose_template_problems(value):
        raise refusal("template", problem.message, _template_text(value.splitlines()[problem.line - 1:problem.line] or [value]))
    return value


def _template_text(lines: list[str]) -> str:
    """The template syntax on a line, as it is written: `{{ ... }}` up to its end (or the line's)."""
    found = re.search(r"\{[{%#].*?(?:[}%#]\}|$)", lines[0])
    return found.group() if found else lines[0]


def _http_url(value: str) -> str:
    try:
        parts = None if URL_FORBIDDEN.search(value) or CONTROL.search(value) else urlsplit(value)
        host = parts.hostname if parts else None
    except ValueError:  # a malformed host, like http://[::1
        parts = host = None
    if parts is None or parts.scheme not in ("http", "https") or not host:
        raise refusal("url", msg("url"), value)
    problem = url_problem(value)  # user info, a host that can pass for another (kb.base.urls)
    if problem:
        raise refusal("url", problem, value)
    return value


def link_text_refusal(text: str | None, url: str | None) -> None:
    """Refuse `text` shown as the link to `url` (a source's name) if it names another host than the link opens."""
    problem = link_text_problem(text, url) if text and url else None
    if problem:
        raise refusal("link_text", problem, text)


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise refusal("finite", msg("not-finite", value=value), str(value))
    return value


def _as_read(value) -> str:
    """A value as YAML read it, for a message: `true` (from true, yes or on), `'7'` (quoted), `1794355200`."""
    return str(value).lower() if isinstance(value, bool) else repr(value) if isinstance(value, str) else str(value)


# Before pydantic's own checks, which would take `true` for 1, the text "7" for 7, and 1794355200 (or
# "1794355200") for a date in seconds: what YAML decoded must already be the kind of value the field holds.
def _whole_number(value):
    if isinstance(value, bool) or not isinstance(value, int):
        raise refusal("whole_number", msg("not-whole-number", value=_as_read(value)), str(value))
    return value


def _date(value):
    if isinstance(value, date) and not isinstance(value, datetime):
        return value  # built in code, not read from a file (YAML here reads dates as text)
    if not isinstance(value, str) or not DATE.match(value):
        raise refusal("date", msg("not-a-date", value=_as_read(value)), str(value))
    return value


_Stripped = StringConstraints(strip_whitespace=True, min_length=1)
PlainText = Annotated[str, _Stripped, AfterValidator(_plain_text)]
Name = Annotated[PlainText, AfterValidator(_name)]
Prose = Annotated[str, _Stripped, AfterValidator(_prose)]
HttpUrl = Annotated[str, AfterValidator(_http_url)]
Finite = Annotated[float, AfterValidator(_finite)]
WholeNumber = Annotated[int, BeforeValidator(_whole_number)]
Date = Annotated[date, BeforeValidator(_date)]
