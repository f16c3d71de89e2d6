"""Verdicts (:func:`kifu_lark.verdict`) as ``kifu-lark validate --verdicts`` reports them and
as the ``games`` table's ``termination`` and ``verdict_agrees`` columns.

A verdict judges the main line's ending, and ``validate --verdicts`` the ending of every
variation that ends with a special too (a variation is named by the move it starts at, and
those of the variations it lies in: ``variation`` ``[3, 5]``). One the rules contradict
(``agrees=False``) is a :class:`~kifu_lark.errors.VerdictError` report item (code
``VERDICT``), located on the special's line, its hint naming the rule checked; every verdict,
``agrees=None`` included, is also an item of its own (``validate --json`` lists them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kifu_lark.dataset.replay import Replayed
from kifu_lark.errors import Setting, VerdictError
from kifu_lark.formats.japanese import SPECIAL_WORDS
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.move import SpecialKind
from kifu_lark.record import Verdict, plays_as_read, verdict, verdict_played

#: The impasse rules a verdict takes (``impasse=``), the default first.
IMPASSE_RULES = ("27", "24")
_RULE_NAMES = {
    "27": "the 27-point rule (CSA, computer shogi: 先手 28 points, 後手 27)",
    "24": "the 24-point rule (JSA: 31 points win, 24 to 30 draw)",
}
_OTHER_RULE = {"27": "24", "24": "27"}

_K = SpecialKind
_FOUL = (
    "反則: the foul is in the moves (or is a perpetual check) and its author is the loser written"
)
_LIMIT = "the record's move limit ($MAX_MOVES, 最大手数, 'Max_Moves:) is reached"
#: The rule each judged ending is held to, as a report's hint says it.
_RULES: dict[SpecialKind, str] = {
    _K.RESIGN: "投了: the side to move resigns",
    _K.TIME_UP: "切れ負け: the side to move runs out of time",
    _K.MATE: "詰み: the side to move is checkmated",
    _K.REPETITION: "千日手: the position (board, hands, side to move) occurs four times, and "
    "no side checked throughout",
    _K.PERPETUAL_CHECK: "王手千日手: a fourfold repetition where one side checked on every "
    "move of the cycle; that side loses",
    _K.ILLEGAL_WIN: _FOUL,
    _K.ILLEGAL_LOSS: _FOUL,
    _K.ILLEGAL_MOVE: _FOUL,
    _K.ENTERING_KING_WIN: "入玉宣言: the side to move declares, its king in the enemy camp, "
    "not in check, ten other pieces there, and the points of {rule}",
    _K.IMPASSE: f"持将棋: {_LIMIT}, or both kings are in the enemy camp (24-point rule: with "
    "24 points each)",
    _K.MAX_MOVES: f"%MAX_MOVES: {_LIMIT}",
}
#: Endings judged by points, where the other impasse rule may judge otherwise.
_BY_POINTS = frozenset({_K.ENTERING_KING_WIN, _K.IMPASSE})


def ending_word(kind: SpecialKind) -> str:
    """How a report names an ending: its Japanese word (投了, 千日手), else its name."""
    return SPECIAL_WORDS.get(kind, kind.name)


def _side(color: Color | None) -> str | None:
    return None if color is None else ("black" if color is Color.BLACK else "white")


def judge(game: Game, impasse: str = "27") -> Verdict | None:
    """The verdict on the main line of ``game``, as its reader returned it (``as_read``),
    ``None`` for another game's record (シェルト)."""
    return verdict(game, impasse=impasse, as_read=True) if game.game == "shogi" else None


def variation_ends(game: Game) -> list[Node]:
    """The last node of every line but the main line, in the tree's order (main line
    first, each variation before the next)."""
    main = game.mainline()
    main_end = main[-1] if main else None
    return [n for n in game.root.walk() if not n.children and n is not main_end]


def variation_path(node: Node) -> list[int]:
    """The variation ``node`` lies in, as the move numbers its line branches off at (one
    for a variation of the main line, one more for each variation inside it); empty on
    the main line."""
    return [n.ply for n in node.path() if n.parent is not None and n.parent.next is not n]


def variation_words(path: Sequence[int]) -> str:
    """A variation as reports name it: ``the variation at move 5``, ``the variation at
    move 3, then at move 5`` for one inside another."""
    return "the variation at move " + ", then at move ".join(str(ply) for ply in path)


def verdict_item(found: Verdict, index: int, variation: Sequence[int] = ()) -> dict[str, Any]:
    """A verdict as ``validate --json`` lists it: ``index`` (the game's, from 0),
    ``variation`` (``None`` for the main line, else :func:`variation_path`), ``declared``
    (the special's kind name), ``winner`` (as the record names it), ``termination`` (what
    the rules say), ``agrees``, ``reason``, ``plies``, ``line``."""
    declared = found.declared
    ruled = found.outcome
    return {
        "index": index,
        "variation": list(variation) or None,
        "declared": None if declared is None else declared.kind.name,
        "winner": _side(found.winner),
        "termination": None if ruled is None else ruled.termination.name,
        "agrees": found.agrees,
        "reason": found.reason,
        "plies": found.plies,
        "line": None if found.node is None else found.node.line,
    }


def verdict_error(
    found: Verdict,
    game: Game,
    impasse: str,
    number: int | None = None,
    variation: Sequence[int] = (),
) -> VerdictError:
    """The error of a contradicted verdict (``found.agrees`` is ``False``), located on the
    special's line (on the last move's when the record kept none for the special), the hint
    naming the rule; ``number`` (from 1) names the game in a file of several, ``variation``
    (:func:`variation_path`) the variation whose ending it is."""
    assert found.declared is not None, "a verdict with nothing declared contradicts nothing"
    kind = found.declared.kind
    word = ending_word(kind)
    line, column = _where(found, game)
    hint = _RULES.get(kind, word).format(rule=_RULE_NAMES[impasse])
    settings: tuple[Setting, ...] = ()
    if kind in _BY_POINTS:
        rule = _OTHER_RULE[impasse]
        other = Setting("impasse", rule)
        hint += f"; {other} judges by {_RULE_NAMES[rule].split(' (')[0]}"
        settings = (other,)
    prefix = f"game {number}: " if number is not None else ""
    of = f" of {variation_words(variation)}" if variation else ""
    return VerdictError(
        f"{prefix}the ending {word}{of} is contradicted by the rules: {found.reason}",
        format=game.format,
        line=line,
        column=column,
        hint=hint,
        settings=settings,
    )


def _where(found: Verdict, game: Game) -> tuple[int | None, int | None]:
    """The special's line and column, else the last move's of its line (JKF keeps no
    line)."""
    node = found.node
    if node is not None and node.line is not None:
        return node.line, node.column
    nodes = game.mainline() if node is None else game.line(node)
    moves = [n for n in nodes if n.move is not None and n.line is not None]
    return (moves[-1].line, moves[-1].column) if moves else (None, None)


def verdict_reports(
    games: Sequence[Game], impasse: str = "27"
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Each game's verdicts as report items: the main line's, then those of the variations
    that end with a special (:func:`variation_ends`); the errors (``to_dict`` of each
    contradicted ending's :class:`~kifu_lark.errors.VerdictError`) and every verdict
    (:func:`verdict_item`)."""
    errors: list[dict[str, Any]] = []
    items: list[dict[str, Any]] = []
    for index, game in enumerate(games):
        found = judge(game, impasse)
        if found is None:
            continue
        number = index + 1 if len(games) > 1 else None
        judged: list[tuple[Verdict, list[int]]] = [(found, [])]
        for end in variation_ends(game):
            other = verdict(game, line=end, impasse=impasse, as_read=True)
            if other.declared is not None:
                judged.append((other, variation_path(end)))
        for one, path in judged:
            items.append(verdict_item(one, index, path))
            if one.agrees is False:
                errors.append(verdict_error(one, game, impasse, number, path).to_dict())
    return errors, items


def verdict_columns(
    game: Game, impasse: str = "27", replayed: Replayed | None = None
) -> tuple[str | None, bool | None]:
    """The ``games`` table's ``termination`` (how the rules say the main line ended:
    ``CHECKMATE``, ``REPETITION`` …; ``None`` when they see no end) and ``verdict_agrees``
    (``None`` when there is nothing to contradict). ``replayed``: the game's main line as
    :func:`~kifu_lark.dataset.replay.replay` played it, judged on the board it ends on
    rather than played again (unless a move of the game broke a rule)."""
    if replayed is not None and game.game == "shogi" and plays_as_read(game):
        found: Verdict | None = verdict_played(game, replayed.board, impasse)
    else:
        found = judge(game, impasse)
    if found is None:
        return None, None
    ruled = found.outcome
    return (None if ruled is None else ruled.termination.name), found.agrees
