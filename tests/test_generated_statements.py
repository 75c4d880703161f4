"""What the site generates states only what the data holds (issue 37): the export's schema and the open-data docs
list every enum value from the model itself, and a sentence claiming "every"/"all" is generated, not written."""
from __future__ import annotations

import json
import re
from typing import get_args

import pytest
from bs4 import BeautifulSoup

from conftest import ARCHIVE, ROOT
from kb.model.claim_facts import METRICS, SOURCE_KINDS, STATUSES, Direction, Qualifier
from kb.model.labels import count
from kb.model.schema import CATEGORIES, ENTITY_KINDS, SourceRole, Verdict
from kb.project import layout
from kb.publish.export import export_schema
from kb.render.markup import GENERATED

LANGS = layout.LANGUAGES
# record -> field -> the model's values for it
MODEL_ENUMS = {
    "ClaimRecord": {"source_kind": SOURCE_KINDS, "status": STATUSES, "metric": METRICS,
                    "direction": get_args(Direction), "qualifier": get_args(Qualifier)},
    "ItemRecord": {"category": CATEGORIES},
    "EntityRecord": {"kind": ENTITY_KINDS},
    "SignalRecord": {"verdict": get_args(Verdict)},
    "SourceRecord": {"role": get_args(SourceRole)},
}


def _enum(prop: dict) -> list[str] | None:
    """The enum of a property, through a nullable `anyOf`."""
    if "enum" in prop:
        return prop["enum"]
    for option in prop.get("anyOf", []):
        if "enum" in option:
            return option["enum"]
    return None


@pytest.mark.parametrize("record, field", [(r, f) for r, fields in MODEL_ENUMS.items() for f in fields])
def test_the_schema_lists_every_value_of_the_models_enums(record, field):
    prop = export_schema()["$defs"][record]["properties"][field]
    assert _enum(prop) == list(MODEL_ENUMS[record][field])


def test_a_schema_description_naming_an_enums_values_names_all_of_them():
    """A description listing `vendor; paper; independent` while the enum has `statistic` too is the drift issue 37
    found: where a description names any value of its field's enum as a word, it names every one."""
    checked = 0
    for name, definition in export_schema()["$defs"].items():
        for field, prop in definition.get("properties", {}).items():
            values, description = _enum(prop), prop.get("description", "")
            if not values:
                continue
            named = [v for v in values if re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", description)]
            if named:
                checked += 1
                assert named == values, f"{name}.{field}: the description names {named}, the enum is {values}"
    assert checked >= 3


@pytest.mark.parametrize("lang", LANGS)
def test_the_open_data_page_lists_every_source_kind(pages, lang):
    codes = {code.get_text() for code in pages.article("data.md", lang).find_all("code")}
    assert set(SOURCE_KINDS) <= codes


@pytest.mark.parametrize("root", [ROOT, ARCHIVE], ids=["live", "fixture"])
def test_the_docs_name_source_kinds_only_through_the_macro(root):
    """A hand-kept list in the docs would fall behind the model: a line naming two or more source kinds in code
    is a list, and must be the macro's."""
    for path in sorted((root / layout.DOCS).rglob("*.md")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            listed = [kind for kind in SOURCE_KINDS if f"`{kind}`" in line]
            assert len(listed) < 2, f"{path}:{number}: lists source kinds by hand — write {{{{ source_kinds() }}}}"


# Words that claim completeness or a count; in editors' prose on a ledger page they would assert what only the data
# can say (the ledger "holds every quantitative figure" while prose numbers are not in it: issue 37).
UNIVERSAL = re.compile(r"\b(?:every|all)\b|每一|每个|所有|全部|一律", re.IGNORECASE)
LEDGERS = (layout.CLAIMS_PAGE, "signals.md")


MACRO_CALL = re.compile(r"\{\{.*?\}\}", re.S)
QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")  # a heading named in the prose (“全部记录”) is a name, not a claim


def _editors_prose(path) -> str:
    """A page's own prose: its front matter's description and its body, without the macros' output."""
    text = path.read_text(encoding="utf-8")
    _, front, body = text.split("---\n", 2)
    description = re.search(r"^description: (.*)$", front, re.M).group(1)
    return QUOTED.sub("", description + "\n" + MACRO_CALL.sub("", body))


@pytest.mark.parametrize("root", [ROOT, ARCHIVE], ids=["live", "fixture"])
@pytest.mark.parametrize("page", LEDGERS)
def test_no_every_all_or_count_claim_in_the_editors_prose_of_a_ledger(root, page):
    for lang in LANGS:
        path = root / layout.DOCS / layout.localized(page, lang)
        found = UNIVERSAL.findall(_editors_prose(path))
        assert found == [], f"{path}: {found} — a count or \"every\" is the data's to say: generate it, or drop it"


@pytest.fixture
def root_pages(pages, archive):
    return pages, archive


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", LEDGERS)
def test_on_a_built_ledger_every_all_sentence_outside_generated_markup_is_not_the_editors(root_pages, page, lang):
    """On the built page, a sentence claiming completeness outside generated markup comes from content the ledger
    quotes (a verdict's body), never from the ledger page's own prose."""
    pages, root = root_pages
    prose = _editors_prose(root / layout.DOCS / layout.localized(page, lang))
    loose = [text.strip() for text in pages.article(page, lang).find_all(string=UNIVERSAL)
             if not text.find_parent(attrs={GENERATED: True}) and text.strip() in prose]
    assert loose == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_ledgers_scope_is_counted_from_the_data(catalog, pages, lang):
    scope = pages.article(layout.CLAIMS_PAGE, lang).find(attrs={GENERATED: "count"}).get_text()
    others = sum(len(i.facts.not_figures) for i in catalog.items) + sum(len(i.facts.not_figures) for i in catalog.issues)
    assert count(lang, "figures", len(catalog.claims)) in scope
    assert count(lang, "items", len({c.item.id for c in catalog.claims})) in scope
    assert count(lang, "not_figures", others) in scope


def test_a_new_figure_changes_the_ledgers_count(project):
    """The count follows the data: a copy of the fixture archive with one figure more says one figure more."""
    from kb import load_catalog
    from kb.render import PageMacros

    before = load_catalog(project)
    facts = project / "data/issues/007.yml"
    anchor = "      - id: kinference-median-ttft\n"
    text = facts.read_text(encoding="utf-8")
    assert anchor in text
    facts.write_text(text.replace(anchor, "      - id: kinference-ttft-again\n        metric: ttft\n        baseline: 6.88 s\n"
                                          "        result: 0.31 s\n        hardware: 3× L40S\n        source_kind: vendor\n" + anchor), encoding="utf-8")
    for page in (project / layout.DOCS / "issues").glob("007*.md"):
        page.write_text(page.read_text(encoding="utf-8").replace("\nclaims:\n", "\nclaims:\n  kinference-ttft-again: TTFT again\n"),
                        encoding="utf-8")
    after = load_catalog(project)
    assert len(after.claims) == len(before.claims) + 1
    for lang in LANGS:
        scope = PageMacros(after, lang, layout.CLAIMS_PAGE).claims_ledger()
        assert count(lang, "figures", len(before.claims) + 1) in scope


# ---- every count and "every/all" the kb plugin writes, on the built site -----------------------------------------
# A generated statement is a label of kb.model.labels (with its charts' and leads' words) that writes a count (a
# count's forms, or a number placeholder) or a word claiming completeness. Each is listed here with the test that
# checks what the built site says against a figure computed from the catalog, or with why it states nothing: a
# new one without either fails, so no generated sentence asserts what the data does not.
COUNT_SLOT = re.compile(r"\{(?:n|shown|most|points|dates|figures|items|issues|others|vendor)\}")  # a number, or a count
CHECKED = {
    ("count",): "test_generated_counts_are_the_datas",
    ("record",): "test_the_full_record_holds_every_entry_it_counts",
    ("record_description",): "test_the_full_record_holds_every_entry_it_counts",
    ("more_in_record",): "test_generated_counts_are_the_datas",
    ("claims_scope",): "test_the_ledgers_scope_is_counted_from_the_data",
    ("claims_scope_others",): "test_the_ledgers_scope_is_counted_from_the_data",
    ("claims_filters", "shown"): "test_generated_counts_are_the_datas",
    ("hub_checks_vendor",): "test_generated_counts_are_the_datas",
    ("hub_checks_checked",): "test_generated_counts_are_the_datas",
    ("watch_age",): "test_generated_counts_are_the_datas",
    ("reading_time",): "test_generated_counts_are_the_datas",
    ("open_data_catalog",): "test_the_open_data_holds_every_record_it_names",
    ("translation_more",): "test_the_translation_page_lists_at_most_a_hundred_pages_to_work_on (test_records)",
    ("translation_all_current",): "test_the_translation_page_lists_at_most_a_hundred_pages_to_work_on (test_records)",
    ("changes_more",): "test_generated_counts_are_the_datas",
    ("chart_factors_desc",): "test_every_charted_figure_carries_its_context_in_its_row (test_charts)",
    ("chart_items_desc",): "test_the_chart_labels_its_time_axis_with_dates_and_its_bars_by_quarter (test_charts)",
    ("chart_listed",): "test_generated_counts_are_the_datas",
}
STATES_NOTHING = {
    ("issue",): "an issue's number is its name",
    ("issue_short",): "an issue's number is its name",
    ("search",): "the search box's words: the script counts what a query found, in the browser",
    ("claims_filters", "all"): "a filter menu's option for no filter",
    ("claims_filters", "more"): "a button: the script shows that many more rows",
}


def _labels(value, path=()):
    """(key path, text) of every label text, a count's forms each on their own."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _labels(inner, (*path, key))
    elif isinstance(value, (list, tuple)):
        for inner in value:
            yield from _labels(inner, path)
    elif isinstance(value, str):
        yield path, value


def _registered(path, registry) -> bool:
    return any(path[:len(prefix)] == prefix for prefix in registry)


def test_every_generated_count_or_every_all_sentence_is_checked_against_the_data():
    from kb.model.labels import LABELS

    stating = {path for lang in LANGS for path, text in _labels(LABELS[lang]) if UNIVERSAL.search(text)
               or COUNT_SLOT.search(text) or (len(path) > 1 and path[-1] in ("zero", "one", "many"))}
    unchecked = sorted(path for path in stating if not _registered(path, CHECKED) and not _registered(path, STATES_NOTHING))
    assert unchecked == [], f"generated statements with no check against the data: {unchecked} — add one"
    stale = [prefix for prefix in {**CHECKED, **STATES_NOTHING} if not any(_registered(p, {prefix: 0}) for p in stating)]
    assert stale == []


def _sentences(site, catalog):
    """(page, lang, text, the editors wrote it) of each text on a built page, or its description, that claims
    completeness; the editors' are those written in the pages of docs/ (which hold the catalog's prose too)."""
    written = " ".join(re.sub(r"\s+", " ", p.read_text(encoding="utf-8")) for p in (catalog.root / layout.DOCS).rglob("*.md"))
    for path in sorted(site.rglob("*.html")):
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        article = soup.select_one("article.md-content__inner")
        lang = soup.html.get("lang", layout.DEFAULT_LANGUAGE)[:2]
        texts = [*(article.find_all(string=UNIVERSAL) if article else []),
                 *(m["content"] for m in soup.find_all("meta", attrs={"name": "description"}) if UNIVERSAL.search(m["content"]))]
        for text in texts:
            text = re.sub(r"\s+", " ", str(text)).strip(" :：")
            if text:
                yield path.relative_to(site), lang, text, text in written


def _pattern(template: str) -> str:
    """What a label's text reads as once filled in: a number where it counts (`{n}`), anything elsewhere."""
    def slot(match) -> str:
        return "[0-9][0-9,]*" if match[1] in ("n", "shown", "most", "points", "dates") else ".+"
    return re.sub(r"\\\{(\w+)\\\}", slot, re.escape(template))


def test_every_every_all_sentence_of_the_built_site_is_a_checked_statement_or_the_editors(site, catalog):
    """The site's sentences claiming completeness, both languages, every page: one a label writes is one CHECKED
    lists (or one that states nothing); one no label writes is the editors' own (in docs/), never words the code
    writes of its own."""
    from kb.model.labels import LABELS

    labels = {lang: [(path, re.compile(_pattern(text.strip(" :："))))
                     for path, text in _labels(LABELS[lang]) if re.search(r"\w\w", re.sub(r"\{\w+\}", "", text))]
              for lang in LANGS}  # a label of words, not only placeholders (`{name}` reads as anything)
    found, loose = [], []
    for page, lang, text, editors in _sentences(site, catalog):
        writes = [path for path, pattern in labels[lang] if pattern.fullmatch(text)]
        found.append((lang, bool(writes)))
        if (writes and not any(_registered(path, {**CHECKED, **STATES_NOTHING}) for path in writes)) or (not writes and not editors):
            loose.append((str(page), text))
    assert loose == [], "a generated sentence claims completeness and no test checks it: " + repr(loose[:5])
    assert {lang for lang, generated in found if generated} == set(LANGS)  # it sees the labels', in both languages


def _text(element) -> str:
    """What a reader reads of an element, its spaces as one."""
    return re.sub(r"\s+", " ", element.get_text()).strip()


@pytest.mark.parametrize("lang", LANGS)
def test_generated_counts_are_the_datas(pages, catalog, lang):
    """Each count the plugin writes is worked out here again from the catalog: the topics' and entities' indexes,
    a hub's vendor figures and its "more" lines, the ledger's counter, watch entries' ages, reading times, the
    home page's "more" lines and the charts' rule."""
    from kb.base.plural import plural
    from kb.model.labels import LABELS, watch_age
    from kb.model.reading import reading_minutes, weeks_open
    from kb.render import charts
    from kb.render.leads import CHANGES_OVER, CHANGES_SHOWN
    from kb.render.ledgers import CURRENT_CLAIMS
    from kb.render.lists import OPEN_WATCH

    t = LABELS[lang]
    topics = pages.article(layout.TOPICS_INDEX, lang)
    for topic in catalog.topics:
        row = _text(topics.find("a", href=re.compile(rf"(^|/){topic}/")).find_parent("li"))
        assert count(lang, "items", len(catalog.items_of_topic(topic))) in row, row
        assert count(lang, "verdicts", len(catalog.signals_of_topic(topic))) in row, row
        assert count(lang, "open_watch", len(catalog.watch_of_topic(topic, open_only=True))) in row, row
        hub = pages.article(layout.topic_page(topic), lang)
        vendor = [c for i in catalog.items_of_topic(topic) for c in i.claims if c.facts.source_kind == "vendor"]
        figures = plural(t["hub_checks_vendor"], len(vendor))
        checked = sum(bool(c.checked_by) for c in vendor)
        said = plural(t["hub_checks_checked"], checked, vendor=figures) if vendor else figures
        assert _text(hub.select_one("p.kb-checks")).startswith(said), topic
        hidden = [len(catalog.watch_of_topic(topic, open_only=True)) - OPEN_WATCH,
                  len(charts.plan([c for i in catalog.items_of_topic(topic) for c in i.claims])[1]) - charts.LISTED]
        assert [_text(x) for x in hub.select(".kb-more")] == [plural(t["more_in_record"], n) for n in hidden if n > 0]
        note = hub.select_one("p.kb-chart__note")
        assert note is None or _text(note) == t["chart_listed"].format(points=charts.MIN_POINTS, dates=charts.MIN_DATES)
    entities = pages.article(layout.ENTITIES_INDEX, lang)
    for entity in catalog.entities:
        row = _text(entities.find("a", href=re.compile(rf"(^|/){entity}/")).find_parent("li"))
        assert count(lang, "items", len(catalog.items_of_entity(entity))) in row, row
    shown = plural(t["claims_filters"]["shown"], len(catalog.claims), shown=min(len(catalog.claims), CURRENT_CLAIMS))
    assert _text(pages.article(layout.CLAIMS_PAGE, lang).select_one("p.kb-claims-status")).startswith(shown)
    watch = pages.article(layout.WATCH_PAGE, lang)
    for entry in catalog.open_watch():
        assert watch_age(lang, weeks_open(catalog, entry)) in _text(watch.find(href=re.compile(f"#{entry.id}$")).find_parent("li"))
    for issue in catalog.issues:
        minutes = _text(pages.article(issue.page, lang).select_one(".kb-reading-time"))
        assert minutes == t["reading_time"].format(n=reading_minutes(catalog, issue, lang))
    changes = catalog.sequence.changes(CHANGES_OVER)
    groups = [changes.opened, changes.resolved, changes.checks, [c for c in changes.claims if c.checked is None]]
    more = [_text(li) for li in pages.article("index.md", lang).select("li.kb-more")]
    expected = [len(g) - CHANGES_SHOWN for g in groups if len(g) > CHANGES_SHOWN]
    assert [int(re.search(r"[0-9]+", text)[0]) for text in more] == expected and expected, more


def _in_period(day, period: str) -> bool:
    from kb.model.records import month, quarter, year

    return period in (year(day), quarter(day), month(day))


def _owned(catalog, kind: str, owner: str | None):
    """(id, date) of what a record counts, worked out from the catalog: not from kb.model.records."""
    things = {"topic": lambda: catalog.items_of_topic(owner), "entity": lambda: catalog.items_of_entity(owner),
              "archive": lambda: catalog.issues, "watch": lambda: catalog.watch, "signals": lambda: catalog.signals,
              "claims": lambda: catalog.claims}[kind]()
    return [(getattr(x, "id", None) or f"issue-{x.number}", x.issue.facts.published if kind == "watch" else
             x.facts.published if kind == "archive" else x.published) for x in things]


@pytest.mark.parametrize("lang", LANGS)
def test_the_full_record_holds_every_entry_it_counts(pages, catalog, lang):
    """Under each overview "The full record: 2026 (7 items)": each period's count is what the catalog holds of that
    topic, entity or list in that period, the periods together hold all of it, and each record page (whose
    description says it holds every one) links every one."""
    from kb.model.labels import LABELS
    from kb.render.periods import COUNTED, period_label

    t = LABELS[lang]
    overviews = [("topic", o, layout.topic_page(o)) for o in catalog.topics] + [
        ("entity", o, layout.entity_page(o)) for o in catalog.entities] + [
        ("archive", None, layout.ARCHIVE_PAGE), ("watch", None, layout.WATCH_PAGE), ("signals", None, layout.SIGNALS_PAGE),
        ("claims", None, layout.CLAIMS_PAGE)]
    for kind, owner, page in overviews:
        said = _text(pages.article(page, lang).select_one("p.kb-record"))
        assert said.startswith(t["record"]), page
        owned, records = _owned(catalog, kind, owner), catalog.records.of(kind, owner)
        for record in records:
            held = [ident for ident, day in owned if _in_period(day, record.period)]
            assert f"{period_label(lang, record.period)}{t['in_parentheses'].format(count(lang, COUNTED[kind], len(held)))}" in said
            soup = pages.soup(record.page, lang)
            shown = {a["href"].rpartition("#")[2] for a in soup.select("article a[href*='#']")} | {
                x["id"] for x in soup.select("article [id]")}
            assert kind in ("archive", "claims") or set(held) <= shown, (record.page, set(held) - shown)
            if kind == "claims":
                assert len(soup.select("table.kb-claims-ledger tbody tr")) == len(held)
        assert sorted(i for i, day in owned if any(_in_period(day, r.period) for r in records)) == sorted(i for i, _ in owned)


def test_the_open_data_holds_every_record_it_names(pages, site, catalog):
    """The open data page says the export holds every issue, item, figure, topic, entity, verdict and watch entry,
    in both languages: so it does."""
    from kb.model.labels import LABELS

    data = json.loads((site / layout.EXPORT_DIR / layout.EXPORT_FILE).read_text(encoding="utf-8"))
    held = {"issues": catalog.issues, "items": catalog.items, "claims": catalog.claims, "topics": list(catalog.topics),
            "entities": list(catalog.entities), "signals": catalog.signals, "watch": catalog.watch}
    assert {key: len(data[key]) for key in held} == {key: len(value) for key, value in held.items()}
    assert all(set(record["url"]) == set(LANGS) for key in held for record in data[key])
    for lang in LANGS:
        assert LABELS[lang]["open_data_catalog"] in _text(pages.article("data.md", lang))


@pytest.mark.parametrize("lang", LANGS)
def test_the_ledgers_script_says_its_count_as_the_page_does(lang):
    """kb-claims.js counts the rows a filter shows with its own small plural (tests/js/claims.spec.mjs): for the
    forms the page carries, it says what kb.base.plural says, for none, one and many."""
    from test_search_script import node

    from kb.base.plural import plural
    from kb.model.labels import LABELS

    forms = LABELS[lang]["claims_filters"]["shown"]
    script = ("const { register } = await import('node:module'); register('./tests/js/as-module.mjs', "
              "new URL('file://' + process.cwd() + '/')); const c = await import('./overrides/assets/kb-claims.js'); "
              "const forms = JSON.parse(process.argv[1]); "
              "console.log(JSON.stringify([0, 1, 2, 12].map((n) => c.plural(forms, n, { shown: Math.min(n, 1) }))));")
    result = node("--input-type=module", "-e", script, json.dumps(forms))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [plural(forms, n, shown=min(n, 1)) for n in (0, 1, 2, 12)]
