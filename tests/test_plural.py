"""Counts said right for zero, one and many (kb.base.plural), in every sentence of both languages that holds one."""
from __future__ import annotations

import re

import pytest

from kb.base.plural import REQUIRED, form, is_plural, plural
from kb.model.labels import LABELS, count, watch_age

LANGS = ("zh", "en")


def plural_labels(value, path=()):
    """(path, forms) of every count sentence of the labels, however deep."""
    if is_plural(value):
        yield path, value
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield from plural_labels(inner, (*path, key))


def test_the_form_of_a_count():
    assert [form(n) for n in (0, 1, 2, 11, 101)] == ["zero", "one", "many", "many", "many"]


def test_chinese_one_is_its_many_and_zero_never_falls_back():
    assert plural({"zero": "暂无", "many": "{n} 条"}, 1) == "1 条"
    assert plural({"zero": "暂无", "many": "{n} 条"}, 0) == "暂无"
    with pytest.raises(KeyError):
        plural({"many": "{n} 条"}, 0)


@pytest.mark.parametrize("lang", LANGS)
def test_every_count_sentence_has_the_forms_its_language_needs(lang):
    found = list(plural_labels(LABELS[lang]))
    assert len(found) >= 8  # count's six, watch_age, the hub's checks... (a floor: the walk finds them)
    for path, forms in found:
        assert all(name in forms for name in REQUIRED[lang]), (lang, path)
        # zero has its own sentence: never "0 figures", never a number slot
        assert "{n}" not in forms["zero"], (lang, path)
        if lang == "en":
            assert not re.search(r"\{n\} (?:[\w-]+ )*(?:items|verdicts|entries|issues|figures|pages|weeks)\b", forms["one"]), (lang, path)
            assert " were " not in forms["one"], (lang, path)


@pytest.mark.parametrize("what", sorted(LABELS["en"]["count"]))
def test_counts_read_right_at_zero_one_and_many(what):
    assert count("en", what, 0).startswith("no ")
    assert count("en", what, 1).startswith("1 ") and not count("en", what, 1).endswith("s")
    assert count("en", what, 3).startswith("3 ") and count("en", what, 3).endswith("s")
    assert "0" not in count("zh", what, 0)
    assert count("zh", what, 1).startswith("1 ") and count("zh", what, 3).startswith("3 ")


def test_watch_age_at_zero_one_and_many():
    assert [watch_age("en", n) for n in (0, 1, 6)] == ["opened this week", "opened 1 week ago", "opened 6 weeks ago"]
    assert [watch_age("zh", n) for n in (0, 1, 6)] == ["本周提出", "已开 1 周", "已开 6 周"]


def hub_checks(lang: str, vendor: int, checked: int) -> str:
    """The hub's sentence as kb.render.checks.vendor_checks puts it together."""
    words = LABELS[lang]
    figures = plural(words["hub_checks_vendor"], vendor)
    return figures if not vendor else plural(words["hub_checks_checked"], checked, vendor=figures)


def test_a_hubs_vendor_figures_at_zero_one_and_many():
    assert hub_checks("en", 0, 0) == "This topic has no vendor-reported figures yet."
    assert hub_checks("en", 1, 0) == "None of this topic's one vendor-reported figure has been checked yet."
    assert hub_checks("en", 4, 0) == "None of this topic's 4 vendor-reported figures has been checked yet."
    assert hub_checks("en", 4, 1) == "Of this topic's 4 vendor-reported figures, 1 was checked later"
    assert hub_checks("en", 4, 3) == "Of this topic's 4 vendor-reported figures, 3 were checked later"
    assert hub_checks("en", 1, 1) == "Of this topic's one vendor-reported figure, 1 was checked later"
    assert hub_checks("zh", 0, 0) == "本专题还没有厂商自报的数字。"
    assert hub_checks("zh", 1, 0) == "本专题的 1 个厂商自报数字还没有经过核对。"
    assert hub_checks("zh", 4, 0) == "本专题的 4 个厂商自报数字还没有经过核对。"
    assert hub_checks("zh", 4, 1) == "本专题的 4 个厂商自报数字中，1 个后来经过核对"
    assert hub_checks("zh", 4, 3) == "本专题的 4 个厂商自报数字中，3 个后来经过核对"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", ["more_in_record", "translation_more"])
def test_more_sentences_at_zero_one_and_many(lang, key):
    forms = LABELS[lang][key]
    assert plural(forms, 0, command="kb translations") == ""  # nothing more: nothing said
    one, many = plural(forms, 1, command="kb translations"), plural(forms, 5, command="kb translations")
    assert one.startswith(("1 ", "另有 1 ")) and many.startswith(("5 ", "另有 5 "))
    if lang == "en" and key == "translation_more":
        assert one.startswith("1 more page needs ") and many.startswith("5 more pages need ")


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_of_the_fixture_site_counts_zero_or_one_as_many(site, lang):
    """No page says "0 个厂商自报数字", "None of this topic's 0", "1 were checked" or "1 items"."""
    files = [f for f in site.rglob("*.html") if (f.relative_to(site).parts[0] == "en") == (lang == "en")]
    assert files
    wrong = re.compile(r"\b0 个厂商|topic's 0 |\b1 were\b|\b1 (?:items|verdicts|issues|figures|entries|pages)\b")
    assert [(f.name, m.group()) for f in files for m in [wrong.search(f.read_text(encoding="utf-8"))] if m] == []
