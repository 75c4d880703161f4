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
    if page.meta.get("kb_topic"):
        rss, atom = layout.feed_names(page.meta["kb_topic"])
        context["kb_feeds"].update(topic_rss=rss, topic_atom=atom)
    if settings.repository:
        context["kb_edit"] = _edit_links(page, settings, catalog, language)
    src, _ = layout.split_language(page.file.src_uri)
    if settings.site_files and has_card(catalog, src):  # its share card, for link previews
        path = layout.share_card(src, language)
        context["kb_card"] = {"path": path, "url": settings.public_url and settings.public_url + path,
                              "width": WIDTH, "height": HEIGHT}
    return context


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
