"""The checker reads Markdown as the renderer does: hostile edges of Markdown, refused where they are written.

Each case was once read one way by a line reader of the checker's own and
another way by Python-Markdown; now the checker converts the text with the
site's configuration (kb.markup.markdown_reading) and holds the result against
allowlists (kb.markup.content_markup).
"""
from __future__ import annotations

import random
import re

import pytest
import yaml
from selectolax.lexbor import LexborHTMLParser

from conftest import ROOT, edit, line_of, refused
from kb.content.check import check
from kb.markup.content_markup import findings
from kb.markup.markdown_reading import markdown_configuration, render
from kb.markup.safety import MAY_MAKE_MARKUP, markup_problems
from kb.project import layout

PAGE = "docs/about.en.md"
ANCHOR = "## The weekly"

# (name, Markdown appended after a heading of the page, the line of the payload refused (its index), field)
DISAGREEMENTS = [
    ("code span Markdown does not close", "A `<tag>… with no end\n\n<pre class=\"mermaid\">graph</pre>", 2, "html"),
    ("fence indented four spaces", "    ```\n<div class=\"md-consent__overlay\">x</div>\n    ```", 1, "html"),
    ("theme chrome on a heading", "### Notice { .md-dialog--active }", 0, "attributes"),
    ("project class on a heading", "### Not translated { .kb-untranslated }", 0, "attributes"),
    ("project class as an admonition kind", '!!! kb-verdict "Verdict"\n    Signal.', 0, "attributes"),
    ("mermaid as a class", "graph TD\n{: .mermaid }", 1, "attributes"),
    ("a password field", "Your key: <input type=password>", 0, "html"),
    ("reference-style image from elsewhere", "![pixel][p]\n\n[p]: https://tracker.invalid/p.png", 2, "image"),
    ("protocol-relative image", "![pixel](//tracker.invalid/p.png)", 0, "image"),
    ("reference defined in a quote", "[notice][n]\n\n> [n]: javascript:alert(1)", 2, "link"),
    ("setext heading slugged to a theme id", "__drawer\n--------", 0, "heading"),
    ("ATX heading slugged to a theme id", "## __config", 0, "heading"),
    ("an event handler through an attribute list", "[site](https://example.org){ onclick=alert(1) }", 0, "attributes"),
    ("an acting data attribute", "Copy\n{: data-clipboard-text=\"curl x | sh\" }", 1, "attributes"),
    ("an HTML comment (the sanitizer would drop it unseen)", "<!-- a note to reviewers -->", 0, "html"),
]


@pytest.mark.parametrize("name, payload, index, field", DISAGREEMENTS, ids=[case[0] for case in DISAGREEMENTS])
def test_what_the_renderer_makes_is_refused_where_it_is_written(project, capsys, name, payload, index, field):
    edit(project, PAGE, ANCHOR, f"{ANCHOR}\n\n{payload}\n")
    line = line_of(project, PAGE, payload.split("\n")[0]) + index
    refused(project, capsys, f"{PAGE}:{line}: {field}: ")


ALLOWED = [
    "!!! warning \"Careful\"\n    Text.",
    "??? note \"More\"\n    Hidden.",
    "- [x] done\n- [ ] open",
    '=== "One"\n    a\n\n=== "Two"\n    b',
    "```python\nprint(1)\n```",
    "[All issues](issues/index.md){ .md-button }",
    "| a | b |\n|:--|--:|\n| 1 | 2 |",
    "Term\n:   Definition",
    "Hello :smile: :material-home:",
    "Code `<b>` in a span",
]


@pytest.mark.parametrize("payload", ALLOWED)
def test_what_markdown_documents_for_content_is_allowed(payload):
    assert list(markup_problems(payload)) == []


def test_an_emoji_is_its_character_not_an_image_from_a_cdn():
    html = render(":smile: :material-home:").html
    assert "\N{SMILING FACE WITH OPEN MOUTH AND SMILING EYES}" in html and "<img" not in html
    assert "<svg" in html  # the theme's icon, inline: served by the site itself


def test_a_prose_field_is_read_as_the_renderer_reads_it(project, capsys):
    path = "docs/issues/003.en.md"
    text = (project / path).read_text(encoding="utf-8")
    field = next(line for line in text.splitlines() if line.strip().startswith("why:"))
    indent = field[: len(field) - len(field.lstrip())]
    edit(project, path, field, f"{field}\n{indent}  Read this.\n{indent}\n{indent}      ```\n{indent}  <pre class=\"mermaid\">x</pre>")
    problems, _ = check(project)
    assert any(p.path == path and "raw HTML `<pre`" in str(p) for p in problems), [str(p) for p in problems]


def test_a_template_comment_in_a_code_span_is_refused_not_lost(project, capsys):
    edit(project, PAGE, ANCHOR, f"{ANCHOR}\n\nIn Jinja, `{{# a comment #}}` is dropped.\n")
    refused(project, capsys, f"{PAGE}:{line_of(project, PAGE, '{# a comment')}: template: ")


def test_the_checker_reads_with_the_sites_markdown_configuration():
    """mkdocs reads mkdocs.yml's markdown_extensions; the checker builds the same list, less the one it leaves out."""
    from mkdocs.config import load_config
    config = load_config(str(ROOT / layout.SITE_CONFIG))
    extensions, settings = markdown_configuration(ROOT / layout.SITE_CONFIG)
    built = [name for name in config.markdown_extensions if name not in {"toc", "tables", "fenced_code"}]
    assert [name for name in built if name != "pymdownx.snippets"] == [e for e in extensions if e not in {"toc", "tables"}]
    assert settings["pymdownx.emoji"]["emoji_generator"] is config.mdx_configs["pymdownx.emoji"]["emoji_generator"]


def test_the_configuration_may_name_only_markdown_objects(tmp_path):
    config = tmp_path / "mkdocs.yml"
    config.write_text("markdown_extensions:\n  - toc:\n      slugify: !!python/object/apply:os.system ['true']\n",
                      encoding="utf-8")
    with pytest.raises(yaml.YAMLError, match="os.system"):
        markdown_configuration(config)


def test_text_without_a_trigger_makes_nothing_to_check():
    """MAY_MAKE_MARKUP lets most prose skip conversion: any text without one of its characters must convert to
    elements without attributes (but a list's start), so skipping it loses nothing. Random texts hold it."""
    alphabet = list("abc XYZ 123 .,;'\"()*_-+>&$%^/\\\n\n    ") + ["中文", "。", "，", "\t", "  \n", "1. ", "- ", "* ", "> "]
    generator = random.Random(34)
    checked = 0
    for _ in range(400):
        text = "".join(generator.choice(alphabet) for _ in range(generator.randint(1, 60)))
        if MAY_MAKE_MARKUP.search(text):
            continue
        checked += 1
        rendering = render(text)
        assert findings(rendering) == [], text
        tree = LexborHTMLParser(rendering.html)
        assert all(not node.attributes or (node.tag, set(node.attributes)) == ("ol", {"start"})
                   for node in tree.body.traverse(include_text=False) if node.tag != "body"), (text, rendering.html)
    assert checked > 100


def test_a_page_of_too_many_links_is_refused_at_the_line_that_passes_the_limit(project, capsys):
    from kb.base.limits import MAX_LINKS_PER_PAGE
    links = "\n".join(f"[{n}](https://example.org/{n})" for n in range(MAX_LINKS_PER_PAGE + 5))
    edit(project, PAGE, ANCHOR, f"{ANCHOR}\n\n{links}\n")
    first, last = line_of(project, PAGE, "[0]("), line_of(project, PAGE, f"[{MAX_LINKS_PER_PAGE + 4}](")
    said = refused(project, capsys, f"{PAGE}:")
    lines = [int(found) for found in re.findall(rf"^{re.escape(PAGE)}:(\d+): links: ", said, re.M)]
    # the link that passes the limit: the page's own links before the block count too
    assert len(lines) == 1 and first + MAX_LINKS_PER_PAGE - 10 <= lines[0] <= last, said


# Markdown itself is slow on some texts (Python's HTML parser scans from each unclosed tag to the end; nesting
# recurses): the checker converts every text, so these must be refused before it does, at their line.
SLOW_FOR_MARKDOWN = [
    ("unclosed tags across paragraphs", "\n\n".join(["x <a y"] * 3000), "html"),
    ("autolink openings on lines under the length limit", "\n".join(["<http://a" * 440] * 20), "html"),
    ("a fence indented four spaces hiding deep quotes", "    ```\n" + ">" * 3000 + " x", "text"),
    ("a fence indented four spaces hiding deep lists", "    ```\n" + "- " * 1000 + "x", "text"),
]


@pytest.mark.parametrize("name, payload, field", SLOW_FOR_MARKDOWN, ids=[case[0] for case in SLOW_FOR_MARKDOWN])
def test_what_markdown_reads_slowly_is_refused_before_it_is_converted(project, capsys, name, payload, field):
    import time
    edit(project, PAGE, ANCHOR, f"{ANCHOR}\n\n{payload}\n")
    start = time.perf_counter()
    problems, _ = check(project)
    assert time.perf_counter() - start < 30  # minutes, converted
    assert any(p.path == PAGE and p.field == field and p.line for p in problems), [str(p) for p in problems]


def test_many_findings_are_placed_within_a_budget_of_conversions():
    """Each finding repeated on many lines: placed by searching the lines that hold it, within a budget."""
    import time
    text = "\n\n".join(f"Paragraph {n}\n{{: .bad-{n % 30} }}" for n in range(3000))
    start = time.perf_counter()
    problems = list(markup_problems(text))
    assert time.perf_counter() - start < 30
    assert len(problems) == 20 and problems[0].line == 2  # the first use of .bad-0, MAX_REPORTED of them
