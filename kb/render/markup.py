"""The markup generated parts are made of: one builder, and the theme's vocabulary in one place.

Class names of Material for MkDocs (admonitions, table wrappers) and the
Markdown dialect of its extensions (`!!! kind "title"`, `{ #id .class }`
attribute lists) are written here only; the renderers ask for a heading, an
admonition or a table, never spell them out.
"""
from __future__ import annotations

import html


def element(tag: str, content: str = "", /, **attributes: str | None) -> str:
    """`<tag a="v">content</tag>`; attribute values are escaped, `class_` is `class`, `data_x` is `data-x`.

    `content` is HTML already (escape text before passing it).
    """
    attrs = "".join(f' {_attribute_name(name)}="{html.escape(str(value))}"'
                    for name, value in attributes.items() if value is not None)
    return f"<{tag}{attrs}>{content}</{tag}>"


def _attribute_name(name: str) -> str:
    return name.rstrip("_").replace("_", "-")


def span(kind: str, text: str) -> str:
    """A small labelled mark (badges, verdicts): `kind` is its class."""
    return f'<span class="{kind}">{text}</span>'


# ---- Markdown: headings and paragraphs with attribute lists (attr_list) ------

def heading(level: int, text: str, anchor: str | None = None, *classes: str) -> str:
    """A Markdown heading, with its own id and classes: `### Title { #id .class }`."""
    attrs = " ".join([f"#{anchor}"] * bool(anchor) + [f".{c}" for c in classes])
    return f"{'#' * level} {text}" + (f" {{ {attrs} }}" if attrs else "")


def paragraph(text: str, *classes: str, anchor: str | None = None) -> str:
    """A Markdown paragraph with an id and classes on the line after it."""
    attrs = " ".join([f"#{anchor}"] * bool(anchor) + [f".{c}" for c in classes])
    return f"{text}\n{{: {attrs} }}"


def admonition(kind: str, title: str, body_markdown: str, *classes: str) -> str:
    """Material's admonition, in Markdown: the body is indented under it; `classes` are added to its own."""
    body = "\n".join(("    " + line) if line.strip() else "" for line in body_markdown.splitlines())
    return f'!!! {" ".join((kind, *classes))} "{title}"\n\n{body}'


def rule() -> str:
    return "---"


# ---- HTML: Material's blocks for generated HTML kept out of Markdown ------------

def admonition_html(kind: str, title: str, body_html: str, anchor: str | None = None) -> str:
    id_ = f' id="{anchor}"' if anchor else ""
    return f'<div class="admonition {kind}"{id_}><p class="admonition-title">{title}</p>{body_html}</div>'


def table_html(head_cells: str, rows: str, attributes: str = "") -> str:
    """A table in Material's scrolling wrapper, as Markdown tables get it. `attributes` are written as given."""
    open_tag = f"<table {attributes}>" if attributes else "<table>"
    return (f'<div class="md-typeset__scrollwrap"><div class="md-typeset__table">{open_tag}'
            f"<thead><tr>{head_cells}</tr></thead><tbody>{rows}</tbody></table></div></div>")


def bullet_list_html(entries: list[str], empty: str) -> str:
    """Entries (`<li>`...) as the project's list, or `empty` as a paragraph."""
    if not entries:
        return f"<p>{empty}</p>"
    return '<ul class="kb-list">' + "".join(entries) + "</ul>"


# ---- what search indexes ----------------------------------------------------

# Marks a sentence the site generated from the data, as against what an editor wrote: a sentence that counts or
# says "every" must be generated, so it is computed (tests/test_generated_statements.py). Only generated HTML
# (kb.render.raw_html) can carry it: the sanitizer drops it from what content writes (mkdocs_kb/sanitize.py).
GENERATED = "data-kb-generated"


def unindexed(markdown: str) -> str:
    """Generated lists repeat what issue pages say: keep them out of the search index,
    so each item is found once, on its issue page, and the index stays small."""
    return f'<div data-pagefind-ignore="all" markdown>\n\n{markdown}\n\n</div>\n'


def unindexed_html(html_text: str) -> str:
    """The same for a block that is all HTML. Not wrapped as Markdown: md_in_html takes
    time quadratic in the size of raw HTML nested in a `markdown` block (measured:
    bench/README.md, kb/render/markup.py)."""
    return f'<div data-pagefind-ignore="all" {GENERATED}="list">{html_text}</div>'
