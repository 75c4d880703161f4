"""The weekly as it leaves the site: reading time, copy link, age of open watch entries (issue 38)."""
from __future__ import annotations

import pytest
from browser import chromium, serve

from kb.model.labels import LABELS, watch_age
from kb.model.reading import PER_MINUTE, issue_text, reading_minutes, units, weeks_open
from kb.project import layout


def test_reading_units_are_han_characters_in_chinese_and_words_in_english():
    assert units("推理引擎 vLLM 支持 FP4", "zh") == 6 + 2
    assert units("The engine's kernels run 3.3× faster", "en") == 6
    assert units("vLLM 推理", "en") == 3  # a Han character in English prose counts as a word, not as nothing


@pytest.mark.parametrize("lang", layout.LANGUAGES)
def test_each_issue_page_shows_its_reading_time_in_its_language(catalog, pages, lang):
    for issue in catalog.issues:
        shown = pages.article(issue.page, lang).select_one(".kb-dates .kb-reading-time").get_text()
        read = sum(units(p, lang) for p in issue_text(catalog, issue, lang))
        minutes = reading_minutes(catalog, issue, lang)
        assert minutes == max(1, -(-read // PER_MINUTE[lang]))
        assert shown == LABELS[lang]["reading_time"].format(n=minutes)
        # the item texts are counted: every item's title is in the text read
        assert all(item.title(lang) in issue_text(catalog, issue, lang) for item in issue.items)


def test_watch_age_says_zero_one_and_many_in_english_and_weeks_in_chinese():
    assert [watch_age("en", n) for n in (0, 1, 6)] == ["opened this week", "opened 1 week ago", "opened 6 weeks ago"]
    assert [watch_age("zh", n) for n in (0, 1, 6)] == ["本周提出", "已开 1 周", "已开 6 周"]


def test_open_watch_entries_are_aged_from_the_latest_issue_not_the_clock(catalog, pages):
    latest = catalog.issues[0].facts.published
    open_entries = [w for w in catalog.watch if w.is_open]
    assert {weeks_open(catalog, w) for w in open_entries} != {0}, "the fixture has entries older than its latest issue"
    for entry in catalog.watch:
        assert weeks_open(catalog, entry) == (latest - entry.issue.facts.published).days // 7
        for lang in layout.LANGUAGES:
            on_issue = pages.article(entry.issue.page, lang).select_one(f"#{layout.WATCH_ANCHOR.format(entry.id)}").get_text()
            on_list = pages.article(layout.WATCH_PAGE, lang).get_text()
            age = watch_age(lang, weeks_open(catalog, entry))
            assert (age in on_issue) == entry.is_open
            if entry.is_open:
                assert f"{LABELS[lang]['watch_open']} · {age}" in on_list


def test_every_item_has_a_copy_control_generated_from_the_model(catalog, pages):
    for issue in catalog.issues:
        for lang in layout.LANGUAGES:
            article = pages.article(issue.page, lang)
            for item in issue.items:
                heading = article.select_one(f"h3#{item.id}")
                control = heading.find_next_sibling()
                assert control.name == "p" and "kb-copy" in control["class"] and control.has_attr("hidden")
                button = control.select_one("button.kb-copy-link[type=button]")
                assert button.get_text() == LABELS[lang]["copy_link"]
                assert item.title(lang) in button["aria-label"]
                assert control.select_one('[role=status][aria-live=polite]') is not None
            assert len(article.select("button.kb-copy-link")) == len(issue.items)


def test_copy_link_copies_the_items_address_on_click_and_on_enter(catalog, site):
    issue = catalog.issues[0]
    first, second = issue.items[0], issue.items[-1]
    with serve(site) as root, chromium() as browser:
        context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
        page = context.new_page()
        url = root + layout.language_home("en") + layout.page_url(issue.page)
        page.goto(url)
        button = page.locator(f"h3#{first.id} + p.kb-copy button")
        assert button.is_visible()
        box = button.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24
        button.click()
        assert page.evaluate("navigator.clipboard.readText()") == f"{url}#{first.id}"
        status = page.locator(f"h3#{first.id} + p.kb-copy .kb-copy-status")
        assert status.text_content() == LABELS["en"]["link_copied"]
        other = page.locator(f"h3#{second.id} + p.kb-copy button")
        other.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("id => document.querySelector(`#${id} + p.kb-copy .kb-copy-status`).textContent !== ''",
                               arg=second.id)
        assert page.evaluate("navigator.clipboard.readText()") == f"{url}#{second.id}"
        context.close()
