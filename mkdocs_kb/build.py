"""The site's build as the kb plugin runs it: what it needs beyond mkdocs, and in which order, language by language.

mkdocs-static-i18n runs mkdocs' whole build once per language, every event again: the default language
first, then each other one from inside the default's post-build, so the default's post-build comes last
of all. In each language (KbPlugin's events, mkdocs_kb/plugin.py):

- configuration: the catalog, loaded once for every language (again only when content changed), with
  Python's cycle collector tuned before it loads and the catalog frozen after (collector.py); the docs
  folder the build reads, docs/ plus the record pages (docs_mirror.py); for the first language, the copy
  that writes each issue's email and the share cards forked (emails_and_cards.py); the search index's second
  process started, for the first language, or told that the languages before are written whole
  (search_process.py); the content sandbox (sandbox.py); the 404 page, built in the default language only;
  the language's glossary.
- navigation: the language's render budget starts (budget.py), then the split conversion forks its copy,
  which starts with that budget (split_conversion.py).
- each page: its source (an empty stand-in where the copy converts it), its Markdown (its own budget; a
  record page's body, or its refs spaced; the glossary appended), its HTML (sanitized, then the generated
  HTML it kept out of Markdown put back).
- before the first page is written: the copy's pages back, the language's budget checked once more.
- each page written: noted for the firewall, handed to the search index, its Markdown and HTML dropped.

After the last language (`site_written`): the search index given the last language, the emails and cards
moved in from their copy, the site's other files and the firewall (site_files.py), then the collector back to
Python's defaults. A failed build stops the copies and the search index; the end of the mkdocs command removes
the mirror.
"""
from __future__ import annotations

import logging
from functools import partial
from pathlib import Path

import mkdocs
from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from kb import Catalog, CatalogCache, ContentError
from kb.base.limits import defines_abbreviation
from kb.base.messages import language as locale_language
from kb.base.plural import plural
from kb.content.report import report
from kb.model.records import RecordPage
from kb.project import layout
from kb.project.generator import notice
from kb.publish.build_stamp import write_stamp
from kb.publish.cards import NoTextLayout
from kb.render import PageMacros, RawHtml
from kb.render.raw_html import ForgedPlaceholder

from . import theme_context
from .budget import RenderBudget, Shared
from .collector import Collector
from .config import KbConfig
from .docs_mirror import DocsMirror, record_page_files
from .emails_and_cards import EmailsAndCards, names_ahead
from .sandbox import install, sandbox_for
from .sanitize import sanitize
from .search_process import SearchProcess
from .site_files import copy_language_sitemaps, site_firewall, write_site_files
from .split_conversion import SplitConversion

RENDERING_SWITCHES = ("render_macros", "ignore_macros")  # mkdocs-macros' per-page switches: not for content
# What a refused build counts, said right for one and many (kb.base.plural); a refusal has at least one.
CONTENT_PROBLEMS = {"zero": "no content problems", "one": "{n} content problem", "many": "{n} content problems"}
UNPUBLISHABLE = {"zero": "the built site holds nothing that may not be published",
                 "one": "the built site holds {n} thing that may not be published",
                 "many": "the built site holds {n} things that may not be published"}


class SiteBuild:
    """The builds of one mkdocs command (`mkdocs serve` rebuilds with the same one)."""

    def __init__(self):
        self.settings: KbConfig | None = None  # the kb plugin's, given again as each language's build starts
        self.serving = False  # `mkdocs serve` or the preview: pages are served with a live reload, never published
        self.catalogs = CatalogCache()  # kept for the whole process: `mkdocs serve` rebuilds reuse it
        self.catalog: Catalog | None = None
        self.language: str = layout.DEFAULT_LANGUAGE  # the language being built
        self.site_names: dict[str, str] = {}  # each language's site name, as its build used it
        self.glossary: dict[str, str] = {}  # each language's abbreviations (snippets/abbreviations*.md)
        self.record_pages: dict[str, RecordPage] = {}  # generated page -> the record it shows (kb.model.records)
        self.raw_html: dict[str, RawHtml] = {}  # page (src_uri) -> generated HTML waiting for its page
        self.built_pages: dict[str, str] = dict(layout.THEME_PAGES)  # HTML file -> the page it is built from
        self.docs_source: Path | None = None  # docs/ itself; the build reads the mirror
        self.collector = Collector()
        self.mirror = DocsMirror()
        self.search = SearchProcess()
        self.outputs = EmailsAndCards()  # each issue's email and the share cards, made beside the pages
        self.split = SplitConversion()  # half of each language's pages converted on the second core
        self.budget = RenderBudget()  # Python-Markdown is quadratic in some inputs: no page may take the build with it

    def start(self, command: str, dirty: bool, settings: KbConfig) -> None:
        """An mkdocs command starts: only a full `mkdocs build` splits the conversion; only `mkdocs serve` loads
        files again after an edit (a build keeps the catalog, not the files' parses: kb.content.catalog_cache)."""
        self.settings = settings
        self.split.allow(command == "build" and not dirty and settings.split_conversion)
        self.serving = command == "serve"
        self.catalogs = CatalogCache(reparse_edits=command == "serve")
        logging.getLogger("mkdocs.plugins.kb").info(notice())  # once a command, after Material's end-of-life notice

    def language_starts(self, config: MkDocsConfig, settings: KbConfig, lang: str) -> None:
        """The build of `lang` starts, mkdocs' configuration set for it."""
        self.settings, self.language = settings, lang
        self.site_names[lang] = config.site_name
        self.collector.tune()
        outputs = settings.site_files and lang == layout.DEFAULT_LANGUAGE  # built first (mkdocs-static-i18n)
        if outputs:
            self.outputs.close()
        # Forked as soon as the catalog is read, beside its checks of the whole archive, which leave the second
        # core idle; before the search index starts, whose pipe the copy would hold open
        made = partial(self._emails_and_cards, config) if outputs and self.split.allowed else None
        try:
            self.catalog = self.catalogs.load(Path(config.config_file_path).parent, split=self.split.allowed, made=made)
        except ContentError as error:  # said as `kb check` says it, in the locale's language (kb.base.messages.language)
            raise PluginError(plural(CONTENT_PROBLEMS, len(error.problems)) + f":\n{report(error.problems, locale_language())}") from None
        self.collector.freeze()
        if self.docs_source is None:
            self.docs_source = Path(config.docs_dir)
        self.record_pages = {record.page: record for record in self.catalog.records.pages} if settings.record_pages else {}
        config.docs_dir = str(self.mirror.update(self.docs_source, record_page_files(self.catalog, self.record_pages)))
        if made is not None:
            made(self.catalog)  # if the catalog was not read anew
        if settings.site_files:  # mkdocs-static-i18n builds the default language first
            self.search.language_starts(lang == layout.DEFAULT_LANGUAGE, config.site_dir, self.catalog)
        # One 404 page, at the site's root, in the default language (it speaks both): built in every language,
        # it was left in the last one built, English, on a Chinese-first site.
        if lang == layout.DEFAULT_LANGUAGE:
            config.theme.static_templates.add("404.html")
        else:
            config.theme.static_templates.discard("404.html")
        macros = config.plugins["macros"]
        install(macros, sandbox_for(macros))
        glossary = self.catalog.root / layout.localized(layout.GLOSSARY, lang)
        self.glossary[lang] = glossary.read_text(encoding="utf-8") if glossary.is_file() else ""

    def pages_known(self, config: MkDocsConfig, files: Files) -> None:
        """The navigation is built: the language's budget starts, then the copy forks (it inherits the budget)."""
        abbreviations = sum(map(defines_abbreviation, self.glossary[self.language].split("\n")))
        shared = Shared(layout.localized(layout.GLOSSARY, self.language), f"{abbreviations:,} abbreviations")
        self.budget.language_starts(len(files.documentation_pages()), self.settings.build_seconds,
                                    self.settings.build_ms_per_page, shared)
        self.outputs.pages_start()  # one copy of the build at a time: the emails' stops writing them
        self.split.start(config, files)

    def source_of(self, page: Page) -> str | None:
        """A page the copy converts is an empty stand-in here (None: mkdocs reads the page's file)."""
        return "" if self.split.converts_elsewhere(page) else None

    def markdown_of(self, markdown: str, page: Page) -> str:
        """No rendering switch of the page's own; the time budget for rendering and converting it starts;
        refs beside Han are spaced; the glossary of the page's language is appended, so hovering TTFT or KV
        says what it stands for."""
        for key in RENDERING_SWITCHES:
            page.meta.pop(key, None)
        name = f"{layout.DOCS}/{page.file.src_uri}"
        if self.split.converts_elsewhere(page):
            self.budget.page_starts(name, self.settings.page_seconds, here=False)
            return ""  # its stand-in: the copy converts it
        self.budget.page_starts(name, self.settings.page_seconds)
        record = self.record_pages.get(layout.split_language(page.file.src_uri)[0])
        if record is not None:  # a record page: its body is generated, never a template
            markdown = self.macros_for(page).record_page(record)
        else:  # a ref beside Han is set apart where it shows Latin, as its rendered text (kb.markup.refs.spaced_refs)
            markdown = self.macros_for(page).spaced_refs(markdown)
        return f"{markdown}\n\n{self.glossary[self.language]}"

    def content_of(self, html: str, page: Page) -> str:
        """The page's own HTML sanitized, then the generated HTML it kept out of Markdown put back."""
        self.budget.page_done()
        raw = self.raw_html.pop(page.file.src_uri, None) or RawHtml()  # none kept: any placeholder is forged
        try:
            return raw.restore(sanitize(html))
        except ForgedPlaceholder as error:
            raise PluginError(f"{layout.DOCS}/{page.file.src_uri}: {error}") from None

    def macros_for(self, page: Page) -> PageMacros:
        """The macros of `page` in the language being built (for the macros module)."""
        src, _ = layout.split_language(page.file.src_uri)
        raw = self.raw_html.setdefault(page.file.src_uri, RawHtml())
        return PageMacros(self.catalog, self.language, src, raw.keep)

    def pages_converted(self, config: MkDocsConfig, files: Files) -> None:
        """Every page of the language is converted here: the copy's take their place, and the language's budget
        is checked. Nothing is written before."""
        self.split.finish(config, files)
        self.budget.language_done()

    def template_globals(self, env: Environment) -> Environment:
        return theme_context.template_globals(env, self.settings, self.language, self.serving)

    def page_context(self, context: dict, page: Page, config: MkDocsConfig) -> dict:
        return theme_context.page_context(context, page, config, self.settings, self.catalog, self.language)

    def template_context(self, context: dict, template_name: str, config: MkDocsConfig) -> dict:
        return theme_context.not_found_context(context, config, self.settings) if template_name == "404.html" else context

    def page_written(self, page: Page) -> None:
        """Note which HTML file each page became: the firewall lets no other HTML out."""
        src = page.file.src_uri
        generated = layout.split_language(src)[0] in self.record_pages
        self.built_pages[page.file.dest_uri] = f"(generated record page) {src}" if generated else f"{layout.DOCS}/{src}"
        self.search.page_written(page.file.abs_dest_path)
        # Rendered: nothing reads them again, and each language's build held all. The title stays: later pages'
        # navigation names this one, and mkdocs derives a title only while the page still has its Markdown
        # (the data page was "None" in the navigation of every page built after it).
        page.title = page.title
        page.content = page.markdown = None

    def site_written(self, config: MkDocsConfig) -> None:
        """Every language is written: search index, feeds, export, language sitemaps; then the firewall."""
        try:
            if self.settings.site_files:  # not in a preview
                self._site_files(config)
        finally:
            # only now: restored before the site's files, full collections walked every page of both languages
            self.collector.restore()

    def _site_files(self, config: MkDocsConfig) -> None:
        site = Path(config.site_dir)
        index = self.search.take(site, self.catalog)
        try:
            index.site_written()  # the last language: indexed while the rest is written and checked
            with self.collector.paused():  # records and strings, no cycles (mkdocs_kb/collector.py)
                try:  # before the feeds, which enclose each issue's email
                    self.outputs.finish(self.catalog, site, self._site_url(config), self.site_names)
                except NoTextLayout as error:
                    raise PluginError(str(error)) from None
                write_site_files(self.catalog, site, config, self.site_names, self.glossary)
            copy_language_sitemaps(site)
            # Last: whatever got past the checker and the sanitizer, nothing unsafe leaves the build.
            check = site_firewall(self.catalog, config, self.settings, self.built_pages, self.docs_source,
                                  self.split.allowed, theme_context.content_security_policy(self.serving))
            findings = check.site_problems()
            index.finish()
            findings += check.search_index_problems()
        finally:
            index.close()  # stops it if anything above failed
        if findings:
            raise PluginError(plural(UNPUBLISHABLE, len(findings)) + ":\n" + "\n".join(str(f) for f in findings))
        # The proof `kb verify-site` reads: this plugin ran, and its firewall passed exactly the files now in the site.
        write_stamp(site, list(self.site_names), f"{mkdocs.__name__} {mkdocs.__version__}",  # ProperDocs: properdocs
                    split=self.split.allowed)

    def _emails_and_cards(self, config: MkDocsConfig, catalog: Catalog) -> None:
        """The copy that writes each issue's email and draws the share cards starts on `catalog`, if not yet."""
        self.outputs.start(catalog, self._site_url(config), names_ahead(config))

    def _site_url(self, config: MkDocsConfig) -> str:
        """The address emails link to: the public site's when it is known."""
        return self.settings.public_url or config.site_url

    def failed(self) -> None:
        """A build failed: the copies and the search index stop; no budget runs on into the next build."""
        self.split.stop()
        self.outputs.close()
        self.budget.reset()
        self.collector.restore()
        self.search.close()

    def end(self) -> None:
        """The very end of an mkdocs command, before the process exits (mkdocs' own words for on_shutdown)."""
        self.split.stop()
        self.outputs.close()
        self.collector.restore()
        self.mirror.close()
        self.search.close()
        self.collector.process_ends()
