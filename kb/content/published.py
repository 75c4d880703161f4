"""Published ids are permanent, and a published issue is withdrawn, never deleted.

An id a reader may have linked or a feed reader stored (an issue, an item, a figure, a verdict, a quick take, a
pick, a watch entry) stays: a renamed item lists its earlier ids under `formerly:` (oldest first), so its issue
page keeps an anchor for each and its feed entries keep the first as their id (kb.publish.feeds); the other entries of
an issue are not renamed. An issue taken back keeps its facts file and pages, with `withdrawn: {date}` in its
facts and the reason under `withdrawn:` of each page: its page says it was withdrawn and why, and nothing of it
is listed or announced again (kb.content.loading leaves its entries out of the catalog).

`published_id_problems` compares the catalog of a base commit with today's (`kb check --base REF`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from kb.base.messages import msg
from kb.base.problems import Problem
from kb.content.reader import ContentReader
from kb.project import layout

if TYPE_CHECKING:
    from kb.model.catalog import Catalog
    from kb.model.entries import Issue


def issue_ids(issue: Issue) -> dict[str, tuple[str, int | None]]:
    """Every published id of `issue` -> (the section of its facts, its position there), withdrawn or not."""
    facts = issue.facts
    ids: dict[str, tuple[str, int | None]] = {issue.id: ("number", None)}
    for section in ("items", "signals", "quick_takes", "picks", "watch"):
        for index, entry in enumerate(getattr(facts, section)):
            ids[entry.id] = (section, index)
    for index, item in enumerate(facts.items):
        for claim in item.claims:
            ids[claim.id] = ("claims", index)
    return ids


def former_ids(catalog: Catalog) -> dict[str, str]:
    """Each earlier id of a renamed item -> the item's id now (withdrawn issues' items too)."""
    return {old: item.id for issue in catalog.issues for item in issue.facts.items for old in item.formerly}


def check_formerly(reader: ContentReader, catalog: Catalog) -> None:
    """A former id is a slug (kb.model.schema), names one item only, and is no id of the archive nor an anchor of the
    issue page's sections: an old link must land on the item it meant."""
    taken = {anchor for anchor in layout.SECTION_ANCHORS.values()}
    ids = set(catalog.targets) | {i for issue in catalog.issues for i in issue_ids(issue)}
    seen: dict[str, str] = {}
    for issue in reversed(catalog.issues):  # oldest first: the later one is reported
        doc = reader.document(issue.facts_file)
        for index, item in enumerate(issue.facts.items):
            for position, old in enumerate(item.formerly):
                loc = ("items", index, "formerly", position)
                if old == item.id or old in ids or old in taken:
                    said = msg("former-id-taken", id=old)
                elif old in seen:
                    said = msg("former-id-twice", id=old, item=seen[old])
                else:
                    seen[old] = item.id
                    continue
                reader.problem(doc, loc, ".".join(map(str, loc)), said, found=old)


def check_withdrawn(reader: ContentReader, issue: Issue, docs: dict) -> None:
    """A withdrawn issue says why, in every language its page is written in; an issue in force does not."""
    for lang, text in issue.texts.items():
        if issue.facts.withdrawn and not text.withdrawn:
            reader.problem(docs[lang], (), "withdrawn", msg("withdrawn-no-reason", file=issue.facts_file))
        elif text.withdrawn and not issue.facts.withdrawn:
            reader.problem(docs[lang], ("withdrawn",), "withdrawn", msg("withdrawn-reason-unwithdrawn", file=issue.facts_file),
                           found="withdrawn")


def published_id_problems(base: Catalog, catalog: Catalog) -> list[Problem]:
    """Ids published at the base that are gone now: an issue deleted instead of withdrawn, an entry renamed
    without `formerly:` (or removed), each reported where its issue's facts are written now, or were."""
    now = {issue.number: issue for issue in catalog.issues}
    present = {i for issue in catalog.issues for i in issue_ids(issue)} | set(former_ids(catalog))
    problems = []
    for issue in base.issues:
        current = now.get(issue.number)
        if current is None:
            problems.append(Problem(issue.facts_file, None, "file", msg("issue-deleted", number=issue.number,
                                                                         file=issue.facts_file)))
            continue
        for entry_id, (section, _) in issue_ids(issue).items():
            if entry_id not in present:
                said = (msg("published-item-gone", id=entry_id, number=issue.number) if section == "items"
                        else msg("published-id-gone", id=entry_id, number=issue.number))
                problems.append(Problem(current.facts_file, None, section, said, found=entry_id))
    return problems
