"""The archive as a sequence: issues numbered in the order of their dates, gaps declared, no reference repeated.

Rules of the whole archive rather than of one file: an issue's dates come after the previous issue's; a number
skipped between two archived issues is either declared (`unarchived: [issue-5]`, named in the pages) or a
warning saying so; a list of references in facts (topics, entities, sources, a verdict's items, resolutions,
unarchived ids, pins) names each thing once; an item's prose links each target once, and not what its own
facts line already links (its topics and entities).
"""
from __future__ import annotations

import re
from collections import Counter

from kb.base.messages import msg
from kb.content.reader import ContentReader, dotted
from kb.markup.refs import find_refs
from kb.model.catalog import Catalog
from kb.project import layout

ISSUE_REF = re.compile(r"issue-(\d+)")


def unarchived_issues(catalog: Catalog) -> set[int]:
    """Numbers of issues declared as not in the archive (`unarchived: [issue-N]` in any issue)."""
    return {int(m.group(1)) for issue in catalog.issues for thing in issue.facts.unarchived
            if (m := ISSUE_REF.fullmatch(thing))}


def check_archive_order(reader: ContentReader, catalog: Catalog) -> None:
    by_number = sorted(catalog.issues, key=lambda issue: issue.number)
    declared = unarchived_issues(catalog)
    for earlier, later in zip(by_number, by_number[1:]):
        doc = reader.document(later.facts_file)
        if later.facts.period.start <= earlier.facts.period.end:
            reader.problem(doc, ("period", "start"), "period.start",
                           msg("issue-before-previous", number=later.number, start=later.facts.period.start,
                               previous=earlier.number, end=earlier.facts.period.end),
                           found=str(later.facts.period.start))
        missing = [n for n in range(earlier.number + 1, later.number) if n not in declared]
        if missing:
            ids = ", ".join(layout.issue_id(n) for n in missing)
            reader.problem(doc, ("number",), "number",
                           msg("issue-numbers-skipped", numbers=", ".join(map(str, missing)), previous=earlier.number,
                               number=later.number, ids=ids),
                           severity="warning", found=str(later.number))
    archived = {issue.number for issue in catalog.issues}
    for issue in catalog.issues:
        for index, thing in enumerate(issue.facts.unarchived):
            match = ISSUE_REF.fullmatch(thing)
            if match and int(match.group(1)) in archived:
                loc = ("unarchived", index)
                reader.problem(reader.document(issue.facts_file), loc, dotted(loc),
                               msg("unarchived-issue-archived", id=thing), found=thing)


def _lists(issue) -> list[tuple[tuple, list[str]]]:
    """(where, the ids it lists) for every list of references in an issue's facts."""
    found = [(("unarchived",), list(issue.facts.unarchived))]
    for section in ("items", "signals", "quick_takes", "picks"):
        for index, facts in enumerate(getattr(issue.facts, section)):
            found.append(((section, index, "topics"), list(getattr(facts, "topics", []))))
    for index, facts in enumerate(issue.facts.items):
        found.append((("items", index, "entities"), list(facts.entities)))
        found.append((("items", index, "sources"), [s.outlet or s.url or s.name for s in facts.sources]))
        found.append((("items", index, "resolves"), [r.watch for r in facts.resolves]))
    for index, facts in enumerate(issue.facts.signals):
        found.append((("signals", index, "items"), list(facts.items)))
    return found


def check_repeated_references(reader: ContentReader, catalog: Catalog) -> None:
    for issue in catalog.issues:
        doc = reader.document(issue.facts_file)
        for loc, ids in _lists(issue):
            for thing, count in Counter(ids).items():
                if thing and count > 1:
                    reader.problem(doc, loc, dotted(loc), msg("listed-twice", id=thing), found=thing)
        for item in issue.items:
            linked = set(item.facts.topics) | set(item.facts.entities)  # the facts line links these
            for lang, issue_text in issue.texts.items():
                text, page = issue_text.items.get(item.id), reader.pages.get(issue.page, {}).get(lang)
                if text is None or page is None:
                    continue
                seen: set[str] = set()
                for field in ("summary", "why", "edge"):
                    for target, _ in find_refs(getattr(text, field) or ""):
                        loc = ("items", item.id, field)
                        if target in seen:
                            reader.problem(page.meta, loc, dotted(loc), msg("ref-twice-in-item", id=target), found=target)
                        elif target in linked:
                            reader.problem(page.meta, loc, dotted(loc), msg("ref-of-facts-line", id=target), found=target)
                        seen.add(target)
