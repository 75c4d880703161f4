"""What every generated part needs: the page being rendered, its language, and links from it.

A `Renderer` is made per page. The parts a reader sees are written by the
modules beside this one (issue_page, lists, ledgers, figures), each once,
for the form it enters the page in (kb.render.links: Markdown or HTML).
"""
from __future__ import annotations

from collections.abc import Callable

from kb.markup.ref_forms import standalone
from kb.markup.refs import expand_refs, spaced_refs
from kb.model.catalog import Catalog
from kb.model.entries import Issue, Unarchived, Watch
from kb.model.labels import LABELS, issue_title, watch_age
from kb.model.reading import reading_minutes, weeks_open
from kb.model.ref_labels import ref_label
from kb.project import layout
from kb.render.links import HTML, Form, Link, UnknownReference, relative
from kb.render.markup import span


class NoShortName(LookupError):
    """A ref inside a sentence to an entry whose page gives it no short name, and with no words of its own."""

    def __init__(self, target_id: str):
        self.target_id = target_id
        super().__init__(f"`{target_id}` is referenced inside a sentence, where its whole title would be read as "
                         f"part of the sentence")


class Renderer:
    def __init__(self, catalog: Catalog, lang: str, page: str, raw: Callable[[str], str] | None = None):
        self.catalog = catalog
        self.lang = lang
        self.page = page  # docs-relative, default-language name of the page being rendered
        self.t = LABELS[lang]
        # How a block of generated HTML enters the Markdown: kept out of it on the site
        # (RawHtml.keep), or as it is, for Markdown to pass through.
        self.raw = raw or (lambda html_text: html_text)

    # ---- links ------------------------------------------------------------

    def title(self, target) -> str:
        if isinstance(target, Issue):
            return issue_title(target.number, target.title(self.lang), self.lang)
        return target.title(self.lang)

    def ref(self, target_id: str, text: str | None = None, alone: bool = True) -> Link:
        """A link to the entry with this id (an unarchived thing: its title, marked as such); `alone`: the link
        stands by itself (a list's line), else it is inside a sentence and shows a name (kb.model.ref_labels)."""
        target = self.catalog.target(target_id)
        if target is None:
            raise UnknownReference(target_id)
        label = ref_label(target, self.lang, text, alone)
        if label is None:
            raise NoShortName(target_id)
        if isinstance(target, Unarchived):
            return Link(label, note=span("kb-unarchived", self.t["unarchived"]))
        return Link(label, target.page, target.anchor)

    def write(self, link: Link, form: Form) -> str:
        return form.link(link, self.page)

    def refs(self, ids: list[str], form: Form) -> str:
        return " · ".join(self.write(self.ref(i), form) for i in ids)

    def prose(self, text: str, form: Form) -> str:
        """Contributor prose with its refs as links (set apart from Han where they show Latin: kb.markup.refs),
        each showing a title where it stands alone and a name inside a sentence (kb.markup.ref_forms)."""
        text = text.strip()
        forms = standalone(text)
        alone = iter(forms)
        return expand_refs(self.spaced(text, forms), lambda target_id, label: self.write(
            self.ref(target_id, label, next(alone)), form), form.text)

    def spaced(self, text: str, alone: list[bool] | None = None) -> str:
        """`text` (Markdown or prose) with a space between Han and a ref showing a Latin letter or digit beside it;
        `alone`: where each ref stands (kb.markup.ref_forms), read from `text` if not given."""
        forms = iter(standalone(text) if alone is None else alone)

        def label(target_id: str, text: str | None) -> str:
            try:
                return self.ref(target_id, text, next(forms)).label
            except (UnknownReference, NoShortName):  # the build stops on it where the ref is rendered
                return ""
        return spaced_refs(text, label)

    def issue_short(self, issue: Issue) -> Link:
        return Link(self.t["issue_short"].format(n=issue.number), issue.page)

    def page_link(self, page: str) -> Link:
        issue = self.catalog.issue_by_page(page)
        return Link(self.title(issue) if issue else self.catalog.page_title(page, self.lang), page)

    def sources(self, sources: list[tuple], form: Form) -> str:
        """(source, role) pairs: the sources themselves, each followed by what analysed or carried it, each named once."""
        written = []
        for source, role in sources:
            link = self.write(Link(source.name, url=source.url), form)
            if role == "source" or not written:
                written.append(link)
            else:
                written[-1] += self.t["source_role"][role].format(source=link)
        return " · ".join(written)

    # ---- small parts ------------------------------------------------------

    def badge(self, category: str) -> str:
        return span(f"kb-badge kb-badge--{category}", self.t["category"][category])

    def verdict(self, verdict: str) -> str:
        return span(f"kb-verdict kb-verdict--{verdict}", self.t["verdict"][verdict])

    def dates(self, issue: Issue) -> str:
        p = issue.facts.period
        return self.t["period"].format(start=p.start, end=p.end, published=issue.facts.published)

    def labelled(self, key: str, text: str, form: Form) -> str:
        label = f"<strong>{self.t[key]}</strong>" if form is HTML else f"**{self.t[key]}**"
        return f"{label}{self.t['colon']}{text}"

    def opened_in(self, entry: Watch, form: Form) -> str:
        opened = self.t["opened_in"].format(issue=self.write(self.issue_short(entry.issue), form),
                                            origin=self.write(self.ref(entry.facts.origin), form))
        return opened + (f" · {self.provenance('watch_by', 'editors')}" if entry.facts.by == "editors" else "")

    def provenance(self, kind: str, by: str) -> str:
        """Who stands behind a judgment, the same label wherever it is shown (`resolution_by`, `watch_by`):
        HTML, which Markdown keeps as it is."""
        return span(f"kb-provenance kb-provenance--{by}", self.t[kind][by])

    def open_for(self, entry: Watch) -> str:
        """How long an open entry has been open, as of the archive's latest issue (opened 6 weeks ago)."""
        return watch_age(self.lang, weeks_open(self.catalog, entry))

    def watch_state(self, entry: Watch, form: Form) -> str:
        """Where an entry stands: what settled it, or open and for how long."""
        if entry.resolved_by:
            return self.resolved_by(entry, form)
        return f"{self.t['watch_open']} · {self.open_for(entry)}"

    def reading_time(self, issue: Issue) -> str:
        return self.t["reading_time"].format(n=reading_minutes(self.catalog, issue, self.lang))

    def resolved_by(self, entry: Watch, form: Form) -> str:
        """What settled the entry, when, who made that call, and why."""
        item = entry.resolved_by
        resolved = self.t["resolved_by"].format(item=self.write(self.ref(item.id), form),
                                                issue=self.write(self.issue_short(item.issue), form), date=item.published)
        return self.t["resolution"].format(resolved=resolved, who=self.provenance("resolution_by", entry.resolution.by),
                                           reason=self.prose(entry.reason(self.lang), form))

    def home(self, site_wide: bool = False) -> str:
        """The language's home (or the site root, shared by all languages), relative to this page."""
        here = (layout.language_home(self.lang) if site_wide else "") + layout.page_url(self.page)
        return relative("", here) or "."
