"""Share cards: a 1200×630 PNG per home page, issue and hub, per language, for link previews (issue 38)."""
from __future__ import annotations

import io
import struct
import zlib
from dataclasses import replace

import pytest
from bs4 import BeautifulSoup
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops, features

from conftest import SITE_URL, build, copy_project
from kb.project import layout
from kb.publish import cards as kb_cards
from kb.publish.cards import (HEIGHT, LANGUAGE_TAGS, WIDTH, NoTextLayout, card_files, cards, draw_card, subset_font,
                              write_cards)
from kb.publish.email_rules import png_problems


def test_every_home_issue_and_hub_has_its_card_in_each_language(catalog, site, pages):
    card_pages = ["index.md", *(i.page for i in catalog.issues), *(t.page for t in catalog.topics.values())]
    expected = {layout.share_card(p, lang) for lang in layout.LANGUAGES for p in card_pages}
    assert card_files(catalog) == expected
    for name in expected:
        data = (site / name).read_bytes()
        assert Image.open(io.BytesIO(data)).size == (WIDTH, HEIGHT) == (1200, 630)
        assert png_problems(data, (WIDTH, HEIGHT)) == []
    # each page names its own card, absolute (the fixture build knows its public address), for a large preview
    for lang in layout.LANGUAGES:
        for page in card_pages:
            head = pages.soup(page, lang).head
            assert head.find("meta", property="og:image")["content"] == SITE_URL + layout.share_card(page, lang)
            assert head.find("meta", property="og:image:width")["content"] == "1200"
            assert head.find("meta", property="og:image:height")["content"] == "630"
            assert head.find("meta", attrs={"name": "twitter:card"})["content"] == "summary_large_image"
        assert pages.soup(layout.WATCH_PAGE, lang).head.find("meta", property="og:image") is None
    # and no other page names an image: every og:image of the site is one of these cards
    named = {meta["content"] for path in site.rglob("*.html")
             for meta in BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser").find_all("meta", property="og:image")}
    assert named == {SITE_URL + name for name in expected}


def test_cards_are_the_same_bytes_from_any_cache_and_redrawn_only_when_their_text_changes(catalog, tmp_path, monkeypatch):
    names = layout.site_names()
    first = write_cards(catalog, tmp_path / "a", names, tmp_path / "cache-a")
    second = write_cards(catalog, tmp_path / "b", names, tmp_path / "cache-b")
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]
    drawn = []
    monkeypatch.setattr(kb_cards, "draw_card", lambda card, *fonts: drawn.append(card) or draw_card(card, *fonts))
    write_cards(catalog, tmp_path / "c", names, tmp_path / "cache-a")
    assert drawn == []  # every card from the cache
    renamed = {lang: name + "!" for lang, name in names.items()}
    write_cards(catalog, tmp_path / "d", renamed, tmp_path / "cache-a")
    assert len(drawn) == len(first)  # the weekly's name is on every card


def test_the_subset_font_holds_every_character_the_cards_use(catalog, tmp_path):
    every = cards(catalog, layout.site_names())
    text = "".join(c.title + c.kicker + c.site_name for c in every)
    font = TTFont(io.BytesIO(subset_font(text, tmp_path)))
    mapped = font.getBestCmap()
    assert all(ord(ch) in mapped for ch in set(text) if not ch.isspace())
    assert any("\u4e00" <= ch <= "\u9fff" for ch in text)
    assert len(mapped) < 2000  # a subset, not the whole font


def test_a_long_title_shrinks_to_three_lines_and_stays_on_the_card(catalog, tmp_path):
    card = cards(catalog, layout.site_names())[1]
    long = replace(card, title="推理控制面与 FP4 内核战" * 8)
    font = subset_font(long.title + long.kicker + long.site_name, tmp_path)
    image = Image.open(io.BytesIO(draw_card(long, font)))
    assert image.size == (WIDTH, HEIGHT)
    # nothing drawn in the right margin
    margin = image.crop((WIDTH - 60, 20, WIDTH, HEIGHT)).convert("L")
    assert margin.getextrema()[0] > 240


def chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


@pytest.mark.parametrize("tamper, finding", [
    (lambda d: d[:33] + chunk(b"tEXt", b"Comment\0<script>") + d[33:], "holds a `tEXt` chunk"),
    (lambda d: d[:-20], "damaged PNG"),
    (lambda d: b"GIF89a" + d[6:], "is not a PNG"),
])
def test_the_firewall_allows_only_the_cards_as_drawn(site, tamper, finding):
    data = (site / layout.share_card("index.md", layout.DEFAULT_LANGUAGE)).read_bytes()
    assert any(finding in what for what in png_problems(tamper(data), (WIDTH, HEIGHT)))
    small = io.BytesIO()
    Image.new("RGB", (600, 315)).save(small, format="PNG")
    assert png_problems(small.getvalue(), (WIDTH, HEIGHT)) == ["is 600×315, not the 1200×630 of a share card"]


def simplified_forms(font: TTFont) -> dict[str, str]:
    """glyph -> the glyph the font's `locl` feature puts in its place for Simplified Chinese (script hani,
    language system ZHS, which HarfBuzz picks for zh-Hans)."""
    gsub = font["GSUB"].table
    (script,) = [record.Script for record in gsub.ScriptList.ScriptRecord if record.ScriptTag == "hani"]
    (system,) = [record.LangSys for record in script.LangSysRecord if record.LangSysTag == "ZHS "]
    forms = {}
    for index in system.FeatureIndex:
        feature = gsub.FeatureList.FeatureRecord[index]
        if feature.FeatureTag == "locl":
            for lookup in feature.Feature.LookupListIndex:
                for table in gsub.LookupList.Lookup[lookup].SubTable:
                    forms.update(getattr(getattr(table, "ExtSubTable", table), "mapping", {}))
    return forms


def without_locl(font_bytes: bytes, simplified: bool) -> bytes:
    """The font with no `locl` for any language, so no layout can change its forms; its characters mapped
    straight to their Simplified Chinese glyphs when `simplified`, else left in the font's default forms."""
    font = TTFont(io.BytesIO(font_bytes))
    forms = simplified_forms(font)
    gsub = font["GSUB"].table
    locl = {n for n, record in enumerate(gsub.FeatureList.FeatureRecord) if record.FeatureTag == "locl"}
    for script in gsub.ScriptList.ScriptRecord:
        for system in [script.Script.DefaultLangSys, *(r.LangSys for r in script.Script.LangSysRecord)]:
            if system is not None:
                system.FeatureIndex = [n for n in system.FeatureIndex if n not in locl]
                system.FeatureCount = len(system.FeatureIndex)
    if simplified:
        for table in font["cmap"].tables:
            table.cmap = {code: forms.get(glyph, glyph) for code, glyph in table.cmap.items()}
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_chinese_cards_are_set_in_simplified_chinese_forms(catalog, tmp_path):
    """The font's own forms are Traditional Chinese (Noto Sans CJK TC); raqm applies its `locl` for zh-Hans. A card
    drawn as the build draws it must be pixel for pixel the card drawn from a font whose characters lead straight
    to their Simplified forms, and not the one drawn in the font's default forms."""
    assert features.check("raqm") and LANGUAGE_TAGS[layout.DEFAULT_LANGUAGE] == "zh-Hans"
    card = next(c for c in cards(catalog, layout.site_names()) if c.lang == "zh" and c.page != "index.md")
    card = replace(card, title="骨化与" + card.title)  # two characters whose forms differ: checked just below
    font = subset_font(card.title + card.kicker + card.site_name, tmp_path)
    mapped, forms = TTFont(io.BytesIO(font)).getBestCmap(), simplified_forms(TTFont(io.BytesIO(font)))
    differ = {ch for ch in card.title + card.kicker + card.site_name if mapped.get(ord(ch)) in forms}
    assert {"骨", "化"} <= differ
    drawn = pixels(draw_card(card, font))
    assert ImageChops.difference(drawn, pixels(draw_card(card, without_locl(font, simplified=True)))).getbbox() is None
    assert ImageChops.difference(drawn, pixels(draw_card(card, without_locl(font, simplified=False)))).getbbox() is not None


def test_no_card_is_drawn_without_raqm(catalog, tmp_path, monkeypatch):
    """Without raqm (Pillow's wheels load FriBiDi from the system) Pillow would lay text out with no `locl`: the
    build says what to install rather than draw Traditional forms or fail with a bare KeyError."""
    monkeypatch.setattr(features, "check", lambda feature: feature != "raqm")
    with pytest.raises(NoTextLayout, match="raqm.*libfribidi0"):
        write_cards(catalog, tmp_path / "site", layout.site_names(), tmp_path / "cache")
    assert not (tmp_path / "site").exists()


@pytest.mark.full
def test_a_build_without_raqm_stops_and_says_what_to_install(tmp_path):
    """End to end, the copy that draws the cards beside the build included (mkdocs_kb/emails_and_cards.py)."""
    project = copy_project(tmp_path / "project")
    hook = tmp_path / "no-raqm"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text("from PIL import features\n"
                                           "features.check = lambda feature: feature != 'raqm'\n", encoding="utf-8")
    result = build(project, tmp_path / "site", PYTHONPATH=f"{hook}:{layout.PROJECT}", KB_CACHE_DIR=str(tmp_path / "cache"))
    assert result.returncode != 0
    assert "Pillow has no raqm text layout" in result.stderr and "libfribidi0" in result.stderr
    assert "Traceback" not in result.stderr and "KeyError" not in result.stderr
