"""The mutable board the rules engine plays moves on.

A :class:`Board` is built from a model ``Position``, plays and takes back moves, checks each
move against every rule (raising :class:`~kifu_lark.errors.IllegalMoveError` with the rule's
code) and turns back into a ``Position``. It keeps incremental state (king squares, a Zobrist
hash, whether the side to move is in check) so that validating a move costs a few table
look-ups rather than a move generation.
"""

from __future__ import annotations

from collections.abc import Collection

from kifu_lark.errors import IllegalMoveError
from kifu_lark.model.color import Color
from kifu_lark.model.hand import Hand
from kifu_lark.model.move import Move
from kifu_lark.model.piece import HAND_KINDS, PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import STANDARD, Variant
from kifu_lark.rules.geometry import (
    HAND_CODES,
    KIND_CODE,
    KINDS,
    KING,
    KNIGHT,
    OFF,
    PAWN,
    PROMOTE,
    UNPROMOTE,
    Geometry,
    code_piece,
    geometry,
    piece_code,
)
from kifu_lark.rules.violations import Violation

_COLORS = (Color.BLACK, Color.WHITE)
# An undo record: from, to, drop kind, captured code, moved code, in-check flag before, hash.
_Undo = tuple[int, int, int, int, int, bool | None, int]


# Board.from_position's recent set-ups: id(position) → (position, cells, hands, kings, hash).
_Hands = tuple[tuple[int, ...], tuple[int, ...]]
_SETUPS: dict[int, tuple[Position, tuple[int, ...], _Hands, tuple[int, int], int]] = {}


def illegal(violation: Violation, detail: str = "") -> IllegalMoveError:
    """An ``IllegalMoveError`` for ``violation`` (location is filled in by the caller)."""
    message = violation.message + (f": {detail}" if detail else "")
    return IllegalMoveError(message, code=violation.value, hint=violation.hint)


class Board:
    """A position that moves are played on. See the module docstring."""

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
        # Readers turn the Zobrist hash off: only repetition() needs it, and keeping it up
        # costs a twentieth of reading a move. Off, ``hash`` is stale and repetition()
        # refuses to answer.
        self.hashing = True
        self._history: list[_Undo] = []
        self._in_check: bool | None = None
        self.tolerated: list[Violation] = []

    # --- conversion ------------------------------------------------------------------------

    @classmethod
    def from_position(cls, position: Position) -> Board:
        """A board set up as ``position``."""
        board = cls(position.variant)
        # Every reader sets up a board per record, mostly from the same few (shared) start
        # positions: the set-up of the last ones is kept, by identity (positions are
        # immutable; an entry holds its position, so the id is not reused).
        setup = _SETUPS.get(id(position))
        if setup is None or setup[0] is not position:
            fresh = Board(position.variant)
            fresh._set_up(position)
            setup = (
                position,
                tuple(fresh.cells),
                (tuple(fresh.hands[0]), tuple(fresh.hands[1])),
                (fresh.kings[0], fresh.kings[1]),
                fresh.hash,
            )
            if len(_SETUPS) >= 16:
                _SETUPS.clear()
            _SETUPS[id(position)] = setup
        _, cells, hands, kings, board.hash = setup
        board.cells = list(cells)
        board.hands = [list(hands[0]), list(hands[1])]
        board.kings = list(kings)
        board.turn = 0 if position.turn is Color.BLACK else 1
        board.ply = position.ply
        return board

    def _set_up(self, position: Position) -> None:
        """Place ``position``'s pieces and hands on this (empty) board, and its turn."""
        board = self
        g = board.g
        files = position.variant.files
        # position.board runs rank by rank from file 1: the index is computed rather than
        # built through Square objects (every reader sets up a board per record).
        for n, piece in enumerate(position.board):
            if piece is None:
                continue
            code = piece_code(piece)
            i = g.idx(n % files + 1, n // files + 1)
            board.cells[i] = code
            board.hash ^= g.zobrist[i][code]
            if code & 15 == KING:
                board.kings[code >> 4] = i
        for c, hand in enumerate(position.hands):
            for kind, n in hand.items():
                k = KIND_CODE[kind]
                board.hands[c][k] = n
                board.hash ^= g.zobrist_hand[c][k][n]
        board.turn = 0 if position.turn is Color.BLACK else 1
        if board.turn:
            board.hash ^= g.zobrist_turn

    def to_position(self) -> Position:
        """The current position as an immutable model value."""
        g = self.g
        files = g.variant.files
        cells = [None] * (files * g.variant.ranks)
        board: list = cells  # type: ignore[type-arg]
        for i in g.squares:
            code = self.cells[i]
            if code:
                board[(g.rank_of[i] - 1) * files + g.file_of[i] - 1] = code_piece(code)
        hands = tuple(Hand(tuple(self.hands[c][k] for k in HAND_CODES)) for c in (0, 1))
        return Position(g.variant, tuple(board), hands, _COLORS[self.turn], self.ply)  # type: ignore[arg-type]

    @property
    def color(self) -> Color:
        """The side to move."""
        return _COLORS[self.turn]

    @property
    def hash_history(self) -> list[tuple[int, bool]]:
        """(hash, side to move in check) of every position before the current one, oldest
        first. Read from the undo records, which hold both: keeping a second list cost an
        allocation per move played."""
        return [(h, bool(in_check)) for *_, in_check, h in self._history]

    def piece_kind(self, square: Square) -> PieceKind | None:
        """The kind on ``square`` (``None`` when empty)."""
        code = self.cells[self.g.index(square)]
        return KINDS[(code & 15) - 1] if code and code != OFF else None

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
                new = PROMOTE[moved & 15] | (c << 4)
            cells[frm] = 0
            cells[to] = new
            h ^= g.zobrist[frm][moved] ^ g.zobrist[to][new]
            if captured:
                h ^= g.zobrist[to][captured]
                k = captured & 15
                if k == KING:
                    self.kings[1 - c] = -1
                k = UNPROMOTE.get(k, k)
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
            cells[to] = PROMOTE[moved & 15] | (c << 4) if promote else moved
            if captured:
                k = captured & 15
                if k == KING:
                    self.kings[1 - c] = -1
                self.hands[c][UNPROMOTE.get(k, k)] += 1
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
            self.hands[c][UNPROMOTE.get(k, k)] -= 1
        if moved & 15 == KING:
            self.kings[c] = frm

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

    # --- attacks ---------------------------------------------------------------------------

    def attacked(self, s: int, by: int) -> bool:
        """True when side ``by`` (0 black, 1 white) attacks index ``s``."""
        cells = self.cells
        g = self.g
        steps = g.steps[by]
        slides = g.slides[by]
        for d in g.all_dirs:
            t = s + d
            p = cells[t]
            if p == 0:
                t += d
                p = cells[t]
                while p == 0:
                    t += d
                    p = cells[t]
                if p >> 4 == by and -d in slides[p & 15]:
                    return True
            elif p >> 4 == by:
                k = p & 15
                if -d in steps[k] or -d in slides[k]:
                    return True
        knight = KNIGHT | (by << 4)
        return any(cells[s + d] == knight for d in g.knight_from[by])

    def in_check(self) -> bool:
        """True when the side to move is in check."""
        if self._in_check is None:
            k = self.kings[self.turn]
            self._in_check = k >= 0 and self.attacked(k, 1 - self.turn)
        return self._in_check

    def _gives_check(self, frm: int, to: int, c: int) -> bool:
        """After side ``c`` moved ``frm``→``to``: is the other king attacked? Looks only at
        the moved piece and a line opened through ``frm``."""
        ek = self.kings[1 - c]
        if ek < 0:
            return False
        g = self.g
        cells = self.cells
        k = cells[to] & 15
        d = ek - to
        if d in g.steps[c][k]:
            return True
        rd = g.ray_dir[c][k].get(d)
        if rd is not None:
            t = to + rd
            while cells[t] == 0:
                t += rd
            if t == ek:
                return True
        if frm:
            ld = g.line[ek].get(frm)
            if ld is not None:
                t = ek + ld
                while cells[t] == 0:
                    t += ld
                p = cells[t]
                if p >> 4 == c and -ld in g.slides[c][p & 15]:
                    return True
        return False

    def _exposes_king(self, frm: int, to: int, was_in_check: bool) -> bool:
        """After the mover played ``frm``→``to`` (``frm`` 0 for a drop): is its own king
        attacked?"""
        c = 1 - self.turn
        ks = self.kings[c]
        if ks < 0:
            return False
        if ks == to or was_in_check:
            return self.attacked(ks, 1 - c)
        if not frm:
            return False
        ld = self.g.line[ks].get(frm)
        if ld is None:
            return False
        cells = self.cells
        t = ks + ld
        while cells[t] == 0:
            t += ld
        p = cells[t]
        return p >> 4 == 1 - c and -ld in self.g.slides[1 - c][p & 15]

    # --- validation ------------------------------------------------------------------------

    def play(
        self,
        frm: int,
        to: int,
        promote: bool,
        drop: int,
        allowed: Collection[Violation] = (),
    ) -> int:
        """Check a move given as engine indices against every rule, then play it.

        ``drop`` is the dropped kind code (0 for a board move). Violations in ``allowed`` are
        let through and appended to :attr:`tolerated`. Returns the captured code.

        Raises:
            IllegalMoveError: naming the first rule broken.
        """
        c = self.turn
        if drop:
            self._check_drop(to, drop, c, allowed)
        else:
            self._check_board_move(frm, to, promote, c)
        was_in_check = self._in_check
        if was_in_check is None:
            was_in_check = self.in_check()
        if self.hashing:
            captured = self._make(frm, to, promote, drop)
        else:
            captured = self._make_unhashed(frm, to, promote, drop)
        # The usual move cannot expose the king (not in check, the king did not move, its
        # origin shares no line with the king): that is seen without a call.
        ks = self.kings[c]
        if (
            ks >= 0
            and (was_in_check or ks == to or (frm and frm in self.g.line[ks]))
            and self._exposes_king(frm, to, was_in_check)
        ):
            if Violation.KING_IN_CHECK in allowed:
                self.tolerated.append(Violation.KING_IN_CHECK)
            else:
                self._unmake()
                raise illegal(Violation.KING_IN_CHECK)
        gives = self._gives_check(frm, to, c)
        self._in_check = gives
        # A dropped piece can only give check directly, so a checking pawn drop is 打ち歩
        # when the checked side has no answer.
        if gives and drop == PAWN and not self.has_legal_move():
            if Violation.PAWN_DROP_MATE in allowed:
                self.tolerated.append(Violation.PAWN_DROP_MATE)
            else:
                self._unmake()
                raise illegal(Violation.PAWN_DROP_MATE)
        return captured

    def _check_drop(self, to: int, drop: int, c: int, allowed: Collection[Violation]) -> None:
        g = self.g
        cells = self.cells
        if drop not in g.kinds:
            raise illegal(Violation.PIECE_NOT_IN_VARIANT, KINDS[drop - 1].name)
        if drop in UNPROMOTE or drop == KING:
            raise illegal(Violation.DROP_PROMOTED if drop in UNPROMOTE else Violation.NOT_IN_HAND)
        if not self.hands[c][drop]:
            raise illegal(Violation.NOT_IN_HAND, KINDS[drop - 1].name)
        if cells[to]:
            raise illegal(Violation.DROP_ON_PIECE)
        dead = g.dead[c].get(drop)
        if dead is not None and dead[to]:
            if Violation.DEAD_PIECE not in allowed:
                raise illegal(Violation.DEAD_PIECE)
            self.tolerated.append(Violation.DEAD_PIECE)
        if drop == PAWN:
            pawn = PAWN | (c << 4)
            w = g.width
            t = to % w + 2 * w
            end = len(cells)
            while t < end:
                if cells[t] == pawn:
                    if Violation.TWO_PAWNS not in allowed:
                        raise illegal(Violation.TWO_PAWNS)
                    self.tolerated.append(Violation.TWO_PAWNS)
                    break
                t += w

    def _check_board_move(self, frm: int, to: int, promote: bool, c: int) -> None:
        g = self.g
        cells = self.cells
        moved = cells[frm]
        if not moved:
            raise illegal(Violation.NO_PIECE)
        if moved >> 4 != c:
            raise illegal(Violation.NOT_OWN_PIECE)
        target = cells[to]
        if target and target >> 4 == c:
            raise illegal(Violation.OWN_PIECE_ON_TARGET)
        k = moved & 15
        d = to - frm
        if d not in g.steps[c][k]:
            rd = g.ray_dir[c][k].get(d)
            if rd is None:
                raise illegal(Violation.BAD_MOVEMENT)
            t = frm + rd
            while t != to:
                p = cells[t]
                if p:
                    raise illegal(Violation.BAD_MOVEMENT if p == OFF else Violation.PATH_BLOCKED)
                t += rd
        if promote:
            if k not in PROMOTE:
                raise illegal(
                    Violation.ALREADY_PROMOTED if k in UNPROMOTE else Violation.UNPROMOTABLE
                )
            if not (g.in_zone[c][frm] or g.in_zone[c][to]):
                raise illegal(Violation.PROMOTION_OUTSIDE_ZONE)
        else:
            dead = g.dead[c].get(k)
            if dead is not None and dead[to]:
                raise illegal(Violation.DEAD_PIECE, "promotion is forced here")

    # --- the model-level interface ---------------------------------------------------------

    def check_turn(self, color: Color, allowed: Collection[Violation] = ()) -> None:
        """Raise ``WRONG_TURN`` unless ``color`` is to move; when tolerated, hand the move to
        ``color`` and record the breach."""
        if color is not _COLORS[self.turn]:
            if Violation.WRONG_TURN not in allowed:
                raise illegal(Violation.WRONG_TURN, f"{self.color.kanji} to move")
            self.tolerated.append(Violation.WRONG_TURN)
            self.pass_turn()

    def push(self, move: Move, allowed: Collection[Violation] = ()) -> Move:
        """Check ``move`` against every rule and play it; returns it with ``captured`` set.

        Raises:
            IllegalMoveError: naming the rule broken (``code``), e.g. ``TWO_PAWNS``.
        """
        g = self.g
        self.check_turn(move.color, allowed)
        to = g.index(move.to)
        if to < 0:
            raise illegal(Violation.OFF_BOARD, move.to.csa())
        kind = KIND_CODE[move.piece]
        if move.from_ is None:
            captured = self.play(0, to, False, kind, allowed)
        else:
            frm = g.index(move.from_)
            if frm < 0:
                raise illegal(Violation.OFF_BOARD, move.from_.csa())
            on_board = self.cells[frm]
            if on_board and on_board >> 4 == self.turn and on_board & 15 != kind:
                raise illegal(
                    Violation.PIECE_MISMATCH,
                    f"{KINDS[(on_board & 15) - 1].name} stands there, not {move.piece.name}",
                )
            captured = self.play(frm, to, move.promote, 0, allowed)
        taken = KINDS[(captured & 15) - 1] if captured else None
        if move.captured is not None and move.captured is not taken:
            self._unmake()
            raise illegal(Violation.CAPTURE_MISMATCH)
        if move.captured is taken:
            return move
        return Move(move.color, move.to, move.piece, move.from_, move.promote, taken)

    def is_legal(self, move: Move) -> bool:
        """True when ``move`` breaks no rule here."""
        try:
            self.push(move)
        except IllegalMoveError:
            return False
        self._unmake()
        return True

    def has_legal_move(self) -> bool:
        """True when the side to move has at least one legal move."""
        from kifu_lark.rules.movegen import legal_tuples

        return any(True for _ in legal_tuples(self, first_only=True))

    def is_checkmate(self) -> bool:
        """True when the side to move is in check and has no legal move."""
        return self.in_check() and not self.has_legal_move()

    def hand_of(self, color: Color) -> dict[PieceKind, int]:
        """The pieces in hand of ``color``."""
        c = 0 if color is Color.BLACK else 1
        return {
            kind: self.hands[c][KIND_CODE[kind]]
            for kind in HAND_KINDS
            if self.hands[c][KIND_CODE[kind]]
        }

    def repetition(self) -> Color | bool:
        """千日手 status of the current position.

        Returns ``False`` when the position has not yet occurred four times; ``True`` for a
        plain repetition (a draw); the ``Color`` of the side that gave check on every one of
        its moves in the cycle when the repetition is a perpetual check (that side loses).
        """
        if not self.hashing:
            raise RuntimeError("repetition() needs a board with hashing on")
        key = self.hash
        history = self._history  # undo records end with (in check, hash) before the move
        seen = [i for i, undo in enumerate(history) if undo[6] == key]
        if len(seen) < 3:
            return False
        first = seen[-3]
        checks = [bool(undo[5]) for undo in history[first:]] + [self.in_check()]
        # checks[j] is whether the side to move at that ply was in check; the side to move now
        # is checked at even offsets from the end.
        mine = checks[-1::-2]
        theirs = checks[-2::-2]
        if mine and all(mine):
            return _COLORS[1 - self.turn]
        if theirs and all(theirs):
            return _COLORS[self.turn]
        return True
