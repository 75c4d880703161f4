"""Editor preview: one language, only the pages being edited, served with live reload.

A full build renders every page of every issue twice (once per language);
an editor looking at one issue or hub needs neither. This serves the home
page and the named pages only, in one language (mkdocs-static-i18n's
`build_only_locale`: the language's site at the root address), without the
search index, feeds or record pages. It is `mkdocs serve` made quiet and
quick for one person editing (mkdocs_kb/preview_serve.py): a line when it
starts, one line per rebuild, and real problems.

    make preview PAGES="docs/issues/007.md docs/topics/fp4-kernels.md" [PREVIEW_LANG=en]
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import yaml

from kb.project import layout
from kb.project.sources import read_site_config

CONFIG = ".preview.yml"  # written next to mkdocs.yml (ignored by git)
FOLDERS = (layout.ISSUES_DIR, layout.TOPICS_DIR, layout.ENTITIES_DIR)


def preview_pages(pages: list[str]) -> list[str]:
    """The docs pages (docs-relative, default-language names) of `pages` (docs/... paths, either language)."""
    keys = []
    for page in pages:
        key, _ = layout.split_language(Path(page).relative_to(layout.DOCS).as_posix())
        if key not in keys:
            keys.append(key)
    return keys


def preview_config(root: Path, pages: list[str], lang: str) -> Path:
    """Write the preview config for `pages` (docs/... paths, either language); return its path."""
    base = read_site_config(root / layout.SITE_CONFIG)
    plugins = base["plugins"]
    for index, plugin in enumerate(plugins):
        if isinstance(plugin, dict) and "i18n" in plugin:
            # the only language built, and so the default: `build: false` on the default language is refused
            plugin["i18n"]["build_only_locale"] = lang
        if plugin == "kb" or isinstance(plugin, dict) and "kb" in plugin:
            plugins[index] = {"kb": {"site_files": False, "record_pages": False}}  # no search index, feeds, export, records
    keep = {layout.localized(key, language) for key in preview_pages(pages) for language in layout.LANGUAGES}
    excluded = [f"/{folder}/*.md" for folder in FOLDERS] + ["/*.md", "!/index*.md"]
    excluded += [f"!/{page}" for page in sorted(keep)]
    config = {
        "INHERIT": layout.SITE_CONFIG,
        "strict": False,  # links to pages left out of the preview are expected
        "plugins": plugins,
        "exclude_docs": "\n".join(excluded) + "\n",
    }
    path = root / CONFIG
    path.write_text("# Written by mkdocs_kb/preview.py for `make preview`; not for editing.\n"
                    + yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="+", help="docs/... files to preview")
    parser.add_argument("--lang", default=layout.DEFAULT_LANGUAGE, choices=layout.LANGUAGES)
    parser.add_argument("--root", type=Path, default=Path.cwd())
    parser.add_argument("--addr", default="127.0.0.1:8000")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    pages = []
    for page in args.pages:
        file = Path(os.path.normpath(root / page))  # docs/../data/x.md is not in docs/
        if not file.is_file() or not file.is_relative_to(root / layout.DOCS) or file.suffix != ".md":
            parser.error(f"{page}: not a page of {layout.DOCS}/ (write it as {layout.DOCS}/issues/007.md)")
        pages.append(file.relative_to(root).as_posix())
    config = preview_config(root, pages, args.lang)
    os.chdir(root)
    from .preview_serve import serve  # mkdocs and its plugins: only once the arguments are right

    return serve(root, config, args.addr, preview_pages(pages), args.lang)


if __name__ == "__main__":
    sys.exit(main())
