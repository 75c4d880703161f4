"""`kb check`: every problem of the content tree, without building the site."""
from __future__ import annotations

from pathlib import Path

from kb.base.problems import ContentError, Problem
from kb.content.files import content_file_problems
from kb.content.loading import load_catalog, shared_parses
from kb.content.report import locate
from kb.model.catalog import Catalog
from kb.project import layout
from kb.project.translations import translation_states


def default_pages(root: Path) -> list[str]:
    """docs-relative names of every page written in the default language."""
    docs = root / layout.DOCS
    keys = {layout.split_language(p.relative_to(docs).as_posix()) for p in docs.rglob("*.md")}
    return sorted(key for key, lang in keys if lang == layout.DEFAULT_LANGUAGE)


def check(root: Path | str) -> tuple[list[Problem], Catalog | None]:
    """All errors and warnings, sorted by file and line, and the catalog if it loaded."""
    root = Path(root)
    refused = content_file_problems(root)
    if refused:  # links and files of other kinds are not read, not even to date a translation
        return locate(refused, root), None
    try:
        catalog = load_catalog(root, files=shared_parses())
        problems = list(catalog.warnings)
    except ContentError as error:
        catalog, problems = None, list(error.problems)
    problems += [t.as_problem() for t in translation_states(root, default_pages(root)) if t.status == "outdated"]
    problems = locate(problems, root)
    problems.sort(key=lambda p: (p.path, p.line or 0, p.column or 0, p.field))
    return problems, catalog
