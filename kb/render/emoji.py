"""Emoji and icons served by the site itself.

Material's generator draws its icons (`:material-home:`) as inline SVG, but
hands every Unicode emoji (`:smile:`) to pymdownx, which writes an `<img>`
from a CDN: each reader's browser would fetch it from there. Here an emoji
is the character itself, which the reader's own fonts draw.
"""
from __future__ import annotations


def icon_or_character(index, shortname, alias, uc, alt, title, category, options, md):
    if uc:  # a Unicode emoji: its character (pymdownx's `alt`, Unicode by default)
        from pymdownx.emoji import to_alt
        return to_alt(index, shortname, alias, uc, alt, title, category, options, md)
    from material.extensions.emoji import to_svg  # one of the theme's icons, inline
    return to_svg(index, shortname, alias, uc, alt, title, category, options, md)
