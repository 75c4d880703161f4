"""Names that cannot impersonate: hostile contributions that read as another entity's name, another host or another
page's title are refused by `kb check` at their file and line (kb.base.names, kb.base.urls, kb.content.name_checks).

Each attack is made on a copy of the fixture archive (`project`); the pure functions are tested on small inputs.
"""
from __future__ import annotations

import pytest

from conftest import edit, line_of, problem_lines, refused
from kb.base.names import default_ignorable, mixed_scripts, name_keys, skeleton
from kb.base.urls import link_text_problem, url_problem

ENTITIES = "data/entities.yml"
ISSUE = "data/issues/007.yml"


# ---- the skeleton ----------------------------------------------------------------------------------------------

INVISIBLE = {"variation selector-16": "\ufe0f", "variation selector-17": "\U000e0100",
             "combining grapheme joiner": "\u034f", "hangul filler": "\u3164", "hangul choseong filler": "\u115f",
             "hangul jungseong filler": "\u1160", "halfwidth hangul filler": "\uffa0", "soft hyphen": "\xad",
             "zero width joiner": "\u200d"}


@pytest.mark.parametrize("char", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_a_default_ignorable_character_leaves_no_trace_in_the_skeleton(char):
    assert default_ignorable(f"vLLM{char}") == char
    assert skeleton(f"v{char}LLM") == skeleton(f"vLLM{char}") == skeleton("vLLM")


@pytest.mark.parametrize("look_alike, name", [
    ("vLLМ", "vLLM"),  # Cyrillic capital em: only its capital looks Latin
    ("vIIM", "vLLM"),  # capital i for l
    ("ＳＧＬａｎｇ", "SGLang"),  # full width
    ("Speculative SAMPLING", "speculative sampling"),  # case
    ("Straße", "STRASSE"),
    ("0penAI", "OpenAI"),  # digit zero
    ("Dеерsеек", "Deepseek"),  # Cyrillic е, р; к reads as κ, not k, so not every look-alike is one...
], ids=["cyrillic capital", "capital i", "full width", "case", "sharp s", "zero", "cyrillic small"])
def test_look_alike_names_share_a_key(look_alike, name):
    shared = name_keys(look_alike) & name_keys(name)
    if look_alike.startswith("Dеер"):  # ...but its mixed scripts are refused (below)
        assert not shared and mixed_scripts(look_alike)
    else:
        assert shared, (name_keys(look_alike), name_keys(name))


@pytest.mark.parametrize("a, b", [("qwen3-0-6b", "qwen3-o-6b"), ("vllm", "vl1m"), ("kernel", "kemel")])
def test_look_alike_ids_share_a_skeleton(a, b):
    """Ids are lowercase slugs: one key (`skeleton`) tells them apart, capitals' look-alikes aside."""
    assert skeleton(a) == skeleton(b)


@pytest.mark.parametrize("a, b", [("vLLM", "SGLang"), ("llama.cpp", "llamacpp"), ("Qwen", "Owen"), ("kimi", "kiwi")])
def test_names_a_reader_tells_apart_keep_apart(a, b):
    assert not name_keys(a) & name_keys(b)


@pytest.mark.parametrize("text, word", [("vLLМ", "vLLМ"), ("the gіthub page", "gіthub"), ("αβγ latin", None),
                                        ("英伟达 GPU", None), ("英伟达GPU", None), ("DeepSeek-V3", None),
                                        ("ひらがなカタカナ漢字abc", None), ("한국어abc", None), ("Ωmega", "Ωmega")])
def test_a_word_mixing_scripts_no_name_mixes_is_found(text, word):
    found = mixed_scripts(text)
    assert (found[0] if found else None) == word


# ---- invisible characters and look-alikes in names and aliases ---------------------------------------------------

@pytest.mark.parametrize("char", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_an_alias_with_an_invisible_character_is_refused_at_its_line(project, capsys, char):
    """`SGLang` + a variation selector or a Hangul filler would read as SGLang and take its place in search."""
    edit(project, ENTITIES, "aliases: {all: [llamacpp]}", f"aliases: {{all: [llamacpp, SGLang{char}]}}")
    out = refused(project, capsys, f"{ENTITIES}:{line_of(project, ENTITIES, 'llamacpp, SGLang')}: 2.aliases.all.1: holds ")
    assert f"U+{ord(char):04X}" in out and "— remove it" in out


def test_an_entity_name_with_a_combining_grapheme_joiner_is_refused(project, capsys):
    edit(project, ENTITIES, "name: Kinference", "name: vLL\u034fM")
    line = line_of(project, ENTITIES, "name: vLL\u034fM")
    refused(project, capsys, f"{ENTITIES}:{line}: 5.name: holds U+034F (combining "
                             "grapheme joiner), a character readers do not see, so the text reads as another — remove it")


def test_a_cyrillic_homoglyph_name_is_refused_as_mixed_and_as_taken(project, capsys):
    """`vLLМ` with a Cyrillic М: its scripts mix, and it reads as vLLM, which names `vllm` at its own line."""
    edit(project, ENTITIES, "name: Kinference", "name: vLLМ")
    line, first = line_of(project, ENTITIES, "name: vLLМ"), line_of(project, ENTITIES, "name: vLLM")
    out = refused(project, capsys, f"{ENTITIES}:{line}: 5.name: `vLLМ` mixes Cyrillic and Latin letters in one word")
    assert (f"{ENTITIES}:{line}: 5.name: `vLLМ` (it looks like `vLLM`) already names `vllm` ({ENTITIES}:{first}) — "
            "give each its own name") in out, out


def test_a_cyrillic_homoglyph_alias_is_taken(project, capsys):
    edit(project, ENTITIES, "aliases: {all: [llamacpp]}", "aliases: {all: [llamacpp, ЅGLang]}")  # Cyrillic dze
    line, first = line_of(project, ENTITIES, "ЅGLang"), line_of(project, ENTITIES, "name: SGLang")
    out = refused(project, capsys, f"{ENTITIES}:{line}: 2.aliases.all.1: `ЅGLang` (it looks like `SGLang`) already "
                                   f"names `sglang` ({ENTITIES}:{first})")
    assert "`ЅGLang` mixes Cyrillic and Latin letters in one word" in out


def test_a_mixed_name_listed_as_meant_is_kept_and_the_list_is_checked(project, capsys):
    edit(project, ENTITIES, "name: Kinference", "name: Ωmega")
    assert any("`Ωmega` mixes Greek and Latin letters" in line for line in problem_lines(project))
    listed = "data/mixed_script_names.yml"
    (project / listed).write_text("- Ωmega\n- Kinference\n- Ωmega\n", encoding="utf-8")
    lines = problem_lines(project)
    assert not any("mixes Greek and Latin" in line for line in lines), lines
    assert f"{listed}:2: 1: `Kinference` mixes no scripts in one word — remove it from the list" in lines
    assert f"{listed}:3: 2: `Ωmega` is listed twice — remove one" in lines


def test_an_id_that_looks_like_another_is_refused(project, capsys):
    edit(project, ENTITIES, "- id: kinference", "- id: vl1m")
    out = refused(project, capsys, f"{ENTITIES}:")
    assert "`vl1m` looks like `vllm`" in out or "`vllm` looks like `vl1m`" in out, out


# ---- addresses -----------------------------------------------------------------------------------------------------

SOURCE = '{name: arXiv 2611.09825, url: "https://arxiv.org/abs/2611.09825"}'


@pytest.mark.parametrize("url, says", [
    ("https://gіthub.com/vllm-project/vllm", "the host `gіthub.com` is written in non-ASCII letters, which can pass "
                                              "for another host — write its IDNA form `xn--gthub-n2e.com`"),
    ("https://xn--gthub-n2e.com/vllm-project/vllm", "the host label `xn--gthub-n2e` reads as `gіthub`, mixing "
                                                     "Cyrillic and Latin letters"),
    ("https://github.com@evil.example/", "holds `github.com@` before its host, so it leads to evil.example"),
], ids=["idn homograph", "its idna form", "user info"])
def test_a_source_url_that_passes_for_another_host_is_refused(project, capsys, url, says):
    edit(project, ISSUE, SOURCE, f'{{name: arXiv 2611.09825, url: "{url}"}}')
    out = refused(project, capsys, f"{ISSUE}:{line_of(project, ISSUE, url)}: ")
    assert says in out, out


@pytest.mark.parametrize("name", ["https://github.com/vllm-project", "github.com/vllm-project", "www.github.com"])
def test_a_source_named_by_another_hosts_address_is_refused(project, capsys, name):
    edit(project, ISSUE, SOURCE, f'{{name: "{name}", url: "https://evil.example/x"}}')
    out = refused(project, capsys, f"{ISSUE}:{line_of(project, ISSUE, name)}: ")
    assert f"the link text `{name}` names" in out and "but the link opens evil.example" in out, out


def test_a_pick_titled_by_another_hosts_address_is_refused(project, capsys):
    """A pick's title (prose) is the text of the link to its url (facts)."""
    page = "docs/issues/001.en.md"
    edit(project, page, "title: A test repository", "title: github.com/vllm-project/vllm")
    refused(project, capsys, f"{page}:{line_of(project, page, 'title: github.com/vllm')}: picks.fixture-pick-star.title: "
                             "the link text `github.com/vllm-project/vllm` names github.com, but the link opens "
                             "example.org")


def test_an_outlet_named_by_its_own_host_is_kept(project):
    edit(project, "data/outlets.yml", "name: vLLM Blog", "name: blog.vllm.ai")
    assert not any("link text" in line for line in problem_lines(project))


@pytest.mark.parametrize("link", ["[vLLM](https://github.com@evil.example/)", "[vLLM](https://gіthub.com/vllm)",
                                  "[vLLM](https:github.com@evil.example)"], ids=["user info", "homograph", "no slashes"])
def test_a_page_link_that_passes_for_another_host_is_refused(project, capsys, link):
    page = "docs/about.en.md"
    text = (project / page).read_text(encoding="utf-8")
    (project / page).write_text(text + f"\nSee {link}.\n", encoding="utf-8")
    refused(project, capsys, f"{page}:{line_of(project, page, link)}: link: ")


@pytest.mark.parametrize("link", ["[https://github.com/vllm](https://evil.example/)", "[github.com/vllm](/issues/007/)"],
                         ids=["another host", "a page of the site"])
def test_a_page_link_whose_text_names_another_host_is_refused(project, capsys, link):
    page = "docs/about.en.md"
    text = (project / page).read_text(encoding="utf-8")
    (project / page).write_text(text + f"\nSee {link}.\n", encoding="utf-8")
    out = refused(project, capsys, f"{page}:{line_of(project, page, link)}: link: the link text `")
    assert "github.com" in out


def test_a_page_link_whose_text_is_its_own_address_is_kept(project):
    page = "docs/about.en.md"
    text = (project / page).read_text(encoding="utf-8")
    (project / page).write_text(text + "\nSee [github.com/vllm-project](https://github.com/vllm-project) and "
                                "[setup.py](https://github.com/vllm-project/vllm/blob/main/setup.py).\n", encoding="utf-8")
    assert not any("link text" in line for line in problem_lines(project))


@pytest.mark.parametrize("url, problem", [
    ("https://github.com/vllm-project/vllm", None),
    ("https://xn--fiqs8s.cn/", None),  # 中国.cn: one script, in its IDNA form
    ("/issues/007/", None), ("mailto:editor@example.com", None), ("#featured", None),
    ("https://user:pass@example.com/", "url-user-info"),
    ("//github.com@evil.example/", "url-user-info"),
    ("https:\\\\github.com@evil.example", "url-user-info"),
    ("https://gіthub.com/", "url-host-unicode"),
    ("https://xn--gthub-n2e.com/", "url-host-mixed-script"),
    ("https://xn--80ak6aa92e.com/", "url-host-looks-ascii"),  # аррӏе.com, all Cyrillic: reads as apple.com
    ("https://git%68ub.com/", "url-host-invalid"),
    ("https://github.com\ufe6bevil.example/", "url-host-invalid"),  # a small commercial at: NFKC reads `@`
    ("https://[::1]:8000/", None),
])
def test_url_problem(url, problem):
    found = url_problem(url)
    assert (found.key if found else None) == problem


@pytest.mark.parametrize("text, url, problem", [
    ("vLLM", "https://evil.example/", None),  # words, not a host
    ("setup.py", "https://github.com/x/setup.py", None),  # a file's name, not a host
    ("README.md", "https://github.com/x", None),
    ("github.com/vllm-project/vllm", "https://github.com/vllm-project/vllm", None),
    ("https://github.com/vllm", "https://www.github.com/vllm-project", None),  # `www.` aside
    ("https://github.com/vllm", "https://evil.example/", "link-text-other-host"),
    ("github.com/vllm", "https://evil.example/", "link-text-other-host"),
    ("https://github.com@evil.example/", "https://evil.example/", "link-text-other-host"),  # reads as github.com
    ("gіthub.com/vllm", "https://github.com/vllm", "link-text-other-host"),  # a look-alike of its own host
    ("vllm.ai", "https://evil.example/", "link-text-other-host"),
    ("github.com/vllm", "../entities/vllm/", "link-text-host-here"),
    ("editor@example.com", "mailto:editor@example.com", None),
])
def test_link_text_problem(text, url, problem):
    found = link_text_problem(text, url)
    assert (found.key if found else None) == problem


# ---- page titles -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("page, title, issue_page", [
    ("docs/about.en.md", "Inference control planes and the FP4 kernel race", "docs/issues/007.en.md"),
    ("docs/about.md", "推理控制面与 FP4 内核战", "docs/issues/007.md"),
    ("docs/about.en.md", "Inference control planes and the FP4 kernel rаce", "docs/issues/007.en.md"),  # Cyrillic а
], ids=["english", "chinese", "look-alike"])
def test_a_plain_page_under_an_issues_title_is_refused_naming_both(project, capsys, page, title, issue_page):
    text = (project / page).read_text(encoding="utf-8")
    old = text.split("\n")[1]  # the front matter's title line
    edit(project, page, old, f'title: "{title}"')
    refused(project, capsys, f"{page}:2: title: the title `{title}`")
    out = "\n".join(problem_lines(project))
    assert f"is already the title of {issue_page}:2 — give this page its own title" in out, out


def test_two_languages_may_share_a_title(project):
    """A title is unique among the pages of its language: an English page may keep a Chinese page's title."""
    edit(project, "docs/about.en.md", 'title: "About"', 'title: "推理控制面与 FP4 内核战"')
    assert not any("is already the title of" in line for line in problem_lines(project))
