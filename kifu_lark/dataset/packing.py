"""A shogi position packed in the 32 bytes engines train on (HCP, PackedSfen), and back.

Two engine families store a 9x9 position in 256 bits, and each has its own code:

* **HCP** (``HuffmanCodedPos``), Apery's, read and written by cshogi and dlshogi;
* **PackedSfen**, YaneuraOu's (its ``PackedSfenValue`` training records).

Both write, least significant bit first in each byte: one bit for the side to move (0
black, 1 white); the squares of black's and of white's king in 7 bits each; then every
other square, 1a, 1b … 1i, 2a … 9i (square number ``(file - 1) * 9 + rank - 1``), as
a Huffman code (``0`` for an empty square); then the pieces in hand, black's then white's,
one code per piece. The two differ in the codes of 桂 and 銀, in the order of the colour
and promotion bits, and in the hand codes of 角 and 飛 (the tables of
:mod:`~kifu_lark.dataset.huffman_codes`).

The code has no length field: a decoder reads hand pieces until bit 256, and the bits come
to exactly 256 when every piece of the set is written. The pieces of the set that are
neither on the board nor in a hand (the 駒箱, "piece box": the pieces a handicap start
leaves out) are written after the hands with codes of their own, as cshogi and YaneuraOu
do. Kings have no code, only their squares: a position without one king a side (a
composed problem) cannot be packed, and :func:`check_packable` says so.

The 16-bit moves stored beside a position (``move16``) are
:mod:`~kifu_lark.dataset.move16`'s; its functions are importable from here too.
"""

from __future__ import annotations

from kifu_lark.dataset.engine_pack import pack_position
from kifu_lark.dataset.huffman_codes import HCP_CODE, PSFEN_CODE, HuffmanCode
from kifu_lark.dataset.move16 import (
    engine_square,
    hcp_move16,
    move_from_hcp_move16,
    move_from_psv_move16,
    psv_move16,
    square_at,
)
from kifu_lark.errors import InvalidRecordError, UnsupportedFeatureError
from kifu_lark.model.color import Color
from kifu_lark.model.hand import Hand
from kifu_lark.model.piece import Piece, PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.variant import STANDARD

#: Bytes of a packed position.
PACKED_SIZE = 32
_BITS = PACKED_SIZE * 8
_FILES = _RANKS = 9
# Our board index ((rank - 1) * 9 + file - 1) of each engine square number, in order.
_SQUARE_ORDER = tuple((sq % _RANKS) * _FILES + sq // _RANKS for sq in range(_FILES * _RANKS))


def check_packable(position: Position) -> str | None:
    """Why ``position`` cannot be packed in 256 bits, or ``None`` when it can.

    It must be a 9x9 standard shogi position with one king a side. The reasons are short
    words, used as counters by :mod:`kifu_lark.dataset.training`: ``variant`` (another
    board), ``kings`` (a king missing: a composed problem).
    """
    if position.variant.name != STANDARD.name:
        return "variant"
    king = PieceKind.KING
    kings = [p.color for p in position.board if p is not None and p.kind is king]
    if len(kings) != 2 or kings[0] is kings[1]:
        return "kings"
    return None


_REFUSALS = {
    "variant": "a position of another board than 9x9 shogi",
    "kings": "a position without one king a side",
}


def _refuse(position: Position, code: HuffmanCode) -> None:
    reason = check_packable(position)
    if reason is not None:
        raise UnsupportedFeatureError(
            f"{code.name} cannot hold {_REFUSALS[reason]}: {position.sfen()}",
            format=code.name,
            code="UNPACKABLE",
            hint="HCP and PackedSfen hold 9x9 shogi positions with both kings; "
            "check_packable() tells which positions fit",
        )


def _pack(position: Position, code: HuffmanCode) -> bytes:
    # Written from the engine's arrays (engine_pack), as the training records are.
    if position.variant.name != STANDARD.name:
        _refuse(position, code)
    packed = pack_position(position, code is HCP_CODE)
    if packed is None:  # a king missing, or two of one side
        _refuse(position, code)
    assert packed is not None
    return packed


def _unpack(data: bytes, code: HuffmanCode, ply: int) -> Position:
    if len(data) != PACKED_SIZE:
        raise _bad(code, f"{len(data)} bytes, where a packed position has {PACKED_SIZE}")
    # As the encoder, on text: the bits in writing order, codes looked up as strings.
    bits = format(int.from_bytes(data, "little"), f"0{_BITS}b")[::-1]
    turn = Color.WHITE if bits[0] == "1" else Color.BLACK
    black_king, white_king = int(bits[7:0:-1], 2), int(bits[14:7:-1], 2)
    if black_king >= 81 or white_king >= 81 or black_king == white_king:
        raise _bad(code, f"king squares {black_king} and {white_king}")
    board: list[Piece | None] = [None] * (_FILES * _RANKS)
    board[_SQUARE_ORDER[black_king]] = Piece(PieceKind.KING, Color.BLACK)
    board[_SQUARE_ORDER[white_king]] = Piece(PieceKind.KING, Color.WHITE)
    n = 15
    back = code.board_read
    longest = code.longest
    for sq, index in enumerate(_SQUARE_ORDER):
        if sq in (black_king, white_king):
            continue
        for end in range(n + 1, n + longest + 1):
            text = bits[n:end]
            if text in back:
                board[index] = back[text]
                n = end
                break
        else:
            raise _bad(code, f"no piece has the code read at square {square_at(sq).usi()}")
    hands: tuple[dict[PieceKind, int], dict[PieceKind, int]] = ({}, {})
    held = code.hand_read
    while n < _BITS:
        for end in range(n + 1, min(n + longest, _BITS) + 1):
            text = bits[n:end]
            if text in held:
                found = held[text]
                if found is not None:  # None: a piece in the box
                    kind, color = found
                    side = hands[0 if color is Color.BLACK else 1]
                    side[kind] = side.get(kind, 0) + 1
                n = end
                break
        else:
            raise _bad(code, "no hand piece has the code read after the board")
    try:
        return Position(STANDARD, tuple(board), (Hand.of(hands[0]), Hand.of(hands[1])), turn, ply)
    except ValueError as err:  # more pieces than the set
        raise _bad(code, str(err)) from None


def _bad(code: HuffmanCode, message: str) -> InvalidRecordError:
    return InvalidRecordError(
        f"not a {code.name} position: {message}",
        format=code.name,
        code="BAD_PACKED_POSITION",
        hint="a packed position is 32 bytes written by hcp()/packed_sfen() or an engine",
    )


def hcp(position: Position) -> bytes:
    """The 32-byte HuffmanCodedPos (cshogi's ``Board.to_hcp``) of ``position``.

    Raises:
        UnsupportedFeatureError: (code ``UNPACKABLE``) for a position :func:`check_packable`
            refuses.
    """
    return _pack(position, HCP_CODE)


def packed_sfen(position: Position) -> bytes:
    """The 32-byte PackedSfen (YaneuraOu; cshogi's ``Board.to_psfen``) of ``position``.

    Raises:
        UnsupportedFeatureError: (code ``UNPACKABLE``) for a position :func:`check_packable`
            refuses.
    """
    return _pack(position, PSFEN_CODE)


def position_from_hcp(data: bytes, ply: int = 1) -> Position:
    """The position 32 bytes of HuffmanCodedPos hold; ``ply`` is its move number (the
    format has none).

    Raises:
        InvalidRecordError: (code ``BAD_PACKED_POSITION``) for bytes no position packs to.
    """
    return _unpack(bytes(data), HCP_CODE, ply)


def position_from_packed_sfen(data: bytes, ply: int = 1) -> Position:
    """The position 32 bytes of PackedSfen hold; ``ply`` is its move number (a PSV record
    stores it as ``gamePly``).

    Raises:
        InvalidRecordError: (code ``BAD_PACKED_POSITION``) for bytes no position packs to.
    """
    return _unpack(bytes(data), PSFEN_CODE, ply)


__all__ = [
    "HCP_CODE",
    "PACKED_SIZE",
    "PSFEN_CODE",
    "check_packable",
    "engine_square",
    "hcp",
    "hcp_move16",
    "move_from_hcp_move16",
    "move_from_psv_move16",
    "packed_sfen",
    "position_from_hcp",
    "position_from_packed_sfen",
    "psv_move16",
]
