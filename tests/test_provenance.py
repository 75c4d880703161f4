"""An editors' judgment carries the same label wherever it is shown, and the weekly's own headings hold only the
weekly's own content (issue 37): a resolution the editors made, a watch entry they reconstructed, a later figure
they judge to check an earlier one (a bridge between issues)."""
from __future__ import annotations

import re

import pytest
from conftest import edit, line_of, refused

from kb import load_catalog
from kb.model.labels import LABELS
from kb.project import layout
from kb.publish.export import export_catalog
from kb.render import PageMacros

LANGS = layout.LANGUAGES


def _drawn(catalog):
    return [entry for entry in catalog.watch if entry.facts.by == "editors"]


@pytest.mark.parametrize("lang", LANGS)
def test_reconstructed_entries_never_sit_under_the_weeklys_own_heading(catalog, pages, lang):
    words = LABELS[lang]
    drawn = _drawn(catalog)
    assert drawn, "the fixture archive has no reconstructed watch entry: the test would prove nothing"
    for issue in {id(e.issue): e.issue for e in drawn}.values():
        article = pages.article(issue.page, lang)
        for entry in (e for e in issue.watch if e.facts.by == "editors"):
            item = article.find(id=layout.WATCH_ANCHOR.format(entry.id))
            heading = item.find_previous(["h2", "h3"])
            assert heading.get_text(strip=True).rstrip("¶") == words["issue_watch_editors"], (issue.number, entry.id)
            assert words["watch_by"]["editors"] in item.get_text()
        assert words["issue_watch"] not in article.get_text() or any(e.facts.by == "weekly" for e in issue.watch)


@pytest.mark.parametrize("lang", LANGS)
def test_a_reconstructed_entry_is_labelled_on_the_watch_list_and_its_hub(catalog, pages, lang):
    label = LABELS[lang]["watch_by"]["editors"]
    entry = _drawn(catalog)[0]
    for page in (layout.WATCH_PAGE, catalog.topics[entry.facts.topic].page):
        link = next(a for a in pages.article(page, lang).find_all("a") if a.get("href", "").endswith(f"#{entry.id}"))
        assert label in link.find_parent("li").get_text(), page


@pytest.mark.parametrize("lang", LANGS)
def test_an_editors_resolution_is_labelled_inside_the_item_as_on_the_entry(catalog, pages, lang):
    label = LABELS[lang]["resolution_by"]["editors"]
    item = next(i for i in catalog.items if any(x.by == "editors" for x in i.facts.resolves))
    article = pages.article(item.issue.page, lang)
    block = article.find(id=item.id).find_all_next("p", limit=12)
    assert any(label in p.get_text() and LABELS[lang]["resolves"] in p.get_text() for p in block), item.id
    watch = catalog.target(item.facts.resolves[0].watch)
    entry = pages.article(watch.issue.page, lang).find(id=layout.WATCH_ANCHOR.format(watch.id))
    assert label in entry.get_text()


def test_a_weekly_entry_beside_reconstructed_ones_keeps_the_weeklys_heading(project):
    facts = project / "data/issues/007.yml"
    text = facts.read_text(encoding="utf-8")
    marked = "    from: kinference-launch\n    by: editors"
    assert marked in text
    facts.write_text(text.replace(marked, "    from: kinference-launch"), encoding="utf-8")
    catalog = load_catalog(project)
    page = PageMacros(catalog, "en", "issues/007.md").issue_page()
    words = LABELS["en"]
    own, drawn = page.index(words["issue_watch"]), page.index(words["issue_watch_editors"])
    assert own < page.index("watch-kinference-beyond-alpha") < drawn < page.index("watch-fused-fp4-kernels-first")


def test_the_export_says_who_listed_each_watch_entry(catalog):
    records = {w.id: w for w in export_catalog(catalog).watch}
    assert {records[e.id].by for e in catalog.watch} == {"weekly", "editors"}
    assert all(records[e.id].by == e.facts.by for e in catalog.watch)


# ---- a bridge between issues: a later figure that checks an earlier one ------------------------------------------

def _bridges(catalog):
    checks = [c for c in catalog.claims if c.facts.checks]
    assert {c.facts.checks.by for c in checks} == {"weekly", "editors"}, "the fixture archive has a check of each kind"
    return checks


@pytest.mark.parametrize("lang", LANGS)
def test_a_bridge_between_issues_carries_who_made_it_wherever_it_is_shown(catalog, pages, site, lang):
    """Issue pages (the later figure's reason, the earlier one's history), the hubs' vendor figures, the ledger and
    its data, the home page's changes, the topic feeds and the open data: each says whose call the check is, in
    the words a resolution's maker is named with."""
    import json
    import xml.etree.ElementTree as ET

    from kb.render.checks import JUDGMENT

    words = LABELS[lang]
    ledger = pages.article(layout.CLAIMS_PAGE, lang)
    data = json.loads((site / layout.CLAIMS_DATA.format(lang=lang)).read_text(encoding="utf-8"))
    rows = [dict(zip(data["fields"], row)) for row in data["rows"]]
    records = {c.id: c for c in export_catalog(catalog).claims}
    home = site if lang == layout.DEFAULT_LANGUAGE else site / lang
    for check in _bridges(catalog):
        by, earlier = check.facts.checks.by, check.checked
        label, other = words[JUDGMENT][by], words[JUDGMENT]["weekly" if by == "editors" else "editors"]
        for claim in (check, earlier):  # the reason under the later figure, the history under the earlier one
            shown = pages.article(claim.issue.page, lang).find(id=claim.id).get_text()
            assert label in shown and other not in shown, (claim.id, shown)
        row = next(tr for tr in ledger.select("table.kb-claims-ledger tbody tr")
                   if tr.select("td")[1].get_text() == earlier.text(lang))
        assert label in row.select("td")[8].get_text(), row
        assert next(r for r in rows if r["measured"] == earlier.text(lang))["status_by"] == by
        for topic in earlier.topics:
            hub = pages.article(catalog.topics[topic].page, lang)
            listed = hub.find(id="checks").find_next("ul").find(href=re.compile(f"#{check.id}$")).find_parent("li")
            assert label in listed.get_text(), (topic, listed.get_text())
            feed = ET.parse(home / layout.feed_names(topic)[0]).getroot()
            summaries = [i.findtext("description") for i in feed.iter("item") if i.findtext("link").endswith(f"#{check.anchor}")]
            assert summaries and all(label in s for s in summaries), (topic, summaries)
        assert records[check.id].checks.by == by
    changes = pages.article("index.md", lang)  # the latest issue's figures that checked an earlier one
    latest = [c for c in _bridges(catalog) if c.issue is catalog.issues[0]]
    for check in latest:
        shown = changes.find(attrs={"data-kb-claim": check.id}).find_parent("li").get_text()
        assert words[JUDGMENT][check.facts.checks.by] in shown, shown
    assert latest


def test_a_check_says_who_ties_the_two_figures(project, capsys):
    edit(project, "data/issues/007.yml", "verdict: qualifies, by: editors}", "verdict: qualifies}")
    line = line_of(project, "data/issues/007.yml", "checks: {claim: v4-1-flash-agentx-throughput")
    refused(project, capsys, f"data/issues/007.yml:{line}: items.5.claims.4.checks.by: is required but missing")
