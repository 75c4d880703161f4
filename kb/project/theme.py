"""The site's theme, read from its folders: what it publishes as it is.

Located through the site configuration and the theme package's files, never imported: kb.publish.firewall checks
built output against it, kb.content.loading keeps pages out of its folders.
"""
from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

from kb.project import layout
from kb.project.sources import read_site_config


@dataclass(frozen=True)
class Theme:
    """What the theme publishes as it is: its static files (its inline scripts are listed by hash in kb.publish.csp)."""

    dirs: tuple[Path, ...]  # in the order the generator looks them up (custom_dir first)

    @classmethod
    def of_project(cls, root: Path) -> Theme:
        """The project's theme as its site configuration names it: its custom_dir, then the theme's own templates."""
        theme = read_site_config(root / layout.SITE_CONFIG)["theme"]
        package = importlib.util.find_spec(theme["name"])  # located, not imported
        dirs = [root / theme["custom_dir"]] if theme.get("custom_dir") else []
        return cls(tuple(dirs) + (Path(package.origin).parent / "templates",))

    def static_file(self, rel: str) -> Path | None:
        for folder in self.dirs:
            if (folder / rel).is_file():
                return folder / rel
        return None

    def static_folders(self) -> list[str]:
        """The top-level folders the theme publishes static files in (Material's and the project's `assets`),
        not its templates' own (`.icons`, `__pycache__`): a page published in one would mix with them."""
        return sorted({top.name for folder in self.dirs if folder.is_dir() for top in folder.iterdir()
                       if top.is_dir() and not top.name.startswith((".", "__"))
                       and any(path.is_file() and path.suffix != ".html" for path in top.rglob("*"))})
