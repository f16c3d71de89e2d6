"""Motion clauses of a tactic file: what the move does, not only where pieces stand.

A 手筋 is a motion: a knight dropped so that it attacks two pieces, a check that also
attacks the rook, a pawn dropped under the square where the opponent just took one. Each
clause is a key line of the tactic file (see docs/tactics.md, "Motion clauses"), read by
kifu_lark/tactics/language.py into the values of kifu_lark/tactics/clauses.py and asked
here, on the rules engine's board right after the move, through the engine's own attack
tables
(:meth:`~kifu_lark.rules.board.Board.attackers`,
:meth:`~kifu_lark.rules.board.Board.attacked_from`).

The matcher asks a tactic's motion only once its cheaper conditions and its board pattern
hold, so a tactic without motion clauses costs nothing more.
"""

from __future__ import annotations

from typing import Any

from kifu_lark.model.piece import PieceKind
from kifu_lark.rules.board import Board
from kifu_lark.rules.geometry import KIND_CODE
from kifu_lark.tactics.clauses import Motion, PastMove


def _codes(kinds: frozenset[PieceKind]) -> frozenset[int]:
    return frozenset(KIND_CODE[kind] for kind in kinds)


class MotionCheck:
    """One tactic's motion for one side, ready to ask the engine's board after a move."""

    __slots__ = (
        "asked",
        "attacks",
        "check",
        "color",
        "exp_hi",
        "exp_lo",
        "last",
        "last_kinds",
        "motion",
        "previous",
        "previous_kinds",
        "reaches",
        "skew_back",
        "skew_front",
    )

    def __init__(self, motion: Motion, color: int) -> None:
        self.motion = motion
        self.color = color
        #: How many times :meth:`targets` was asked (the tests check it is asked late).
        self.asked = 0
        self.attacks = tuple((a.least, _codes(a.kinds), a.none) for a in motion.attacks)
        self.check = motion.check
        self.exp_lo = motion.exposed[0]
        self.exp_hi = 1 << 30 if motion.exposed[1] is None else motion.exposed[1]
        self.reaches = motion.reaches
        skewer = motion.skewers
        self.skew_front = _codes(skewer.front) if skewer else frozenset()
        self.skew_back = _codes(skewer.back) if skewer else frozenset()
        self.last = motion.last
        self.previous = motion.previous
        self.last_kinds = _codes(motion.last.kinds) if motion.last else frozenset()
        self.previous_kinds = _codes(motion.previous.kinds) if motion.previous else frozenset()

    def holds(self, board: Board, to: int, past: Past) -> bool:
        """True when every clause holds for the move that landed on ``to`` (engine index),
        ``board`` standing right after it (``past``: the line's moves so far)."""
        return self.targets(board, to, past) is not None

    def targets(
        self, board: Board, to: int, past: Past, hits: list[int] | None = None
    ) -> list[int] | None:
        """The engine indices the clauses point at (pieces attacked, the king checked and
        the pieces other than the moved one that check it, the pieces of a skewer), or
        ``None`` when a clause does not hold. The cheapest clauses,
        and those that fail most moves, are asked first. ``hits``: the opponent's pieces the
        moved piece attacks, when the caller has them (as :func:`attacked` finds them)."""
        self.asked += 1
        color = self.color
        cells = board.cells
        pointed: list[int] = []
        if self.attacks or self.reaches:
            seen: list[int] = []
            if hits is None or self.reaches:
                seen, hits = attacked(board, to, color)
            for least, codes, none in self.attacks:
                hit = [t for t in hits if cells[t] & 15 in codes]
                if (none and hit) or (not none and len(hit) < least):
                    return None
                pointed.extend(hit)
            if self.reaches:
                g = board.g
                ranks = {g.rank_of[t] if not color else g.ranks + 1 - g.rank_of[t] for t in seen}
                if not ranks & self.reaches:
                    return None
        if self.skew_front:
            found = self._skewer(board, to)
            if found is None:
                return None
            pointed.extend(found)
        if self.check == "no":  # the first attacker of the king found is enough
            king = board.kings[1 - color]
            if king >= 0 and board.attacked(king, color):
                return None
        elif self.check != "any":
            king = board.kings[1 - color]
            checkers = board.attackers(king, color) if king >= 0 else []
            direct = to in checkers
            others = len(checkers) - direct
            check = self.check
            if check == "no":
                if checkers:
                    return None
            elif (
                not checkers
                or (check == "direct" and (not direct or others))
                or (check == "discovered" and (direct or not others))
                or (check == "double" and not (direct and others))
            ):
                return None
            if checkers:  # the king checked, and who checks it besides the moved piece
                pointed.append(king)
                pointed.extend(c for c in checkers if c != to)
        if not self.exp_hi:  # ``exposed: 0``: the first attacker found is enough
            if board.attacked(to, 1 - color):
                return None
        elif self.exp_lo or self.exp_hi < 1 << 30:
            exposed = len(board.attackers(to, 1 - color))
            if not self.exp_lo <= exposed <= self.exp_hi:
                return None
        if (self.last is not None or self.previous is not None) and not self._history(
            board, to, past
        ):
            return None
        return pointed

    def _skewer(self, board: Board, to: int) -> list[int] | None:
        cells = board.cells
        color = self.color
        moved = cells[to]
        for d in board.g.slides[color][moved & 15]:
            t = to + d
            while cells[t] == 0:
                t += d
            front = cells[t]
            if (front >> 4) != 1 - color or (front & 15) not in self.skew_front:
                continue
            u = t + d
            while cells[u] == 0:
                u += d
            back = cells[u]
            if (back >> 4) == 1 - color and (back & 15) in self.skew_back:
                return [t, u]
        return None

    def _history(self, board: Board, to: int, past: Past) -> bool:
        """The ``last:`` and ``previous:`` clauses, asked of ``past`` (the line's moves so
        far, the one that landed on ``to`` last)."""
        # The squares ahead of and behind the destination, for the mover (off the board:
        # an index no move lands on).
        forward = -board.g.width if self.color == 0 else board.g.width
        last = self.last
        if last is not None and not _fits(
            last,
            self.last_kinds,
            (past.last_frm, past.last_to, past.last_code, past.last_taken),
            to,
            forward,
            -1,
        ):
            return False
        previous = self.previous
        if previous is not None:
            if not _fits(
                previous,
                self.previous_kinds,
                (past.prior_frm, past.prior_to, past.prior_code, past.prior_taken),
                to,
                forward,
                past.last_to,  # -1 when that node holds no move
            ):
                return False
            if past.prior_color != self.color:
                return False  # a record that skips a turn: not the mover's own move
        return True


class Past:
    """The two nodes of the line before the move being tried, as ints, for the ``last:``
    and ``previous:`` clauses: ``last_*`` the node just before it, ``prior_*`` the one
    before that. For each, where its move came from (0 for a drop) and landed, the engine
    code standing there after it, what it took (0 for nothing; -1 when the node holds no
    move, or is before the line's first move) and its side."""

    __slots__ = (
        "last_code",
        "last_color",
        "last_frm",
        "last_taken",
        "last_to",
        "prior_code",
        "prior_color",
        "prior_frm",
        "prior_taken",
        "prior_to",
    )

    def __init__(self) -> None:
        self.last_frm = self.prior_frm = 0
        self.last_to = self.prior_to = -1
        self.last_code = self.prior_code = 0
        self.last_taken = self.prior_taken = -1
        self.last_color = self.prior_color = -1

    def step(self, frm: int, to: int, code: int, taken: int, color: int) -> None:
        """The move just tried (``taken`` -1: a node without a move) becomes the last."""
        self.prior_frm, self.prior_to, self.prior_code = self.last_frm, self.last_to, self.last_code
        self.prior_taken, self.prior_color = self.last_taken, self.last_color
        self.last_frm, self.last_to, self.last_code = frm, to, code
        self.last_taken, self.last_color = taken, color


# The last move's attacked squares, shared by the tactics asked about it (the forks of each
# piece ask the same question): (board, its ply, destination, squares, opponent's pieces).
# The board itself is kept and compared by identity, so no other board's move can match.
_MEMO: list[Any] = [None, -1, -1, [], []]


def attacked(board: Board, to: int, color: int) -> tuple[list[int], list[int]]:
    """The squares the piece on ``to`` attacks, and those of them holding the opponent's
    pieces (``color`` the mover's)."""
    memo = _MEMO
    if memo[0] is board and memo[1] == board.ply and memo[2] == to:
        return memo[3], memo[4]
    seen = board.attacked_from(to)
    cells = board.cells
    other = 1 - color
    hits = [t for t in seen if cells[t] and cells[t] >> 4 == other]
    memo[:] = [board, board.ply, to, seen, hits]
    return seen, hits


def _fits(
    rule: PastMove,
    kinds: frozenset[int],
    move: tuple[int, int, int, int],
    here: int,
    forward: int,
    last: int,
) -> bool:
    """True when an earlier ``move`` ((origin, destination, code, taken) as :class:`Past`
    keeps them) fits ``rule`` (``kinds``:
    its kinds as engine codes; ``here``: this move's destination, ``forward`` the step
    ahead of it for the mover; ``last`` where the opponent's last move landed, -1 for none).
    What a move took is the engine's word: a game built by hand may leave
    ``Move.captured`` unset."""
    frm, landed, code, taken = move
    if taken < 0:
        return False
    if kinds and code & 15 not in kinds:
        return False
    moved = rule.moved
    if moved:
        drop = frm == 0
        if ("drop" in moved and not drop) or ("board" in moved and drop):
            return False
        if ("capture" in moved and not taken) or ("no-capture" in moved and taken):
            return False
    place = rule.to
    if place == "anywhere":
        return True
    if place == "last":
        return landed == last
    if place == "elsewhere":
        return landed != here
    if place == "here":
        return landed == here
    if place == "ahead":
        return landed == here + forward
    return landed == here - forward  # behind
