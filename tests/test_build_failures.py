"""Bad content stops the build with a message naming the file and the problem."""
from __future__ import annotations

from conftest import build, copy_project


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
    assert f"docs/about.en.md:{len(lines)}: ref: unknown id `no-such-item`" in log
    assert not (site / "en" / "about" / "index.html").exists()


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


def test_macro_used_on_the_wrong_page_fails_the_build(tmp_path):
    project = copy_project(tmp_path / "project")
    about = project / "docs" / "about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\n{{ topic_hub() }}\n", encoding="utf-8")

    result = build(project, tmp_path / "site")

    assert result.returncode != 0
    assert "docs/about.md: topic_hub() only works on a topic hub" in result.stdout + result.stderr
