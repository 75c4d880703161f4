"""A ref cannot garble its sentence (issue 37): a title where it stands alone, a name inside a sentence.

Where a ref stands is read from the Markdown as the site converts it; inside a
sentence it shows the writer's words, an entity's or topic's name, an issue's
short name or an entry's `short:` name, never a whole title; the checker
refuses an in-sentence ref with nothing short to show and warns when what a
ref shows repeats the words beside it.
"""
from __future__ import annotations

import pytest

from conftest import edit, line_of, problem_lines, refused
from kb.markup.ref_forms import standalone
from kb.render import NoShortName, PageMacros, Renderer
from kb.render.links import MARKDOWN


# ---- where a ref stands, read as the site converts the Markdown --------------

@pytest.mark.parametrize("markdown,forms", [
    ('- {{ ref("a") }}\n- {{ ref("b") }}: and words\n', [True, False]),
    ('{{ ref("a") }}\n\nIn {{ ref("b") }}, words.\n', [True, False]),
    ('- one\n\n- {{ ref("a") }}\n\n- two\n', [True]),  # a loose list: the item's paragraph is the ref alone
    ('- {{ ref("a") }}\n    - a nested item with {{ ref("b") }}\n', [True, False]),
    ('| a | b |\n|---|---|\n| {{ ref("a") }} | {{ ref("b") }} x |\n', [True, False]),
    ('`{{ ref("a") }}`\n', [False]),  # code is shown as written: never a ref standing alone
    ('**{{ ref("a") }}**\n', [True]),
    ('见{{ ref("a") }}的说明。\n', [False]),
    ('no refs here\n', []),
])
def test_a_ref_stands_alone_only_as_the_whole_of_its_block(markdown, forms):
    assert standalone(markdown) == forms


def test_two_refs_on_one_line_are_inside_a_sentence():
    assert standalone('{{ ref("a") }} and {{ ref("b") }}\n') == [False, False]


# ---- what a ref shows -----------------------------------------------------------

def test_inside_a_sentence_a_ref_shows_the_short_name_and_alone_the_title(catalog):
    r = Renderer(catalog, "en", "topics/edge-backends.md")
    title = catalog.target("llama-cpp-edge-backends").title("en")
    short = catalog.target("llama-cpp-edge-backends").short("en")
    assert short and short != title
    prose = r.prose('In issue 3, {{ ref("llama-cpp-edge-backends") }} shipped six builds.', MARKDOWN)
    assert f"[{short}](" in prose and title not in prose
    alone = r.prose('- {{ ref("llama-cpp-edge-backends") }}', MARKDOWN)
    assert f"[{title}](" in alone


def test_the_writers_words_win_in_both_places(catalog):
    r = Renderer(catalog, "en", "topics/edge-backends.md")
    for text in ('In issue 3, {{ ref("llama-cpp-edge-backends", "llama.cpp") }} shipped.',
                 '- {{ ref("llama-cpp-edge-backends", "llama.cpp") }}'):
        assert "[llama.cpp](" in r.prose(text, MARKDOWN)


@pytest.mark.parametrize("lang,short,full", [("zh", "第 3 期", "第 3 期："), ("en", "Issue 3", "Issue 3: ")])
def test_an_issue_inside_a_sentence_is_its_short_name(catalog, lang, short, full):
    r = Renderer(catalog, lang, "topics/serving-engine-releases.md")
    prose = r.prose('{{ ref("issue-3") }} 的引擎动态' if lang == "zh" else 'In {{ ref("issue-3") }}, engines', MARKDOWN)
    assert f"[{short}](" in prose and full not in prose
    assert f"[{full}" in r.prose('- {{ ref("issue-3") }}', MARKDOWN)


def test_an_entity_inside_a_sentence_is_its_name(catalog):
    r = Renderer(catalog, "en", "topics/edge-backends.md")
    assert "[llama.cpp](" in r.prose('Builds of {{ ref("llama-cpp") }} came out.', MARKDOWN)


def test_an_entry_without_a_short_name_cannot_be_shown_inside_a_sentence(catalog):
    r = Renderer(catalog, "en", "topics/edge-backends.md")
    with pytest.raises(NoShortName):
        r.prose('As {{ ref("day0-becomes-standard") }} says, engines race.', MARKDOWN)
    assert "[Day-0 support" in r.prose('- {{ ref("day0-becomes-standard") }}', MARKDOWN)  # alone: its title


def test_a_page_writes_its_standalone_refs_before_the_macros_run(catalog):
    macros = PageMacros(catalog, "en", "topics/edge-backends.md")
    title = catalog.target("ds4-engine").title("en")
    page = macros.spaced_refs('- {{ ref("ds4-engine") }}\n\nantirez\'s pure-C {{ ref("ds4-engine") }}, built for\n')
    assert page.startswith(f"- [{title}](")
    assert '{{ ref("ds4-engine") }}, built for' in page  # left to the macro, which shows a name
    assert macros.ref("ds4-engine").startswith("[ds4](")


def test_feeds_and_data_show_refs_as_the_page_does(catalog):
    text = catalog.plain_text('In issue 3, {{ ref("llama-cpp-edge-backends") }} shipped six builds.', "en")
    assert text == f'In issue 3, {catalog.target("llama-cpp-edge-backends").short("en")} shipped six builds.'


# ---- the checker ----------------------------------------------------------------

def test_a_ref_that_repeats_the_words_beside_it_is_a_warning_at_its_line(project):
    page = "docs/topics/edge-backends.en.md"
    edit(project, page, "antirez's pure-C {{ ref(\"ds4-engine\") }}", "antirez's pure-C {{ ref(\"ds4-engine\", \"antirez's ds4\") }}")
    line = line_of(project, page, "antirez's ds4")
    found = [p for p in problem_lines(project) if p.startswith(f"{page}:{line}:")]
    assert found and "warning" in found[0] and "repeats `antirez`" in found[0], found
    assert "reword the sentence" in found[0]


def test_a_ref_whose_first_word_is_the_word_before_it_is_a_warning(project):
    page = "docs/topics/serving-engine-releases.en.md"
    edit(project, page, "{{ ref(\"sglang-v0-5-23\", \"SGLang v0.5.23\") }} lets",
         "the release of SGLang {{ ref(\"sglang-v0-5-23\", \"SGLang v0.5.23\") }} lets")
    line = line_of(project, page, "the release of SGLang")
    assert any(p.startswith(f"{page}:{line}:") and "repeats `SGLang`" in p for p in problem_lines(project))


def test_a_repeating_ref_in_front_matter_prose_is_a_warning_at_its_own_line(project):
    page = "docs/issues/003.en.md"
    edit(project, page, "the {{ ref(\"vllm-rubin-nvl72-day0\") }} item notes",
         "the Rubin NVL72 {{ ref(\"vllm-rubin-nvl72-day0\") }} item notes")
    line = line_of(project, page, "the Rubin NVL72 {{")
    assert any(p.startswith(f"{page}:{line}:") and "repeats" in p for p in problem_lines(project))


def test_a_ref_citing_in_brackets_is_not_read_as_part_of_the_sentence(project):
    page = "docs/topics/edge-backends.en.md"
    edit(project, page, "antirez's pure-C {{ ref(\"ds4-engine\") }}", "antirez's pure-C ds4 ({{ ref(\"ds4-engine\") }})")
    assert not any(p.startswith(page) for p in problem_lines(project))


def test_a_ref_inside_a_sentence_to_an_entry_without_a_short_name_is_refused(project, capsys):
    edit(project, "docs/issues/003.en.md", '    short: "ds4"\n', "")
    page = "docs/topics/edge-backends.en.md"
    refused(project, capsys, f"{page}:{line_of(project, page, 'antirez')}: body: a ref to `ds4-engine` inside a sentence")


def test_a_short_name_is_a_name(project, capsys):
    edit(project, "docs/issues/003.en.md", '    short: "ds4"\n', '    short: "—"\n')
    page = "docs/issues/003.en.md"
    refused(project, capsys, f"{page}:{line_of(project, page, 'short: ' + chr(34) + '—')}:")


def test_a_space_between_han_and_a_ref_showing_han_is_dropped(catalog):
    r = Renderer(catalog, "zh", "topics/pd-disaggregation.md")
    prose = r.prose('第 3 期的 {{ ref("vllm-bidirectional-kv-transfer") }} 一条提到', MARKDOWN)
    assert prose.startswith("第 3 期的[双向 KV 传输](") and prose.endswith(")一条提到"), prose
    assert r.prose('见{{ ref("sglang-v0-5-23") }}的', MARKDOWN).startswith("见 [SGLang v0.5.23](")
