"""Pagefind run through its Python API (pagefind.index.PagefindIndex): records handed over in memory, each
written as HTML for Pagefind to read (add_html_file), one index per run, its files taken back in memory
(get_files) and written to a folder here.

HTML rather than custom records (add_custom_record): a custom record's content is plain text, so it has no
headings (Pagefind weighs <h1>–<h6> and data-pagefind-weight only in HTML) and no anchors (kb-search/
lands on a result's headings and finds its names by their anchor, kb.search.records.NAMES_ANCHOR). Read as
HTML, a record is indexed exactly as the Pagefind command line indexes the same file.

Not write_files: Pagefind answers it before its files are all on disk (they are written in the background,
never flushed), and a service stopped then leaves some empty: pagefind-entry.json, once in a few runs.

The package's service (pagefind.service.PagefindService) is used with two changes (_Service): it takes the
threads it is given, and it reads Pagefind's answers as they come: pagefind 1.5.2 sleeps a tenth of a second
before it reads each answer, so each record waits as long (measured: bench/README.md, kb/search/pagefind_service.py).
tests/test_pagefind_contract.py checks both.
"""
from __future__ import annotations

import asyncio
import base64
import collections
import json
import os
from collections.abc import Iterable
from pathlib import Path

from pagefind.index import IndexConfig
from pagefind.service import PagefindService

from kb.search.text import INCLUDED_CHARACTERS

# Material's permalink (¶) after each heading is not text; INCLUDED_CHARACTERS stay inside words.
CONFIG = IndexConfig(exclude_selectors=[".headerlink"], include_characters=INCLUDED_CHARACTERS)
WINDOW = 32  # records sent and not yet answered
LINE_LIMIT = 2**31  # the longest answer read: get_files answers with a whole run's bundle (in base64, twice)


class PagefindError(RuntimeError):
    """Pagefind refused a request, or stopped."""


class _Service(PagefindService):
    """Pagefind's service taking `threads` threads (RAYON_NUM_THREADS), its answers read as they come."""

    def __init__(self, threads: int):
        super().__init__()
        self.threads = threads

    async def launch(self) -> _Service:
        # stderr is this process's: what Pagefind reports there reaches the build's error (kb.search.site_index)
        self._backend = await asyncio.create_subprocess_exec(
            self._bin, "--service", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            limit=LINE_LIMIT, env={**os.environ, "RAYON_NUM_THREADS": str(self.threads)})
        self._poll_task = self._loop.create_task(self._wait_for_responses())
        return self

    async def _wait_for_responses(self) -> None:
        try:
            while True:
                answer = json.loads(base64.b64decode((await self._backend.stdout.readuntil(b","))[:-1]))
                payload = answer["payload"]
                future = self._responses.pop(answer.get("message_id"), None)
                if future is None:  # an answer to no request: Pagefind could not read one
                    raise PagefindError(payload.get("message", payload))
                if payload["type"] == "Error":
                    future.set_exception(PagefindError(payload["message"]))
                else:
                    future.set_result(payload)
        except (asyncio.IncompleteReadError, PagefindError) as stopped:
            for future in self._responses.values():
                if not future.done():
                    future.set_exception(stopped if isinstance(stopped, PagefindError)
                                         else PagefindError("Pagefind stopped before it answered"))

    async def stop(self, failed: bool) -> None:
        """Stop Pagefind: told to (its input closed) once it has answered everything, killed if `failed`."""
        self._poll_task.cancel()
        if failed and self._backend.returncode is None:
            self._backend.kill()
        else:
            self._backend.stdin.close()
        await self._backend.wait()


async def _write(records: Iterable[tuple[str, str]], output: Path, threads: int) -> None:
    service = await _Service(threads).launch()
    failed = True
    try:
        index = await service.create_index(CONFIG)
        # in order, WINDOW at a time: Pagefind reads the next while it indexes one, and neither side holds the
        # run's records twice over
        sent: collections.deque = collections.deque()
        for url, html in records:
            sent.append(asyncio.ensure_future(index.add_html_file(content=html, url=url)))
            if len(sent) >= WINDOW:
                await sent.popleft()
        await asyncio.gather(*sent)
        files = await index.get_files()
        for folder in {(output / file["path"]).parent for file in files}:
            folder.mkdir(parents=True, exist_ok=True)
        for file in files:
            (output / file["path"]).write_bytes(file["content"])
        failed = False
    finally:
        await service.stop(failed)


def write_index(records: Iterable[tuple[str, str]], output: Path, threads: int = 1) -> None:
    """Index `records` ((url, its HTML), numbered in this order) with Pagefind taking `threads` threads, and
    write its bundle to `output`."""
    asyncio.run(_write(records, Path(output), threads))
