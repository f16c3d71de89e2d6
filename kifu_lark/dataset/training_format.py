"""The byte layouts of HCPE and PSV training records: one record packed, a file read back.

* **HCPE** (``HuffmanCodedPosAndEval``, :data:`HCPE_SIZE` bytes, cshogi's dtype):
  ``hcp`` 32 bytes, ``eval`` int16, ``bestMove16`` uint16, ``gameResult`` uint8, one
  padding byte.
* **PSV** (``PackedSfenValue``, :data:`PSV_SIZE` bytes, YaneuraOu's): ``sfen`` 32 bytes,
  ``score`` int16, ``move`` uint16, ``gamePly`` uint16, ``game_result`` int8, one padding
  byte.

All numbers are little-endian; positions are packed by :mod:`kifu_lark.dataset.packing`,
moves by :mod:`kifu_lark.dataset.move16`. :mod:`kifu_lark.dataset.training` writes a game's records.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator

from attrs import frozen

from kifu_lark.dataset.move16 import (
    hcp_move16,
    move_from_hcp_move16,
    move_from_psv_move16,
    psv_move16,
)
from kifu_lark.dataset.packing import hcp, packed_sfen, position_from_hcp, position_from_packed_sfen
from kifu_lark.errors import InvalidRecordError
from kifu_lark.model.move import Move
from kifu_lark.model.position import Position

#: Bytes of one HCPE record.
HCPE_SIZE = 38
#: Bytes of one PSV record.
PSV_SIZE = 40
#: cshogi's ``GameResult`` values, as HCPE's ``gameResult`` holds them.
DRAW, BLACK_WIN, WHITE_WIN = 0, 1, 2

#: HCPE's and PSV's records as ``struct`` layouts (the fields above, in order).
HCPE_LAYOUT = struct.Struct("<32shHBx")
PSV_LAYOUT = struct.Struct("<32shHHbx")
assert HCPE_LAYOUT.size == HCPE_SIZE and PSV_LAYOUT.size == PSV_SIZE

#: HCPE3, game by game (dlshogi's ``HuffmanCodedPosAndEval3``, ``MoveInfo``, ``MoveVisits``,
#: as cshogi's numpy dtypes): a game's header (the start's ``hcp``, ``moveNum`` uint16,
#: ``result`` uint8, ``opponent`` uint8), then ``moveNum`` times a move's ``selectedMove16``
#: uint16, ``eval`` int16 and ``candidateNum`` uint16, followed by that many candidates'
#: ``move16`` uint16 and ``visitNum`` uint16.
HCPE3_HEADER = struct.Struct("<32sHBB")
HCPE3_MOVE = struct.Struct("<HhH")
HCPE3_CANDIDATE = struct.Struct("<HH")
#: Bits of HCPE3's ``result`` above the winner (:data:`BLACK_WIN`, :data:`WHITE_WIN`,
#: :data:`DRAW` in the low two): the game ended by 千日手, by 入玉宣言, or at the move limit
#: (dlshogi's converters count CSA's ``%JISHOGI`` so).
HCPE3_REPETITION, HCPE3_DECLARATION, HCPE3_MAX_MOVES = 4, 8, 16


def hcpe_record(position: Position, move: Move, *, eval: int = 0, result: int = DRAW) -> bytes:
    """One 38-byte HCPE record: ``position`` with ``move`` played from it, ``eval`` (the
    side to move's, int16) and ``result`` (:data:`BLACK_WIN`, :data:`WHITE_WIN`,
    :data:`DRAW`).

    Raises:
        UnsupportedFeatureError: for a position or move the format cannot hold.
        ValueError: for an ``eval`` or ``result`` out of range.
    """
    return hcpe_bytes(hcp(position), hcp_move16(move), eval, result)


def hcpe_bytes(packed: bytes, move16: int, eval: int, result: int) -> bytes:
    """One HCPE record of a packed position (32 bytes of HCP) and its fields, as
    :func:`hcpe_record` writes it.

    Raises:
        ValueError: for an ``eval`` or ``result`` out of range.
    """
    if result not in (DRAW, BLACK_WIN, WHITE_WIN):
        raise ValueError(f"result: expected 0, 1 or 2 (cshogi's GameResult), got {result}")
    return HCPE_LAYOUT.pack(packed, _int16(eval), move16, result)


def psv_record(
    position: Position, move: Move, *, score: int = 0, result: int = 0, ply: int | None = None
) -> bytes:
    """One 40-byte PSV record: ``position`` with ``move`` played from it, ``score`` (the
    side to move's, int16), ``result`` (1 the side to move won, 0 draw, -1 lost) and
    ``ply`` (``gamePly``; the position's move number when not given).

    Raises:
        UnsupportedFeatureError: for a position or move the format cannot hold.
        ValueError: for a ``score``, ``result`` or ``ply`` out of range.
    """
    number = position.ply if ply is None else ply
    return psv_bytes(packed_sfen(position), psv_move16(move), score, number, result)


def psv_bytes(packed: bytes, move16: int, score: int, ply: int, result: int) -> bytes:
    """One PSV record of a packed position (32 bytes of PackedSfen) and its fields, as
    :func:`psv_record` writes it.

    Raises:
        ValueError: for a ``score``, ``result`` or ``ply`` out of range.
    """
    if result not in (-1, 0, 1):
        raise ValueError(f"result: expected -1, 0 or 1, got {result}")
    if not 0 <= ply <= 0xFFFF:
        raise ValueError(f"ply: expected 0 to 65535 (a uint16), got {ply}")
    return PSV_LAYOUT.pack(packed, _int16(score), move16, ply, result)


def hcpe3_move(move16: int, eval: int, candidates: int) -> bytes:
    """One HCPE3 ``MoveInfo``: the move played, its evaluation (the side to move's, int16)
    and how many candidates follow (0: the position is replayed, not trained on).

    Raises:
        ValueError: for an ``eval`` out of range.
    """
    return HCPE3_MOVE.pack(move16, _int16(eval), candidates)


def _int16(value: int) -> int:
    if not -32768 <= value <= 32767:
        raise ValueError(f"score: expected an int16, got {value}")
    return value


@frozen
class HcpeRecord:
    """One HCPE record read back (:func:`read_hcpe`); ``move`` is ``None`` for move 0."""

    position: Position
    move: Move | None
    eval: int
    result: int


@frozen
class PsvRecord:
    """One PSV record read back (:func:`read_psv`); ``move`` is ``None`` for move 0."""

    position: Position
    move: Move | None
    score: int
    ply: int
    result: int


def read_hcpe(data: bytes) -> Iterator[HcpeRecord]:
    """The records of HCPE bytes (a whole file's), in order.

    Raises:
        InvalidRecordError: for a length that is not a multiple of 38, or a record that
            holds no position or no move of it.
    """
    view = memoryview(data)
    _check_length(len(view), HCPE_SIZE, "hcpe")
    for offset in range(0, len(view), HCPE_SIZE):
        packed, value, move16, result = HCPE_LAYOUT.unpack_from(view, offset)
        position = position_from_hcp(packed)
        move = move_from_hcp_move16(move16, position) if move16 else None
        yield HcpeRecord(position, move, value, result)


def read_psv(data: bytes) -> Iterator[PsvRecord]:
    """The records of PSV bytes (a whole file's), in order; each position's move number
    is the record's ``gamePly``.

    Raises:
        InvalidRecordError: for a length that is not a multiple of 40, or a record that
            holds no position or no move of it.
    """
    view = memoryview(data)
    _check_length(len(view), PSV_SIZE, "psv")
    for offset in range(0, len(view), PSV_SIZE):
        packed, value, move16, ply, result = PSV_LAYOUT.unpack_from(view, offset)
        position = position_from_packed_sfen(packed, max(ply, 1))
        move = move_from_psv_move16(move16, position) if move16 else None
        yield PsvRecord(position, move, value, ply, result)


def _check_length(length: int, size: int, name: str) -> None:
    if length % size:
        raise InvalidRecordError(
            f"{length} bytes are not a whole number of {size}-byte {name} records",
            format=name,
            code="BAD_LENGTH",
            hint="the file is cut short or is not of this format",
        )
