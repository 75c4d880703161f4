"""The copy that converts half of each language's pages (mkdocs_kb/split_conversion.py) gives back what
converting them in the build would have left: HTML, contents, title, anchors, warnings, and failures.

The whole site built either way is compared byte for byte in test_audit_and_reproducibility.py."""
from __future__ import annotations

import inspect
import logging

import mkdocs
import pytest
from mkdocs.commands.build import _populate_page
from mkdocs.config import load_config
from mkdocs.structure.files import get_files
from mkdocs.structure.nav import get_navigation

from mkdocs_kb.split_conversion import SplitConversion, convert

PAGES = 6


def small_site(tmp_path, broken: int | None = None):
    docs = tmp_path / "docs"
    docs.mkdir()
    for n in range(PAGES):
        text = f"# Page {n}\n\nSee [elsewhere](missing-{n}.md) and [part](#part-{n}).\n\n## Part {n}\n"
        (docs / f"p{n}.md").write_bytes(b"\xff\xfe" if n == broken else text.encode())
    (tmp_path / "mkdocs.yml").write_text("site_name: split\n", encoding="utf-8")
    config = load_config(str(tmp_path / "mkdocs.yml"))
    files = get_files(config)
    get_navigation(files, config)  # each page's Page, as the build has them before converting
    return config, files


# What converting a page leaves on it, all carried back from the copy (Converted): `markdown` is not needed once
# converted (the build drops it as the page is written), and the title is carried as the page's title.
CARRIED = {"content", "toc", "meta", "_title_from_render", "present_anchor_ids", "links_to_anchors", "markdown"}


def split_build(config, files) -> SplitConversion:
    split = SplitConversion()
    split.allow(True)
    if not split.allowed:
        pytest.fail("this machine has one core or no fork: the split is never used here")
    split.start(config, files)
    for file in files.documentation_pages():
        if not split.converts_elsewhere(file.page):
            convert(file.page, config, files)
    return split


def test_the_copy_gives_back_each_page_whole_and_its_warnings(tmp_path, caplog):
    config, files = small_site(tmp_path)
    split = split_build(config, files)
    given = sorted(split.elsewhere)
    assert given == ["p1.md", "p3.md", "p5.md"]
    with caplog.at_level(logging.INFO):
        split.finish(config, files)
    for file in files.documentation_pages():
        n = file.src_uri[1]
        page = file.page
        assert f'<h1 id="page-{n}">Page {n}</h1>' in page.content
        assert page.title == f"Page {n}"
        assert [item.title for item in page.toc][0] == f"Page {n}"
        assert f"part-{n}" in page.present_anchor_ids
    # mkdocs' warning for each page's broken link, the copy's pages' too, logged here (strict mode counts them)
    warned = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO and "missing-" in r.getMessage()]
    assert sorted(f"p{n}.md" for n in range(PAGES) if any(f"missing-{n}.md" in w for w in warned)) == \
        [f"p{n}.md" for n in range(PAGES)]
    assert split.copy is None and not split.elsewhere


def test_a_page_the_copy_cannot_convert_stops_the_build_here(tmp_path, caplog):
    config, files = small_site(tmp_path, broken=3)  # the copy's second page
    split = split_build(config, files)
    with pytest.raises(UnicodeDecodeError):
        split.finish(config, files)
    pages = {file.src_uri: file.page for file in files.documentation_pages()}
    assert "Page 1" in pages["p1.md"].content  # given back before the copy stopped
    assert any("p3.md" in r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR)


def test_a_failed_build_stops_the_copy(tmp_path):
    config, files = small_site(tmp_path)
    split = SplitConversion()
    split.allow(True)
    split.start(config, files)
    split.stop()
    assert split.copy is None and not split.converts_elsewhere(files.documentation_pages()[1].page)


def test_results_that_cannot_be_read_are_converted_here(tmp_path, monkeypatch):
    """The receiver stops at what it cannot read (closing the pipe, so the copy never waits on it): the pages
    not received are converted here, and none is lost."""
    import kb.base.forked

    def unreadable(_stream):
        raise AttributeError("a class this process does not have")

    config, files = small_site(tmp_path)
    monkeypatch.setattr(kb.base.forked.pickle, "load", unreadable)
    split = split_build(config, files)
    split.finish(config, files)
    for file in files.documentation_pages():
        assert f"Page {file.src_uri[1]}" in file.page.content


def test_mkdocs_converts_a_page_as_the_copy_expects(tmp_path):
    """The copy converts its pages with mkdocs' own private `mkdocs.commands.build._populate_page` (mkdocs has no
    public one): a release that changes what it takes, or what it leaves on a page, fails here first."""
    recheck = (f"mkdocs {mkdocs.__version__} changed `_populate_page`: re-check mkdocs_kb/split_conversion.py "
               "(`convert`, and what `Converted` carries back from the copy)")
    assert list(inspect.signature(_populate_page).parameters) == ["page", "config", "files", "dirty"], recheck
    config, files = small_site(tmp_path)
    page = files.documentation_pages()[0].page
    before = dict(vars(page))
    convert(page, config, files)
    left = {name for name, value in vars(page).items() if name not in before or before[name] is not value}
    assert left <= CARRIED, f"{recheck}: converting a page now also sets {sorted(left - CARRIED)}"
    assert {"content", "toc", "present_anchor_ids"} <= left and page.title == "Page 0", recheck
