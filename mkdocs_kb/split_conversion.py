"""Half of each language's pages converted in a forked copy of the build, on the second core.

mkdocs converts a language's pages one after another (source, macros,
Markdown, sanitizer) before it writes the first, with the second core idle
(for the default language) or the search index working beside it (for the
others). Once the navigation is built (`start`, at on_nav) the build forks:
the copy, with the same plugins in the same state, converts every other page
and sends back each result, while this process converts the rest and gives
the copy's pages an empty stand-in (every other page, not in turn: kb.base.forked
says why). Before any page is written (`finish`, at
on_env) the copy's results replace the stand-ins: the HTML, the table of
contents, the anchors mkdocs checks links against, the metadata and the
title; the warnings the copy logged are logged here, where strict mode counts
them. A page the copy did not convert (it failed, or the copy died) is
converted here, so its error, if it has one, stops the build as it would
have. The site is the same, byte for byte
(tests/test_audit_and_reproducibility.py). The default language converts in
little more than half the time; the others gain less, as the search index
then works beside them (three processes on two cores): bench/README.md.

Only `mkdocs build`, on a machine with fork and a second core (kb/base/forked.py).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import partial

from mkdocs.commands.build import _populate_page
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from kb.base.forked import ForkedHalf, second_core


@dataclass
class Converted:
    """What converting a page leaves on it that the rest of the build reads."""
    content: str
    toc: object
    meta: dict
    title: str | None
    present_anchor_ids: set[str] | None
    links_to_anchors: dict[str, dict[str, str]] | None  # linked file's src_uri -> {anchor: link}
    records: list[logging.LogRecord]  # what converting it logged


def convert(page: Page, config: MkDocsConfig, files: Files) -> None:
    """The page read, through every plugin, and converted: what mkdocs' build does with each page, by mkdocs'
    own function for it. It is private, and mkdocs has no public one: tests/test_split_conversion.py
    (test_mkdocs_converts_a_page_as_the_copy_expects) fails if it changes what it takes or what it leaves
    on a page, saying what to re-check here."""
    _populate_page(page, config, files)


class SplitConversion:
    def __init__(self):
        self.allowed = False  # `mkdocs build` on more than one core (on_startup)
        self.elsewhere: dict[str, File] = {}  # pages the copy converts: src_uri -> file
        self.copy: ForkedHalf | None = None

    def allow(self, wanted: bool) -> None:
        self.allowed = wanted and second_core()

    def start(self, config: MkDocsConfig, files: Files) -> None:
        """Fork the copy that converts every other page of this language."""
        if not self.allowed:
            return
        kept = _Kept()
        pages = list(files.documentation_pages())
        self.copy = ForkedHalf(pages, partial(_converted, config, files, kept), prepare=kept.install)
        self.elsewhere = {file.src_uri: file for n, file in enumerate(pages) if not self.copy.take(n)}

    def converts_elsewhere(self, page: Page) -> bool:
        return page.file.src_uri in self.elsewhere

    def finish(self, config: MkDocsConfig, files: Files) -> None:
        """The copy's pages as it converted them; any it did not, converted here."""
        if self.copy is None:
            return
        results = self.copy.collect()
        self.copy, given, self.elsewhere = None, self.elsewhere, {}
        for src_uri, file in given.items():
            result = results.get(src_uri)
            if result is None:
                convert(file.page, config, files)
                continue
            for record in result.records:
                logging.getLogger(record.name).handle(record)
            page = file.page
            page.content, page.toc, page.meta, page.title = result.content, result.toc, result.meta, result.title
            page.present_anchor_ids = result.present_anchor_ids
            page.links_to_anchors = None if result.links_to_anchors is None else {
                files.get_file_from_path(uri): links for uri, links in result.links_to_anchors.items()}

    def stop(self) -> None:
        """A build that failed: the copy is stopped."""
        if self.copy is not None:
            self.copy.stop()
            self.copy = None
        self.elsewhere = {}


class _Kept(logging.Handler):
    """The copy's log: kept, to be logged by the build, where strict mode counts warnings."""
    def __init__(self):
        super().__init__(logging.NOTSET)
        self.records: list[logging.LogRecord] = []

    def install(self) -> None:
        """In the copy: every logger that writes anywhere writes here instead."""
        for logger in [logging.getLogger(), *logging.root.manager.loggerDict.values()]:
            if isinstance(logger, logging.Logger) and logger.handlers:
                logger.handlers = [self]
        logging.lastResort = self

    def emit(self, record: logging.LogRecord) -> None:
        if record not in self.records:  # reached through more than one logger
            record.msg, record.args = record.getMessage(), None
            record.exc_info = None
            self.records.append(record)


def _converted(config: MkDocsConfig, files: Files, kept: _Kept, file: File) -> tuple[str, Converted]:
    """In the copy: one page converted, and what it leaves, to send back."""
    page = file.page or Page(None, file, config)
    kept.records = []
    convert(page, config, files)
    links = page.links_to_anchors
    result = Converted(page.content, page.toc, page.meta, page.title, page.present_anchor_ids,
                       None if links is None else {target.src_uri: anchors for target, anchors in links.items()},
                       kept.records)
    page.content = page.markdown = None  # sent: the copy's memory stays that of one page
    return file.src_uri, result
