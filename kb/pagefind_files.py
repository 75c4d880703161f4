"""Pagefind's filter files written the same way every time, so one commit builds the same bytes.

Pagefind 1.5 writes each filter's values in hash-map order: two runs over the
same pages gave 16 different filter files at 52 issues, and so a different
language index (pf_meta) and entry (Pagefind issue #638 left filters out of its
fix). Each filter file is read (gzip: "pagefind_dcd", then CBOR), its values
sorted, written back under a name from its bytes, and each language's pf_meta
is rewritten to point at the new names.

Only the CBOR Pagefind's index files use: unsigned integers, text, arrays.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import struct
from pathlib import Path

SIGNATURE = b"pagefind_dcd"


def _decode(data: bytes, at: int):
    """(the CBOR item at `at`, where the next one starts)."""
    major, info = data[at] >> 5, data[at] & 31
    at += 1
    if info < 24:
        n = info
    else:
        size = {24: 1, 25: 2, 26: 4, 27: 8}[info]  # anything else is not in Pagefind's files: KeyError
        n = int.from_bytes(data[at:at + size], "big")
        at += size
    if major == 0:
        return n, at
    if major == 3:
        return data[at:at + n].decode("utf-8"), at + n
    if major == 4:
        items = []
        for _ in range(n):
            item, at = _decode(data, at)
            items.append(item)
        return items, at
    raise ValueError(f"CBOR major type {major} is not in Pagefind's index files")


def _head(major: int, n: int) -> bytes:
    if n < 24:
        return bytes([major << 5 | n])
    for info, fmt in ((24, ">B"), (25, ">H"), (26, ">I"), (27, ">Q")):
        if n < 256 ** struct.calcsize(fmt):
            return bytes([major << 5 | info]) + struct.pack(fmt, n)
    raise ValueError(n)


def _encode(item) -> bytes:
    if isinstance(item, int):
        return _head(0, item)
    if isinstance(item, str):
        raw = item.encode("utf-8")
        return _head(3, len(raw)) + raw
    return _head(4, len(item)) + b"".join(_encode(part) for part in item)


def _read(path: Path):
    data = gzip.decompress(path.read_bytes())
    return _decode(data, len(SIGNATURE))[0]


def _write(folder: Path, prefix: str, suffix: str, item, digits: int) -> str:
    """Write `item` under a name made from its bytes; return the name's hash part."""
    data = SIGNATURE + _encode(item)
    name = f"{prefix}_{hashlib.sha256(data).hexdigest()[:digits]}"
    (folder / f"{name}{suffix}").write_bytes(gzip.compress(data, mtime=0))
    return name


def make_filters_stable(pagefind: Path) -> None:
    """Sort every filter's values, name its file by its bytes and point each language's index at it."""
    entry_path = pagefind / "pagefind-entry.json"
    entry = json.loads(entry_path.read_text(encoding="utf-8"))
    for lang, language in entry["languages"].items():
        meta_path = pagefind / f"pagefind.{language['hash']}.pf_meta"
        meta = _read(meta_path)
        filters = meta[3]  # [[filter name, file hash], ...]
        for pair in filters:
            path = pagefind / "filter" / f"{pair[1]}.pf_filter"
            name, values = _read(path)
            path.unlink()
            pair[1] = _write(pagefind / "filter", lang, ".pf_filter", [name, sorted(values)], 7)
        filters.sort()
        meta_path.unlink()
        language["hash"] = _write(pagefind, f"pagefind.{lang}", ".pf_meta", meta, 10).removeprefix("pagefind.")
    entry_path.write_text(json.dumps(entry, sort_keys=True, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
