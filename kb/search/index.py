"""The site's search index: Pagefind over the built pages, as kb.search.text and kb.search.records shape them.

Pagefind reads a staged copy of the site, so the published pages are untouched:
- every page with its search record's filters and metadata (kb.search.records)
  in hidden elements before its body, each value the text of its own element,
  HTML-escaped (a value may hold commas and colons, and comes from data/);
- the aliases of its topics and entities at the end of its body (a hub's and an
  entity page's own aliases weigh as much as its title);
- an issue page as one record per item (staged at <page>/_item/<id>/, landing on
  the item's anchor through the `url` metadata) and one for the rest of the page;
- Chinese pages as character pairs under the language code `qaa` (kb.search.text).

Each language is indexed in runs of at most SHARD_BYTES of staged pages, each
indexed as soon as it is full, and kb.search.pagefind_files puts the runs together as
one bundle per run (kb-search.js merges them in the browser). Pagefind holds a
whole run in memory, about 25× the text it indexes (8 MB: 211 MB), so one run
over a 1,040-issue archive would need about 1.5 GB; and it scores a query's
results in time that grows with the square of the results of a run (each result
page scans every page entry of every term). In runs, both grow with the archive
only linearly.

Works on the built HTML and the catalog's records, so it does not depend on the site generator.
"""
from __future__ import annotations

import gzip
import html as htmllib
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Mapping
from pathlib import Path

from kb.project import layout
from kb.search.pagefind_files import assemble_bundles, finish_runs
from kb.search.scratch import scratch_root
from kb.search.records import NAMES_ANCHOR, Facets, PageRecords, item_record_url
from kb.search.text import INDEX_LANGUAGE, chinese_pairs, versions

HTML_LANG = re.compile(r'(<html[^<>]*\blang=")([a-z]++)(?:-[^"<>]*+)?(")')  # pages escape `<` in attributes
BODY_START = "<div data-pagefind-body>"  # overrides/main.html
BODY_END = re.compile(r"</div>\s*</article>")  # the last ends the body: one scan (`start(.*)end` was quadratic)
TAG = re.compile(r"<[^<>]*+>")
# A start or end tag, its attributes read with their quotes (a ">" or a name inside a quoted value is text).
ELEMENT_TAG = re.compile(r"""<(/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*/?>""")
IGNORED_ATTRIBUTE = re.compile(r"""\sdata-pagefind-ignore(?=[\s=/>]|$)""")
QUOTED = re.compile(r""""[^"]*"|'[^']*'""")
VOID_ELEMENTS = frozenset("area base br col embed hr img input link meta source track wbr".split())
NAME_WEIGHT = 7  # a hub's or entity page's own aliases weigh as an <h1> (Pagefind's default for h1)
# Staged HTML per Pagefind run. Measured at 520 issues: 38 MB of Chinese records peaked at 766 MB in one run;
# in runs of 16 MB the largest peaked at 488–514 MB, of 8 MB at 303 MB. Pagefind runs beside the build (kb.search.site_index),
# so its peak adds to the build's: at 1,040 issues the build, its second process and Pagefind held 1,249 MB
# together with 16 MB runs and 994 MB with 8 MB runs. A query matching 2,129 of 3,635 items took 106–112 ms to
# score in one run and 27–38 ms over half of them. Each run costs a first query one more word chunk per term
# (at 520 issues: 227 KB in 16 MB runs, 245–262 KB in 8 MB runs). Those runs held the lists Pagefind leaves out;
# staged without them (without_ignored), 8 MB runs took the 1,040-issue build to 1,128 MB. With runs indexed as
# they fill, Pagefind runs while the build holds a language's pages: in two builds each, 6 MB runs peaked at 950
# and 1,042 MB, 5 MB at 975 and 964 MB, 4 MB at 941 and 908 MB (1,040 issues, 103–124 s).
SHARD_BYTES = 4 * 2**20
# Each run of a language with several runs holds a stand-in record here: the words of the language that the run
# lacks find it (kb.search.pagefind_files.finish_runs). It is never shown (kb-search.js drops it by its id).
STAND_IN = "_kb-vocabulary"


def _item_sections(body: str, item_ids) -> dict[str, tuple[int, int]]:
    """Item id -> (start, end) of its section in an issue page's body: from its <h3> to the next <h2> or <h3>."""
    sections = {}
    for item_id in item_ids:
        start = body.find(f'<h3 class="kb-item" id="{htmllib.escape(item_id)}">')
        if start < 0:
            continue
        following = re.compile(r"<h[23][ >]").search(body, start + 3)
        sections[item_id] = (start, following.start() if following else len(body))
    return sections


def without_ignored(body: str) -> str:
    """`body` without the elements Pagefind leaves out (data-pagefind-ignore: the generated lists of hubs,
    entity pages and ledgers, which repeat the issue pages). Pagefind would read and drop them; staged, they
    were 56% of the Chinese and 59% of the English HTML at 520 issues, and they filled runs by their size
    though a run's memory follows the text it indexes (8 MB of such lists: 21 MB; of indexed text: 211 MB)."""
    if "data-pagefind-ignore" not in body:
        return body
    kept, cut, depth, name = [], 0, 0, ""
    for tag in ELEMENT_TAG.finditer(body):
        closing, tag_name = tag.group(1), tag.group(2).lower()
        if depth:  # inside an ignored element: count its own kind of tag until it closes
            if tag_name == name:
                depth += -1 if closing else 1
                if not depth:
                    cut = tag.end()
            continue
        if not closing and tag_name not in VOID_ELEMENTS and IGNORED_ATTRIBUTE.search(QUOTED.sub('""', tag.group(3))):
            kept.append(body[cut:tag.start()])
            depth, name = 1, tag_name
    if not depth:
        kept.append(body[cut:])
    return "".join(kept)


def _record(lang: str, body: str, facets: Facets, as_indexed: Callable[[str], str]) -> str:
    """What Pagefind reads of one record: its language, its filters and metadata (as written: they are
    shown), its body as indexed, and its aliases at the end. Nothing else of the page is indexed, so
    nothing else is staged (an issue's seven item records would each copy its navigation)."""
    body = without_ignored(body)
    named = versions(htmllib.unescape(TAG.sub(" ", body)))
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
            f'<div hidden>{"".join(elements)}</div>{BODY_START}{as_indexed(body)}{aliases}</div></body></html>')


def staged_records(rel: str, html: str, records: PageRecords | None, lang: str,
                   as_indexed: Callable[[str], str] = str) -> dict[str, str]:
    """Staged file (site-relative) -> the HTML Pagefind indexes for it, for one built page; `lang`: the
    code it is indexed under; `as_indexed` writes text as that language is indexed (kb.search.text)."""
    start = html.find(BODY_START)
    ends = [end.start() for end in BODY_END.finditer(html, start)] if start >= 0 else []
    if not ends:
        return {}  # nothing of it is indexed
    records = records or PageRecords(Facets())
    body = html[start + len(BODY_START): ends[-1]]
    staged = {}
    rest, cut = [], 0
    page_url = "/" + rel.removesuffix("index.html")
    for item_id, (start, end) in sorted(_item_sections(body, records.items).items(), key=lambda kv: kv[1]):
        rest.append(body[cut:start])
        cut = end
        heading, content = body[start:end].split(">", 1)[1].split("</h3>", 1)
        facets = records.items[item_id]
        facets = Facets(facets.filters, {**facets.meta, "url": f"{page_url}#{item_id}"}, facets.aliases)
        target = item_record_url(page_url, item_id).lstrip("/") + "index.html"
        staged[target] = _record(lang, f"<h1>{heading}</h1>{content}", facets, as_indexed)
    rest.append(body[cut:])
    staged[rel] = _record(lang, "".join(rest), records.page, as_indexed)
    return staged


class StagedPages:
    """Pages of `site` staged for Pagefind in `folder`, each record written as its page arrives, in runs of
    its language in the order they arrive: a run is cut as soon as its records fill it (`full_runs`), so
    that it is indexed while later pages are still being written, and the rest once the language is whole
    (`last_runs`). A build's second process holds only the records' names and sizes."""

    def __init__(self, site: Path, records: Mapping[str, PageRecords], folder: Path):
        self.site = site
        self.records = records
        self.folder = folder
        self.waiting: dict[str, list[tuple[str, int, Path]]] = {}  # index language -> records not in a run yet:
        # (staged file, bytes, where it waits)
        self.runs_cut: dict[str, int] = {}  # index language -> its runs so far
        self.whole: set[str] = set()  # index languages whose last run is cut
        self.written = 0
        (folder / "waiting").mkdir(parents=True, exist_ok=True)

    def add(self, path: Path) -> None:
        """Stage a built page (one not written, or with nothing Pagefind indexes, is left out)."""
        try:
            html = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return  # mkdocs writes no file for an empty page
        if BODY_START not in html:
            return  # Pagefind would index nothing of it (a redirect page)
        rel = path.relative_to(self.site).as_posix()
        lang_match = HTML_LANG.search(html)
        lang = lang_match.group(2) if lang_match else "en"
        code = INDEX_LANGUAGE.get(lang, lang)
        if code in self.whole:  # its runs would miss this page's words
            raise ValueError(f"{path}: a page indexed as {code!r} was written after that language was "
                             "indexed; index each language whole, once its pages are all written")
        as_indexed = chinese_pairs if lang in INDEX_LANGUAGE else str
        for target, record in staged_records(rel, html, self.records.get(rel), code, as_indexed).items():
            self.written += 1
            file = self.folder / "waiting" / f"{self.written}.html"
            data = record.encode("utf-8")
            file.write_bytes(data)
            self.waiting.setdefault(code, []).append((target, len(data), file))

    def full_runs(self, shard_bytes: int) -> list[tuple[str, Path]]:
        """The runs that the records staged so far fill (a run is full when its next record would take it past
        `shard_bytes`): (index language, the run's folder), in order; each holds a stand-in record."""
        runs = []
        for code, waiting in self.waiting.items():
            while True:
                filled = 0
                for end, (_, size, _) in enumerate(waiting):
                    if filled and filled + size > shard_bytes:
                        break
                    filled += size
                else:
                    break  # not full yet
                runs.append((code, self._run(code, waiting[:end], stand_in=True)))
                del waiting[:end]
        return runs

    def last_runs(self) -> list[tuple[str, Path]]:
        """The languages staged so far are whole: the rest of each as its last run (with a stand-in record if
        the language has runs before it)."""
        runs = [(code, self._run(code, waiting, stand_in=self.runs_cut.get(code, 0) > 0))
                for code, waiting in self.waiting.items() if waiting]
        self.whole.update(self.waiting)
        self.waiting = {}
        return runs

    def _run(self, code: str, records: list[tuple[str, int, Path]], stand_in: bool) -> Path:
        folder = self.folder / "runs" / f"{code}-{self.runs_cut.get(code, 0)}"
        self.runs_cut[code] = self.runs_cut.get(code, 0) + 1
        # in path order: Pagefind numbers pages in the order it lists their folders, which on tmpfs (kb.search.scratch) is
        # the order they were made in, and pages arrive in the order they are written
        for target_rel, _, file in sorted(records):
            target = folder / target_rel
            target.parent.mkdir(parents=True, exist_ok=True)
            file.replace(target)
        if stand_in:  # what a word this run lacks is made to find (kb.search.pagefind_files.finish_runs)
            (folder / STAND_IN).mkdir(parents=True)
            (folder / STAND_IN / "index.html").write_text(
                f'<!DOCTYPE html><html lang="{code}"><head><meta charset="utf-8"></head><body>'
                f"{BODY_START}<p>{STAND_IN}</p></div></body></html>", encoding="utf-8")
        return folder


class SearchRuns:
    """The Pagefind runs of the pages `staged`, indexed in `work` as they fill and finished by language.

    Runs are indexed one at a time on a thread of their own, so that staging the next pages (Python) can go on
    while Pagefind indexes a run (kb.search.site_index lets it once the site is written: at 520 issues the last language
    spent 2.4 s of its 13 s tail staging between runs). One Pagefind at a time: each holds its run in memory."""

    def __init__(self, staged: StagedPages, work: Path, shard_bytes: int = SHARD_BYTES):
        self.staged = staged
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
        for code, folder in self.staged.full_runs(self.shard_bytes):
            self._tasks.put((code, folder))

    def finish_languages(self) -> None:
        """Index the rest of every language staged so far, and finish their runs (`wait` for it)."""
        self.index_full_runs()
        for code, folder in self.staged.last_runs():
            self._tasks.put((code, folder))
        self._tasks.put((None, None))

    def wait(self) -> None:
        """Until every run handed over is indexed and every language finished; raises what stopped it."""
        self._tasks.join()
        if self._failure is not None:
            raise self._failure

    def _work(self) -> None:
        while True:
            code, folder = self._tasks.get()
            try:
                if self._failure is None:
                    self._index(code, folder) if code is not None else self._finish()
            except BaseException as failure:  # noqa: B036 — reported by wait(), in the thread that waits
                self._failure = failure
            finally:
                self._tasks.task_done()

    def _finish(self) -> None:
        for code, bundles in self.indexed.items():
            if code not in self.finished:
                self.hidden += finish_runs(bundles, f"/{STAND_IN}/")
                self.finished.add(code)

    def _index(self, code: str, folder: Path) -> None:
        bundle = self.work / "bundles" / folder.name
        subprocess.run(
            [sys.executable, "-m", "pagefind", "--site", str(folder), "--output-path", str(bundle),
             "--exclude-selectors", ".headerlink",
             "--include-characters", ".×",  # versions, names and figures stay whole: 0.33, llama.cpp, 3.3×
             "--silent"],
            check=True,
            # One thread while the build runs on the other core: a 16 MB run took 3.96 s and 3.96 s of CPU so,
            # against 4.92 s and 6.57 s with Pagefind's threads, in the same memory (514 MB). Once the build is
            # written, two: a 4 MB run took 1.60 s against 2.41 s with one (same memory, 160 MB).
            env={**os.environ, "RAYON_NUM_THREADS": str(self.threads)},
        )
        shutil.rmtree(folder)
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
    with tempfile.TemporaryDirectory() as work, tempfile.TemporaryDirectory(dir=scratch_root()) as staging:
        runs = SearchRuns(StagedPages(site, records or {}, Path(staging)), Path(work), shard_bytes)
        for path in site_pages(site):
            runs.staged.add(path)
        runs.finish_languages()
        runs.wait()
        write_search_index(site, runs.indexed, runs.hidden)


def search_fragments(site_root: Path) -> dict[str, dict]:
    """Pagefind's record of every indexed page, by URL: its text, title and anchors (an item's record by
    its own URL, <page>/_item/<id>/)."""
    return {record["url"]: record for record in map(read_fragment, fragment_files(site_root))}


def fragment_files(site_root: Path) -> list[Path]:
    return list((site_root / layout.INDEX_FOLDER / "fragment").glob("*.pf_fragment"))


def read_fragment(path: Path) -> dict:
    data = gzip.decompress(path.read_bytes())
    return json.loads(data[data.index(b"{"):])  # after Pagefind's "pagefind_dcd" signature

