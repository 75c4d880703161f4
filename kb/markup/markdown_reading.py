"""Markdown read as the site reads it: the project's own Python-Markdown configuration, once per process.

The checker does not guess what a page will become from its lines: it
converts the text with the extensions and settings mkdocs.yml gives the
build and looks at the result (kb.markup.content_markup). A line reader of our
own disagreed with the renderer at the edges — a code span one closes and
the other does not, a fence indented four spaces — and whatever hid behind
such an edge was published.

Two things differ from the build, on purpose:
- pymdownx.snippets is left out: an included file is checked as a file of
  its own (kb.markup.glossary: plain abbreviations only), and its name by the
  include line (kb.markup.safety.snippet_names);
- raw HTML is witnessed. Python-Markdown keeps the HTML a text writes in its
  stash, where the extensions' own output (highlighted code, icons) also
  goes; the two processors that read a writer's HTML are wrapped, so what
  they keep is known to be the text's own.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import markdown
import yaml
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor

from kb.project import layout

LEFT_OUT = {"pymdownx.snippets"}
# mkdocs.yml names Python objects for the extensions (`!!python/name:`); the checker builds them only from
# the Markdown packages, so a changed configuration cannot make `kb check` run anything else.
PYTHON_NAME_PACKAGES = ("markdown.", "pymdownx.", "material.extensions.", "kb.render.")


@dataclass
class Rendering:
    html: str
    raw_html: list[str] = field(default_factory=list)  # each piece of HTML the text wrote itself, as written


class _Witness(list):
    """The raw HTML the wrapped processors kept, for one conversion."""


class _WitnessedBlocks(Preprocessor):
    def __init__(self, md, inner: Preprocessor, witness: _Witness):
        super().__init__(md)
        self.inner, self.witness = inner, witness

    def run(self, lines):
        before = len(self.md.htmlStash.rawHtmlBlocks)
        result = self.inner.run(lines)
        for kept in self.md.htmlStash.rawHtmlBlocks[before:]:
            self.witness.append(kept if isinstance(kept, str) else _element_text(kept))
        return result


class _WitnessedInline(InlineProcessor):
    def __init__(self, inner: InlineProcessor, witness: _Witness):
        super().__init__(inner.pattern, inner.md)
        self.compiled_re, self.inner, self.witness = inner.compiled_re, inner, witness

    def handleMatch(self, m, data):  # noqa: N802 (Python-Markdown's name)
        self.witness.append(m.group(0))
        return self.inner.handleMatch(m, data)


def _element_text(element) -> str:
    from xml.etree.ElementTree import tostring
    return tostring(element, encoding="unicode")


class MarkdownReader:
    """One Python-Markdown converter with the site's configuration, reset between texts."""

    def __init__(self, extensions: list, configs: dict):
        self.witness = _Witness()
        self.md = markdown.Markdown(extensions=extensions, extension_configs=configs)
        blocks = self.md.preprocessors["html_block"]
        # registered again under their names and Python-Markdown's priorities for them (md_in_html keeps both)
        self.md.preprocessors.register(_WitnessedBlocks(self.md, blocks, self.witness), "html_block", 20)
        inline = self.md.inlinePatterns["html"]
        self.md.inlinePatterns.register(_WitnessedInline(inline, self.witness), "html", 90)

    def render(self, text: str) -> Rendering:
        self.witness.clear()
        self.md.reset()
        html = self.md.convert(text)
        return Rendering(html, list(self.witness))


def markdown_configuration(config_file: Path) -> tuple[list, dict]:
    """The extensions and their settings as the site configuration lists them (mkdocs.yml's markdown_extensions)."""
    config = yaml.load(config_file.read_text(encoding="utf-8"), Loader=_MarkdownConfigLoader) or {}
    extensions, configs = [], {}
    for entry in config.get("markdown_extensions") or []:
        name, settings = next(iter(entry.items())) if isinstance(entry, dict) else (entry, None)
        if name in LEFT_OUT:
            continue
        extensions.append(name)
        if settings:
            configs[name] = settings
    return extensions, configs


@lru_cache(maxsize=4)
def reader_for(config_file: Path = layout.PROJECT / layout.SITE_CONFIG) -> MarkdownReader:
    """The reader for a site configuration; built once a process (building it costs a tenth of a second)."""
    return MarkdownReader(*markdown_configuration(config_file))


def render(text: str) -> Rendering:
    return reader_for().render(text)


class _MarkdownConfigLoader(yaml.SafeLoader):
    """mkdocs.yml with the Python objects the Markdown extensions are given; other tags read as None."""


def _python_name(loader, suffix: str, node):
    name = suffix
    if not name.startswith(PYTHON_NAME_PACKAGES):
        raise yaml.constructor.ConstructorError(
            None, None, f"{layout.SITE_CONFIG} names `{name}`: the checker builds only objects of "
                        f"{', '.join(PYTHON_NAME_PACKAGES)}", node.start_mark)
    module, _, attribute = name.rpartition(".")
    return getattr(importlib.import_module(module), attribute)


def _python_apply(loader, suffix: str, node):
    function = _python_name(loader, suffix, node)
    settings = loader.construct_mapping(node, deep=True) if isinstance(node, yaml.MappingNode) else {}
    return function(*settings.get("args", ()), **settings.get("kwds", {}))


_MarkdownConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/name:", _python_name)
_MarkdownConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/object/apply:", _python_apply)
_MarkdownConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
_MarkdownConfigLoader.add_constructor("!ENV", lambda loader, node: None)
