"""The 32-byte Huffman codes of a shogi position and the 16-bit moves engines train on.

Two engine families store a 9x9 position in 256 bits, and each has its own code:

* **HCP** (``HuffmanCodedPos``), Apery's, read and written by cshogi and dlshogi;
* **PackedSfen**, YaneuraOu's (its ``PackedSfenValue`` training records).

Both write, least significant bit first in each byte: one bit for the side to move (0
black, 1 white); the squares of black's and of white's king in 7 bits each; then every
other square, 1a, 1b … 1i, 2a … 9i (square number ``(file - 1) * 9 + rank - 1``), as
a Huffman code (``0`` for an empty square); then the pieces in hand, black's then white's,
one code per piece. The two differ in the codes of 桂 and 銀, in the order of the colour
and promotion bits, and in the hand codes of 角 and 飛 (the tables below).

The code has no length field: a decoder reads hand pieces until bit 256, and the bits come
to exactly 256 when every piece of the set is written. The pieces of the set that are
neither on the board nor in a hand (the 駒箱, "piece box": the pieces a handicap start
leaves out) are written after the hands with codes of their own, as cshogi and YaneuraOu
do. Kings have no code, only their squares: a position without one king a side (a
composed problem) cannot be packed, and :func:`check_packable` says so.

Moves (``move16``): destination square in bits 0-6 and origin square in bits 7-13; a drop
stores its kind in the origin field (歩 1, 香 2, 桂 3, 銀 4, 角 5, 飛 6, 金 7).

* cshogi (HCPE's ``bestMove16``): promotion in bit 14; a drop's origin field is ``80 + kind``.
* YaneuraOu (PSV's ``move``): promotion in bit 15; a drop sets bit 14 and its origin field
  is the kind itself.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from kifu_lark.errors import InvalidRecordError, UnsupportedFeatureError
from kifu_lark.model.color import Color
from kifu_lark.model.hand import Hand
from kifu_lark.model.move import Move
from kifu_lark.model.piece import HAND_KINDS, Piece, PieceKind
from kifu_lark.model.position import Position, piece_set
from kifu_lark.model.square import Square
from kifu_lark.model.variant import STANDARD

#: Bytes of a packed position.
PACKED_SIZE = 32
_BITS = PACKED_SIZE * 8
_FILES = _RANKS = 9

# The engines' numbering of the kinds a drop names (and of hand pieces).
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
# The pieces of a set, king excepted, by kind.
_SET: dict[PieceKind, int] = {
    kind: n for kind, n in piece_set(STANDARD).items() if kind is not PieceKind.KING
}
# Hands are written in this order of kinds by both engines (black's hand, then white's).
_HAND_ORDER = tuple(reversed(HAND_KINDS))  # 歩 香 桂 銀 金 角 飛


class _Code:
    """One engine's Huffman code: piece → bits on the board and in hand, and back.

    ``types`` gives each unpromoted kind's bits in writing order; ``colour_first`` says
    whether a board piece's colour bit comes before its promotion bit (Apery) or after it
    (YaneuraOu); 金 has no promotion bit. ``held`` gives each kind's bits in hand, before
    the colour bit, which comes last; ``box`` each kind's whole code in the piece box.
    """

    def __init__(
        self,
        name: str,
        types: dict[PieceKind, str],
        colour_first: bool,
        held: dict[PieceKind, str],
        box: dict[PieceKind, str],
    ) -> None:
        self.name = name
        self.board: dict[Piece, tuple[int, int]] = {}
        self.hand: dict[tuple[PieceKind, Color], tuple[int, int]] = {}
        for kind, bits in types.items():
            for color in Color:
                c = "1" if color is Color.WHITE else "0"
                for promoted in (False, True) if kind.can_promote else (False,):
                    p = ("1" if promoted else "0") if kind.can_promote else ""
                    tail = c + p if colour_first else p + c
                    piece = Piece(kind.promoted() if promoted else kind, color)
                    self.board[piece] = _bits("1" + bits + tail)
                self.hand[kind, color] = _bits(held[kind] + c)
        self.box = {kind: _bits(bits) for kind, bits in box.items()}
        # The same codes as text in writing order, for the encoder.
        self.board_text = {kind: dict.fromkeys(Color, "") for kind in PieceKind}
        for piece, (value, length) in self.board.items():
            self.board_text[piece.kind][piece.color] = _text(value, length)
        self.hand_text = {color: dict.fromkeys(types, "") for color in Color}
        for (kind, color), (value, length) in self.hand.items():
            self.hand_text[color][kind] = _text(value, length)
        self.box_text = {kind: _text(*self.box[kind]) for kind in types}
        # Decoding tables: (value, length) → what it means; no code is a prefix of another.
        self.board_back: dict[tuple[int, int], Piece | None] = {(0, 1): None}
        self.board_back.update({code: piece for piece, code in self.board.items()})
        self.hand_back: dict[tuple[int, int], tuple[PieceKind, Color] | None] = {
            code: key for key, code in self.hand.items()
        }
        self.hand_back.update({code: None for code in self.box.values()})
        assert len(self.hand_back) == len(self.hand) + len(self.box), f"{name}: codes collide"
        self.longest = max(length for _, length in self.board.values())
        # The decoder's tables: a code's text → what it means.
        self.board_read = {_text(*key): piece for key, piece in self.board_back.items()}
        self.hand_read = {_text(*key): found for key, found in self.hand_back.items()}


def _text(value: int, length: int) -> str:
    """A code's bits in writing order (the inverse of :func:`_bits`)."""
    return format(value, f"0{length}b")[::-1]


def _bits(text: str) -> tuple[int, int]:
    """A code written as bits in writing order → (value read least significant bit first,
    length)."""
    return int(text[::-1], 2), len(text)


#: cshogi / Apery (HCP).
HCP_CODE = _Code(
    "hcp",
    {
        PieceKind.PAWN: "0",
        PieceKind.LANCE: "100",
        PieceKind.KNIGHT: "110",
        PieceKind.SILVER: "101",
        PieceKind.GOLD: "1110",
        PieceKind.BISHOP: "11110",
        PieceKind.ROOK: "11111",
    },
    colour_first=True,
    # Apery's own hand code: 角 and 飛 share a prefix, told apart by the bit after it.
    held={
        PieceKind.PAWN: "00",
        PieceKind.LANCE: "1000",
        PieceKind.KNIGHT: "1100",
        PieceKind.SILVER: "1010",
        PieceKind.GOLD: "1110",
        PieceKind.BISHOP: "111110",
        PieceKind.ROOK: "111111",
    },
    # The piece box: the hand code with its promotion bit set (角 and 飛 take the free
    # "11110" prefix; 金, which has no promotion bit, takes white's promoted 銀's code).
    box={
        PieceKind.PAWN: "010",
        PieceKind.LANCE: "10010",
        PieceKind.KNIGHT: "11010",
        PieceKind.SILVER: "10110",
        PieceKind.GOLD: "10111",
        PieceKind.BISHOP: "1111000",
        PieceKind.ROOK: "1111010",
    },
)
#: YaneuraOu (PackedSfen).
PSFEN_CODE = _Code(
    "psfen",
    {
        PieceKind.PAWN: "0",
        PieceKind.LANCE: "100",
        PieceKind.KNIGHT: "101",
        PieceKind.SILVER: "110",
        PieceKind.GOLD: "1110",
        PieceKind.BISHOP: "11110",
        PieceKind.ROOK: "11111",
    },
    colour_first=False,
    # The board code without its "occupied" bit, the promotion bit 0 (none for 金).
    held={
        PieceKind.PAWN: "00",
        PieceKind.LANCE: "1000",
        PieceKind.KNIGHT: "1010",
        PieceKind.SILVER: "1100",
        PieceKind.GOLD: "1110",
        PieceKind.BISHOP: "111100",
        PieceKind.ROOK: "111110",
    },
    # The piece box: the hand code with its promotion bit set and colour 0; 金, which has no
    # promotion bit, takes white's promoted 銀's code.
    box={
        PieceKind.PAWN: "010",
        PieceKind.LANCE: "10010",
        PieceKind.KNIGHT: "10110",
        PieceKind.SILVER: "11010",
        PieceKind.GOLD: "11011",
        PieceKind.BISHOP: "1111010",
        PieceKind.ROOK: "1111110",
    },
)

# Our board index ((rank - 1) * 9 + file - 1) of each engine square number, in order.
_SQUARE_ORDER = tuple((sq % _RANKS) * _FILES + sq // _RANKS for sq in range(_FILES * _RANKS))
_ENGINE_SQUARE = {index: sq for sq, index in enumerate(_SQUARE_ORDER)}
# A king's square number as 7 bits in writing order.
_SQUARE_BITS = tuple(_text(sq, 7) for sq in range(_FILES * _RANKS))
# Each kind → the kind it counts as in the set (its unpromoted form).
_BASE = {kind: kind.unpromoted() for kind in PieceKind}
# The engines' order of hand kinds with each kind's place in ``Hand.counts`` (飛 角 金 …).
_HAND_SLOTS = tuple((kind, HAND_KINDS.index(kind)) for kind in _HAND_ORDER)
# A board's squares in the engines' order (1a, 1b … 9i), taken in one C call.
_IN_ENGINE_ORDER = operator.itemgetter(*_SQUARE_ORDER)
# Pieces of a whole set, kings included.
_WHOLE_SET = sum(piece_set(STANDARD).values())


def engine_square(square: Square) -> int:
    """The engines' number of a 9x9 square: ``(file - 1) * 9 + rank - 1`` (1a is 0, 9i 80)."""
    return (square.file - 1) * _RANKS + square.rank - 1


def _square(number: int) -> Square:
    return Square(number // _RANKS + 1, number % _RANKS + 1)


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


def _refuse(position: Position, code: _Code) -> None:
    reason = check_packable(position)
    if reason is not None:
        raise UnsupportedFeatureError(
            f"{code.name} cannot hold {_REFUSALS[reason]}: {position.sfen()}",
            format=code.name,
            code="UNPACKABLE",
            hint="HCP and PackedSfen hold 9x9 shogi positions with both kings; "
            "check_packable() tells which positions fit",
        )


def _pack(position: Position, code: _Code) -> bytes:
    # The bits are joined as text ("0"/"1" in writing order) and read as one number at the
    # end: a few hundred short strings cost less than as many operations on a growing int.
    if position.variant.name != STANDARD.name:
        _refuse(position, code)
    ordered: tuple[Piece | None, ...] = _IN_ENGINE_ORDER(position.board)
    texts = code.board_text  # a king's text is empty: its square is written apart
    parts = ["0" if p is None else texts[p.kind][p.color] for p in ordered]
    kings = [sq for sq, text in enumerate(parts) if not text]  # only a king's text is empty
    on_board = len(parts) - parts.count("0")  # (counting None in ``ordered`` would call
    # Piece.__eq__ on every piece)
    if len(kings) != 2:
        _refuse(position, code)
    first, second = (ordered[sq] for sq in kings)
    assert first is not None and second is not None
    if first.color is second.color:
        _refuse(position, code)
    if first.color is Color.WHITE:
        kings.reverse()
    held = 0
    for color, hand in zip(Color, position.hands, strict=True):
        if not hand:
            continue
        counts = hand.counts
        texts_held = code.hand_text[color]
        for kind, slot in _HAND_SLOTS:
            n = counts[slot]
            if n:
                held += n
                parts.append(texts_held[kind] * n)
    if held + on_board != _WHOLE_SET:
        parts.extend(_box(code, ordered, position.hands))
    head = "1" if position.turn is Color.WHITE else "0"
    bits = head + _SQUARE_BITS[kings[0]] + _SQUARE_BITS[kings[1]] + "".join(parts)
    assert len(bits) == _BITS, f"{code.name}: {len(bits)} bits for a whole set"
    return int(bits[::-1], 2).to_bytes(PACKED_SIZE, "little")


def _box(code: _Code, board: tuple[Piece | None, ...], hands: tuple[Hand, Hand]) -> list[str]:
    """The codes of the pieces neither on the board nor in a hand (a handicap's)."""
    left = dict(_SET)
    for piece in board:
        if piece is not None and piece.kind is not PieceKind.KING:
            left[_BASE[piece.kind]] -= 1
    for hand in hands:
        for kind, n in hand.items():
            left[kind] -= n
    return [code.box_text[kind] * left[kind] for kind in _HAND_ORDER if left[kind]]


def _unpack(data: bytes, code: _Code, ply: int) -> Position:
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
            raise _bad(code, f"no piece has the code read at square {_square(sq).usi()}")
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


def _bad(code: _Code, message: str) -> InvalidRecordError:
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


# --- moves ---------------------------------------------------------------------------------


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
    to = engine_square(move.to)
    if move.from_ is None:
        return to | (80 + _DROP_NUMBER[move.piece]) << 7
    return to | engine_square(move.from_) << 7 | (1 << 14 if move.promote else 0)


def psv_move16(move: Move) -> int:
    """YaneuraOu's 16-bit move (``Move16``, PSV's ``move``; ``cshogi.move16_to_psv``)."""
    _check_move(move)
    to = engine_square(move.to)
    if move.from_ is None:
        return to | _DROP_NUMBER[move.piece] << 7 | 1 << 14
    return to | engine_square(move.from_) << 7 | (1 << 15 if move.promote else 0)


def _move_in(position: Position, to: int, origin: int, promote: bool, drop: int | None) -> Move:
    """The move of the decoded fields in ``position`` (``ValueError`` when it names none)."""
    if to >= 81:
        raise ValueError(f"destination {to} is off the board")
    if drop is not None:
        kind = _DROP_KIND.get(drop)
        if kind is None:
            raise ValueError(f"no kind is dropped as {drop}")
        return Move(position.turn, _square(to), kind)
    if origin >= 81:
        raise ValueError(f"origin {origin} is off the board")
    from_ = _square(origin)
    piece = position[from_]
    if piece is None or piece.color is not position.turn:
        raise ValueError(f"no piece of the side to move on {from_.usi()}")
    target = position[_square(to)]
    return Move(
        position.turn, _square(to), piece.kind, from_, promote, target.kind if target else None
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
