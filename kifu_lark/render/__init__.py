"""Pictures of positions: :func:`svg_board` draws one, :func:`game_svg` a record's position
after a number of moves (for ``kifu-lark show --svg``); :func:`png` draws a position, a
board or a game's position as PNG and :func:`animate` a game as a GIF, APNG or WebP
animation (``kifu-lark show --png``, ``kifu-lark animate``; the ``kifu-lark[images]`` extra);
:func:`html` makes a record one offline HTML page to step through (``kifu-lark html``, see
:mod:`kifu_lark.render.viewer`); :data:`options` sets how notebook pictures
(``_repr_svg_``, ``_repr_html_``) are drawn (see :mod:`kifu_lark.render.notebook`)."""

from __future__ import annotations

from kifu_lark.drawing import LETTER_FONTS
from kifu_lark.render.animation import ANIMATION_FORMATS, animate, animation_format
from kifu_lark.render.notebook import PictureOptions, options
from kifu_lark.render.raster import picture_svg, png
from kifu_lark.render.svg import KANJI_FONTS, STYLES, Glyphs, Style, game_svg, svg_board
from kifu_lark.render.viewer import html

__all__ = [
    "ANIMATION_FORMATS",
    "KANJI_FONTS",
    "LETTER_FONTS",
    "STYLES",
    "Glyphs",
    "PictureOptions",
    "Style",
    "animate",
    "animation_format",
    "game_svg",
    "html",
    "options",
    "picture_svg",
    "png",
    "svg_board",
]
