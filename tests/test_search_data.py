"""What search indexes, without a browser: aliases in data/ and their checks, Chinese as character pairs,
versions by their number, the facets of each record."""
from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from conftest import ARCHIVE, archive_project, edit, line_of, problem_lines
from kb.cli.commands import main as kb
from kb.project import layout
from kb.search import index as search_index
from kb.search.bundle import SHARDS_FILE
from kb.search.folding import fold, fold_table
from kb.search.index import Runs, SearchRuns, build_search_index, page_records, search_fragments
from kb.search.pagefind_format import chunk_words, read_index_file, stand_in_entry
from kb.search.pagefind_service import PagefindError
from kb.model.labels import LABELS
from kb.search.records import KINDS, NAMES_ANCHOR, Facets, PageRecords, search_records, site_search_records
from kb.search.site_index import WORK_PREFIX, SiteIndex, remove_left_behind
from kb.search.text import chinese_pairs, glossary_names, readable, squashed, versions
from kb.search.words import FACTOR, PERCENT, STOP_WORDS


def check(project, capsys) -> list[str]:
    """What `kb check` finds, each problem as one line (conftest.problem_lines); it must find errors."""
    assert kb(["--root", str(project), "check"]) == 1
    return problem_lines(project)


# ---- aliases: one place (data/), checked like any fact -------------------------------------------

def test_aliases_live_in_data_and_read_per_language(catalog):
    assert catalog.entities["deepseek"].aliases("zh") == ["深度求索"]
    assert catalog.entities["deepseek"].aliases("en") == []
    assert catalog.entities["llama-cpp"].aliases("en") == ["llamacpp"]  # `all`: both languages
    assert "缓存感知路由" in catalog.topics["routing-control-planes"].aliases("zh")


def test_an_alias_claimed_by_two_entities_is_refused_at_its_line(project, capsys):
    edit(project, "data/entities.yml", "aliases: {zh: [英伟达]}", "aliases: {zh: [英伟达, 深度求索]}")
    line = line_of(project, "data/entities.yml", "aliases: {zh: [英伟达, 深度求索]}")
    first = line_of(project, "data/entities.yml", "aliases: {zh: [深度求索]}")  # where deepseek has it
    assert (f"data/entities.yml:{line}: 12.aliases.zh.1: `深度求索` already names `deepseek` (data/entities.yml:{first}) "
            "— an alias names one thing; keep it where readers mean it") in check(project, capsys)


def test_an_alias_may_not_name_a_topic_and_an_entity(project, capsys):
    edit(project, "data/topics.yml", "aliases: {zh: [FP4 算子]}", "aliases: {zh: [FP4 算子, 千问]}")
    assert any("topics.yml" in line and "`千问` already names `qwen`" in line for line in check(project, capsys))


def test_an_alias_that_is_the_name_or_markup_or_a_sentence_is_refused(project, capsys):
    edit(project, "data/entities.yml", "aliases: {all: [llamacpp]}",
         'aliases: {all: [llama.cpp, "<img src=x onerror=alert(1)>"], en: ["' + "a very long alias " * 4 + '"], fr: [x]}')
    out = "\n".join(check(project, capsys))
    assert "2.aliases.all.1: must be plain text, without `<`" in out
    assert "2.aliases.en.0: is 71 characters long — a name has at most 40" in out
    assert "2.aliases.fr.[key]: must be one of `all`, `zh` or `en`, not `fr`" in out


def test_a_term_alias_names_one_thing_and_is_not_the_term_itself(project, capsys):
    """data/terms.yml: another way readers write a term is checked like the aliases of entities and topics."""
    edit(project, "data/terms.yml", "aliases: {zh: [推测解码, 投机采样], en: [speculative sampling]}",
         "aliases: {zh: [推测解码, 深度求索, 投机解码], en: [speculative sampling]}")
    out = "\n".join(check(project, capsys))
    line = line_of(project, "data/terms.yml", "aliases: {zh: [推测解码, 深度求索")
    assert f"data/terms.yml:{line}: 0.aliases.zh.1: `深度求索` already names `deepseek`" in out
    assert f"data/terms.yml:{line}: 0.aliases.zh.2: `投机解码` is already its name — remove the alias" in out


def test_a_term_alias_is_plain_text_in_a_language_the_term_is_written_in(project, capsys):
    edit(project, "data/terms.yml", "aliases: {zh: [推测解码, 投机采样], en: [speculative sampling]}",
         "aliases: {zh: [推测解码, <b>x</b>]}")
    edit(project, "data/terms.yml", "aliases: {zh: [GPU 内存, 显卡内存]}", "aliases: {zh: [GPU 内存], en: [VRAM]}")
    out = "\n".join(check(project, capsys))
    assert "0.aliases.zh.1: must be plain text, without `<`" in out
    assert "1: has aliases under `en` but is not written in it — add `written: {en: ...}`, or move the aliases" in out


def vocabulary(site, lang: str) -> dict:
    """The search vocabulary a `lang` page's search fetches (kb.search.records.search_vocabulary)."""
    return json.loads((site / layout.SEARCH_VOCABULARY.format(lang=lang)).read_text(encoding="utf-8"))


def test_term_aliases_reach_the_search_vocabulary_of_their_language(site):
    boxes = {lang: vocabulary(site, lang)["synonyms"] for lang in ("zh", "en")}
    assert boxes["zh"]["推测解码"] == "投机解码" and boxes["zh"]["gpu 内存"] == "显存"  # as typed: NFKC, lower case
    assert boxes["zh"]["时延"] == "延迟" and boxes["zh"]["降低 50%"] == "减半"
    # 显存 and 延迟 are not written in English
    assert boxes["en"] == {"speculative sampling": "speculative decoding", "cut in half": "halved", "50% lower": "halved",
                           "50% less": "halved", "latest issue": "latest issues", "newest issue": "latest issues",
                           "new issue": "latest issues"}


def test_the_names_of_topics_entities_and_terms_reach_the_search_vocabulary_of_their_language(site):
    """The words a misspelt query is read as (kb-search/spelling.js: respelled): each language's names and aliases,
    word by word, not the other language's."""
    boxes = {lang: vocabulary(site, lang)["names"] for lang in ("zh", "en")}
    entities = yaml.safe_load((ARCHIVE / "data" / "entities.yml").read_text(encoding="utf-8"))
    for lang, words in boxes.items():
        assert words == sorted(set(words)) and all(any(c.isalpha() for c in word) for word in words)
        for entity in entities:
            assert set(entity["name"].split()) <= set(words), entity["name"]
            for alias in (*entity.get("aliases", {}).get("all", []), *entity.get("aliases", {}).get(lang, [])):
                assert set(alias.split()) <= set(words), (lang, alias)
    assert {"深度求索", "推测解码", "投机解码", "llama.cpp", "llamacpp"} <= set(boxes["zh"])  # an alias, a term's own
    assert "Moonshot" in boxes["en"] and "Moonshot" not in boxes["zh"] and "深度求索" not in boxes["en"]


def test_a_glossary_name_stands_for_one_abbreviation(project, capsys):
    """A reader's query that is a glossary name is searched as its abbreviation (kb.search.text.glossary_names):
    a name two abbreviations share would find only the first, and an abbreviation defined twice shows only
    its last expansion on the pages."""
    glossary = project / "snippets" / "abbreviations.en.md"
    lines = glossary.read_text(encoding="utf-8").splitlines()
    glossary.write_text("\n".join([*lines, "*[FTT]: first token time (time to first token)", lines[0]]) + "\n",
                        encoding="utf-8")
    out = "\n".join(check(project, capsys))
    ttft = next(n for n, line in enumerate(lines, 1) if line.startswith("*[TTFT]"))
    assert (f"snippets/abbreviations.en.md:{len(lines) + 1}: glossary: `time to first token` already stands for "
            f"`TTFT` (line {ttft})") in out
    assert f"snippets/abbreviations.en.md:{len(lines) + 2}: glossary: `{lines[0][2:lines[0].index(']')]}` is defined again" in out


def test_an_alias_that_repeats_the_name_is_refused(project, capsys):
    edit(project, "data/entities.yml", "aliases: {all: [llamacpp]}", "aliases: {all: [LLAMA.CPP]}")
    assert any("`LLAMA.CPP` is already its name — remove the alias" in line for line in check(project, capsys))


# ---- what Pagefind reads ---------------------------------------------------------------------------


PAGE = ('<html lang="zh"><head><title>t</title></head><body><article><div data-pagefind-body><h1>第 7 期</h1>'
        '<p>前缀<b>缓存</b>：3.3×，vLLM v0.33.0</p><h3 class="kb-item" id="a">甲</h3><p>条目甲</p>'
        '<h2 id="s">信号</h2><p>其余</p></div></article></body></html>')


def test_chinese_is_indexed_as_pairs_across_inline_tags_and_read_back_as_written():
    paired = chinese_pairs(PAGE)
    assert " 前缀 缀缓 </b>" not in paired and "前缀 缀缓 " in paired and " 缓存 存 " in paired  # 缀缓 spans the <b>
    assert "<title>t</title>" in paired and " ： " in paired  # raw text untouched; CJK punctuation ends a word
    text = re.sub(r"<[^>]*>", "", paired)  # as Pagefind reads it: text without tags
    assert "前缀缓存：3.3×，vLLMv0.33.0" in "".join(readable(text).split())
    assert versions("vLLM v0.33.0 and V0.5.23, not 1.2") == "0.33.0 0.5.23"


@pytest.mark.parametrize("html, indexed", [
    ('<span title="前缀">缓存</span>', '<span title="前缀"> 缓存 存 </span>'),  # attributes are not text
    ("<script>前缀</script>后", "<script>前缀</script> 后 "),  # nor is raw text
    ("<B>前</B><EM>缀</em>缓", "<B> 前缀 </B><EM> 缀缓 </em> 缓 "),  # a run goes on across inline tags, any case
    ("前<br>缀", " 前 <br> 缀 "),  # not across others
    ("<!-- 注释 -->正文", "<!-- 注释 --> 正文 文 "),
    ("a < 前 b", "a <  前  b"),  # a "<" that opens no tag is text
    ("（前）缀：", " （  前  ）  缀  ： "),
])
def test_only_text_is_written_as_pairs(html, indexed):
    assert chinese_pairs(html) == indexed


def test_hostile_values_are_escaped_in_every_record():
    hostile = '"><script>alert(1)</script>, x:y'
    facets = Facets({"topic": (hostile,)}, {"issue": hostile}, (hostile,), names_the_page=True)
    code, records = page_records("issues/007/index.html", PAGE, PageRecords(facets, {"a": facets}))
    assert code == "qaa" and set(records) == {"issues/007/index.html", "issues/007/_item/a/index.html"}
    for html in records.values():
        assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;, x:y" in html
    item = records["issues/007/_item/a/index.html"]
    # the item alone, its heading its title, as pairs
    assert chinese_pairs("<h1>甲</h1><p>条目甲</p>") in item and "其余" not in item
    assert 'data-pagefind-meta="url">/issues/007/#a<' in item
    assert "目甲" not in records["issues/007/index.html"]  # the rest of the page, without its items


def _body(html: str) -> str:
    """What Pagefind reads of a page whose indexed part is `html` (its one record's body)."""
    page = f'<html lang="en"><body><div data-pagefind-body>{html}</div></body></html>'
    record = page_records("p/index.html", page, None)[1]["p/index.html"]
    return record.split("<div data-pagefind-body>", 1)[1].rsplit("</div>", 1)[0]


def test_what_pagefind_leaves_out_is_not_handed_over():
    """Elements marked data-pagefind-ignore are left out whole, however they nest; a marker written inside
    an attribute's value, or a ">" in a value, does not start one."""
    body = _body('<p>kept1</p><div data-pagefind-ignore="all"><div><div>gone1</div></div><img src="x">gone2</div>'
                 '<p title="a > b data-pagefind-ignore">kept2</p><span data-pagefind-ignore>gone3<span '
                 'data-pagefind-ignore>gone4</span></span><p class="x" data-pagefind-ignore="all" id="y">gone5</p>kept3')
    assert body == '<p>kept1</p><p title="a &gt; b data-pagefind-ignore">kept2</p>kept3'
    assert _body("<div data-pagefind-ignore><p>never closed") == ""  # as Pagefind reads it: to the end
    assert _body("<p>plain</p>") == "<p>plain</p>"
    assert page_records("p/index.html", "<html><body><p>no body</p></body></html>", None) == ("en", {})


def test_an_item_runs_from_its_heading_to_the_next_heading_of_its_rank_or_above():
    page = ('<html lang="en"><body><div data-pagefind-body><p>intro</p><h3 class="kb-item" id="a">A</h3><p>one</p>'
            '<h4>detail</h4><p>two</p><h3 class="kb-item" id="b">B</h3><p>three</p><div><h2>later</h2></div><p>rest</p>'
            '</div></body></html>')
    records = page_records("i/index.html", page, PageRecords(Facets(), {"a": Facets(), "b": Facets()}))[1]
    assert "<h1>A</h1><p>one</p><h4>detail</h4><p>two</p></div>" in records["i/_item/a/index.html"]
    assert "<h1>B</h1><p>three</p></div>" in records["i/_item/b/index.html"]
    rest = records["i/index.html"]
    assert "<p>intro</p><div><h2>later</h2></div><p>rest</p>" in rest and "one" not in rest and "three" not in rest


def test_a_page_with_nothing_indexed_says_nothing_of_its_language(tmp_path):
    """A redirect page (no indexed body, no lang: read as English) written with the Chinese pages leaves
    English open: the English pages written later are indexed, not refused."""
    pages = {"zh/index.html": '<html lang="zh"><body><div data-pagefind-body><p>中文</p></div></body></html>',
             "old/index.html": '<html><head><meta http-equiv="refresh" content="0; url=/zh/"></head></html>',
             "en/index.html": '<html lang="en"><body><div data-pagefind-body><p>English</p></div></body></html>'}
    for rel, html in pages.items():
        (tmp_path / rel).parent.mkdir(parents=True)
        (tmp_path / rel).write_text(html, encoding="utf-8")
    runs = Runs(tmp_path, {})
    runs.add(tmp_path / "zh/index.html")
    runs.add(tmp_path / "old/index.html")
    assert [(code, name) for code, name, _ in runs.last_runs()] == [("qaa", "qaa-0")]
    runs.add(tmp_path / "en/index.html")
    (code, name, records), = runs.last_runs()
    assert (code, name, [url for url, _ in records]) == ("en", "en-0", ["/en/"])


def test_the_built_lists_that_repeat_the_issues_are_not_handed_over(site):
    """A hub lists its items in a block Pagefind leaves out: the record holds its introduction, not its lists."""
    html = (site / "en/topics/kv-cache-compression/index.html").read_text(encoding="utf-8")
    record = page_records("en/topics/kv-cache-compression/index.html", html, None)[1]["en/topics/kv-cache-compression/index.html"]
    listed = re.search(r'data-pagefind-ignore="all"[^>]*>.*?<a href="[^"]*issues/[^"]*">([^<]+)</a>', html, re.S).group(1)
    assert "data-pagefind-ignore" not in record and listed not in record  # an item the hub lists
    assert "<h1" in record  # its own words stay


def test_facets_come_from_the_catalog_in_the_page_language(catalog):
    records = search_records(catalog, "en")
    item = records["en/issues/007/index.html"].items["vllm-v0-33-0"]
    assert item.filters["category"] == ("Release",) and "vLLM" in item.filters["entity"]
    assert item.meta == {"issue": "7", "date": "2026-11-10", "category": "Release", "kind": "item"}
    assert item.filters["kind"] == ("Item",)
    hub = records["en/entities/kimi/index.html"].page
    assert hub.aliases == ("Kimi", "Moonshot AI") and hub.names_the_page  # its name first: weighs as its title
    assert (hub.meta["kind"], hub.filters["kind"]) == ("entity", ("Entity",))
    zh = search_records(catalog, "zh")["issues/003/index.html"].items
    assert any("深度求索" in facets.aliases for facets in zh.values())  # an item names DeepSeek: found by its alias


def test_every_page_search_indexes_says_what_it_is(catalog):
    """Each record carries its kind (kb.search.records.KINDS), as metadata for its row's label and as a filter
    in the page's language, so that the facet of kinds counts every result once."""
    for lang in ("zh", "en"):
        words = LABELS[lang]["search"]["kinds"]
        records = search_records(catalog, lang)
        assert {layout.built_file(page, lang) for page in catalog.pages} <= set(records)
        for file, record in records.items():
            for facets in (record.page, *record.items.values()):
                assert facets.meta["kind"] in KINDS, file
                assert facets.filters["kind"] == (words[facets.meta["kind"]],), file
        issue = catalog.issues[0]
        kinds = {records[layout.built_file(issue.page, lang)].page.meta["kind"]}
        kinds |= {facets.meta["kind"] for facets in records[layout.built_file(issue.page, lang)].items.values()}
        assert kinds == {"issue", "item"}
        assert records[layout.built_file(next(iter(catalog.topics.values())).page, lang)].page.meta["kind"] == "topic"
        assert records[layout.built_file(catalog.records.pages[0].page, lang)].page.meta["kind"] == "record"


def test_an_items_label_lines_are_found_by_their_names_never_shown(site, catalog):
    """Source: … Topics: … Mentions: … are not indexed text, so no excerpt is made of them (kb.render.issue_page);
    the item's record is found by those names after its text (searched, never shown)."""
    html = (site / "en/issues/003/index.html").read_text(encoding="utf-8")
    records = search_records(catalog, "en")["en/issues/003/index.html"]
    found = page_records("en/issues/003/index.html", html, records)[1]
    item = found["en/issues/003/_item/dual-qk/index.html"]
    text, names = item.split(f'id="{NAMES_ANCHOR}"')
    for label in ("Source", "Topics", "Mentions", "Related items"):
        assert f"<strong>{label}</strong>" not in text, label
    assert "SGLang" in names and "KV cache compression" in names and "arXiv" in names
    assert "<strong>Topics</strong>" not in found["en/issues/003/index.html"]  # a signal's topics line


# ---- the index in runs (kb.search.ranking.SHARD_BYTES, kb.search.bundle) ------------------------------------

def _bundles(site) -> list:
    pagefind = site / "pagefind"
    runs = json.loads((pagefind / SHARDS_FILE).read_text(encoding="utf-8"))["runs"]
    return [pagefind, *(pagefind / folder for folders in runs.values() for folder in folders)]


def _languages(bundle):
    """(index language, its meta index) of each language of a bundle."""
    entry = json.loads((bundle / "pagefind-entry.json").read_text(encoding="utf-8"))
    return [(code, read_index_file(bundle / f"pagefind.{language['hash']}.pf_meta"))
            for code, language in entry["languages"].items()]


def test_a_big_index_is_made_of_runs_that_hold_every_record_once(site, site_in_runs):
    shards = json.loads((site_in_runs / "pagefind" / SHARDS_FILE).read_text(encoding="utf-8"))
    assert len(shards["runs"]["qaa"]) >= 2 and len(shards["runs"]["en"]) >= 2, shards
    # each run of a language holds its stand-in record, hidden: one id per language
    assert [record.split("_")[0] for record in shards["hidden"]] == ["en", "qaa"]
    one = json.loads((site / "pagefind" / SHARDS_FILE).read_text(encoding="utf-8"))
    assert (one["runs"], one["hidden"]) == ({}, [])
    # every record in one run only, and every fragment but the hidden where kb-search/pagefind.js fetches it
    pages = [page[0] for bundle in _bundles(site_in_runs) for _, meta in _languages(bundle) for page in meta[1]]
    shown = [page for page in pages if page not in shards["hidden"]]
    assert len(shown) == len(set(shown)) == len(search_fragments(site)) == len(search_fragments(site_in_runs))
    assert all((site_in_runs / "pagefind" / "fragment" / f"{page}.pf_fragment").is_file() for page in shown)
    runs = sum(len(_languages(bundle)) for bundle in _bundles(site_in_runs))
    assert len(pages) - len(shown) == runs  # a stand-in record in every run of every language


def test_every_run_answers_for_every_word_of_its_language(site_in_runs):
    """Runs are indexed before their language is whole, so their words differ: each run is given the words
    of the language it lacks, finding only its stand-in record, or a query with such a word would find the
    run's pages holding its other words (kb.search.bundle.finish_runs)."""
    hidden = set(json.loads((site_in_runs / "pagefind" / SHARDS_FILE).read_text(encoding="utf-8"))["hidden"])
    words: dict[str, list[set[str]]] = {}
    stand_ins = 0
    for bundle in _bundles(site_in_runs):
        for code, meta in _languages(bundle):
            stand_in = next(n for n, (page, _) in enumerate(meta[1]) if page in hidden)
            found = set()
            for chunk in meta[2]:
                for word, entry in chunk_words(bundle / "index" / f"{chunk[2]}.pf_index"):
                    found.add(word)
                    stand_ins += entry == stand_in_entry(word, stand_in)  # finds only the stand-in
            words.setdefault(code, []).append(found)
    for code, runs in words.items():
        assert len(runs) >= 2 and all(run == runs[0] for run in runs), code
        assert len(runs[0]) > 1000
    assert stand_ins > 1000  # words given to the runs that lacked them


def test_a_word_entry_is_cut_where_its_cbor_ends_whatever_the_shape_of_its_pages(site):
    """chunk_words cuts a word chunk into entries by matching their pages' common shape (kb.search.pagefind_format:
    entry_end); every cut is where a plain CBOR reader ends the entry, for entries of every shape Pagefind wrote."""
    from kb.search import pagefind_format as cbor
    shapes = set()
    for path in (site / "pagefind").rglob("*.pf_index"):
        data = gzip.decompress(path.read_bytes())
        _, count, at = cbor.read_head(data, len(cbor.SIGNATURE) + 1)
        for _ in range(count):
            end = cbor.item_end(data, at)
            assert cbor.entry_end(data, at) == end, path
            _, pages, page = cbor.read_head(data, cbor.item_end(data, at + 1))
            for _ in range(pages):
                shapes.add(cbor.PAGE_SHAPE.match(data, page) is not None)
                page = cbor.item_end(data, page)
            at = end
    assert shapes >= {True, False}  # pages of the common shape and of others (a long list of locations)


def test_pagefind_finds_every_word_in_its_chunk(site_in_runs):
    """Pagefind loads, for a term, the first chunk with from <= term <= to: every word must be in that one
    (Pagefind's own chunks miss about one word per chunk, found only when no term of the query is)."""
    checked, most = 0, 0
    for bundle in _bundles(site_in_runs):
        for code, meta in _languages(bundle):
            chunks = meta[2]
            most = max(most, len(chunks))
            words = []
            for first, last, name in chunks:
                in_chunk = [word for word, _ in chunk_words(bundle / "index" / f"{name}.pf_index")]
                for word in in_chunk:
                    found = next(chunk[2] for chunk in chunks if chunk[0] <= word <= chunk[1])
                    assert found == name, (bundle.name, code, word, first, last)
                words += in_chunk
            assert words == sorted(words) and len(words) == len(set(words))
            checked += len(words)
    assert checked > 5000 and most >= 3  # runs whose words were cut into several chunks


def test_the_index_in_runs_passes_the_audit_and_the_firewall(site_in_runs, capsys):
    assert kb(["--root", str(archive_project()), "audit", "--site", str(site_in_runs)]) == 0, capsys.readouterr().out


def test_the_firewall_checks_the_list_of_runs(site_in_runs, tmp_path, capsys):
    copy = tmp_path / "site"
    shutil.copytree(site_in_runs, copy)
    (copy / "pagefind" / SHARDS_FILE).write_text(json.dumps({
        "runs": {"qaa": ["../../evil/"]}, "hidden": ["<x>"], "tag": "0123456789ab",
        "preload": {"qaa": ["../../evil.js", "pagefind-entry.json?ts=other", "pagefind-entry.json", "qaa-9/pagefind-entry.json?ts=0123456789ab"]}}),
        encoding="utf-8")
    assert kb(["--root", str(archive_project()), "audit", "--site", str(copy)]) == 1
    out = capsys.readouterr().out
    assert "names '../../evil/', which is not a bundle of the site's search index" in out
    assert "hides '<x>', which is not the id of a search record" in out
    for file in ("../../evil.js", "pagefind-entry.json?ts=other", "pagefind-entry.json", "qaa-9/pagefind-entry.json?ts=0123456789ab"):
        assert f"preloads {file!r}, which is not a file of the site's search index" in out
    (copy / "pagefind" / SHARDS_FILE).write_text('{"runs": {}, "hidden": []}', encoding="utf-8")
    assert kb(["--root", str(archive_project()), "audit", "--site", str(copy)]) == 1
    assert 'is not {"runs": {language: [folder, ...]}' in capsys.readouterr().out


# ---- the index built while the site is written (kb.search.site_index) -------------------------------------

def _files(folder) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def _index_as_written(site, catalog, out, written_first, shard_bytes):
    """Index a copy of `site` at `out` as a build does: the pages under `written_first` (folders of the
    copy) written first, each handed over as the next is built, then indexed; then the rest."""
    shutil.copytree(site, out)
    shutil.rmtree(out / "pagefind")
    index = SiteIndex(out, site_search_records(catalog), shard_bytes)
    aside = out.parent / "aside"
    later = [path for path in out.iterdir() if path.name not in written_first]
    aside.mkdir()
    for path in later:  # not written yet
        path.rename(aside / path.name)
    for page in sorted(out.rglob("*.html")):
        index.page_built(page)
    index.languages_written()
    for path in later:
        (aside / path.name).rename(out / path.name)
    return index


def test_the_build_indexes_a_language_while_the_next_is_written_with_the_same_bytes(site, catalog, tmp_path):
    """The build hands each page to a second process once written, which indexes the Chinese pages while
    the English ones are written: its index is byte for byte the one made at once."""
    at_once = tmp_path / "at-once"
    shutil.copytree(site, at_once)
    build_search_index(at_once, site_search_records(catalog))
    assert _files(site / "pagefind") == _files(at_once / "pagefind")


def _runs_of(site, catalog, tmp_path, shard_bytes=40_000) -> SearchRuns:
    """Every page of `site` read into runs (none indexed yet)."""
    runs = SearchRuns(Runs(site, site_search_records(catalog)), tmp_path, shard_bytes)
    for page in sorted(site.rglob("*.html")):
        if not page.is_relative_to(site / "pagefind"):
            runs.pages.add(page)
    return runs


def test_pagefind_takes_one_thread_beside_the_build_and_every_core_once_the_site_is_written(site, catalog, tmp_path,
                                                                                           monkeypatch):
    threads, write = [], search_index.write_index

    def pagefind(records, output, threads_given):
        threads.append(threads_given)
        return write(records, output, threads_given)

    monkeypatch.setattr(search_index, "write_index", pagefind)
    runs = _runs_of(site, catalog, tmp_path)
    runs.index_full_runs()
    runs.wait()
    beside = len(threads)
    runs.use_cores(2)
    runs.finish_languages()
    runs.wait()
    assert beside >= 2 and threads[:beside] == [1] * beside
    assert len(threads) > beside and set(threads[beside:]) == {2}


def test_a_run_pagefind_fails_on_stops_the_index_and_is_reported_where_it_is_waited_for(site, catalog, tmp_path,
                                                                                     monkeypatch):
    calls = []

    def fail(*args, **kwargs):
        calls.append(args)
        raise PagefindError("refused")

    monkeypatch.setattr(search_index, "write_index", fail)
    runs = _runs_of(site, catalog, tmp_path)
    runs.finish_languages()
    with pytest.raises(PagefindError, match="refused"):
        runs.wait()
    assert len(calls) == 1 and not runs.indexed and not runs.hidden  # nothing after the failed run was indexed


def test_an_index_in_runs_handed_over_by_language_is_the_one_made_at_once(site, site_in_runs, catalog, tmp_path):
    index = _index_as_written(site, catalog, tmp_path / "site", {path.name for path in site.iterdir()} - {"en"}, 40_000)  # the runs of site_in_runs
    index.finish()
    assert not index.work.exists()  # nothing left behind
    assert _files(tmp_path / "site" / "pagefind") == _files(site_in_runs / "pagefind")


def _processes_in_group(group: int) -> list[str]:
    """The command lines of the live processes in process group `group` (Linux /proc; a zombie is dead)."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            state, _, process_group = (proc / "stat").read_text().rpartition(")")[2].split()[:3]
            if proc.name.isdigit() and int(process_group) == group and state != "Z":
                found.append((proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"))
        except (OSError, ValueError):
            pass  # it ended while being read
    return found


def test_a_failed_build_stops_the_index_and_its_pagefind(site, catalog, tmp_path):
    """A build that fails while a language is being indexed (close(), from on_build_error) stops Pagefind
    too: left alone, it ran on in a removed folder and held the build's output open long after the build failed,
    in CI."""
    index = _index_as_written(site, catalog, tmp_path / "site", {path.name for path in site.iterdir()} - {"en"}, 20_000)
    group = index.process.pid
    deadline = time.monotonic() + 60
    while not any("pagefind" in command for command in _processes_in_group(group)):
        assert time.monotonic() < deadline, "Pagefind never started"
        time.sleep(0.005)
    index.close()
    # killed, Pagefind leaves once its running system call returns: within moments, on a loaded machine too
    deadline = time.monotonic() + 10
    while _processes_in_group(group) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _processes_in_group(group) == []
    assert not index.work.exists()


def test_the_work_of_a_killed_build_is_removed_by_the_next(tmp_path):
    """A build killed outright cannot remove its second process's work folder; the next build removes every
    such folder whose build is gone, and no other."""
    ended = subprocess.Popen([sys.executable, "-c", ""])
    ended.wait()
    left = tmp_path / f"{WORK_PREFIX}{ended.pid}-x1"
    (left / "staged").mkdir(parents=True)
    (left / "staged" / "1.html").write_text("<p>staged</p>", encoding="utf-8")
    running = tmp_path / f"{WORK_PREFIX}{os.getpid()}-x2"
    running.mkdir()
    other = tmp_path / "kb-search-notes"
    other.mkdir()
    remove_left_behind(tmp_path)
    assert not left.exists() and running.exists() and other.exists()


def test_a_language_handed_over_in_two_parts_is_refused(site, catalog, tmp_path):
    """A language's runs are given the words they lack once it is whole (kb.search.bundle.finish_runs):
    a page of it written after that would be missing from them, so the index says so instead."""
    index = _index_as_written(site, catalog, tmp_path / "site", {"issues"}, 100_000)
    with pytest.raises(RuntimeError, match="indexed as 'qaa' was written after that language was indexed"):
        index.finish()
    assert not (tmp_path / "site" / "pagefind").exists() and not index.work.exists()


def test_glossary_names_are_each_expansion_and_its_parts_squashed():
    glossary = ("*[TTFT]: 首 token 延迟（首字延迟，time to first token）\n"
                "*[PD]: Prefill/decode\n"
                "*[P]: Prefill/decode\n"  # a name another abbreviation has: the first keeps it
                "*[X]: x\n"  # one letter, and the abbreviation itself: no name
                "not a glossary line: *[Y]: why\n")
    assert glossary_names(glossary) == {
        "首token延迟首字延迟timetofirsttoken": "TTFT", "首token延迟": "TTFT", "首字延迟": "TTFT",
        "timetofirsttoken": "TTFT", "prefilldecode": "PD"}
    assert squashed("Ｔime-to-First　token") == "timetofirsttoken"  # full-width letters and spaces too


def test_the_search_vocabulary_carries_each_languages_glossary_names_and_no_page_does(site):
    for page, lang in (("index.html", "zh"), ("en/index.html", "en")):
        terms = vocabulary(site, lang)["terms"]
        glossary = (ARCHIVE / layout.localized(layout.GLOSSARY, lang)).read_text(encoding="utf-8")
        assert terms == glossary_names(glossary) and terms["timetofirsttoken"] == "TTFT"
        html = (site / page).read_text(encoding="utf-8")
        # fetched as the search opens: the page names the file, and carries none of it
        assert f'data-kb-vocabulary="{layout.SEARCH_VOCABULARY}"' in html and "timetofirsttoken" not in html
    assert '"首字延迟":"TTFT"' in (site / layout.SEARCH_VOCABULARY.format(lang="zh")).read_text(encoding="utf-8")  # UTF-8


def test_facet_values_of_two_facets_never_read_alike():
    """A chip shows its value only: the category 论文 (paper) and the source kind of a figure a paper reported
    must not read alike, in either language."""
    from kb.model.labels import LABELS
    for lang, words in LABELS.items():
        categories = {value.casefold() for value in words["category"].values()}
        kinds = {value.casefold() for value in words["source_kind"].values()}
        assert not categories & kinds, (lang, categories & kinds)


def test_the_chinese_vocabulary_folds_traditional_queries_with_opencc_to_what_the_pages_write(site):
    """OpenCC's own tables (tw2sp: Taiwan phrases, then characters), kept to what the Chinese pages write."""
    zh, en = vocabulary(site, "zh"), vocabulary(site, "en")
    table = zh["fold"]
    assert fold("統一記憶體", table) == "统一内存"  # TWPhrasesRev's 記憶體, not 记忆体 character by character
    assert fold("解碼延遲", table) == "解码延迟"
    written = {char for path in site.rglob("*.html") if not path.relative_to(site).as_posix().startswith("en/")
               for char in path.read_text(encoding="utf-8")}
    assert set(table["chars"][1::2]) <= written and all(set(s) <= written for s in table["phrases"].values())
    assert "fold" not in en  # English pages are not indexed as Chinese


def test_the_fold_table_keeps_only_what_turns_into_text_the_pages_write():
    table = fold_table(["张量并行与内存"])
    assert fold("張量並行 記憶體", table) == "张量并行 内存"
    assert set(table["phrases"]) == {"記憶體"}  # 快取 (缓存) and the rest: not written by these pages
    assert "緩" not in table["chars"]
    assert fold_table([]) == {"chars": "", "phrases": {}}


def test_the_vocabulary_carries_stop_words_factors_and_topics_to_suggest(site, catalog):
    for lang in ("zh", "en"):
        words = vocabulary(site, lang)
        assert words["stop_words"] == list(STOP_WORDS[lang]) and words["factor"] == json.loads(json.dumps(FACTOR[lang]))
        assert words["percent"] == json.loads(json.dumps(PERCENT[lang]))
        assert [title for title, _ in words["topics"]] == [topic.title(lang) for topic in catalog.topics.values()]
        assert all((site / url / "index.html").is_file() for _, url in words["topics"]), words["topics"]
