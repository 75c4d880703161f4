"""Hostile pages: each rejected by the checker with file and line, and — fed to the
build with the checker out of the way — neither executed nor published.

"Out of the way" means the site's real configuration (the sandbox, the
sanitizer and the snippets settings under test) rendering content the
checker never saw: template payloads go straight to the configured sandbox
and Markdown, and in a full build the kb plugin is handed the clean catalog
of the real project while the pages come from a hostile copy whose macros
module is a stub passing contributor text through unescaped.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass

import markdown
import pytest
from bs4 import BeautifulSoup
from jinja2 import TemplateNotFound, UndefinedError
from jinja2.sandbox import SecurityError
from mkdocs.config import load_config
from pymdownx.snippets import SnippetMissingError

from conftest import build, copy_project, problem_lines
from kb.cli.commands import main as kb
from kb.markup.templates import MACROS


@dataclass
class Payload:
    name: str
    text: str  # a fragment of a page body; MARK is replaced with a file that must never appear
    line: int = 0  # which line of the fragment the checker must name
    aborts: bool = False  # the build must stop (rather than publish a cleaned page)


TEMPLATE_PAYLOADS = [
    Payload("attribute chain to os", "{{ cycler.__init__.__globals__.os.popen('touch MARK').read() }}", aborts=True),
    Payload("lipsum globals", "{{ lipsum.__globals__['os'].popen('touch MARK').read() }}", aborts=True),
    Payload("class mro subclasses", "{{ ''.__class__.__mro__[1].__subclasses__() }}", aborts=True),
    Payload("attr filter", "{{ ref|attr('__globals__') }}", aborts=True),
    Payload("template reference context", "{{ self._TemplateReference__context }}", aborts=True),
    Payload("format-string trick", "{{ '{0.__init__.__globals__}'.format(ref) }}", aborts=True),
    Payload("include outside docs", "{% include '../mkdocs.yml' %}", aborts=True),
    Payload("include a file by name", "{% include 'mkdocs.yml' %}", aborts=True),
    Payload("import", "{% import 'os' as os %}{{ os }}", aborts=True),
    Payload("set from config", "{% set x = config %}{{ x }}", aborts=True),
    Payload("config variable", "{{ config }}", aborts=True),
    Payload("absolute snippet", '--8<-- "/etc/hostname"', aborts=True),
    Payload("snippet climbing out", '--8<-- "../mkdocs.yml"', aborts=True),
]

MARKUP_PAYLOADS = [
    Payload("script tag", "<script>alert(1)</script>"),
    Payload("event handler on img", "<img src=x onerror=alert(1)>"),
    Payload("javascript link", "[click](javascript:alert(1))"),
    Payload("mixed-case javascript link", "[click](JaVaScRiPt:alert(1))"),
    Payload("javascript in raw anchor", '<a href="javascript:alert(1)">x</a>'),
    Payload("entity-encoded javascript", '<a href="&#106;avascript:alert(1)">x</a>'),
    Payload("data URL link", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"),
    Payload("javascript image", "![x](javascript:alert(1))"),
    Payload("svg with script", "<svg onload=alert(1)><script>alert(1)</script></svg>"),
    Payload("onclick attribute list", 'Click me\n{ onclick="alert(1)" }', line=1),
    Payload("heading with event attribute", '## Heading { onmouseover="alert(1)" }'),
    Payload("reference-style javascript link", "[x][evil]\n\n[evil]: javascript:alert(1)", line=2),
    Payload("iframe", '<iframe src="https://example.invalid/"></iframe>'),
    Payload("style tag", "<style>body{display:none}</style>"),
    Payload("form", '<form action="https://example.invalid/"><input name="q"></form>'),
    Payload("meta refresh", '<meta http-equiv="refresh" content="0;url=https://example.invalid/">'),
    Payload("object embed", '<object data="x.swf"></object><embed src="x.swf">'),
    Payload("html comment hiding markup", "<!-- <script>alert(1)</script> -->"),
    Payload("script through a macro argument", '{{ ref("issue-7", "<script>alert(1)</script>") }}'),
]


def test_there_are_at_least_20_payloads():
    assert len(TEMPLATE_PAYLOADS) + len(MARKUP_PAYLOADS) >= 20


def add_to_page(project, payload: Payload, mark) -> tuple[str, int]:
    """Append the payload to the English About page; return its path and the line to expect."""
    page = project / "docs/about.en.md"
    text = page.read_text(encoding="utf-8")
    first = text.count("\n") + 2
    page.write_text(text + "\n" + payload.text.replace("MARK", str(mark)) + "\n", encoding="utf-8")
    return "docs/about.en.md", first + payload.line


@pytest.mark.parametrize("payload", TEMPLATE_PAYLOADS + MARKUP_PAYLOADS, ids=lambda p: p.name)
def test_checker_rejects_payload_with_file_and_line(tmp_path, capsys, payload):
    project = copy_project(tmp_path / "project")
    path, line = add_to_page(project, payload, tmp_path / "pwned")
    assert kb(["--root", str(project), "check"]) == 1
    out = "\n".join(problem_lines(project))
    assert f"{path}:{line}: " in out, out


def test_checker_rejects_hostile_front_matter(tmp_path, capsys):
    project = copy_project(tmp_path / "project")
    mark = tmp_path / "pwned"
    page = project / "docs/issues/007.en.md"
    text = page.read_text(encoding="utf-8")
    text = text.replace("---\ntitle:", '---\nrender_macros: false\ntitle:', 1)
    text = text.replace("    why: |\n", "    why: |\n      <img src=x onerror=alert(1)>\n", 1)
    page.write_text(text, encoding="utf-8")
    facts = project / "data/issues/003.yml"
    facts.write_text(facts.read_text(encoding="utf-8").replace(
        "number: 3", f'number: !!python/object/apply:os.system ["touch {mark}"]'), encoding="utf-8")

    assert kb(["--root", str(project), "check"]) == 1
    out = "\n".join(problem_lines(project))
    lines = page.read_text(encoding="utf-8").splitlines()
    assert "docs/issues/007.en.md:2: render_macros: is not a known field" in out
    # checked once YAML has decoded it, and said at the line that holds it, with the field it is in
    assert (f"docs/issues/007.en.md:{lines.index('      <img src=x onerror=alert(1)>') + 1}: "
            "items.vllm-v0-33-0.why: raw HTML") in out
    assert "data/issues/003.yml:3: yaml: uses the YAML tag `!!python/object/apply:os.system`" in out
    assert not mark.exists()


# ---- the site's own defences, with the checker out of the way -----------------

@pytest.fixture(scope="module")
def configured(archive):
    """The real mkdocs configuration after every plugin's on_config: the sandbox installed, Markdown configured."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    config = load_config(str(archive / "mkdocs.yml"))
    return config.plugins.on_config(config)


@pytest.mark.parametrize("payload", TEMPLATE_PAYLOADS, ids=lambda p: p.name)
def test_template_payload_never_executes_nor_renders(tmp_path, configured, payload):
    mark = tmp_path / "pwned"
    text = payload.text.replace("MARK", str(mark))
    if SNIPPET_LINE.match(text):  # snippets are read by pymdownx.snippets while converting Markdown
        converter = markdown.Markdown(extensions=configured.markdown_extensions, extension_configs=configured.mdx_configs)
        with pytest.raises(SnippetMissingError):
            converter.convert(text)
    else:
        with pytest.raises((SecurityError, UndefinedError, TemplateNotFound)):
            configured.plugins["macros"].env.from_string(text).render()
    assert not mark.exists(), "the payload ran a command"


SNIPPET_LINE = re.compile(r"^-{1,3}8<-{1,3}")

STUB = '''"""Test stub: the project's macro names, passing contributor text through unescaped."""


def define_env(env):
    def ref(target, text=None):
        return text or target  # passes contributor text through unescaped, as a careless macro would

    env.macro(ref, "ref")
    for name in NAMES:
        if name != "ref":
            env.macro(lambda: "", name)
'''

CLEAN_CATALOG = '''"""Test hook: the kb plugin gets the clean fixture archive's catalog, never this copy's pages."""
from kb import load_catalog


class CleanCatalog:
    def __init__(self):
        self.catalog = load_catalog(ROOT)

    def load(self, root, split=False, made=None):  # a catalog not read anew: `made` is not given it (CatalogCache)
        return self.catalog


def on_config(config):
    config.plugins["kb"].site.catalogs = CleanCatalog()
'''


def unchecked_project(tmp_path):
    project = copy_project(tmp_path / "project")
    clean = copy_project(tmp_path / "clean")  # the fixture archive as it is, checked
    (project / "stub_macros.py").write_text(STUB.replace("NAMES", repr(sorted(MACROS))), encoding="utf-8")
    (project / "clean_catalog.py").write_text(CLEAN_CATALOG.replace("ROOT", repr(str(clean))), encoding="utf-8")
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8").replace("module_name: macros", "module_name: stub_macros")
    # the stub writes no issue page, so record pages (from the clean catalog) would link missing anchors
    text = text.replace("\n  - kb:\n", "\n  - kb:\n      record_pages: false\n")
    config.write_text(text + "\nhooks:\n  - clean_catalog.py\n", encoding="utf-8")
    return project


def assert_nothing_runs_in(article, where):
    for bad in ("script", "iframe", "object", "embed", "style", "form", "meta"):
        assert article.find(bad) is None, f"{where}: <{bad}> published"
    for tag in article.find_all(True):
        for attribute, value in tag.attrs.items():
            assert not attribute.lower().startswith("on"), f"{where}: {tag.name} {attribute}"
            if attribute in ("href", "src", "action"):
                assert not re.match(r"\s*(javascript|data|vbscript):", str(value), re.I), f"{where}: {value}"
        if tag.name == "a" and tag.get("href", "").startswith("http"):
            assert set(tag.get("rel", [])) >= {"noopener", "noreferrer"}, f"{where}: {tag}"


# A template payload and a snippet payload through a whole build: it stops, publishes nothing.
@pytest.mark.full
@pytest.mark.parametrize("name", ["attribute chain to os", "snippet climbing out"])
def test_template_payload_stops_the_build(tmp_path, name):
    payload = next(p for p in TEMPLATE_PAYLOADS if p.name == name)
    project = unchecked_project(tmp_path)
    mark = tmp_path / "pwned"
    add_to_page(project, payload, mark)
    site = tmp_path / "site"

    result = build(project, site)

    assert not mark.exists(), "the payload ran a command"
    assert result.returncode != 0, "the build published a page with template code"
    assert not site.exists() or not (site / "en/about/index.html").exists()


# A macro's arguments are read as plain text once Jinja has decoded them (kb.markup.templates), and the build's
# sandbox compiles nothing else: such a payload stops the build before any sanitizing (below).
SANITIZED = [payload for payload in MARKUP_PAYLOADS if "{{" not in payload.text]


@pytest.mark.full
def test_markup_through_a_macro_argument_stops_even_an_unchecked_build(tmp_path):
    project = unchecked_project(tmp_path)
    (project / "docs/hostile.md").write_text('---\ntitle: Hostile\ndescription: test page\n---\n\n# Hostile\n\n'
                                             '{{ ref("issue-7", "\\x3cscript\\x3ealert(1)\\x3c/script\\x3e") }}\n',
                                             encoding="utf-8")
    result = build(project, tmp_path / "site")
    assert result.returncode != 0
    assert "an argument of `ref` must be plain text, without `<`" in result.stdout + result.stderr


@pytest.mark.full
def test_markup_payloads_are_published_clean(tmp_path):
    project = unchecked_project(tmp_path)
    for number, payload in enumerate(SANITIZED):
        (project / f"docs/hostile-{number}.md").write_text(
            f"---\ntitle: Hostile {number}\ndescription: test page\n---\n\n# Hostile {number}\n\nBefore.\n\n{payload.text}\n\nAfter.\n",
            encoding="utf-8")
    site = tmp_path / "site"

    result = build(project, site)

    assert result.returncode == 0, result.stdout + result.stderr
    for number, payload in enumerate(SANITIZED):
        html = (site / f"hostile-{number}/index.html").read_text(encoding="utf-8")
        article = BeautifulSoup(html, "html.parser").select_one("article")
        assert "Before." in article.get_text() and "After." in article.get_text(), payload.name
        assert_nothing_runs_in(article, payload.name)
        assert "alert(1)" not in str(article), payload.name


@pytest.mark.full
def test_material_markup_survives_sanitizing(tmp_path):
    project = unchecked_project(tmp_path)
    (project / "docs/markup.md").write_text('''---
title: Markup
description: What Material renders must survive.
---

# Markup

!!! note "A note"

    Inside the admonition.

??? tip "Folded"

    Inside details.

=== "First tab"

    One.

=== "Second tab"

    Two.

```python
print("highlighted")
```

| left | right |
|:-----|------:|
| a    | b     |

- [x] done

:material-rocket-launch: An icon. TTFT is an abbreviation. [Outside](https://example.invalid/).
''', encoding="utf-8")
    site = tmp_path / "site"
    result = build(project, site)
    assert result.returncode == 0, result.stdout + result.stderr
    article = BeautifulSoup((site / "markup/index.html").read_text(encoding="utf-8"), "html.parser").select_one("article")
    assert article.select_one(".admonition.note .admonition-title").get_text() == "A note"
    assert article.select_one("details.tip summary").get_text() == "Folded"
    assert len(article.select(".tabbed-set input[type=radio]")) == 2
    assert [label.get_text() for label in article.select(".tabbed-labels label")] == ["First tab", "Second tab"]
    assert article.select_one(".highlight code span") is not None
    assert article.select_one('td[style*="text-align"][style*="right"]') is not None
    assert article.select_one("input[type=checkbox]") is not None
    assert article.select_one(".twemoji svg path") is not None
    assert article.select_one('abbr[title^="首 token 延迟"]') is not None  # a Chinese page: the Chinese glossary
    assert article.select_one('a[href="https://example.invalid/"]')["rel"] == ["noopener", "noreferrer"]
    headerlink = article.select_one("h1 .headerlink")
    assert headerlink["href"] == "#markup" and not headerlink.get("rel")  # internal links keep no rel
