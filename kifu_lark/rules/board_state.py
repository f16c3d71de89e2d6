"""The state of the rules engine's board, and moves made on it without any check.

:class:`BoardState` holds a position as the engine reads it: cells of piece codes on the
geometry's padded grid, hands as counts by kind code, both kings' cells, the side to move,
the Zobrist hash and the undo records of the moves made. It is set up from a model
``Position`` and turns back into one; it makes and unmakes moves given as engine indices,
trusting them. :class:`~kifu_lark.rules.board.Board` adds the rules on top: attacks,
checks, and a move validated before it is made.
"""

from __future__ import annotations

from typing import Any, Final

from kifu_lark.model.color import Color
from kifu_lark.model.hand import Hand
from kifu_lark.model.piece import HAND_KINDS, Piece, PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import STANDARD, Variant
from kifu_lark.rules.geometry import (
    HAND_CODES,
    KIND_CODE,
    KINDS,
    KING,
    OFF,
    PROMOTED,
    UNPROMOTED,
    Geometry,
    code_piece,
    geometry,
    piece_code,
)
from kifu_lark.rules.violations import Violation

_COLORS: Final = (Color.BLACK, Color.WHITE)
# Compiled, ``Color.BLACK`` is a look-up on the Enum class; a Final constant is read directly.
_BLACK: Final = Color.BLACK

_new = object.__new__
# Position's and Hand's slots' own setters: the frozen classes refuse ``setattr``, and
# these skip the look-up by name that ``object.__setattr__`` makes for each field.
_SET_VARIANT: Final[Any] = Position.__dict__["variant"].__set__
_SET_BOARD: Final[Any] = Position.__dict__["board"].__set__
_SET_HANDS: Final[Any] = Position.__dict__["hands"].__set__
_SET_TURN: Final[Any] = Position.__dict__["turn"].__set__
_SET_PLY: Final[Any] = Position.__dict__["ply"].__set__
_SET_COUNTS: Final[Any] = Hand.__dict__["counts"].__set__


def held_hand(counts: tuple[int, ...]) -> Hand:
    """A :class:`Hand` of ``counts`` (a tuple in ``HAND_KINDS`` order, each count ≥ 0),
    without the converter and validator: the engine's hands hold such counts by
    construction. Equal to ``Hand(counts)``."""
    hand: Hand = _new(Hand)
    _SET_COUNTS(hand, counts)
    return hand


def played_position(
    variant: Variant,
    board: tuple[Piece | None, ...],
    hands: tuple[Hand, Hand],
    turn: Color,
    ply: int,
) -> Position:
    """A :class:`Position` with its fields set as given, without the validators: the
    engine's boards start from a checked position and its moves only move pieces between
    squares and hands (the set's counts hold by construction, and ``board`` has the
    variant's number of squares). Equal to ``Position(...)`` of the same fields."""
    position: Position = _new(Position)
    _SET_VARIANT(position, variant)
    _SET_BOARD(position, board)
    _SET_HANDS(position, hands)
    _SET_TURN(position, turn)
    _SET_PLY(position, ply)
    return position


#: The engine code of each kind of ``HAND_KINDS``, in that order (a hand's ``counts``).
_HAND_KIND_CODES: Final[tuple[int, ...]] = tuple(KIND_CODE[kind] for kind in HAND_KINDS)
# The engine codes of the pieces set up lately, by identity: id(piece) → (piece, code). The
# model's pieces are a few shared instances a table (each reader's cells, SFEN's letters), and
# a piece's code from its kind and colour is two attribute look-ups on an attrs class and a
# look-up by kind. An entry holds its piece, so the id is not reused; bounded.
_PIECE_CODES: dict[int, tuple[Piece, int]] = {}
_PIECE_CODES_KEPT: Final = 256


def _remember_code(piece: Piece, code: int) -> None:
    """Keep ``piece``'s engine ``code`` in the table of :meth:`BoardState._place`."""
    if len(_PIECE_CODES) >= _PIECE_CODES_KEPT:
        _PIECE_CODES.clear()
    _PIECE_CODES[id(piece)] = (piece, code)


# An undo record: from, to, drop kind, captured code, moved code, in-check flag before, hash.
_Undo = tuple[int, int, int, int, int, bool | None, int]


# Board.from_position's recent set-ups: id(position) → (position, cells, hands, kings, hash).
_Hands = tuple[tuple[int, ...], tuple[int, ...]]
_SETUPS: dict[int, tuple[Position, tuple[int, ...], _Hands, tuple[int, int], int]] = {}


class BoardState:
    """A position that moves are made on, unchecked. See the module docstring."""

    __slots__ = (
        "_history",
        "_in_check",
        "cells",
        "g",
        "hands",
        "hash",
        "hashing",
        "kings",
        "ply",
        "tolerated",
        "turn",
    )

    def __init__(self, variant: Variant = STANDARD) -> None:
        g = geometry(variant)
        self.g: Geometry = g
        self.cells = list(g.empty_cells)
        self.hands = [[0] * 15, [0] * 15]
        self.turn = 0
        self.ply = 1
        self.kings = [-1, -1]
        self.hash = 0
        # Readers turn the Zobrist hash off: only repetition() needs it, and a record read
        # is never asked. Off, ``hash`` is stale and repetition() refuses to answer.
        self.hashing = True
        self._history: list[_Undo] = []
        self._in_check: bool | None = None
        self.tolerated: list[Violation] = []

    # --- conversion ------------------------------------------------------------------------

    def _set_up(self, position: Position) -> None:
        """Set this board (new, of ``position``'s variant) up as ``position``."""
        # Every reader sets up a board per record, mostly from the same few (shared) start
        # positions: the set-up of the last ones is kept, by identity (positions are
        # immutable; an entry holds its position, so the id is not reused).
        setup = _SETUPS.get(id(position))
        if setup is not None and setup[0] is position:
            _, cells, hands, kings, self.hash = setup
            self.cells = list(cells)
            self.hands = [list(hands[0]), list(hands[1])]
            self.kings = list(kings)
            self.turn = 0 if position.turn is _BLACK else 1
            self.ply = position.ply
            return
        # placed on this board (new: empty, no hash), then kept for the next set up from it
        self._place(position)
        self.ply = position.ply
        if len(_SETUPS) >= 16:
            _SETUPS.clear()
        _SETUPS[id(position)] = (
            position,
            tuple(self.cells),
            (tuple(self.hands[0]), tuple(self.hands[1])),
            (self.kings[0], self.kings[1]),
            self.hash,
        )

    def _place(self, position: Position) -> None:
        """Place ``position``'s pieces and hands on this (empty) board, and its turn."""
        board = self
        g = board.g
        # position.board runs rank by rank from file 1, as the geometry's squares do: its
        # n-th entry stands on g.squares[n] (no Square objects made)
        squares = g.squares
        codes = _PIECE_CODES
        for n, piece in enumerate(position.board):
            if piece is None:
                continue
            known = codes.get(id(piece))
            if known is not None and known[0] is piece:
                code = known[1]
            else:
                code = piece_code(piece)
                _remember_code(piece, code)
            i = squares[n]
            board.cells[i] = code
            board.hash ^= g.zobrist[i][code]
            if code & 15 == KING:
                board.kings[code >> 4] = i
        for c, hand in enumerate(position.hands):
            # the counts in HAND_KINDS order, read directly: Hand.items is a generator
            # (indexed, not zipped: compiled, zip(..., strict=True) is a call with keywords)
            counts = hand.counts
            for j in range(len(counts)):
                n = counts[j]
                if n:
                    k = _HAND_KIND_CODES[j]
                    board.hands[c][k] = n
                    board.hash ^= g.zobrist_hand[c][k][n]
        board.turn = 0 if position.turn is _BLACK else 1
        if board.turn:
            board.hash ^= g.zobrist_turn

    def to_position(self) -> Position:
        """The current position as an immutable model value."""
        g = self.g
        files = g.variant.files
        cells = self.cells
        board: list[Piece | None] = [None] * (files * g.variant.ranks)
        for i in g.squares:
            code = cells[i]
            if code:
                board[(g.rank_of[i] - 1) * files + g.file_of[i] - 1] = code_piece(code)
        return played_position(
            g.variant, tuple(board), self._model_hands(), _COLORS[self.turn], self.ply
        )

    def position_after(self, before: Position, frm: int, to: int, hands: bool) -> Position:
        """The current position, when this board held ``before`` until one move from cell
        ``frm`` (0 for a drop) to cell ``to`` was made on it (``hands``: a capture or a
        drop, which changed the hands): only those squares, and the hands when they
        changed, are read again. Equal to :meth:`to_position`."""
        g = self.g
        files = g.variant.files
        cells = self.cells
        board = list(before.board)
        code = cells[to]
        board[(g.rank_of[to] - 1) * files + g.file_of[to] - 1] = code_piece(code) if code else None
        if frm:
            board[(g.rank_of[frm] - 1) * files + g.file_of[frm] - 1] = None
        return played_position(
            g.variant,
            tuple(board),
            self._model_hands() if hands else before.hands,
            _COLORS[self.turn],
            self.ply,
        )

    def _model_hands(self) -> tuple[Hand, Hand]:
        black, white = self.hands
        return (
            held_hand(tuple([black[k] for k in HAND_CODES])),
            held_hand(tuple([white[k] for k in HAND_CODES])),
        )

    @property
    def color(self) -> Color:
        """The side to move."""
        return _COLORS[self.turn]

    def piece_kind(self, square: Square) -> PieceKind | None:
        """The kind on ``square`` (``None`` when empty)."""
        code = self.cells[self.g.index(square)]
        return KINDS[(code & 15) - 1] if code and code != OFF else None

    def hand_of(self, color: Color) -> dict[PieceKind, int]:
        """The pieces in hand of ``color``."""
        c = 0 if color is _BLACK else 1
        return {
            kind: self.hands[c][KIND_CODE[kind]]
            for kind in HAND_KINDS
            if self.hands[c][KIND_CODE[kind]]
        }

    # --- making moves ----------------------------------------------------------------------

    def _make(self, frm: int, to: int, promote: bool, drop: int) -> int:
        """Play without any check; returns the captured code."""
        if not self.hashing:
            return self._make_unhashed(frm, to, promote, drop)
        cells = self.cells
        g = self.g
        c = self.turn
        h = self.hash
        if drop:
            code = drop | (c << 4)
            hand = self.hands[c]
            n = hand[drop]
            hand[drop] = n - 1
            cells[to] = code
            h ^= g.zobrist[to][code] ^ g.zobrist_hand[c][drop][n] ^ g.zobrist_hand[c][drop][n - 1]
            captured = 0
            moved = code
        else:
            moved = cells[frm]
            captured = cells[to]
            new = moved
            if promote:
                new = PROMOTED[moved & 15] | (c << 4)
            cells[frm] = 0
            cells[to] = new
            h ^= g.zobrist[frm][moved] ^ g.zobrist[to][new]
            if captured:
                h ^= g.zobrist[to][captured]
                k = captured & 15
                if k == KING:
                    self.kings[1 - c] = -1
                k = UNPROMOTED[k]
                hand = self.hands[c]
                n = hand[k]
                hand[k] = n + 1
                h ^= g.zobrist_hand[c][k][n] ^ g.zobrist_hand[c][k][n + 1]
            if moved & 15 == KING:
                self.kings[c] = to
        self._history.append((frm, to, drop, captured, moved, self._in_check, self.hash))
        self.hash = h ^ g.zobrist_turn
        self.turn = 1 - c
        self.ply += 1
        self._in_check = None
        return captured

    def _make_unhashed(self, frm: int, to: int, promote: bool, drop: int) -> int:
        """:meth:`_make` without the Zobrist hash."""
        cells = self.cells
        c = self.turn
        if drop:
            moved = drop | (c << 4)
            self.hands[c][drop] -= 1
            cells[to] = moved
            captured = 0
        else:
            moved = cells[frm]
            captured = cells[to]
            cells[frm] = 0
            cells[to] = PROMOTED[moved & 15] | (c << 4) if promote else moved
            if captured:
                k = captured & 15
                if k == KING:
                    self.kings[1 - c] = -1
                self.hands[c][UNPROMOTED[k]] += 1
            if moved & 15 == KING:
                self.kings[c] = to
        self._history.append((frm, to, drop, captured, moved, self._in_check, 0))
        self.turn = 1 - c
        self.ply += 1
        self._in_check = None
        return captured

    def _unmake(self) -> None:
        frm, to, drop, captured, moved, in_check, h = self._history.pop()
        cells = self.cells
        self.turn = c = 1 - self.turn
        self.ply -= 1
        self.hash = h
        self._in_check = in_check
        if drop:
            cells[to] = 0
            self.hands[c][drop] += 1
            return
        cells[frm] = moved
        cells[to] = captured
        if captured:
            k = captured & 15
            if k == KING:
                self.kings[1 - c] = to
            self.hands[c][UNPROMOTED[k]] -= 1
        if moved & 15 == KING:
            self.kings[c] = frm

    def taken(self, back: int = 0) -> int:
        """The engine code of the piece the last move made on this board took (0: none),
        or of the move ``back`` moves before it; -1 when fewer moves were made."""
        history = self._history
        if back >= len(history):
            return -1
        return history[-1 - back][3]

    def pop(self) -> None:
        """Take back the last move."""
        if not self._history:
            raise IndexError("no move to take back")
        self._unmake()

    def pass_turn(self) -> None:
        """Hand the move to the other side without moving (records that skip a turn)."""
        self.turn = 1 - self.turn
        self.hash ^= self.g.zobrist_turn
        self._in_check = None
