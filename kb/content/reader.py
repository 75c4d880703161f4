"""Reading content files and validating them, with every problem at its file and line.

A `ContentReader` reads data/ and docs/ once for one catalog load, validates
what it reads against the models of kb.model.schema, and collects problems rather
than stopping at the first, so a contributor sees them all at once.
"""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from pydantic import BaseModel, ValidationError

from kb.base.limits import MAX_ABBREVIATIONS_PER_GLOSSARY, MAX_ABBREVIATIONS_PER_PAGE, markdown_problems
from kb.base.messages import Message, msg, words
from kb.base.problems import Problem
from kb.content.files import snippet_problems
from kb.content.schema_errors import explain
from kb.markup.glossary import plain_data_problems
from kb.markup.safety import check_markup, snippet_names
from kb.markup.templates import check_template
from kb.model.fields import SLUG
from kb.project import layout
from kb.project.sources import Document, FileCache, MarkdownPage, read_markdown, read_text, read_yaml
from kb.search.text import glossary_clashes

SHOWN_ID = re.compile(r"[\w.-]{1,60}")  # an id (or what stands for one) shown beside a record's position
PLACEHOLDER = "TODO"  # what `kb new` writes where a contributor must write something


class ContentReader:
    def __init__(self, root: Path, files: FileCache):
        self.root = root
        self.files = files  # parsed files, reused when unchanged since an earlier load
        self.problems: list[Problem] = []
        self.unreadable = False  # a file whose facts could not be loaded at all
        # registry file (data/topics.yml, ...) -> the ids of its records that were refused, or None where the file
        # could not be read as a list at all: each is reported where it is written (may_hold)
        self.refused: dict[str, set[str] | None] = {}
        self.pages: dict[str, dict[str, MarkdownPage]] = defaultdict(dict)  # page -> language -> page
        self.claimed: set[str] = set()  # pages read as the prose of an issue, topic or entity
        # (page, language) of pages that exist but could not be read (broken front matter): reported, and not
        # reported again as missing
        self.unread_pages: set[tuple[str, str]] = set()
        # each YAML file read, by path: problems the cross-checks find point at its lines. Only the reader keeps
        # them (the catalog keeps none), so a load that keeps no parses (FileCache) frees them with the reader.
        self.documents: dict[str, Document] = {}

    def problem(self, doc_or_path, loc, field_name: str, message: Message, severity: str = "error",
                found: str | None = None, suggestions: tuple[str, ...] = ()) -> None:
        """A problem at `loc` of a parsed file (its line; `found`, the text at fault, its column), or of a file."""
        if isinstance(doc_or_path, Document):
            self.problems.append(doc_problem(doc_or_path, loc, field_name, message, severity, found=found,
                                             suggestions=suggestions))
        else:
            self.problems.append(Problem(doc_or_path, None, field_name, message, severity, found, suggestions=suggestions))

    def refuse(self, registry: str, raw=None, whole: bool = False) -> None:
        """Note that the record `raw` of `registry` (or, `whole`, the file) was refused, as reported."""
        if whole:
            self.refused[registry] = None
            return
        if self.refused.get(registry, set()) is None:
            return
        record_id = raw.get("id") if isinstance(raw, dict) else raw
        if isinstance(record_id, str):
            self.refused.setdefault(registry, set()).add(record_id)
        elif isinstance(raw, dict):  # no id to read (`- ident: vllm`): it may be any of the slugs it holds
            self.refused.setdefault(registry, set()).update(
                value for value in raw.values() if isinstance(value, str) and re.fullmatch(SLUG, value))

    def may_hold(self, registry: str, record_id: str) -> bool:
        """Whether `record_id` may be a record of `registry` that was refused: a reference to it is not reported
        as unknown (one broken line of data/entities.yml is one problem, not one for every item naming an entity)."""
        ids = self.refused.get(registry, set())
        return ids is None or record_id in ids

    def validate(self, model: type[BaseModel], doc: Document, data=None, loc=()):
        """The model built from `data` (part of `doc` at `loc`), or None with each schema error reported at its line."""
        key = (model, loc)
        if key not in doc.validated:  # models are frozen: one may serve every catalog read from this doc
            before = len(self.problems)
            result = self._validate(model, doc, doc.data if data is None else data, loc)
            doc.validated[key] = (result, self.problems[before:])
            return result
        result, problems = doc.validated[key]
        self.problems += problems
        return result

    def _validate(self, model: type[BaseModel], doc: Document, data, loc):
        placeholders = list(_placeholders(data, loc))
        for where in placeholders:
            self.problem(doc, where, dotted(where), msg("placeholder"), found=PLACEHOLDER)
        try:
            return model.model_validate(data)
        except ValidationError as error:
            for e in error.errors():
                where = loc + tuple(e["loc"])
                if any(where[: len(p)] == p for p in placeholders):
                    continue  # said once already
                said = explain(e, model, tuple(e["loc"]))
                self.problems.append(doc_problem(doc, where, dotted(where) or "(top level)", said.message,
                                                 found=said.found, suggestions=said.suggestions,
                                                 replacement=said.replacement, fixable=said.fixable, hint=said.hint))
            return None

    def yaml_file(self, rel: str) -> Document | None:
        path = self.root / rel
        if not path.is_file():
            self.problem(rel, None, "file", msg("file-missing"))
            return None
        doc, problem = self.files.get(read_yaml, path, self.root)
        if problem:
            self.problems.append(problem)
        else:
            self.documents[rel] = doc
        return doc

    def document(self, rel: str) -> Document:
        """The parse of the YAML file `rel`, read by this reader."""
        return self.documents[rel]

    def prefetch(self) -> None:
        """Parse every page and data file the load reads now, in two processes (FileCache.prefetch)."""
        data = [self.root / rel for rel in (layout.TOPICS_FILE, layout.ENTITIES_FILE, layout.OUTLETS_FILE, layout.TERMS_FILE)]
        jobs = [(checked_page, path) for path in sorted((self.root / layout.DOCS).rglob("*.md"))]
        jobs += [(read_yaml, path) for path in [*data, *sorted((self.root / layout.ISSUES_DATA).glob("*.yml"))]]
        self.files.prefetch([(parse, path) for parse, path in jobs if path.is_file()], self.root)

    def read_pages(self) -> None:
        docs = self.root / layout.DOCS
        for path in sorted(docs.rglob("*.md")):
            name_problem = page_name_problem(path.relative_to(docs).as_posix())
            if name_problem:
                self.problem(path.relative_to(self.root).as_posix(), None, "page", name_problem)
                if path.name.endswith(f".{layout.DEFAULT_LANGUAGE}.md"):
                    continue  # about.zh.md would be read as about.md (and the build would crash on it)
            page, problems = self.files.get(checked_page, path, self.root)
            self.problems += problems
            key, lang = layout.split_language(path.relative_to(docs).as_posix())
            if page is None:
                self.unread_pages.add((key, lang))
                continue
            for line, name in snippet_names(page.body):
                self.problems += snippet_problems(self.root, page.path, page.body_first_line + line - 1, name)
            self.pages[key][lang] = page
        for key, versions in self.pages.items():
            if layout.DEFAULT_LANGUAGE not in versions and (key, layout.DEFAULT_LANGUAGE) not in self.unread_pages:
                for page in versions.values():
                    self.problem(page.path, None, "page", msg("page-translates-nothing", page=f"{layout.DOCS}/{key}"))

    def read_snippets(self) -> None:
        """Snippets are appended to or included in pages: they are plain data (kb.markup.glossary)."""
        for path in sorted((self.root / layout.SNIPPETS).rglob("*.md")):
            text, problem = self.files.get(read_text, path, self.root)
            rel = path.relative_to(self.root).as_posix()
            glossary = rel in {layout.localized(layout.GLOSSARY, lang) for lang in layout.LANGUAGES}
            over = [] if problem else [Problem(rel, p.line, p.field, p.message, found=p.found) for p in markdown_problems(
                text, MAX_ABBREVIATIONS_PER_GLOSSARY if glossary else MAX_ABBREVIATIONS_PER_PAGE)]
            if over:  # the other rules read it once it is within the limits
                self.problems += over
                continue
            self.problems += [problem] if problem else [
                Problem(rel, line, field, message, found=found) for line, field, message, found in plain_data_problems(text)]
            if not problem and glossary:
                self.problems += [Problem(rel, line, "glossary", message, found=found)
                                  for line, message, found in glossary_clashes(text)]

    def prose(self, model, page_key: str, what: Message) -> tuple[dict, dict]:
        """Front matter of every language version of a page, validated by `model`."""
        self.claimed.add(page_key)
        texts, docs = {}, {}
        versions = self.pages.get(page_key, {})
        if layout.DEFAULT_LANGUAGE not in versions and (page_key, layout.DEFAULT_LANGUAGE) not in self.unread_pages:
            self.problem(f"{layout.DOCS}/{page_key}", None, "page",
                         msg("page-no-chinese", what=what, page=f"{layout.DOCS}/{page_key}"))
        for lang, page in versions.items():
            text = self.validate(model, page.meta)
            if text is not None:
                texts[lang], docs[lang] = text, page.meta
        return texts, docs


def checked_page(path: Path, root: Path) -> tuple[MarkdownPage | None, list[Problem]]:
    """A page and what is wrong in it on its own (syntax, markup, placeholders)."""
    page, problem = read_markdown(path, root)
    if page is None:
        return None, [problem]
    over = [Problem(page.path, page.body_first_line + p.line - 1, p.field, p.message, found=p.found)
            for p in markdown_problems(page.body)]
    if over:  # the other rules read it once it is within the limits (kb.base.limits)
        return page, over
    problems = check_template(page) + check_markup(page)
    for number, line in enumerate(page.body.splitlines(), page.body_first_line):
        if line.lstrip().startswith(PLACEHOLDER):
            problems.append(Problem(page.path, number, "text", msg("placeholder-text"), found=PLACEHOLDER))
    return page, problems


def page_name_problem(page: str) -> Message | None:
    """What is wrong with the name of a docs-relative page file, if anything.

    The i18n plugin reads what follows a page name's last dot as its language: the default language's
    pages have none (about.zh.md stops the build), and a language the site does not build is never
    published (watch.fr.md); any other dot in a name would be read as a language too.
    """
    stem = page.rsplit("/", 1)[-1].removesuffix(".md")
    base, dot, suffix = stem.rpartition(".")
    if not dot:
        return None
    others = [lang for lang in layout.LANGUAGES if lang != layout.DEFAULT_LANGUAGE]
    if suffix in others and "." not in base:
        return None
    if suffix == layout.DEFAULT_LANGUAGE:
        return msg("page-name-default-suffix", lang=layout.DEFAULT_LANGUAGE, name=f"{base}.md")
    plain = base.replace(".", "-")
    if suffix in others:
        return msg("page-name-dots", name=f"{plain}.{suffix}.md")
    names = [msg("page-name-in", name=f"{plain}.md", lang=layout.DEFAULT_LANGUAGE)]
    names += [msg("page-name-in", name=f"{plain}.{lang}.md", lang=lang) for lang in others]
    return msg("page-name-language", suffix=suffix, names=words(names, "or"))


def dotted(loc) -> str:
    return ".".join(str(part) for part in loc)


def _placeholders(data, loc=()):
    """Where `kb new` placeholders are still in `data`."""
    if isinstance(data, str) and data.lstrip().startswith(PLACEHOLDER):
        yield loc
    elif isinstance(data, dict):
        for key, value in data.items():
            if isinstance(key, str) and key.startswith(PLACEHOLDER):
                yield loc + (key,)
            else:
                yield from _placeholders(value, loc + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _placeholders(value, loc + (index,))


def doc_problem(doc: Document, loc, field_name: str, message: Message, severity: str = "error", **details) -> Problem:
    """A problem at `loc` of a parsed file: the line that holds the text at fault (`found`), or the key's line."""
    found = details.get("found")
    line = doc.line_holding(loc, found) if found else doc.line_of(loc)
    return Problem(doc.path, line, field_name, message, severity, names=named_steps(doc.data, field_name), **details)


def named_steps(data, field_name: str) -> tuple[tuple[object, str | None], ...]:
    """The steps of a key path (`items.4.category`), each list position as a number with the id of the record
    there (`(("items", None), (4, "loopvq"), ("category", None))`): how kb.content.report names a place."""
    steps, here = [], data
    for part in field_name.split(".") if field_name else ():
        if isinstance(here, list) and part.isdigit() and int(part) < len(here):
            here = here[int(part)]
            record = here.get("id") if isinstance(here, dict) else here
            steps.append((int(part), record if isinstance(record, str) and SHOWN_ID.fullmatch(record) else None))
            continue
        steps.append((part, None))
        if not isinstance(here, list):  # `topics.1` of data/topics.yml: `topics` is the file's name for its list
            here = here.get(part) if isinstance(here, dict) else None
    return tuple(steps)
