"""Where each page of docs/ is published: nowhere the build writes something else (a check of the catalog's load,
kb.content.loading)."""
from __future__ import annotations

from collections import defaultdict

from kb.base.messages import Message, msg
from kb.content.reader import ContentReader
from kb.model.catalog import Catalog
from kb.project import layout
from kb.project.theme import Theme


def check_built_paths(reader: ContentReader, catalog: Catalog) -> None:
    """Each page of docs/ is published where nothing else is, in every language: not over a file or folder
    the build generates (kb.project.layout.generated_paths), in the theme's folders of static files (kb.project.theme), over
    a record page (kb.model.records) or another page, even one differing only by case (one file on macOS and
    Windows, and in a checkout there)."""
    reserved = {path.casefold(): _clash(path, what) for path, what in layout.generated_paths(list(catalog.topics), list(catalog.entities)).items()}
    for folder in Theme.of_project(reader.root).static_folders():
        reserved[f"{folder}/".casefold()] = msg("clash-theme-folder", path=f"{folder}/")
    for record in catalog.records.pages:
        for lang in layout.LANGUAGES:
            reserved[layout.built_file(record.page, lang).casefold()] = msg("clash-record-page", path=record.page)
    published: dict[str, dict[str, str]] = defaultdict(dict)  # casefolded built file -> page -> where
    for key in sorted(reader.pages):
        for lang in layout.LANGUAGES:
            built, home, url = layout.built_file(key, lang), layout.language_home(lang), layout.page_url(key)
            # the page's file, a generated file named like the page's folder, or a reserved folder it is in
            clash = next((reserved[path] for path in (built.casefold(), f"{home}{url}".rstrip("/").casefold(),
                                                      *(home + f for f in _folders(url.casefold())))
                          if path in reserved), None)
            if clash:
                for page in reader.pages[key].values():
                    reader.problem(page.path, None, "page", msg("published-over", url=f"{home}{url}", clash=clash))
                break
            if lang == layout.DEFAULT_LANGUAGE:  # other languages publish the same names, under their folder
                published[built.casefold()].setdefault(key, url)
    for keys in published.values():
        for key, where in keys.items() if len(keys) > 1 else ():
            others = ", ".join(f"{layout.DOCS}/{other}" for other in keys if other != key)
            for page in reader.pages[key].values():
                reader.problem(page.path, None, "page", msg("published-as-another", url=where, others=others))


def _clash(path: str, what: str) -> Message:
    """What the build writes at `path`, as kb.project.layout.generated_paths says (`the folder of the en site`)."""
    if what == "the theme's page":
        return msg("clash-theme-page", path=path)
    if what == "the search index's folder":
        return msg("clash-search-index", path=path)
    if what.startswith("the folder of the "):
        return msg("clash-language-site", lang=what.split()[-2], path=path)
    return msg("clash-generated-file", path=path)


def _folders(url: str) -> list[str]:
    """pagefind/about/ -> ["pagefind/", "pagefind/about/"]: the folders a page's URL is in, its own included."""
    parts = url.rstrip("/").split("/") if url else []
    return ["/".join(parts[:n]) + "/" for n in range(1, len(parts) + 1)]
