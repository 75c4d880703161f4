"""Two builds of one commit compared: the same files, byte for byte, but for what a generator writes of itself.

`make build-properdocs` builds the site with ProperDocs beside `make build`'s MkDocs build (DECISIONS.md) and
runs this on the two folders; so does the pull-request workflow. It fails, naming each file, on a file only one
build has and on any difference the rules below do not explain. Each rule is a difference found and understood:

- `<meta name="generator">` of every page: the theme's template writes `mkdocs-` and the generator's version,
  which ProperDocs gives as "ProperDocs 1.6.7" (`mkdocs-ProperDocs 1.6.7`, where MkDocs writes `mkdocs-1.6.1`);
- the build stamp (kb.publish.build_stamp): it names its generator, and its digests cover those pages; each stamp must
  hold for its own site (`kb verify-site`), and the rest of the two stamps must be the same.

    python -m tools.compare_builds site build/site-properdocs
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from kb.project.layout import BUILD_STAMP
from kb.publish.build_stamp import verify_site

GENERATOR_META = re.compile(rb'<meta name="generator" content="(mkdocs-[^",]*),')
META_RULE = '<meta name="generator">'
STAMP_RULE = f"{BUILD_STAMP}: its generator and digests"
EXCERPT = 60  # bytes shown each side of the first difference a rule does not explain


@dataclass
class Comparison:
    left: Path
    right: Path
    common: int = 0
    identical: int = 0
    explained: Counter = field(default_factory=Counter)  # rule -> files that differ only by it
    generators: dict[str, set[str]] = field(default_factory=lambda: {"left": set(), "right": set()})
    only_left: list[str] = field(default_factory=list)
    only_right: list[str] = field(default_factory=list)
    unexplained: list[str] = field(default_factory=list)  # "path: what differs"

    @property
    def same(self) -> bool:
        return not (self.only_left or self.only_right or self.unexplained)

    def report(self) -> str:
        lines = [f"{self.left} and {self.right}: {self.common:,} files in both, {self.identical:,} identical"]
        for rule, count in sorted(self.explained.items()):
            lines.append(f"  {count:,} file(s) differ only in {rule}")
        for side, name in (("left", self.left), ("right", self.right)):
            if self.generators[side]:
                lines.append(f"  {name} names its generator {', '.join(sorted(self.generators[side]))}")
        lines += [f"only in {self.left}: {path}" for path in self.only_left]
        lines += [f"only in {self.right}: {path}" for path in self.only_right]
        lines += [f"differs: {what}" for what in self.unexplained]
        lines.append("the same site, but for what each generator writes of itself" if self.same
                     else f"{len(self.only_left) + len(self.only_right) + len(self.unexplained)} difference(s) not explained")
        return "\n".join(lines)


def compare(left: Path, right: Path) -> Comparison:
    """Every file of `left` and `right`, two builds of one commit, compared under the rules above."""
    result = Comparison(Path(left), Path(right))
    files = {side: {path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file() or path.is_symlink()}
             for side, root in (("left", result.left), ("right", result.right))}
    result.only_left = sorted(files["left"] - files["right"])
    result.only_right = sorted(files["right"] - files["left"])
    for rel in sorted(files["left"] & files["right"]):
        result.common += 1
        a, b = (result.left / rel).read_bytes(), (result.right / rel).read_bytes()
        if a == b:
            result.identical += 1
        elif rel == BUILD_STAMP:
            _compare_stamps(result, a, b)
        else:
            a, b = _without_generator(result, "left", a), _without_generator(result, "right", b)
            if a == b:
                result.explained[META_RULE] += 1
            else:
                result.unexplained.append(f"{rel}: {_first_difference(a, b)}")
    return result


def _without_generator(result: Comparison, side: str, page: bytes) -> bytes:
    for match in GENERATOR_META.finditer(page):
        result.generators[side].add(match[1].decode("utf-8", "replace"))
    return GENERATOR_META.sub(b'<meta name="generator" content="(generator),', page)


def _compare_stamps(result: Comparison, a: bytes, b: bytes) -> None:
    """Each stamp holds for its own site (which reads it as JSON), and says the same but for the generator and
    the digests; file counts, languages and the firewall's verdict included."""
    problems = verify_site(result.left) + verify_site(result.right)
    if not problems:
        kept = [{key: value for key, value in stamp.items() if key not in ("generator", "sha256", "parts")}
                | {"parts": {name: part["files"] for name, part in stamp["parts"].items()}}
                for stamp in (json.loads(a), json.loads(b))]
        if kept[0] != kept[1]:
            problems.append(_first_difference(json.dumps(kept[0]).encode(), json.dumps(kept[1]).encode()))
    if problems:
        result.unexplained += [f"{BUILD_STAMP}: {problem}" for problem in problems]
    else:
        result.explained[STAMP_RULE] += 1


def _first_difference(a: bytes, b: bytes) -> str:
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    start = max(0, at - EXCERPT)
    return (f"from byte {at:,}: {a[start:at + EXCERPT].decode('utf-8', 'replace')!r} against "
            f"{b[start:at + EXCERPT].decode('utf-8', 'replace')!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("left", type=Path, help="one build (site/)")
    parser.add_argument("right", type=Path, help="the other (build/site-properdocs)")
    args = parser.parse_args(argv)
    for folder in (args.left, args.right):
        if not folder.is_dir():
            parser.error(f"{folder}: no such folder — build it first")
    result = compare(args.left, args.right)
    print(result.report())
    return 0 if result.same else 1


if __name__ == "__main__":
    sys.exit(main())
