"""Editor preview: one language, only the pages being edited, served with live reload.

A full build renders every page of every issue twice (once per language);
an editor looking at one issue or hub needs neither. This serves the home
page and the named pages only, in one language, without the search index;
an edit shows in the browser in about a second, even at 520 issues.

    make preview PAGES="docs/issues/007.md docs/topics/fp4-kernels.md" [PREVIEW_LANG=en]
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import yaml

from kb import layout
from kb.sources import read_site_config

CONFIG = ".preview.yml"  # written next to mkdocs.yml (ignored by git)
FOLDERS = (layout.ISSUES_DIR, layout.TOPICS_DIR, layout.ENTITIES_DIR)


def preview_config(root: Path, pages: list[str], lang: str) -> Path:
    """Write the preview config for `pages` (docs/... paths, either language); return its path."""
    base = read_site_config(root / layout.SITE_CONFIG)
    plugins = base["plugins"]
    for index, plugin in enumerate(plugins):
        if isinstance(plugin, dict) and "i18n" in plugin:
            for language in plugin["i18n"]["languages"]:
                language["build"] = language["locale"] == lang
        if plugin == "kb" or isinstance(plugin, dict) and "kb" in plugin:
            plugins[index] = {"kb": {"site_files": False, "record_pages": False}}  # no search index, feeds, export, records
    keep = set()
    for page in pages:
        key, _ = layout.split_language(Path(page).relative_to(layout.DOCS).as_posix())
        keep |= {layout.localized(key, language) for language in layout.LANGUAGES}
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
    config = preview_config(args.root, args.pages, args.lang)
    os.chdir(args.root)
    # become the server, so that stopping this process stops it
    os.execv(sys.executable, [sys.executable, "-m", "mkdocs", "serve", "-f", str(config), "-a", args.addr, "--livereload"])


if __name__ == "__main__":
    sys.exit(main())
