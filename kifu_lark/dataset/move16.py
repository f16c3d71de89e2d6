"""The 16-bit moves engines train on (``move16``), and the engines' numbering of squares.

A square is numbered ``(file - 1) * 9 + rank - 1`` (1a is 0, 9i 80). A move16 holds the
destination square in bits 0-6 and the origin square in bits 7-13; a drop stores its kind
in the origin field (歩 1, 香 2, 桂 3, 銀 4, 角 5, 飛 6, 金 7).

* cshogi (HCPE's ``bestMove16``): promotion in bit 14; a drop's origin field is ``80 + kind``.
* YaneuraOu (PSV's ``move``): promotion in bit 15; a drop sets bit 14 and its origin field
  is the kind itself.
"""

from __future__ import annotations

from collections.abc import Callable

from kifu_lark.dataset import engine_pack
from kifu_lark.errors import InvalidRecordError, UnsupportedFeatureError
from kifu_lark.model.move import Move
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square

_FILES = _RANKS = 9

# The engines' numbering of the kinds a drop names.
_DROP_NUMBER = {
    PieceKind.PAWN: 1,
    PieceKind.LANCE: 2,
    PieceKind.KNIGHT: 3,
    PieceKind.SILVER: 4,
    PieceKind.BISHOP: 5,
    PieceKind.ROOK: 6,
    PieceKind.GOLD: 7,
}
_DROP_KIND = {n: kind for kind, n in _DROP_NUMBER.items()}


def engine_square(square: Square) -> int:
    """The engines' number of a 9x9 square: ``(file - 1) * 9 + rank - 1`` (1a is 0, 9i 80)."""
    return (square.file - 1) * _RANKS + square.rank - 1


def square_at(number: int) -> Square:
    """The 9x9 square of the engines' ``number`` (the inverse of :func:`engine_square`)."""
    return Square(number // _RANKS + 1, number % _RANKS + 1)


def _check_move(move: Move) -> None:
    squares = (move.to,) if move.from_ is None else (move.to, move.from_)
    if any(s.file > _FILES or s.rank > _RANKS for s in squares):
        raise UnsupportedFeatureError(
            f"move16 cannot hold {move.usi()}: a square off the 9x9 board",
            format="move16",
            code="UNPACKABLE",
            hint="HCPE and PSV hold 9x9 shogi only",
        )


def hcp_move16(move: Move) -> int:
    """cshogi's 16-bit move (``cshogi.move16``, HCPE's ``bestMove16``)."""
    _check_move(move)
    return engine_pack.hcp_move16(*engine_pack.move_cells(move))


def psv_move16(move: Move) -> int:
    """YaneuraOu's 16-bit move (``Move16``, PSV's ``move``; ``cshogi.move16_to_psv``)."""
    _check_move(move)
    return engine_pack.psv_move16(*engine_pack.move_cells(move))


def _move_in(position: Position, to: int, origin: int, promote: bool, drop: int | None) -> Move:
    """The move of the decoded fields in ``position`` (``ValueError`` when it names none)."""
    if to >= 81:
        raise ValueError(f"destination {to} is off the board")
    if drop is not None:
        kind = _DROP_KIND.get(drop)
        if kind is None:
            raise ValueError(f"no kind is dropped as {drop}")
        return Move(position.turn, square_at(to), kind)
    if origin >= 81:
        raise ValueError(f"origin {origin} is off the board")
    from_ = square_at(origin)
    piece = position[from_]
    if piece is None or piece.color is not position.turn:
        raise ValueError(f"no piece of the side to move on {from_.usi()}")
    target = position[square_at(to)]
    return Move(
        position.turn, square_at(to), piece.kind, from_, promote, target.kind if target else None
    )


def _decode_move(
    value: int,
    position: Position,
    fields: Callable[[int], tuple[int, int, bool, int | None]],
    name: str,
) -> Move:
    try:
        return _move_in(position, *fields(value))
    except ValueError as err:
        raise InvalidRecordError(
            f"{name} {value:#06x} is no move in {position.sfen()}: {err}",
            format=name,
            code="BAD_MOVE16",
            hint="a move16 names squares of the position it was written with",
        ) from None


def _hcp_fields(value: int) -> tuple[int, int, bool, int | None]:
    origin = value >> 7 & 0x7F
    drop = origin - 80 if origin > 80 else None
    return value & 0x7F, origin, bool(value & 1 << 14), drop


def _psv_fields(value: int) -> tuple[int, int, bool, int | None]:
    origin = value >> 7 & 0x7F
    drop = origin if value & 1 << 14 else None
    return value & 0x7F, origin, bool(value & 1 << 15), drop


def move_from_hcp_move16(value: int, position: Position) -> Move:
    """The move cshogi's 16-bit ``value`` names in ``position`` (not checked for legality).

    Raises:
        InvalidRecordError: (code ``BAD_MOVE16``) when it names no move of the side to move.
    """
    return _decode_move(value, position, _hcp_fields, "hcp move16")


def move_from_psv_move16(value: int, position: Position) -> Move:
    """The move YaneuraOu's 16-bit ``value`` names in ``position`` (not checked for legality).

    Raises:
        InvalidRecordError: (code ``BAD_MOVE16``) when it names no move of the side to move.
    """
    return _decode_move(value, position, _psv_fields, "psv move16")
