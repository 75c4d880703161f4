"""The site plugin: the knowledge base's catalog, its defences and its outputs, in mkdocs.

It owns what a build needs beyond what mkdocs does: the catalog (loaded once
per build, shared by both languages unless content changed), the sandbox
pages render in, the generated HTML each page keeps out of Markdown, the
sanitizer, and after the last language the search index, feeds, open data
export and language sitemaps. The macros module (macros/) asks it for the
page's macros; kb/ knows nothing of mkdocs.
"""
from __future__ import annotations

import logging
import shutil
from pathlib import Path

import mkdocs
import yaml

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.pages import Page

from kb import Catalog, CatalogCache, ContentError, layout
from kb.build_stamp import write_stamp
from kb.export import write_export
from kb.cards import HEIGHT, WIDTH, card_files, has_card, write_cards
from kb.csp import POLICY, PREVIEW_POLICY
from kb.email_issue import write_emails
from kb.feeds import write_feeds
from kb.firewall import Firewall
from kb.generator import notice
from kb.labels import LABELS
from kb.limits import defines_abbreviation
from kb.messages import language
from kb.render import PageMacros, RawHtml
from kb.records import RecordPage
from kb.render.claims_data import write_claims_data
from kb.render.periods import record_title
from kb.render.raw_html import ForgedPlaceholder
from kb.report import report
from kb.search_records import search_box, site_search_records, write_search_vocabulary
from kb.site_index import SiteIndex
from kb.theme import Theme

from .budget import BuildBudget, PageBudget, Shared
from .collector import Collector
from .config import KbConfig
from .docs_mirror import DocsMirror
from .language_links import homes_for_404, relative_home_links, site_path
from .sandbox import install, sandbox_for
from .sanitize import sanitize
from .split_conversion import SplitConversion

RENDERING_SWITCHES = ("render_macros", "ignore_macros")  # mkdocs-macros' per-page switches: not for content


class KbPlugin(BasePlugin[KbConfig]):
    def __init__(self):
        super().__init__()
        self.catalogs = CatalogCache()  # kept for the whole process: `mkdocs serve` rebuilds reuse it
        self.catalog: Catalog | None = None
        self.language: str = layout.DEFAULT_LANGUAGE  # the language being built
        self.raw_html: dict[str, RawHtml] = {}  # page (src_uri) -> generated HTML waiting for its page
        self.site_names: dict[str, str] = {}  # each language's site name, as its build used it
        self.built_pages: dict[str, str] = {"404.html": "overrides/404.html"}  # HTML file -> the page it is built from
        self.budget = PageBudget()  # Python-Markdown is quadratic in some inputs: no page may take the build with it
        self.build_budget = BuildBudget()  # ...nor every page a little: each language's pages together
        self.glossary: dict[str, str] = {}  # each language's abbreviations (snippets/abbreviations*.md)
        self.record_pages: dict[str, RecordPage] = {}  # generated page -> the record it shows (kb.records)
        self.docs_source: Path | None = None  # docs/ itself; the build reads the mirror
        self.mirror = DocsMirror()
        self.search_index: SiteIndex | None = None  # this build's, while its languages are written
        self.split = SplitConversion()  # half of each language's pages converted on the second core
        self.collector = Collector()
        self.serving = False  # `mkdocs serve` or the preview: pages are served with a live reload, never published

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.split.allow(command == "build" and not dirty and self.config.split_conversion)
        self.serving = command == "serve"
        # only `mkdocs serve` loads again after an edit: a build keeps the catalog, not the files' parses (kb.catalog_cache)
        self.catalogs = CatalogCache(reparse_edits=command == "serve")
        logging.getLogger("mkdocs.plugins.kb").info(notice())  # once a command, after Material's end-of-life notice

    @event_priority(-100)  # after mkdocs-static-i18n (also -100, listed first) set the language, and after mkdocs-macros
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        i18n = config.plugins["i18n"]
        self.language = i18n.current_language
        self.site_names[self.language] = config.site_name
        self.collector.tune()
        try:
            self.catalog = self.catalogs.load(Path(config.config_file_path).parent, split=self.split.allowed)
        except ContentError as error:  # said as `kb check` says it, in the locale's language (kb.messages.language)
            raise PluginError(f"{len(error.problems)} content problem(s):\n{report(error.problems, language())}") from None
        self.collector.freeze()
        self._mirror_docs(config)
        self._index_search(config)
        # One 404 page, at the site's root, in the default language (it speaks both): built in every language,
        # it was left in the last one built, English, on a Chinese-first site.
        if self.language == layout.DEFAULT_LANGUAGE:
            config.theme.static_templates.add("404.html")
        else:
            config.theme.static_templates.discard("404.html")
        macros = config.plugins["macros"]
        install(macros, sandbox_for(macros))
        glossary = self.catalog.root / layout.localized(layout.GLOSSARY, self.language)
        self.glossary[self.language] = glossary.read_text(encoding="utf-8") if glossary.is_file() else ""
        return config

    def _mirror_docs(self, config: MkDocsConfig) -> None:
        """Point the build at docs/ plus the record pages (mkdocs_kb/docs_mirror.py says why a mirror)."""
        if self.docs_source is None:
            self.docs_source = Path(config.docs_dir)
        self.record_pages = {record.page: record for record in self.catalog.records.pages} if self.config.record_pages else {}
        generated = {}
        for page, record in self.record_pages.items():
            for lang in layout.LANGUAGES:
                title, description = record_title(self.catalog, record, lang)
                meta = {"title": title, "description": description}
                if record.kind == "claims":
                    meta["hide"] = ["navigation", "toc"]  # the table takes the page's whole width
                front = yaml.safe_dump(meta, allow_unicode=True, width=4096)
                generated[layout.localized(page, lang)] = f"---\n{front}---\n"
        config.docs_dir = str(self.mirror.update(self.docs_source, generated))

    def _index_search(self, config: MkDocsConfig) -> None:
        """A full build's search index is made in a second process while the site is written (kb.site_index):
        it gets each page once written, and each language once the next one's build starts."""
        if not self.config.site_files:
            return
        if self.language == layout.DEFAULT_LANGUAGE:  # mkdocs-static-i18n builds it first, then the others
            if self.search_index is not None:
                self.search_index.close()  # a rebuild (mkdocs serve) starts over
            self.search_index = SiteIndex(config.site_dir, site_search_records(self.catalog))
        elif self.search_index is not None:
            self.search_index.languages_written()

    def on_serve(self, server, *, config: MkDocsConfig, builder):
        """`mkdocs serve` watches the docs folder the build read: the mirror. docs/ itself is watched (mkdocs.yml's
        `watch:`); an edit there also changes the mirror's link to the same file, and when the two folders were
        polled apart, each change started a build: two builds of one edit."""
        if self.mirror.folder is not None and Path(config.docs_dir) == self.mirror.folder:
            server.unwatch(config.docs_dir)
        return server

    @event_priority(-200)  # the navigation as every plugin left it: the pages to convert are known
    def on_nav(self, nav, *, config: MkDocsConfig, files, **kwargs):
        abbreviations = sum(map(defines_abbreviation, self.glossary[self.language].split("\n")))
        shared = Shared(layout.localized(layout.GLOSSARY, self.language), f"{abbreviations:,} abbreviations")
        self.build_budget.start(len(files.documentation_pages()), self.config.build_seconds,  # before the copy forks
                                self.config.build_ms_per_page, shared)
        self.split.start(config, files)
        return nav

    def on_page_read_source(self, *, page: Page, config: MkDocsConfig) -> str | None:
        """A page the copy converts is an empty stand-in here (mkdocs_kb/split_conversion.py)."""
        return "" if self.split.converts_elsewhere(page) else None

    def on_build_error(self, *, error: Exception) -> None:
        self.split.stop()
        self.build_budget = BuildBudget()
        self.collector.restore()
        if self.search_index is not None:
            self.search_index.close()
            self.search_index = None

    def on_post_page(self, output: str, *, page: Page, **kwargs) -> str:
        """Note which HTML file each page became: the firewall lets no other HTML out."""
        src = page.file.src_uri
        generated = layout.split_language(src)[0] in self.record_pages
        self.built_pages[page.file.dest_uri] = f"(generated record page) {src}" if generated else f"{layout.DOCS}/{src}"
        if self.search_index is not None:
            self.search_index.page_built(page.file.abs_dest_path)
        # Rendered: nothing reads them again, and each language's build held all. The title stays: later pages'
        # navigation names this one, and mkdocs derives a title only while the page still has its Markdown
        # (the data page was "None" in the navigation of every page built after it).
        page.title = page.title
        page.content = page.markdown = None
        return output

    def on_env(self, env, *, config: MkDocsConfig, files, **kwargs):
        """For every template, the 404 page's too: the site's public address (None when it is not known), and
        what the search box says in the language being built (overrides/partials/search.html). First, the pages
        the copy converted take their place (mkdocs_kb/split_conversion.py): nothing is written before."""
        self.split.finish(config, files)
        self.build_budget.finish()
        env.globals["kb_public_url"] = self.config.public_url
        # overrides/main.html: every page's Content-Security-Policy (a preview's lets the live reload run)
        env.globals["kb_csp"] = PREVIEW_POLICY if self.serving else POLICY
        env.globals["kb_search"] = search_box(self.language)
        # tojson as UTF-8: each Chinese character of the search box's JSON (its facet names, the 404 page's result
        # lines) was six bytes (\uXXXX). tojson still escapes < > & ' (htmlsafe_json_dumps).
        env.policies["json.dumps_kwargs"] = {**env.policies.get("json.dumps_kwargs", {}), "ensure_ascii": False}
        return env

    def on_shutdown(self) -> None:
        """The very end of an mkdocs command, before the process exits (mkdocs' own words for this event)."""
        self.split.stop()
        self.collector.restore()
        self.mirror.close()
        if self.search_index is not None:
            self.search_index.close()
        self.collector.process_ends()

    def macros_for(self, page: Page) -> PageMacros:
        """The macros of `page` in the language being built (for the macros module)."""
        src, _ = layout.split_language(page.file.src_uri)
        raw = self.raw_html.setdefault(page.file.src_uri, RawHtml())
        return PageMacros(self.catalog, self.language, src, raw.keep)

    @event_priority(100)  # before mkdocs-macros reads the page's front matter and renders it
    def on_page_markdown(self, markdown: str, *, page: Page, **kwargs) -> str:
        """No rendering switch of the page's own; the time budget for rendering and converting it starts;
        refs beside Han are spaced; the glossary of the page's language is appended, so hovering TTFT or KV
        says what it stands for."""
        for key in RENDERING_SWITCHES:
            page.meta.pop(key, None)
        if self.split.converts_elsewhere(page):
            self.budget.start(f"{layout.DOCS}/{page.file.src_uri}", self.config.page_seconds)
            return ""  # its stand-in: the copy converts it
        self.budget.start(f"{layout.DOCS}/{page.file.src_uri}", self.config.page_seconds, self.build_budget)
        record = self.record_pages.get(layout.split_language(page.file.src_uri)[0])
        if record is not None:  # a record page: its body is generated, never a template
            markdown = self.macros_for(page).record_page(record)
        else:  # a ref beside Han is set apart where it shows Latin, as its rendered text (kb.refs.spaced_refs)
            markdown = self.macros_for(page).spaced_refs(markdown)
        return f"{markdown}\n\n{self.glossary[self.language]}"

    # default priority: after Markdown, before the theme templates wrap the page
    def on_page_content(self, html: str, *, page: Page, **kwargs) -> str:
        """The page's own HTML sanitized, then the generated HTML it kept out of Markdown put back."""
        self.budget.stop()
        self.build_budget.page_done()
        raw = self.raw_html.pop(page.file.src_uri, None) or RawHtml()  # none kept: any placeholder is forged
        try:
            return raw.restore(sanitize(html))
        except ForgedPlaceholder as error:
            raise PluginError(f"{layout.DOCS}/{page.file.src_uri}: {error}") from None

    @event_priority(-100)  # after mkdocs-static-i18n (priority 50) has set the links
    def on_page_context(self, context, *, page: Page, config: MkDocsConfig, **kwargs):
        """Relative language-switch links on home pages; the page's feeds for its head."""
        relative_home_links(getattr(config.extra, "alternate", None) or [], config.site_url)
        rss, atom = layout.feed_names()
        context["kb_feeds"] = {"rss": rss, "atom": atom}
        if page.meta.get("kb_topic"):
            rss, atom = layout.feed_names(page.meta["kb_topic"])
            context["kb_feeds"].update(topic_rss=rss, topic_atom=atom)
        if self.config.repository:
            context["kb_edit"] = self._edit_links(page)
        src, _ = layout.split_language(page.file.src_uri)
        if self.config.site_files and has_card(self.catalog, src):  # its share card, for link previews
            path = layout.share_card(src, self.language)
            context["kb_card"] = {"path": path, "url": self.config.public_url and self.config.public_url + path,
                                  "width": WIDTH, "height": HEIGHT}
        return context

    def _edit_links(self, page: Page) -> dict:
        """Where a contributor edits this page: its prose in the page's language, and its facts."""
        words = LABELS[self.language]
        src, _ = layout.split_language(page.file.src_uri)
        base = f"{self.config.repository.rstrip('/')}/edit/{self.config.branch}/"
        names = {"prose": words["edit_prose"].format(language=words["language_name"][self.language]), "facts": words["edit_facts"]}
        return {"title": words["edit"], "colon": words["colon"],
                "links": [(names[kind], base + path) for kind, path in self.catalog.source_files(src, self.language)]}

    # default priority: after mkdocs-static-i18n (50) has set the 404 page's alternates
    def on_template_context(self, context, *, template_name: str, config: MkDocsConfig, **kwargs):
        """The 404 page: the language switch leads to each home page, the text to each language's lists."""
        if template_name == "404.html":
            languages = config.plugins["i18n"].config.languages
            homes_for_404(getattr(config.extra, "alternate", None) or [],
                          {lang.locale: lang.link for lang in languages}, config.site_url)
            context["kb_pages"] = {lang: {
                "home": layout.language_home(lang),
                "issues": layout.language_home(lang) + layout.page_url(layout.ARCHIVE_PAGE),
                "topics": layout.language_home(lang) + layout.page_url(layout.TOPICS_INDEX),
            } for lang in layout.LANGUAGES}
        return context

    @event_priority(-200)  # after mkdocs-static-i18n, whose post-build builds the other languages
    def on_post_build(self, config: MkDocsConfig) -> None:
        """Once every language is written: search index, feeds, export, language sitemaps; then the firewall."""
        i18n = config.plugins["i18n"]
        if i18n.building:
            return  # one language among several: index once, when all are written
        try:
            if self.config.site_files:  # not in a preview
                self._site_files(config)
        finally:
            self.collector.restore()  # only now: restored before them, the export and claims data took 4.5 s at 1,040
            # issues against 3.0 s (full collections walking every page of both languages)

    def _site_files(self, config: MkDocsConfig) -> None:
        site = Path(config.site_dir)
        search_index, self.search_index = self.search_index, None
        search_index = search_index or SiteIndex(site, site_search_records(self.catalog))
        try:
            search_index.site_written()  # the last language: indexed while the rest is written and checked
            with self.collector.paused():  # records and strings, no cycles (mkdocs_kb/collector.py)
                # before the feeds, which enclose each issue's email; links to the public site when it is known
                write_emails(self.catalog, site, self.config.public_url or config.site_url, self.site_names)
                write_cards(self.catalog, site, self.site_names)
                write_feeds(self.catalog, site, config.site_url, self.site_names)
                write_export(self.catalog, site / layout.EXPORT_DIR, config.site_url or "")
                write_claims_data(self.catalog, site)
                write_search_vocabulary(self.catalog, site, self.glossary)
            # Material's script reads each language home's sitemap.xml; mkdocs writes only the root one,
            # which lists the pages of every language.
            for lang in layout.LANGUAGES:
                home = site / layout.language_home(lang)
                if home != site and home.is_dir():
                    shutil.copyfile(site / "sitemap.xml", home / "sitemap.xml")
            # Last: whatever got past the checker and the sanitizer, nothing unsafe leaves the build.
            theme = Theme(tuple(Path(folder) for folder in config.theme.dirs))
            check = Firewall(site, theme, self.built_pages, list(self.catalog.topics), site_path(config.site_url),
                             self.docs_source, split=self.split.allowed, site_url=self.config.public_url or config.site_url,
                             cards=card_files(self.catalog))
            findings = check.site_problems()
            search_index.finish()
            findings += check.search_index_problems()
        finally:
            search_index.close()  # stops it if anything above failed
        if findings:
            raise PluginError(f"the built site holds {len(findings)} thing(s) that may not be published:\n"
                              + "\n".join(str(f) for f in findings))
        # The proof `kb verify-site` reads: this plugin ran, and its firewall passed exactly the files now in the site.
        write_stamp(site, list(self.site_names), f"{mkdocs.__name__} {mkdocs.__version__}")  # ProperDocs: properdocs
