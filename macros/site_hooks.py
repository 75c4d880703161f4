"""mkdocs hooks: the defences that hold even if a page slips past `kb check`.

- page templates render in a sandbox where only the project's macros can be
  called and no attribute of anything can be reached;
- a page cannot switch macro rendering on or off for itself;
- generated lists kept out of Markdown (kb.render.RawHtml) go back into the page;
- the HTML of every page is sanitized (nh3) before it is published;
- the home pages' language switch is made relative like every other page's,
  and the 404 page's leads to each language's home page;
- once every language is built, Pagefind indexes the site for search, and
  the feeds and the open data export (kb/export.py) are written.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import nh3
from jinja2 import FileSystemLoader, Template
from jinja2.sandbox import SandboxedEnvironment
from mkdocs.plugins import event_priority

from kb import layout
from kb.export import write_export
from kb.feeds import write_feeds
from kb.search_index import build_search_index

_site_names: dict[str, str] = {}  # each language's site name, as its build used it


class MacrosOnlyTemplate(Template):
    def render(self, *args, **kwargs):
        # mkdocs-macros passes config, page, environment...: content may see none of them
        return super().render()


class ContentSandbox(SandboxedEnvironment):
    """Jinja for content: call the project's macros with literal arguments, nothing else."""

    template_class = MacrosOnlyTemplate

    def __init__(self, macros: dict, **options):
        super().__init__(**options)
        self.allowed_calls = {id(function) for function in macros.values()}
        self.compiled: dict[str, Template] = {}

    def from_string(self, source, globals=None, template_class=None):
        # Every issue page's body is the same `{{ issue_page() }}`: compile each text once.
        if globals is not None or template_class is not None:
            return super().from_string(source, globals, template_class)
        if source not in self.compiled:
            self.compiled[source] = super().from_string(source)
        return self.compiled[source]

    def is_safe_attribute(self, obj, attr, value) -> bool:
        return False  # content never needs one; every template-injection chain does

    def is_safe_callable(self, obj) -> bool:
        return id(obj) in self.allowed_calls


@event_priority(-100)  # after mkdocs-macros has built its environment and registered the macros
def on_config(config):
    macros = config.plugins["macros"]
    plain = macros.env
    sandbox = ContentSandbox(
        macros.macros,
        # includes, if a page ever got one past the checker, read only the dedicated folder
        loader=FileSystemLoader(macros.config["include_dir"]),
        undefined=plain.undefined,
        block_start_string=plain.block_start_string, block_end_string=plain.block_end_string,
        variable_start_string=plain.variable_start_string, variable_end_string=plain.variable_end_string,
        comment_start_string=plain.comment_start_string, comment_end_string=plain.comment_end_string,
    )
    sandbox.globals.update(macros.macros)  # no filters beyond Jinja's own, no other globals
    macros._env = sandbox
    config.kb_restores_raw_html = True  # macros/ may keep generated HTML out of Markdown: on_page_content restores it
    return config


RENDERING_SWITCHES = ("render_macros", "ignore_macros")


@event_priority(100)  # before mkdocs-macros reads the page's front matter
def on_page_markdown(markdown, page, config, files):
    for key in RENDERING_SWITCHES:
        page.meta.pop(key, None)
    return markdown


# What content HTML may hold: the markup Markdown, pymdown-extensions and
# Material produce, and nothing that runs (no script, no event handlers, no
# javascript:/data: URLs).
ALLOWED_TAGS = {
    "a", "abbr", "b", "blockquote", "br", "code", "dd", "del", "details", "div", "dl", "dt", "em",
    "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "input", "ins", "kbd", "label", "li",
    "mark", "ol", "p", "pre", "s", "small", "span", "strong", "sub", "summary", "sup",
    "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul",
    "svg", "path",  # Material's icons
}
ALLOWED_ATTRIBUTES = {
    "*": {"class", "id", "title", "lang", "dir"},
    "a": {"href", "name"},
    "abbr": {"title"},
    "details": {"open"},
    "img": {"src", "alt", "width", "height", "loading"},
    "input": {"type", "name", "checked", "disabled"},
    "label": {"for"},
    "ol": {"start"},
    "td": {"colspan", "rowspan", "style"},
    "th": {"colspan", "rowspan", "style"},
    "svg": {"viewbox", "xmlns", "width", "height", "fill"},
    "path": {"d", "fill"},
}


# nh3 writes attributes double-quoted and drops any `rel` of the content's own.
EXTERNAL_LINK = re.compile(r'<a (?=[^>]*\bhref="(?:https?:)?//)')


def sanitize(html: str) -> str:
    clean = nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        generic_attribute_prefixes={"data-"},  # pymdownx.tabbed's data-tabs
        url_schemes={"http", "https", "mailto"},
        link_rel=None,
        filter_style_properties={"text-align"},  # table column alignment
        strip_comments=True,
    )
    return EXTERNAL_LINK.sub('<a rel="noopener noreferrer" ', clean)  # external links only


def on_page_content(html, page, config, files):
    raw = getattr(page, "kb_raw_html", None)  # generated lists kept out of Markdown (macros/)
    if raw is not None:
        html = raw.restore(html)
    return sanitize(html)


@event_priority(-100)  # after mkdocs-static-i18n (priority 50) has set the links
def on_page_context(context, page, config, nav):
    _site_names[config.plugins["i18n"].current_language] = config.site_name
    """Make the language switch of home pages relative, like every other page's.

    mkdocs-static-i18n links home pages as absolute paths ("/en/"), which break
    when the site is served from a sub-path or opened from disk. The theme's
    `url` filter turns a site-relative path into one relative to the page.
    """
    site_path = urlsplit(config.site_url or "").path.rstrip("/")
    # the i18n plugin sets it as an attribute, which is what templates read
    for alternate in getattr(config.extra, "alternate", None) or []:
        link = alternate.get("link", "")
        if link.startswith("/"):
            alternate["link"] = link.removeprefix(site_path).lstrip("/") or "."
    return context


def on_template_context(context, template_name, config):
    """The 404 page has no counterpart: its language switch leads to each home page.

    mkdocs-static-i18n leaves it the alternates of whichever page was built
    last. 404.html is served at any depth, so its links stay absolute.
    """
    if template_name == "404.html":
        site_path = urlsplit(config.site_url or "").path.rstrip("/")
        homes = {lang.locale: lang.link for lang in config.plugins["i18n"].config.languages}
        for alternate in getattr(config.extra, "alternate", None) or []:
            alternate["link"] = f"{site_path}{homes[alternate['lang']]}"
    return context


@event_priority(-200)  # after mkdocs-static-i18n, whose post-build builds the other languages
def on_post_build(config):
    i18n = config.plugins["i18n"]
    if i18n.building or config.extra.get("kb_preview"):
        return  # one language among several (index once, when all are written), or a preview
    site = Path(config.site_dir)
    if site.name != i18n.default_language and (site.parent / "index.html").is_file():
        site = site.parent  # config.site_dir is left at the last language's folder
    build_search_index(site)
    catalog = getattr(config, "kb_catalog", None)  # set by macros/__init__.py
    if catalog is not None:
        write_feeds(catalog, site, config.site_url, _site_names)
        write_export(catalog, site / layout.EXPORT_DIR, config.site_url or "")
    # Material's script reads each language home's sitemap.xml; mkdocs writes only the root one,
    # which lists the pages of every language.
    for language in i18n.config.languages:
        home = site / language.link.strip("/")
        if home != site and home.is_dir():
            shutil.copyfile(site / "sitemap.xml", home / "sitemap.xml")
