"""The message catalog (kb/base/messages/): every message `kb check` can print, in Chinese and English.

Each template has both languages with the same placeholders; Chinese follows the copywriting rules the content
follows (AutoCorrect finds nothing to change once the placeholders are filled); every message names what to do
(" — " in English, "——" in Chinese); every message the code asks for is in the catalog, and every one in the
catalog is asked for somewhere.
"""
from __future__ import annotations

import ast
import re
import string

import autocorrect_py as autocorrect
import pytest

from conftest import ROOT
from kb.base.messages import CATALOG, LANGUAGES, language, msg, words
from kb.base.plural import FORMS, REQUIRED
from kb.content.typography import AUTOCORRECT_CONFIG

# Templates that are phrases set inside other messages (a noun, a date word, what a place is), not messages.
PHRASES = ("noun-", "what-", "place-", "clash-", "anchor-of-", "hint-", "moved-", "date-", "page-name-in", "issue-n",
           "topic-named", "entity-named", "topics-own-list", "entities-own-list", "read-as", "no-unit", "summary",
           "content-ok", "no-line", "fix-", "change-", "count-",
           "template-argument")  # says what to do through the problem it holds (a kb.markup.safety message)


def forms(template) -> list[str]:
    """A template's texts: itself, or each of its forms for zero, one and many (kb.base.plural)."""
    return list(template.values()) if isinstance(template, dict) else [template]


def placeholders(template) -> set[str]:
    return {name for text in forms(template) for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_every_template_has_both_languages_with_the_same_placeholders(key):
    texts = CATALOG[key]
    assert set(texts) == set(LANGUAGES), f"{key}: languages {sorted(texts)}"
    assert all(text.strip() for lang in LANGUAGES for text in forms(texts[lang])), key
    assert placeholders(texts["zh"]) == placeholders(texts["en"]), key
    for lang in LANGUAGES:  # a count has the forms its language needs, and only forms
        if isinstance(texts[lang], dict):
            assert set(REQUIRED[lang]) <= set(texts[lang]) <= set(FORMS) and "n" in placeholders(texts[lang]), (key, lang)


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_chinese_templates_follow_the_copywriting_rules(key):
    """Filled with Latin values (ids, figures, file names: what most placeholders hold), each Chinese message is
    as AutoCorrect, with the site's settings, would write it (a count, in each of its forms)."""
    autocorrect.load_config(AUTOCORRECT_CONFIG)
    for n in (0, 1, 2) if isinstance(CATALOG[key]["zh"], dict) else (1,):
        text = msg(key, **{name: n if name == "n" else "x1" for name in placeholders(CATALOG[key]["zh"])}).text("zh")
        assert autocorrect.format_for(text, "message.md") == text, text


@pytest.mark.parametrize("n,en,zh", [(0, "no errors, no warnings", "没有错误，没有警告"),
                                     (1, "1 error, 1 warning", "1 个错误，1 个警告"),
                                     (3, "3 errors, 3 warnings", "3 个错误，3 个警告")])
def test_a_count_is_said_right_for_zero_one_and_many(n, en, zh):
    message = msg("summary", errors=msg("count-errors", n=n), warnings=msg("count-warnings", n=n))
    assert (message.text("en"), message.text("zh")) == (en, zh)
    fixed = msg("fix-done", count=msg("count-fixes", n=n), files=msg("count-files", n=1))
    assert "(s)" not in fixed.text("en") and "(es)" not in fixed.text("en")


def test_no_message_counts_with_a_parenthesised_plural():
    """`1 error(s)`: a count is a template of forms (kb.base.plural), not a guess at both."""
    found = [(key, text) for key, texts in CATALOG.items() for lang in LANGUAGES for text in forms(texts[lang])
             if re.search(r"[a-z]\((?:s|es)\)(?!:)", text)]
    assert found == []


@pytest.mark.parametrize("key", sorted(key for key in CATALOG if not key.startswith(PHRASES)))
def test_every_message_says_what_to_do(key):
    assert " — " in CATALOG[key]["en"], CATALOG[key]["en"]
    assert "——" in CATALOG[key]["zh"], CATALOG[key]["zh"]


# Modules that ask for messages by a table of keys (checked below), not by keys written out.
BY_TABLE = {"places.py", "typography.py", "content_paths.py"}


def asked_for() -> dict[str, list[str]]:
    """Message key -> the modules of kb/ and mkdocs_kb/ that ask for it (`msg("key", ...)`)."""
    found: dict[str, list[str]] = {}
    for path in [*(ROOT / "kb").rglob("*.py"), *(ROOT / "mkdocs_kb").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = getattr(node.func, "id", None) or getattr(node.func, "attr", None) if isinstance(node, ast.Call) else None
            if called == "msg" and node.args:  # msg("key", ...) or messages.msg("key", ...)
                key = node.args[0]
                if isinstance(key, ast.Constant):
                    found.setdefault(key.value, []).append(path.name)
                else:
                    assert path.name in BY_TABLE, f"{path.name}:{node.lineno}: write the message's key out"
    return found


def test_every_message_asked_for_is_in_the_catalog_and_every_one_there_is_asked_for():
    used = asked_for()
    # places name their nouns and field words by tables (kb.project.places), as typography its messages (kb.content.typography)
    from kb.content.typography import ENGLISH_RULES, MESSAGES
    from kb.project.content_paths import HOW
    from kb.project.places import ALIAS_NOUN, ENTRY_NOUNS, PROSE_NOUNS, RECORD_NOUNS, WHAT
    by_table = {*ENTRY_NOUNS.values(), *PROSE_NOUNS.values(), *RECORD_NOUNS.values(), *WHAT.values(), ALIAS_NOUN,
                *(key for pair in MESSAGES.values() for key in pair), *(key for _, key, _ in ENGLISH_RULES), *HOW.values()}
    assert not set(used) - set(CATALOG), sorted(set(used) - set(CATALOG))
    assert not set(CATALOG) - set(used) - by_table, sorted(set(CATALOG) - set(used) - by_table)
    assert by_table <= set(CATALOG), sorted(by_table - set(CATALOG))


def test_an_unknown_key_fails_where_it_is_asked_for():
    with pytest.raises(KeyError):
        msg("no-such-message")


def test_phrases_and_lists_are_written_in_the_message_language():
    message = msg("page-no-chinese", what=msg("entity-named", id="vllm"), page="docs/entities/vllm.md")
    assert message.text("en") == "entity `vllm` has no Chinese page — create docs/entities/vllm.md (`kb new` writes one)"
    assert message.text("zh") == "实体 `vllm` 没有中文页面——请创建 docs/entities/vllm.md（`kb new` 会写一个）"
    # a value with Han meets Han without a space
    assert msg("page-no-chinese", what=msg("issue-n", number=7), page="p").text("zh").startswith("第 7 期没有中文页面")
    assert words(["a", "b", "c"], "or").text("en") == "`a`, `b` or `c`"
    assert words(["a", "b", "c"], "or").text("zh") == "`a`、`b` 或 `c`"


@pytest.mark.parametrize("environ,expected", [
    ({"LANG": "zh_CN.UTF-8"}, "zh"), ({"LANG": "en_US.UTF-8"}, "en"), ({}, "en"), ({"LANG": "C.UTF-8"}, "en"),
    ({"LC_ALL": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"}, "zh"), ({"LC_ALL": "en_GB.UTF-8", "LANG": "zh_CN.UTF-8"}, "en"),
    ({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh"),
])
def test_the_language_follows_the_locale(environ, expected):
    assert language(None, environ) == expected
    assert language("en", {"LANG": "zh_CN.UTF-8"}) == "en"
