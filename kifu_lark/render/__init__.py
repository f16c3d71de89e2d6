"""Pictures of positions: :func:`svg_board` draws one, :func:`game_svg` a record's position
after a number of moves (for ``kifu-lark show --svg``)."""

from __future__ import annotations

from kifu_lark.model.game import Game
from kifu_lark.render.svg import svg_board

__all__ = ["game_svg", "svg_board"]


def game_svg(game: Game, ply: int | None = None) -> str:
    """The SVG of ``game``'s main line after ``ply`` moves (``None``: at its end), with the
    last move highlighted. A ``ply`` past the end draws the end.

    Raises:
        ValueError: for a negative ``ply``.
    """
    if ply is not None and ply < 0:
        raise ValueError(f"ply must be 0 or more, not {ply}")
    line = game.mainline()
    if ply is not None:
        line = line[:ply]
    moves = [node for node in line if node.move is not None]
    if not moves:
        return svg_board(game.start)
    last = moves[-1]
    return svg_board(game.position_at(last), last_move=last.move)
