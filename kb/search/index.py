"""The site's search index: Pagefind over the built pages, as kb.search.text and kb.search.records shape them.

Each built page is read with the firewall's HTML parser (Lexbor) for what Pagefind indexes of it: its
data-pagefind-body (overrides/main.html), without the elements marked data-pagefind-ignore. It is handed to
Pagefind in memory (kb.search.pagefind_service), as HTML records:
- every page with its search record's filters and metadata (kb.search.records) in hidden elements before its
  body, each value the text of its own element, HTML-escaped (a value may hold commas and colons, and comes
  from data/);
- the aliases of its topics and entities at the end of its body (a hub's and an entity page's own aliases
  weigh as much as its title: kb.search.ranking.NAME_WEIGHT);
- an issue page as one record per item (at <page>/_item/<id>/, landing on the item's anchor through the `url`
  metadata) and one for the rest of the page;
- Chinese pages as character pairs under the language code `qaa` (kb.search.text).

Each language is indexed in runs of at most SHARD_BYTES of records (kb.search.ranking), each indexed as soon
as it is full, and kb.search.bundle puts the runs together, one bundle per run (kb-search/ merges them in
the browser). Pagefind holds a whole run in memory, at many times the text it indexes, and scores a query's
results in time that grows with the square of the results of a run (each result page scans every page entry
of every term); in runs, both grow with the archive only linearly.

Works on the built HTML and the catalog's records, so it does not depend on the site generator.
"""
from __future__ import annotations

import html as htmllib
import queue
import shutil
import tempfile
import threading
from collections.abc import Callable, Mapping
from pathlib import Path

from selectolax.lexbor import LexborHTMLParser, LexborNode

from kb.project import layout
from kb.search.bundle import STAND_IN, assemble_bundles, finish_runs
from kb.search.pagefind_format import fragment_files, read_fragment
from kb.search.pagefind_service import write_index
from kb.search.ranking import NAME_WEIGHT, SHARD_BYTES
from kb.search.records import NAMES_ANCHOR, Facets, PageRecords, item_record_url
from kb.search.text import INDEX_LANGUAGE, chinese_pairs, versions

BODY = "[data-pagefind-body]"  # overrides/main.html: what Pagefind indexes of a page
IGNORED = "[data-pagefind-ignore]"  # what it leaves out: the generated lists of hubs, entity pages and ledgers
ITEM_HEADING = "h3.kb-item"  # an item's heading on an issue page (kb.render.issue_page); its section runs to
SECTION_END = "h2, h3"  # the next of these


def _outermost(nodes: list[LexborNode], root: LexborNode) -> list[LexborNode]:
    """The nodes not inside another of them (under `root`)."""
    marked = {node.mem_id for node in nodes}
    outer = []
    for node in nodes:
        parent = node.parent
        while parent is not None and parent.mem_id != root.mem_id and parent.mem_id not in marked:
            parent = parent.parent
        if parent is None or parent.mem_id not in marked:
            outer.append(node)
    return outer


def _item_sections(body: LexborNode, item_ids) -> list[tuple[str, LexborNode, list[LexborNode]]]:
    """(item id, its heading, the nodes of its section) of each item of `item_ids` on an issue page's body, in
    page order: from its <h3> to the next <h2> or <h3> (or what holds one: a node's css_first finds itself too)."""
    sections = []
    for heading in body.css(ITEM_HEADING):
        item_id = heading.attributes.get("id")
        if item_id not in item_ids or any(item_id == seen for seen, _, _ in sections):
            continue
        nodes, node = [], heading.next
        while node is not None and not (node.is_element_node and node.css_first(SECTION_END) is not None):
            nodes.append(node)
            node = node.next
        sections.append((item_id, heading, nodes))
    return sections


def _record(lang: str, body: str, text: str, facets: Facets, as_indexed: Callable[[str], str]) -> str:
    """What Pagefind reads of one record: its language, its filters and metadata (as written: they are
    shown), its body (HTML, `text` its text) as indexed, and its aliases at the end. Nothing else of the page
    is indexed, so nothing else is handed over (an issue's seven item records would each copy its navigation)."""
    named = versions(text)
    elements = [f'<span data-pagefind-filter="{name}">{htmllib.escape(value)}</span>'
                for name, values in facets.filters.items() for value in values]
    meta = {**facets.meta, "versions": named} if named else facets.meta
    elements += [f'<span data-pagefind-meta="{name}">{htmllib.escape(value)}</span>' for name, value in meta.items()]
    aliases = ""
    if facets.aliases:
        weight = f' data-pagefind-weight="{NAME_WEIGHT}"' if facets.names_the_page else ""
        aliases = (f'<p hidden id="{NAMES_ANCHOR}"{weight}>'
                   f'{as_indexed(" · ".join(htmllib.escape(a) for a in facets.aliases))}</p>')
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"></head><body>'
            f'<div hidden>{"".join(elements)}</div><div data-pagefind-body>{as_indexed(body)}{aliases}</div>'
            '</body></html>')


def page_records(rel: str, html: str, records: PageRecords | None) -> tuple[str, dict[str, str]]:
    """(the language code a built page is indexed under, its records: where Pagefind would find each as a
    file, site-relative -> the HTML Pagefind reads). No records for a page Pagefind indexes nothing of."""
    tree = LexborHTMLParser(html)
    lang = (tree.root.attributes.get("lang") or "en").split("-")[0].lower() if tree.root is not None else "en"
    code = INDEX_LANGUAGE.get(lang, lang)
    body = tree.css_first(BODY)
    if body is None:
        return code, {}  # a redirect page
    as_indexed = chinese_pairs if lang in INDEX_LANGUAGE else str
    for node in _outermost(body.css(IGNORED), body):
        node.decompose()
    records = records or PageRecords(Facets())
    page_url = "/" + rel.removesuffix("index.html")
    found = {}
    sections = _item_sections(body, records.items)
    for item_id, heading, nodes in sections:
        facets = records.items[item_id]
        facets = Facets(facets.filters, {**facets.meta, "url": f"{page_url}#{item_id}"}, facets.aliases)
        target = item_record_url(page_url, item_id).lstrip("/") + "index.html"
        content = "".join(node.html for node in nodes)
        text = " ".join([heading.text(separator=" "), *(node.text(separator=" ") for node in nodes)])
        found[target] = _record(code, f"<h1>{heading.inner_html}</h1>{content}", text, facets, as_indexed)
    for _, heading, nodes in sections:
        for node in (heading, *nodes):
            node.decompose()
    found[rel] = _record(code, body.inner_html, body.text(separator=" "), records.page, as_indexed)
    return code, found


class Runs:
    """Records of the pages of `site` in runs of their language, in the order the pages arrive: a run is cut as
    soon as its records fill it (`full_runs`), so that it is indexed while later pages are still being written,
    and the rest once the language is whole (`last_runs`). A run: (its language, its name, its records: (url,
    HTML in UTF-8), in the order of their files' paths, as the Pagefind command line numbers them)."""

    def __init__(self, site: Path, records: Mapping[str, PageRecords]):
        self.site = site
        self.records = records
        self.waiting: dict[str, list[tuple[str, bytes]]] = {}  # index language -> records not in a run yet:
        # (file, HTML)
        self.runs_cut: dict[str, int] = {}  # index language -> its runs so far
        self.whole: set[str] = set()  # index languages whose last run is cut

    def add(self, path: Path) -> None:
        """A built page's records (a page not written, or with nothing Pagefind indexes, has none)."""
        try:
            html = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return  # mkdocs writes no file for an empty page
        rel = path.relative_to(self.site).as_posix()
        code, found = page_records(rel, html, self.records.get(rel))
        if not found:
            return  # Pagefind would index nothing of it (a redirect page): it says nothing of its language
        if code in self.whole:  # its runs would miss this page's words
            raise ValueError(f"{path}: a page indexed as {code!r} was written after that language was "
                             "indexed; index each language whole, once its pages are all written")
        # as UTF-8 until Pagefind reads them: a str of Chinese takes two bytes a character, markup included
        self.waiting.setdefault(code, []).extend((file, record.encode("utf-8")) for file, record in found.items())

    def full_runs(self, shard_bytes: int) -> list[tuple[str, str, list[tuple[str, bytes]]]]:
        """The runs that the records so far fill (a run is full when its next record would take it past
        `shard_bytes`): (index language, run, its records), in order; each holds a stand-in record."""
        runs = []
        for code, waiting in self.waiting.items():
            while True:
                filled = 0
                for end, (_, html) in enumerate(waiting):
                    if filled and filled + len(html) > shard_bytes:
                        break
                    filled += len(html)
                else:
                    break  # not full yet
                runs.append(self._run(code, waiting[:end], stand_in=True))
                del waiting[:end]
        return runs

    def last_runs(self) -> list[tuple[str, str, list[tuple[str, bytes]]]]:
        """The languages so far are whole: the rest of each as its last run (with a stand-in record if the
        language has runs before it)."""
        runs = [self._run(code, waiting, stand_in=self.runs_cut.get(code, 0) > 0)
                for code, waiting in self.waiting.items() if waiting]
        self.whole.update(self.waiting)
        self.waiting = {}
        return runs

    def _run(self, code: str, records: list[tuple[str, bytes]], stand_in: bool):
        name = f"{code}-{self.runs_cut.get(code, 0)}"
        self.runs_cut[code] = self.runs_cut.get(code, 0) + 1
        files = dict(records)
        if stand_in:  # what a word this run lacks is made to find (kb.search.bundle.finish_runs)
            files[f"{STAND_IN}/index.html"] = (f'<!DOCTYPE html><html lang="{code}"><head><meta charset="utf-8"></head>'
                                               f"<body><div data-pagefind-body><p>{STAND_IN}</p></div></body></html>"
                                               ).encode("utf-8")
        return code, name, [("/" + file.removesuffix("index.html"), files[file]) for file in sorted(files)]


class SearchRuns:
    """The Pagefind runs of the pages `pages` gathers, indexed in `work` as they fill and finished by language.

    Runs are indexed one at a time on a thread of their own, so that reading the next pages (Python) can go on
    while Pagefind indexes a run (kb.search.site_index lets it once the site is written). One Pagefind at a time:
    each holds its run in memory."""

    def __init__(self, pages: Runs, work: Path, shard_bytes: int = SHARD_BYTES):
        self.pages = pages
        self.work = work
        self.shard_bytes = shard_bytes
        self.threads = 1  # Pagefind's threads: one while the build runs beside it on the other core (use_cores)
        self.indexed: dict[str, list[Path]] = {}  # index language -> its runs' bundles, in order
        self.finished: set[str] = set()  # index languages whose runs are finished (all, once a build is done)
        self.hidden: list[str] = []  # the stand-in records' ids
        self._tasks: queue.Queue = queue.Queue()  # runs to index, and languages to finish, in order
        self._failure: BaseException | None = None
        threading.Thread(target=self._work, daemon=True).start()

    def use_cores(self, threads: int) -> None:
        """Nothing else runs beside the index any more: later runs take `threads` threads."""
        self.threads = max(1, threads)

    def index_full_runs(self) -> None:
        for run in self.pages.full_runs(self.shard_bytes):
            self._tasks.put(run)

    def finish_languages(self) -> None:
        """Index the rest of every language gathered so far, and finish their runs (`wait` for it)."""
        self.index_full_runs()
        for run in self.pages.last_runs():
            self._tasks.put(run)
        self._tasks.put(None)

    def wait(self) -> None:
        """Until every run handed over is indexed and every language finished; raises what stopped it."""
        self._tasks.join()
        if self._failure is not None:
            raise self._failure

    def _work(self) -> None:
        while True:
            run = self._tasks.get()
            try:
                if self._failure is None:
                    self._index(*run) if run is not None else self._finish()
            except BaseException as failure:  # noqa: B036 — reported by wait(), in the thread that waits
                self._failure = failure
            finally:
                self._tasks.task_done()

    def _finish(self) -> None:
        for code, bundles in self.indexed.items():
            if code not in self.finished:
                self.hidden += finish_runs(bundles)
                self.finished.add(code)

    def _index(self, code: str, name: str, records: list[tuple[str, bytes]]) -> None:
        bundle = self.work / "bundles" / name
        write_index(((url, html.decode("utf-8")) for url, html in records), bundle, self.threads)
        self.indexed.setdefault(code, []).append(bundle)


def site_pages(site: Path) -> list[Path]:
    """Every HTML page of `site`, in path order: what is indexed (the index's own folder holds none of them)."""
    return sorted(path for path in site.rglob("*.html") if not path.is_relative_to(site / layout.INDEX_FOLDER))


def write_search_index(site: Path, runs: Mapping[str, list[Path]], hidden: list[str]) -> None:
    """Put finished runs together as site/pagefind/, written whole: nothing else may sit in its folder."""
    shutil.rmtree(site / layout.INDEX_FOLDER, ignore_errors=True)
    assemble_bundles(dict(runs), site / layout.INDEX_FOLDER, hidden)


def build_search_index(site: Path | str, records: Mapping[str, PageRecords] | None = None,
                       shard_bytes: int = SHARD_BYTES) -> None:
    """Index every HTML page of `site` into site/pagefind/, with `records` (built file -> its search records)."""
    site = Path(site)
    with tempfile.TemporaryDirectory() as work:
        runs = SearchRuns(Runs(site, records or {}), Path(work), shard_bytes)
        for path in site_pages(site):
            runs.pages.add(path)
        runs.finish_languages()
        runs.wait()
        write_search_index(site, runs.indexed, runs.hidden)


def search_fragments(site_root: Path) -> dict[str, dict]:
    """Pagefind's record of every indexed page, by URL: its text, title and anchors (an item's record by
    its own URL, <page>/_item/<id>/)."""
    return {record["url"]: record for record in map(read_fragment, fragment_files(site_root / layout.INDEX_FOLDER))}
