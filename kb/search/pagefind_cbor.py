"""The CBOR of Pagefind's index files, read and written: only what those files use (unsigned integers, text,
arrays), and the cutting of a word chunk into its words' entries without decoding their pages.

A word's locations hold negative numbers and other items this reader does not decode: they are skipped
(item_end), never decoded, as a 520-issue archive's words hold millions of them.
"""
from __future__ import annotations

import gzip
import re
import struct
from pathlib import Path

SIGNATURE = b"pagefind_dcd"  # what every index file starts with, after gzip


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
    if major == 0:
        return n, at
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
        return write_head(0, item)
    if isinstance(item, str):
        raw = item.encode("utf-8")
        return write_head(3, len(raw)) + raw
    return write_head(4, len(item)) + b"".join(encode(part) for part in item)


def read_index_file(path: Path):
    """A Pagefind index file (meta index, filter chunk) as Python values."""
    data = gzip.decompress(path.read_bytes())
    return decode(data, len(SIGNATURE))[0]


def item_end(data: bytes, at: int) -> int:
    """Where the CBOR item at `at` ends, without decoding it (a word's pages hold thousands of items; the
    head is read inline, as in read_head, because this loop reads every location of the index: 2× faster)."""
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
    it has the common shape (any other item skipped by item_end). The same end as item_end's, a CBOR item ending at
    one place, in a third of the time: 0.6 s instead of 1.8 s for a 520-issue archive's words."""
    major, count, pages = read_head(data, item_end(data, at + 1)) if data[at] == 0x83 else (None, 0, at)
    if major != 4:
        return item_end(data, at)
    for _ in range(count):
        page = PAGE_SHAPE.match(data, pages)
        pages = page.end() if page else item_end(data, pages)
    return item_end(data, pages)


def chunk_words(path: Path) -> list[tuple[str, bytes]]:
    """A word chunk (CBOR after the signature: [[[word, pages, ...], ...]]) as (word, its entry's bytes)."""
    data = gzip.decompress(path.read_bytes())
    at = len(SIGNATURE)
    major, count, at = read_head(data, at + 1)  # after an array of one: the array of words
    if data[len(SIGNATURE)] != 0x81 or major != 4:
        raise ValueError(f"{path} is not a Pagefind 1.5 word chunk")
    words = []
    for _ in range(count):
        end = entry_end(data, at)
        word, _ = decode(data, at + 1)  # the entry's first item, after its array head
        words.append((word, data[at:end]))
        at = end
    return words
