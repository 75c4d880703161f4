"""Share cards: the 1200×630 image a link preview shows (og:image), per language, for the home page,
every issue and every topic hub.

Drawn at build time with Pillow from the catalog (title, issue number and date, the weekly's name), in a
font the build installs itself: Noto Sans CJK Bold from PyPI (cvttf-notosanscjk-bold, pinned), never a
font the machine happens to have. Its own glyph forms are Traditional Chinese; its OpenType `locl` gives the
Chinese cards their Simplified Chinese forms, which only raqm applies (Pillow's text layout with HarfBuzz and
FriBiDi; `require_text_layout` refuses to draw without it; tests/test_weekly_cards.py compares the forms). The
font is subsetted with fontTools to the characters the cards use, and each card is cached by its content (the
text, the font, the drawing's version): a build redraws only the cards whose text changed. The same content
always gives the same bytes.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import sys
import zlib
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import NoReturn

from kb.model.labels import LABELS
from kb.project import layout

WIDTH, HEIGHT = 1200, 630
DRAWING = 4  # raised when the drawing below changes: every cached card is redrawn
MARGIN = 72
INK, MUTED, BAND, RULE, PAPER = (31, 35, 40), (87, 96, 106), (63, 81, 181), (208, 215, 222), (255, 255, 255)  # indigo: the site's
INKS = (INK, MUTED, BAND, RULE)  # in the order draw_card's layers are drawn in
LEVELS = 15  # steps of coverage between paper and each ink: smooth edges, and 61 colours in all
# zlib's strategy for the PNG: run-length, as a card is long runs of paper and of each ink's colour; a fifth larger
# than level 6 of the default strategy, in under half its time (measured: bench/README.md, kb/publish/cards.py)
COMPRESSION = {"compress_level": 9, "compress_type": zlib.Z_RLE}
LANGUAGE_TAGS = {"zh": "zh-Hans", "en": "en"}  # what raqm applies the font's `locl` for
# a line breaks between Han characters, or between Latin words
BREAKS = re.compile(r"[A-Za-z0-9][^\s\u3000-\u303f\u3400-\u9fff\uff00-\uffef]*\s*|\S\s*|\s+")


@dataclass(frozen=True)
class Card:
    page: str  # docs-relative, default-language name
    lang: str
    title: str
    kicker: str  # above the title: the issue's number and date, or what kind of page
    site_name: str


def cards(catalog, site_names: dict[str, str]) -> list[Card]:
    """Every card the site shows: the home pages, the issues and the topic hubs, in each language."""
    made = []
    for lang in layout.LANGUAGES:
        words, name = LABELS[lang], site_names[lang]
        made.append(Card("index.md", lang, name, words["card_home"], name))
        made += [Card(issue.page, lang, issue.title(lang), words["card_issue"].format(
            issue=words["issue_short"].format(n=issue.number), date=issue.facts.published), name)
            for issue in catalog.issues]
        made += [Card(topic.page, lang, topic.title(lang), words["card_topic"], name) for topic in catalog.topics.values()]
    return made


def has_card(catalog, page: str) -> bool:
    """Whether the page (docs-relative, default-language name) has a card: the home, an issue, a topic hub."""
    return page == "index.md" or page in catalog.issue_pages or any(t.page == page for t in catalog.topics.values())


def card_file(page: str, lang: str) -> str:
    return layout.share_card(page, lang)


def font_file() -> Path:
    import cvttf_NotoSansCJK_Bold as package  # the font's package: a pinned dependency

    return Path(package.get_TTF_path())


def cache_folder() -> Path:
    """Where cards and subsetted fonts are kept between builds (KB_CACHE_DIR, else ~/.cache/kb)."""
    return Path(os.environ.get("KB_CACHE_DIR") or Path.home() / ".cache" / "kb") / "share-cards"


def _font_identity(font: Path) -> str:
    return f"{font.name}:{font.stat().st_size}"


def subset_font(characters: str, cache: Path) -> bytes:
    """The font reduced to `characters` (and what its layout needs for them), cached by that set."""
    font = font_file()
    key = hashlib.sha256(f"{_font_identity(font)}|{''.join(sorted(set(characters)))}".encode()).hexdigest()[:32]
    path = cache / f"font-{key}.otf"
    if not path.is_file():
        from fontTools import subset  # only when a new set of characters needs a new subset

        options = subset.Options()
        options.layout_features = ["locl", "kern", "palt", "liga", "ccmp"]
        options.hinting = False
        options.name_IDs = ["*"]
        reduced = subset.load_font(str(font), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(text="".join(sorted(set(characters))))
        subsetter.subset(reduced)
        out = io.BytesIO()
        reduced.save(out)
        cache.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(out.getvalue())
        temporary.replace(path)  # whole or not at all, should two builds share the cache
    return path.read_bytes()


class Fonts:
    """The font at each size a build draws with, each made once for all its cards."""

    def __init__(self, font_bytes: bytes):
        self.font_bytes = font_bytes
        self.sizes: dict[int, object] = {}

    def __call__(self, size: int):
        if size not in self.sizes:
            from PIL import ImageFont

            self.sizes[size] = ImageFont.truetype(io.BytesIO(self.font_bytes), size, layout_engine=ImageFont.Layout.RAQM)
        return self.sizes[size]


class NoTextLayout(RuntimeError):
    """Pillow cannot lay text out with raqm here: the Chinese cards would not get their Simplified forms."""


def require_text_layout() -> None:
    """Refuse to draw without raqm. Pillow's wheels carry raqm but load FriBiDi from the system; without it Pillow
    falls back to its basic layout, which applies no `locl`, so Chinese would be drawn in the font's Traditional
    Chinese forms (or, asked for a language, fail with a bare KeyError)."""
    from PIL import features

    if not features.check("raqm"):
        raise NoTextLayout("Pillow has no raqm text layout on this machine, which the share cards need to set Chinese "
                           "in Simplified Chinese forms: install FriBiDi, which Pillow loads at run time (Debian and "
                           "Ubuntu: `apt-get install libfribidi0`; Alpine: `apk add fribidi`), then build again")


def _lines(draw, text: str, font, width: int, language: str | None) -> list[str]:
    lines, line = [], ""
    for token in BREAKS.findall(text):
        if line and draw.textlength(line + token.rstrip(), font=font, language=language) > width:
            lines.append(line.rstrip())
            line = token.lstrip()
        else:
            line += token
    return [*lines, line.rstrip()] if line.strip() else lines


def _palette() -> list[int]:
    """Paper, then for each ink its LEVELS steps of coverage, from nearly paper to the ink itself."""
    colours = [PAPER]
    for ink in INKS:
        colours += [tuple(round(p + (i - p) * level / LEVELS) for p, i in zip(PAPER, ink)) for level in range(1, LEVELS + 1)]
    return [value for colour in colours for value in colour]


def _indexes(ink: int) -> list[int]:
    """Coverage (0-255) -> the palette index of that much of ink number `ink` on paper."""
    steps = [round(coverage * LEVELS / 255) for coverage in range(256)]
    return [0 if step == 0 else 1 + ink * LEVELS + step - 1 for step in steps]


PALETTE = _palette()
INDEXES = [_indexes(number) for number in range(len(INKS))]


def draw_card(card: Card, font_bytes: bytes, fonts: Fonts | None = None) -> bytes:
    """The card as PNG bytes: a band in the site's colour, the kicker, the title (as large as fits in three
    lines), and the weekly's name at the foot. `fonts`: the build's, made from `font_bytes`."""
    from PIL import Image, ImageChops, ImageDraw

    font = fonts or Fonts(font_bytes)
    language = LANGUAGE_TAGS.get(card.lang)
    # Each ink's coverage drawn on a layer of its own (antialiased, one byte a pixel), then mapped through a
    # fixed palette of steps between paper and that ink: a palette image made without quantizing, which took
    # most of a card's time, and the same pixels give the same bytes (measured: bench/README.md, kb/publish/cards.py).
    layers = [Image.new("L", (WIDTH, HEIGHT), 0) for _ in INKS]
    ink, muted, band, rule = (ImageDraw.Draw(layer) for layer in layers)
    band.rectangle((0, 0, WIDTH, 16), fill=255)
    band.text((MARGIN, 70), card.kicker, font=font(34), fill=255, language=language)
    for size in (76, 66, 58, 50, 44):
        lines = _lines(ink, card.title, font(size), WIDTH - 2 * MARGIN, language)
        if len(lines) <= 3:
            break
    y = 150
    for line in lines[:3]:
        ink.text((MARGIN, y), line, font=font(size), fill=255, language=language)
        y += int(size * 1.3)
    rule.line((MARGIN, HEIGHT - 120, WIDTH - MARGIN, HEIGHT - 120), fill=255, width=2)
    muted.text((MARGIN, HEIGHT - 98), card.site_name, font=font(36), fill=255, language=language)
    indexed = Image.new("L", (WIDTH, HEIGHT), 0)
    for number, layer in enumerate(layers):
        box = layer.getbbox()  # only where the ink is: most of a card is paper
        if box:  # where two inks met, the later one's (higher) index would win
            indexed.paste(ImageChops.lighter(indexed.crop(box), layer.crop(box).point(INDEXES[number])), box)
    indexed.putpalette(PALETTE)  # "L" becomes "P": the indexes are the pixels
    out = io.BytesIO()
    indexed.save(out, format="PNG", **COMPRESSION)  # no text chunks, no time: the same pixels, the same bytes
    return out.getvalue()


def draw_cards(every: list[Card], cache: Path) -> list[Path]:
    """Each of `every` drawn into `cache`, unless it is there already; the cached file of each."""
    fonts = None
    identity = _font_identity(font_file())
    files = []
    for card in every:
        key = hashlib.sha256(json.dumps([DRAWING, identity, asdict(card)], ensure_ascii=False).encode()).hexdigest()[:32]
        cached = cache / f"card-{key}.png"
        if not cached.is_file():
            if fonts is None:  # one subset for every card the build draws
                require_text_layout()
                fonts = Fonts(subset_font("".join(c.title + c.kicker + c.site_name for c in every), cache))
            cache.mkdir(parents=True, exist_ok=True)
            temporary = cached.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_bytes(draw_card(card, fonts.font_bytes, fonts))
            temporary.replace(cached)
        files.append(cached)
    return files


def write_cards(catalog, site: Path, site_names: dict[str, str], cache: Path | None = None) -> list[Path]:
    """Every card into `site`, drawn or taken from the cache by content; the files written."""
    every = cards(catalog, site_names)
    written = []
    for card, cached in zip(every, draw_cards(every, cache or cache_folder())):
        path = site / card_file(card.page, card.lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(cached, path)
        written.append(path)
    return written


def card_files(catalog) -> set[str]:
    """The site-relative names of every card (the firewall allows exactly these)."""
    return {card_file(card.page, card.lang) for card in cards(catalog, {lang: "" for lang in layout.LANGUAGES})}


def draw_cards_instead(every: list[Card], cache: Path, task: Path) -> NoReturn:
    """This process becomes one that draws `every` card missing from `cache`, as draw_cards would, and exits (0
    once every card is drawn). A fresh interpreter: the cards need only their text (written to `task`), so a forked
    copy of a build gives back, as it turns to them, the build's memory it held (mkdocs_kb/emails_and_cards.py).
    Its output goes nowhere: a card it did not draw is drawn by whoever asked, where an error shows."""
    task.write_text(json.dumps([asdict(card) for card in every], ensure_ascii=False), encoding="utf-8")
    nowhere = os.open(os.devnull, os.O_RDWR)
    for stream in (0, 1, 2):
        os.dup2(nowhere, stream)
    os.execv(sys.executable, [sys.executable, "-m", __name__, str(task), str(cache)])


if __name__ == "__main__":
    draw_cards([Card(**card) for card in json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))], Path(sys.argv[2]))
