"""mkdocs-macros entry point: the project's macros, each asking the kb plugin for the page's.

The names are kb.markup.templates.MACROS, the one list the checker also enforces;
each calls the method of the same name of kb.render.PageMacros. Model errors
become build failures that name the file. Without the kb plugin it refuses to
run (kb.project.generator says why), unless the configuration says it is the
benchmark's naive baseline (`extra: {kb_naive_baseline: true}`, bench/run.py).
"""
from __future__ import annotations

from functools import partial

from mkdocs.exceptions import PluginError

from kb import load_catalog
from kb.markup.templates import MACROS
from kb.project import layout
from kb.project.generator import NAIVE_BASELINE, PLUGIN, plugin_not_running
from kb.render import MisplacedMacro, NoShortName, PageMacros, UnknownReference


def define_env(env):
    site = kb_plugin(env.conf)  # mkdocs_kb: the catalog, the language, where generated HTML waits
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
        except NoShortName as error:
            raise PluginError(f"{layout.DOCS}/{env.page.file.src_uri}: ref: {error} — write the words to show, "
                              f"ref(\"{error.target_id}\", \"…\"), or give it a `short:` name") from None
        except MisplacedMacro as error:
            raise PluginError(f"{layout.DOCS}/{env.page.file.src_uri}: {error}") from None
        env.page.meta.update(macros.meta)
        return result

    for name in MACROS:
        env.macro(partial(call, name), name)


def kb_plugin(conf):
    """The kb plugin running this build; else a build error that says why, unless `conf` is the naive baseline's.
    A generator that emulates mkdocs-macros without running MkDocs plugins (Zensical) passes a plain dict."""
    plugins = getattr(conf, "plugins", None)
    site = plugins.get(PLUGIN) if hasattr(plugins, "get") else None
    if hasattr(site, "macros_for"):
        return site
    extra = conf.get("extra") if hasattr(conf, "get") else None
    if hasattr(extra, "get") and extra.get(NAIVE_BASELINE) is True:
        return None
    raise PluginError(plugin_not_running(
        "this generator passes the macros no MkDocs plugins" if plugins is None
        else f"`plugins:` has no `{PLUGIN}`" if site is None else f"`{PLUGIN}` under `plugins:` is not mkdocs_kb's"))
