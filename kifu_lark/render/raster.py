"""Pictures as pixels: the board of :mod:`kifu_lark.render.svg` drawn to PNG.

The SVG is rasterised by resvg (the ``resvg-py`` package: wheels with the renderer inside,
no system library), one of the ``kifu-lark[images]`` extra's two libraries; the other,
Pillow, makes the animations of :mod:`kifu_lark.render.animation`. Without them these
functions raise :class:`~kifu_lark.errors.MissingExtraError` naming the extra.

resvg finds the fonts installed on the system: a picture's letters are drawn in the first
font of its ``font-family`` list that is there (see :data:`kifu_lark.render.KANJI_FONTS`);
``glyphs="letters"`` is legible with any font, kanji need a CJK one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from kifu_lark.extras import require
from kifu_lark.model.game import Game
from kifu_lark.model.move import Move
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.render.svg import Glyphs, Style, svg_board

__all__ = ["MAX_WIDTH", "MIN_WIDTH", "BoardLike", "picture_svg", "png", "svg_to_png"]

#: The narrowest and widest picture :func:`png` draws, in pixels.
MIN_WIDTH, MAX_WIDTH = 64, 4096
#: The extra that installs the libraries of the pictures.
EXTRA = "images"


class BoardLike(Protocol):
    """What :func:`png` reads of a :class:`kifu_lark.Board`: its position and moves."""

    @property
    def position(self) -> Position: ...

    @property
    def moves(self) -> list[Move]: ...


def picture_svg(
    target: Game | Position | BoardLike,
    ply: int | None = None,
    *,
    style: Style = "game",
    glyphs: Glyphs = "kanji",
    flipped: bool = False,
    marks: Iterable[Square] = (),
) -> str:
    """The SVG of a position: ``target`` itself, a board's position (its last move marked in
    the game style), or a game's main line after ``ply`` moves (``None``: its end) with the
    last move marked in the game style. ``style``, ``glyphs``, ``flipped`` and ``marks`` as
    for :func:`kifu_lark.render.svg_board`.

    Raises:
        ValueError: for a ``ply`` with a position or a board, a negative ``ply``, an
            unknown ``style`` or ``glyphs``, marks in the book style.
    """
    if isinstance(target, Game):
        position, last = game_position(target, ply)
    elif ply is not None:
        raise ValueError("ply counts a game's moves: pass a Game, or leave ply out")
    elif isinstance(target, Position):
        position, last = target, None
    else:
        position, moves = target.position, target.moves
        last = moves[-1] if moves else None
    return svg_board(
        position,
        last_move=last if style == "game" else None,
        marks=marks,
        glyphs=glyphs,
        flipped=flipped,
        style=style,
    )


def game_position(game: Game, ply: int | None = None) -> tuple[Position, Move | None]:
    """The position after ``ply`` moves of ``game``'s main line (``None``: all; past the
    end: the end) and the last move played (``None`` at the start).

    Raises:
        ValueError: for a negative ``ply``.
    """
    if ply is not None and ply < 0:
        raise ValueError(f"ply must be 0 or more, not {ply}")
    line = [node for node in game.mainline() if node.move is not None]
    if ply is not None:
        line = line[:ply]
    if not line:
        return game.start, None
    return game.position_at(line[-1]), line[-1].move


def png(
    target: Game | Position | BoardLike,
    ply: int | None = None,
    *,
    style: Style = "game",
    glyphs: Glyphs = "kanji",
    flipped: bool = False,
    marks: Iterable[Square] = (),
    width: int | None = None,
) -> bytes:
    """A PNG picture of a position, as :func:`picture_svg` draws it.

    Args:
        target: a position, a :class:`kifu_lark.Board` or a game.
        ply: for a game, the moves of its main line played (``None``: all).
        style: ``"game"`` (the last move marked) or ``"book"`` (a printed diagram).
        glyphs: ``"kanji"`` (needs a CJK font on this system) or ``"letters"``.
        flipped: drawn from white's side.
        marks: squares to mark (game style).
        width: the picture's width in pixels (its height in proportion); ``None``: the
            SVG's own size, one pixel per unit.

    Returns:
        The PNG file's bytes.

    Raises:
        MissingExtraError: when ``resvg-py`` is not installed (``kifu-lark[images]``).
        ValueError: as :func:`picture_svg`, and for a ``width`` out of range.
    """
    check_width(width)
    svg = picture_svg(target, ply, style=style, glyphs=glyphs, flipped=flipped, marks=marks)
    return svg_to_png(svg, width=width)


def check_width(width: int | None) -> None:
    """Check a picture's width.

    Raises:
        ValueError: for a width outside :data:`MIN_WIDTH` … :data:`MAX_WIDTH`.
    """
    if width is not None and not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"width must be {MIN_WIDTH} to {MAX_WIDTH} pixels, not {width}")


def svg_to_png(svg: str, *, width: int | None = None) -> bytes:
    """``svg`` drawn by resvg as a PNG, ``width`` pixels wide (the height in proportion) or
    at its own size.

    Raises:
        MissingExtraError: when ``resvg-py`` is not installed (``kifu-lark[images]``).
    """
    resvg = require("resvg_py", EXTRA, "drawing a picture to PNG")
    return bytes(resvg.svg_to_bytes(svg_string=svg, width=width))
