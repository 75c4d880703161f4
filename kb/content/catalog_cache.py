"""The last catalog loaded, kept for a process that loads again and again (the site plugin)."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from stat import S_ISREG

from kb.content.loading import read_catalog
from kb.content.page_memo import PageMemo
from kb.model.catalog import Catalog
from kb.project import layout
from kb.project.sources import FileCache


class CatalogCache:
    """The last catalog loaded, with the versions of the files it was read from.

    The next load of an unchanged tree returns the same catalog (catalogs are
    never modified once loaded). `reparse_edits` (`mkdocs serve`): each file's
    parse is kept, so after an edit only the changed files are parsed and
    validated again, and the checks of the whole archive read again only the pages whose findings may have
    changed (kb.content.page_memo). Without it (`mkdocs build`, which loads once and has
    each later language reuse the catalog) no parse outlives its load: the
    files' texts, data and lines are most of a catalog's memory, and held
    through the build, beside Pagefind, they raised its peak (measured:
    bench/README.md, kb/content/catalog_cache.py).
    """

    def __init__(self, reparse_edits: bool = True):
        self.reparse_edits = reparse_edits
        self.files = FileCache()
        self.memo = PageMemo() if reparse_edits else None
        self._key: tuple | None = None
        self._catalog: Catalog | None = None

    def load(self, root: Path | str, split: bool = False, made: Callable[[Catalog], None] | None = None) -> Catalog:
        """`split`: the files are parsed in two processes (kb.base.forked), for a caller with no other thread;
        `made`: given a catalog read anew before its checks (kb.content.loading.read_catalog), never one reused."""
        root = Path(root)
        key = (root.resolve(), _content_version(root))
        if key != self._key:
            self._key, self._catalog = None, None  # a failed load leaves nothing to reuse
            try:
                self._catalog = read_catalog(root, self.files, split, made=made, memo=self.memo)
            finally:
                if not self.reparse_edits:
                    self.files = FileCache()
            self._key = key
        return self._catalog


def _content_version(root: Path) -> tuple:
    files = (path for folder in (layout.DATA, layout.DOCS) for path in sorted((root / folder).rglob("*")))
    return tuple((str(path), stat.st_mtime_ns, stat.st_size)
                 for path, stat in ((path, path.stat()) for path in files) if S_ISREG(stat.st_mode))
