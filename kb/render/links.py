"""Links between pages: one value that writes itself as Markdown or as HTML.

Markdown links point at the target's Markdown source, relative to the page
being rendered, so the site generator resolves them per language and checks
them. HTML links (in generated blocks kept out of Markdown, kb.render.raw_html)
point at the built page's URL, relative to the built page; `kb audit` checks them.
"""
from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass

from kb.project import layout


class UnknownReference(LookupError):
    def __init__(self, target_id: str):
        self.target_id = target_id
        super().__init__(f"unknown id `{target_id}`")


def relative(target: str, base: str) -> str:
    """`target` relative to the folder `base`, both site-relative folders ("" is the root).

    posixpath.relpath does the same but asks the OS for the working directory on
    every call, which a build paid on every link (measured: bench/README.md,
    kb/render/links.py).
    """
    here, there = [p for p in base.split("/") if p], [p for p in target.split("/") if p]
    common = 0
    while common < min(len(here), len(there)) and here[common] == there[common]:
        common += 1
    return "/".join([".."] * (len(here) - common) + there[common:])


# What Markdown reads in a line of text (the extensions of mkdocs.yml): emphasis, links and images, a heading's
# closing hashes (`# C#` is a heading "C"), a backslash escaping the next, and an emoji's `:name:`, which
# Python-Markdown cannot backslash-escape (a character reference stays a colon on the page).
MARKDOWN_SYNTAX = re.compile(r"[\\*_\[\]!#]")
EMOJI_COLON = re.compile(r":(?=[+\-\w]+:)")


def markdown_text(text: str) -> str:
    """Plain text (a title, a description, a name) written into Markdown so that it shows as written: `*now*`
    is not emphasis, `![x](…)` no image, `C#` keeps its `#` in a heading, `[`/`]` do not end a link's label."""
    return EMOJI_COLON.sub("&#58;", MARKDOWN_SYNTAX.sub(lambda m: "\\" + m.group(), text))


@dataclass(frozen=True)
class Link:
    """A link to a page of the site, to an outside address, or a label with nothing to link to."""

    label: str  # plain text
    page: str | None = None  # docs-relative page, as the default language names it
    anchor: str | None = None
    url: str | None = None  # an outside address (http, https)
    note: str | None = None  # HTML shown after a label that links nowhere ("not in the archive")

    def markdown(self, here: str) -> str:
        """As Markdown on the page `here` (docs-relative, default-language name)."""
        label = markdown_text(self.label)
        if self.url:
            return f"[{label}]({self.url})"
        if self.page is None:
            return self._unlinked(label)
        path = "" if self.page == here else relative(self.page, posixpath.dirname(here))
        return f"[{label}]({f'{path}#{self.anchor}' if self.anchor else path})"

    def html(self, here: str) -> str:
        """As HTML on the built page of `here`."""
        label = html.escape(self.label)
        if self.url:  # outside the site: the opened page gets no handle on this one
            return f'<a rel="noopener noreferrer" href="{html.escape(self.url)}">{label}</a>'
        if self.page is None:
            return self._unlinked(label)
        return f'<a href="{html.escape(href(self.page, here, self.anchor))}">{label}</a>'

    def _unlinked(self, label: str) -> str:
        return f"{label} {self.note}" if self.note else label


def href(page: str, here: str, anchor: str | None = None) -> str:
    """The built URL of `page` (and anchor) relative to the built page of `here` (escape it for an attribute)."""
    mine, there = layout.page_url(here), layout.page_url(page)
    path = "" if there == mine else (relative(there, mine) or ".") + "/"
    return f"{path.removeprefix('./')}#{anchor}" if anchor else path or "./"


class Form:
    """How generated text enters a page: as Markdown, converted with the page, or as ready HTML."""

    name: str

    def link(self, link: Link, here: str) -> str:
        raise NotImplementedError

    def text(self, prose: str) -> str:
        """Contributor prose between links."""
        raise NotImplementedError


class _Markdown(Form):
    name = "markdown"

    def link(self, link: Link, here: str) -> str:
        return link.markdown(here)

    def text(self, prose: str) -> str:
        return prose  # it is Markdown already


class _Html(Form):
    name = "html"

    def link(self, link: Link, here: str) -> str:
        return link.html(here)

    def text(self, prose: str) -> str:
        return html.escape(prose)


MARKDOWN: Form = _Markdown()
HTML: Form = _Html()
