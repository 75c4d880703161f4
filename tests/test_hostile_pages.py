"""Hostile pages the checker once let through: markup split across lines, hidden characters,
borrowed classes, page names the site misreads, built paths that collide, ids that repeat
on an issue page, template syntax in a snippet. Each is refused by `kb check` (and so by the
build, which loads the same catalog) at its file and line, saying what to do.
"""
from __future__ import annotations

import re

import pytest

from conftest import archive_project, build, copy_project, line_of, problem_lines
from kb import load_catalog
from kb.cli.commands import main as kb
from kb.project import layout

PAGE = f"docs/{layout.localized('about.md', 'en')}"
FRONT_MATTER = "---\ntitle: A page\ndescription: A page of the test.\n---\n\n# A page\n\nText.\n"


def check(project, capsys) -> str:
    """What `kb check` says of the project, each problem as one line (conftest.problem_lines); it must find errors."""
    assert kb(["--root", str(project), "check"]) == 1
    return "\n".join(problem_lines(project))


def append(project, text: str, path: str = PAGE) -> int:
    """Append `text` to a file of the project; return the line its first line lands on."""
    file = project / path
    before = file.read_text(encoding="utf-8")
    file.write_text(before + "\n" + text + "\n", encoding="utf-8")
    return before.count("\n") + 2


def test_the_fixture_archive_passes(archive, capsys):
    assert kb(["--root", str(archive), "check"]) == 0, capsys.readouterr().out


# ---- 1. markup split across lines ------------------------------------------------------------

SPLIT_MARKUP = [  # (name, text, which line of it is refused, what the message says)
    ("tag name ending a line", "<img\nsrc=x onerror=alert(1)>", 0, "raw HTML `<img` is not allowed in content — write it in Markdown"),
    ("tag name before U+2028", "<img\u2028src=x onerror=alert(1)>", 0, "raw HTML `<img` is not allowed"),
    ("script tag closed on the next line", "<script\n>alert(1)</script>", 0, "raw HTML `<script` is not allowed"),
    ("link target on the next line", "[click](\njavascript:alert(1))", 1,
     "`javascript:` links are not allowed — link to an http(s):// page"),
    ("link target after a lone <", "[click](\n<\njavascript:alert(1)>)", 2, "`javascript:` links are not allowed"),
    ("reference target on the next line", "[x][r1]\n\n[r1]:\n  javascript:alert(2)", 3,
     "`javascript:` links are not allowed"),
    ("reference defined inside a quote", "[x][r2]\n\n> [r2]: javascript:alert(3)", 2, "`javascript:` links are not allowed"),
]


@pytest.mark.parametrize("name, text, offset, message", SPLIT_MARKUP, ids=[case[0] for case in SPLIT_MARKUP])
def test_markup_split_across_lines_is_refused_at_its_line(tmp_path, capsys, name, text, offset, message):
    project = copy_project(tmp_path / "project")
    line = append(project, text) + offset
    out = check(project, capsys)
    assert re.search(rf"^{re.escape(PAGE)}:{line}: [a-z]+: .*{re.escape(message)}", out, re.M), out


def test_a_link_split_over_lines_to_a_safe_target_passes(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    append(project, "[the vLLM site](\nhttps://vllm.ai/) and [r2]\n\n[r2]:\n  https://example.org/")
    assert kb(["--root", str(project), "check"]) == 0, capsys.readouterr().out


# ---- 2. control and reordering characters in page bodies -------------------------------------

HIDDEN = ["\u202e", "\u2066", "\x01", "\x1b", "\x7f", "\x85", "\u2028", "\u2029", "\u202a", "\u2069", "\u200e",
          "\u200f", "\u061c", "\ufeff", "\ufffe", "\uffff", "\x0c", "\r"]


@pytest.mark.parametrize("char", HIDDEN, ids=lambda c: f"U+{ord(c):04X}")
def test_control_characters_in_a_body_are_refused_at_their_line(tmp_path, capsys, char):
    project = copy_project(tmp_path / "project")
    line = append(project, f"Measured on\n{char}B300, by the vendor.") + 1
    out = check(project, capsys)
    assert (f"{PAGE}:{line}: character: holds the invisible or control character U+{ord(char):04X}" in out
            and "— remove it" in out), out


def test_line_numbers_after_a_line_separator_stay_the_files(tmp_path, capsys):
    """Python's splitlines also splits at U+2028: a problem after one would be said a line too far."""
    project = copy_project(tmp_path / "project")
    line = append(project, "one\u2028two\n<b>bold</b>")
    out = check(project, capsys)
    assert f"{PAGE}:{line}: character: holds the invisible or control character U+2028" in out, out
    assert f"{PAGE}:{line + 1}: html: raw HTML `<b`" in out, out


def test_tabs_and_windows_line_ends_are_text(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    append(project, "A\ttabbed line,\r\nthen a line ended the Windows way.\r\n")
    assert kb(["--root", str(project), "check"]) == 0, capsys.readouterr().out


# ---- 3. the project's and the theme's classes ------------------------------------------------

BORROWED = [
    ("source badge", "**independently measured**{ .kb-source-kind .kb-source-kind--independent }", "kb-source-kind"),
    ("theme class on a heading", "## Heading { .md-header }", "md-header"),
    ("admonition class", '!!! note kb-summary "Summary"\n\n    Text.', "kb-summary"),
    ("code fence class", "```{ .python .kb-item }\nprint(1)\n```", "kb-item"),
]


@pytest.mark.parametrize("name, text, found", BORROWED, ids=[case[0] for case in BORROWED])
def test_generated_and_theme_classes_are_refused_in_content(tmp_path, capsys, name, text, found):
    project = copy_project(tmp_path / "project")
    line = append(project, text)
    out = check(project, capsys)
    assert f"{PAGE}:{line}: attributes: the class `{found}` belongs to the site's own markup" in out, out
    assert "— remove it, or use a class of your own" in out, out


def test_the_themes_button_class_is_for_content_and_no_class_is_unlisted(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    button = "[All issues](issues/index.md){ .md-button .md-button--primary }"
    line = append(project, button)
    assert kb(["--root", str(project), "check"]) == 0, capsys.readouterr().out
    page = project / PAGE
    page.write_text(page.read_text(encoding="utf-8").replace(button, button + " and *this*{ .my-own-class }"),
                    encoding="utf-8")
    out = check(project, capsys)
    assert f"{PAGE}:{line}:" in out and "`my-own-class` is not one content may use" in out, out


# ---- 4. page names the i18n plugin misreads --------------------------------------------------

def test_a_default_language_suffix_is_refused(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    name = f"about.{layout.DEFAULT_LANGUAGE}.md"
    (project / "docs" / name).write_text(FRONT_MATTER, encoding="utf-8")
    out = check(project, capsys)
    assert f"docs/{name}: page: pages in the default language ({layout.DEFAULT_LANGUAGE}) have no language suffix " \
           "— rename it about.md" in out, out


def test_a_language_the_site_does_not_build_is_refused(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    assert "fr" not in layout.LANGUAGES
    (project / "docs/watch.fr.md").write_text(FRONT_MATTER, encoding="utf-8")
    out = check(project, capsys)
    assert "docs/watch.fr.md: page: `.fr` is not a language of the site — rename it watch.md" in out, out


# ---- 5. pages published where the build writes something else ---------------------------------

def _archive_record() -> str:
    """A record page the build generates for the real content (kb.model.records), e.g. archive/2026.md."""
    return next(record.page for record in load_catalog(archive_project()).records.pages if record.kind == "archive")


COLLIDING = [  # (page file, what it clashes with)
    ("sitemap.xml.md", "the generated file `sitemap.xml`"),
    ("feed.xml.md", "the generated file `feed.xml`"),
    ("en.md", "the folder of the en site `en/`"),
    ("pagefind.md", "the search index's folder `pagefind/`"),
    ("pagefind/notes.md", "the search index's folder `pagefind/`"),
    ("404.html.md", "the theme's page `404.html`"),
    ("assets/kb.css/index.md", "the theme's folder of scripts, styles and images `assets/`"),  # over overrides/assets/kb.css
    ("assets/javascripts.md", "the theme's folder of scripts, styles and images `assets/`"),  # Material's own
    (None, "the generated record page"),  # the archive's record page, from the catalog
]


@pytest.mark.parametrize("page, clash", COLLIDING, ids=[case[0] or "archive record page" for case in COLLIDING])
def test_a_page_published_over_a_generated_path_is_refused(tmp_path, capsys, page, clash):
    page = page or _archive_record()
    project = copy_project(tmp_path / "project")
    (project / "docs" / page).parent.mkdir(parents=True, exist_ok=True)
    (project / "docs" / page).write_text(FRONT_MATTER, encoding="utf-8")
    out = check(project, capsys)
    assert re.search(rf"^docs/{re.escape(page)}: page: would be published at \S+, which clashes with "
                     rf"{re.escape(clash)}.* — rename it$", out, re.M), out


def test_pages_differing_only_by_case_are_refused(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    (project / "docs/About.md").write_text(FRONT_MATTER, encoding="utf-8")
    out = check(project, capsys)
    assert ("docs/About.md: page: would be published at About/, as docs/about.md is (names differing only by case "
            "are one file on macOS and Windows) — rename one of them") in out, out
    assert "docs/about.md: page: would be published at about/, as docs/About.md is" in out, out


# ---- 6. entry ids that repeat an id of their issue page ----------------------------------------

def _rename_item(project, old: str, new: str) -> None:
    for path in [*(project / "data").rglob("*.yml"), *(project / "docs").rglob("*.md")]:
        text = path.read_text(encoding="utf-8")
        renamed = re.sub(rf"\b{old}\b", new, text)
        if renamed != text:
            path.write_text(renamed, encoding="utf-8")


@pytest.mark.parametrize("new_id, clash", [
    ("featured", "the page's section `featured`"),
    ("watch-kinference-beyond-alpha", "the anchor of watch entry `kinference-beyond-alpha`"),
])
def test_an_item_id_repeating_an_anchor_of_its_issue_page_is_refused(tmp_path, capsys, new_id, clash):
    project = copy_project(tmp_path / "project")
    _rename_item(project, "loopvq", new_id)
    line = line_of(project, "data/issues/007.yml", f"- id: {new_id}\n")
    out = check(project, capsys)
    assert re.search(rf"^data/issues/007\.yml:{line}: items\.\d+\.id: `{new_id}` would give the issue page the id "
                     rf"`{new_id}`, which is already {re.escape(clash)} — rename it$", out, re.M), out


def test_a_signal_id_repeating_a_section_anchor_is_refused(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    facts = (project / "data/issues/007.yml").read_text(encoding="utf-8")
    signal = re.search(r"^signals:\n  - id: ([a-z0-9-]+)", facts, re.M).group(1)
    _rename_item(project, signal, "picks")
    line = line_of(project, "data/issues/007.yml", "- id: picks\n")
    out = check(project, capsys)
    assert f"data/issues/007.yml:{line}: signals.0.id: `picks` would give the issue page the id `picks`" in out, out


def test_a_watch_id_repeating_a_topic_heading_of_the_watch_record_pages_is_refused(tmp_path, capsys):
    """The watch record pages head each topic `watch-<topic>` and each entry by its own id."""
    project = copy_project(tmp_path / "project")
    _rename_item(project, "kinference-beyond-alpha", "watch-routing-control-planes")
    line = line_of(project, "data/issues/007.yml", "- id: watch-routing-control-planes\n")
    out = check(project, capsys)
    assert re.search(rf"^data/issues/007\.yml:{line}: watch\.\d+\.id: `watch-routing-control-planes` is the id of "
                     r"topic `routing-control-planes`'s heading on the watch record pages, where each entry is headed "
                     r"by its id — rename it$", out, re.M), out


# ---- 7. template syntax in a snippet --------------------------------------------------------

def test_template_syntax_in_a_snippet_is_refused_at_its_line_as_not_data(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    snippet = layout.localized(layout.GLOSSARY, "en")
    line = append(project, "{{ config }}", snippet)
    out = check(project, capsys)
    assert f"{snippet}:{line}: snippet: a snippet holds abbreviation definitions only" in out, out


def test_a_control_character_in_a_snippet_is_refused(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    snippet = layout.localized(layout.GLOSSARY, "en")
    line = append(project, "*[TTFT]: time to first \u202etoken", snippet)
    out = check(project, capsys)
    assert f"{snippet}:{line}: character: holds the invisible or control character U+202E" in out, out


# ---- 8. a macro's text, as Jinja decodes it ------------------------------------------------------

DECODED_ARGUMENTS = [  # (name, the ref's text as written in the page, what the message says)
    ("markup by escapes", r'\x3cimg src\x3dx onerror\x3dalert(1)\x3e', "must be plain text, without `<`"),
    ("a heading by a line break", r'text\n\n# A heading', "must be one line of plain text"),
    ("a snippet line by escapes", r'x\n\n--8\x3c-- \x22../mkdocs.yml\x22', "must be one line of plain text"),
    ("a bidi override by escape", r'RT \u202eevil\u202c', "holds the invisible or control character U+202E"),
    ("a NUL by escape", r'RT \u0000', "holds the invisible or control character U+0000"),
]


@pytest.mark.parametrize("name, text, message", DECODED_ARGUMENTS, ids=[case[0] for case in DECODED_ARGUMENTS])
def test_a_ref_text_is_read_as_jinja_decodes_it(tmp_path, capsys, name, text, message):
    """A literal's escapes are decoded by Jinja after the line-by-line rules have read the page: the text
    of `ref` is checked as plain text once decoded, at the line of the call."""
    project = copy_project(tmp_path / "project")
    line = append(project, f'See {{{{ ref("loopvq", "{text}") }}}}.')
    out = check(project, capsys)
    assert re.search(rf"^{re.escape(PAGE)}:{line}: template: an argument of `ref` {re.escape(message)}", out, re.M), out


# ---- 9. images from other sites --------------------------------------------------------------------

@pytest.mark.parametrize("source", ["https://evil.example/t.png", "//evil.example/t.png", " HTTP://evil.example/t.png"])
def test_an_image_from_another_site_is_refused_at_its_line(tmp_path, capsys, source):
    project = copy_project(tmp_path / "project")
    line = append(project, f"Before ![pixel]({source}) after.")
    out = check(project, capsys)
    assert f"{PAGE}:{line}: image: an image from another site is not allowed" in out, out


@pytest.mark.full
def test_a_reference_style_image_from_another_site_is_refused_at_its_definition(tmp_path, capsys):
    """Once it passed the line rules and only the firewall stopped the build, naming no line; the checker now
    reads it as Markdown does and names the definition, and the build refuses it with the same words."""
    project = copy_project(tmp_path / "project")
    line = append(project, "Before ![pixel][t] after.\n\n[t]: https://evil.example/t.png") + 2
    out = check(project, capsys)
    assert f"{PAGE}:{line}: image: an image from another site is not allowed" in out, out
    result = build(project, tmp_path / "site")
    assert result.returncode != 0
    assert f"{PAGE}:{line}:" in result.stdout + result.stderr and "an image from another site" in result.stdout + result.stderr
