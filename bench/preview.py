"""The editor preview's figure: from saving an edit of an issue page to the updated page in a browser.

The browser has the page open, as an editor's does: mkdocs' live-reload
script in it reloads the page once the preview has rebuilt, and the time is
read when the reloaded page shows the edit. Each edit waits until the
preview has been quiet for a while, so no build of the last edit is under
way; the figure is the median of the edits.

    python -m bench.preview --issues 52       # a synthetic archive of 52 issues (bench/synthetic.py)
    python -m bench.preview                   # a copy of this project: today's archive
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench.synthetic import PROJECT_PARTS, ROOT, generate
from kb.project import layout

EDITS = 3
QUIET_S = 1.5  # an edit is made once the preview has printed nothing for this long (no build under way)
SUMMARY = re.compile(r"^(summary: *(?:[|>][-+]?\n +)?)", re.M)  # where a page's summary text starts, plain or block


def preview_times(project: Path, issue: int, edits: int = EDITS) -> list[float]:
    """Seconds from saving each of `edits` edits of issue `issue`'s page to a browser showing it."""
    sys.path.insert(0, str(ROOT / "tests"))
    from browser import chromium

    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    page_file = project / layout.DOCS / layout.issue_page(issue)
    text = page_file.read_text(encoding="utf-8")
    log = tempfile.TemporaryFile()
    server = subprocess.Popen([sys.executable, "-m", "mkdocs_kb.preview", f"{layout.DOCS}/{layout.issue_page(issue)}",
                               "--addr", f"127.0.0.1:{port}"], cwd=project, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
                              stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/{layout.page_url(layout.issue_page(issue))}"
    try:
        _wait_served(url, server, log)
        times = []
        with chromium() as browser:
            page = browser.new_page()
            page.goto(url, wait_until="load")
            for edit in range(edits):
                _wait_quiet(log, server)
                marker = f"PREVIEWMARK{edit}x{time.time_ns()}"
                start = time.perf_counter()
                page_file.write_text(SUMMARY.sub(rf"\g<1>{marker} ", text, count=1), encoding="utf-8")
                page.wait_for_function("m => document.body && document.body.innerText.includes(m)", arg=marker,
                                       timeout=60_000)
                times.append(time.perf_counter() - start)
        return times
    finally:
        page_file.write_text(text, encoding="utf-8")
        server.terminate()
        server.wait(timeout=30)
        log.close()


def preview_seconds(project: Path, issue: int, edits: int = EDITS) -> float:
    """The median of preview_times."""
    return statistics.median(preview_times(project, issue, edits))


def live_preview_seconds(edits: int = EDITS) -> tuple[int, float]:
    """The number of issues of today's archive, and preview_seconds on a copy of the project at its last issue."""
    with tempfile.TemporaryDirectory(prefix="kb-preview-bench-") as work:
        project = copy_project(Path(work) / "project")
        issues = issue_numbers(project)
        return len(issues), preview_seconds(project, issues[-1], edits)


def copy_project(dest: Path) -> Path:
    dest.mkdir(parents=True)
    for part in PROJECT_PARTS:
        source = ROOT / part
        (shutil.copytree if source.is_dir() else shutil.copy2)(source, dest / part)
    return dest


def issue_numbers(project: Path) -> list[int]:
    return sorted(int(path.stem) for path in (project / layout.ISSUES_DATA).glob("[0-9]*.yml"))


def _wait_served(url: str, server: subprocess.Popen, log) -> None:
    deadline = time.time() + 300
    while time.time() < deadline:
        if server.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"the preview stopped:\n{log.read().decode(errors='replace')[-3000:]}")
        try:
            urllib.request.urlopen(url, timeout=5).read()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the preview did not serve {url} within 300 s")


def _wait_quiet(log, server: subprocess.Popen) -> None:
    """Until the preview has written nothing for QUIET_S."""
    size, since = -1, time.monotonic()
    while True:
        if server.poll() is not None:
            raise RuntimeError("the preview stopped")
        now = os.fstat(log.fileno()).st_size
        if now != size:
            size, since = now, time.monotonic()
        elif time.monotonic() - since >= QUIET_S:
            return
        time.sleep(0.1)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--issues", type=int, help="a synthetic archive of this many issues (default: a copy of the project)")
    where.add_argument("--project", type=Path, help="an archive to edit in place (restored after), e.g. one bench.synthetic wrote")
    parser.add_argument("--edits", type=int, default=EDITS)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="kb-preview-bench-") as work:
        if args.issues:
            project = generate(args.issues, Path(work) / "project")
        elif args.project:
            project = args.project.resolve()
        else:
            project = copy_project(Path(work) / "project")
        issues = issue_numbers(project)
        issue = issues[-1] if not (args.issues or args.project) else issues[len(issues) // 2]  # the last, or a middle one
        times = preview_times(project, issue, args.edits)
    print(f"{len(issues)} issues, issue {issue}: edit to updated page {', '.join(f'{t:.2f}' for t in times)} s; "
          f"median {statistics.median(times):.2f} s")


if __name__ == "__main__":
    main()
