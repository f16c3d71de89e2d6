"""Pictures of positions: :func:`svg_board` draws one, :func:`game_svg` a record's position
after a number of moves (for ``kifu-lark show --svg``); :func:`html` makes a record one
offline HTML page to step through (``kifu-lark html``, see :mod:`kifu_lark.render.viewer`);
:data:`options` sets how notebook pictures (``_repr_svg_``, ``_repr_html_``) are drawn (see
:mod:`kifu_lark.render.notebook`)."""

from __future__ import annotations

from kifu_lark.drawing import LETTER_FONTS
from kifu_lark.render.notebook import PictureOptions, options
from kifu_lark.render.svg import KANJI_FONTS, Glyphs, game_svg, svg_board
from kifu_lark.render.viewer import html

__all__ = [
    "KANJI_FONTS",
    "LETTER_FONTS",
    "Glyphs",
    "PictureOptions",
    "game_svg",
    "html",
    "options",
    "svg_board",
]
