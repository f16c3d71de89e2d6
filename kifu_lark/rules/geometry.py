"""Precomputed tables for one variant: the padded board layout and piece movement.

The engine works on a padded one-dimensional board: ``W = files + 1`` cells a row (column 0
is a sentinel shared by both edges) and two sentinel rows above and below, so a knight's jump
never leaves the array. Piece codes are small ints: kind index (1–14) for black, +16 for white.
"""

from __future__ import annotations

import functools
import random
from typing import Final

from kifu_lark.model.color import Color
from kifu_lark.model.move import Move
from kifu_lark.model.piece import Piece, PieceKind
from kifu_lark.model.square import Square
from kifu_lark.model.variant import Variant

# Final, every one: the compiled build then reads each as a constant (an int inlined, a
# table from a C static) rather than looking its name up in a module's dict at every use,
# several times a move.
KINDS: Final[tuple[PieceKind, ...]] = tuple(PieceKind)  # index + 1 = kind code
KIND_CODE: Final[dict[PieceKind, int]] = {kind: i + 1 for i, kind in enumerate(KINDS)}
PAWN: Final = 1
LANCE: Final = 2
KNIGHT: Final = 3
SILVER: Final = 4
GOLD: Final = 5
BISHOP: Final = 6
ROOK: Final = 7
KING: Final = 8
PROMOTE: Final[dict[int, int]] = {PAWN: 9, LANCE: 10, KNIGHT: 11, SILVER: 12, BISHOP: 13, ROOK: 14}
UNPROMOTE: Final[dict[int, int]] = {v: k for k, v in PROMOTE.items()}
#: By kind code (0 to 15): the promoted kind's code (0 for a kind that does not promote),
#: and the unpromoted kind's code (the kind's own for one that is not promoted).
PROMOTED: Final[tuple[int, ...]] = tuple(PROMOTE.get(k, 0) for k in range(16))
UNPROMOTED: Final[tuple[int, ...]] = tuple(UNPROMOTE.get(k, k) for k in range(16))
HAND_CODES: Final = (ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN)
WHITE_BIT: Final = 16
OFF: Final = 32
#: The width of the Zobrist keys: under the 63 bits of the compiled build's short ints.
ZOBRIST_BITS: Final = 62


# Compiled, ``Color.WHITE`` is a look-up on the Enum class through its metaclass; a Final
# constant is read directly.
_WHITE: Final = Color.WHITE


def piece_code(piece: Piece) -> int:
    """The engine code of a model piece."""
    return KIND_CODE[piece.kind] + (WHITE_BIT if piece.color is _WHITE else 0)


def _code_piece(code: int) -> Piece:
    return Piece(KINDS[(code & 15) - 1], Color.WHITE if code & WHITE_BIT else Color.BLACK)


_PIECE_OF_CODE = {
    k | bit: _code_piece(k | bit) for k in range(1, len(KINDS) + 1) for bit in (0, WHITE_BIT)
}


def code_piece(code: int) -> Piece:
    """The model piece of an engine code (shared instances: pieces are immutable)."""
    return _PIECE_OF_CODE[code]


class Geometry:
    """Index arithmetic and movement tables for one variant (built once per variant)."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        files, ranks = variant.files, variant.ranks
        self.files, self.ranks = files, ranks
        self.width = w = files + 1
        # One cell more than the padded rows: a knight jump from the last square of the
        # bottom rank lands one past the last sentinel row otherwise.
        self.size = (ranks + 4) * w + 1
        self.squares = [(r + 2) * w + f for r in range(ranks) for f in range(1, files + 1)]
        # The cells of an empty board: sentinels (OFF) around the squares (0).
        self.empty_cells = tuple(0 if i in self.squares else OFF for i in range(self.size))
        self.square_of: dict[int, Square] = {}
        self.rank_of = [0] * self.size
        self.file_of = [0] * self.size
        for r in range(1, ranks + 1):
            for f in range(1, files + 1):
                i = self.idx(f, r)
                self.square_of[i] = Square(f, r)
                self.rank_of[i] = r
                self.file_of[i] = f
        fwd = -w
        orth = (fwd, -fwd, 1, -1)
        diag = (fwd + 1, fwd - 1, -fwd + 1, -fwd - 1)
        gold = {fwd - 1, fwd, fwd + 1, -1, 1, -fwd}
        black_steps: dict[int, set[int]] = {
            PAWN: {fwd},
            KNIGHT: {2 * fwd - 1, 2 * fwd + 1},
            SILVER: {fwd - 1, fwd, fwd + 1, -fwd - 1, -fwd + 1},
            GOLD: gold,
            KING: set(orth) | set(diag),
            9: gold,
            10: gold,
            11: gold,
            12: gold,
            13: set(orth),
            14: set(diag),
        }
        black_slides: dict[int, tuple[int, ...]] = {
            LANCE: (fwd,),
            BISHOP: diag,
            ROOK: orth,
            13: diag,
            14: orth,
        }
        # [color][kind] → frozenset of step deltas / tuple of slide directions
        self.steps: list[list[frozenset[int]]] = [[frozenset()] * 15, [frozenset()] * 15]
        self.slides: list[list[tuple[int, ...]]] = [[()] * 15, [()] * 15]
        self.step_tuples: list[list[tuple[int, ...]]] = [[()] * 15, [()] * 15]
        for c, sign in ((0, 1), (1, -1)):
            for k in range(1, 15):
                self.steps[c][k] = frozenset(sign * d for d in black_steps.get(k, ()))
                # the same steps to loop over: a compiled loop over a frozenset goes through
                # a generic iterator and boxes every step (in the frozenset's own order)
                self.step_tuples[c][k] = tuple(self.steps[c][k])
                dirs = tuple(sign * d for d in black_slides.get(k, ()))
                self.slides[c][k] = dirs
        self.all_dirs = orth + diag
        self.pawn_step = (fwd, -fwd)
        self._line_tables()
        self.knight_from = [
            tuple(-d for d in self.steps[0][KNIGHT]),
            tuple(-d for d in self.steps[1][KNIGHT]),
        ]
        zone = variant.zone
        self.in_zone = [
            [i in self.square_of and self.rank_of[i] <= zone for i in range(self.size)],
            [i in self.square_of and self.rank_of[i] > ranks - zone for i in range(self.size)],
        ]
        # Ranks from which a piece still has a move: a pawn or lance needs one rank ahead,
        # a knight two.
        self.dead: list[dict[int, list[bool]]] = [{}, {}]
        for c in (0, 1):
            for k, need in ((PAWN, 1), (LANCE, 1), (KNIGHT, 2)):
                self.dead[c][k] = [
                    i in self.square_of
                    and (self.rank_of[i] <= need if c == 0 else self.rank_of[i] > ranks - need)
                    for i in range(self.size)
                ]
        self.kinds = frozenset(KIND_CODE[k] for k in variant.kinds)
        rng = random.Random(0x6B6966755F6C61)  # fixed: hashes must not vary between runs
        # ZOBRIST_BITS wide: a key and any XOR of keys stay a short int, which the compiled
        # build holds unboxed (a wider one is a heap object, made anew by every XOR)
        self.zobrist = [
            [rng.getrandbits(ZOBRIST_BITS) for _ in range(32)] for _ in range(self.size)
        ]
        self.zobrist_hand = [
            [[rng.getrandbits(ZOBRIST_BITS) for _ in range(40)] for _ in range(15)]
            for _ in range(2)
        ]
        self.zobrist_turn = rng.getrandbits(ZOBRIST_BITS)
        self._moves: dict[int, Move] = {}

    def move(
        self, color: Color, frm: int, to: int, code: int, promote: bool, captured: int
    ) -> Move:
        """The (shared) model ``Move`` of a board move given as engine values (``frm`` 0
        for a drop of the piece ``code``).

        Moves are immutable, so records share one instance per distinct move: creating a
        frozen attrs instance costs more than the rest of validating the move.
        """
        # The mover's colour is the key's last bit: a drop's code names the kind alone, and
        # asking a hit's ``color`` would cost an attribute look-up on an interpreted class.
        key = ((frm * self.size + to) << 12 | code << 7 | promote << 6 | captured) << 1 | (
            color is _WHITE
        )
        move = self._moves.get(key)
        if move is None:
            if len(self._moves) > 100_000:  # ~25 MB at most; real records use a few thousand
                self._moves.clear()
            move = Move(
                color,
                self.square_of[to],
                KINDS[(code & 15) - 1],
                self.square_of[frm] if frm else None,
                promote,
                KINDS[(captured & 15) - 1] if captured else None,
            )
            self._moves[key] = move
        return move

    def idx(self, file: int, rank: int) -> int:
        """The padded index of (file, rank)."""
        return (rank + 1) * self.width + file

    def _line_tables(self) -> None:
        """``line[a][b]``: the unit direction from a towards b when they share a rank, file or
        diagonal. Then the tables a hot test indexes with no int boxed or hashed (a
        difference ``d`` of two indices lies within ±size): ``step_at[c][k][d + size]`` is
        ``d in steps[c][k]``, ``slide_at[c][k][d + size]`` is ``d in slides[c][k]`` and
        ``line_at[a][b]`` is ``line[a].get(b, 0)`` (every direction is non-zero).

        A slide's direction is ``line_at``'s, found by walking the squares: on a narrow
        board the difference of two indices alone is ambiguous (with one padding column, three
        ranks up and three files right is the same difference as two ranks up and two files
        left on a board of four files), a step's never is (it moves one file at most)."""
        self.line: dict[int, dict[int, int]] = {}
        for a in self.squares:
            row: dict[int, int] = {}
            for d in self.all_dirs:
                t = a + d
                while t in self.square_of:
                    row[t] = d
                    t += d
            self.line[a] = row
        n = self.size
        self.step_at: list[list[list[bool]]] = [
            [[d - n in self.steps[c][k] for d in range(2 * n)] for k in range(15)] for c in (0, 1)
        ]
        self.slide_at: list[list[list[bool]]] = [
            [[d - n in self.slides[c][k] for d in range(2 * n)] for k in range(15)] for c in (0, 1)
        ]
        off_line = [0] * n
        self.line_at: list[list[int]] = [
            [self.line[a].get(b, 0) for b in range(n)] if a in self.line else off_line
            for a in range(n)
        ]

    def index(self, square: Square) -> int:
        """The padded index of ``square``; ``-1`` when it is off this board."""
        # Arithmetic, not a dict: a Square key would be compared with its Python-level
        # __eq__ on every hit, which costs more than this.
        file, rank = square.file, square.rank
        if file > self.files or rank > self.ranks:
            return -1
        return (rank + 1) * self.width + file


def geometry(variant: Variant) -> Geometry:
    """The (cached) geometry of ``variant``."""
    # Looked up by identity first: every record read sets up a board, and a Variant's hash
    # (attrs, interpreted, over its fields) cost more than the rest of the look-up.
    known = _BY_ID.get(id(variant))
    if known is not None and known[0] is variant:
        return known[1]
    found = _geometry(variant)
    if len(_BY_ID) >= 64:
        _BY_ID.clear()
    _BY_ID[id(variant)] = (variant, found)  # the entry holds the variant: its id stays its own
    return found


_BY_ID: dict[int, tuple[Variant, Geometry]] = {}


@functools.cache
def _geometry(variant: Variant) -> Geometry:
    return Geometry(variant)
