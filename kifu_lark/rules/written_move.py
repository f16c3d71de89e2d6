"""The model ``Move`` a move as written means on a board.

A notation names a move by what it writes: an origin or none, a destination or 同 (the
previous move's), the piece before or after the move, 成/不成/打 and KI2's relative words.
:func:`resolve` turns that into the one model ``Move`` it names (``rules.resolve`` finds the
origin of a move written without one); ``Board.push`` then checks it against every rule.
"""

from __future__ import annotations

from collections.abc import Collection

from kifu_lark.model.color import Color
from kifu_lark.model.move import Move
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square
from kifu_lark.rules.board import Board, illegal
from kifu_lark.rules.resolve import resolve_unqualified
from kifu_lark.rules.violations import Violation


def resolve(
    board: Board,
    previous: Move | None,
    to: Square | None,
    color: Color | None,
    from_: Square | None,
    piece: PieceKind | None,
    piece_after: PieceKind | None,
    promote: bool | None,
    drop: bool | None,
    relative: str,
    allowed: Collection[Violation] = (),
) -> Move:
    """The model ``Move`` a notation-level move means on ``board`` (not yet validated in
    full: ``Board.push`` does that). ``previous`` is the move before it (for 同, ``to``
    ``None``); the other arguments are those of :meth:`~kifu_lark.rules.replay.GameBuilder.move`.

    Raises:
        IllegalMoveError: for a move that cannot be resolved (no previous move for 同, off
            the board, no piece on the origin or none that reaches the square …).
        AmbiguousMoveError: when several pieces fit a move written without its origin.
    """
    mover = board.color if color is None else color
    if to is None:
        if previous is None:
            raise illegal(Violation.NO_PREVIOUS_MOVE)
        to = previous.to
    if not board.g.variant.contains(to):
        raise illegal(Violation.OFF_BOARD, to.csa())
    if from_ is not None:
        if not board.g.variant.contains(from_):
            raise illegal(Violation.OFF_BOARD, from_.csa())
        on_board = board.piece_kind(from_)
        if on_board is None:
            raise illegal(Violation.NO_PIECE, from_.csa())
        if piece is not None and piece is not on_board:
            raise illegal(
                Violation.PIECE_MISMATCH, f"{on_board.name} stands there, not {piece.name}"
            )
        if piece_after is not None:
            promote = promotion_of(on_board, piece_after)
        return Move(mover, to, on_board, from_, bool(promote))
    kind = piece if piece is not None else piece_after
    if kind is None:
        raise illegal(Violation.NO_PIECE, "no piece named")
    if drop:
        if kind.is_promoted:
            raise illegal(Violation.DROP_PROMOTED)
        if promote:
            raise illegal(Violation.DROP_PROMOTED, "打 with 成")
        return Move(mover, to, kind)
    return resolve_unqualified(board, mover, to, kind, promote, relative, allowed)


def promotion_of(before: PieceKind, after: PieceKind) -> bool:
    """Whether a move turning ``before`` into ``after`` promotes (CSA writes the result)."""
    if after is before:
        return False
    if before.can_promote and after is before.promoted():
        return True
    if before.is_promoted and after is before.unpromoted():
        raise illegal(Violation.UNPROMOTE)
    raise illegal(Violation.PIECE_MISMATCH, f"{before.name} cannot become {after.name}")
