"""Content a reader can trust (issue 13): each rule fails on the content as it was, and holds on the site.

Figures say which way they moved and keep their written precision; a
resolution says who made the call and why; Chinese follows AutoCorrect and
full-width punctuation; English uses ×, spaces before units, sentence case,
plurals; watch notes stand alone; issue pages close with their watch list;
each link shows once; sources are named once with their role; editor tools.
"""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from conftest import ROOT, copy_project, edit, line_of, refused
from kb.cli.commands import main as kb
from kb.project import layout

LANGS = layout.LANGUAGES


# ---- figures that say which way they go -------------------------------------

def test_a_ratio_must_say_which_way_the_figure_moved(project, capsys):
    edit(project, "data/issues/003.yml", "        direction: lower  # the cache shrinks to about 1/6.8\n", "")
    refused(project, capsys, f"data/issues/003.yml:{line_of(project, 'data/issues/003.yml', '- id: dual-qk-cache-size')}: "
                             "items.5.claims.0: ratio 6.8 does not say which way the figure moved")


def test_a_direction_that_contradicts_the_figures_is_refused(project, capsys):
    edit(project, "data/issues/007.yml", "        result: 0.31 s\n", "        result: 0.31 s\n        direction: higher\n")
    refused(project, capsys, f"data/issues/007.yml:{line_of(project, 'data/issues/007.yml', '- id: kinference-median-ttft')}: "
                             "items.2.claims.0: 6.88 s → 0.31 s went lower, not `higher`")


@pytest.mark.parametrize("lang,words", [("zh", ("约降至 1/6.8", "最高改善 3.3 倍", "约减半", "9.46 → 8.40", "256K")),
                                        ("en", ("down to about 1/6.8", "up to 3.3× better", "about half", "9.46 → 8.40", "256K"))])
def test_figures_read_the_way_the_weekly_wrote_them(pages, lang, words):
    text = " ".join(pages.article(layout.issue_page(n), lang).get_text(" ") for n in (3, 7))
    for phrase in words:
        assert phrase in text, phrase
    assert "约 6.8×" not in text and "256,000" not in text and "≈60.0×" not in text and "−50%" not in text


def test_a_star_count_is_a_platform_statistic(catalog):
    assert catalog.target("ds4-stars").facts.source_kind == "statistic"


# ---- statements the weekly did not make ----------------------------------------

def test_a_resolution_says_who_made_the_call(project, capsys):
    edit(project, "data/issues/007.yml", "resolves: [{watch: kv-compression-lands-in-engines, by: editors}]",
         "resolves: [kv-compression-lands-in-engines]")
    refused(project, capsys, f"data/issues/007.yml:{line_of(project, 'data/issues/007.yml', 'resolves: [kv-')}: "
                             "items.5.resolves.0: say who settles `kv-compression-lands-in-engines`")


def test_a_resolution_gives_its_reason_in_each_language(project, capsys):
    page = project / "docs/issues/007.en.md"
    text = page.read_text(encoding="utf-8")
    start = text.index("resolutions:\n")
    page.write_text(text[:start] + text[text.index("\n---\n", start) + 1:], encoding="utf-8")
    out = refused(project, capsys, "docs/issues/007.en.md:")
    assert "resolutions.kv-compression-lands-in-engines: has no text in this language" in out


def test_an_entry_is_not_resolved_in_its_own_issue(project, capsys):
    edit(project, "data/issues/007.yml", "    entities: [kinference, vllm,",
         "    resolves: [{watch: kinference-beyond-alpha, by: weekly}]\n    entities: [kinference, vllm,")
    edit(project, "docs/issues/007.en.md", "resolutions:\n", "resolutions:\n  kinference-beyond-alpha: It is.\n")
    edit(project, "docs/issues/007.md", "resolutions:\n", "resolutions:\n  kinference-beyond-alpha: 已走出。\n")
    refused(project, capsys, f"data/issues/007.yml:{line_of(project, 'data/issues/007.yml', 'kinference-beyond-alpha, by')}: "
                             "items.2.resolves.0: `kinference-beyond-alpha` was opened in this same issue")


def test_a_second_resolution_is_reported_where_it_is_written(project, capsys):
    edit(project, "data/issues/007.yml", "    entities: [qwen, vllm, nvidia-gpus]",
         "    entities: [qwen, vllm, nvidia-gpus]\n    resolves: [{watch: kv-compression-lands-in-engines, by: weekly}]  # again")
    refused(project, capsys, f"data/issues/007.yml:{line_of(project, 'data/issues/007.yml', '# again')}: "
                             "items.6.resolves.0: `kv-compression-lands-in-engines` is already resolved by `loopvq`")


@pytest.mark.parametrize("lang", LANGS)
def test_the_settled_entry_shows_who_and_why(pages, catalog, lang):
    entry = catalog.target("kv-compression-lands-in-engines")
    article = pages.article(layout.WATCH_PAGE, lang)
    text = article.get_text(" ")
    assert entry.reason(lang)[:20] in text
    assert {"zh": "本站编辑的判断", "en": "The archive's editors' call"}[lang] in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_disclaimer_says_where_links_go(pages, lang):
    text = pages.article(layout.issue_page(7), lang).select_one(".kb-disclaimer").get_text()
    assert "original" not in text.split(":")[0] and ("首页" in text or "front page" in text)


@pytest.mark.parametrize("lang,shown", [("zh", "GitHub Trending（coddykit 的分析）"), ("en", "GitHub Trending (analysis by coddykit)")])
def test_a_source_is_named_once_with_its_role(pages, lang, shown):
    item = pages.article(layout.issue_page(3), lang).find(id="ds4-engine")
    sources = next(p for p in item.find_all_next("p") if p.find("strong") and p.find("strong").get_text() in ("来源", "Source"))
    text = sources.get_text()
    assert shown in text and text.count("coddykit") == 1


# ---- Chinese typography -------------------------------------------------------------

@pytest.mark.parametrize("old", [
    "第 7 期(2026-11-04 ~ 2026-11-10):推理控制面之争升温",  # half-width brackets and colon, as 007.md had them
    "推理控制面之争升温,FP4/NVFP4 较量下沉到内核",  # a half-width comma
    "在B300上吞吐提高",  # no space between Han and Latin
])
def test_chinese_typography_is_checked(project, capsys, old):
    edit(project, "docs/issues/007.md", "description: ", f"description: {old}。")
    refused(project, capsys, "docs/issues/007.md:3: description: Chinese typography")


def test_generated_chinese_follows_the_same_rules(pages, catalog):
    import autocorrect_py as autocorrect

    from kb.content.typography import HALF_WIDTH_BESIDE_HAN
    kinds = ["index.md", layout.WATCH_PAGE, layout.CLAIMS_PAGE, layout.SIGNALS_PAGE, layout.ARCHIVE_PAGE]
    for page in kinds + [issue.page for issue in catalog.issues] + [layout.topic_page(t) for t in catalog.topics]:
        article = pages.article(page, "zh")
        for code in article.select("code, pre, .headerlink"):
            code.decompose()
        for br in article.select("br"):  # a line break parts text as a space would
            br.replace_with("\n")
        for block in article.find_all(["p", "li", "ul", "ol", "div", "h1", "h2", "h3", "h4", "td", "th", "dt", "dd", "label", "option", "figcaption", "caption", "summary", "text", "title", "desc"]):
            block.insert_before("\n")  # text is read line by line, as a reader reads blocks
            block.insert_after("\n")
        for text in article.get_text("").splitlines():
            assert not HALF_WIDTH_BESIDE_HAN.search(text), (page, text[:80])
            assert not autocorrect.lint_for(text, "page.txt").lines, (page, text[:80])


# ---- English -------------------------------------------------------------------------

@pytest.mark.parametrize("old,field", [("cuts TTFT by 95%", "`3.3x`"), ("cuts TTFT by 95%", "`0.31s`"), (None, "sentence case")])
def test_english_style_is_checked(project, capsys, old, field):
    if field == "sentence case":
        edit(project, "docs/issues/007.en.md", "title: ", "title: Inference Control Planes And ")
        refused(project, capsys, "docs/issues/007.en.md:2: title: titles are in sentence case")
        return
    edit(project, "docs/issues/007.en.md", old, f"{old}, {field.strip('`')} in all")
    out = refused(project, capsys, "docs/issues/007.en.md:")
    assert field in out


@pytest.mark.parametrize("page", ["index.md", layout.TOPICS_INDEX, layout.ENTITIES_INDEX])
def test_english_counts_agree_with_their_number(pages, page):
    text = pages.article(page, "en").get_text(" ")
    assert not re.search(r"\b1 (items|verdicts|open watch entries)\b", text), re.findall(r"\b1 \w+", text)


def test_watch_notes_stand_alone(project, capsys):
    edit(project, "docs/issues/007.md", "  kinference-beyond-alpha:\n    title: Kinference 走出 alpha\n    note: |\n      ",
         "  kinference-beyond-alpha:\n    title: Kinference 走出 alpha\n    note: |\n      本期之后，")
    refused(project, capsys, f"docs/issues/007.md:{line_of(project, 'docs/issues/007.md', '本期之后')}: "
                             "watch.kinference-beyond-alpha.note: `本期` has no referent")


def test_the_glossary_speaks_the_page_language(pages):
    assert pages.article("index.md", "zh").select_one('abbr[title^="首 token"]') or \
        pages.soup(layout.issue_page(7), "zh").select_one('abbr[title^="首 token"]')
    assert pages.soup(layout.issue_page(7), "en").select_one('abbr[title="Time to first token"]')


# ---- the weekly's last section, on the issue page ------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_issue_pages_close_with_their_watch_list(pages, catalog, lang):
    for issue in catalog.issues:
        article = pages.article(issue.page, lang)
        section = article.find(id="watch")
        assert section is not None and section.name == "h2"
        listed = [li for li in section.find_next("ul").find_all("li", recursive=False)]
        assert [li["id"] for li in listed] == [f"watch-{w.id}" for w in issue.watch]
        for li, entry in zip(listed, issue.watch):
            assert entry.title(lang) in li.get_text()
            if entry.resolved_by:
                assert entry.resolved_by.title(lang) in li.get_text()


@pytest.mark.parametrize("lang", LANGS)
def test_an_issue_page_lists_what_its_items_settled(pages, lang):
    settled = pages.article(layout.issue_page(7), lang).find(id="settled")
    assert settled and "kv-compression-lands-in-engines" in str(settled.find_next("ul"))


@pytest.mark.parametrize("lang", LANGS)
def test_each_link_shows_once_in_an_item(pages, catalog, lang):
    for issue in catalog.issues:
        article = pages.article(issue.page, lang)
        for item in issue.items:
            heading = article.find(id=item.id)
            hrefs = []
            for sibling in heading.find_next_siblings():
                if sibling.name in ("h2", "h3"):
                    break
                if "kb-related" in str(sibling):
                    continue  # related items link other issues' items, listed once there
                hrefs += [a["href"] for a in sibling.find_all("a", href=True)
                          if not a.find_parent(class_="kb-related") and "kb-source-kind" not in a.get("class", [])]
            # one link per target: two figures of the item checked by two figures of one later issue are two
            targets = [h for h in hrefs if not h.startswith(("http", "#"))]
            assert len(targets) == len(set(targets)), (item.id, targets)


# ---- editor tools ------------------------------------------------------------------------

def test_kb_watch_lists_entries_with_their_ids(archive, capsys):
    assert kb(["--root", str(archive), "watch", "--all"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^kinference-beyond-alpha\s+routing-control-planes\s+issue 7\s+\d+ wk\s+open$", out, re.M)
    assert re.search(r"^kv-compression-lands-in-engines .* resolved by loopvq \(issue 7, editors\)$", out, re.M)


def test_kb_new_item_help_says_topics_repeat():
    out = subprocess.run([sys.executable, "-m", "kb.cli", "new", "item", "--help"], capture_output=True, text=True).stdout
    assert "repeat it for several" in " ".join(out.split())


def test_a_new_uncommitted_translation_is_not_called_current(tmp_path):
    project = copy_project(tmp_path / "project")
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qam", "x", "--allow-empty"], cwd=project)
    subprocess.run(["git", "add", "-A"], cwd=project, check=True)
    subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "content"], cwd=project, check=True)
    page = project / "docs/faq.md"
    page.write_text("---\ntitle: 问答\ndescription: 常见问题。\n---\n\n问答。\n", encoding="utf-8")
    (project / "docs/faq.en.md").write_text("---\ntitle: FAQ\ndescription: Questions.\n---\n\nFAQ.\n", encoding="utf-8")
    subprocess.run(["git", "add", "docs/faq.md"], cwd=project, check=True)
    subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "faq"], cwd=project, check=True)
    out = subprocess.run([sys.executable, "-m", "kb.cli", "--root", str(project), "translations"], capture_output=True, text=True).stdout
    line = next(line for line in out.splitlines() if "faq.en.md" in line)
    assert "uncommitted" in line and "current" not in line


def test_pages_link_the_files_to_edit(pages, catalog):
    links = pages.soup(layout.issue_page(7), "en").select("p.kb-edit a")
    assert [a["href"].split("/edit/main/")[1] for a in links] == ["docs/issues/007.en.md", "data/issues/007.yml"]
    hub = pages.soup(layout.topic_page("fp4-kernels"), "zh").select("p.kb-edit a")
    assert [a["href"].split("/edit/main/")[1] for a in hub] == ["docs/topics/fp4-kernels.md", layout.TOPICS_FILE]
