"""The live archive — the project's own data/, docs/ and snippets/, which grow every week.

Every test here holds for any valid archive and computes what it expects from the archive's data: no count,
title or ranking of today's issues. Most are the invariant tests of the other modules, run again with the
fixtures below (which give them the live archive instead of tests/archive/); the rest are written for it.
`make test-next-issue` runs this module, with the rest of the fast tier, on a copy holding one more issue.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from browser import chromium, search, serve

# The invariant tests, collected here a second time: pytest runs them with this module's fixtures.
from test_audit_and_reproducibility import (
    test_built_site_loses_nothing_and_has_no_broken_link,  # noqa: F401
    test_kb_audit_command,  # noqa: F401
)
from test_content_rules import (
    test_each_link_shows_once_in_an_item,  # noqa: F401
    test_english_counts_agree_with_their_number,  # noqa: F401
    test_generated_chinese_follows_the_same_rules,  # noqa: F401
    test_issue_pages_close_with_their_watch_list,  # noqa: F401
)
from test_ledgers import (
    test_claims_page_has_a_row_per_claim_linking_its_item,  # noqa: F401
    test_each_item_shows_its_own_claims,  # noqa: F401
    test_open_data_validates_against_its_published_schema,  # noqa: F401
    test_signals_ledger_lists_every_verdict_by_topic_oldest_first,  # noqa: F401
)
from test_model import (
    test_catalog_queries,  # noqa: F401
    test_owner_queries_hold_exactly_what_a_scan_of_the_archive_finds_newest_first,  # noqa: F401
)
from test_reader import (
    test_404_page_helps_in_both_languages,  # noqa: F401
    test_every_page_has_title_description_language_alternates_and_sharing_tags,  # noqa: F401
    test_feeds_are_valid_and_list_issues_and_topic_items,  # noqa: F401
)
from test_records import test_every_overview_links_its_record_and_each_record_page_holds_its_period  # noqa: F401
from test_site import (
    test_entity_pages_are_timelines_of_their_items,  # noqa: F401
    test_every_content_link_resolves_in_the_same_language,  # noqa: F401
    test_every_item_is_on_its_issue_page_with_its_sources,  # noqa: F401
    test_every_navigation_link_names_its_page,  # noqa: F401
    test_home_page_shows_latest_issue_hubs_and_open_watch,  # noqa: F401
    test_issue_page_has_header_summary_and_verdicts,  # noqa: F401
    test_items_show_the_pages_that_mention_them,  # noqa: F401
    test_language_switch_pairs_every_page,  # noqa: F401
    test_navigation_does_not_list_issues,  # noqa: F401
    test_no_template_text_or_error_reaches_the_html,  # noqa: F401
    test_translation_status_counts_every_page_and_lists_those_to_work_on,  # noqa: F401
    test_unarchived_references_are_marked_text_not_links,  # noqa: F401
    test_watch_list_is_generated_from_the_issues,  # noqa: F401
)
from test_weekly_cards import test_every_home_issue_and_hub_has_its_card_in_each_language  # noqa: F401
from test_weekly_email import (
    test_at_the_public_address_every_link_to_the_site_is_absolute_https,  # noqa: F401
    test_the_build_publishes_each_issues_email_in_each_language,  # noqa: F401
    test_the_feeds_enclose_each_issues_email,  # noqa: F401
)

from conftest import ROOT, SITE_PORT, Site
from kb.cli.commands import main as kb
from kb.project import layout


@pytest.fixture(scope="module")
def archive() -> Path:
    return ROOT


@pytest.fixture(scope="module")
def catalog(live_catalog):
    return live_catalog


@pytest.fixture(scope="module")
def site(live_site):
    return live_site


@pytest.fixture(scope="module")
def pages(live_site) -> Site:
    return Site(live_site)


# ---- written for the live archive ------------------------------------------------------------------

def test_the_content_has_no_error(capsys):
    """Warnings (a translation older than its source, a skipped issue number) never block a merge."""
    assert kb(["--root", str(ROOT), "check"]) == 0, capsys.readouterr().out


def test_issues_are_numbered_in_the_order_of_their_dates(catalog):
    issues = sorted(catalog.issues, key=lambda issue: issue.number)
    for earlier, later in zip(issues, issues[1:]):
        assert earlier.facts.period.end < later.facts.period.start, (earlier.number, later.number)
        assert earlier.facts.published < later.facts.published, (earlier.number, later.number)
    assert catalog.issues[0].number == max(issue.number for issue in catalog.issues)  # the latest first


@pytest.fixture(scope="module")
def reader(live_site):
    with serve(live_site, SITE_PORT) as url, chromium() as browser:
        yield browser, url


@pytest.mark.parametrize("lang", layout.LANGUAGES)
def test_search_finds_the_latest_issue_by_its_title(catalog, reader, lang):
    """The key flow of a reader who heard of this week's issue: its title, typed into search, finds it."""
    browser, url = reader
    latest = catalog.issues[0]
    page = browser.new_page()
    page.set_default_timeout(10_000)
    page.goto(url + layout.built_file("index.md", lang).removesuffix("index.html"))
    found = [link.split("#")[0] for link in search(page, latest.title(lang))]
    page.close()
    assert "/" + layout.built_file(latest.page, lang).removesuffix("index.html") in found, found


def test_the_language_switch_keeps_the_latest_issue(catalog, reader):
    browser, url = reader
    latest = catalog.issues[0].page
    page = browser.new_page()
    page.goto(url + layout.built_file(latest, layout.DEFAULT_LANGUAGE).removesuffix("index.html"))
    for lang in [*layout.LANGUAGES[1:], layout.DEFAULT_LANGUAGE]:
        page.click("div.md-select button")
        page.click(f'.md-select__link[hreflang="{lang}"]')
        page.wait_for_load_state()
        assert page.url == url + layout.built_file(latest, lang).removesuffix("index.html")
        assert page.evaluate("document.documentElement.lang") == lang
    page.close()
