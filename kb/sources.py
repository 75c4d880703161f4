"""Reading content files: YAML with the line of every key, and Markdown front matter."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .problems import Problem

Loc = tuple  # a path into parsed YAML: ("items", 0, "id")


@dataclass
class Document:
    """Parsed YAML plus where each part of it was written."""

    path: str
    data: object
    lines: dict[Loc, int] = field(default_factory=dict)
    first_line: int = 1  # line of the YAML's first line in the file
    # validated models by (model, loc), with the problems found: a file that did not
    # change is not validated again (the parse cache below keeps its Document)
    validated: dict = field(default_factory=dict, repr=False, compare=False)

    def line_of(self, loc: Loc) -> int:
        """The line of `loc`, or of its nearest written ancestor."""
        loc = tuple(loc)
        while loc:
            if loc in self.lines:
                return self.lines[loc]
            loc = loc[:-1]
        return self.first_line


def _line_map(node, offset: int, loc: Loc = (), out: dict | None = None) -> dict:
    out = {} if out is None else out
    out[loc] = node.start_mark.line + offset
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            child = loc + (key.value,)
            _line_map(value, offset, child, out)
            out[child] = key.start_mark.line + offset  # point at the key, not the value
    elif isinstance(node, yaml.SequenceNode):
        for index, value in enumerate(node.value):
            _line_map(value, offset, loc + (index,), out)
    return out


# libyaml's parser when PyYAML has it (10x faster at a few hundred issues).
_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_Base):
    """A safe loader that leaves dates as text, so the schema reports a bad one at its line."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def parse_yaml(text: str, path: str, first_line: int = 1) -> tuple[Document | None, Problem | None]:
    loader = _Loader(text)
    try:
        node = loader.get_single_node()  # parsed once: the nodes give lines, and build the data
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + first_line if mark else first_line
        reason = getattr(error, "problem", None) or str(error)
        return None, Problem(path, line, "yaml", f"cannot be parsed ({reason}) — fix the YAML syntax")
    finally:
        loader.dispose()
    lines = _line_map(node, first_line) if node is not None else {}
    return Document(path, data, lines, first_line), None


FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)?---[ \t]*(?:\n|\Z)", re.S)


@dataclass
class MarkdownPage:
    path: str  # relative to the project root, e.g. docs/issues/007.en.md
    text: str  # the whole file
    meta: Document  # the front matter
    meta_text: str
    body: str
    body_first_line: int


class FileCache:
    """Parsed files, by path and the size and time of the version parsed.

    A second build in the same process (the next language, or `mkdocs serve`
    after an edit) parses only what changed. What is cached is never modified
    after parsing. Whoever keeps a cache owns it: the site plugin keeps one
    for its whole process, `kb check` starts afresh.
    """

    def __init__(self):
        self._parsed: dict[tuple, tuple] = {}

    def get(self, parse, file: Path, root: Path):
        """`parse(file, root)`, or what it returned for this version of the file."""
        stat = file.stat()
        key, version = (parse.__name__, str(file), str(root)), (stat.st_mtime_ns, stat.st_size)
        if key not in self._parsed or self._parsed[key][0] != version:
            self._parsed[key] = (version, parse(file, root))  # the old version is dropped
        return self._parsed[key][1]


def read_yaml(file: Path, root: Path) -> tuple[Document | None, Problem | None]:
    return parse_yaml(file.read_text(encoding="utf-8"), file.relative_to(root).as_posix())


def read_markdown(file: Path, root: Path) -> tuple[MarkdownPage | None, Problem | None]:
    rel = file.relative_to(root).as_posix()
    text = file.read_text(encoding="utf-8")
    match = FRONT_MATTER.match(text)
    if not match:
        return None, Problem(rel, 1, "front matter",
                             "is missing — start the page with a `---` block holding `title:` and `description:`, then `---`")
    meta_text = match.group(1) or ""
    doc, problem = parse_yaml(meta_text, rel, first_line=2)
    if problem:
        return None, problem
    if doc.data is None:
        doc.data = {}
    if not isinstance(doc.data, dict):
        return None, Problem(rel, 2, "front matter", "must be a mapping of `key: value` lines — write `title: ...` and `description: ...`")
    body_line = text[: match.end()].count("\n") + 1
    return MarkdownPage(rel, text, doc, meta_text, text[match.end():], body_line), None


class _SiteConfigLoader(yaml.SafeLoader):
    """Reads the site's mkdocs.yml as data; its !!python and !ENV tags are left to mkdocs."""


_SiteConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
_SiteConfigLoader.add_constructor("!ENV", lambda loader, node: None)


def read_site_config(path: Path) -> dict:
    """The site generator's configuration file, as plain data (tags it alone understands read as None)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_SiteConfigLoader)

