"""Bad content stops the build with a message naming the file and the problem."""
from __future__ import annotations

import re

import pytest

from conftest import build, copy_project


@pytest.mark.full
def test_unknown_id_fails_the_build_naming_file_and_id(tmp_path):
    project = copy_project(tmp_path / "project")
    about = project / "docs" / "about.en.md"
    lines = about.read_text(encoding="utf-8").splitlines()
    lines.append('See also {{ ref("no-such-item") }}.')
    about.write_text("\n".join(lines) + "\n", encoding="utf-8")
    site = tmp_path / "site"

    result = build(project, site)

    log = result.stdout + result.stderr
    assert result.returncode != 0
    # as kb check prints it: at its line and column
    assert re.search(rf"^docs/about\.en\.md:{len(lines)}:\d+: ref: unknown id `no-such-item`", log, re.M), log
    assert not (site / "en" / "about" / "index.html").exists()


@pytest.mark.full
def test_unknown_id_in_item_prose_fails_the_build(tmp_path):
    project = copy_project(tmp_path / "project")
    page = project / "docs" / "issues" / "007.md"
    text = page.read_text(encoding="utf-8")
    marker = "    why: |\n"
    assert marker in text
    page.write_text(text.replace(marker, marker + '      参见 {{ ref("vllm-v9") }}。\n', 1), encoding="utf-8")

    result = build(project, tmp_path / "site")

    assert result.returncode != 0
    assert "docs/issues/007.md:" in result.stdout + result.stderr
    assert "`vllm-v9`" in result.stdout + result.stderr


@pytest.mark.full
def test_macro_used_on_the_wrong_page_fails_the_build(tmp_path):
    project = copy_project(tmp_path / "project")
    about = project / "docs" / "about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\n{{ topic_hub() }}\n", encoding="utf-8")

    result = build(project, tmp_path / "site")

    assert result.returncode != 0
    assert "docs/about.md: topic_hub() only works on a topic hub" in result.stdout + result.stderr


@pytest.mark.full
def test_quick_takes_and_picks_render_only_when_written(tmp_path, pages):
    # The captures lost these sections: the real issues must not show them.
    for lang in ("zh", "en"):
        article = pages.article("issues/007.md", lang)
        assert article.find(id="quick-takes") is None and article.find(id="picks") is None

    project = copy_project(tmp_path / "project")
    facts = project / "data" / "issues" / "007.yml"
    facts.write_text(facts.read_text(encoding="utf-8").replace("\nwatch:\n", """
quick_takes:
  - id: qt-example
    topics: [fp4-kernels]
    sources: [{name: arXiv 2611.09825, url: "https://arxiv.org/abs/2611.09825"}]
picks:
  - id: pick-example
    kind: read
    url: https://arxiv.org/abs/2611.05304
watch:
""", 1), encoding="utf-8")
    for name, take, pick in (("007.md", "一句速览示例", "精读示例"), ("007.en.md", "A sample quick take", "A sample pick")):
        page = project / "docs" / "issues" / name
        page.write_text(page.read_text(encoding="utf-8").replace("\nwatch:\n", f"""
quick_takes:
  qt-example: {take}
picks:
  pick-example:
    title: {pick}
    note: Worth reading.
watch:
""", 1), encoding="utf-8")
    site = tmp_path / "site"

    result = build(project, site)

    assert result.returncode == 0, result.stdout + result.stderr
    from bs4 import BeautifulSoup
    for lang, take, pick in (("zh", "一句速览示例", "精读示例"), ("en", "A sample quick take", "A sample pick")):
        html = (site / ("" if lang == "zh" else "en") / "issues" / "007" / "index.html").read_text(encoding="utf-8")
        soup = BeautifulSoup(html, "html.parser")
        assert take in soup.find(id="qt-example").get_text()
        assert soup.find(id="qt-example").find("a", href="https://arxiv.org/abs/2611.09825")
        assert soup.find(id="pick-example").find("a", href="https://arxiv.org/abs/2611.05304").get_text() == pick
        assert soup.find(id="quick-takes") and soup.find(id="picks")
