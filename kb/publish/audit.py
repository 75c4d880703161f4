"""`kb audit`: prove that a built site lost nothing and links nowhere broken.

Every item, verdict, quick take, pick, watch entry and claim must be on its
page in every language, with its title and source links, and in the search index;
every internal link and anchor of every HTML file — the theme's and the
templates' included, which mkdocs itself does not check — must resolve.
Reads only the built files: it works for any generator that keeps the URLs.
"""
from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

from kb.base.problems import Problem
from kb.model.catalog import Catalog
from kb.project import layout
from kb.search.index import search_fragments
from kb.search.records import item_record_url
from kb.search.text import is_paired, readable

LINK_ATTRIBUTES = {("a", "href"), ("link", "href"), ("script", "src"), ("img", "src"), ("source", "src")}


@dataclass
class HtmlFile:
    ids: set[str] = field(default_factory=set)
    links: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)


class _Reader(HTMLParser):
    def __init__(self, out: HtmlFile):
        super().__init__(convert_charrefs=True)
        self.out = out
        self.skip = 0  # inside <script>/<style>

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("id", "name") and value:
                self.out.ids.add(value)
            if (tag, name) in LINK_ATTRIBUTES and value:
                self.out.links.append(value)
        if tag in ("script", "style"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.out.text.append(data)


class Site:
    def __init__(self, root: Path):
        self.root = root
        self._files: dict[str, HtmlFile] = {}

    def html(self, rel: str) -> HtmlFile | None:
        if rel not in self._files:
            path = self.root / rel
            if not path.is_file():
                return None
            parsed = HtmlFile()
            _Reader(parsed).feed(path.read_text(encoding="utf-8", errors="replace"))
            self._files[rel] = parsed
        return self._files[rel]

    def all_html(self) -> list[str]:
        return sorted(p.relative_to(self.root).as_posix() for p in self.root.rglob("*.html"))


def audit(catalog: Catalog, site_root: Path | str, base_path: str = "/") -> list[Problem]:
    """`base_path`: where the site is served, for root-relative links (404.html has them)."""
    site = Site(Path(site_root))
    problems = _audit_content(catalog, site)
    problems += _audit_links(site, "/" + base_path.strip("/") + "/" if base_path.strip("/") else "/")
    return problems


def _audit_content(catalog: Catalog, site: Site) -> list[Problem]:
    problems: list[Problem] = []
    index = search_fragments(site.root)
    if not index:
        problems.append(Problem(f"{layout.INDEX_FOLDER}/", None, "search", "has no indexed page — the build lost the search index"))

    def expect(ok: bool, rel: str, what: str):
        if not ok:
            problems.append(Problem(rel, None, "audit", what))

    def record_of(rel: str, item_id: str | None = None) -> dict:
        """The page's search record, or an item's own (kb.search.index: one record per item)."""
        url = "/" + rel.removesuffix("index.html")
        return index.get(item_record_url(url, item_id) if item_id else url, {})

    def indexed(rel: str, anchor: str, title: str, lang: str, what: str, item: bool = False):
        record = record_of(rel, anchor if item else None)
        ids = {a.get("id") for a in record.get("anchors", [])}
        lands = record.get("meta", {}).get("url", "").endswith(f"#{anchor}") if item else (
            anchor in ids or not record.get("anchors"))
        found = _squash(title) in _indexed(record, lang) and lands
        expect(found, f"{layout.INDEX_FOLDER}/", f"{what} ({lang}) is not in the search index")

    for lang in layout.LANGUAGES:
        for issue in catalog.issues:
            rel = layout.built_file(issue.page, lang)
            page = site.html(rel)
            if page is None:
                expect(False, rel, f"issue {issue.number} ({lang}) was not built")
                continue
            text = _squash(" ".join(page.text))
            for entry in (*issue.items, *issue.signals, *issue.quick_takes, *issue.picks):
                title = entry.title(lang)
                expect(entry.id in page.ids, rel, f"{entry.section} `{entry.id}` has no anchor on its page")
                expect(_squash(title) in text, rel, f"{entry.section} `{entry.id}`: its title is not on its page")
                indexed(rel, entry.id, title, lang, f"{entry.section} `{entry.id}`", item=entry in issue.items)
            for claim in (claim for item in issue.items for claim in item.claims):
                expect(claim.id in page.ids and _squash(claim.text(lang)) in text, rel,
                       f"claim `{claim.id}` is not listed under its item")
            for item in issue.items:
                record = record_of(rel, item.id)
                for source in catalog.sources(item):
                    expect(_squash(source.name) in text, rel, f"item `{item.id}`: source `{source.name}` is not on the page")
                    expect(_squash(source.name) in _indexed(record, lang), f"{layout.INDEX_FOLDER}/",
                           f"item `{item.id}` ({lang}): source `{source.name}` is not in the search index")
                    if source.url:
                        expect(source.url in page.links, rel, f"item `{item.id}`: source link {source.url} is missing")
        _audit_records(catalog, site, lang, expect, indexed)  # reports through `expect`, like the checks above
    return problems


def _audit_records(catalog: Catalog, site: Site, lang: str, expect, indexed) -> None:
    """Everything the overviews no longer list is on a record page, each record page is linked from its
    overview, and every item is reachable from each of its hubs and entity pages."""
    records = catalog.records
    overview = {"archive": layout.ARCHIVE_PAGE, "watch": layout.WATCH_PAGE, "signals": layout.SIGNALS_PAGE,
                "claims": layout.CLAIMS_PAGE}
    for record in records.pages:
        rel = layout.built_file(record.page, lang)
        page = site.html(rel)
        if page is None:
            expect(False, rel, f"the record page {record.page} ({lang}) was not built")
            continue
        links = {link.split("#", 1)[1] for link in page.links if "#" in link}
        text = _squash(" ".join(page.text))
        home = catalog.topics[record.owner].page if record.kind == "topic" else (
            catalog.entities[record.owner].page if record.kind == "entity" else overview[record.kind])
        home_page = site.html(layout.built_file(home, lang))
        target = layout.page_url(record.page).rstrip("/").rsplit("/", 1)[-1]
        expect(home_page is not None and any(link.rstrip("/").endswith(target) for link in home_page.links),
               layout.built_file(home, lang), f"does not link its record page {record.page}")
        for item in records.items(record):
            expect(item.id in links, rel, f"item `{item.id}` is not on its record page")
        for signal in records.signals(record):
            expect(signal.id in links, rel, f"verdict `{signal.id}` is not on its record page")
        for claim in records.claims(record):
            expect(_squash(claim.text(lang)) in text, rel, f"claim `{claim.id}` is not in the claims ledger's record")
        for issue in records.issues(record):
            expect(any(link.rstrip("/").endswith(layout.issue_stem(issue.number)) for link in page.links), rel,
                   f"issue {issue.number} is not on its record page")
        if record.kind == "watch":
            for entry in records.watch(record):
                expect(entry.id in page.ids, rel, f"watch entry `{entry.id}` is not on the watch list's record")
                indexed(rel, entry.id, entry.title(lang), lang, f"watch entry `{entry.id}`")


def _squash(text: str) -> str:
    """Text without whitespace (and the zero-width spaces Pagefind puts between words)."""
    return "".join(text.replace("\u200b", " ").split())


def _indexed(record: dict, lang: str) -> str:
    """A search record's text as _squash gives it, Chinese as written (a Chinese page's record holds character
    pairs; an English page's, even one shown untranslated, its text as it is)."""
    content = record.get("content", "")
    return _squash(readable(content) if is_paired(lang) else content)


def _audit_links(site: Site, base_path: str) -> list[Problem]:
    problems = []
    for rel in site.all_html():
        page = site.html(rel)
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue
            target, anchor = urldefrag(link)
            target = unquote(urlsplit(target).path)
            if target.startswith("/"):
                if not target.startswith(base_path):
                    problems.append(Problem(rel, None, "link", f"{link} is outside {base_path}, where the site is served"))
                    continue
                target = "/" + target.removeprefix(base_path)  # from the site's root
            if target:
                here = "/" if target.startswith("/") else posixpath.dirname(rel)
                resolved = posixpath.normpath(posixpath.join(here, target)).lstrip("/")
                if resolved.startswith(".."):
                    problems.append(Problem(rel, None, "link", f"{link} points outside the site"))
                    continue
                if (site.root / resolved).is_dir() or link.endswith("/"):
                    resolved = posixpath.join(resolved, "index.html")
            else:
                resolved = rel
            if not (site.root / resolved).is_file():
                problems.append(Problem(rel, None, "link", f"{link} is broken — nothing at {resolved}"))
            elif anchor and resolved.endswith(".html") and anchor not in site.html(resolved).ids:
                problems.append(Problem(rel, None, "link", f"{link} points at a missing anchor #{anchor}"))
    return problems
