"""What search knows about each page beyond its text: facets, the result line, other names.

From the catalog, per language, for every built page that search indexes:
- the filters a reader narrows results by (Pagefind filters), in the page's
  language: topic, category, year, entity, and who measured its figures;
- what a result's line shows: issue, date, category (Pagefind metadata);
- the aliases of its topics and entities (data/), indexed with its text, so the
  Chinese name of a company finds the entity page, the hub and the items.

An issue page is searched as one record per item (the item's own facets,
landing on its anchor) and one for the rest of the page. Values come only from
the validated catalog: nothing a page writes becomes a facet (the sanitizer
strips Pagefind's attributes from content; kb.publish.firewall lets only these filter
and metadata names into the index). kb.search.index escapes every value.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from kb.model.catalog import Catalog
from kb.model.entries import Issue, Item, aliases_in
from kb.model.labels import LABELS
from kb.model.schema import ALL_LANGUAGES
from kb.project import layout
from kb.search.ranking import KNOBS
from kb.search.folding import fold_table
from kb.search.text import as_typed, glossary_names, is_paired
from kb.search.words import FACTOR, PERCENT, STOP_WORDS

# The filters a reader narrows results by, in the order the search panel shows them. `kind`, every record's
# (KINDS), names a result's type on its row, and its counts add up to the count line.
FACETS = ("topic", "category", "year", "entity", "source", "kind")
# What a record is (LABELS[lang]["search"]["kinds"] names each): an issue page without its items, an item, a
# hub, an entity page, a record page (kb.model.records), any other page.
KINDS = ("issue", "item", "topic", "entity", "record", "page")
# Metadata a result's line shows (kb-search/), and `kind` (KINDS: its row's type label, and whether its other
# names are its own); `url`: where an item's record lands; `versions`: see kb.search.text.
RESULT_META = ("issue", "date", "category", "kind")
RECORD_META = (*RESULT_META, "url", "versions")
ITEM_FOLDER = "_item"  # an item's record is indexed as <issue page>/_item/<id>/ (no page of the site has this name)
# The id of a record's aliases, indexed after its text (kb.search.index): Pagefind gives where it starts, and
# kb-search/ takes excerpts from the text before it (the last element with this id: a page's own is its text).
NAMES_ANCHOR = "kb-names"


@dataclass(frozen=True)
class Facets:
    """The filters, metadata and other names of one search record."""

    filters: dict[str, tuple[str, ...]] = field(default_factory=dict)
    meta: dict[str, str] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()  # other names of the record's topics and entities
    names_the_page: bool = False  # the aliases are the page's own (a hub, an entity page): they weigh like its title


@dataclass(frozen=True)
class PageRecords:
    page: Facets  # the page; an issue page without its items
    items: dict[str, Facets] = field(default_factory=dict)  # item id -> the item's own record, in page order


def item_record_url(page_url: str, item_id: str) -> str:
    """Where Pagefind keeps an item's record (its `url` metadata is the item's anchor on its page)."""
    return f"{page_url}{ITEM_FOLDER}/{item_id}/"


def search_url(page: str, lang: str) -> str:
    """A page's URL as Pagefind records it: from the site's root, with a leading slash."""
    return "/" + layout.language_home(lang) + layout.page_url(page)


def search_records(catalog: Catalog, lang: str) -> dict[str, PageRecords]:
    """Built HTML file (site-relative) -> its search records, for every page of `lang` with facets."""
    records: dict[str, PageRecords] = {}
    kinds = LABELS[lang]["search"]["kinds"]

    def add(page: str, kind: str, facets: Facets, items: dict[str, Facets] | None = None) -> None:
        facets = replace(facets, filters={**facets.filters, "kind": (kinds[kind],)}, meta={**facets.meta, "kind": kind})
        records[layout.built_file(page, lang)] = PageRecords(facets, items or {})

    for issue in catalog.issues:
        items = {item.id: _item_facets(catalog, item, lang) for item in issue.items}
        add(issue.page, "issue", _issue_facets(catalog, issue, lang), items)
    # A hub's and an entity page's own names, its name in the language first, weigh as its title (NAME_WEIGHT):
    # its <h1> alone weighs no more than the <h1> of an item's record, which holds the name in its title and
    # again in its text, and outscored the hub for the hub's own name.
    for topic in catalog.topics.values():
        add(topic.page, "topic", Facets({"topic": (topic.title(lang),)},
                                        aliases=tuple(dict.fromkeys([topic.title(lang), *topic.aliases(lang)])),
                                        names_the_page=True))
    for entity in catalog.entities.values():
        add(entity.page, "entity", Facets({"entity": (entity.title(lang),)},
                                          aliases=tuple(dict.fromkeys([entity.title(lang), *entity.aliases(lang)])),
                                          names_the_page=True))
    for record in catalog.records.pages:
        filters = {"year": (record.period[:4],)}
        if record.kind in ("topic", "entity"):
            owner = (catalog.topics if record.kind == "topic" else catalog.entities)[record.owner]
            filters[record.kind] = (owner.title(lang),)
        add(record.page, "record", Facets(filters))
    for page in catalog.pages:  # the rest: home, the watch list, the ledgers, the indexes
        if layout.built_file(page, lang) not in records:
            add(page, "page", Facets())
    return records


def _issue_facets(catalog: Catalog, issue: Issue, lang: str) -> Facets:
    """The rest of an issue page: its verdicts, quick takes, picks and watch entries."""
    topics = [t for thing in (*issue.signals, *issue.quick_takes, *issue.picks) for t in thing.facts.topics]
    topics += [entry.facts.topic for entry in issue.watch]
    filters = {"topic": _titles(catalog, topics, lang), "year": (str(issue.facts.published.year),)}
    # the topics its signals' label lines name (not indexed: kb.render.issue_page), searched, never shown
    names = tuple(dict.fromkeys(catalog.topics[t].title(lang) for signal in issue.signals for t in signal.facts.topics
                                if t in catalog.topics))
    return Facets(_present(filters), _issue_meta(issue), names)


def _item_facets(catalog: Catalog, item: Item, lang: str) -> Facets:
    words = LABELS[lang]
    category = words["category"][item.facts.category]
    topics = [catalog.topics[t] for t in item.facts.topics]
    entities = [catalog.entities[e] for e in item.facts.entities]
    filters = {
        "topic": _titles(catalog, item.facts.topics, lang),
        "category": (category,),
        "year": (str(item.published.year),),
        "entity": tuple(e.title(lang) for e in entities),
        "source": tuple(dict.fromkeys(words["source_kind"][c.facts.source_kind] for c in item.claims)),
    }
    filters["kind"] = (words["search"]["kinds"]["item"],)
    # the names its label lines write (Source: … Topics: … Mentions: …, kept out of the indexed text so that no
    # excerpt is stitched from them: kb.render.issue_page), and their other names: searched, never shown
    sources = [source.name for source, _ in catalog.sources_with_roles(item)]
    names = [*sources, *(thing.title(lang) for thing in (*topics, *entities))]
    aliases = dict.fromkeys([*names, *(alias for thing in (*topics, *entities) for alias in thing.aliases(lang))])
    return Facets(_present(filters), {**_issue_meta(item.issue), "category": category, "kind": "item"}, tuple(aliases))


def _issue_meta(issue: Issue) -> dict[str, str]:
    return {"issue": str(issue.number), "date": issue.facts.published.isoformat()}


def _titles(catalog: Catalog, topic_ids, lang: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(catalog.topics[t].title(lang) for t in topic_ids if t in catalog.topics))


def _present(filters: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    return {name: values for name, values in filters.items() if values}


def site_search_records(catalog: Catalog) -> dict[str, PageRecords]:
    """search_records of every language, for kb.search.index."""
    return {file: records for lang in layout.LANGUAGES for file, records in search_records(catalog, lang).items()}


def term_aliases(terms, lang: str) -> dict[str, str]:
    """Each alias of the terms of data/terms.yml (kb.model.schema.TermFacts) that a `lang` reader may type, as
    kb-search/ matches it (NFKC, lower case) -> the term as the site writes it in `lang`."""
    return {as_typed(alias): term.written[lang]
            for term in terms for language, aliases in term.aliases.items() if lang in term.written
            and language in (ALL_LANGUAGES, lang) for alias in aliases}


def spelling_words(named, terms, lang: str) -> list[str]:
    """The words of every name and alias a `lang` reader may search `named` (topics, entities) and `terms`
    (data/terms.yml) by, as written, each once: kb-search/ (respelled) searches a query that finds nothing
    again with a word one letter off one of these in its place (lama.cpp: llama.cpp)."""
    names = [name for thing in named for name in (thing.title(lang), *thing.aliases(lang))]
    names += [name for term in terms if lang in term.written
              for name in (term.written[lang], *aliases_in(term.aliases, lang))]
    return sorted({word for name in names for word in name.split() if any(c.isalpha() for c in word)})


def search_vocabulary(catalog: Catalog, lang: str, glossary: str, texts=()) -> dict:
    """What kb-search/ reads a `lang` query by once it finds nothing as typed: the names of the abbreviations
    in `glossary` (the language's snippets/abbreviations*.md; kb.search.text.glossary_names), the other ways
    readers write the terms of data/terms.yml (term_aliases), the words of the names of topics, entities
    and terms that a misspelt query is read as (spelling_words), the words a query may set aside and how it may
    write a factor (kb.search.words), and the topics an empty result suggests ([title, site-relative URL]).
    Where the language is indexed as Chinese, also the table folding traditional characters and regional
    phrases to the simplified ones of its pages' `texts` (kb.search.folding)."""
    terms = catalog.terms.values()
    home = layout.language_home(lang)
    vocabulary = {"terms": glossary_names(glossary), "synonyms": term_aliases(terms, lang),
                  "names": spelling_words([*catalog.topics.values(), *catalog.entities.values()], terms, lang),
                  "stop_words": list(STOP_WORDS.get(lang, ())), "factor": FACTOR.get(lang),
                  "percent": PERCENT.get(lang),
                  "topics": [[topic.title(lang), home + layout.page_url(topic.page)] for topic in catalog.topics.values()]}
    if is_paired(lang):
        vocabulary["fold"] = fold_table(texts)
    return vocabulary


def language_pages(site: Path, lang: str):
    """The text of each built HTML page of `lang` in `site` (a language without a folder of its own: every page
    outside the other languages' folders)."""
    home = layout.language_home(lang)
    others = [layout.language_home(other) for other in layout.LANGUAGES if other != lang and layout.language_home(other)]
    for path in sorted((site / home).rglob("*.html")):
        relative = path.relative_to(site).as_posix()
        if not any(relative.startswith(other) for other in others):
            yield path.read_text(encoding="utf-8")


def write_search_vocabulary(catalog: Catalog, site: Path, glossaries: dict[str, str]) -> None:
    """Each language's search_vocabulary at layout.SEARCH_VOCABULARY (`glossaries`: language -> its glossary)."""
    for lang in layout.LANGUAGES:
        path = site / layout.SEARCH_VOCABULARY.format(lang=lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        texts = language_pages(site, lang) if is_paired(lang) else ()
        data = search_vocabulary(catalog, lang, glossaries.get(lang, ""), texts)
        path.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")), encoding="utf-8")


def panel_labels(lang: str) -> dict:
    """What kb-search/ writes in the results panel of a `lang` search: the facets' button and each facet's
    name (in the panel's order), a result's issue line and its note for a result holding the query's words
    apart, the line saying a misspelt query was read as a name, the button listing more results, and the link
    to search another language's pages for a query that finds nothing here, with each language's name."""
    words = LABELS[lang]["search"]
    return {"narrow": words["narrow"], "facets": [[name, words["facets"][name]] for name in FACETS],
            "issue": LABELS[lang]["issue_short"].replace("{n}", "#"), "apart": words["apart"],
            "respelled": words["respelled"], "more": words["more"], "elsewhere": words["elsewhere"], "kinds": words["kinds"],
            "dropped": words["dropped"], "dropped_some": words["dropped_some"], "folded": words["folded"], "suggest": words["suggest"],
            "topics_link": words["topics"], "topics_url": layout.language_home(lang) + layout.page_url(layout.TOPICS_INDEX),
            "languages": LABELS[lang]["language_name"]}


def search_box(lang: str) -> dict:
    """What the search box of a `lang` page says (overrides/partials/search.html): its name, what its panel
    says in each language (panel_labels: a page uses its own; the 404 page, served at every missing address,
    the language of the address), where the language's search vocabulary is (layout.SEARCH_VOCABULARY), for
    readers without JavaScript, links to the issues and topics, each language's home, and what results are
    ranked and shown by (kb.search.ranking.KNOBS)."""
    words = LABELS[lang]["search"]
    home = layout.language_home(lang)
    links = {"issues": home + layout.page_url(layout.ARCHIVE_PAGE), "topics": home + layout.page_url(layout.TOPICS_INDEX)}
    no_script = []  # (text, site-relative link or None), in reading order
    for part in re.split(r"(\{issues\}|\{topics\})", words["no_script"]):
        name = part.strip("{}")
        no_script.append((words[name], links[name]) if part in ("{issues}", "{topics}") else (part, None))
    return {"lang": lang, "dialog": words["dialog"], "panel": {other: panel_labels(other) for other in layout.LANGUAGES},
            "no_script": no_script, "vocabulary": layout.SEARCH_VOCABULARY, "names_anchor": NAMES_ANCHOR,
            "homes": {other: layout.language_home(other) for other in layout.LANGUAGES}, "ranking": KNOBS}
