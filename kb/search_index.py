"""The site's search index: Pagefind, with Chinese indexed character by character.

Pagefind segments Chinese into words at index time (jieba), but the browser
segments the reader's query with its own dictionary (Intl.Segmenter/ICU),
and the two disagree: Chromium splits 缓存 into 缓 + 存, so a search for 缓存
found one page of twenty. Indexing each Han character as a word, and
searching a Chinese run as the exact phrase of its characters (kb-search.js),
makes every Chinese query a substring search that no segmenter can split
differently: 前缀缓存, 控制面 or 投机解码 are found whole, as the user
dictionary kept them under the old search.

Works on the built HTML, so it does not depend on the site generator.
"""
from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .text import HAN

BETWEEN_HAN = re.compile(f"(?<=[{HAN}])(?=[{HAN}])")
TAG = re.compile(r"(<[^>]*>)")
HTML_LANG = re.compile(r'<html[^>]*\blang="zh')


def character_words(html: str) -> str:
    """The page with a space between Han characters in its text (not in tags or attributes)."""
    parts = TAG.split(html)
    return "".join(part if part.startswith("<") else BETWEEN_HAN.sub(" ", part) for part in parts)


def build_search_index(site: Path | str) -> None:
    """Index every HTML page of `site` into site/pagefind/."""
    site = Path(site)
    shutil.rmtree(site / "pagefind", ignore_errors=True)  # the index is written whole: nothing else may sit in its folder
    with tempfile.TemporaryDirectory() as staging:
        # Pagefind reads the pages as they will be indexed; the published pages are untouched.
        for path in site.rglob("*.html"):
            html = path.read_text(encoding="utf-8")
            if HTML_LANG.search(html):
                html = character_words(html)
            target = Path(staging) / path.relative_to(site)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(html, encoding="utf-8")
        subprocess.run(
            [sys.executable, "-m", "pagefind", "--site", staging, "--output-path", str(site / "pagefind"),
             "--exclude-selectors", ".headerlink",
             "--include-characters", ".",  # versions and names stay whole: 0.33, llama.cpp
             "--silent"],
            check=True,
        )
    # Pagefind writes its languages in hash-map order: sort them, so a commit always builds the same bytes.
    entry = site / "pagefind" / "pagefind-entry.json"
    entry.write_text(json.dumps(json.loads(entry.read_text(encoding="utf-8")), sort_keys=True,
                                ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def search_fragments(site_root: Path) -> dict[str, dict]:
    """Pagefind's record of every indexed page, by URL: its text, title and anchors."""
    fragments = {}
    for path in (site_root / "pagefind" / "fragment").glob("*.pf_fragment"):
        data = gzip.decompress(path.read_bytes())
        record = json.loads(data[data.index(b"{"):])  # after Pagefind's "pagefind_dcd" signature
        fragments[record["url"]] = record
    return fragments
