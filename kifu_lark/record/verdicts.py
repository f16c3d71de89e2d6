"""Verdicts: the ending a record declares, weighed against what the rules say.

Reading checks every move of a record but believes its ending: :func:`verdict` replays a
line and asks the rules engine about the last position (mate, repetition, perpetual check,
impasse points, the last move's breaches) and about the special that ends the line: 詰み
where the side to move is not mated, 千日手 where the position has not occurred four times,
a perpetual check written as a draw, 入玉勝ち short of the points, a 投了 by the side that
is not to move, a foul whose loser is the wrong side. See ``docs/endings.md``.

The verdict lives in the record layer, as :func:`~kifu_lark.record.check_tree` does: it
replays a game read, which may hold the breaches it was read with (``tolerate``) and a
foul its ending declares, so it plays every move with every tolerable breach let through
and reads the breaches of the last move from the engine.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import field, frozen

from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, SummaryLine
from kifu_lark.model.headers import HeaderKey, Headers
from kifu_lark.model.move import Special, SpecialKind
from kifu_lark.model.node import Node
from kifu_lark.rules.board import Board
from kifu_lark.rules.endings import (
    IMPASSE_RULES,
    Outcome,
    Termination,
    declared_winner,
    impasse_declaration,
    impasse_points,
    kings_entered,
    occurrences,
    outcome,
    summary_describes,
)
from kifu_lark.rules.movegen import legal_moves
from kifu_lark.rules.violations import ALL_TOLERABLE, Violation

__all__ = ["Verdict", "plays_as_read", "verdict", "verdict_played"]

_K = SpecialKind


@frozen
class Verdict:
    """What a record declares of its ending, and what the rules say of it.

    Attributes:
        declared: the special that ends the line (投了, ``%SENNICHITE`` …), ``None`` when
            the line ends on a move.
        winner: the winner the record declares, ``None`` for a draw or when it names none.
        outcome: what the rules say: how the last position ends the game (mate,
            repetition, perpetual check), what an impasse declaration gives, or the move
            limit reached; ``None`` when the rules see no end.
        agrees: ``True`` when the rules bear the declared ending out, ``False`` when they
            contradict it, ``None`` when there is nothing to contradict (中断, 不詰, 封じ手,
            no special, a foul that is not in the moves, a handicap impasse).
        reason: why, in words.
        plies: the moves played on the line.
        node: the special's node (its ``line`` locates it in the file), ``None`` without one.
    """

    declared: Special | None
    winner: Color | None
    outcome: Outcome | None
    agrees: bool | None
    reason: str
    plies: int
    node: Node | None = field(default=None, eq=False, repr=False)


@frozen
class _Facts:
    """What a judge of one special reads: the line replayed and the game's headers."""

    board: Board
    special: Special
    plies: int
    foul: tuple[Color, tuple[Violation, ...]] | None  # the last move's author and breaches
    outcome: Outcome | None
    game: Game
    impasse: str


# (declared winner, agrees, reason, the rules' outcome)
_Judgement = tuple[Color | None, bool | None, str, Outcome | None]


def verdict(
    game: Game, line: Node | None = None, impasse: str = "27", *, as_read: bool = False
) -> Verdict:
    """The ending ``game`` declares on a line (the main line, or the one through ``line``)
    against what the rules say of its last position.

    Args:
        game: a game read (it may hold breaches read with ``tolerate`` and a declared foul).
        line: a node of the line to judge; the main line when ``None``.
        impasse: the impasse rule for 入玉宣言 and 持将棋: ``"27"`` (CSA, computer shogi:
            先手 28 points, 後手 27) or ``"24"`` (JSA: 31 win, 24 to 30 draw).
        as_read: the game is as a reader returned it, every move checked as it was read:
            when no move of it broke a rule (no warning names a ply), the line is played
            again without checking each move a second time. A game changed since it was
            read must not say so.

    Returns:
        A :class:`Verdict`; ``agrees`` is ``False`` where the rules contradict the record.

    Raises:
        ValueError: for another impasse rule, or a ``line`` not in ``game``'s tree.
        IllegalMoveError: for a move no tolerance lets through (a game built by hand).

    Example:
        >>> import kifu_lark
        >>> game = kifu_lark.loads("+7776FU\\n-3334FU\\n+8822UM\\n%TSUMI\\n", "csa")
        >>> kifu_lark.verdict(game).agrees
        False
    """
    _check_impasse(impasse)
    nodes = game.line(line)
    last = _last_move(nodes)
    board = Board.from_position(game.start)
    foul: tuple[Color, tuple[Violation, ...]] | None = None
    if as_read and plays_as_read(game):
        board.play_read([node.move for node in nodes[: last + 1] if node.move is not None])
    else:
        for node in nodes[: last + 1]:
            move = node.move
            if move is None:
                continue
            before = len(board.tolerated)
            board.push(move, ALL_TOLERABLE)
            breaches = tuple(board.tolerated[before:])
            foul = (move.color, breaches) if breaches else None
    return _judged(game, nodes, last, board, foul, impasse)


def plays_as_read(game: Game) -> bool:
    """True when no move of ``game`` (as its reader returned it) broke a rule: its main
    line may be played with :meth:`~kifu_lark.rules.board.Board.play_read` and judged by
    :func:`verdict_played`."""
    return all(issue.ply is None for issue in game.warnings)


def verdict_played(game: Game, board: Board, impasse: str = "27") -> Verdict:
    """``verdict(game, impasse=impasse, as_read=True)`` of a game that
    :func:`plays_as_read`, its main line already played on ``board``: a board set up from
    ``game.start``, hashing on, every main-line move played by
    :meth:`~kifu_lark.rules.board.Board.play_read` or its step, and nothing else. For a
    loop that replays the line for its own ends (the export's tables) and would otherwise
    have it replayed again."""
    _check_impasse(impasse)
    nodes = game.line(None)
    return _judged(game, nodes, _last_move(nodes), board, None, impasse)


def _check_impasse(impasse: str) -> None:
    if impasse not in IMPASSE_RULES:
        raise ValueError(f"unknown impasse rule {impasse!r}: use '27' (CSA) or '24' (JSA)")


def _last_move(nodes: list[Node]) -> int:
    """The index of the last node of ``nodes`` that holds a move (-1 for none)."""
    for i in range(len(nodes) - 1, -1, -1):
        if nodes[i].move is not None:
            return i
    return -1


def _judged(
    game: Game,
    nodes: list[Node],
    last: int,
    board: Board,
    foul: tuple[Color, tuple[Violation, ...]] | None,
    impasse: str,
) -> Verdict:
    """The verdict on the line ``nodes``, its moves up to ``nodes[last]`` played on
    ``board``; ``foul``: the last move's author and the breaches it was played with."""
    # After the last move, the first special ends the game; any after it only annotate.
    ending = next((n for n in nodes[last + 1 :] if n.special is not None), None)
    plies = sum(1 for node in nodes[: last + 1] if node.move is not None)
    ends = outcome(board)
    if ending is None or ending.special is None:
        said = "the rules see no end" if ends is None else f"the rules say {_told(ends)}"
        return Verdict(None, None, ends, None, f"no ending declared; {said}", plies)
    special = ending.special
    facts = _Facts(board, special, plies, foul, ends, game, impasse)
    judge = _JUDGES.get(special.kind, _nothing_to_contradict)
    winner, agrees, reason, rules = judge(facts)
    summary = game.summary_line
    if summary is not None and all(n.parent is None or n.parent.next is n for n in nodes):
        # the main line's まで line, kept where it disagreed with the moves or the special
        told = _summary_told(summary, plies, winner, special)
        if told:
            agrees = False
            reason = f"{reason}; {told}" if reason else told
    return Verdict(special, winner, rules, agrees, reason, plies, ending)


def _summary_told(
    summary: SummaryLine, plies: int, winner: Color | None, special: Special
) -> str:
    """What the まで line says that the line judged does not: its count of moves, its
    ending (against the special's kind) or its winner (against the special's); empty when
    it agrees. The record is kept as it says: the special is judged, the まで line only
    contradicts it."""
    told = []
    if summary.plies != plies:
        told.append(f"the まで line counts {_count(summary.plies, 'move')}, not {plies}")
    if summary.kind is not None and not summary_describes(summary.kind, special.kind):
        told.append(
            f"the まで line {summary.text!r} names another ending than the special, "
            f"{special.kind.name}"
        )
    elif summary.winner is not None and summary.winner is not winner:
        gives = "no winner" if winner is None else f"{winner.kanji} the win"
        told.append(
            f"the まで line names {summary.winner.kanji} the winner; the ending gives {gives}"
        )
    return "; ".join(told)


# --- the judges, one per kind of ending ---------------------------------------------------


def _loses(f: _Facts) -> _Judgement:
    """投了, 切れ負け: the side to move resigns or runs out of time."""
    loser = f.special.color
    to_move = f.board.color
    what = "resigns" if f.special.kind is _K.RESIGN else "runs out of time"
    winner = declared_winner(f.special)
    if loser is None:
        return winner, None, f"the record names no side that {what}", f.outcome
    if loser is not to_move:
        return (
            winner,
            False,
            f"{loser.kanji} is written as the side that {what}, but {to_move.kanji} is to move "
            f"after {_count(f.plies, 'move')}",
            f.outcome,
        )
    return winner, True, f"{loser.kanji}, to move, {what}", f.outcome


def _mate(f: _Facts) -> _Judgement:
    """詰み: the side to move is checkmated (and is the loser written)."""
    to_move = f.board.color
    winner = declared_winner(f.special)
    mated = f.special.color
    if mated is not None and mated is not to_move:
        told = f"{mated.kanji} is written as mated, but {to_move.kanji} is to move"
        return winner, False, told, f.outcome
    if f.outcome is not None and f.outcome.termination is Termination.CHECKMATE:
        return winner, True, f"{to_move.kanji} is checkmated", f.outcome
    if f.board.in_check():
        answers = legal_moves(f.board)
        return (
            winner,
            False,
            f"not mate: {to_move.kanji} is in check but has {_count(len(answers), 'legal move')} "
            f"(e.g. {answers[0].usi()})",
            f.outcome,
        )
    return winner, False, f"not mate: {to_move.kanji} is not in check", f.outcome


def _repetition(f: _Facts) -> _Judgement:
    """千日手: the position occurred four times, and no side checked throughout."""
    ends = f.outcome
    if ends is not None and ends.termination is Termination.REPETITION:
        return None, True, "the position occurred four times (千日手): a draw", ends
    if ends is not None and ends.termination is Termination.PERPETUAL_CHECK:
        return None, False, _perpetual_words(ends) + ", not a draw", ends
    return None, False, _occurred(f), ends


def _perpetual(f: _Facts) -> _Judgement:
    """王手千日手: a fourfold repetition where one side checked on every one of its moves."""
    ends = f.outcome
    if ends is not None and ends.termination is Termination.PERPETUAL_CHECK:
        return ends.winner, True, _perpetual_words(ends), ends
    if ends is not None and ends.termination is Termination.REPETITION:
        return None, False, "a fourfold repetition with no perpetual check: a draw (千日手)", ends
    return None, False, _occurred(f), ends


def _perpetual_words(ends: Outcome) -> str:
    assert ends.winner is not None
    checker = ends.winner.opponent
    return f"a perpetual check (王手千日手): {checker.kanji} checked throughout the cycle and loses"


def _occurred(f: _Facts) -> str:
    n = occurrences(f.board)
    return f"no repetition: the last position occurred {_count(n, 'time')}, not four"


def _foul(f: _Facts) -> _Judgement:
    """反則勝ち, 反則負け, ``%ILLEGAL_MOVE``, ``%±ILLEGAL_ACTION``: the foul in the moves (the
    last move breaks a rule, or a perpetual check) and its author the loser written."""
    kind, color = f.special.kind, f.special.color
    if f.foul is not None:
        author, breaches = f.foul
        codes = ", ".join(f"{b.value} ({b.message})" for b in breaches)
        told = f"the last move, {author.kanji}'s, breaks {codes}: {author.kanji} loses"
        ruled = Outcome(Termination.ILLEGAL_MOVE, author.opponent)
        if kind is _K.ILLEGAL_MOVE or color is None:
            return author.opponent, True, told, ruled
        loser = color.opponent if kind is _K.ILLEGAL_WIN else color
        if loser is author:
            return author.opponent, True, told, ruled
        return loser.opponent, False, f"{told}, but {loser.kanji} is written as the loser", ruled
    if color is None:
        return None, None, "the record names no side", f.outcome
    # CSA's %ILLEGAL_MOVE: the side to move fouled (its move is not in the record).
    loser = color.opponent if kind is _K.ILLEGAL_WIN else color
    ends = f.outcome
    if ends is not None and ends.termination is Termination.PERPETUAL_CHECK:
        told = _perpetual_words(ends)
        if ends.winner is loser.opponent:
            return loser.opponent, True, told, ends
        return loser.opponent, False, f"{told}, but {loser.kanji} is written as the loser", ends
    return (
        loser.opponent,
        None,
        "the foul is not in the moves (they break no rule, nor is there a perpetual check)",
        ends,
    )


def _entering_king(f: _Facts) -> _Judgement:
    """入玉宣言, ``%KACHI``, 入玉勝ち: the side to move may declare, under the rule given."""
    declaration = impasse_declaration(f.board, f.impasse, start=f.game.start)
    side = declaration.side
    winner = declared_winner(f.special)
    ruled = declaration.outcome
    declarer = f.special.color
    if declarer is not None and declarer is not side:
        return (
            winner,
            False,
            f"{declarer.kanji} is written as declaring, but {side.kanji} is to move",
            ruled,
        )
    if not declaration.decidable:
        return winner, None, declaration.reason, ruled
    if ruled is not None and ruled.winner is side:
        return winner, True, f"{side.kanji} may declare: {declaration.reason}", ruled
    if ruled is not None:
        return winner, False, f"{declaration.reason}, not a win", ruled
    return winner, False, f"{side.kanji} may not declare: {declaration.reason}", ruled


def _impasse(f: _Facts) -> _Judgement:
    """持将棋, ``%JISHOGI``, ``%MAX_MOVES``: the record's move limit reached, or (持将棋)
    both kings entered, with the points the 24-point rule asks."""
    limit = _move_limit(f.game.headers)
    at_limit = Outcome(Termination.MAX_MOVES, None)
    if limit is not None and f.plies >= limit:
        return None, True, f"{f.plies} moves played: the move limit, {limit}, is reached", at_limit
    short = (
        f"{f.plies} moves played, short of the move limit {limit}"
        if limit is not None
        else "the record states no move limit ($MAX_MOVES, 'Max_Moves:, 最大手数)"
    )
    if f.special.kind is _K.MAX_MOVES:
        return None, None if limit is None else False, short, None
    black_in, white_in = kings_entered(f.board)
    if not (black_in and white_in):
        return None, False, f"not both kings have entered the enemy camp, and {short}", None
    drawn = Outcome(Termination.IMPASSE, None)
    points = impasse_points(f.board)
    if f.impasse == "24":
        draw_from = IMPASSE_RULES["24"][2]
        assert draw_from is not None
        for color, count in zip((Color.BLACK, Color.WHITE), points, strict=True):
            if count < draw_from:
                return (
                    None,
                    False,
                    f"both kings have entered, but {color.kanji} has {count} points, short of "
                    f"{draw_from}: it loses under the 24-point rule",
                    Outcome(Termination.IMPASSE, color.opponent),
                )
    told = f"both kings have entered the enemy camp (points {points[0]} and {points[1]})"
    return None, True, told, drawn


def _move_limit(headers: Headers) -> int | None:
    """The record's move limit: ``$MAX_MOVES`` / 最大手数, or floodgate's ``'Max_Moves:``."""
    for key in (HeaderKey.MAX_MOVES, "Max_Moves"):
        value = headers.get(key)
        if value is not None and value.strip().isdigit():
            return int(value.strip())
    return None


def _nothing_to_contradict(f: _Facts) -> _Judgement:
    """中断, 不詰, 封じ手, 待った, 不戦勝 …: kept; the rules have nothing to say of them."""
    return (
        declared_winner(f.special),
        None,
        f"{f.special.kind.name}: nothing the rules can contradict",
        f.outcome,
    )


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _told(ends: Outcome) -> str:
    if ends.winner is None:
        return f"{ends.termination.name} (a draw)"
    return f"{ends.termination.name} ({ends.winner.kanji} wins)"


_JUDGES: dict[SpecialKind, Callable[[_Facts], _Judgement]] = {
    _K.RESIGN: _loses,
    _K.TIME_UP: _loses,
    _K.MATE: _mate,
    _K.REPETITION: _repetition,
    _K.PERPETUAL_CHECK: _perpetual,
    _K.ILLEGAL_WIN: _foul,
    _K.ILLEGAL_LOSS: _foul,
    _K.ILLEGAL_MOVE: _foul,
    _K.ENTERING_KING_WIN: _entering_king,
    _K.IMPASSE: _impasse,
    _K.MAX_MOVES: _impasse,
}
