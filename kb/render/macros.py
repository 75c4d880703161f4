"""The macros a page may call, bound to one page in one language.

Their names and argument counts are kb.markup.templates.MACROS, which the checker
enforces; the site's macros module registers exactly those names, each
calling the method of the same name here. Whatever a macro decides about its
page (the title of an issue page, the topic of a hub) is left in `meta` for
the site generator to apply.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kb.markup.ref_forms import standalone
from kb.markup.safety import plain_text_problem
from kb.markup.refs import REF
from kb.model.catalog import Catalog
from kb.model.records import RecordPage
from kb.project import layout
from kb.project.translations import translation_states
from kb.render import leads, ledgers, lists, records
from kb.render.issue_page import issue_page
from kb.render.links import MARKDOWN, UnknownReference
from kb.render.renderer import Renderer


class MisplacedMacro(LookupError):
    """A page's own issue, hub or entity macro on a page that is none of them."""

    def __init__(self, macro: str, where: str):
        super().__init__(f"{macro}() only works on {where} — remove it from this page")


class PageMacros:
    def __init__(self, catalog: Catalog, lang: str, page: str, raw: Callable[[str], str] | None = None):
        self.r = Renderer(catalog, lang, page, raw)
        self.meta: dict[str, str] = {}  # page metadata the macros set: `title`, `kb_topic`

    @property
    def catalog(self) -> Catalog:
        return self.r.catalog

    def ref(self, target_id: str, text: str | None = None) -> str:
        """Link to an item, signal, watch entry, topic, entity or issue (`issue-N`) by id, inside a sentence: a ref
        standing alone was written before the macros ran (`spaced_refs`), so every one left shows a name."""
        return self.r.write(self.r.ref(target_id, text, alone=False), MARKDOWN)

    def issue_page(self) -> str:
        """The whole issue: header, summary, featured items, signals vs noise."""
        issue = self.catalog.issue_by_page(self.r.page)
        if issue is None:
            raise MisplacedMacro("issue_page", "an issue page (docs/issues/NNN.md)")
        self.meta["title"] = self.r.title(issue)
        return issue_page(self.r, issue)

    def topic_hub(self) -> str:
        """Every item, verdict and open watch entry of this hub's topic."""
        topic = self.catalog.topics.get(self._own_id(layout.TOPICS_DIR))
        if topic is None:
            raise MisplacedMacro("topic_hub", "a topic hub (docs/topics/<topic>.md)")
        self.meta["kb_topic"] = topic.id  # the page's head links the topic's feeds
        return lists.topic_hub(self.r, topic.id)

    def entity_timeline(self) -> str:
        """Every item that mentions this page's entity, newest first."""
        entity = self.catalog.entities.get(self._own_id(layout.ENTITIES_DIR))
        if entity is None:
            raise MisplacedMacro("entity_timeline", "an entity page (docs/entities/<entity>.md)")
        self.meta["kb_entity"] = entity.id  # the page's head links the entity's feeds
        return lists.entity_timeline(self.r, entity.id)

    def _own_id(self, folder: str) -> str:
        page = self.r.page
        return Path(page).stem if page.startswith(folder + "/") else ""

    # Generated lists that need nothing from the page but its language.

    def watch_list(self) -> str:
        return lists.watch_list(self.r)

    def issue_archive(self) -> str:
        return lists.archive(self.r)

    def topic_list(self) -> str:
        return lists.topic_list(self.r)

    def entity_list(self) -> str:
        return lists.entity_list(self.r)

    def open_watch(self) -> str:
        return lists.open_watch(self.r)

    def latest_issue(self) -> str:
        return lists.latest_issue(self.r)

    def latest_issues(self) -> str:
        return leads.latest_issues(self.r)

    def recent_changes(self) -> str:
        return leads.recent_changes(self.r)

    def claims_ledger(self) -> str:
        return ledgers.claims_ledger(self.r)

    def signals_ledger(self) -> str:
        return ledgers.signals_ledger(self.r)

    def open_data(self) -> str:
        return ledgers.open_data(self.r)

    def source_kinds(self) -> str:
        """Every kind of source a figure can have, from the model: `vendor` (vendor-reported: …), … (docs/data.md)."""
        return ledgers.source_kinds(self.r)

    def spaced_refs(self, markdown: str) -> str:
        """Not a macro: the page's Markdown with its refs set apart from Han where they show Latin (kb.markup.refs),
        and each ref that stands alone (kb.markup.ref_forms) written out as a link to its full title, before the
        macros run: the `ref` macro is not told where it stands."""
        forms = standalone(markdown)
        spaced = self.r.spaced(markdown, forms)
        parts, last = [], 0
        for match, alone in zip(REF.finditer(spaced), forms):
            parts.append(spaced[last:match.start()])
            last = match.end()
            text = match.group("text")
            # an argument Jinja would decode (`\x3c`) or that is not plain text is left to the macro, whose
            # checked arguments stop the build naming the page (macros/): this pass reads the source as written
            if text is not None and ("\\" in text or plain_text_problem(text)):
                alone = False
            try:
                parts.append(self.r.write(self.r.ref(match.group("id"), text), MARKDOWN) if alone
                             else match.group())
            except UnknownReference:  # left to the macro, which stops the build naming the page
                parts.append(match.group())
        return "".join(parts) + spaced[last:]

    def record_page(self, record: RecordPage) -> str:
        """Not a macro: the body of a record page the build generates (kb.model.records)."""
        return records.record_page(self.r, record)

    def translation_status(self) -> str:
        """Each page's English translation: up to date, outdated or missing (for editors)."""
        return ledgers.translation_table(self.r, translation_states(self.catalog.root, sorted(self.catalog.page_titles)))

