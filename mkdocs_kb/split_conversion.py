"""Half of each language's pages converted in a forked copy of the build, on the second core.

mkdocs converts a language's pages one after another (source, macros,
Markdown, sanitizer) before it writes the first; at 520 issues that took
7.8 s for Chinese, with the second core idle, and 8.4 s for English, while
the search index worked on Chinese beside it. Once the navigation is built
(`start`, at on_nav) the build forks: the copy, with the same plugins in the
same state, converts every other page and sends back each result, while this
process converts the rest and gives the copy's pages an empty stand-in.
Before any page is written (`finish`, at on_env) the copy's results replace
the stand-ins: the HTML, the table of contents, the anchors mkdocs checks
links against, the metadata and the title; the warnings the copy logged are
logged here, where strict mode counts them. A page the copy did not convert
(it failed, or the copy died) is converted here, so its error, if it has
one, stops the build as it would have. The site is the same, byte for byte
(tests/test_audit_and_reproducibility.py).

Only `mkdocs build`, on a machine with fork and a second core: `mkdocs serve`
rebuilds beside its server's threads, which a fork would copy mid-step.
"""
from __future__ import annotations

import gc
import logging
import os
import pickle
import signal
import threading
from dataclasses import dataclass

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

log = logging.getLogger("mkdocs.plugins.kb")


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
    """The page read, through every plugin, and converted: what mkdocs' build does with each page."""
    try:
        page = config.plugins.on_pre_page(page, config=config, files=files)
        page.read_source(config)
        page.markdown = config.plugins.on_page_markdown(page.markdown, page=page, config=config, files=files)
        page.render(config, files)
        page.content = config.plugins.on_page_content(page.content, page=page, config=config, files=files)
    except Exception as error:
        log.error(f"Error reading page '{page.file.src_uri}': {error}")
        raise


class SplitConversion:
    def __init__(self):
        self.allowed = False  # `mkdocs build` on more than one core (on_startup)
        self.in_copy = False
        self.elsewhere: dict[str, File] = {}  # pages the copy converts: src_uri -> file
        self.results: dict[str, Converted] = {}
        self.copy: int | None = None  # its pid, until finished
        self.receiver: threading.Thread | None = None

    def allow(self, wanted: bool) -> None:
        self.allowed = wanted and hasattr(os, "fork") and len(os.sched_getaffinity(0)) > 1

    def start(self, config: MkDocsConfig, files: Files) -> None:
        """Fork the copy that converts every other page of this language."""
        if not self.allowed or self.in_copy:
            return
        given = list(files.documentation_pages())[1::2]
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the copy
            os.close(read_end)
            self.in_copy = True
            _convert_in_copy(given, config, files, write_end)  # never returns
        os.close(write_end)
        self.copy, self.results = pid, {}
        self.elsewhere = {file.src_uri: file for file in given}
        self.receiver = threading.Thread(target=self._receive, args=(read_end,), daemon=True)
        self.receiver.start()

    def converts_elsewhere(self, page: Page) -> bool:
        return page.file.src_uri in self.elsewhere

    def finish(self, config: MkDocsConfig, files: Files) -> None:
        """The copy's pages as it converted them; any it did not, converted here."""
        if self.copy is None:
            return
        self.receiver.join()
        os.waitpid(self.copy, 0)
        self.copy = None
        given, self.elsewhere = self.elsewhere, {}
        for src_uri, file in given.items():
            result = self.results.pop(src_uri, None)
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
            try:
                os.kill(self.copy, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(self.copy, 0)
            self.copy = None
        if self.receiver is not None:
            self.receiver.join()
        self.elsewhere, self.results = {}, {}

    def _receive(self, read_end: int) -> None:
        with os.fdopen(read_end, "rb") as results:
            while True:
                try:
                    src_uri, result = pickle.load(results)
                except Exception:  # the end, or what cannot be read: those pages are converted here (finish);
                    return  # leaving closes the pipe, so the copy stops rather than wait to send the rest
                self.results[src_uri] = result


class _Kept(logging.Handler):
    """The copy's log: kept, to be logged by the build."""
    def __init__(self):
        super().__init__(logging.NOTSET)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record not in self.records:  # reached through more than one logger
            record.msg, record.args = record.getMessage(), None
            record.exc_info = None
            self.records.append(record)


def _convert_in_copy(given: list[File], config: MkDocsConfig, files: Files, write_end: int) -> None:
    """In the copy: convert each page given, send it back; at the first that fails, stop (the build converts
    it again and reports it). The copy leaves without cleaning up: what it holds is the build's."""
    gc.freeze()  # what the build holds is never walked here, so it stays shared with the build, not copied
    kept = _Kept()
    loggers = [logging.getLogger(), *(item for item in logging.root.manager.loggerDict.values()
                                      if isinstance(item, logging.Logger))]
    for logger in loggers:
        if logger.handlers:
            logger.handlers = [kept]
    logging.lastResort = kept
    try:
        with os.fdopen(write_end, "wb") as out:
            for file in given:
                page = file.page or Page(None, file, config)
                kept.records = []
                convert(page, config, files)
                links = page.links_to_anchors
                pickle.dump((file.src_uri, Converted(
                    page.content, page.toc, page.meta, page.title, page.present_anchor_ids,
                    None if links is None else {target.src_uri: anchors for target, anchors in links.items()},
                    kept.records)), out, protocol=pickle.HIGHEST_PROTOCOL)
                page.content = page.markdown = None  # sent: the copy's memory stays that of one page
    finally:
        os._exit(0)
