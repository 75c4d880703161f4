"""`mkdocs serve` for the editor preview (mkdocs_kb/preview.py): quiet, and quick to show an edit.

Quiet: mkdocs and its plugins log dozens of lines a build that tell an
editor nothing in a preview (the pages left out of it and the links to them,
mkdocs-macros' set-up, the watcher, every reload). Here their loggers print
warnings and errors only, less the browser's requests (a page outside the
preview is not found by design); the preview says where to look when it
starts, then prints one line a build: the time, the file that changed, the
address that shows it and the seconds the build took. An error keeps
mkdocs' own words (a content problem names its file and line); the build's
line then says it failed, and the previewed pages show the problem until a
save fixes it. `mkdocs serve` and `mkdocs build` log as they always did.

Quick: files are polled every POLL_S (mkdocs serve: 0.5 s; the interval is an
argument of mkdocs' LiveReloadServer that its serve command does not pass
on); each template is compiled once for the whole preview instead of at every
build (mkdocs makes a new Jinja environment per build; Jinja's bytecode cache
recompiles a template whose source changed); and an edit builds once, not
twice (KbPlugin.on_serve). bench/README.md has the figures.
"""
from __future__ import annotations

import errno
import html
import logging
import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

import jinja2
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin

from kb.project import layout
from kb.project.generator import notice

POLL_S = 0.25  # how often the watched folders are read: each read stats every file of docs/ and data/
PLUGIN = "kb-preview"  # the name PreviewEvents is registered under


def serve(root: Path, config_file: Path, addr: str, pages: list[str], lang: str) -> int:
    """Serve the preview of `pages` (docs-relative) at `addr` until interrupted."""
    preview = Preview(root, config_file, addr, pages, lang)
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stopped from outside: clean up as for Ctrl+C
    try:
        preview.run()
    except KeyboardInterrupt:
        pass
    except Abort as error:  # the configuration: mkdocs has said what is wrong with it
        _say(f"The preview did not start: {error}")
        return 1
    except OSError as error:
        if error.errno != errno.EADDRINUSE:
            raise
        _say(f"The preview did not start: {addr} is in use — give another (make preview PREVIEW_ADDR=127.0.0.1:8001, "
             "or --addr)")
        return 1
    return 0


class PreviewEvents(BasePlugin):
    """The preview's own plugin events, registered by Preview (not in mkdocs.yml)."""

    def __init__(self):
        super().__init__()
        self.templates = TemplateCache()  # for the whole preview: every build's environment shares it

    def on_env(self, env: jinja2.Environment, **kwargs) -> jinja2.Environment:
        env.bytecode_cache = self.templates  # before the first template of this build's environment is loaded
        return env


class TemplateCache(jinja2.BytecodeCache):
    """Compiled theme templates, in memory. Jinja keys them by template and checks the source's checksum."""

    def __init__(self):
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


class Problems(logging.StreamHandler):
    """What mkdocs and its plugins log that an editor should see; the errors of the build under way are kept."""

    def __init__(self):
        super().__init__(sys.stderr)
        self.setLevel(logging.WARNING)
        self.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))  # as mkdocs writes them
        self.errors: list[str] = []

    def filter(self, record: logging.LogRecord) -> bool:
        # the browser's requests: a page outside the preview is not found, by design
        return super().filter(record) and not (record.name.startswith("mkdocs.livereload") and record.levelno < logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR:
            self.errors.append(record.getMessage())
        super().emit(record)


class Preview:
    def __init__(self, root: Path, config_file: Path, addr: str, pages: list[str], lang: str):
        self.root, self.config_file, self.pages, self.lang = root, config_file, pages, lang
        self.host, _, port = addr.rpartition(":")
        self.port = int(port)
        self.url = f"http://{addr}/"
        self.addresses = {page: self.url + layout.page_url(page) for page in pages}  # the language's site is at the root
        self.events = PreviewEvents()
        self.problems = Problems()
        self.sources: dict[str, set[str]] = {}  # page -> the files it shows (root-relative)
        self.watched: dict[str, tuple[int, int]] = {}  # file -> (mtime, size) as of the last build
        self.watch_roots: list[Path] = []
        self.site_dir = ""

    def load_config(self) -> MkDocsConfig:
        config = load_config(config_file=str(self.config_file), site_dir=self.site_dir)
        config.site_url = self.url  # as mkdocs serve does: the address it serves
        config.plugins[PLUGIN] = self.events
        return config

    def run(self) -> None:
        log = logging.getLogger("mkdocs")  # every logger of mkdocs and of its plugins is under it
        log.setLevel(logging.WARNING)
        log.addHandler(self.problems)
        log.propagate = False
        count = f"{len(self.pages)} page{'s' if len(self.pages) > 1 else ''}"
        lines = [f"Preview in {self.lang} of {count} and the home page (no other page, search or feeds); each save "
                 "rebuilds it, Ctrl+C stops it:"]
        lines += [f"  {layout.DOCS}/{page} → {address}" for page, address in self.addresses.items()]
        lines.append(notice())  # Material prints its end-of-life notice only when the command is `mkdocs`
        _say("\n".join(lines))
        self.site_dir = tempfile.mkdtemp(prefix="kb-preview-")
        try:
            config = self.load_config()  # mkdocs logs what is wrong with it, then raises Abort
            self._serve(config)
        finally:
            shutil.rmtree(self.site_dir, ignore_errors=True)

    def _serve(self, config: MkDocsConfig) -> None:
        self.watch_roots = [Path(path) for path in [*config.watch, config.config_file_path]]
        self.watched = self._versions()
        server = LiveReloadServer(builder=self.build, host=self.host, port=self.port, root=self.site_dir,
                                  polling_interval=POLL_S)
        server.error_handler = self._not_found
        config.plugins.on_startup(command="serve", dirty=False)
        try:
            self.build(config)
            # what mkdocs serve watches, in its order (KbPlugin.on_serve leaves out the docs mirror)
            server.watch(config.docs_dir)
            server.watch(config.config_file_path)
            server = config.plugins.on_serve(server, config=config, builder=self.build)
            for path in config.watch:
                server.watch(path)
            server.serve()
        finally:
            # Stopping is not to be interrupted: a second signal (`timeout` sends SIGTERM to the process and to its
            # group; Ctrl+C twice) raised in the middle of it left the server's thread running, and the process too.
            for name in ("SIGINT", "SIGTERM"):
                signal.signal(getattr(signal, name), signal.SIG_IGN)
            server.shutdown()
            config.plugins.on_shutdown()

    def build(self, config: MkDocsConfig | None = None) -> None:
        """mkdocs serve's builder: the first build gets the config; each rebuild loads it again. Never raises:
        LiveReloadServer prints a traceback for an exception, and a failed build is reported here."""
        first = config is not None
        changed = [] if first else self._changed()
        self.problems.errors = []
        start = time.monotonic()
        try:
            config = config or self.load_config()
            build(config, serve_url=self.url)
        except Exception as error:  # noqa: BLE001 — mkdocs logged a build error already; anything else is shown
            if not self.problems.errors:
                logging.getLogger("mkdocs.plugins.kb").error("the build stopped", exc_info=error)
            self._show_failure()
            _say(f"{_now()} {_names(changed) if changed else 'first build'}: build failed "
                 f"({time.monotonic() - start:.1f} s); the problem is above and on the page until a save fixes it")
            return
        seconds = time.monotonic() - start
        self._note_sources(config)
        if first:
            _say(f"{_now()} ready ({seconds:.1f} s)")
            return
        shown = [page for page in self.pages if self.sources[page] & set(changed)] or self.pages
        _say(f"{_now()} {_names(changed) if changed else 'no file changed since the last build'} → "
             f"{', '.join(self.addresses[page] for page in shown)} ({seconds:.1f} s)")

    def _note_sources(self, config: MkDocsConfig) -> None:
        """Which files each previewed page shows: its prose in every language, and its facts."""
        catalog = config.plugins["kb"].catalog
        for page in self.pages:
            files = {f"{layout.DOCS}/{layout.localized(page, lang)}" for lang in layout.LANGUAGES}
            self.sources[page] = files | {path for _, path in catalog.source_files(page, self.lang)}

    def _versions(self) -> dict[str, tuple[int, int]]:
        versions = {}
        for top in self.watch_roots:
            walked = os.walk(top) if top.is_dir() else [(str(top.parent), [], [top.name])]
            for folder, _, names in walked:
                for name in names:
                    path = Path(folder, name)
                    try:
                        stat = path.stat()
                    except OSError:
                        continue  # gone while read
                    versions[_relative(path, self.root)] = (stat.st_mtime_ns, stat.st_size)
        return versions

    def _changed(self) -> list[str]:
        """The watched files changed, added or removed since the last build."""
        now = self._versions()
        changed = sorted(path for path in now.keys() | self.watched.keys() if now.get(path) != self.watched.get(path))
        self.watched = now
        return changed

    def _show_failure(self) -> None:
        """The previewed pages and the home page say what went wrong (the browser reloads after every build)."""
        problem = html.escape("\n\n".join(self.problems.errors))
        text = (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The preview did not build</title>'
                f"</head><body><h1>The preview did not build</h1><pre style=\"white-space: pre-wrap\">{problem}</pre>"
                "<p>Fix it and save: the page comes back once the preview builds.</p></body></html>")
        for page in [*self.pages, "index.md"]:
            file = Path(self.site_dir, layout.page_url(page), "index.html")
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(text, encoding="utf-8")

    def _not_found(self, code: int) -> bytes | None:
        if code != 404:
            return None
        listed = "".join(f'<li><a href="{html.escape(address)}">{layout.DOCS}/{html.escape(page)}</a></li>'
                         for page, address in self.addresses.items())
        return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not in this preview</title>'
                f"</head><body><h1>Not in this preview</h1><p>The preview builds only these pages and the home "
                f"page:</p><ul>{listed}</ul></body></html>").encode()


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)


def _names(changed: list[str]) -> str:
    return changed[0] + (f" and {len(changed) - 1} more" if len(changed) > 1 else "")


def _now() -> str:
    return time.strftime("%H:%M:%S")


def _say(line: str) -> None:
    print(line, flush=True)
