"""Pagefind's runs put together as the site's search bundle, in small word chunks, the same bytes every time.

Each language's first run is the bundle at pagefind/ (with the script, the
WebAssembly and the fragments of every run); each later run is a bundle of its
own, pagefind/<code>-<n>/, holding only what Pagefind's mergeIndex reads: its
entry, its meta index, its word and filter chunks. SHARDS_FILE names those
folders per language for kb-search.js, the records it must never show, and the
files Pagefind needs before a first query, to be fetched at once.
Every name Pagefind writes holds a hash of the content, so the runs' files
never collide.

Word chunks: a query fetches, from every run, the chunk holding each of its
terms, and Pagefind writes chunks of ~64 KB. They are cut again into chunks of
about CHUNK_BYTES, each ending at a word Pagefind's lookup finds there (see
_whole_word_ends); each word's entry is kept byte for byte.

Filters: Pagefind 1.5 writes each filter's values in hash-map order: two runs over the
same pages gave 16 different filter files at 52 issues, and so a different
language index (pf_meta) and entry (Pagefind issue #638 left filters out of its
fix). Each filter file is read (gzip: "pagefind_dcd", then CBOR), its values
sorted, written back under a name from its bytes, and each language's pf_meta
is rewritten to point at the new names.

Stand-ins: runs are indexed before their language is whole, so each lacks some
of the language's words; finish_runs writes each of them into the run's words,
finding only the run's hidden stand-in record.

The index files are read and written by kb.search.pagefind_cbor.
"""
from __future__ import annotations

import functools
import gzip
import hashlib
import heapq
import json
import shutil
import zlib
from pathlib import Path

from kb.search.pagefind_cbor import SIGNATURE, chunk_words, encode, read_index_file, write_head
# For kb-search.js. runs: index language -> its later runs' folders; hidden: ids never shown; tag and preload: what
# to fetch at once as search opens (_loading)
SHARDS_FILE = "kb-shards.json"
ENTRY_TAG_LENGTH = 12  # hex digits of the tag on the entries' address (_loading)
RUN_FOLDER = "[a-z]+-[1-9][0-9]*"  # a later run's folder, as assemble_bundles names it: <code>-<n>
FILE_ID = "[a-z_-]+_[0-9a-f]+"  # how Pagefind and this module name index files and records: <language>_<hash>
MERGED = ("index", "filter")  # what a later run keeps in its folder, with its entry and meta index
# A word chunk's CBOR before gzip. Pagefind writes ~64 KB (~22 KB gzip), and a query fetches one chunk per
# term from every run: at 520 issues, with three Chinese runs, a first query for 控制面 fetched 315 KB with
# Pagefind's chunks and 260 KB with these.
CHUNK_BYTES = 16_000


def _write(folder: Path, prefix: str, suffix: str, item, digits: int) -> str:
    """Write `item` under a name made from its bytes; return the name's hash part."""
    data = SIGNATURE + encode(item)
    name = f"{prefix}_{hashlib.sha256(data).hexdigest()[:digits]}"
    (folder / f"{name}{suffix}").write_bytes(gzip.compress(data, mtime=0))
    return name


def _shared_prefix(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _whole_word_ends(last: str, following: str) -> bool:
    """Whether a chunk ending with `last`, before one starting with `following`, ends at `last` itself.
    Pagefind looks a term up in the first chunk with from <= term <= to, and shortens `to` to the prefix
    that tells it from the next chunk's first word; a word past that prefix is found only when no term of
    the query is (Pagefind's fallback): "quantiz" in a chunk ending "quant", before "quantum"."""
    return len(last) <= _shared_prefix(last, following) + 1


def _read_words(pagefind: Path, chunks: list) -> list[tuple[str, bytes]]:
    """Every word of a language's word chunks `chunks` ([[from, to, name], ...]), in order, with its entry's
    bytes; the chunk files are removed (they are written again, cut differently)."""
    words = []
    for chunk in chunks:
        path = pagefind / "index" / f"{chunk[2]}.pf_index"
        words += chunk_words(path)
        path.unlink()
    return words


def _write_words(pagefind: Path, lang: str, words: list[tuple[str, bytes]]) -> list:
    """Write a language's `words` as chunks of about CHUNK_BYTES, each ending at a whole word where one does
    within 4 × CHUNK_BYTES; return them, their `from` and `to` shortened as Pagefind shortens them."""
    groups, size = [[]], 0
    for i, (word, entry) in enumerate(words):
        if size >= CHUNK_BYTES and (_whole_word_ends(words[i - 1][0], word) or size >= 4 * CHUNK_BYTES):
            groups.append([])
            size = 0
        groups[-1].append((word, entry))
        size += len(entry)
    split = []
    for group in groups:
        data = SIGNATURE + b"\x81" + write_head(4, len(group)) + b"".join(entry for _, entry in group)
        name = f"{lang}_{hashlib.sha256(data).hexdigest()[:7]}"
        # zlib's default level: level 9 (gzip's) took 3.5 s for the chunks of a 520-issue archive
        (pagefind / "index" / f"{name}.pf_index").write_bytes(gzip.compress(data, compresslevel=6, mtime=0))
        split.append([group[0][0], group[-1][0], name])
    for before, after in zip(split, split[1:]):  # Pagefind's chunk_meta: the shortest prefixes that tell them apart
        common = _shared_prefix(before[1], after[0])
        before[1], after[0] = before[1][:common + 1], after[0][:common + 1]
    return split


def stand_in_entry(word: str, page: int) -> bytes:
    """A word's entry that finds only page number `page`, once (at its first word, with the default weight:
    Pagefind writes a weight as -(weight + 1), 24 being 1.0)."""
    return b"\x83" + encode(word) + _stand_in_pages(page)


@functools.cache  # one per run, written after each of tens of thousands of words
def _stand_in_pages(page: int) -> bytes:
    # [[page, [-(24 + 1), 0], [], []]]: one page, its weight and first word, no meta locations
    return b"".join(write_head(major, n) for major, n in ((4, 1), (4, 3), (0, page), (4, 2), (1, 24), (0, 0),
                                                         (4, 0), (4, 0)))


class _Bundle:
    """One run's bundle read for finishing: its entry, its one language's meta index and words."""

    def __init__(self, pagefind: Path):
        self.pagefind = pagefind
        self.entry = json.loads((pagefind / "pagefind-entry.json").read_text(encoding="utf-8"))
        (self.lang, self.language), = self.entry["languages"].items()  # a run indexes one language
        self.meta_path = pagefind / f"pagefind.{self.language['hash']}.pf_meta"
        self.meta = read_index_file(self.meta_path)
        self.words = _read_words(pagefind, self.meta[2])
        if any(before >= after for (before, _), (after, _) in zip(self.words, self.words[1:])):
            raise ValueError(f"{pagefind}: Pagefind's words are not in code point order, as finish_runs merges them")

    def page_number(self, page_id: str) -> int:
        """The number the meta index gives the page whose fragment is `page_id`."""
        return next(n for n, (hash_, _) in enumerate(self.meta[1]) if hash_ == page_id)

    def write(self) -> None:
        """Filters sorted, words in small chunks, every file named by its bytes, the meta index and the
        entry pointing at them."""
        for pair in self.meta[3]:  # filters: [[filter name, file hash], ...]
            path = self.pagefind / "filter" / f"{pair[1]}.pf_filter"
            name, values = read_index_file(path)
            path.unlink()
            pair[1] = _write(self.pagefind / "filter", self.lang, ".pf_filter", [name, sorted(values)], 7)
        self.meta[3].sort()
        self.meta[2] = _write_words(self.pagefind, self.lang, self.words)
        self.meta_path.unlink()
        self.language["hash"] = _write(self.pagefind, f"pagefind.{self.lang}", ".pf_meta", self.meta, 10
                                       ).removeprefix("pagefind.")
        _write_json(self.pagefind / "pagefind-entry.json", self.entry)


def _write_json(path: Path, data) -> None:
    path.write_text(json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def _hide(bundle: Path, url: str) -> str | None:
    """Remove the fragment of the record at `url` from a Pagefind run's bundle; return its id (its name)."""
    start = f'{SIGNATURE.decode()}{{"url":{json.dumps(url)},'.encode()
    for path in (bundle / "fragment").glob("*.pf_fragment"):
        if zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(path.read_bytes(), len(start)) == start:
            path.unlink()
            return path.stem
    return None


def finish_runs(bundles: list[Path], hidden_url: str) -> list[str]:
    """Finish one language's Pagefind runs (the output folder of each, in order) in place; return the ids of
    their stand-in records, at `hidden_url`: searched, never shown.

    Pagefind leaves out of a query a term its run does not hold ("限流 挽救" in a run without 挽救 would find
    every page with 限流 there). So every word of the language that a run lacks is written into that run's
    index, finding only its stand-in record: each run answers for every word, and the same query finds the
    same pages in runs as in one index. Runs are indexed while later pages are still being written, and
    their words are known only here, as Pagefind wrote them (stemmed)."""
    hidden = {bundle: _hide(bundle, hidden_url) for bundle in bundles}
    read = [_Bundle(bundle) for bundle in bundles]
    owned = [{word for word, _ in run.words} for run in read]
    language = set().union(*owned)
    for run, own in zip(read, owned):
        lacking = sorted(language - own)  # none for a language in one run
        if lacking:
            if hidden[run.pagefind] is None:
                raise ValueError(f"{run.pagefind}: a run lacking words of its language has no stand-in record "
                                 f"at {hidden_url}")
            page = run.page_number(hidden[run.pagefind])
            run.words = list(heapq.merge(run.words, ((word, stand_in_entry(word, page)) for word in lacking)))
        run.write()
        run.words = []  # let it go: a language's words are held once
    return [found for found in hidden.values() if found]


def assemble_bundles(runs: dict[str, list[Path]], output: Path, hidden: list[str]) -> None:
    """Put finished runs (finish_runs; index language -> its runs' folders, in order) together in `output`:
    each language's first run at its root, the others in <code>-<n>/, listed in SHARDS_FILE with `hidden`.
    The runs' files are moved there, not copied."""
    output.mkdir(parents=True)
    languages, later = {}, {}
    for code, bundles in runs.items():
        first, *rest = bundles
        languages.update(json.loads((first / "pagefind-entry.json").read_text(encoding="utf-8"))["languages"])
        _move_files(first, output)
        for n, bundle in enumerate(rest, start=1):
            folder = output / f"{code}-{n}"
            _move_files(bundle / "fragment", output / "fragment")
            folder.mkdir()
            for part in MERGED:
                _move_files(bundle / part, folder / part)
            for name in ("pagefind-entry.json", *(p.name for p in bundle.glob("*.pf_meta"))):
                shutil.move(bundle / name, folder / name)
            later.setdefault(code, []).append(f"{folder.name}/")
    entry = json.loads((output / "pagefind-entry.json").read_text(encoding="utf-8"))
    _write_json(output / "pagefind-entry.json", {**entry, "languages": languages})
    _write_json(output / SHARDS_FILE, {"runs": later, "hidden": sorted(set(hidden)), **_loading(output, later)})


def _move_files(source: Path, target: Path) -> None:
    """Move every file under `source` to the same place under `target`, beside what it holds: renamed where
    both are on one file system (the 9,379 files of a 520-issue index: 0.18 s, against 0.41 s to copy them)."""
    shutil.copytree(source, target, dirs_exist_ok=True, copy_function=shutil.move)


def _loading(output: Path, later: dict[str, list[str]]) -> dict:
    """What Pagefind fetches before a language can be searched, listed for kb-search.js to ask for all at once.

    Pagefind fetches a run's entry, then its meta index, and a later run's only once the first run's
    WebAssembly is ready: four round trips in a row. Asked for together as the search opens, at 520 issues,
    a first query over a 100 ms, 12 Mbit/s link (Chromium's emulation) showed its results in 790–919 ms, not
    1,104–1,342 ms; on the local server the runs were ready 162 ms after the search opened, not 202 ms (medians
    of 24), though the query itself took as long (377 and 386 ms), bound by the processor there.
    The entries are fetched as pagefind-entry.json?ts=<tag> (Pagefind's metaCacheTag; by default the time, so
    never twice alike): the tag is a hash of every entry, so a new index is a new address."""
    folders = {code: ["", *runs] for code, runs in later.items()}
    entries = {folder: json.loads((output / folder / "pagefind-entry.json").read_text(encoding="utf-8"))
               for runs in [[""], *folders.values()] for folder in runs}
    tag = hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:ENTRY_TAG_LENGTH]
    preload = {}
    for code, language in entries[""]["languages"].items():
        preload[code] = [f"wasm.{language.get('wasm') or 'unknown'}.pagefind"] + [
            name for folder in folders.get(code, [""])
            for name in (f"{folder}pagefind-entry.json?ts={tag}",
                         f"{folder}pagefind.{entries[folder]['languages'][code]['hash']}.pf_meta")]
    return {"tag": tag, "preload": preload}

