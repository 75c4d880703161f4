"""The contract with Pagefind: the installed Pagefind, run as the site runs it (kb.search.pagefind_service) on a
small index made here, writes its files as kb.search.pagefind_format reads and rewrites them, and its script
fetches them as kb.search.bundle lists them. A Pagefind upgrade that changes any of it fails here, by name."""
from __future__ import annotations

import asyncio
import gzip
import re
import shutil
import time
from pathlib import Path

import pytest

from kb.search import pagefind_format as pf
from kb.search.pagefind_service import PagefindError, _Service, write_index
from kb.search.ranking import CHUNK_BYTES, NAME_WEIGHT

# Enough distinct words for Pagefind to cut several chunks (~64 KB of CBOR each).
FILLER = [f"w{n:05d}x" for n in range(9000)]


def _page(lang: str, body: str, filters: dict | None = None, meta: dict | None = None) -> str:
    spans = "".join(f'<span data-pagefind-filter="{k}">{v}</span>' for k, values in (filters or {}).items() for v in values)
    spans += "".join(f'<span data-pagefind-meta="{k}">{v}</span>' for k, v in (meta or {}).items())
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"></head><body><div hidden>{spans}</div>'
            f"<div data-pagefind-body>{body}</div></body></html>")


RECORDS = [
    ("/a/", _page("en", "<h1>Alpha heading</h1><p>common plain words</p>", {"topic": ["zeta", "beta"]}, {"issue": "1"})),
    ("/b/", _page("en", "<p>loner tail</p>")),  # a word once, at the start, of weight 1 (a block's last word ends
    # with the "." Pagefind writes after it, which INCLUDED_CHARACTERS keeps in the word: "tail.")
    ("/c/", _page("en", f"<p>common {' '.join(FILLER[:4500])}</p>", {"topic": ["beta"]})),
    ("/d/", _page("en", f'<p>common {" ".join(FILLER[4500:])}</p><p hidden id="n" data-pagefind-weight="{NAME_WEIGHT}">'
                        "zqxj tail</p>", {"topic": ["zeta"], "year": ["2026"]})),
]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("pagefind") / "bundle"
    write_index(RECORDS, out)
    return out


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _meta(bundle: Path) -> list:
    (_, language), = pf.read_entry(bundle)["languages"].items()
    return pf.read_index_file(bundle / f"pagefind.{language['hash']}.pf_meta")


def _words(bundle: Path) -> dict[str, list]:
    """Every word's entry, decoded: [word, pages, variants]."""
    return {word: pf.decode(entry, 0)[0] for chunk in _meta(bundle)[2]
            for word, entry in pf.chunk_words(bundle / "index" / f"{chunk[2]}.pf_index")}


def test_a_bundle_holds_the_files_the_format_names(bundle):
    files = _files(bundle)
    assert all(re.fullmatch(pf.BUNDLE_FILE, name) for name in files), [n for n in files if not re.fullmatch(pf.BUNDLE_FILE, n)]
    entry = pf.read_entry(bundle)
    assert set(entry) >= {"version", "languages"} and list(entry["languages"]) == ["en"]
    language = entry["languages"]["en"]
    assert set(language) >= {"hash", "wasm", "page_count"} and language["page_count"] == len(RECORDS)
    assert f"pagefind.{language['hash']}.pf_meta" in files and re.fullmatch(pf.FILE_ID, language["hash"])
    assert f"wasm.{language['wasm'] or 'unknown'}.pagefind" in files and "wasm.unknown.pagefind" in files
    assert all((bundle / part).is_dir() for part in (*pf.MERGED, "fragment")) and "pagefind.js" in files
    assert all(data for data in files.values())  # every file whole (write_files could leave some empty)


def test_every_index_file_is_gzip_of_the_signature_and_cbor_and_a_fragment_of_json_url_first(bundle):
    for path in (*bundle.glob("*.pf_meta"), *bundle.glob("index/*"), *bundle.glob("filter/*")):
        data = gzip.decompress(path.read_bytes())
        assert data.startswith(pf.SIGNATURE), path
        assert pf.decode(data, len(pf.SIGNATURE))[1] == len(data), path  # one CBOR item of the kinds decode reads
    for path in pf.fragment_files(bundle):
        data = gzip.decompress(path.read_bytes())
        assert data.startswith(pf.SIGNATURE + b'{"url":') and re.fullmatch(pf.FILE_ID, path.stem)
        assert set(pf.read_fragment(path)) >= {"url", "content", "meta", "filters", "anchors"}


def test_the_meta_index_numbers_the_records_in_the_order_they_were_given(bundle):
    meta = _meta(bundle)
    version, pages, chunks, filters, _sorts, fields = meta
    assert version == pf.read_entry(bundle)["version"] and {"issue", "title"} <= set(fields)
    urls = [pf.read_fragment(bundle / "fragment" / f"{page_id}.pf_fragment")["url"] for page_id, _ in pages]
    assert urls == [url for url, _ in RECORDS] and all(isinstance(count, int) for _, count in pages)
    assert all((bundle / "index" / f"{name}.pf_index").is_file() for _, _, name in chunks) and len(chunks) >= 2
    assert all((bundle / "filter" / f"{name}.pf_filter").is_file() for _, name in filters)
    assert {name for name, _ in filters} == {"topic", "year"}


def test_word_entries_are_cut_whole_in_code_point_order_their_pages_counted_from_the_one_before(bundle):
    words = []
    for chunk in _meta(bundle)[2]:
        path = bundle / "index" / f"{chunk[2]}.pf_index"
        data = gzip.decompress(path.read_bytes())
        at, cut = pf.read_head(data, len(pf.SIGNATURE) + 1)[2], pf.chunk_words(path)
        for word, entry in cut:
            assert pf.entry_end(data, at) == pf.item_end(data, at) == at + len(entry)
            at += len(entry)
        assert at == len(data)
        words += [word for word, _ in cut]
    assert words == sorted(words) and len(words) == len(set(words))
    entries = _words(bundle)
    assert [page[0] for page in entries["common"][1]] == [0, 2, 1]  # pages 0, 2 and 3, each from the one before
    weight = lambda word: entries[word][1][0][1][0]  # noqa: E731 — a location list opens with -(weight + 1)
    assert weight("plain") == -(pf.WEIGHT_ONE + 1)
    assert weight("alpha") == -(7 * pf.WEIGHT_ONE + 1)  # an <h1>: Pagefind's weight 7
    assert weight("zqxj") == -(NAME_WEIGHT * pf.WEIGHT_ONE + 1)  # weighed as data-pagefind-weight says


def test_a_stand_in_entry_is_what_pagefind_writes_for_a_word_once_at_the_start_of_a_page(bundle):
    page = [url for url, _ in RECORDS].index("/b/")
    entry = dict(pf.chunk_words(bundle / "index" / f"{_chunk_of(bundle, 'loner')}.pf_index"))["loner"]
    assert entry == pf.stand_in_entry("loner", page)


def _chunk_of(bundle: Path, word: str) -> str:
    return next(name for first, last, name in _meta(bundle)[2] if first <= word <= last)


def test_chunk_bounds_are_the_shortest_prefixes_that_tell_neighbours_apart(bundle):
    """Pagefind looks a term up in the first chunk with from <= term <= to, its bounds shortened as
    pagefind_format.write_words shortens them: Pagefind's own chunks and ours follow one rule."""
    chunks = _meta(bundle)[2]
    words = [[word for word, _ in pf.chunk_words(bundle / "index" / f"{name}.pf_index")] for _, _, name in chunks]
    for (before, after), (last, first) in zip(zip(chunks, chunks[1:]), ((a[-1], b[0]) for a, b in zip(words, words[1:]))):
        common = pf._shared_prefix(last, first)
        assert (before[1], after[0]) == (last[:common + 1], first[:common + 1])
    assert chunks[0][0] == words[0][0] and chunks[-1][1] == words[-1][-1]


def test_a_filter_file_lists_each_value_with_its_pages_numbered_as_the_meta_index(bundle):
    filters = {}
    for name, file in _meta(bundle)[3]:
        filter_name, values = pf.read_index_file(bundle / "filter" / f"{file}.pf_filter")
        assert filter_name == name
        filters[name] = {value: pages for value, pages in values}
    assert filters["topic"] == {"zeta": [0, 3], "beta": [0, 2]} and filters["year"] == {"2026": [3]}


def test_a_rewritten_bundle_is_the_same_bytes_for_the_same_records_and_reads_back(tmp_path):
    """Pagefind writes filter values in hash-map order; rewritten (pagefind_format.Bundle), two indexes of the
    same records are the same bytes, and their words the same entries."""
    written = []
    for n in range(2):
        write_index(RECORDS, tmp_path / str(n))
        before = _words(tmp_path / str(n))
        rewritten = pf.Bundle(tmp_path / str(n))
        rewritten.write(CHUNK_BYTES)
        assert _words(tmp_path / str(n)) == before
        written.append(_files(tmp_path / str(n)))
    assert written[0] == written[1]


def test_pagefind_hides_a_record_by_its_url(tmp_path):
    write_index(RECORDS, tmp_path)
    hidden = pf.hide_fragment(tmp_path, "/b/")
    assert hidden == _meta(tmp_path)[1][1][0] and not (tmp_path / "fragment" / f"{hidden}.pf_fragment").exists()
    assert pf.hide_fragment(tmp_path, "/none/") is None


def test_pagefinds_script_fetches_the_files_the_bundle_lists_for_a_first_query(bundle):
    script = (bundle / "pagefind.js").read_text(encoding="utf-8")
    for fetched in ("`${this.basePath}pagefind-entry.json`", "`?ts=${this.metaCacheTag}`",
                    "`${this.basePath}pagefind.${index}.pf_meta`", "`${this.basePath}wasm.${language}.pagefind`",
                    'index.wasm?index.wasm:"unknown"', "mergeIndex"):
        assert fetched in script, fetched
    tag = "0123456789ab"
    assert pf.first_query_files(bundle, "", "en", tag) == [
        "wasm.en.pagefind", f"pagefind-entry.json?ts={tag}", f"pagefind.{pf.read_entry(bundle)['languages']['en']['hash']}.pf_meta"]


def test_the_service_answers_each_record_at_once_with_the_threads_it_is_given(tmp_path):
    """pagefind 1.5.2's own service reader sleeps 0.1 s before each answer: 200 records would take 20 s."""
    records = [(f"/p{n}/", _page("en", f"<p>page {n}</p>")) for n in range(200)]
    start = time.monotonic()
    write_index(records, tmp_path / "out")
    assert time.monotonic() - start < 10
    assert pf.read_entry(tmp_path / "out")["languages"]["en"]["page_count"] == 200

    async def environment() -> bytes:
        service = await _Service(3).launch()
        try:
            return Path(f"/proc/{service._backend.pid}/environ").read_bytes()
        finally:
            await service.stop(failed=False)

    assert b"\0RAYON_NUM_THREADS=3\0" in b"\0" + asyncio.run(environment())


def test_a_request_pagefind_refuses_is_raised(tmp_path):
    with pytest.raises(PagefindError, match="source_path or url"):
        write_index([(None, _page("en", "<p>x</p>"))], tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_bundle_of_one_language_reads_back_as_the_format_says(bundle, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(bundle, copy)
    read = pf.Bundle(copy)
    assert read.lang == "en" and read.page_number(_meta(bundle)[1][2][0]) == 2
    assert {word: pf.decode(entry, 0)[0] for word, entry in read.words} == _words(bundle)
    pf.move_bundle(copy, tmp_path / "moved")
    assert not list(copy.rglob("*.*")) and pf.read_entry(tmp_path / "moved") == pf.read_entry(bundle)
