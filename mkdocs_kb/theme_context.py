"""What the theme's templates (overrides/) get from the kb plugin, in the language being built.

Every template: the site's public address, the Content-Security-Policy, what the search box says. Each page:
its feeds, where a contributor edits it, its share card. The 404 page: each language's home and lists, and a
language switch that works at any depth (mkdocs_kb/language_links.py).
"""
from __future__ import annotations

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

from kb import Catalog
from kb.model.labels import LABELS
from kb.project import layout
from kb.publish.cards import HEIGHT, WIDTH, has_card
from kb.publish.csp import POLICY, PREVIEW_POLICY
from kb.render.renderer import Renderer
from kb.render.sidebar import sidebar
from kb.search.records import search_box

from .config import KbConfig
from .language_links import homes_for_404, hreflang_links, relative_home_links


def content_security_policy(serving: bool) -> str:
    """The policy pages carry: a served build (`mkdocs serve`, the preview) also lets its live-reload script
    reach the server; the firewall holds pages to the same one."""
    return PREVIEW_POLICY if serving else POLICY


def template_globals(env: Environment, settings: KbConfig, language: str, serving: bool) -> Environment:
    """For every template, the 404 page's too: the site's public address (None when it is not known), and
    what the search box says in the language being built (overrides/partials/search.html)."""
    env.globals["kb_public_url"] = settings.public_url
    # overrides/main.html: every page's Content-Security-Policy (a preview's lets the live reload run)
    env.globals["kb_csp"] = content_security_policy(serving)
    env.globals["kb_search"] = search_box(language)
    env.globals["kb_footer"] = footer(settings, language)  # overrides/partials/copyright.html, the 404 page's too
    # tojson as UTF-8: each Chinese character of the search box's JSON (its facet names, the 404 page's result
    # lines) was six bytes (\uXXXX). tojson still escapes < > & ' (htmlsafe_json_dumps).
    env.policies["json.dumps_kwargs"] = {**env.policies.get("json.dumps_kwargs", {}), "ensure_ascii": False}
    return env


def page_context(context: dict, page: Page, config: MkDocsConfig, settings: KbConfig, catalog: Catalog,
                 language: str) -> dict:
    """Relative language-switch links on home pages; the page's feeds for its head; its edit links; its card."""
    alternates = getattr(config.extra, "alternate", None) or []
    relative_home_links(alternates, config.site_url)
    # the head's hreflang links: each language's counterpart of this page, and x-default
    context["kb_hreflang"] = hreflang_links(alternates, _default_language(config), settings.public_url, page)
    rss, atom = layout.feed_names()
    context["kb_feeds"] = {"rss": rss, "atom": atom}
    for kind in layout.FEED_KINDS:  # a hub's or an entity page's own feeds (their macros say which: kb.render.macros)
        if page.meta.get(f"kb_{kind}"):
            rss, atom = layout.feed_names(page.meta[f"kb_{kind}"], kind)
            context["kb_feeds"].update(page_rss=rss, page_atom=atom)
    if layout.split_language(page.file.src_uri)[0] == layout.WATCH_PAGE:
        context["kb_feeds"].update(zip(("page_rss", "page_atom"), layout.WATCH_FEEDS))
    context["kb_under"] = section_of(page, context.get("nav"))
    context["kb_sidebar"] = sidebar(Renderer(catalog, language, layout.split_language(page.file.src_uri)[0]))
    if settings.repository:
        context["kb_edit"] = _edit_links(page, settings, catalog, language)
    src, _ = layout.split_language(page.file.src_uri)
    if settings.site_files and has_card(catalog, src):  # its share card, for link previews
        path = layout.share_card(src, language)
        context["kb_card"] = {"path": path, "url": settings.public_url and settings.public_url + path,
                              "width": WIDTH, "height": HEIGHT}
    return context


def section_of(page: Page, nav) -> list:
    """The items of the navigation a page it leaves out is under (kb.project.layout.section_page), outermost first:
    the tabs mark them (overrides/partials/tabs-item.html) as mkdocs marks a page's own."""
    section = layout.section_page(layout.split_language(page.file.src_uri)[0])
    if section is None or nav is None:
        return []
    for item in nav.pages:
        if layout.split_language(item.file.src_uri)[0] == section:
            chain, parent = [item], item.parent
            while parent is not None:
                chain.insert(0, parent)
                parent = parent.parent
            return chain
    return []


def footer(settings: KbConfig, language: str) -> dict:
    """The footer's words in the page's language (kb.model.lead_labels): the repository, once it is known (no
    licence is stated in the project, so none is named), and the theme's credit."""
    words = LABELS[language]
    before, _, after = words["footer_generator"].partition("{generator}")
    return {"repository": settings.repository, "source": words["footer_source"], "generator": (before, after),
            "subscribe": words["subscribe"], "colon": words["colon"]}


def _edit_links(page: Page, settings: KbConfig, catalog: Catalog, language: str) -> dict:
    """Where a contributor edits this page: its prose in the page's language, and its facts."""
    words = LABELS[language]
    src, _ = layout.split_language(page.file.src_uri)
    base = f"{settings.repository.rstrip('/')}/edit/{settings.branch}/"
    names = {"prose": words["edit_prose"].format(language=words["language_name"][language]), "facts": words["edit_facts"]}
    return {"title": words["edit"], "colon": words["colon"],
            "links": [(names[kind], base + path) for kind, path in catalog.source_files(src, language)]}


def not_found_context(context: dict, config: MkDocsConfig, settings: KbConfig) -> dict:
    """The 404 page: the language switch and hreflang links lead to each home page, the text to each language's lists."""
    languages = config.plugins["i18n"].config.languages
    homes = {lang.locale: lang.link for lang in languages}
    homes_for_404(getattr(config.extra, "alternate", None) or [], homes, config.site_url)
    # from the homes themselves: the 404 page is built before any page has set the alternates
    home_links = [{"lang": lang, "link": ""} for lang in homes]
    homes_for_404(home_links, homes, config.site_url)
    context["kb_hreflang"] = hreflang_links(home_links, _default_language(config), settings.public_url)
    context["kb_pages"] = {lang: {
        "home": layout.language_home(lang),
        "issues": layout.language_home(lang) + layout.page_url(layout.ARCHIVE_PAGE),
        "topics": layout.language_home(lang) + layout.page_url(layout.TOPICS_INDEX),
    } for lang in layout.LANGUAGES}
    return context


def _default_language(config: MkDocsConfig) -> str:
    """The language x-default names: mkdocs-static-i18n's default."""
    return next(lang.locale for lang in config.plugins["i18n"].config.languages if lang.default)
