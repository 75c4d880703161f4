"""What CONTRIBUTING allows is not refused: a page with no English version (the English site shows it in Chinese
with a notice), and an English page removed, build strictly.

The output firewall compared each search record's title with its page's heading by reading the title back from
Chinese character pairs (kb.search.text.readable); an English page's record is not paired, so its untranslated
title 关于 was read as the pair 关于 and cut to 关, and the build refused the page. The title is now compared with
the heading written as the page's language indexes it (kb.search.text.as_indexed).
"""
from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from conftest import build
from kb.project import layout
from kb.search.pagefind_format import fragment_files, read_fragment
from kb.search.text import INDEX_LANGUAGE, as_indexed, is_paired

# the titles Pagefind gives the records of a Chinese-only page titled 关于 (read from a build of the fixture archive)
PAGEFIND_TITLES = {"zh": "附录 录", "en": "附录"}  # any title of two Han characters


@pytest.mark.parametrize("lang", layout.LANGUAGES)
def test_a_heading_is_compared_as_its_pages_language_indexes_it(lang):
    assert as_indexed("附录", lang) == "".join(PAGEFIND_TITLES[lang].split())
    assert is_paired(lang) == (lang in INDEX_LANGUAGE)


def test_as_indexed_pairs_only_chinese_pages_and_keeps_what_is_not_han():
    heading = "vLLM 的 <调度器> 与 KV 缓存"
    assert as_indexed(heading, "en") == "vLLM的<调度器>与KV缓存"
    assert as_indexed(heading, "zh") == "vLLM的<调度度器器>与KV缓存存"  # 调度器 is indexed as 调度 度器 器
    assert as_indexed(heading, "zh-Hans") == as_indexed(heading, "zh")


@pytest.mark.full
def test_a_chinese_only_page_and_a_removed_english_page_build_strictly(project, tmp_path):
    (project / layout.DOCS / "foo.md").write_text(
        "---\ntitle: 附录\ndescription: 一页只有中文的说明。\n---\n\n这是一页只有中文的说明。\n", encoding="utf-8")
    (project / layout.DOCS / "about.en.md").unlink()  # CONTRIBUTING: the English site then shows the Chinese page
    site = tmp_path / "site"
    result = build(project, site)
    log = result.stdout + result.stderr
    assert result.returncode == 0 and "WARNING" not in log, log
    titles = {read_fragment(path)["url"]: read_fragment(path)["meta"]["title"] for path in fragment_files(site / "pagefind")}
    for page, title in (("foo.md", "附录"), ("about.md", "关于")):
        english = site / layout.built_file(page, "en")
        soup = BeautifulSoup(english.read_text(encoding="utf-8"), "html.parser")
        assert soup.select_one(".kb-untranslated") is not None  # shown in Chinese, with the notice
        assert titles["/" + layout.built_file(page, "en").removesuffix("index.html")] == title  # found whole
