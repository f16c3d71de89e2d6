"""Pictures where people look: what ``_repr_svg_`` and ``_repr_html_`` of
:class:`~kifu_lark.Position`, :class:`~kifu_lark.Board` and :class:`~kifu_lark.Game` return, so
that a Jupyter cell ending in one of them shows the board.

The pictures are drawn by :func:`kifu_lark.render.svg_board`; :data:`options` chooses their
letters and the move texts of a game's list, for every picture drawn afterwards:

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

from kifu_lark.formats.line_text import line_texts
from kifu_lark.formats.move_text import MARKS, NOTATIONS
from kifu_lark.model.game import Game
from kifu_lark.model.headers import HeaderKey
from kifu_lark.model.position import Position
from kifu_lark.render.svg import GLYPHS, Glyphs, game_svg, svg_board

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
        notation: the move texts of a game's list: ``"ki2"`` (default, ``▲同　歩``),
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


def move_list(game: Game, notation: str, marks: str) -> list[str]:
    """The texts of the main line in ``notation``, specials included; a special the
    notation has no word for shows its English name (a picture never refuses)."""
    return line_texts(game.start, game.mainline(), notation, marks, name_unwritten=True)


def game_picture(game: Game) -> str:
    """The board at the end of the main line (``Game._repr_svg_``)."""
    return game_svg(game, glyphs=options.glyphs)


def game_html(game: Game) -> str:
    """The board at the end of the main line beside the players and the numbered move
    list (``Game._repr_html_``); every text from the record is escaped."""
    svg = game_svg(game, glyphs=options.glyphs)
    texts = move_list(game, options.notation, options.marks)
    players = [
        f"{mark}{escape(name)}"
        for mark, key in zip(options.marks or "▲△", (HeaderKey.BLACK, HeaderKey.WHITE), strict=True)
        if (name := game.headers.get(key)) is not None
    ]
    head = f'<div class="players">{" ".join(players)}</div>' if players else ""
    items = "".join(f"<li>{escape(text)}</li>" for text in texts)
    moves = (
        f'<ol class="moves" start="{game.start.ply}" style="margin:0;padding-left:3.5em">'
        f"{items}</ol>"
        if texts
        else '<div class="moves">(no moves)</div>'
    )
    return (
        '<div class="kifu-lark-game" style="display:flex;flex-wrap:wrap;gap:16px;'
        'align-items:flex-start">'
        f'<div class="board">{svg}</div>'
        f'<div class="record" style="max-height:400px;overflow-y:auto">{head}{moves}</div>'
        "</div>"
    )
