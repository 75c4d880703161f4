"""Markdown for the generated parts of pages, in one language, for one page.

Links point at the target's Markdown source, relative to the page being
rendered, so the site generator resolves them per language and checks them.
"""
from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Callable
from datetime import datetime, timezone

from . import layout
from .catalog import Catalog, Claim, Issue, Item, Signal, Unarchived, Watch
from .feeds import feed_names
from .labels import LABELS
from .refs import expand_refs
from .translations import NOW


class UnknownReference(LookupError):
    def __init__(self, target_id: str):
        self.target_id = target_id
        super().__init__(f"unknown id `{target_id}`")


def _escape(text: str) -> str:
    return text.replace("[", "\\[").replace("]", "\\]")


class RawHtml:
    """Generated HTML kept out of the Markdown converter.

    Long lists (hubs, timelines, the archive) are built as HTML; passed through
    Markdown they still cost its HTML parser most of the build at 520 issues.
    `keep` stores one and returns a placeholder block for the Markdown; `restore`
    puts them back into the converted page.
    """

    PLACEHOLDER = re.compile(r'<div data-kb-raw="(\d+)"></div>')

    def __init__(self):
        self.parts: list[str] = []

    def keep(self, html_text: str) -> str:
        self.parts.append(html_text)
        return f'<div data-kb-raw="{len(self.parts) - 1}"></div>'

    def restore(self, converted: str) -> str:
        def part(match: re.Match) -> str:
            index = int(match[1])
            if index >= len(self.parts):
                raise LookupError(f"placeholder {match[0]} has no generated HTML — content may not write it")
            return self.parts[index]
        return self.PLACEHOLDER.sub(part, converted)


def unindexed(markdown: str) -> str:
    """Generated lists repeat what issue pages say: keep them out of the search index,
    so each item is found once, on its issue page, and the index stays small."""
    return f'<div data-pagefind-ignore="all" markdown>\n\n{markdown}\n\n</div>\n'


def unindexed_html(html_text: str) -> str:
    """The same for a block that is all HTML. Not wrapped as Markdown: md_in_html takes
    time quadratic in the size of raw HTML nested in a `markdown` block (5,000 rows: minutes)."""
    return f'<div data-pagefind-ignore="all">{html_text}</div>'


def relative(target: str, base: str) -> str:
    """`target` relative to the folder `base`, both site-relative folders ("" is the root).

    posixpath.relpath does the same but asks the OS for the working directory on
    every call: at 520 issues that was 2 seconds of the build.
    """
    here, there = [p for p in base.split("/") if p], [p for p in target.split("/") if p]
    common = 0
    while common < min(len(here), len(there)) and here[common] == there[common]:
        common += 1
    return "/".join([".."] * (len(here) - common) + there[common:])


def _ratio(ratio: tuple[float, float]) -> str:
    low, high = ratio
    return f"{high:g}×" if low == high else f"{low:g}–{high:g}×"


def _indent(text: str, spaces: int = 4) -> str:
    return "\n".join((" " * spaces + line) if line.strip() else "" for line in text.splitlines())


class Renderer:
    def __init__(self, catalog: Catalog, lang: str, page: str, raw: Callable[[str], str] = lambda html_text: html_text):
        self.catalog = catalog
        self.lang = lang
        self.page = page  # docs-relative, default-language name of the page being rendered
        self.t = LABELS[lang]
        self.raw = raw  # how a block of generated HTML enters the Markdown (RawHtml.keep on the site)

    # ---- links ------------------------------------------------------------

    def url(self, page: str, anchor: str | None = None) -> str:
        path = "" if page == self.page else relative(page, posixpath.dirname(self.page))
        return f"{path}#{anchor}" if anchor else path

    def title(self, target) -> str:
        if isinstance(target, Issue):
            return self.t["issue"].format(n=target.number, title=target.title(self.lang))
        return target.title(self.lang)

    def ref(self, target_id: str, text: str | None = None) -> str:
        target = self.catalog.target(target_id)
        if target is None:
            raise UnknownReference(target_id)
        label = _escape(text or self.title(target))
        if isinstance(target, Unarchived):
            return f'{label} <span class="kb-unarchived">{self.t["unarchived"]}</span>'
        return f"[{label}]({self.url(target.page, target.anchor)})"

    def prose(self, text: str) -> str:
        return expand_refs(text.strip(), self.ref)

    # Long generated lists (hubs, timelines, the archive) are written as HTML and kept
    # out of Markdown (`self.raw`): at 520 issues they were most of the build.
    # Their links are checked by `kb audit`, as mkdocs checks only Markdown links.

    def href(self, page: str, anchor: str | None = None) -> str:
        here, there = layout.page_url(self.page), layout.page_url(page)
        path = "" if there == here else (relative(there, here) or ".") + "/"
        return html.escape(f"{path.removeprefix('./')}#{anchor}" if anchor else path or "./")

    def ref_html(self, target_id: str, text: str | None = None) -> str:
        target = self.catalog.target(target_id)
        if target is None:
            raise UnknownReference(target_id)
        label = html.escape(text or self.title(target))
        if isinstance(target, Unarchived):
            return f'{label} <span class="kb-unarchived">{self.t["unarchived"]}</span>'
        return f'<a href="{self.href(target.page, target.anchor)}">{label}</a>'

    def prose_html(self, text: str) -> str:
        return expand_refs(text.strip(), self.ref_html, html.escape)

    def issue_short_html(self, issue: Issue) -> str:
        return f'<a href="{self.href(issue.page)}">{self.t["issue_short"].format(n=issue.number)}</a>'

    def page_link(self, page: str) -> str:
        issue = self.catalog.issue_by_page(page)
        title = self.title(issue) if issue else self.catalog.page_title(page, self.lang)
        return f"[{_escape(title)}]({self.url(page)})"

    # ---- small parts ------------------------------------------------------

    def badge(self, category: str) -> str:
        return f'<span class="kb-badge kb-badge--{category}">{self.t["category"][category]}</span>'

    def verdict(self, verdict: str) -> str:
        return f'<span class="kb-verdict kb-verdict--{verdict}">{self.t["verdict"][verdict]}</span>'

    def dates(self, issue: Issue) -> str:
        p = issue.facts.period
        return self.t["period"].format(start=p.start, end=p.end, published=issue.facts.published)

    def issue_short(self, issue: Issue) -> str:
        return f"[{self.t['issue_short'].format(n=issue.number)}]({self.url(issue.page)})"

    def links(self, ids: list[str]) -> str:
        return " · ".join(self.ref(i) for i in ids)

    def labelled(self, key: str, text: str) -> str:
        return f"**{self.t[key]}**{self.t['colon']}{text}"

    # ---- issue page -------------------------------------------------------

    def issue_page(self, issue: Issue) -> str:
        text = issue.text(self.lang)
        parts = [
            f"# {_escape(self.title(issue))}",
            f"{self.dates(issue)}\n{{: .kb-dates }}",
            f'!!! abstract "{self.t["summary"]}"\n\n{_indent(self.prose(text.summary))}',
            f"## {self.t['featured']} {{ #featured }}",
            *(self.item_block(item) for item in issue.items),
        ]
        # Sections an issue does not have are left out, never filled with stand-ins.
        if issue.quick_takes:
            parts.append(f"## {self.t['quick_takes']} {{ #quick-takes }}")
            parts += [self.quick_take_block(take) for take in issue.quick_takes]
        if issue.signals:
            parts.append(f"## {self.t['signals']} {{ #signals }}")
            parts += [self.signal_block(signal) for signal in issue.signals]
        if issue.picks:
            parts.append(f"## {self.t['picks']} {{ #picks }}")
            parts += [self.pick_block(pick) for pick in issue.picks]
        parts.append(f"---\n\n{self.t['disclaimer']}\n{{: .kb-disclaimer }}")
        return "\n\n".join(parts) + "\n"

    def item_block(self, item: Item) -> str:
        text = item.text(self.lang)
        return "\n\n".join([
            f"### {_escape(text.title)} {{ #{item.id} .kb-item }}",
            f"{self.badge(item.facts.category)} **{self.prose(text.summary)}**",
            self.labelled("why", self.prose(text.why)),
            self.labelled("edge", self.prose(text.edge)),
            self.raw(self.item_details(item)),
        ])

    def item_details(self, item: Item) -> str:
        """Sources, facts, figures and links of an item, as HTML: generated link lists cost
        Markdown 40% of an issue page's conversion (links are checked by `kb audit`)."""
        text = item.text(self.lang)
        colon = self.t["colon"]

        def line(key: str, html_text: str) -> str:
            return f"<p><strong>{self.t[key]}</strong>{colon}{html_text}</p>"

        sources = " · ".join(f'<a href="{html.escape(s.url)}">{html.escape(s.name)}</a>' if s.url else html.escape(s.name)
                             for s in self.catalog.sources(item))
        if text.source_note:
            sources += f" {self.prose_html(text.source_note)}"
        facts = f"<strong>{self.t['topics']}</strong>{colon}{self.links_html(item.facts.topics)}"
        if item.facts.entities:
            facts += f"<br>\n<strong>{self.t['entities']}</strong>{colon}{self.links_html(item.facts.entities)}"
        parts = [line("source", sources), f'<p class="kb-facts">{facts}</p>']
        if item.claims:
            parts.append(line("claims", "") + self.claims_list(item))
        if item.facts.resolves:
            parts.append(line("resolves", self.links_html(item.facts.resolves)))
        mentioned = self.catalog.mentioned_in(item.id, besides=item.page)
        if mentioned:
            parts.append(line("mentioned_in", " · ".join(self.page_link_html(p) for p in mentioned)))
        related = self.catalog.related(item)
        if related:
            parts.append(line("related", self.related_html(related)))
        return "\n".join(parts)

    def links_html(self, ids: list[str]) -> str:
        return " · ".join(self.ref_html(i) for i in ids)

    def page_link_html(self, page: str) -> str:
        issue = self.catalog.issue_by_page(page)
        title = self.title(issue) if issue else self.catalog.page_title(page, self.lang)
        return f'<a href="{self.href(page)}">{html.escape(title)}</a>'

    def related_html(self, items: list[Item]) -> str:
        # generated from other issues' titles: kept out of the search index, like the hubs' lists
        return '<span class="kb-related" data-pagefind-ignore="all">' + " · ".join(
            f"{self.ref_html(i.id)} <small>({self.issue_short_html(i.issue)})</small>" for i in items) + "</span>"

    def sources(self, sources) -> str:
        return " · ".join(f"[{_escape(s.name)}]({s.url})" if s.url else _escape(s.name) for s in sources)

    def quick_take_block(self, take) -> str:
        line = self.prose(take.text(self.lang))
        if take.facts.sources:
            line += f" ({self.sources(take.facts.sources)})"
        return f"{line}\n{{: #{take.id} .kb-quick-take }}"

    def pick_block(self, pick) -> str:
        text = pick.text(self.lang)
        kind = f'<span class="kb-badge kb-badge--{pick.facts.kind}">{self.t["pick_kind"][pick.facts.kind]}</span>'
        return f"{kind} **[{_escape(text.title)}]({pick.facts.url})** — {self.prose(text.note)}\n{{: #{pick.id} .kb-pick }}"

    def signal_block(self, signal: Signal) -> str:
        text = signal.text(self.lang)
        lines = [
            f"### {_escape(text.title)} {{ #{signal.id} .kb-signal }}",
            f"{self.verdict(signal.facts.verdict)} {self.prose(text.body)}",
            f"{self.labelled('topics', self.links(signal.facts.topics))}\n{{: .kb-facts }}",
        ]
        return "\n\n".join(lines)

    # ---- lists used by hubs, entities, the watch list and the archive ------

    def item_entry(self, item: Item, *, dated: bool = True) -> str:
        text = item.text(self.lang)
        when = f'<br><span class="kb-dates">{self.issue_short_html(item.issue)} · {item.published}</span>' if dated else ""
        return f"<li>{self.badge(item.facts.category)} {self.ref_html(item.id)} — {self.prose_html(text.summary)}{when}</li>"

    def signal_entry(self, signal: Signal) -> str:
        return (f"<li>{self.verdict(signal.facts.verdict)} {self.ref_html(signal.id)} — "
                f"{self.issue_short_html(signal.issue)} · {signal.published}</li>")

    def watch_item(self, entry: Watch) -> str:
        opened = self.t["opened_in"].format(issue=self.issue_short_html(entry.issue), origin=self.ref_html(entry.facts.origin))
        return f"<li>{self.ref_html(entry.id)} — {opened}</li>"

    def watch_entry(self, entry: Watch, heading: str) -> str:
        text = entry.text(self.lang)
        opened = self.t["opened_in"].format(issue=self.issue_short(entry.issue), origin=self.ref(entry.facts.origin))
        lines = [f"{heading} {_escape(text.title)} {{ #{entry.id} }}", self.prose(text.note), opened]
        if entry.resolved_by:
            item = entry.resolved_by
            lines.append(self.t["resolved_by"].format(item=self.ref(item.id), issue=self.issue_short(item.issue), date=item.published))
        return "\n\n".join(lines)

    def bullet_list_html(self, entries: list[str]) -> str:
        if not entries:
            return f"<p>{self.t['none_yet']}</p>"
        return '<ul class="kb-list">' + "".join(entries) + "</ul>"

    def bullet_list(self, entries: list[str]) -> str:
        return self.raw(self.bullet_list_html(entries))

    def feed_links(self, topic: str | None = None) -> str:
        home = relative("", layout.page_url(self.page)) or "."  # feeds sit at the language's home
        rss, atom = feed_names(topic)
        return (f'<p class="kb-feeds">{self.t["subscribe"]}{self.t["colon"]}<a href="{home}/{rss}">RSS</a> · '
                f'<a href="{home}/{atom}">Atom</a></p>')

    def topic_hub(self, topic_id: str) -> str:
        c = self.catalog
        return unindexed("\n\n".join([
            self.feed_links(topic_id),
            f"## {self.t['hub_items']} {{ #items }}",
            self.bullet_list([self.item_entry(i) for i in c.items_of_topic(topic_id)]),
            f"## {self.t['hub_signals']} {{ #signals }}",
            self.bullet_list([self.signal_entry(s) for s in c.signals_of_topic(topic_id)]),
            f"## {self.t['hub_watch']} {{ #watch }}",
            self.bullet_list([self.watch_item(w) for w in c.watch_of_topic(topic_id, open_only=True)]),
        ]))

    def entity_timeline(self, entity_id: str) -> str:
        parts, current = [], None
        for item in self.catalog.items_of_entity(entity_id):
            if item.issue is not current:
                current = item.issue
                parts += [f'<h3 class="kb-when">{item.published} · {self.issue_short_html(item.issue)}</h3>', []]
            parts[-1].append(self.item_entry(item, dated=False))
        entity = self.catalog.entities[entity_id]
        head = self.t["entity_kind"][entity.facts.kind]
        if entity.facts.url:
            head += f" · [{self.t['homepage']}]({entity.facts.url})"
        timeline = "".join(p if isinstance(p, str) else self.bullet_list_html(p) for p in parts)
        return unindexed("\n\n".join([f"{head}\n{{: .kb-facts }}", self.raw(timeline) if parts else self.t["none_yet"]]))

    def watch_list(self) -> str:
        c = self.catalog
        parts = [f"## {self.t['watch_open']} {{ #open }}"]
        for topic in c.topics.values():
            entries = c.watch_of_topic(topic.id, open_only=True)
            if entries:
                parts.append(f"### {self.ref(topic.id)} {{ #open-{topic.id} }}")
                parts += [self.watch_entry(w, "####") for w in entries]
        if not c.open_watch():
            parts.append(self.t["none_yet"])
        parts.append(f"## {self.t['watch_resolved']} {{ #resolved }}")
        parts += [self.watch_entry(w, "###") for w in c.resolved_watch()] or [self.t["none_yet"]]
        return "\n\n".join(parts) + "\n"

    def issue_card(self, issue: Issue, *, full_summary: bool = False) -> str:
        text = issue.text(self.lang)
        items = " · ".join(f"{self.badge(i.facts.category)} {self.ref_html(i.id)}" for i in issue.items)
        summary = text.summary if full_summary else text.description
        return (f'<h3 class="kb-card"><a href="{self.href(issue.page)}">{html.escape(self.title(issue))}</a></h3>'
                f'<p class="kb-dates">{self.dates(issue)}</p><p>{self.prose_html(summary)}</p><p>{items}</p>')

    def archive(self) -> str:
        return self.raw(unindexed_html("".join(self.issue_card(issue) for issue in self.catalog.issues)))

    def topic_list(self) -> str:
        c = self.catalog
        rows = []
        for topic in c.topics.values():
            counts = self.t["counts"].format(
                items=len(c.items_of_topic(topic.id)),
                signals=len(c.signals_of_topic(topic.id)),
                watch=len(c.watch_of_topic(topic.id, open_only=True)),
            )
            rows.append(f"- **{self.ref(topic.id)}** — {topic.text(self.lang).description}  \n  {counts}")
        return unindexed("\n".join(rows))

    def entity_list(self) -> str:
        c = self.catalog
        rows = [
            f"- **{self.ref(e.id)}** — {self.t['entity_kind'][e.facts.kind]} · "
            f"{self.t['item_count'].format(n=len(c.items_of_entity(e.id)))}"
            for e in c.entities.values()
        ]
        return unindexed("\n".join(rows))

    def translation_table(self, states) -> str:
        def when(moment):
            if moment is None:
                return "—"
            return self.t["uncommitted"] if moment == NOW else datetime.fromtimestamp(moment, timezone.utc).date().isoformat()

        head = self.t["translation_head"]
        rows = [f"| {' | '.join(head)} |", "|" + " --- |" * len(head)]
        for state in states:
            status = f'<span class="kb-translation kb-translation--{state.status}">{self.t["translation_status"][state.status]}</span>'
            rows.append(f"| {self.page_link(state.page)} | {status} | {when(state.source_changed)} | {when(state.translation_changed)} |")
        return unindexed("\n".join(rows))

    def open_watch(self) -> str:
        return unindexed(self.bullet_list([self.watch_item(w) for w in self.catalog.open_watch()]))

    def latest_issue(self) -> str:
        issues = self.catalog.issues
        card = self.raw(self.issue_card(issues[0], full_summary=True)) if issues else self.t["none_yet"]
        return unindexed(f"{card}\n{self.feed_links()}")

    # ---- claims: the figures items report ---------------------------------

    def quantity(self, quantity) -> str:
        value = f"{int(quantity.value):,}" if quantity.value.is_integer() else f"{quantity.value:,g}"
        unit = self.t["unit"].get(quantity.unit, quantity.unit)
        return f"{value}%" if unit == "%" else f"{value} {unit}".strip()

    def figure(self, claim: Claim) -> str:
        """The figures as written: baseline → result, change, ratio; with about/up to/over/at most."""
        f = claim.facts
        parts = []
        if f.baseline is not None:
            parts.append(f"{self.quantity(f.baseline)} → {self.quantity(f.result)}")
        elif f.result is not None:
            parts.append(self.quantity(f.result))
        if f.change is not None:
            parts.append(f"{f.change:+g}%".replace("-", "−"))
        if f.ratio:
            parts.append(_ratio(f.ratio))
        text = " · ".join(parts)
        return f"{self.t['qualifier'][f.qualifier]} {text}" if f.qualifier else text

    def factor(self, claim: Claim) -> str:
        """The multiplier: as written, or worked out from baseline and result (≈)."""
        f = claim.facts
        if f.ratio:
            return _ratio(f.ratio)
        return f"≈{f.measured_factor:.1f}×" if f.measured_factor else self.t["no_figure"]

    def source_kind(self, kind: str, *, hint: bool = True) -> str:
        """Who measured a figure; the hint says what that means (the ledger states it once, above its table)."""
        label = self.t["source_kind"][kind]
        title = f' title="{html.escape(self.t["source_kind_hint"][kind])}"' if hint else ""
        if kind == "vendor":  # leads to the weekly's caveat on the claims page
            return (f'<a class="kb-source-kind kb-source-kind--vendor"{title} '
                    f'href="{self.href(layout.CLAIMS_PAGE, "vendor-caveat")}">{label}</a>')
        return f'<span class="kb-source-kind kb-source-kind--{kind}"{title}>{label}</span>'

    def claims_list(self, item: Item) -> str:
        rows = []
        for claim in item.claims:
            f = claim.facts
            where = "".join(f" · {html.escape(x)}" for x in (f.hardware, f.benchmark) if x)
            rows.append(f'<li id="{claim.id}">{html.escape(claim.text(self.lang))}{self.t["colon"]}'
                        f'<strong>{html.escape(self.figure(claim))}</strong>{where} {self.source_kind(f.source_kind)}</li>')
        return '<ul class="kb-claims">' + "".join(rows) + "</ul>"

    def claims_ledger(self) -> str:
        """Every figure of the archive in one table; kb-claims.js adds sorting and filters."""
        t, c = self.t, self.catalog
        head = "".join(f'<th data-sort="{key}">{label}</th>' if key else f"<th>{label}</th>"
                       for key, label in zip(("", "", "", "factor", "metric", "hardware", "", "source", "date"), t["claims_head"]))
        rows = []
        for claim in c.claims:
            f, item = claim.facts, claim.item
            topics = " · ".join(f'<span data-topic="{tid}">{html.escape(c.topics[tid].title(self.lang))}</span>'
                                for tid in claim.topics)
            rows.append(
                f'<tr data-topics="{" ".join(claim.topics)}" data-metric="{f.metric}" '
                f'data-hardware="{html.escape(f.hardware or "")}" data-source="{f.source_kind}" '
                f'data-factor="{f.factor or 0:.4f}" data-date="{claim.published}">'
                f'<td>{self.ref_html(item.id)}<br><small>{topics}</small></td>'
                f"<td>{html.escape(claim.text(self.lang))}</td>"
                f"<td>{html.escape(self.figure(claim))}</td><td>{self.factor(claim)}</td>"
                f"<td>{t['metric'][f.metric]}</td><td>{html.escape(f.hardware or t['no_figure'])}</td>"
                f"<td>{html.escape(f.benchmark or t['no_figure'])}</td><td>{self.source_kind(f.source_kind, hint=False)}</td>"
                f"<td>{self.issue_short_html(claim.issue)}<br><small>{claim.published}</small></td></tr>")
        labels = " ".join(f'data-label-{key}="{html.escape(text)}"' for key, text in t["claims_filters"].items())
        table = (f'<div class="md-typeset__scrollwrap"><div class="md-typeset__table">'
                 f'<table class="kb-claims-ledger" {labels}><thead><tr>{head}</tr></thead>'
                 f'<tbody>{"".join(rows)}</tbody></table></div></div>')
        caveat = (f'<div class="admonition warning" id="vendor-caveat"><p class="admonition-title">{t["vendor_caveat_title"]}</p>'
                  f'<p>{html.escape(t["vendor_caveat"])}</p></div>')
        return self.raw(unindexed_html(caveat + (table if rows else f"<p>{t['none_yet']}</p>")))

    # ---- the signals ledger: every verdict, by topic, oldest first ----------

    def signals_ledger(self) -> str:
        c, t = self.catalog, self.t
        raised: dict[str, list[Watch]] = {}
        for entry in c.watch:
            raised.setdefault(entry.facts.origin, []).append(entry)
        parts = []
        for topic in c.topics.values():
            verdicts = list(reversed(c.signals_of_topic(topic.id)))  # a call first, then what came after
            if not verdicts:
                continue
            parts.append(f"## {_escape(topic.title(self.lang))} {{ #{topic.id} }}")
            entries = []
            for signal in verdicts:
                about = " · ".join(self.ref_html(i) for i in signal.facts.items)
                follow = "".join(self.follow_up(w) for w in raised.get(signal.id, []))
                entries.append(
                    f'<li>{self.verdict(signal.facts.verdict)} {self.ref_html(signal.id)} — '
                    f'{self.issue_short_html(signal.issue)} · {signal.published}'
                    f"<p>{self.prose_html(signal.text(self.lang).body)}</p>"
                    + (f'<p class="kb-facts">{t["ledger_about"]}{t["colon"]}{about}</p>' if about else "")
                    + (f'<ul>{follow}</ul>' if follow else "") + "</li>")
            parts.append(self.raw('<ul class="kb-list kb-ledger">' + "".join(entries) + "</ul>"))
        return unindexed("\n\n".join(parts) if parts else t["none_yet"])

    def follow_up(self, entry: Watch) -> str:
        if entry.resolved_by:
            item = entry.resolved_by
            state = self.t["resolved_by"].format(item=self.ref_html(item.id), issue=self.issue_short_html(item.issue), date=item.published)
        else:
            state = self.t["ledger_open"]
        return f"<li>{self.t['ledger_follow_up'].format(entry=self.ref_html(entry.id))} — {state}</li>"

    # ---- open data --------------------------------------------------------

    def open_data(self) -> str:
        here = layout.language_home(self.lang) + layout.page_url(self.page)
        home = relative("", here) or "."  # the export sits at the site root, for every language
        head = "".join(f"<th>{label}</th>" for label in self.t["open_data_files"])
        rows = "".join(
            f'<tr><td><a href="{home}/{layout.EXPORT_DIR}/{name}"><code>{layout.EXPORT_DIR}/{name}</code></a></td><td>{text}</td></tr>'
            for name, text in ((layout.EXPORT_FILE, self.t["open_data_catalog"]), (layout.EXPORT_SCHEMA_FILE, self.t["open_data_schema"])))
        return self.raw(f'<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table>'
                        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div></div>")
