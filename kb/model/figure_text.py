"""A figure with its context, as every view shows it: what was measured, the figure, what it is compared with, and
the hardware and benchmark it was measured on (`Peak throughput …: 2.4–3.0× higher · vs BF16 KV · on B300`).

One value renders itself as plain text (feeds, the export, e-mail) and as HTML (pages), so no view can show a
figure without what it was measured on, and no two views word it differently. The baseline is part of the figure
when the facts hold one (`6.88 s → 0.31 s`); a multiplier's is its `versus:` (`vs BF16 KV`), or the words saying
the source gives none. In HTML the figure carries its claim's id (`data-kb-claim`), so a test can find every
figure a page shows and ask whether its baseline is beside it.
"""
from __future__ import annotations

import html
from dataclasses import dataclass

from kb.base.text import join_words
from kb.model.claim_facts import SIZES, ClaimFacts, Quantity, significant
from kb.model.labels import LABELS


def quantity(lang: str, value: Quantity) -> str:
    """A figure as written (8.40 stays 8.40, 256K stays 256K); whole numbers get thousands separators."""
    written = value.number.written
    number = f"{int(written):,}" if written.lstrip("-").isdigit() else written
    unit = LABELS[lang]["unit"].get(value.unit, value.unit)
    return f"{number}%" if unit == "%" else f"{number} {unit}".strip()


def ratio_phrase(f: ClaimFacts) -> str:
    """How a ratio reads: `higher` (`3.75×` as much), `better` (`TTFT 3.3× better`), or `reduced` (`down to 1/6.8`)."""
    if f.moved == "lower":
        return "reduced" if f.metric in SIZES else "better"
    return "higher"


def written_ratio(f: ClaimFacts) -> str:
    low, high = f.ratio
    return high.written if low.written == high.written else f"{low.written}–{high.written}"


def figure_phrase(lang: str, f: ClaimFacts) -> str:
    """The figures as written: baseline → result, change, ratio; with about/up to/over/at most."""
    t = LABELS[lang]
    qualifier = t["qualifier"][f.qualifier] if f.qualifier else ""
    parts = []
    if f.baseline is not None:
        parts.append(f"{quantity(lang, f.baseline)} → {quantity(lang, f.result)}")
    elif f.result is not None:
        parts.append(quantity(lang, f.result))
    if f.change is not None:
        halves = {-50.0: t["change_half"], 100.0: t["change_double"]}
        parts.append(halves.get(f.change.value) or f"{'+' if f.change.value > 0 else ''}{f.change.written}%".replace("-", "−"))
    if f.ratio:  # the qualifier goes where the language puts it in the phrase
        space = " " if lang == "en" and qualifier else ""
        parts.append(t["ratio"][ratio_phrase(f)].format(q=qualifier + space, x=written_ratio(f)))
        return " · ".join(parts)
    text = " · ".join(parts)
    return join_words(qualifier, text) if qualifier else text


def factor_phrase(lang: str, f: ClaimFacts) -> str:
    """The multiplier, the way the figure moved: as written, or worked out from baseline and result (≈),
    to the precision of the figures it comes from."""
    if f.ratio:
        written = written_ratio(f)
    elif f.measured_factor:
        figures = min(f.baseline.number.significant, f.result.number.significant)
        written = "≈" + significant(f.measured_factor, figures)
    else:
        return LABELS[lang]["no_figure"]
    if ratio_phrase(f) == "reduced":
        return f"{written[0]}1/{written[1:]}" if written.startswith("≈") else f"1/{written}"
    return f"{written}×"


def versus_phrase(lang: str, f: ClaimFacts) -> str:
    """What a figure is compared with, in the language's words (`vs GB200 NVL72`), or that its source does not say;
    empty for a figure whose facts say neither (a baseline and result, which show their own baseline)."""
    if f.versus is None:
        return ""
    t = LABELS[lang]
    return t["versus"].format(f.compared_with) if f.compared_with else t["versus_unstated"]


def where_measured(lang: str, f: ClaimFacts) -> str:
    """What a figure was measured on, as names (`3× L40S · WikiText-2`), for a table's column; for a multiplier that
    names neither, that it does not (a bare factor reads as comparable with any other)."""
    names = " · ".join(x for x in (f.hardware, f.benchmark) if x)
    return names or (LABELS[lang]["context_none"] if f.factor else "")


def context_phrases(lang: str, f: ClaimFacts, measured: str = "") -> tuple[str, ...]:
    """What the figure is compared with and where it was measured, in the language's words: `vs BF16 KV`,
    `on 3× L40S`, `WikiText-2`; what `measured` (the editors' words for what was measured) already names is not said
    twice (`AgentX throughput: 5× higher`); a multiplier measured on nothing named says so, as `where_measured` does;
    a source that does not say what it compared with is said so whatever `measured` holds."""
    words = LABELS[lang]["figure_context"]
    versus = () if f.compared_with and named(f.compared_with, measured) else tuple(filter(None, [versus_phrase(lang, f)]))
    if not (f.hardware or f.benchmark):
        return versus + ((LABELS[lang]["context_none"],) if f.factor else ())
    return versus + tuple(words[key].format(x) for key, x in (("hardware", f.hardware), ("benchmark", f.benchmark))
                          if x and not named(x, measured))


def named(value: str, text: str) -> bool:
    """Whether `text` names `value`, or each side of it (`Rubin NVL72 vs GB200 NVL72`)."""
    folded = text.casefold()
    return all(side.strip().casefold() in folded for side in value.split(" vs "))


@dataclass(frozen=True)
class FigureText:
    """A figure with its context, in one language: written as text or as HTML from the same parts."""

    measured: str  # what was measured (the editors' words, plain text)
    figure: str  # `6.88 s → 0.31 s`, `2.4–3.0× higher`
    context: tuple[str, ...]  # `vs BF16 KV`, `on 3× L40S`, `AgentX`
    lang: str
    claim: str = ""  # the claim's id, which the HTML carries (`data-kb-claim`)

    @property
    def where(self) -> str:
        return " · ".join(self.context)

    @property
    def text(self) -> str:
        """`Median TTFT …: 6.88 s → 0.31 s · on 3× L40S` (for feeds, the export, e-mail)."""
        figure = " · ".join((self.figure, *self.context))
        return f"{self.measured}{LABELS[self.lang]['colon']}{figure}" if self.measured else figure

    def html(self, *, measured: bool = True) -> str:
        """The same, as HTML: the figure strong, its context beside it (escaped here: every part is plain text)."""
        figure = figure_html(self.figure, self.claim, "strong")
        if self.context:
            figure += f' <span class="kb-figure-context">· {html.escape(self.where)}</span>'
        if not (measured and self.measured):
            return figure
        return f"{html.escape(self.measured)}{LABELS[self.lang]['colon']}{figure}"


def figure_text(claim, lang: str, measured: str | None = None) -> FigureText:
    """`claim` (a kb.model.entries.Claim) with its context; `measured` overrides its text (already plain, say)."""
    f = claim.facts
    measured = claim.text(lang) if measured is None else measured
    return FigureText(measured, figure_phrase(lang, f), context_phrases(lang, f, measured), lang, claim.id)


def figure_html(text: str, claim: str, tag: str = "span") -> str:
    """A figure's text as the site shows it, marked as a figure and with its claim's id (escaped here)."""
    ident = f' data-kb-claim="{html.escape(claim)}"' if claim else ""
    return f'<{tag} class="kb-figure"{ident}>{html.escape(text)}</{tag}>'
