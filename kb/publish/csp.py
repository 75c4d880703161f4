"""The Content-Security-Policy every page carries, and the inline scripts it and the output firewall allow.

One place for both: the firewall (kb.publish.html_rules) lets through an inline script only if its hash is listed here,
and the policy (a `<meta http-equiv>` in overrides/main.html: static hosting may set no header) lets the
browser run only those and the site's own files. A script a template or a content page slips in is then
refused twice: by the build, and by every reader's browser.

After updating Material: build; the firewall names each inline script it does not know, with its hash; check
that it is Material's (its templates, partials/javascripts/), then `python -m kb.publish.csp site/` prints the hashes
of every inline script of the built site, to paste below. A listed hash no page writes fails
tests/test_csp.py, so the list stays exact.
"""
from __future__ import annotations

import base64
import hashlib
import sys
from pathlib import Path

# sha256 of each inline script the theme's templates write, as emitted (the text between <script> and </script>)
INLINE_SCRIPTS = {
    "sha256-OUeh99T1zeI3wH+xD0E54vxT7w+8rYRvf58VW2SGPa4=":
        "Material's partials/javascripts/base.html, as overrides/ writes it: the storage scope (__md_scope)",
    "sha256-/8wPdzX9q0NNJXyA5lzsLojXFpkeaXVxhbfkUOQaWy8=":
        "Material's partials/javascripts/palette.html: the reader's colour scheme, before the page paints",
    "sha256-DrEMJJ29sL7vIloQzly+VUGMxKcBTMII+OfW7Y8AkG4=":
        "Material's partials/javascripts/content.html: the tab a link's #anchor names",
}

# Each directive, and why. Nothing from another origin: no CDN, no web font (mkdocs.yml: theme.font: false),
# no analytics.
DIRECTIVES = (
    ("default-src", "'self'"),
    # Pagefind compiles its WebAssembly search in the page: without 'wasm-unsafe-eval' no search runs.
    ("script-src", "'self' 'wasm-unsafe-eval' " + " ".join(f"'{digest}'" for digest in INLINE_SCRIPTS)),
    ("style-src", "'self'"),
    # Python-Markdown writes a table column's alignment as a style attribute (style="text-align: right"; the
    # sanitizer keeps only that property, kb.publish.html_rules.STYLE); no <style> element is allowed anywhere.
    ("style-src-attr", "'unsafe-inline'"),
    # Material's stylesheets draw their icons as data: SVG images (mask-image); the share cards are the site's.
    ("img-src", "'self' data:"),
    ("font-src", "'self'"),
    # Pagefind's index, the claims ledger's figures, the search vocabulary, Material's sitemap for the
    # language switch: all files of the site.
    ("connect-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'self'"),
    ("form-action", "'self'"),
)
POLICY = "; ".join(f"{name} {value}" for name, value in DIRECTIVES)
# What a preview (`mkdocs serve`, `make serve`) serves: mkdocs' live reload adds an inline script to each page
# whose text changes with every load (livereload(epoch, request)), which no hash can list. A preview is served
# on the editor's own machine and never published (the firewall, which checks the policy, runs only on builds).
PREVIEW_POLICY = "; ".join(f"{name} {value}" for name, value in (
    (name, "'self' 'wasm-unsafe-eval' 'unsafe-inline'") if name == "script-src" else (name, value)
    for name, value in DIRECTIVES))


def script_hash(body: str) -> str:
    """The CSP source of an inline script: `sha256-<base64>` of its text as the browser reads it (UTF-8)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii")


def site_inline_scripts(site: Path) -> dict[str, str]:
    """Every inline script of a built site (JSON data blocks aside: the browser runs none) -> its first page."""
    from selectolax.lexbor import LexborHTMLParser

    found: dict[str, str] = {}
    for page in sorted(site.rglob("*.html")):
        for node in LexborHTMLParser(page.read_bytes()).css("script"):
            if "src" not in node.attributes and node.attributes.get("type") != "application/json" and node.text():
                found.setdefault(script_hash(node.text()), page.relative_to(site).as_posix())
    return found


def main(argv: list[str]) -> int:
    """Print every inline script hash of the built site in argv[0], as INLINE_SCRIPTS lists them."""
    if len(argv) != 1 or not Path(argv[0], "index.html").is_file():
        print("usage: python -m kb.publish.csp SITE — a built site (make build writes site/)", file=sys.stderr)
        return 2
    for digest, page in site_inline_scripts(Path(argv[0])).items():
        listed = INLINE_SCRIPTS.get(digest, f"NOT LISTED: first written by {page}")
        print(f'    "{digest}":\n        "{listed}",')
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
