"""Pagefind's runs put together as the site's search bundle, and what the search index's files may be.

Each language's first run is the bundle at pagefind/ (with the script, the WebAssembly and the fragments of
every run); each later run is a bundle of its own, pagefind/<code>-<n>/, holding only what Pagefind's mergeIndex
reads. SHARDS_FILE names those folders per language for kb-search/, the records it must never show, and the
files Pagefind needs before a first query, to be fetched at once. Every name Pagefind writes holds a hash of the
content, so the runs' files never collide.

Stand-ins: runs are indexed before their language is whole, so each lacks some of the language's words;
finish_runs writes each of them into the run's words, finding only the run's hidden stand-in record.

Pagefind's files are read and written by kb.search.pagefind_format only.
"""
from __future__ import annotations

import hashlib
import heapq
import json
import re
from pathlib import Path

from kb.search import pagefind_format as pagefind
from kb.search.ranking import CHUNK_BYTES

# For kb-search/. runs: index language -> its later runs' folders; hidden: ids never shown; tag and preload: what
# to fetch at once as search opens (_loading)
SHARDS_FILE = "kb-shards.json"
ENTRY_TAG_LENGTH = 12  # hex digits of the tag on the entries' address (_loading)
RUN_FOLDER = "[a-z]+-[1-9][0-9]*"  # a later run's folder, as assemble_bundles names it: <code>-<n>
# Each run of a language with several runs holds a stand-in record here: the words of the language that the run
# lacks find it (finish_runs). It is never shown (kb-search/ drops it by its id).
STAND_IN = "_kb-vocabulary"
# A file of the index folder (pagefind/): the main bundle, a later run's, the list of runs. Anchored: a path is
# matched whole, and a scan of any text cannot start it again at every character.
SEARCH_FILE = re.compile(rf"\A(?:{pagefind.BUNDLE_FILE}|{RUN_FOLDER}/(?:{pagefind.MERGED_FILE})|{re.escape(SHARDS_FILE)})\Z")


def is_search_file(rel: str) -> bool:
    """Whether `rel` (relative to the index folder, layout.INDEX_FOLDER) is a file the search index writes."""
    return SEARCH_FILE.fullmatch(rel) is not None


def finish_runs(bundles: list[Path], hidden_url: str = f"/{STAND_IN}/") -> list[str]:
    """Finish one language's Pagefind runs (the output folder of each, in order) in place; return the ids of
    their stand-in records, at `hidden_url`: searched, never shown.

    Pagefind leaves out of a query a term its run does not hold ("限流 挽救" in a run without 挽救 would find
    every page with 限流 there). So every word of the language that a run lacks is written into that run's
    index, finding only its stand-in record: each run answers for every word, and the same query finds the
    same pages in runs as in one index. Runs are indexed while later pages are still being written, and
    their words are known only here, as Pagefind wrote them (stemmed)."""
    hidden = {bundle: pagefind.hide_fragment(bundle, hidden_url) for bundle in bundles}
    read = [pagefind.Bundle(bundle) for bundle in bundles]
    owned = [{word for word, _ in run.words} for run in read]
    language = set().union(*owned)
    for run, own in zip(read, owned):
        lacking = sorted(language - own)  # none for a language in one run
        if lacking:
            if hidden[run.pagefind] is None:
                raise ValueError(f"{run.pagefind}: a run lacking words of its language has no stand-in record "
                                 f"at {hidden_url}")
            page = run.page_number(hidden[run.pagefind])
            run.words = list(heapq.merge(run.words, ((word, pagefind.stand_in_entry(word, page)) for word in lacking)))
        run.write(CHUNK_BYTES)
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
        languages.update(pagefind.read_entry(first)["languages"])
        pagefind.move_bundle(first, output)
        for n, bundle in enumerate(rest, start=1):
            pagefind.move_fragments(bundle, output)
            pagefind.move_bundle(bundle, output / f"{code}-{n}", merged_only=True)
            later.setdefault(code, []).append(f"{code}-{n}/")
    pagefind.write_entry(output, {**pagefind.read_entry(output), "languages": languages})
    data = {"runs": later, "hidden": sorted(set(hidden)), **_loading(output, later)}
    (output / SHARDS_FILE).write_text(json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")),
                                      encoding="utf-8")


def _loading(output: Path, later: dict[str, list[str]]) -> dict:
    """What Pagefind fetches before a language can be searched, listed for kb-search/ to ask for all at once.

    Pagefind fetches a run's entry, then its meta index, and a later run's only once the first run's
    WebAssembly is ready: four round trips in a row, against one when asked for together as the search opens.
    The entries are fetched with Pagefind's metaCacheTag (by default the time, so never twice alike): the tag is
    a hash of every entry, so a new index is a new address."""
    folders = ["", *(folder for runs in later.values() for folder in runs)]
    entries = {folder: pagefind.read_entry(output / folder) for folder in folders}
    tag = hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:ENTRY_TAG_LENGTH]
    preload = {code: [name for folder in ["", *later.get(code, [])]
                      for name in pagefind.first_query_files(output, folder, code, tag)]
               for code in entries[""]["languages"]}
    return {"tag": tag, "preload": preload}


def shards_problems(path: Path) -> list[str]:
    """What is wrong with the list of runs at `path` (SHARDS_FILE): kb-search/ merges the bundles it names
    (only folders of this index, each with its entry), hides the records it lists (ids of Pagefind's form) and
    fetches the files it preloads (files of this index)."""
    try:
        shards = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as error:
        return [f"is not valid JSON ({error})"]
    if not (isinstance(shards, dict) and set(shards) == {"runs", "hidden", "tag", "preload"}
            and all(isinstance(shards[key], dict) and all(isinstance(v, list) for v in shards[key].values())
                    for key in ("runs", "preload"))
            and isinstance(shards["hidden"], list) and isinstance(shards["tag"], str)):
        return ['is not {"runs": {language: [folder, ...]}, "hidden": [id, ...], "tag": tag, '
                '"preload": {language: [file, ...]}}']
    problems = []
    if not re.fullmatch(f"[0-9a-f]{{{ENTRY_TAG_LENGTH}}}", shards["tag"]):
        problems.append(f"tags the entries {shards['tag']!r}, which is not {ENTRY_TAG_LENGTH} hex digits")
    for file in (file for files in shards["preload"].values() for file in files):
        name, query = file.split("?", 1) if isinstance(file, str) and "?" in file else (file, None)
        if not (isinstance(name, str) and is_search_file(name) and name != SHARDS_FILE
                and query in (None, f"ts={shards['tag']}") and (query is None) != name.endswith(pagefind.ENTRY)
                and (path.parent / name).is_file()):
            problems.append(f"preloads {file!r}, which is not a file of the site's search index")
    for folder in (folder for folders in shards["runs"].values() for folder in folders):
        if not (isinstance(folder, str) and re.fullmatch(f"{RUN_FOLDER}/", folder)
                and (path.parent / folder / pagefind.ENTRY).is_file()):
            problems.append(f"names {folder!r}, which is not a bundle of the site's search index")
    for record in shards["hidden"]:
        if not (isinstance(record, str) and re.fullmatch(pagefind.FILE_ID, record)):
            problems.append(f"hides {record!r}, which is not the id of a search record")
    return problems
