"""The build stamp (kb.publish.build_stamp): the built site carries it, and `kb verify-site` finds any file changed,
added or removed after the firewall passed the site, and a site without it."""
from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from conftest import ROOT, problem_lines
from kb.cli import main
from kb.project import layout
from kb.publish.build_stamp import site_digest, verify_site, write_stamp


def small_site(root):
    """A site of a few files in folders, stamped as the kb plugin stamps a build."""
    for rel, text in {"index.html": "<p>home</p>", "en/index.html": "<p>home, en</p>",
                      "en/issues/007/index.html": "<p>7</p>", "pagefind/pagefind.js": "//"}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    write_stamp(root, list(layout.LANGUAGES), "mkdocs 1.6.1")
    return root


def stamp_of(site):
    return json.loads((site / layout.BUILD_STAMP).read_text(encoding="utf-8"))


def test_the_built_site_carries_a_stamp_that_holds(site):
    stamp = stamp_of(site)
    assert (stamp["plugin"], stamp["firewall"], stamp["languages"]) == ("kb", "passed", list(layout.LANGUAGES))
    assert stamp["generator"].startswith("mkdocs ")
    files = [path for path in site.rglob("*") if path.is_file() and path.name != layout.BUILD_STAMP]
    assert stamp["files"] == len(files) and stamp["files"] == sum(part["files"] for part in stamp["parts"].values())
    assert verify_site(site) == []


def test_a_small_site_as_stamped_holds(tmp_path):
    site = small_site(tmp_path)
    assert verify_site(site) == []
    assert set(stamp_of(site)["parts"]) == {"", "en/", "pagefind/"}  # the root's own files, each top-level folder


def test_the_digest_is_what_sha256sum_says_of_the_files(tmp_path):
    """The recipe the module gives, to check a site by hand."""
    site = small_site(tmp_path)
    listing = subprocess.run(f"find . -type f ! -path ./{layout.BUILD_STAMP} -printf '%P\\0' | LC_ALL=C sort -z "
                             "| xargs -0 sha256sum | sha256sum", shell=True, cwd=site, capture_output=True, text=True,
                             check=True)
    assert listing.stdout.split()[0] == stamp_of(site)["sha256"]


def test_a_file_changed_after_the_check_is_found_and_its_folder_named(tmp_path):
    site = small_site(tmp_path)
    (site / "en/issues/007/index.html").write_text("<p>7</p><script>evil()</script>", encoding="utf-8")
    [problem] = verify_site(site)
    assert problem.startswith(f"{site}: changed since the firewall checked it (en/: a file changed)")
    assert "make build" in problem


def test_a_file_added_or_removed_after_the_check_is_found(tmp_path):
    site = small_site(tmp_path)
    (site / "en" / "extra.js").write_text("alert(1)", encoding="utf-8")
    (site / "pagefind" / "pagefind.js").unlink()
    [problem] = verify_site(site)
    assert "en/: 3 files, 2 then" in problem and "pagefind/: gone, 1 file then" in problem
    assert "4 files now, 4 then" not in problem  # the counts are said only when they differ


def test_a_new_folder_and_a_symbolic_link_are_found(tmp_path):
    site = small_site(tmp_path)
    (site / "assets").mkdir()
    os.symlink("/etc", site / "assets" / "outside")  # a link to a folder: listed, never followed
    [problem] = verify_site(site)
    assert "assets/: new, 1 file" in problem and "5 files now, 4 then" in problem


def test_a_site_without_a_stamp_is_refused_with_what_to_do(tmp_path):
    site = small_site(tmp_path)
    (site / layout.BUILD_STAMP).unlink()
    [problem] = verify_site(site)
    assert problem.startswith(f"{site / layout.BUILD_STAMP}: missing — the kb plugin did not finish this build")
    assert "`kb` is not under `plugins:` in mkdocs.yml" in problem and "DECISIONS.md" in problem
    assert verify_site(tmp_path / "nowhere") == [f"{tmp_path / 'nowhere'}: no such folder — build the site first (`make build`)"]


@pytest.mark.parametrize("change,expected", [
    (lambda stamp: stamp.update(plugin="other"), "does not say the kb plugin ran and its firewall passed the site"),
    (lambda stamp: stamp.update(firewall="skipped"), "does not say the kb plugin ran and its firewall passed the site"),
    (lambda stamp: stamp.update(languages=[layout.DEFAULT_LANGUAGE]), f"built in {layout.DEFAULT_LANGUAGE}, but mkdocs.yml lists"),
    (lambda stamp: stamp.pop("sha256"), "not a stamp the kb plugin writes (format 1"),
    (lambda stamp: stamp["parts"].update({"en/": "x"}), "not a stamp the kb plugin writes (format 1"),
], ids=["another plugin", "no firewall", "a language missing", "no digest", "a part mangled"])
def test_a_stamp_that_does_not_say_what_the_plugin_writes_is_refused(tmp_path, change, expected):
    site = small_site(tmp_path)
    stamp = stamp_of(site)
    change(stamp)
    (site / layout.BUILD_STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    problems = verify_site(site)
    assert len(problems) == 1 and expected in problems[0], problems


def test_a_stamp_that_is_not_json_is_refused(tmp_path):
    site = small_site(tmp_path)
    (site / layout.BUILD_STAMP).write_text("{", encoding="utf-8")
    [problem] = verify_site(site)
    assert "not a stamp the kb plugin writes (Expecting" in problem


def test_the_stamp_covers_every_file_but_itself(tmp_path):
    site = small_site(tmp_path)
    before = site_digest(site)
    write_stamp(site, list(layout.LANGUAGES), "mkdocs 1.6.1")  # stamped again: the old stamp is not listed
    assert site_digest(site) == before


def test_kb_verify_site_command(site, tmp_path, capsys):
    assert main(["--root", str(ROOT), "verify-site", str(site)]) == 0
    out = capsys.readouterr().out
    assert f"{site}: built by mkdocs " in out and f"in {', '.join(layout.LANGUAGES)}" in out
    changed = tmp_path / "site"
    shutil.copytree(site, changed)
    (changed / "sitemap.xml").write_text("<urlset/>", encoding="utf-8")
    assert main(["--root", str(ROOT), "verify-site", str(changed)]) == 1
    out, err = capsys.readouterr()
    assert "the files at its root: a file changed" in out
    assert "is not the site the kb plugin built and its firewall passed" in err


def test_no_page_is_published_where_the_stamp_is(project):
    """The stamp's name is the build's, as every generated file's (kb.project.layout.generated_paths): kb check refuses a
    page that would be published over it, before any build."""
    (project / layout.DOCS / f"{layout.BUILD_STAMP}.md").write_text("---\ntitle: A page\n---\n\nText.\n", encoding="utf-8")
    assert any(line.startswith(f"docs/{layout.BUILD_STAMP}.md: page: would be published at ")
               and f"clashes with the generated file `{layout.BUILD_STAMP}`" in line for line in problem_lines(project)), \
        problem_lines(project)


def test_hashed_in_halves_the_digest_is_the_same(site, tmp_path):
    """The build hashes half of the files in a forked copy: the same stamp as one process writes, which
    `kb verify-site` (one process) accepts."""
    assert site_digest(site, split=True) == site_digest(site)
    copy = tmp_path / "site"
    shutil.copytree(site, copy, symlinks=True)
    (copy / "odd.txt").write_text("x", encoding="utf-8")
    stamp = write_stamp(copy, list(layout.LANGUAGES), "mkdocs 1.6.1", split=True)
    assert stamp["files"] == site_digest(site)["files"] + 1 and verify_site(copy) == []
