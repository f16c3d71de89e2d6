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
from kifu_lark.model.move import Move
from kifu_lark.model.position import Position
from kifu_lark.rules.board_state import BoardState
from kifu_lark.rules.geometry import (
    KIND_CODE,
    KINDS,
    KING,
    KNIGHT,
    OFF,
    PAWN,
    PROMOTE,
    UNPROMOTE,
)
from kifu_lark.rules.violations import Violation

_COLORS = (Color.BLACK, Color.WHITE)


def illegal(violation: Violation, detail: str = "") -> IllegalMoveError:
    """An ``IllegalMoveError`` for ``violation`` (location is filled in by the caller)."""
    message = violation.message + (f": {detail}" if detail else "")
    return IllegalMoveError(
        message, code=violation.value, hint=violation.hint, settings=violation.settings
    )


class Board(BoardState):
    """A position that moves are played on. See the module docstring."""

    __slots__ = ()

    @classmethod
    def from_position(cls, position: Position) -> Board:
        """A board set up as ``position``."""
        board = cls(position.variant)
        board._set_up(position)
        return board

    def copy(self) -> Board:
        """An independent board in this state, the undo records of the moves made included
        (so that ``pop`` and ``repetition`` answer on the copy as on this board)."""
        # A native class (compiled) has no default constructor for copy and pickle to call:
        # the public Board copies through this method and pickles its moves instead.
        twin = Board(self.g.variant)
        twin.cells = self.cells.copy()
        twin.hands = [self.hands[0].copy(), self.hands[1].copy()]
        twin.kings = self.kings.copy()
        twin.turn = self.turn
        twin.ply = self.ply
        twin.hash = self.hash
        twin.hashing = self.hashing
        twin._history = self._history.copy()  # the undo records are tuples: shared safely
        twin._in_check = self._in_check
        twin.tolerated = self.tolerated.copy()
        return twin

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

    def attackers(self, s: int, by: int) -> list[int]:
        """The indices of side ``by``'s pieces (0 black, 1 white) that attack index ``s``:
        the pieces that could take a piece of the other side standing there."""
        cells = self.cells
        g = self.g
        steps = g.steps[by]
        slides = g.slides[by]
        found: list[int] = []
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
                    found.append(t)
            elif p >> 4 == by:
                k = p & 15
                if -d in steps[k] or -d in slides[k]:
                    found.append(t)
        knight = KNIGHT | (by << 4)
        for d in g.knight_from[by]:
            if cells[s + d] == knight:
                found.append(s + d)
        return found

    def attacked_from(self, s: int) -> list[int]:
        """The indices the piece on ``s`` attacks: every square it could move to were an
        opponent's piece standing there (along a line, up to the first piece, included)."""
        cells = self.cells
        g = self.g
        p = cells[s]
        c = (p >> 4) & 1
        k = p & 15
        found: list[int] = []
        for d in g.step_tuples[c][k]:
            if cells[s + d] != OFF:
                found.append(s + d)
        for d in g.slides[c][k]:
            t = s + d
            while cells[t] == 0:
                found.append(t)
                t += d
            if cells[t] != OFF:
                found.append(t)
        return found

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
        if g.step_at[c][k][ek - to + g.size]:
            return True
        rd = g.line_at[to][ek]
        if rd and g.slide_at[c][k][rd + g.size]:
            t = to + rd
            while cells[t] == 0:
                t += rd
            if t == ek:
                return True
        if frm:
            ld = g.line_at[ek][frm]
            if ld:
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
        ld = self.g.line_at[ks][frm]
        if not ld:
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
            and (was_in_check or ks == to or (frm and self.g.line_at[ks][frm]))
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
        if not g.step_at[c][k][to - frm + g.size]:
            rd = g.line_at[frm][to]
            if not rd or not g.slide_at[c][k][rd + g.size]:
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

    def play_read(self, moves: list[Move]) -> None:
        """Play ``moves`` without checking them again: moves a reader checked as it read
        them, none breaking a rule (so each is its mover's, in turn). Whether the mover was
        in check is kept with each move, as :meth:`push` keeps it (perpetual check is told
        from it), and found as :meth:`play` finds it: from whether the move before gave
        check."""
        width = self.g.width
        for move in moves:
            to = move.to
            target = (to.rank + 1) * width + to.file  # Geometry.idx
            origin = move.from_
            if origin is None:
                self.play_read_step(0, target, False, KIND_CODE[move.piece])
            else:
                frm = (origin.rank + 1) * width + origin.file
                self.play_read_step(frm, target, bool(move.promote), 0)

    def play_read_step(self, frm: int, to: int, promote: bool, drop: int) -> int:
        """One move of :meth:`play_read`, given by engine indices (``frm`` 0 for a drop of
        the piece of engine code ``drop``, else ``drop`` 0); returns the engine code of the
        piece taken (0 for none). For a loop that reads each position as it plays a line
        (the export's replay): the board ends as :meth:`play_read` leaves it."""
        self.in_check()
        c = self.turn
        captured = self._make(frm, to, promote, drop)
        self._in_check = self._gives_check(frm, to, c)
        return captured

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
        from kifu_lark.rules.movegen import legal_tuples  # noqa: PLC0415 (it imports this module)

        return any(True for _ in legal_tuples(self, first_only=True))

    def is_checkmate(self) -> bool:
        """True when the side to move is in check and has no legal move."""
        return self.in_check() and not self.has_legal_move()

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
