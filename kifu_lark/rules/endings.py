"""How a game ends by the rules: checkmate, repetition, perpetual check, impasse.

:func:`outcome` tells whether the position on an engine board ends the game by itself
(python-chess's ``Board.outcome()``): the side to move is mated or has no legal move, or
the position has occurred for the fourth time (千日手: a draw, or a loss for the side that
gave check on every one of its moves of the cycle). An impasse (入玉) ends the game only
when a side declares it: :func:`impasse_declaration` says whether the side to move may,
under one of two rules:

- ``"27"``, the 27-point rule of computer shogi (CSA): the declarer wins with 28 points as
  先手, 27 as 後手; short of them the declaration fails.
- ``"24"``, the 24-point rule of the JSA: 31 points or more win, 24 to 30 draw (持将棋);
  short of 24 the declaration fails.

Both ask that the declarer's king stands in the enemy camp (the promotion zone), out of
check, with ten or more of the declarer's other pieces there. Points: rook and bishop,
promoted or not, 5; every other piece 1; kings 0; counting the pieces in the enemy camp and
those in hand. Both rules are written for even games on the 9x9 board: a handicap start or
another board makes a declaration not decidable, and the answer says so.
"""

from __future__ import annotations

import enum

from attrs import frozen

from kifu_lark.model.color import Color
from kifu_lark.model.handicap import handicap_name
from kifu_lark.model.move import Special, SpecialKind
from kifu_lark.model.position import Position
from kifu_lark.model.variant import STANDARD
from kifu_lark.rules.board import Board
from kifu_lark.rules.geometry import BISHOP, HAND_CODES, KING, ROOK, UNPROMOTE

__all__ = [
    "IMPASSE_RULES",
    "ImpasseDeclaration",
    "Outcome",
    "Termination",
    "impasse_declaration",
    "impasse_points",
    "kings_entered",
    "occurrences",
    "outcome",
    "summary_describes",
]

_COLORS = (Color.BLACK, Color.WHITE)
_BIG = frozenset({BISHOP, ROOK})
_EVEN = "平手"  # handicap_name of the usual start


class Termination(enum.Enum):
    """How a game ended by the rules (python-chess's ``Termination``)."""

    CHECKMATE = "CHECKMATE"  #: 詰み: the side to move is in check with no legal move; it loses
    STALEMATE = "STALEMATE"  #: no legal move, not in check (small boards); the side to move loses
    REPETITION = "REPETITION"  #: 千日手: the position occurred four times; a draw
    PERPETUAL_CHECK = "PERPETUAL_CHECK"  #: 王手千日手: the side that checked throughout loses
    IMPASSE = "IMPASSE"  #: 入玉宣言: a declaration that wins, or (24-point rule) draws
    #: 持将棋 at a record's move limit: a draw (a verdict's; a board knows no limit)
    MAX_MOVES = "MAX_MOVES"
    #: 反則: a record's last move breaks a rule, its author loses (a verdict's; a board
    #: refuses such a move)
    ILLEGAL_MOVE = "ILLEGAL_MOVE"


@frozen
class Outcome:
    """How a game ended: the rule that ended it and the winner (``None`` for a draw).

    Attributes:
        termination: the rule.
        winner: the side that won, ``None`` for a draw.
    """

    termination: Termination
    winner: Color | None

    def result(self) -> str:
        """``"1-0"`` when black (先手) won, ``"0-1"`` when white won, ``"1/2-1/2"`` for a draw."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner is Color.BLACK else "0-1"


#: The impasse rules :func:`impasse_declaration` knows: name → (points black needs, points
#: white needs, the fewest points that still draw, or ``None`` when falling short loses).
IMPASSE_RULES: dict[str, tuple[int, int, int | None]] = {
    "27": (28, 27, None),
    "24": (31, 31, 24),
}


@frozen
class ImpasseDeclaration:
    """Whether the side to move may declare 入玉 (入玉宣言), and what the declaration gives.

    Attributes:
        rule: ``"27"`` (CSA, computer shogi) or ``"24"`` (JSA).
        side: the declaring side (the side to move).
        points: its points (rook and bishop 5, others 1, kings 0; enemy camp plus hand).
        pieces: its pieces in the enemy camp, the king left out.
        outcome: what the declaration gives: a win for ``side``, a draw (24-point rule, 24
            to 30 points), or ``None`` when a condition fails or nothing can be decided.
        decidable: ``False`` when the rule does not apply to the game (a handicap start,
            another board than 9x9): then ``outcome`` is ``None`` and ``reason`` says why.
        reason: the condition that fails, or what the declaration meets, in words.
    """

    rule: str
    side: Color
    points: int
    pieces: int
    outcome: Outcome | None
    decidable: bool
    reason: str


_K = SpecialKind
#: Specials whose ``color`` is the loser (the side to move, who resigned or was mated).
LOSER_IS_COLOR = frozenset({_K.RESIGN, _K.TIME_UP, _K.MATE, _K.ILLEGAL_LOSS, _K.DEFAULT_LOSS})
#: Specials whose ``color`` is the winner.
WINNER_IS_COLOR = frozenset({_K.ILLEGAL_WIN, _K.ENTERING_KING_WIN, _K.DEFAULT_WIN})


_DECISIVE = LOSER_IS_COLOR | WINNER_IS_COLOR | {_K.ILLEGAL_MOVE, _K.PERPETUAL_CHECK}
_FOULS = frozenset({_K.ILLEGAL_WIN, _K.ILLEGAL_LOSS, _K.ILLEGAL_MOVE, _K.PERPETUAL_CHECK})
_DRAWS = frozenset({_K.REPETITION, _K.IMPASSE, _K.MAX_MOVES, _K.DRAW_DECLARATION})
#: The specials a KIF/KI2 まで line's ending (as the readers read its words) describes,
#: where that is more than its own kind. ``先手の勝ち`` reads as RESIGN but says only who won:
#: any ending with a winner bears it out (Kifu for Windows writes it after 詰み and 投了
#: alike). A foul ending (反則勝ち, 反則負け) is any foul, a perpetual check included (a
#: foul of the side that checked); 王手千日手 is that foul. 持将棋 is also how KIF writes a
#: game stopped at the move limit, and 引き分け says only that the game was drawn.
SUMMARY_DESCRIBES: dict[SpecialKind, frozenset[SpecialKind]] = {
    _K.RESIGN: _DECISIVE,
    _K.ILLEGAL_WIN: _FOULS,
    _K.ILLEGAL_LOSS: _FOULS,
    _K.PERPETUAL_CHECK: _FOULS,
    _K.DEFAULT_WIN: frozenset({_K.DEFAULT_WIN, _K.DEFAULT_LOSS}),
    _K.DEFAULT_LOSS: frozenset({_K.DEFAULT_WIN, _K.DEFAULT_LOSS}),
    _K.IMPASSE: frozenset({_K.IMPASSE, _K.MAX_MOVES}),
    _K.DRAW_DECLARATION: _DRAWS,
}


def summary_describes(said: SpecialKind, kind: SpecialKind) -> bool:
    """Whether a まで line naming the ending ``said`` (as :func:`read_summary
    <kifu_lark.formats.japanese.read_summary>` reads it) describes a special of ``kind``:
    ``まで80手で千日手`` does not describe 投了, ``まで80手で先手の勝ち`` describes 詰み (who
    won is checked on its own). A word no kind names (``OTHER``) on either side describes
    anything: there is nothing to compare it with."""
    if said is _K.OTHER or kind is _K.OTHER:
        return True
    return kind is said or kind in SUMMARY_DESCRIBES.get(said, frozenset())


def declared_winner(special: Special) -> Color | None:
    """The winner ``special`` declares: the opponent of its ``color`` for a loss (投了,
    詰み …), its ``color`` for a win (反則勝ち, 入玉勝ち …); ``None`` for a draw, a special
    naming no winner (中断 …) or one without a color."""
    if special.color is None:
        return None
    if special.kind in LOSER_IS_COLOR:
        return special.color.opponent
    if special.kind in WINNER_IS_COLOR:
        return special.color
    return None


def outcome(board: Board) -> Outcome | None:
    """How the position on ``board`` ends the game by itself, ``None`` while it goes on.

    Repetition is counted over the moves made on ``board`` (it needs hashing on).
    """
    if not board.has_legal_move():
        loser = board.turn
        how = Termination.CHECKMATE if board.in_check() else Termination.STALEMATE
        return Outcome(how, _COLORS[1 - loser])
    repeated = board.repetition()
    if repeated is False:
        return None
    if repeated is True:
        return Outcome(Termination.REPETITION, None)
    return Outcome(Termination.PERPETUAL_CHECK, repeated.opponent)


def occurrences(board: Board) -> int:
    """How many times the position on ``board`` (board, hands, side to move) has occurred
    over the moves made on it, this time included (it needs hashing on)."""
    if not board.hashing:
        raise RuntimeError("occurrences() needs a board with hashing on")
    key = board.hash
    # each undo record ends with the hash of the position before its move
    return 1 + sum(1 for undo in board._history if undo[6] == key)


def kings_entered(board: Board) -> tuple[bool, bool]:
    """Whether each king, (black's, white's), stands in its enemy camp."""
    return _side_points(board, 0)[2], _side_points(board, 1)[2]


def impasse_points(board: Board) -> tuple[int, int]:
    """Each side's impasse points (black's, white's): rook and bishop (promoted or not) 5,
    every other piece 1, kings 0, over its pieces in the enemy camp and those in hand."""
    return _side_points(board, 0)[0], _side_points(board, 1)[0]


def _side_points(board: Board, c: int) -> tuple[int, int, bool]:
    """Side ``c``'s (points, pieces in the enemy camp other than its king, king in camp)."""
    zone = board.g.in_zone[c]
    points = pieces = 0
    king_in = False
    for i in board.g.squares:
        code = board.cells[i]
        if not code or code >> 4 != c or not zone[i]:
            continue
        kind = code & 15
        if kind == KING:
            king_in = True
            continue
        pieces += 1
        points += 5 if UNPROMOTE.get(kind, kind) in _BIG else 1
    hand = board.hands[c]
    points += sum(hand[k] * (5 if k in _BIG else 1) for k in HAND_CODES)
    return points, pieces, king_in


def impasse_declaration(
    board: Board, rule: str = "27", *, start: Position | None = None
) -> ImpasseDeclaration:
    """Whether the side to move on ``board`` may declare 入玉 under ``rule`` (see the
    module docstring). ``start`` is the game's start position: a standard handicap makes
    the declaration not decidable.

    Raises:
        ValueError: for a rule other than ``"27"`` and ``"24"``.
    """
    if rule not in IMPASSE_RULES:
        raise ValueError(f"unknown impasse rule {rule!r}: use '27' (CSA) or '24' (JSA)")
    c = board.turn
    side = _COLORS[c]
    points, pieces, king_in = _side_points(board, c)
    undecidable = None
    handicap = None if start is None else handicap_name(start)
    if board.g.variant.name != STANDARD.name:
        undecidable = f"the impasse rules are written for 9x9 shogi, not {board.g.variant.name}"
    elif handicap is not None and handicap != _EVEN:
        undecidable = f"the rules count points for even games, not a handicap ({handicap})"

    def answer(result: Outcome | None, reason: str, decidable: bool = True) -> ImpasseDeclaration:
        return ImpasseDeclaration(rule, side, points, pieces, result, decidable, reason)

    if undecidable is not None:
        return answer(None, f"not decidable: {undecidable}", decidable=False)
    if not king_in:
        return answer(None, f"{side.kanji}'s king is not in the enemy camp")
    if board.in_check():
        return answer(None, f"{side.kanji}'s king is in check")
    if pieces < 10:
        return answer(None, f"{pieces} pieces in the enemy camp besides the king (10 needed)")
    needed_black, needed_white, draw_from = IMPASSE_RULES[rule]
    needed = needed_black if side is Color.BLACK else needed_white
    counted = f"{points} points under the {rule}-point rule"
    if points >= needed:
        return answer(Outcome(Termination.IMPASSE, side), f"{counted} (a win from {needed})")
    if draw_from is not None and points >= draw_from:
        return answer(
            Outcome(Termination.IMPASSE, None), f"{counted}: a draw ({draw_from} to {needed - 1})"
        )
    return answer(None, f"{counted}: {needed} needed")
