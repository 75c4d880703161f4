"""Nothing lost between content and site; the same commit always builds the same bytes."""
from __future__ import annotations

import gzip
import shutil
from datetime import date, datetime, timezone

import pytest

from conftest import build, copy_project
from test_alternates import hreflang_problems
from kb.cli.commands import main as kb
from kb.project import layout
from kb.publish.audit import audit


def test_built_site_loses_nothing_and_has_no_broken_link(catalog, site):
    assert audit(catalog, site) == []


def test_kb_audit_command(archive, site, capsys):
    assert kb(["--root", str(archive), "audit", "--site", str(site)]) == 0


def tampered(site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    return copy


def test_audit_reports_a_lost_item_source_link_and_anchor(catalog, site, tmp_path):
    copy = tampered(site, tmp_path)
    page = copy / "en/issues/007/index.html"
    html = page.read_text(encoding="utf-8")
    html = html.replace('id="loopvq"', 'id="loop-vq"')
    html = html.replace('href="https://arxiv.org/abs/2611.08363"', 'href="https://arxiv.org/"')
    page.write_text(html, encoding="utf-8")
    found = [str(p) for p in audit(catalog, copy)]
    assert "en/issues/007/index.html: audit: items `loopvq` has no anchor on its page" in found
    assert "en/issues/007/index.html: audit: item `strataflux`: source link https://arxiv.org/abs/2611.08363 is missing" in found
    # links elsewhere to #loopvq now point at a missing anchor
    assert any(p.endswith("points at a missing anchor #loopvq") for p in found)


def test_audit_reports_a_broken_theme_link_and_a_lost_search_entry(catalog, site, tmp_path):
    copy = tampered(site, tmp_path)
    (copy / "assets/kb.css").unlink()  # linked from every page's <head>, which mkdocs never checks
    watch = catalog.target("kinference-beyond-alpha")
    for fragment in (copy / "pagefind/fragment").glob("*.pf_fragment"):
        if f'"url":"/{layout.page_url(watch.page)}"'.encode() in gzip.decompress(fragment.read_bytes()):
            fragment.unlink()  # the record page the entry lives on
    found = [str(p) for p in audit(catalog, copy)]
    assert "index.html: link: assets/kb.css is broken — nothing at assets/kb.css" in found
    assert "pagefind/: audit: watch entry `kinference-beyond-alpha` (zh) is not in the search index" in found


def tree(root):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.full
def test_two_builds_of_one_commit_are_byte_identical_whether_pages_are_split_or_not(archive, site, tmp_path):
    """The second build converts every page in one process (mkdocs_kb/split_conversion.py): the split
    build's copy gives back each page whole — its HTML, table of contents, title, metadata. It also writes the
    emails and draws the share cards itself, from an empty cache, where the first did them in a forked copy
    (mkdocs_kb/emails_and_cards.py) or took its cards from the cache."""
    again = tmp_path / "again"
    result = build(archive, again, PYTHONHASHSEED="12345", KB_SPLIT_CONVERSION="false", KB_CACHE_DIR=str(tmp_path / "cache"))
    assert any((tmp_path / "cache").rglob("card-*.png")), "the second build drew its cards"
    assert result.returncode == 0, result.stdout + result.stderr
    first, second = tree(site), tree(again)
    assert first.keys() == second.keys()
    assert [name for name in first if first[name] != second[name]] == []


@pytest.mark.full
def test_a_plain_build_takes_dates_from_the_commit_and_assumes_no_address(tmp_path):
    # Outside git (so no commit dates either), with a commit time that is never today:
    # any date of today in the output would come from the clock.
    project = copy_project(tmp_path / "project")
    epoch = int(datetime(2001, 1, 1, tzinfo=timezone.utc).timestamp())
    out = tmp_path / "site"
    result = build(project, out, SOURCE_DATE_EPOCH=str(epoch), KB_SITE_URL=None)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "<lastmod>2001-01-01</lastmod>" in (out / "sitemap.xml").read_text(encoding="utf-8")
    today = date.today()
    stamps = {today.isoformat(), today.strftime("%Y/%m/%d"), today.strftime("%B %d, %Y")}
    leaks = [name for name, data in tree(out).items() for stamp in stamps if stamp.encode() in data]
    assert leaks == []
    # Without KB_SITE_URL the site's address is unknown: no page may call itself http://127.0.0.1:8000/...
    # (the preview address mkdocs.yml falls back to), and language alternates stay relative and well formed.
    for page in [layout.built_file("index.md", "en"), layout.built_file(layout.issue_page(7), "zh"), "404.html"]:
        head = (out / page).read_text(encoding="utf-8").split("</head>")[0]
        assert 'rel="canonical"' not in head and 'property="og:url"' not in head, page
        assert "127.0.0.1" not in head and 'href="//' not in head, page
    # each page's relative alternates still name its counterpart, as the sitemap pairs them (tests/test_alternates.py)
    checked, problems = hreflang_problems(out, None)
    assert problems == [] and checked > 0
