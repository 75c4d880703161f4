"""The output firewall: every file of a built site, checked for what content must never get onto it.

Whatever the checker and the sanitizer missed, a built site may hold only:
- HTML pages built from docs/ (and the theme's 404 page), with no script but
  the theme's own (inline ones only by their hash, listed in kb.publish.csp; files
  only the theme's and the project's assets), no <link> to another site or
  loading anything but the theme's and the project's files, the site's own
  Content-Security-Policy first in every page's head and no other
  <meta http-equiv>, no event handler, no javascript:/data: address, no
  element that embeds or redirects, and no attribute that acts (Material's
  copy button, Pagefind's metadata);
- the project's generated files: feeds (well-formed, descriptions without
  markup), sitemaps, the open data export (valid JSON), Pagefind's index (no
  page's search title other than its heading), each issue's email (kb.publish.email_rules: parsed, its HTML
  part under the pages' rules and stricter ones);
- the theme's static files, byte for byte.

Anything else is a finding, with the built file and the source it came from.
Reads only files: it works for any generator that writes the same outputs.
"""
from __future__ import annotations

import gzip
import json
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from kb.base.forked import in_halves
from kb.base.problems import Problem
from kb.project import layout
from kb.project.theme import Theme
from kb.publish.csp import INLINE_SCRIPTS, POLICY
from kb.publish.email_rules import email_problems, png_problems
from kb.publish.html_rules import Scripts, first_element, inspect_html
from kb.search.bundle import SHARDS_FILE, is_search_file, shards_problems
from kb.search.pagefind_format import fragment_files, read_fragment
from kb.search.records import FACETS, RECORD_META
from kb.search.text import as_indexed

CARD_SIZE = (1200, 630)  # a share card's (kb.publish.cards)
ISSUE_EMAIL = re.compile(r"\A(?:[a-z]+/)?[a-z]+/\d+/issue-(\d+)\.([a-z]+)\.eml")  # fullmatch: \A keeps a search linear
PAGEFIND_META = {"title", "image", "image_alt", *RECORD_META}  # Pagefind's own, and kb.search.records'


def built_pages(catalog) -> dict[str, str]:
    """Every HTML file a build writes -> the source a reader's page comes from (its translation if there is one)."""
    pages = dict(layout.THEME_PAGES)
    for record in catalog.records.pages:
        for lang in layout.LANGUAGES:
            pages[layout.built_file(record.page, lang)] = f"(generated record page) {record.page}"
    for page in catalog.page_titles:
        for lang in layout.LANGUAGES:
            source = layout.localized(page, lang)
            if not (catalog.root / layout.DOCS / source).is_file():
                source = page
            pages[layout.built_file(page, lang)] = f"{layout.DOCS}/{source}"
    return pages


class Firewall:
    """Findings in a built site, in two parts: `site_problems` (every file but the search index's) and then
    `search_index_problems` (pagefind/), so a build can check its pages while its search index is made.
    `pages`: built HTML file -> the source it comes from; `topics`: topic ids (feeds); `base_path`: where the
    site is served, for root-relative addresses (404.html has them); `docs`: the folder pages come from, to
    name the source of a file copied from it; `split`: whether it may fork (kb.base.forked)."""

    def __init__(self, site: Path, theme: Theme, pages: dict[str, str], topics: list[str], base_path: str = "/",
                 docs: Path | None = None, split: bool = False, site_url: str | None = None,
                 cards: set[str] = frozenset(), policy: str = POLICY, entities: list[str] = ()):
        self.site = Path(site)
        self.cards = cards  # the share cards the build draws (kb.publish.cards.card_files)
        self.site_url = site_url  # where an email's images may come from (kb.publish.email_rules)
        self.split = split  # half of the files checked in a forked copy: only for a caller with no other thread
        self.theme = theme
        self.pages = pages
        self.docs = docs
        self.known: dict[str, bool] = {}
        self.scripts = Scripts(self._known_file, frozenset(INLINE_SCRIPTS),
                               "/" + base_path.strip("/") + "/" if base_path.strip("/") else "/", site_url, policy)
        self.generated = _generated_files(topics, entities)  # their feeds, like the topics'
        self.headings: dict[str, str] = {}  # page -> its heading as indexed, for its search record

    def site_problems(self) -> list[Problem]:
        """Every file but the search index's, half in a forked copy when `split`: a build writes the emails its copy
        did not before it checks the site, and the search index is done by then, where it once took every core
        (measured: bench/README.md, kb/publish/firewall.py)."""
        index = self.site / layout.INDEX_FOLDER
        return self._files((path for path in self.site.rglob("*") if not path.is_relative_to(index)), self.split)

    def search_index_problems(self) -> list[Problem]:
        """After site_problems: the search index's files, and its records' titles against the pages'."""
        return (self._files((self.site / layout.INDEX_FOLDER).rglob("*"), self.split)
                + _search_titles(self.site, self.headings, self.split))

    def _known_file(self, rel: str) -> bool:  # a script file the theme or Pagefind wrote (asked once per file)
        if rel not in self.known:
            path, origin = self.site / rel, self.theme.static_file(rel)
            self.known[rel] = path.is_file() and (_is_search_file(rel)
                                                  or (origin is not None and origin.read_bytes() == path.read_bytes()))
        return self.known[rel]

    def _files(self, paths, split: bool) -> list[Problem]:
        """The findings in each file, the files shared in turn with a forked copy when `split` (kb.base.forked), where
        nothing else takes the second core (measured: bench/README.md, kb/publish/firewall.py)."""
        problems = []
        # by kind, then name: both take files of each kind (by name alone, a folder's page and its email alternate,
        # and in halves one took the pages, the other the emails)
        for rel, found, heading in filter(None, in_halves(sorted(paths, key=lambda p: (p.suffix, str(p))), self._file,
                                                          split, in_turn=True)):
            problems += found
            if heading is not None:
                self.headings[rel] = heading
        return problems

    def _file(self, path: Path) -> tuple[str, list[Problem], str | None] | None:
        """The file's path in the site, its findings, and its heading if it is a page (None for a folder)."""
        if not (path.is_file() or path.is_symlink()):
            return None
        rel = path.relative_to(self.site).as_posix()
        copied = self.docs is not None and (self.docs / rel).exists()
        source = self.pages.get(rel) or (f"{self.docs.name}/{rel}" if copied else f"(built) {rel}")
        problems, heading = [], None

        def finding(what: str, todo: str) -> None:
            problems.append(Problem(source, None, "firewall", f"{rel}: {what} — {todo}"))

        if path.is_symlink():
            finding("is a symbolic link", "nothing published may point elsewhere")
        elif rel.endswith(".html"):
            if rel not in self.pages:
                finding("is not built from a page of docs/", "publish pages as Markdown in docs/, nothing else")
            page = inspect_html(path.read_bytes(), rel, self.scripts)
            heading = as_indexed(page.heading, page.lang)  # what its search record's title must be
            for what in page.findings:
                finding(what, "remove it from the page's source")
        elif rel.startswith(f"{layout.INDEX_FOLDER}/"):
            if not _is_search_file(rel):
                finding("is not a file the search index writes", "remove it")
            elif rel == f"{layout.INDEX_FOLDER}/{SHARDS_FILE}":
                for what in shards_problems(path):
                    finding(what, "fix kb.search.bundle, which writes it")
        elif rel in self.cards:
            for what in png_problems(path.read_bytes(), CARD_SIZE):
                finding(what, "fix kb.publish.cards, which draws it")
        elif rel.endswith(".eml"):
            if not _is_issue_email(rel, self.pages):
                finding("is not the email of an issue built from data/issues/", "remove it")
            for what in email_problems(path.read_bytes(), self.site_url):
                finding(what, "fix kb.publish.email_issue, which writes it")
        elif rel in self.generated:
            for what in self.generated[rel](path):
                finding(what, "fix what the generated file is written from")
        else:
            origin = self.theme.static_file(rel)
            if origin is None or origin.read_bytes() != path.read_bytes():
                finding("does not come from an allowed source (a page, the theme, the project's generated files)",
                        "remove it: docs/ publishes Markdown pages only")
        return rel, problems, heading


def firewall(site: Path, theme: Theme, pages: dict[str, str], topics: list[str], base_path: str = "/",
             docs: Path | None = None, cards: set[str] = frozenset(), site_url: str | None = None,
             entities: list[str] = ()) -> list[Problem]:
    """Findings in `site` (Firewall, both parts); `site_url`: its own address (absolute <link>s, emails)."""
    check = Firewall(site, theme, pages, topics, base_path, docs, cards=cards, site_url=site_url, entities=entities)
    return check.site_problems() + check.search_index_problems()


def sitemap_home(site: Path) -> str | None:
    """The address a built site gives itself: its sitemap's shortest <loc> (the home page), None without one."""
    try:
        tree = ElementTree.parse(site / "sitemap.xml")
    except (OSError, ElementTree.ParseError):
        return None
    locs = [loc.text.strip() for loc in tree.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc") if loc.text]
    return min(locs, key=len, default=None)


def _is_issue_email(rel: str, pages: dict[str, str]) -> bool:
    """Whether `rel` is the name kb.project.layout gives an issue's email in some language, next to a built issue page."""
    match = ISSUE_EMAIL.fullmatch(rel)
    return bool(match) and rel == layout.issue_email(int(match[1]), match[2]) and rel.rpartition("/")[0] + "/index.html" in pages


def _generated_files(topics: list[str], entities: list[str] = ()) -> dict:
    """Each file the build generates (kb.project.layout.generated_files) -> how its content is checked."""
    gzipped_xml = lambda path: _xml_problems(path, gzip.decompress(path.read_bytes()))  # noqa: E731
    return {path: _json_problems if path.endswith(".json") else gzipped_xml if path.endswith(".xml.gz") else _xml_problems
            for path in layout.generated_files(topics, entities)}


def _xml_problems(path: Path, data: bytes | None = None) -> list[str]:
    try:
        tree = ElementTree.fromstring(path.read_bytes() if data is None else data)
    except ElementTree.ParseError as error:
        return [f"is not well-formed XML ({error})"]
    found = []
    for description in tree.iter("description"):  # RSS readers render it as HTML
        element = first_element(description.text or "")
        if element:
            found.append(f"a description holds markup: <{element}>")
    return found


def _json_problems(path: Path) -> list[str]:
    try:
        json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as error:
        return [f"is not valid JSON ({error})"]
    return []


def _is_search_file(rel: str) -> bool:
    """Whether the site's file `rel` is one the search index writes (kb.search.bundle says which)."""
    return rel.startswith(f"{layout.INDEX_FOLDER}/") and is_search_file(rel[len(layout.INDEX_FOLDER) + 1:])


def _search_titles(site: Path, headings: dict[str, str], split: bool) -> list[Problem]:
    """Pagefind's record of a page may hold only its own title, the metadata Pagefind finds itself and the
    filters and metadata of kb.search.records. The records shared in turn with a forked copy when `split`."""
    problems = []
    for url, extra, title in in_halves(fragment_files(site / layout.INDEX_FOLDER), _record_title, split, in_turn=True):
        rel = url.lstrip("/") + ("index.html" if url.endswith("/") else "")
        if extra or (rel in headings and title != headings[rel]):
            problems.append(Problem(f"(built) {rel}", None, "firewall",
                                    f"{layout.INDEX_FOLDER}/: the search record of {url} has metadata the page does not show "
                                    f"({', '.join(extra) or 'its title'}) — remove data-pagefind-* attributes from content"))
    return problems


def _record_title(path: Path) -> tuple[str, list[str], str]:
    """A search record's URL, the metadata and filters it has that no page may give it, and its title as
    indexed, whitespace dropped (only these go back from the copy: the records' text took longer to send than
    to read). Compared with its page's heading written as that page's language is indexed (kb.search.text
    .as_indexed), never read back: a record does not say its language, and reading an English page's 关于 as
    Chinese pairs cut it to 关, refusing any page shown untranslated on the English site."""
    record = read_fragment(path)
    extra = (set(record.get("meta", {})) - PAGEFIND_META) | (set(record.get("filters", {})) - set(FACETS))
    return record["url"], sorted(extra), "".join(record.get("meta", {}).get("title", "").replace("\u200b", " ").split())
