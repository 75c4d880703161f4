"""Pagefind's own files, read and rewritten: the one module that knows their bytes. tests/test_pagefind_contract.py
runs the installed Pagefind and checks every assumption made here, so an upgrade that changes them fails there.

A Pagefind bundle (the output of one index: kb.search.pagefind_service) holds
- pagefind-entry.json: {"version", "languages": {code: {"hash", "wasm", "page_count"}}, ...};
- pagefind.<code>_<hash>.pf_meta, a language's meta index: [version, pages [[fragment id, word count], ...],
  word chunks [[from, to, name], ...], filters [[filter, name], ...], sorts, metadata fields];
- index/<name>.pf_index, a word chunk: [[[word, pages, variants], ...]], each page [number, locations, metadata
  locations], each page's number counted from the page before it (the first from 0), and a location list
  opening with its weight as -(weight + 1), 24 being 1.0;
- filter/<name>.pf_filter: [filter, [[value, [page number, ...]], ...]];
- fragment/<id>.pf_fragment: a record as JSON, its "url" first;
- the script, its WebAssembly (wasm.<code>.pagefind, "unknown" for a language without one) and styles.
An index file is gzip of SIGNATURE and CBOR (unsigned and negative integers, text, arrays); a fragment, gzip of
SIGNATURE and JSON. Names are <code>_<hex digits of a hash of the content>.

A word's locations are most of the index: they are skipped (item_end, entry_end), never decoded.
"""
from __future__ import annotations

import functools
import gzip
import hashlib
import json
import re
import shutil
import struct
import zlib
from pathlib import Path

SIGNATURE = b"pagefind_dcd"  # what every index file and fragment starts with, after gzip
ENTRY = "pagefind-entry.json"
# How Pagefind (and this module) name index files and records: <code>_<hash>, i.e. [a-z_-]+_[0-9a-f]+ written
# so that no character is read twice (the code up to its last "_"): linear on any text (tests/test_hostile_linear.py)
FILE_ID = "[a-z_-](?:[a-z-]*+_)++[0-9a-f]++"
MERGED = ("index", "filter")  # what Pagefind's mergeIndex reads of a bundle, with its entry and meta index
# Every file of a bundle, relative to it; a bundle merged into another needs only MERGED_FILE.
MERGED_FILE = rf"{re.escape(ENTRY)}|pagefind\.{FILE_ID}\.pf_meta|(?:index|filter)/{FILE_ID}\.pf_(?:index|filter)"
BUNDLE_FILE = (rf"pagefind(?:-[a-z-]+)?\.(?:js|css)|wasm\.[a-z_-]+\.pagefind|fragment/{FILE_ID}\.pf_fragment"
               rf"|{MERGED_FILE}")
WEIGHT_ONE = 24  # how Pagefind writes a weight of 1.0


# ---- CBOR: only what Pagefind's files use -----------------------------------------------------------------

def read_head(data: bytes, at: int) -> tuple[int, int, int]:
    """(major type, its number, where its content starts) of the CBOR item at `at`."""
    major, info = data[at] >> 5, data[at] & 31
    if info < 24:
        return major, info, at + 1
    size = {24: 1, 25: 2, 26: 4, 27: 8}[info]  # anything else is not in Pagefind's files: KeyError
    return major, int.from_bytes(data[at + 1:at + 1 + size], "big"), at + 1 + size


def decode(data: bytes, at: int):
    """(the CBOR item at `at`, where the next one starts)."""
    major, n, at = read_head(data, at)
    if major in (0, 1):
        return (n if major == 0 else -1 - n), at
    if major == 3:
        return data[at:at + n].decode("utf-8"), at + n
    if major == 4:
        items = []
        for _ in range(n):
            item, at = decode(data, at)
            items.append(item)
        return items, at
    raise ValueError(f"CBOR major type {major} is not in Pagefind's index files")


def write_head(major: int, n: int) -> bytes:
    if n < 24:
        return bytes([major << 5 | n])
    for info, fmt in ((24, ">B"), (25, ">H"), (26, ">I"), (27, ">Q")):
        if n < 256 ** struct.calcsize(fmt):
            return bytes([major << 5 | info]) + struct.pack(fmt, n)
    raise ValueError(n)


def encode(item) -> bytes:
    if isinstance(item, int):
        return write_head(0, item) if item >= 0 else write_head(1, -1 - item)
    if isinstance(item, str):
        raw = item.encode("utf-8")
        return write_head(3, len(raw)) + raw
    return write_head(4, len(item)) + b"".join(encode(part) for part in item)


def item_end(data: bytes, at: int) -> int:
    """Where the CBOR item at `at` ends, without decoding it (the head read inline, as in read_head: this loop
    reads every location of the index)."""
    pending = 1
    while pending:
        head = data[at]
        info = head & 31
        at += 1
        if info < 24:
            n = info
        elif info == 24:
            n = data[at]
            at += 1
        else:
            size = 1 << (info - 24)  # 25..27: 2, 4, 8 bytes
            n = int.from_bytes(data[at:at + size], "big")
            at += size
        if head >> 5 == 4:
            pending += n - 1
        else:
            pending -= 1
            if head >> 5 in (2, 3):
                at += n
    return at


# A page of a word's entry in its common shape: [page number, [locations], [meta locations]], each list of at
# most 23 integers.
_INT = rb"(?:[\x00-\x17\x20-\x37]|[\x18\x38].|[\x19\x39]..|[\x1a\x3a]....|[\x1b\x3b].{8})"
_INTS = rb"(?:" + rb"|".join(bytes([0x80 + n]) + _INT + b"{%d}" % n for n in range(24)) + rb")"
PAGE_SHAPE = re.compile(rb"\x83" + _INT + _INTS + _INTS, re.S)


def entry_end(data: bytes, at: int) -> int:
    """Where the word entry at `at` ends: [word, [page, ...], [...]], each page matched whole by PAGE_SHAPE where
    it has the common shape (any other item skipped by item_end). The same end as item_end's, faster."""
    major, count, pages = read_head(data, item_end(data, at + 1)) if data[at] == 0x83 else (None, 0, at)
    if major != 4:
        return item_end(data, at)
    for _ in range(count):
        page = PAGE_SHAPE.match(data, pages)
        pages = page.end() if page else item_end(data, pages)
    return item_end(data, pages)


def read_index_file(path: Path):
    """A meta index or filter file as Python values."""
    data = gzip.decompress(path.read_bytes())
    return decode(data, len(SIGNATURE))[0]


def chunk_words(path: Path) -> list[tuple[str, bytes]]:
    """A word chunk as (word, its entry's bytes), in order."""
    data = gzip.decompress(path.read_bytes())
    major, count, at = read_head(data, len(SIGNATURE) + 1)  # after an array of one: the array of words
    if data[len(SIGNATURE)] != 0x81 or major != 4:
        raise ValueError(f"{path} is not a Pagefind 1.5 word chunk")
    words = []
    for _ in range(count):
        end = entry_end(data, at)
        word, _ = decode(data, at + 1)  # the entry's first item, after its array head
        words.append((word, data[at:end]))
        at = end
    return words


def _write(folder: Path, prefix: str, suffix: str, data: bytes, digits: int, level: int = 9) -> str:
    """Write an index file holding `data` (CBOR) under a name made from its bytes; return the name."""
    data = SIGNATURE + data
    name = f"{prefix}_{hashlib.sha256(data).hexdigest()[:digits]}"
    (folder / f"{name}{suffix}").write_bytes(gzip.compress(data, compresslevel=level, mtime=0))
    return name


def stand_in_entry(word: str, page: int) -> bytes:
    """A word's entry that finds only page number `page`, once, at its first word, with weight 1.0."""
    return b"\x83" + encode(word) + _stand_in_pages(page)


@functools.cache  # one per run, written after each of tens of thousands of words
def _stand_in_pages(page: int) -> bytes:
    return encode([[page, [-(WEIGHT_ONE + 1), 0], []]]) + encode([])  # its pages, then no variants


# ---- word chunks: where Pagefind looks a word up ----------------------------------------------------------

def _shared_prefix(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def whole_word_ends(last: str, following: str) -> bool:
    """Whether a chunk ending with `last`, before one starting with `following`, ends at `last` itself.
    Pagefind looks a term up in the first chunk with from <= term <= to, and shortens `to` to the prefix
    that tells it from the next chunk's first word; a word past that prefix is found only when no term of
    the query is (Pagefind's fallback): "quantiz" in a chunk ending "quant", before "quantum"."""
    return len(last) <= _shared_prefix(last, following) + 1


def write_words(pagefind: Path, lang: str, words: list[tuple[str, bytes]], chunk_bytes: int) -> list:
    """Write a language's `words` (in code point order) as chunks of about `chunk_bytes`, each ending at a whole
    word where one does within four times `chunk_bytes`; return the meta index's list of them, their `from` and `to`
    shortened as Pagefind shortens them."""
    groups, size = [[]], 0
    for i, (word, entry) in enumerate(words):
        if size >= chunk_bytes and (whole_word_ends(words[i - 1][0], word) or size >= 4 * chunk_bytes):
            groups.append([])
            size = 0
        groups[-1].append((word, entry))
        size += len(entry)
    chunks = []
    for group in groups:
        data = b"\x81" + write_head(4, len(group)) + b"".join(entry for _, entry in group)
        # zlib's default level: gzip's level 9 took seconds longer for a big archive's chunks
        chunks.append([group[0][0], group[-1][0], _write(pagefind / "index", lang, ".pf_index", data, 7, level=6)])
    for before, after in zip(chunks, chunks[1:]):  # Pagefind's chunk_meta: the shortest prefixes that tell them apart
        common = _shared_prefix(before[1], after[0])
        before[1], after[0] = before[1][:common + 1], after[0][:common + 1]
    return chunks


# ---- fragments: one record each ---------------------------------------------------------------------------

def fragment_files(bundle: Path) -> list[Path]:
    return list((bundle / "fragment").glob("*.pf_fragment"))


def read_fragment(path: Path) -> dict:
    """A record: its url, content (text as indexed), meta (title included), filters and anchors."""
    data = gzip.decompress(path.read_bytes())
    return json.loads(data[data.index(b"{"):])


def hide_fragment(bundle: Path, url: str) -> str | None:
    """Remove the fragment of the record at `url` from a bundle; return its id (its name), None if none."""
    start = f'{SIGNATURE.decode()}{{"url":{json.dumps(url)},'.encode()
    for path in (bundle / "fragment").glob("*.pf_fragment"):
        if zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(path.read_bytes(), len(start)) == start:
            path.unlink()
            return path.stem
    return None


# ---- a bundle of one language ------------------------------------------------------------------------------

class Bundle:
    """The bundle of one index holding one language, read to be rewritten: its entry, meta index and words
    (`words`: in code point order, each with its entry's bytes; the chunk files are removed as they are read)."""

    def __init__(self, pagefind: Path):
        self.pagefind = pagefind
        self.entry = read_entry(pagefind)
        (self.lang, self.language), = self.entry["languages"].items()
        self.meta_path = pagefind / f"pagefind.{self.language['hash']}.pf_meta"
        self.meta = read_index_file(self.meta_path)
        self.words = []
        for chunk in self.meta[2]:
            path = pagefind / "index" / f"{chunk[2]}.pf_index"
            self.words += chunk_words(path)
            path.unlink()
        if any(before >= after for (before, _), (after, _) in zip(self.words, self.words[1:])):
            raise ValueError(f"{pagefind}: Pagefind's words are not in code point order")

    def page_number(self, page_id: str) -> int:
        """The number the meta index gives the record whose fragment is `page_id`."""
        return next(n for n, (hash_, _) in enumerate(self.meta[1]) if hash_ == page_id)

    def write(self, chunk_bytes: int) -> None:
        """Its words in chunks of about `chunk_bytes`, each filter's values in order (Pagefind writes them in
        hash-map order, unlike the rest: Pagefind issue #638), every file named by its bytes, the meta index and
        entry pointing at them: the same records give the same bytes."""
        for pair in self.meta[3]:  # [[filter, file name], ...]
            path = self.pagefind / "filter" / f"{pair[1]}.pf_filter"
            name, values = read_index_file(path)
            path.unlink()
            pair[1] = _write(self.pagefind / "filter", self.lang, ".pf_filter", encode([name, sorted(values)]), 7)
        self.meta[3].sort()
        self.meta[2] = write_words(self.pagefind, self.lang, self.words, chunk_bytes)
        self.meta_path.unlink()
        self.language["hash"] = _write(self.pagefind, f"pagefind.{self.lang}", ".pf_meta", encode(self.meta), 10
                                       ).removeprefix("pagefind.")
        write_entry(self.pagefind, self.entry)


def read_entry(bundle: Path) -> dict:
    return json.loads((bundle / ENTRY).read_text(encoding="utf-8"))


def write_entry(bundle: Path, entry: dict) -> None:
    (bundle / ENTRY).write_text(json.dumps(entry, sort_keys=True, ensure_ascii=False, separators=(",", ":")),
                                encoding="utf-8")


def move_bundle(source: Path, target: Path, merged_only: bool = False) -> None:
    """Move a bundle's files into `target` beside what it holds (renamed where both are on one file system), or
    only what Pagefind's mergeIndex reads of it if `merged_only` (its fragments: move_fragments)."""
    if not merged_only:
        shutil.copytree(source, target, dirs_exist_ok=True, copy_function=shutil.move)
        return
    target.mkdir(parents=True)
    for part in MERGED:
        if (source / part).is_dir():  # a run without filters has no filter folder
            shutil.copytree(source / part, target / part, dirs_exist_ok=True, copy_function=shutil.move)
    for path in (source / ENTRY, *source.glob("*.pf_meta")):
        shutil.move(path, target / path.name)


def move_fragments(source: Path, target: Path) -> None:
    shutil.copytree(source / "fragment", target / "fragment", dirs_exist_ok=True, copy_function=shutil.move)


def first_query_files(bundle: Path, folder: str, code: str, tag: str) -> list[str]:
    """What Pagefind fetches of the bundle in `folder` (site-relative to the main one: "" or "<folder>/") before
    it can search `code`: its entry (fetched as ENTRY?ts=<its metaCacheTag option>) and meta index; and the
    main bundle's WebAssembly."""
    entry = read_entry(bundle / folder)
    wasm = [f"wasm.{entry['languages'][code].get('wasm') or 'unknown'}.pagefind"] if not folder else []
    return wasm + [f"{folder}{ENTRY}?ts={tag}", f"{folder}pagefind.{entry['languages'][code]['hash']}.pf_meta"]
