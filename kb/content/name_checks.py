"""Names and titles no reader could tell apart: each names one thing, and none passes for another.

Runs with the cross-checks (kb.content.crosscheck), once every file has been read. Names, aliases and titles are
compared by their skeleton (kb.base.names.skeleton: invisible characters removed, look-alike characters as one,
any case), so an alias written with a Cyrillic letter or a variation selector cannot take another entity's
place in search, and a page cannot take another's title. A clash is reported where the later one is
written, naming the file and line of the first. A word mixing scripts the way no name does (`vLLМ`) is
refused unless data/mixed_script_names.yml lists it. A pick's title, the text of its link, names no other host.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from kb.base.messages import msg
from kb.base.names import default_ignorable, invisible_message, mixed_scripts, name_keys, said
from kb.base.problems import Problem
from kb.base.urls import link_text_problem
from kb.content.crosscheck import record_index
from kb.content.reader import ContentReader, dotted
from kb.model.entries import Entity, Topic
from kb.model.schema import ALL_LANGUAGES, TermFacts
from kb.project import layout
from kb.project.sources import Document
from kb.search.text import as_typed

if TYPE_CHECKING:
    from kb.model.catalog import Catalog


def _names(thing) -> dict[str, str]:
    """Language -> the name of an entity, topic or term (a topic whose page could not be read has none: said)."""
    if isinstance(thing, TermFacts):
        return dict(thing.written)
    return {lang: thing.title(lang) for lang in layout.LANGUAGES
            if isinstance(thing, Entity) or lang in thing.texts or layout.DEFAULT_LANGUAGE in thing.texts}


def _aliases(thing) -> dict[str, list[str]]:
    return thing.aliases if isinstance(thing, TermFacts) else thing.facts.aliases


Owner = tuple[str, str, str]  # the id (or page file) a name is first written for, the name as written, where


def _take(table: dict, keys, entry: Owner) -> Owner | None:
    """Register `entry` under each of `keys` that has no owner yet; the first other owner of one of them, if any."""
    owners = [table.setdefault(key, entry) for key in keys]
    return next((owner for owner in owners if owner[0] != entry[0]), None)


def _where(doc: Document | None, loc, found: str) -> str:
    """`path:line` of `found`, written at `loc` of `doc`."""
    return f"{doc.path}:{doc.line_holding(loc, found)}" if doc is not None else "?"


def _read_as(text: str, other: str):
    """What to say of `text` beside the name `other` it clashes with: that it looks like it, where it is not the
    same text in another case or width; else how search reads it, where that is not as written."""
    if as_typed(text).casefold() != as_typed(other).casefold():
        return msg("read-as-like", other=other)
    return msg("read-as", typed=as_typed(text)) if as_typed(text) != text.lower() else ""


def _name_place(reader: ContentReader, doc, index: dict, thing, lang: str) -> tuple[Document, tuple] | None:
    """(document, key path) where the name of `thing` in `lang` is written."""
    if isinstance(thing, Topic):  # its name is its page's title
        page = reader.pages.get(thing.page, {}).get(lang) or reader.pages[thing.page][layout.DEFAULT_LANGUAGE]
        return page.meta, ("title",)
    if doc is None or thing.id not in index:
        return None
    if isinstance(thing, Entity):
        return doc, ((index[thing.id], "names", lang) if lang in thing.facts.names else (index[thing.id], "name"))
    return doc, (index[thing.id], "written", lang)


def check_names(reader: ContentReader, catalog: Catalog) -> None:
    """Two entities, two topics or two terms never share a name in one language: search would show one facet
    chip for both, and a reader could not tell their pages apart. The later one is reported, where its name is
    written."""
    for registry, things in ((layout.ENTITIES_FILE, catalog.entities), (layout.TOPICS_FILE, catalog.topics),
                             (layout.TERMS_FILE, catalog.terms)):
        doc, index = record_index(reader, catalog, registry)
        first: dict[tuple[str, str], Owner] = {}  # (language, name key) -> who has the name
        for thing in things.values():
            said = set()  # an entity's name, written once for every language: said once
            for lang, name in _names(thing).items():
                place = _name_place(reader, doc, index, thing, lang)
                taken = _take(first, [(lang, key) for key in name_keys(name)],
                              (thing.id, name, _where(*place, name) if place else "?"))
                if taken is None or name in said or place is None:
                    continue
                owner, written, where = taken
                said.add(name)
                message = msg("name-taken", name=name, read_as=_read_as(name, written), owner=owner, where=where)
                reader.problem(*place, dotted(place[1]) if place[0] is doc else "title", message, found=name)
    for entity in catalog.entities.values():  # a page titled by the name a language does not write: left over?
        for lang, name in entity.facts.names.items():
            page = reader.pages.get(entity.page, {}).get(lang)
            if page is not None and lang in entity.texts and entity.texts[lang].title == entity.facts.name:
                reader.problem(page.meta, ("title",), "title", msg("entity-title-not-name", title=entity.facts.name,
                               registry=layout.ENTITIES_FILE, entity=entity.id, name=name, lang=lang),
                               severity="warning", found=entity.facts.name)


def check_aliases(reader: ContentReader, catalog: Catalog) -> None:
    """An alias names one thing, and is not its name already, nor another of its aliases: search would find the
    wrong page or term, or nothing new (and the synonyms map of the search box (overrides/assets/kb-search/query.js) keeps one of two equal aliases).
    Compared by skeleton, so a full-width `ｓｐｅｃｕｌａｔｉｖｅ sampling` is the alias `speculative sampling`, and
    `vLLM` with a Cyrillic `М` or an invisible variation selector is `vLLM`."""
    registries = ((layout.ENTITIES_FILE, catalog.entities), (layout.TOPICS_FILE, catalog.topics),
                  (layout.TERMS_FILE, catalog.terms))
    named: dict[tuple[str, str], Owner] = {}  # (language, name key) -> who has the name
    titles = {}  # (id, language) -> name key -> its name as written
    for registry, things in registries:
        doc, index = record_index(reader, catalog, registry)
        for thing in things.values():
            for lang, name in _names(thing).items():
                # an entity is also searched by its name where a language writes another (Entity.aliases)
                also = [thing.facts.name] if isinstance(thing, Entity) else []
                titles[thing.id, lang] = {key: n for n in (name, *also) for key in name_keys(n)}
                place = _name_place(reader, doc, index, thing, lang)
                for key, written in titles[thing.id, lang].items():
                    named.setdefault((lang, key), (thing.id, written, _where(*place, written) if place else "?"))
    for registry, things in registries:
        doc, index = record_index(reader, catalog, registry)
        if doc is None:
            continue
        for thing in things.values():
            own: dict[tuple[str, str], str] = {}  # (language, name key) -> each alias of `thing` so far
            for language, aliases in _aliases(thing).items():
                langs = layout.LANGUAGES if language == ALL_LANGUAGES else (language,)
                for position, alias in enumerate(aliases):
                    loc, keys = (index[thing.id], "aliases", language, position), name_keys(alias)
                    here = (thing.id, alias, _where(doc, loc, alias))
                    owners = sorted(filter(None, (_take(named, [(lang, k) for k in keys], here) for lang in langs)))
                    name = next((titles[thing.id, lang][k] for lang in langs for k in keys
                                 if k in titles.get((thing.id, lang), ())), None)
                    repeated = next((own[lang, k] for lang in langs for k in keys if (lang, k) in own), None)
                    if owners:
                        owner, written, where = owners[0]
                        reader.problem(doc, loc, dotted(loc), msg("alias-taken", alias=alias, read_as=_read_as(alias, written),
                                                                  owner=owner, where=where), found=alias)
                    elif name is not None:
                        reader.problem(doc, loc, dotted(loc), msg("alias-is-name", alias=alias, read_as=_read_as(alias, name)),
                                       found=alias)
                    elif repeated is not None:
                        reader.problem(doc, loc, dotted(loc), msg("alias-repeated", alias=alias,
                                                                  read_as=_read_as(alias, repeated)), found=alias)
                    own.update({(lang, k): alias for lang in langs for k in keys})


def check_titles(reader: ContentReader, catalog: Catalog) -> None:
    """A plain page (not an issue's, a hub's or an entity's) never takes the title of another page of its language:
    search and the navigation would show two pages as one, and it could pass for an issue. Reported at the plain
    page, naming the other (issues, hubs and entities are told apart by their own checks)."""
    for lang in layout.LANGUAGES:
        first: dict[str, Owner] = {}  # name key -> the page's file, its title, where it is
        for key in sorted(catalog.page_titles, key=lambda k: (k not in reader.claimed, k)):  # pages of records first
            page, title = reader.pages.get(key, {}).get(lang), catalog.page_titles[key].get(lang)
            if page is None or not title:
                continue
            line = _title_line(page, title)
            taken = _take(first, name_keys(title), (page.path, title, f"{page.path}:{line}"))
            if taken and key not in reader.claimed:
                _, written, where = taken
                message = msg("title-taken", title=title, read_as=_read_as(title, written), where=where)
                reader.problems.append(Problem(page.path, line, "title", message, found=title))


def _title_line(page, title: str) -> int:
    """The line of a page's title: its front matter's `title`, or else its first heading."""
    if isinstance(page.meta.data, dict) and "title" in page.meta.data:
        return page.meta.line_of(("title",))
    return next((page.body_first_line + n for n, line in enumerate(page.body.split("\n"))
                 if line.startswith("# ") and title in line), page.body_first_line)


def allowed_mixed(reader: ContentReader) -> set[str]:
    """The words data/mixed_script_names.yml lets mix scripts, each entry checked: a list of names, each mixing
    scripts in a word (one that does not needs no entry), listed once. No file: none."""
    if not (reader.root / layout.MIXED_SCRIPT_FILE).is_file():
        return set()
    doc = reader.yaml_file(layout.MIXED_SCRIPT_FILE)
    if doc is None:
        return set()
    if doc.data is None:
        return set()
    if not isinstance(doc.data, list) or not all(isinstance(name, str) for name in doc.data):
        reader.problem(doc, (), "(top level)", msg("mixed-script-not-a-list"))
        return set()
    listed: set[str] = set()
    for index, name in enumerate(doc.data):
        if name in listed:
            reader.problem(doc, (index,), str(index), msg("mixed-script-listed-twice", name=name), found=name)
        elif mixed_scripts(name) is None:
            reader.problem(doc, (index,), str(index), msg("mixed-script-not-mixed", name=name), found=name)
        listed.add(name)
    return {word for name in listed for word in name.split()}


def check_scripts(reader: ContentReader, catalog: Catalog) -> None:
    """Every name, alias and title is written one script a word (Han with Latin and the like: kb.base.names), but for the
    words data/mixed_script_names.yml lists; a title a page takes from its first heading shows no invisible
    character either (front matter is held to that by kb.model.fields)."""
    allowed = allowed_mixed(reader)
    for doc, loc, text in _named_texts(reader, catalog):
        for word in text.split():
            mixed = None if word in allowed else mixed_scripts(word)
            if mixed:
                scripts = said(mixed[1])
                reader.problem(doc, loc, dotted(loc), msg("mixed-script", word=word, scripts=scripts,
                                                          file=layout.MIXED_SCRIPT_FILE), found=word)
                break
    for key, versions in catalog.page_titles.items():
        for lang, title in versions.items():
            page = reader.pages.get(key, {}).get(lang)
            if page is None or (isinstance(page.meta.data, dict) and "title" in page.meta.data):
                continue
            mixed, invisible = mixed_scripts(title), default_ignorable(title)
            if mixed and mixed[0] not in allowed:
                scripts = said(mixed[1])
                reader.problems.append(Problem(page.path, _title_line(page, title), "title", msg(
                    "mixed-script", word=mixed[0], scripts=scripts, file=layout.MIXED_SCRIPT_FILE), found=mixed[0]))
            if invisible:
                reader.problems.append(Problem(page.path, _title_line(page, title), "title",
                                               invisible_message(invisible), found=invisible))


def _named_texts(reader: ContentReader, catalog: Catalog):
    """(document, key path, text) of every name, alias and title written in data/ and in front matter."""
    for registry, things in ((layout.ENTITIES_FILE, catalog.entities), (layout.TOPICS_FILE, catalog.topics),
                             (layout.TERMS_FILE, catalog.terms)):
        doc, index = record_index(reader, catalog, registry)
        for thing in things.values():
            if doc is None or thing.id not in index:
                continue
            at = index[thing.id]
            if isinstance(thing, Entity):
                yield doc, (at, "name"), thing.facts.name
                yield from ((doc, (at, "names", lang), name) for lang, name in thing.facts.names.items())
            if isinstance(thing, TermFacts):
                yield from ((doc, (at, "written", lang), name) for lang, name in thing.written.items())
            for language, aliases in _aliases(thing).items():
                yield from ((doc, (at, "aliases", language, n), alias) for n, alias in enumerate(aliases))
    for versions in reader.pages.values():
        for page in versions.values():
            meta = page.meta.data if isinstance(page.meta.data, dict) else {}
            if isinstance(meta.get("title"), str):
                yield page.meta, ("title",), meta["title"]
            for section in ("items", "signals", "picks", "watch"):
                entries = meta.get(section) if isinstance(meta.get(section), dict) else {}
                for entry_id, text in entries.items():
                    if isinstance(text, dict) and isinstance(text.get("title"), str):
                        yield page.meta, (section, entry_id, "title"), text["title"]


def check_link_texts(reader: ContentReader, catalog: Catalog) -> None:
    """A pick's title is the text of its link (kb.render.issue_page): it names no other host than its `url` opens.
    (A source's name is held to the same where both are written, in kb.model.schema.)"""
    for issue in catalog.issues:
        for pick in issue.picks:
            for lang, text in issue.texts.items():
                written = text.picks.get(pick.id)
                problem = link_text_problem(written.title, pick.facts.url) if written else None
                page = reader.pages.get(issue.page, {}).get(lang)
                if problem and page is not None:
                    loc = ("picks", pick.id, "title")
                    reader.problem(page.meta, loc, dotted(loc), problem, found=written.title)
