"""Each engine's Huffman code of the pieces of a packed position: HCP's and PackedSfen's.

A board piece is written as an "occupied" bit, its kind's bits, then its colour and
promotion bits in the engine's order (金 has no promotion bit); a piece in hand has a code
of its own followed by its colour bit; a piece of the box (neither on the board nor in a
hand) has a third code. :class:`HuffmanCode` builds, from an engine's table of bits, the
codes :mod:`kifu_lark.dataset.engine_pack` writes and the tables
:mod:`kifu_lark.dataset.packing` reads back with.
"""

from __future__ import annotations

from kifu_lark.model.color import Color
from kifu_lark.model.piece import Piece, PieceKind


class HuffmanCode:
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
        self.board_read = {code_text(*key): piece for key, piece in self.board_back.items()}
        self.hand_read = {code_text(*key): found for key, found in self.hand_back.items()}


def code_text(value: int, length: int) -> str:
    """A code's bits in writing order (the inverse of :func:`_bits`)."""
    return format(value, f"0{length}b")[::-1]


def _bits(text: str) -> tuple[int, int]:
    """A code written as bits in writing order → (value read least significant bit first,
    length)."""
    return int(text[::-1], 2), len(text)


#: cshogi / Apery (HCP).
HCP_CODE = HuffmanCode(
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
PSFEN_CODE = HuffmanCode(
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
