"""A main line replayed for the ``positions`` table: each move in USI, the SFEN before it
and its mover, written from the rules engine's arrays.

The moves were checked when the record was read: they are played here without checks, as
``Board.play_read`` plays them (hashing on, checks kept), so that the board the replay
ends on is the one the verdict columns judge (``record.verdict_played``): the line is
played once for both. A move changes at most two ranks of the board and, on a
capture or a drop, the hands: the writer keeps each rank's text and the hands' text and
writes again only what the move changed (an SFEN from scratch is 81 cells a move). The
module is compiled with mypyc in the compiled build (``_build.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from kifu_lark.formats.evaluation_fast import fast_score
from kifu_lark.model.color import Color
from kifu_lark.model.evaluation import Evaluation, read_evaluation
from kifu_lark.model.game import Game, Node
from kifu_lark.rules.board import Board
from kifu_lark.rules.geometry import HAND_CODES, KIND_CODE, KINDS, Geometry

# Module constants are Final: the compiled build then keeps them in C statics rather than
# looking each up in the module's dict at every use (several times a move here).
_WHITE: Final = 16
#: SFEN letter of each piece code (kind | 16 for white).
_LETTERS: Final[list[str]] = [""] * 64
for _kind in KINDS:
    _LETTERS[KIND_CODE[_kind]] = _kind.usi
    _LETTERS[KIND_CODE[_kind] | _WHITE] = _kind.usi.lower()
_HAND_LETTERS: Final[tuple[list[tuple[int, str]], list[tuple[int, str]]]] = (
    [(k, KINDS[k - 1].usi) for k in HAND_CODES],
    [(k, KINDS[k - 1].usi.lower()) for k in HAND_CODES],
)


#: ``mate`` of a mate whose length the record does not give (ShogiHome's ``詰み=先手勝ち``).
MATE_UNKNOWN: Final = 32767
_INT32: Final = 2**31 - 1


def evaluation_row(evaluation: Evaluation, side: Color) -> tuple[int | None, int | None]:
    """An evaluation as the ``positions`` table holds it, ``(score, mate)``: from ``side``'s
    point of view, ``mate`` in signed plies (``±MATE_UNKNOWN`` when the length is not
    given)."""
    turned = evaluation.for_side(side)
    score = turned.score
    if score is not None:
        score = max(-_INT32, min(_INT32, score))
    mate: int | None = None
    if turned.mate is not None:
        if math.isinf(turned.mate):
            mate = MATE_UNKNOWN if turned.mate > 0 else -MATE_UNKNOWN
        else:
            mate = max(-_INT32, min(_INT32, int(turned.mate)))
    return score, mate


# Floodgate's line, ``'** <score> <pv in CSA> [#nodes]``, after every move: the grammar
# would make a token of every PV move, for a score alone. ``fast_score`` reads its score
# alone with a pattern built from the grammar's terminals (tested equal to
# ``node.evaluation``); any other line that looks like an evaluation goes to
# ``node.evaluation``.


def floodgate_evaluation(lines: Sequence[str], black: bool) -> tuple[bool, int | None]:
    """``(True, score)`` when every evaluation line of ``lines`` is a floodgate line: the
    score ``node.evaluation`` gives (the first line's, from black's side turned to the
    mover's; ``None`` without such a line); ``(False, None)`` when the grammar must decide."""
    known, first = fast_score(lines)
    if not known or first is None:
        return known, None
    return True, max(-_INT32, min(_INT32, first if black else -first))


def node_evaluation(node: Node) -> Evaluation | None:
    """``node.evaluation``'s score and mate (what training records take), read without the
    grammar when the node's evaluation lines are floodgate's."""
    lines = node.comment_lines
    if not lines:
        return None
    known, first = fast_score(lines)
    if not known:
        return node.evaluation
    # made without the attrs converters (once a move of an archive): equal to
    # Evaluation(score=first, side=Color.BLACK)
    return None if first is None else read_evaluation(first, None, None, None, (), None, ())


_DIGITS: Final = [str(n) for n in range(100)]


class _Layout:
    """What a board geometry's SFENs and USI moves are written with: each rank's squares
    from the highest file down (SFEN's order), by rank from 1; each square's USI name by
    board index. Built once a geometry: a record's moves are often fewer than its squares."""

    def __init__(self, g: Geometry) -> None:
        self.ranks: list[list[int]] = [
            [g.idx(f, r) for f in range(g.files, 0, -1)] for r in range(1, g.ranks + 1)
        ]
        self.names: list[str] = [""] * g.size
        for f in range(1, g.files + 1):
            for r in range(1, g.ranks + 1):
                self.names[g.idx(f, r)] = str(f) + chr(96 + r)


_LAYOUTS: Final[dict[tuple[int, int], _Layout]] = {}


def _layout(g: Geometry) -> _Layout:
    key = (g.files, g.ranks)
    found = _LAYOUTS.get(key)
    if found is None:
        found = _LAYOUTS[key] = _Layout(g)
    return found


class SfenWriter:
    """Follows a board: :meth:`sfen` is its position's SFEN; call :meth:`moved` after each
    move played on it."""

    def __init__(self, board: Board) -> None:
        g = board.g
        self.board = board
        self.ranks: list[list[int]] = _layout(g).ranks
        self.rank_of: list[int] = g.rank_of
        self.rows: list[str] = [self._row(r) for r in range(g.ranks)]
        self.hands: str = self._hands()

    def _row(self, r: int) -> str:
        cells = self.board.cells
        parts: list[str] = []
        empty = 0
        for i in self.ranks[r]:
            code: int = cells[i]
            if code:
                if empty:
                    parts.append(_DIGITS[empty])
                    empty = 0
                parts.append(_LETTERS[code])
            else:
                empty += 1
        if empty:
            parts.append(_DIGITS[empty])
        return "".join(parts)

    def _hands(self) -> str:
        text = ""
        for c in (0, 1):
            counts = self.board.hands[c]
            for k, letter in _HAND_LETTERS[c]:
                n: int = counts[k]
                if n:
                    text += (str(n) if n > 1 else "") + letter
        return text or "-"

    def moved(self, frm: int, to: int, hands_changed: bool) -> None:
        """The board played a move from ``frm`` (0 for a drop) to ``to``."""
        r = self.rank_of[to] - 1
        self.rows[r] = self._row(r)
        if frm:
            other = self.rank_of[frm] - 1
            if other != r:
                self.rows[other] = self._row(other)
        if hands_changed:
            self.hands = self._hands()

    def sfen(self) -> str:
        """The SFEN of the board's position, with its move number."""
        board = self.board
        turn = "b" if board.turn == 0 else "w"
        return f"{'/'.join(self.rows)} {turn} {self.hands} {board.ply}"


class Replayed:
    """A main line replayed: the start position's SFEN, the moves (USI) and the board it
    ends on; with positions,
    for each move the SFEN before it, its mover (0 black, 1 white) and the evaluation the
    record gives after it (``node.evaluation``) from the mover's side, as a score and a mate
    (``None`` where it gives none). Those four lists are empty without positions."""

    def __init__(self, start: str, board: Board) -> None:
        self.start = start
        #: The board the line was played on, at its end (see ``Board.play_read_step``).
        self.board = board
        self.moves: list[str] = []
        self.sfens: list[str] = []
        self.sides: list[int] = []
        self.scores: list[int | None] = []
        self.mates: list[int | None] = []


def replay(game: Game, with_positions: bool) -> Replayed:
    """The main line of ``game`` replayed (see :class:`Replayed`)."""
    board = Board.from_position(game.start)
    writer = SfenWriter(board)
    found = Replayed(writer.sfen(), board)
    moves = found.moves
    sfens = found.sfens
    sides = found.sides
    scores = found.scores
    mates = found.mates
    g = board.g
    width: int = g.width
    names = _layout(g).names
    black = Color.BLACK
    for node in game.root.mainline():
        move = node.move
        if move is None:
            continue
        square = move.to
        to = (square.rank + 1) * width + square.file  # Geometry.idx
        origin = move.from_
        if origin is None:
            frm = 0
            kind = KIND_CODE[move.piece]
            promote = False
            moves.append(_LETTERS[kind] + "*" + names[to])
        else:
            frm = (origin.rank + 1) * width + origin.file
            kind = 0
            promote = bool(move.promote)
            moves.append(names[frm] + names[to] + ("+" if promote else ""))
        color = 0 if move.color is black else 1
        if board.turn != color:  # a record read with tolerate=wrong_turn
            board.turn = color
        if not with_positions:
            board.play_read_step(frm, to, promote, kind)
            continue
        sides.append(color)
        sfens.append(writer.sfen())
        lines = node.comment_lines
        score: int | None = None
        mate: int | None = None
        if lines:
            known, score = floodgate_evaluation(lines, color == 0)
            if not known:
                evaluation = node.evaluation
                if evaluation is not None:
                    score, mate = evaluation_row(evaluation, move.color)
        scores.append(score)
        mates.append(mate)
        captured = board.play_read_step(frm, to, promote, kind)
        writer.moved(frm, to, kind != 0 or captured != 0)
    return found
