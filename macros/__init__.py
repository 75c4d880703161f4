"""mkdocs-macros entry point: the project's macros, each asking the kb plugin for the page's.

The names are kb.markup.templates.MACROS, the one list the checker also enforces;
each calls the method of the same name of kb.render.PageMacros. Model errors
become build failures that name the file.
"""
from __future__ import annotations

from functools import partial

from mkdocs.exceptions import PluginError

from kb.project import layout
from kb import load_catalog
from kb.render import MisplacedMacro, PageMacros, UnknownReference
from kb.markup.templates import MACROS


def define_env(env):
    site = env.conf.plugins.get("kb")  # mkdocs_kb: the catalog, the language, where generated HTML waits
    standalone: list = []  # without the kb plugin: this language's catalog, loaded on first use

    def standalone_macros() -> PageMacros:
        # Without the kb plugin (the benchmark's baseline), generated HTML goes through Markdown.
        if not standalone:
            standalone.append(load_catalog(env.project_dir))
        src, _ = layout.split_language(env.page.file.src_uri)
        return PageMacros(standalone[0], env.conf.plugins["i18n"].current_language, src)

    def call(name: str, *args) -> str:
        macros = site.macros_for(env.page) if site else standalone_macros()
        try:
            result = getattr(macros, name)(*args)
        except UnknownReference as error:
            where = "ref" if name == "ref" else "ref in front matter"
            raise PluginError(f"{layout.DOCS}/{env.page.file.src_uri}: {where}: {error} — use an existing id (see data/)") from None
        except MisplacedMacro as error:
            raise PluginError(f"{layout.DOCS}/{env.page.file.src_uri}: {error}") from None
        env.page.meta.update(macros.meta)
        return result

    for name in MACROS:
        env.macro(partial(call, name), name)
