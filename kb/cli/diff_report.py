"""`kb diff BASE`: the review report of a change, as Markdown (a CI job summary, or the terminal).

The content at the git commit BASE is exported to a temporary folder (`git archive`: nothing is checked out
in place) and loaded, as is the working tree, committed or not; kb.cli.diff compares the two catalogs. A base
that does not load under today's rules is compared as far as it loads (kb.content.loading's `partial`), and the
report says so first. It is a report: only a comparison that cannot be made (no git, no such commit) fails.
"""
from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from kb.base.problems import ContentError, Problem
from kb.cli.diff import Diff, Entry, compare, shown
from kb.content.loading import load_catalog, shared_parses
from kb.content.published import published_id_problems
from kb.model.catalog import Catalog
from kb.project import layout
from kb.project.sources import read_site_config

PLURAL = {"topic": "topics", "entity": "entities"}  # what is not in an issue
SHOWN_PROBLEMS = 10  # of a side that does not load cleanly: the first ones, and how many more


class DiffError(Exception):
    """The comparison cannot be made: not a git repository, no such commit, git failed."""


@dataclass
class Side:
    """The content at one end of the comparison, as far as it loads."""

    name: str  # `origin/main` (1a2b3c4), or the working tree
    catalog: Catalog | None = None
    errors: list[Problem] = field(default_factory=list)  # what kb check would refuse in it
    failure: str | None = None  # why nothing of it loads


def _git(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True)
    except FileNotFoundError:
        raise DiffError("git is not installed — kb diff reads the base from git") from None


def content_parts(root: Path) -> list[str]:
    """What a catalog is loaded from: data, pages, snippets, the site configuration and the theme's custom
    folder it names (kb.project.theme: pages may not be published in its folders)."""
    custom = read_site_config(root / layout.SITE_CONFIG).get("theme", {}).get("custom_dir")
    return [layout.DATA, layout.DOCS, layout.SNIPPETS, layout.SITE_CONFIG, *([custom] if custom else [])]


def export_base(root: Path, base: str, into: Path) -> tuple[Path, str]:
    """The content of the project at `root` as it is at commit `base`, written under `into`: (its root there,
    the commit's short hash)."""
    top = _git(root, "rev-parse", "--show-toplevel")
    if top.returncode:
        raise DiffError(f"{root} is not in a git repository — kb diff compares a commit with the working tree")
    top = Path(top.stdout.decode().strip())
    prefix = root.resolve().relative_to(top.resolve()).as_posix()
    prefix = "" if prefix == "." else f"{prefix}/"
    commit = None if not base or base.startswith("-") else _git(top, "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}")
    if commit is None or commit.returncode:
        raise DiffError(f"`{base}` is not a commit of this repository — name a branch, tag or commit; for a pull "
                        f"request's base, fetch it first (`git fetch origin main`, then `kb diff origin/main`)")
    sha = commit.stdout.decode().strip()
    listed = _git(top, "ls-tree", "--name-only", sha, "--", *(prefix + part for part in content_parts(root)))
    paths = [path for path in listed.stdout.decode().splitlines() if path]
    if paths:  # a commit from before the content existed has none: an empty base, said as not loading
        archive = _git(top, "archive", "--format=tar", sha, "--", *paths)
        if archive.returncode:
            raise DiffError(f"git archive {sha[:12]} failed: {archive.stderr.decode().strip()}")
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(into, filter="data")  # nothing outside `into`, no device, no absolute link
    (into / prefix).mkdir(parents=True, exist_ok=True)
    short = _git(top, "rev-parse", "--short", sha).stdout.decode().strip()
    return into / prefix, short


def load_side(root: Path, name: str) -> Side:
    """The catalog of `root` as far as it loads, and what is wrong with it."""
    try:
        catalog = load_catalog(root, partial=True, files=shared_parses())
    except ContentError as error:  # a folder holding a link or a file of another kind: nothing is read
        return Side(name, errors=error.problems, failure="its content folders hold what they may not")
    except Exception as error:  # content older or newer than this code, failing where it is not checked
        return Side(name, failure=f"loading it failed: {type(error).__name__}: {error}")
    return Side(name, catalog, [p for p in catalog.warnings if p.severity == "error"])


def diff_report(root: Path, base: str) -> str:
    """The report, in Markdown, of what the working tree at `root` changes of the content at commit `base`."""
    with tempfile.TemporaryDirectory(prefix="kb-diff-") as folder:
        base_root, short = export_base(root, base, Path(folder))
        before = load_side(base_root, f"`{_code(base)}` ({short})")
        after = load_side(root, "the working tree")
        diff = compare(before.catalog, after.catalog) if before.catalog and after.catalog else None
        return markdown(before, after, diff)


def published_problems(root: Path, base: str) -> list[Problem]:
    """What the working tree at `root` takes away of the ids published at commit `base` (kb.content.published), for
    `kb check --base REF`; both sides as far as they load (what does not load is reported by kb check itself)."""
    with tempfile.TemporaryDirectory(prefix="kb-base-") as folder:
        base_root, _ = export_base(root, base, Path(folder))
        before, after = load_side(base_root, base), load_side(root, "the working tree")
    if before.catalog is None or after.catalog is None:
        return []
    return published_id_problems(before.catalog, after.catalog)


# ---- Markdown -------------------------------------------------------------------------------------

def _code(value) -> str:
    """A value for a code span: one line, no backtick (content fields hold none; a partial base might)."""
    return " ".join(str(value).replace("`", "'").split())


def _plain(text: str) -> str:
    """Text with code spans (a problem's message): no HTML outside them (a job summary renders it); inside
    them Markdown shows every character as written. Unpaired backticks: escaped throughout."""
    parts = text.split("`")
    escape = lambda part: part.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")  # noqa: E731
    if len(parts) % 2 == 0:
        return escape(text)
    return "`".join(part if index % 2 else escape(part) for index, part in enumerate(parts))


def _name(entry: Entry) -> str:
    where = f" (issue {entry.issue})" if entry.issue is not None and entry.kind != "issue" else ""
    return f"{entry.kind} `{_code(entry.id)}`{where}"


def _values(before: Entry, after: Entry, fields: list[str]) -> str:
    """`field before → after` for facts; prose fields named only."""
    facts = [f"{name} `{_code(shown(before.facts.get(name)))}` → `{_code(shown(after.facts.get(name)))}`"
             for name in fields if name in before.facts or name in after.facts]
    prose = [name for name in fields if name not in before.facts and name not in after.facts]
    return "; ".join(facts + ([f"text changed: {', '.join(prose)}"] if prose else []))


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _problems(side: Side, what: str) -> list[str]:
    if side.failure is None and not side.errors:
        return []
    why = side.failure or f"{_count(len(side.errors), 'error', 'errors')} under `kb check`"
    lines = [f"> **{side.name} {what}** ({why}). " + (
        "Nothing could be compared." if side.catalog is None else "It is compared as far as it loads: what it "
        "refuses is left out (below, *Not compared*), and pages built from that may show as added or removed."), ""]
    lines += [f"- {_plain(str(problem))}" for problem in side.errors[:SHOWN_PROBLEMS]]
    if len(side.errors) > SHOWN_PROBLEMS:
        lines.append(f"- … and {len(side.errors) - SHOWN_PROBLEMS} more")
    return [*lines, ""]


def markdown(before: Side, after: Side, diff: Diff | None) -> str:
    lines = [f"## What this change does to the site: {before.name} → {after.name}", ""]
    lines += _problems(before, "does not load cleanly")
    lines += _problems(after, "does not pass `kb check`")
    if diff is None:
        return "\n".join(lines)
    edits = diff.record_edits()
    # a change of the record is shown once, among the edits; the rest of what changed in the entry, below
    shown_first = {(entry.key, name) for how, entry, _, fields in edits if how == "changed" for name in fields}
    changed = [(old, new, rest) for old, new, fields in diff.changed
               if (rest := [name for name in fields if (old.key, name) not in shown_first])]
    gone = len(diff.renamed) + len(diff.removed)
    counts = [_count(len(diff.added), "added", "added"), _count(len(changed), "changed", "changed"),
              _count(gone, "renamed or removed", "renamed or removed"),
              _count(len(diff.states), "status change", "status changes"),
              _count(len(diff.pages_added), "page added", "pages added"),
              _count(len(diff.pages_removed), "page removed", "pages removed"),
              _count(len(diff.uncompared), "not compared", "not compared")]
    counts = [count for count in counts if not count.startswith("0 ")]
    record = _count(len(edits), "edit of the published record", "edits of the published record")
    lines += [" · ".join([f"**{record}**" if edits else record, *counts]), ""]
    if not edits and not counts:
        lines += ["Nothing the site publishes changes.", ""]
    lines += _section(f"⚠️ Edits of the published record ({len(edits)})",
                      "Figures, dates, sources and ids of issues already published at the base: readers may have "
                      "cited and linked them. Check each against its source; a correction says so in the issue's text.",
                      [_edit(how, entry, now, fields) for how, entry, now, fields in edits])
    lines += _section(f"Renamed or removed ids ({gone})",
                      "Each address below stops working: its anchor, the id of its feed entries (a feed reader "
                      "shows a renamed entry as new), and the links to it from other pages and sites.",
                      [f"{_name(old)} → `{_code(new.id)}`: `{_code(old.url)}` is now `{_code(new.url)}`{_feeds(old)}"
                       + (_kept(old, new) if "formerly" in new.facts else "") for old, new in diff.renamed]
                      + [f"{_name(old)} removed: `{_code(old.url)}`{_feeds(old)}" for old in diff.removed])
    lines += _section(f"Added ({len(diff.added)})", None, [f"{_name(e)}: `{_code(e.url)}`" for e in diff.added])
    lines += _section(f"Changed ({len(changed)})", "Besides the edits above." if edits else None, [
        f"{_name(old)}: {_values(old, new, fields)}" for old, new, fields in changed])
    lines += _section(f"Statuses ({len(diff.states)})", None,
                      [f"{_name(old)}: `{_code(old.state)}` → `{_code(new.state)}`" for old, new in diff.states])
    pages = [f"added: `{_code(url or '/')}` ({', '.join(langs)})" for url, langs in diff.pages_added]
    pages += [f"removed: `{_code(url or '/')}` ({', '.join(langs)})" for url, langs in diff.pages_removed]
    lines += _section(f"Pages ({len(pages)})", "Pages of the built site, by address, in the languages named.", pages)
    groups: dict[str, Counter] = {}  # issue N, topics, entities -> kinds of entry not compared
    for entry in diff.uncompared:
        groups.setdefault(f"issue {entry.issue}" if entry.issue else PLURAL[entry.kind], Counter())[entry.kind] += 1
    lines += _section(f"Not compared ({len(diff.uncompared)})", "On one side only, but written in files the other "
                      "side could not load cleanly (above): whether they are new, renamed or gone cannot be told.",
                      [f"{group}: " + ", ".join(f"{kind}: {n}" for kind, n in kinds.items())
                       for group, kinds in groups.items()])
    return "\n".join(lines).rstrip() + "\n"


def _feeds(entry: Entry) -> str:
    """A topic's own feeds, which go with its id."""
    return f", and its feeds `{'`, `'.join(layout.feed_names(entry.id))}`" if entry.kind == "topic" else ""


def _edit(how: str, entry: Entry, now: Entry | None, fields: list[str]) -> str:
    if how == "changed":
        return f"{_name(entry)}: {_values(entry, now, fields)}"
    if how == "renamed":
        return f"{_name(entry)} renamed `{_code(now.id)}`{_kept(entry, now)}"
    if entry.kind == "issue":
        return f"{_name(entry)} deleted: a published issue is withdrawn (`withdrawn:`), never deleted"
    return f"{_name(entry)} {'added to' if how == 'added' else 'taken out of'} a published issue"


def _kept(old: Entry, new: Entry) -> str:
    """Whether a renamed entry keeps its old id as a former one: its anchor and feed entries stay (kb.content.published)."""
    if old.id in new.facts.get("formerly", ()):
        return " (kept under `formerly:`: old links and feed entries still land on it)"
    return " without keeping the old id (`formerly:`): its anchor and feed entries move"


def _section(title: str, intro: str | None, entries: list[str]) -> list[str]:
    if not entries:
        return []
    return [f"### {title}", "", *([intro, ""] if intro else []), *(f"- {entry}" for entry in entries), ""]
