"""kb.project.sources.FileCache: a file is parsed again only when its bytes change, wherever its tree stands, so
`kb check --base` and `kb diff` parse the files a pull request's base and head share once."""
from __future__ import annotations

import os
import shutil

from kb.project.sources import MAX_FILE_BYTES, FileCache, read_text

parsed: list[str] = []


def count_parse(file, root):
    parsed.append(file.relative_to(root).as_posix())
    return file.read_text(encoding="utf-8")


def tree(root, texts: dict[str, str]):
    for rel, text in texts.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def test_a_second_tree_parses_only_the_files_it_does_not_share(tmp_path):
    base = tree(tmp_path / "base", {"docs/a.md": "a", "docs/b.md": "b", "data/c.yml": "c: 1"})
    head = tmp_path / "head"
    shutil.copytree(base, head)
    tree(head, {"docs/b.md": "b, edited"})
    cache = FileCache()
    parsed.clear()
    assert [cache.get(count_parse, base / rel, base) for rel in ("docs/a.md", "docs/b.md", "data/c.yml")] == ["a", "b", "c: 1"]
    assert [cache.get(count_parse, head / rel, head) for rel in ("docs/a.md", "docs/b.md", "data/c.yml")] == ["a", "b, edited", "c: 1"]
    assert parsed == ["docs/a.md", "docs/b.md", "data/c.yml", "docs/b.md"]


def test_the_same_bytes_at_another_place_in_the_tree_are_parsed_again(tmp_path):
    root = tree(tmp_path, {"docs/a.md": "same", "docs/b.md": "same"})
    cache = FileCache()
    parsed.clear()
    cache.get(count_parse, root / "docs/a.md", root)
    cache.get(count_parse, root / "docs/b.md", root)
    assert parsed == ["docs/a.md", "docs/b.md"]  # a parse says where: its problems name the file


def test_a_file_rewritten_with_its_size_and_time_kept_is_read_anew(tmp_path):
    """In place (its time set back), or in another tree at the same place with the same size and time."""
    root = tree(tmp_path / "one", {"docs/a.md": "first"})
    cache = FileCache()
    assert cache.get(count_parse, root / "docs/a.md", root) == "first"
    before = (root / "docs/a.md").stat()
    (root / "docs/a.md").write_text("later", encoding="utf-8")
    os.utime(root / "docs/a.md", ns=(before.st_atime_ns, before.st_mtime_ns))
    assert cache.get(count_parse, root / "docs/a.md", root) == "later"
    other = tree(tmp_path / "two", {"docs/a.md": "other"})
    os.utime(other / "docs/a.md", ns=(before.st_atime_ns, before.st_mtime_ns))
    assert cache.get(count_parse, other / "docs/a.md", other) == "other"


def test_a_newer_version_of_a_file_drops_the_older_and_the_limit_drops_the_least_used(tmp_path):
    root = tree(tmp_path, {f"docs/{n}.md": f"page {n}" for n in range(3)})
    cache = FileCache()
    for version in range(5):  # `mkdocs serve` after each edit keeps one parse of the file
        tree(root, {"docs/0.md": f"version {version}"})
        assert cache.get(count_parse, root / "docs/0.md", root) == f"version {version}"
    assert len(cache) == 1
    small = FileCache(limit=2)
    parsed.clear()
    for n in (0, 1, 0, 2, 0, 1):
        small.get(count_parse, root / f"docs/{n}.md", root)
    assert len(small) == 2
    assert parsed == ["docs/0.md", "docs/1.md", "docs/2.md", "docs/1.md"]  # 1 was the least recently used when 2 came


def test_a_file_over_the_limit_is_not_read_to_be_cached(tmp_path, monkeypatch):
    root = tree(tmp_path, {})
    big = root / "docs/big.md"
    big.parent.mkdir()
    with big.open("wb") as out:  # sparse: nothing is written but its size
        out.truncate(MAX_FILE_BYTES + 1)
    read = []
    real = type(big).read_bytes
    monkeypatch.setattr(type(big), "read_bytes", lambda path: read.append(path.name) or real(path))
    text, problem = FileCache().get(read_text, big, root)
    assert text is None and problem.message.key == "file-too-big"
    assert read == []


def test_a_file_saved_while_it_is_parsed_is_not_cached_under_the_bytes_read_before(tmp_path):
    """An editor saves between the cache's look at the file and the parse's read: the parse is of the newer
    bytes, and must not be kept as the parse of the older, which the file may hold again."""
    root = tree(tmp_path, {"docs/a.md": "older"})
    saves = ["newer"]

    def saved_meanwhile(file, root):
        if saves:
            file.write_text(saves.pop(), encoding="utf-8")
        return file.read_text(encoding="utf-8")

    cache = FileCache()
    assert cache.get(saved_meanwhile, root / "docs/a.md", root) == "newer"
    (root / "docs/a.md").write_text("older", encoding="utf-8")
    assert cache.get(saved_meanwhile, root / "docs/a.md", root) == "older"
