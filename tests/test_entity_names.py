"""An entity's name per language (`names:` in data/entities.yml): the Chinese pages name it as Chinese readers
write it, everywhere the site names it; the English pages keep the name; an entity without one is unchanged."""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urljoin

import pytest
import yaml
from bs4 import BeautifulSoup

from conftest import build, edit, line_of, problem_lines
from kb import load_catalog
from kb.cli.commands import main as kb
from kb.project import layout
from kb.publish.export import export_catalog, export_schema
from kb.search.pagefind_format import chunk_words, read_index_file
from kb.search.records import search_records, search_vocabulary

NAME, ZH_NAME = "NVIDIA GPUs", "英伟达显卡"  # the fixture's entity `nvidia-gpus`, and a Chinese name made for the test
ENTITY = "nvidia-gpus"


def name_it_in_chinese(project, *, retitle: bool = True) -> None:
    edit(project, layout.ENTITIES_FILE, f"  name: {NAME}\n", f"  name: {NAME}\n  names: {{zh: {ZH_NAME}}}\n")
    if retitle:  # as `kb new entity --name-zh` titles the page
        edit(project, f"docs/{layout.entity_page(ENTITY)}", f'title: "{NAME}"', f'title: "{ZH_NAME}"')


def check_output(project, capsys) -> tuple[int, str]:
    """`kb check`'s exit status; what it printed, and each problem as problem_lines gives it (one line each)."""
    status = kb(["--root", str(project), "check", "--lang", "en"])
    captured = capsys.readouterr()
    return status, "\n".join([captured.out + captured.err, *problem_lines(project)])


# ---- the model and its checks ---------------------------------------------------------------------

def test_the_chinese_name_is_the_chinese_title_and_the_name_stays_searchable(project):
    name_it_in_chinese(project)
    entity = load_catalog(project).entities[ENTITY]
    assert entity.title("zh") == ZH_NAME and entity.title("en") == NAME
    assert entity.aliases("zh") == [NAME, "英伟达"]  # a Chinese reader typing the name still finds it
    assert entity.aliases("en") == []
    assert load_catalog(project).entities["vllm"].title("zh") == "vLLM"  # no Chinese name: the name


def test_a_chinese_name_is_checked_as_plain_text_at_its_line(project, capsys):
    edit(project, layout.ENTITIES_FILE, f"  name: {NAME}\n", f"  name: {NAME}\n  names: {{zh: <b>英伟达</b>, fr: Nvidia}}\n")
    line = line_of(project, layout.ENTITIES_FILE, "names: {zh: <b>")
    status, out = check_output(project, capsys)
    assert status == 1
    assert f"{layout.ENTITIES_FILE}:{line}: 12.names.zh: must be plain text, without `<`" in out
    assert f"{layout.ENTITIES_FILE}:{line}: 12.names.fr.[key]: must be one of `zh` or `en`, not `fr`" in out


def test_a_chinese_name_that_is_the_name_or_names_another_entity_is_refused(project, capsys):
    edit(project, layout.ENTITIES_FILE, "  name: DeepSeek\n", "  name: DeepSeek\n  names: {zh: DeepSeek}\n")
    edit(project, layout.ENTITIES_FILE, f"  name: {NAME}\n", f"  name: {NAME}\n  names: {{zh: 千问}}\n")
    edit(project, layout.ENTITIES_FILE, "  name: Kimi\n", "  name: Kimi\n  names: {zh: vLLM}\n")
    status, out = check_output(project, capsys)
    assert status == 1
    assert "`names.zh` is `DeepSeek`, its `name` already — remove it" in out
    line = line_of(project, layout.ENTITIES_FILE, "names: {zh: vLLM}")
    assert f"{layout.ENTITIES_FILE}:{line}: 10.names.zh: `vLLM` already names `vllm`" in out
    # 千问 is an alias of qwen, listed after it: the alias is the one reported, as for any alias
    assert "`千问` already names `nvidia-gpus`" in out


def test_an_alias_that_is_the_name_a_language_no_longer_writes_is_still_its_name(project, capsys):
    name_it_in_chinese(project)
    edit(project, layout.ENTITIES_FILE, "aliases: {zh: [英伟达]}", f"aliases: {{zh: [英伟达, {NAME}]}}")
    status, out = check_output(project, capsys)
    assert status == 1 and f"`{NAME}` is already its name — remove the alias" in out


def test_a_page_still_titled_by_the_name_gets_a_warning(project, capsys):
    name_it_in_chinese(project, retitle=False)
    status, out = check_output(project, capsys)
    assert status == 0  # a warning: the page's title is the editor's prose
    page = f"docs/{layout.entity_page(ENTITY)}"
    assert (f"{page}:2: warning: title: is `{NAME}`, but {layout.ENTITIES_FILE} names `{ENTITY}` `{ZH_NAME}` on the zh pages"
            in out)
    assert ".en.md:2: title" not in out


# ---- search and the export, from the catalog --------------------------------------------------------

def test_search_finds_the_entity_by_both_names_in_chinese_and_by_the_name_in_english(project):
    name_it_in_chinese(project, retitle=False)  # the page's own title does not hold the Chinese name
    catalog = load_catalog(project)
    zh, en = search_records(catalog, "zh"), search_records(catalog, "en")
    page = layout.built_file(layout.entity_page(ENTITY), "zh")
    assert zh[page].page.filters["entity"] == (ZH_NAME,) and zh[page].page.aliases[:2] == (ZH_NAME, NAME)
    assert en[layout.built_file(layout.entity_page(ENTITY), "en")].page.filters["entity"] == (NAME,)
    item = zh[layout.built_file(layout.issue_page(3), "zh")].items["vllm-rubin-nvl72-day0"]
    assert ZH_NAME in item.filters["entity"] and NAME not in item.filters["entity"] and NAME in item.aliases
    record = zh[layout.built_file(layout.record_page("entity", "2026", ENTITY), "zh")]
    assert record.page.filters["entity"] == (ZH_NAME,)
    assert ZH_NAME in search_vocabulary(catalog, "zh", "")["names"]  # a misspelt query is read as it
    assert ZH_NAME not in search_vocabulary(catalog, "en", "")["names"]


def test_the_export_gives_the_name_in_each_language(project):
    name_it_in_chinese(project)
    entities = {e.id: e for e in export_catalog(load_catalog(project)).entities}
    assert entities[ENTITY].name == NAME and entities[ENTITY].names == {"zh": ZH_NAME, "en": NAME}
    assert entities["vllm"].names == {"zh": "vLLM", "en": "vLLM"}
    assert "names" in export_schema()["$defs"]["EntityRecord"]["required"]


# ---- the built site -------------------------------------------------------------------------------

@pytest.mark.full  # a site of its own
def test_the_chinese_site_names_the_entity_in_chinese_everywhere_and_the_english_site_keeps_the_name(project, tmp_path):
    name_it_in_chinese(project)
    # a reference in prose, which pages, hubs and topic feeds write out as the entity's name
    # (in the summary of vLLM v0.33.0, which does not list the entity: its facts line would link it already)
    edit(project, "docs/issues/007.md", "每批 token 数的默认值也翻了一番。", '每批 token 数的默认值也翻了一番，也跑在 {{ ref("nvidia-gpus") }} 上。')
    edit(project, "docs/issues/007.en.md", "ten legacy model architectures are dropped.",
         'ten legacy model architectures are dropped; it runs on {{ ref("nvidia-gpus") }} too.')
    site = tmp_path / "site"
    result = build(project, site)
    assert result.returncode == 0, result.stdout + result.stderr

    zh_files = [f for f in site.rglob("*.html") if f.relative_to(site).parts[0] != "en"]
    en_files = list((site / "en").rglob("*.html"))
    # not one Chinese page names it by the name; not one English page by the Chinese name
    assert not [f for f in zh_files if NAME in f.read_text(encoding="utf-8")]
    assert not [f for f in en_files if ZH_NAME in f.read_text(encoding="utf-8")]
    links = {lang: links_to(site, files, layout.entity_page(ENTITY), lang)
             for lang, files in (("zh", zh_files), ("en", en_files))}
    assert set(links["zh"].values()) == {ZH_NAME} and set(links["en"].values()) == {NAME}
    # the same links in both languages: its items' issues (entity lists), the entity index, the hubs and entity
    # pages showing the item whose summary refers to it, its record page (back to the entity)
    assert {page.removeprefix("en/") for page, _ in links["en"]} == {page for page, _ in links["zh"]}
    for page in (layout.issue_page(3), layout.issue_page(7), layout.ENTITIES_INDEX, layout.topic_page("fp4-kernels"),
                 layout.record_page("entity", "2026", ENTITY)):
        assert layout.built_file(page, "zh") in {page for page, _ in links["zh"]}, page
    for lang, name in (("zh", ZH_NAME), ("en", NAME)):  # the entity's own page and its record page, by title
        for page in (layout.entity_page(ENTITY), layout.record_page("entity", "2026", ENTITY)):
            soup = BeautifulSoup((site / layout.built_file(page, lang)).read_text(encoding="utf-8"), "html.parser")
            assert soup.h1.get_text().startswith(name) and soup.title.get_text().startswith(name), (page, lang)

    issue = (site / layout.built_file(layout.issue_page(3), "zh")).read_text(encoding="utf-8")
    assert f'{ENTITY}/">{ZH_NAME}</a>' in issue  # the item's entity list links it by its Chinese name
    for lang, name in (("zh", ZH_NAME), ("en", NAME)):
        home = site / layout.language_home(lang)
        feed = (home / layout.feed_names("fp4-kernels")[0]).read_text(encoding="utf-8")
        assert name in feed and (ZH_NAME if lang == "en" else NAME) not in feed
        vocabulary = json.loads((site / layout.SEARCH_VOCABULARY.format(lang=lang)).read_text(encoding="utf-8"))
        assert (ZH_NAME in vocabulary["names"]) == (lang == "zh")
    # Pagefind's Chinese index holds the Chinese name (as character pairs, kb.search.text); the English one does not
    words = indexed_words(site)
    assert "达显" in words["qaa"] and "达显" not in words["en"]
    export = json.loads((site / layout.EXPORT_DIR / layout.EXPORT_FILE).read_text(encoding="utf-8"))
    assert next(e for e in export["entities"] if e["id"] == ENTITY)["names"] == {"zh": ZH_NAME, "en": NAME}


# ---- kb new entity --name-zh -------------------------------------------------------------------------

@pytest.mark.parametrize("zh_name", ["月饼引擎", None])
def test_new_entity_writes_the_chinese_name_and_titles_the_chinese_page_by_it(project, capsys, zh_name):
    extra = ["--name-zh", zh_name] if zh_name else []
    assert kb(["--root", str(project), "new", "entity", "mooncake", "--name", "Mooncake", *extra,
               "--kind", "engine", "--url", "https://github.com/kvcache-ai/Mooncake"]) == 0
    record = yaml.safe_load((project / layout.ENTITIES_FILE).read_text(encoding="utf-8"))[-1]
    assert record == {"id": "mooncake", "name": "Mooncake", **({"names": {"zh": zh_name}} if zh_name else {}),
                      "kind": "engine", "url": "https://github.com/kvcache-ai/Mooncake"}
    titles = {lang: yaml.safe_load((project / "docs" / layout.localized(layout.entity_page("mooncake"), lang))
                                   .read_text(encoding="utf-8").split("---")[1])["title"] for lang in layout.LANGUAGES}
    assert titles == {"zh": zh_name or "Mooncake", "en": "Mooncake"}
    for lang in layout.LANGUAGES:  # what a contributor writes in place of the TODOs
        page = project / "docs" / layout.localized(layout.entity_page("mooncake"), lang)
        title, description = titles[lang], "推理引擎。" if lang == "zh" else "An inference engine."
        page.write_text(f'---\ntitle: "{title}"\ndescription: "{description}"\n---\n\n{{{{ entity_timeline() }}}}\n',
                        encoding="utf-8")
    status, out = check_output(project, capsys)
    assert status == 0, out
    assert load_catalog(project).entities["mooncake"].title("zh") == (zh_name or "Mooncake")


def links_to(site: Path, files: list[Path], page: str, lang: str) -> dict[tuple[str, int], str]:
    """(built file, n) -> the text of the n-th link of that file to `page` in `lang` (not the language switch)."""
    target = "/" + layout.built_file(page, lang).removesuffix("index.html")
    found = {}
    for file in files:
        here = "/" + file.relative_to(site).as_posix()
        soup = BeautifulSoup(file.read_text(encoding="utf-8"), "html.parser")
        anchors = [a for a in soup.find_all("a", href=True) if not a.get("hreflang") and urljoin(here, a["href"]).split("#")[0] == target]
        found.update({(here[1:], n): " ".join(a.get_text().split()) for n, a in enumerate(anchors)})
    return found


def indexed_words(site: Path) -> dict[str, set[str]]:
    """Pagefind index language -> every word of its index (one run per language: the fixture archive is small)."""
    bundle = site / layout.INDEX_FOLDER
    entry = json.loads((bundle / "pagefind-entry.json").read_text(encoding="utf-8"))
    words = {}
    for code, language in entry["languages"].items():
        chunks = read_index_file(bundle / f"pagefind.{language['hash']}.pf_meta")[2]
        words[code] = {word for _, _, name in chunks for word, _ in chunk_words(bundle / "index" / f"{name}.pf_index")}
    return words
