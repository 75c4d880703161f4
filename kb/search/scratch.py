"""Where the search index stages pages: memory-backed /dev/shm where it has room, else the system's temp folder.

Staging a site for Pagefind writes and removes a folder and a file for every record (about 20,000 at 520
issues) and Pagefind a bundle of thousands more. On ext4, a file created right after many were removed makes
the kernel step over each recently removed inode (`recently_deleted`): a 520-issue build spent 17–22 s of
system time there, and took 40–43 s with its scratch files in /tmp against 32–33 s in /dev/shm (two builds
each, alternating, on this 2-core machine). /dev/shm is tmpfs: files there are memory, so only the staged
pages go there (a run or two at a time: at most 8.4 MB at 1,040 issues; Pagefind's runs, 85 MB, stay on disk), only
where it has MIN_FREE to spare, and TMPDIR, when set, is obeyed.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

MEMORY_FOLDER = Path("/dev/shm")
MIN_FREE = 2**30  # bytes free on MEMORY_FOLDER to use it


def scratch_root() -> Path:
    """The folder to stage the search index's pages in."""
    if "TMPDIR" not in os.environ and MEMORY_FOLDER.is_dir() and os.access(MEMORY_FOLDER, os.W_OK | os.X_OK):
        try:
            stats = os.statvfs(MEMORY_FOLDER)
        except OSError:
            stats = None
        if stats is not None and stats.f_bavail * stats.f_frsize >= MIN_FREE:
            return MEMORY_FOLDER
    return Path(tempfile.gettempdir())
