"""Reading content files: YAML with the line of every key, and Markdown front matter.

Content comes from strangers, so reading is bounded: a file over MAX_FILE_BYTES,
bytes that are not UTF-8, a line over kb.base.limits.MAX_LINE_CHARS (refused before any
other rule reads the file), YAML anchors and aliases (a few lines can expand to
billions of nodes), nesting deeper than MAX_DEPTH and a key written twice (YAML
would silently keep the last) are each a problem at its file and line. So is
YAML that reads other than it looks: a merge key `<<` (it fills in or hides the
keys beside it) and a tag (`!!set` orders by hash, `!!binary` hides text,
`!!int "7"` makes text a number). Integers are decimal digits only.
"""
from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from hashlib import blake2b
from pathlib import Path

import yaml

from kb.base.forked import ForkedHalf, second_core
from kb.base.limits import MAX_LINE_CHARS, long_line
from kb.base.messages import Message, msg
from kb.base.problems import Problem

Loc = tuple  # a path into parsed YAML: ("items", 0, "id")

MAX_FILE_BYTES = 256 * 1024  # far above a whole issue's facts or prose (bench/README.md, kb/project/sources.py)
# Far deeper than the content nests (measured: bench/README.md, kb/project/sources.py); libyaml stops at 1,000,
# the constructor's recursion sooner.
MAX_DEPTH = 32


@dataclass
class Document:
    """Parsed YAML plus where each part of it was written."""

    path: str
    data: object
    lines: dict[Loc, int] = field(default_factory=dict)
    first_line: int = 1  # line of the YAML's first line in the file
    ends: dict[Loc, int] = field(default_factory=dict)  # last line of each value
    # the YAML as written, to find a refused text in: one string, not a list of its lines, which cost a catalog
    # much memory for the few problems that look there (measured: bench/README.md, kb/project/sources.py)
    text: str = field(default="", repr=False)
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

    def line_holding(self, loc: Loc, found: str) -> int:
        """The line of the value at `loc` that holds `found` (its key's line if no line shows it as written)."""
        start = self.line_of(loc)
        end = self.ends.get(tuple(loc), start)
        written = self.text.splitlines()[start - self.first_line: end - self.first_line + 1]
        return next((start + n for n, line in enumerate(written) if found and found in line), start)


class _Refused(Exception):
    def __init__(self, line: int, message: Message, column: int | None = None, found: str | None = None):
        self.line, self.message, self.column, self.found = line, message, column, found

    @classmethod
    def at(cls, mark, offset: int, message: Message, found: str | None = None) -> _Refused:
        return cls(mark.line + offset, message, mark.column + 1, found)


YAML_TAG = "tag:yaml.org,2002:"
MERGE_TAG = YAML_TAG + "merge"
# What a node is without a tag written on it (a plain scalar by its text: kb.project.sources._Loader's resolvers).
_UNTAGGED = {yaml.SequenceNode: YAML_TAG + "seq", yaml.MappingNode: YAML_TAG + "map"}


def _written_tag(node, loader) -> str | None:
    """The tag written on `node` (`!!set`, `!!binary`, `!!int "7"`), if it makes the node other than what it reads as."""
    if isinstance(node, yaml.ScalarNode):
        untagged = loader.resolve(yaml.ScalarNode, node.value, (not node.style, False))  # quoted or block: text
    else:
        untagged = _UNTAGGED[type(node)]
    return None if node.tag == untagged else node.tag.replace(YAML_TAG, "!!", 1)


def _line_map(root, offset: int, loader) -> tuple[dict, dict]:
    """Where each key and value was written; refuses aliases, tags, merge keys and deep nesting before anything is built."""
    lines, ends, seen = {}, {}, set()
    stack = [(root, ())]
    while stack:
        node, loc = stack.pop()
        if id(node) in seen:  # the same node twice: an alias of an anchor (said at the key that uses it)
            written = next((lines[loc[:n]] for n in range(len(loc), 0, -1) if loc[:n] in lines), node.start_mark.line + offset)
            raise _Refused(written, msg("yaml-alias"), found="*")
        seen.add(id(node))
        if len(loc) > MAX_DEPTH:
            raise _Refused.at(node.start_mark, offset, msg("yaml-too-deep", depth=MAX_DEPTH))
        tag = _written_tag(node, loader)
        if tag:  # a `!!set`'s order depends on PYTHONHASHSEED, `!!binary` hides text from a reviewer, `!!int "7"` a type
            raise _Refused.at(node.start_mark, offset, msg("yaml-tag", tag=tag), "!")
        lines.setdefault(loc, node.start_mark.line + offset)
        ends[loc] = node.end_mark.line + offset - (node.end_mark.column == 0 and node.end_mark.line > node.start_mark.line)
        # children pushed last first, so they are visited in the order they are written
        if isinstance(node, yaml.MappingNode):
            for key, value in reversed(node.value):
                if key.tag == MERGE_TAG:  # `<<: {title: X}` fills in keys, or hides the ones written beside it
                    raise _Refused.at(key.start_mark, offset, msg("yaml-merge-key"), "<<")
                if not isinstance(key, yaml.ScalarNode):
                    raise _Refused.at(key.start_mark, offset, msg("yaml-complex-key"))
                child = loc + (key.value,)
                lines[child] = key.start_mark.line + offset  # point at the key, not the value
                stack.append((value, child))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((value, loc + (index,)) for index, value in reversed(list(enumerate(node.value))))
    return lines, ends


# libyaml's parser when PyYAML has it: many times faster (measured: bench/README.md, kb/project/sources.py).
_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _KeyTwice(yaml.constructor.ConstructorError):
    def __init__(self, key: str, mark):
        super().__init__(None, None, f"the key `{key}` is written twice", mark)
        self.key = key


class _Loader(_Base):
    """A safe loader that leaves dates and decimals as text and refuses a key written twice in one mapping."""

    def construct_mapping(self, node, deep=False):
        keys = set()
        for key_node, _ in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else id(key_node)
            if key in keys:
                raise _KeyTwice(key, key_node.start_mark)
            keys.add(key)
        return super().construct_mapping(node, deep)


# Dates and decimals stay text: the schema reports a bad date at its line, and a figure keeps
# the precision it was written with (8.40 is not 8.4). An integer is decimal digits only: YAML 1.1
# also reads 0x7, 0o7, 07, 0b111, 0_7 and 1:30 as numbers, so `number: 0x7` would be issue 7.
# `=` is text too (YAML 1.1's "value" key, which nothing here constructs). A boolean is true or false:
# YAML 1.1 also reads yes, no, on and off as booleans, so a title `No` would not be text.
DECIMAL = re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$")
BOOLEAN = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_STRICTER = {YAML_TAG + "int": DECIMAL, YAML_TAG + "bool": BOOLEAN}
_Loader.yaml_implicit_resolvers = {
    first: [(tag, _STRICTER.get(tag, regexp)) for tag, regexp in resolvers
            if tag not in (YAML_TAG + "timestamp", YAML_TAG + "float", YAML_TAG + "value")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _line_at(text: str, position: int, first_line: int) -> int:
    """The line of `text` at a reader error's position: libyaml counts UTF-8 bytes, PyYAML's own reader characters."""
    before = text[:position] if _Base is yaml.SafeLoader else text.encode("utf-8")[:position].decode("utf-8", "ignore")
    return before.count("\n") + first_line


def parse_yaml(text: str, path: str, first_line: int = 1) -> tuple[Document | None, Problem | None]:
    loader = _Loader(text)
    try:
        node = loader.get_single_node()  # parsed once: the nodes give lines, and build the data
        lines, ends = _line_map(node, first_line, loader) if node is not None else ({}, {})
        data = loader.construct_document(node) if node is not None else None
    except _Refused as refused:
        return None, Problem(path, refused.line, "yaml", refused.message, found=refused.found, column=refused.column)
    except yaml.reader.ReaderError as error:  # a character YAML does not read (a noncharacter, a C1 control): no mark
        return None, Problem(path, _line_at(text, error.position, first_line), "yaml",
                             msg("yaml-character", code=f"{error.character:04X}"), found=chr(error.character))
    except _KeyTwice as error:
        return None, Problem(path, error.problem_mark.line + first_line, "yaml", msg("yaml-key-twice", key=error.key),
                             found=error.key, column=error.problem_mark.column + 1)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + first_line if mark else first_line
        reason = getattr(error, "problem", None) or str(error)
        return None, Problem(path, line, "yaml", msg("yaml-syntax", reason=reason),
                             column=mark.column + 1 if mark else None)
    except RecursionError:
        return None, Problem(path, first_line, "yaml", msg("yaml-recursion", depth=MAX_DEPTH))
    finally:
        loader.dispose()
    return Document(path, data, lines, first_line, ends, text), None


def read_text(file: Path, root: Path) -> tuple[str | None, Problem | None]:
    """A content file's text, or the problem that stops it being read (too big, not UTF-8, a line too long)."""
    rel = file.relative_to(root).as_posix()
    size = file.stat().st_size
    if size > MAX_FILE_BYTES:
        return None, Problem(rel, None, "file", msg("file-too-big", size=f"{size:,}", limit=f"{MAX_FILE_BYTES:,}"))
    data = file.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        return None, Problem(rel, line, "encoding", msg("file-encoding", byte=f"{data[error.start]:#04x}"),
                             column=len(data[: error.start].rpartition(b"\n")[2].decode("utf-8", "replace")) + 1)
    long = long_line(text)
    if long:
        return None, Problem(rel, long.line, long.field, long.message, found=long.found, column=MAX_LINE_CHARS + 1)
    return text, None


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
    """Parsed files, by what was parsed: the parse, the file's path under its root, and a digest of its bytes.

    A second build in the same process (the next language, or `mkdocs serve`
    after an edit) parses only what changed; so does a second tree read by the
    same cache, for the files it shares with the first (`kb check --base` and
    `kb diff` read a pull request's base beside its head: kb.content.loading.shared_parses).
    A file is read for its digest only when its size, times or inode changed
    since the last look. What is cached is never modified after parsing.
    Whoever keeps a cache owns it: the site plugin keeps one for its whole
    process. A newer version of a file drops its older one; past `limit`
    entries, the least recently used go.
    """

    def __init__(self, limit: int | None = None):
        self.limit = limit
        self._parsed: OrderedDict[tuple, tuple] = OrderedDict()  # (parse, rel, digest) -> what parse returned
        self._seen: OrderedDict[str, tuple] = OrderedDict()  # absolute path -> (stat, digest, keys parsed of it)

    def __len__(self) -> int:
        """How many parses are kept."""
        return len(self._parsed)

    def get(self, parse, file: Path, root: Path):
        """`parse(file, root)`, or what it returned for a file at the same place under its root with the same bytes."""
        key = self._key(parse, file, root)
        if key in self._parsed:
            self._parsed.move_to_end(key)
            return self._parsed[key]
        parsed = parse(file, root)
        self._store(key, parsed, file)
        return parsed

    def prefetch(self, jobs: list[tuple[Callable, Path]], root: Path) -> None:
        """Each `parse(file, root)` of `jobs` not cached yet, every other one in a forked copy of this process
        on the second core (kb.base.forked). Parsing is a large part of a catalog's load on one core; with
        half of it in the copy a catalog loads faster, though the copy's results are pickled both ways (measured:
        bench/README.md, kb/project/sources.py). Only for a caller with no other thread (kb.base.forked says why)."""
        todo = [(parse, file, key) for parse, file in jobs if (key := self._key(parse, file, root)) not in self._parsed]
        if len(todo) < 2 or not second_core():
            return  # parsed as they are asked for
        copy = ForkedHalf(todo, lambda job: (job[2], job[0](job[1], root)))
        for parse, file, _ in copy.mine():
            self.get(parse, file, root)
        files = {key: file for _, file, key in todo}
        for key, parsed in copy.collect().items():  # what the copy could not parse is parsed when asked for
            self._store(key, parsed, files[key])

    def _store(self, key: tuple, parsed: tuple, file: Path) -> None:
        seen = self._seen.get(str(file))
        if seen is None or seen[0] != _version(file):
            return  # changed while it was parsed (an editor's save): what was parsed may not be what the key says
        keys = seen[2]
        for old in [k for k in keys if k[0] == key[0] and k != key]:  # the older version of this file, so parsed
            self._parsed.pop(old, None)
            keys.discard(old)
        keys.add(key)
        self._parsed[key] = parsed
        while self.limit is not None and len(self._parsed) > self.limit:
            self._parsed.popitem(last=False)

    def _key(self, parse, file: Path, root: Path) -> tuple:
        return parse.__name__, file.relative_to(root).as_posix(), self._digest(file)

    def _digest(self, file: Path) -> bytes | tuple:
        version = _version(file)
        seen = self._seen.get(str(file))
        if seen is not None and seen[0] == version:
            self._seen.move_to_end(str(file))
            return seen[1]
        # A file over the limit is refused by its size alone (read_text): it is not read for a digest either.
        size = version[2]
        digest = ("size", size) if size > MAX_FILE_BYTES else blake2b(file.read_bytes(), digest_size=16).digest()
        self._seen[str(file)] = (version, digest, seen[2] if seen else set())
        while self.limit is not None and len(self._seen) > self.limit:
            self._seen.popitem(last=False)
        return digest


def _version(file: Path) -> tuple:
    """What changes when a file is written: its times, size and inode. The ctime too: whoever rewrites a file and
    sets its time back (os.utime) cannot set its ctime back."""
    stat = file.stat()
    return stat.st_mtime_ns, stat.st_ctime_ns, stat.st_size, stat.st_ino, stat.st_dev


def read_yaml(file: Path, root: Path) -> tuple[Document | None, Problem | None]:
    text, problem = read_text(file, root)
    return (None, problem) if problem else parse_yaml(text, file.relative_to(root).as_posix())


def read_markdown(file: Path, root: Path) -> tuple[MarkdownPage | None, Problem | None]:
    rel = file.relative_to(root).as_posix()
    text, problem = read_text(file, root)
    if problem:
        return None, problem
    match = FRONT_MATTER.match(text)
    if not match:
        return None, Problem(rel, 1, "front matter", msg("front-matter-missing"))
    meta_text = match.group(1) or ""
    doc, problem = parse_yaml(meta_text, rel, first_line=2)
    if problem:
        return None, problem
    if doc.data is None:
        doc.data = {}
    if not isinstance(doc.data, dict):
        return None, Problem(rel, 2, "front matter", msg("front-matter-not-mapping"))
    body_line = text[: match.end()].count("\n") + 1
    return MarkdownPage(rel, text, doc, meta_text, text[match.end():], body_line), None


class _SiteConfigLoader(yaml.SafeLoader):
    """Reads the site's mkdocs.yml as data; its !!python and !ENV tags are left to mkdocs."""


_SiteConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
_SiteConfigLoader.add_constructor("!ENV", lambda loader, node: None)


def read_site_config(path: Path) -> dict:
    """The site generator's configuration file, as plain data (tags it alone understands read as None)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_SiteConfigLoader)

