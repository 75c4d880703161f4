"""The site plugin: the knowledge base's catalog, its defences and its outputs, in mkdocs.

Thin on purpose: each of mkdocs' events hands over to the build (mkdocs_kb/build.py, SiteBuild), which owns
the mechanisms a build needs beyond mkdocs and their order in each language. Here is only when each runs
among the other plugins (mkdocs-static-i18n, mkdocs-macros), and why. The macros module (macros/) asks the
plugin for the page's macros; kb/ knows nothing of mkdocs.
"""
from __future__ import annotations

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from kb import Catalog
from kb.render import PageMacros

from .build import SiteBuild
from .config import KbConfig


class KbPlugin(BasePlugin[KbConfig]):
    """The knowledge base's plugin (`plugins: - kb` in mkdocs.yml; its settings: mkdocs_kb/config.py)."""

    site: SiteBuild
    """The build: it lasts the mkdocs command, so `mkdocs serve` rebuilds with the same one."""

    def __init__(self):
        super().__init__()
        self.site = SiteBuild()

    @property
    def catalog(self) -> Catalog | None:
        """The catalog of the build under way (the preview names each page's files from it)."""
        return self.site.catalog

    def macros_for(self, page: Page) -> PageMacros:
        """The macros of `page` in the language being built (for the macros module)."""
        return self.site.macros_for(page)

    # -------------------------------------------------------------------------

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.site.start(command, dirty, self.config)

    @event_priority(-100)  # after mkdocs-static-i18n (also -100, listed first) set the language, and after
    # mkdocs-macros (default priority) made the Jinja environment the sandbox replaces
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self.site.language_starts(config, self.config, config.plugins["i18n"].current_language)
        return config

    def on_serve(self, server: LiveReloadServer, *, config: MkDocsConfig, builder) -> LiveReloadServer:
        """Not the docs mirror: docs/ itself is watched (mkdocs_kb/docs_mirror.py says why)."""
        self.site.mirror.unwatch(server, config.docs_dir)
        return server

    @event_priority(-200)  # the navigation as every plugin left it: the pages to convert are known
    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files, **kwargs) -> Navigation:
        self.site.pages_known(config, files)
        return nav

    # default priority: no other plugin reads pages' sources
    def on_page_read_source(self, *, page: Page, config: MkDocsConfig) -> str | None:
        return self.site.source_of(page)

    @event_priority(100)  # before mkdocs-macros reads the page's front matter and renders it
    def on_page_markdown(self, markdown: str, *, page: Page, **kwargs) -> str:
        return self.site.markdown_of(markdown, page)

    # default priority: after Markdown, before the theme templates wrap the page
    def on_page_content(self, html: str, *, page: Page, **kwargs) -> str:
        return self.site.content_of(html, page)

    # default priority: every page is converted (by mkdocs and by every plugin) and none written yet
    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files, **kwargs) -> Environment:
        self.site.pages_converted(config, files)
        return self.site.template_globals(env)

    @event_priority(-100)  # after mkdocs-static-i18n (priority 50) has set the links
    def on_page_context(self, context, *, page: Page, config: MkDocsConfig, **kwargs):
        return self.site.page_context(context, page, config)

    # default priority: after mkdocs-static-i18n (50) has set the 404 page's alternates
    def on_template_context(self, context, *, template_name: str, config: MkDocsConfig, **kwargs):
        return self.site.template_context(context, template_name, config)

    # default priority: the page is rendered, about to be written
    def on_post_page(self, output: str, *, page: Page, **kwargs) -> str:
        self.site.page_written(page)
        return output

    @event_priority(-200)  # after mkdocs-static-i18n, whose post-build builds the other languages
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if config.plugins["i18n"].building:
            return  # one language among several: the site's files once, when all are written
        self.site.site_written(config)

    def on_build_error(self, *, error: Exception) -> None:
        self.site.failed()

    def on_shutdown(self) -> None:
        self.site.end()
