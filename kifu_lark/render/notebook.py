"""Pictures where people look: what ``_repr_svg_`` and ``_repr_html_`` of
:class:`~kifu_lark.Position`, :class:`~kifu_lark.Board` and :class:`~kifu_lark.Game` return, so
that a Jupyter cell ending in one of them shows the board.

The pictures are drawn by :func:`kifu_lark.render.svg_board`; a game's or a board's HTML is
the record viewer (:func:`kifu_lark.render.html`) in a frame, to step through in the
notebook. :data:`options` chooses their letters and the viewer's move texts, for every
picture drawn afterwards:

>>> import kifu_lark
>>> from kifu_lark.render import options
>>> options.glyphs = "letters"        # no CJK font where the picture is shown
>>> "font-family=\\"'DejaVu Sans'" in kifu_lark.Position.initial()._repr_svg_()
True
>>> options.glyphs = "kanji"          # the default
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from attrs import define, field
from attrs.validators import in_

from kifu_lark.formats.move_text import MARKS, NOTATIONS
from kifu_lark.model.game import Game
from kifu_lark.model.position import Position
from kifu_lark.render.svg import GLYPHS, Glyphs, game_svg, svg_board
from kifu_lark.render.viewer import html

if TYPE_CHECKING:
    from kifu_lark.board import Board


def _two_marks(_instance: object, _attribute: object, value: str) -> None:
    if len(value) not in (0, 2):
        raise ValueError(f"marks must be two characters (black's, white's) or empty: {value!r}")


@define
class PictureOptions:
    """How notebook pictures are drawn; change the shared :data:`options` (checked on
    assignment: a value not listed raises ``ValueError``).

    Attributes:
        glyphs: ``"kanji"`` (歩; the default, needs a CJK font where the picture is shown)
            or ``"letters"`` (``P``, ``+R``: legible with any font).
        notation: the move texts of the viewer's list: ``"ki2"`` (default, ``▲同　歩``),
            ``"kif"`` (``▲同　歩(23)``), ``"csa"`` or ``"usi"``.
        marks: black's and white's marks in KIF and KI2 texts (``"▲△"``; ``"▲▽"``; ``""``).
    """

    glyphs: Glyphs = field(default="kanji", validator=in_(GLYPHS))
    notation: str = field(default="ki2", validator=in_(NOTATIONS))
    marks: str = field(default=MARKS, validator=_two_marks)


#: The options every notebook picture is drawn with.
options = PictureOptions()


def position_svg(position: Position) -> str:
    """The picture of a position (``Position._repr_svg_``)."""
    return svg_board(position, glyphs=options.glyphs)


def board_svg(board: Board) -> str:
    """The picture of a board, its last move highlighted (``Board._repr_svg_``)."""
    moves = board.moves
    return svg_board(
        board.position, last_move=moves[-1] if moves else None, glyphs=options.glyphs
    )


def game_picture(game: Game) -> str:
    """The board at the end of the main line (``Game._repr_svg_``)."""
    return game_svg(game, glyphs=options.glyphs)


#: The frame's height in CSS pixels: the board, its buttons and the charts of a page at a
#: notebook's usual width; the frame can be dragged taller (``resize: vertical``).
FRAME_HEIGHT = 760


def game_html(game: Game, *, tsume: bool | None = None) -> str:
    """The record viewer of :func:`kifu_lark.render.html` (``Game._repr_html_``), opened at
    the end of the main line (a problem: at its start, the answer hidden, unless ``tsume``
    is ``False``), in an ``<iframe>`` whose ``srcdoc`` is the page.

    The frame keeps the page whole and apart: its element ids, style sheet, keys and
    ``window.kifuLark`` are its own, so several viewers in one notebook do not meet, and
    the notebook's styles do not reach it. ``sandbox="allow-scripts"`` lets the page's
    script run but gives it no access to the notebook (an opaque origin). The page is one
    attribute value, escaped: the record's texts, escaped once in the page, are escaped
    twice here and come out of the attribute as the page had them."""
    page = html(
        game,
        notation=options.notation,
        glyphs=options.glyphs,
        marks=options.marks,
        ply=len(game.mainline()),
        tsume=tsume,
    )
    return (
        f'<iframe class="kifu-lark-viewer" title="kifu-lark record viewer" '
        f'sandbox="allow-scripts" style="width:100%;height:{FRAME_HEIGHT}px;border:0;'
        f'resize:vertical;overflow:auto" srcdoc="{escape(page, quote=True)}"></iframe>'
    )


def board_html(board: Board) -> str:
    """The viewer of the board's moves from its start, opened at its position
    (``Board._repr_html_``): :func:`game_html` of ``board.to_game()``, never as a problem
    (a board set up from one shows where it stands)."""
    return game_html(board.to_game(), tsume=False)
