"""Which records the viewer opens as problems (tsume mode: the answer hidden until asked).

A record is a problem when it says so, with KIF's ``手合割：詰将棋``, or when its start is
shaped as tsume records are: the side not to move (the defender) has a king and the side to
move (the attacker) has none. A game, even from a set position, has both kings; a 双玉 problem
(both kings on the board) is a problem only by its header, or when the page is asked for one.
"""

from __future__ import annotations

from kifu_lark.model.game import Game

__all__ = ["PROBLEM_HANDICAP", "is_problem"]

#: The 手合割 value that makes a record a problem, as Kifu for Windows writes it.
PROBLEM_HANDICAP = "詰将棋"


def is_problem(game: Game) -> bool:
    """Whether ``game`` is a problem: its ``手合割`` header is 詰将棋, or its start's side not
    to move has a king and its side to move has none.

    Example:
        >>> import kifu_lark
        >>> from kifu_lark.render.tsume import is_problem
        >>> is_problem(kifu_lark.loads("sfen 4k4/9/4G4/9/9/9/9/9/9 b G 1 moves G*5b", "usi"))
        True
        >>> is_problem(kifu_lark.loads("position startpos", "usi"))
        False
    """
    if (game.headers.get("手合割") or "").strip() == PROBLEM_HANDICAP:
        return True
    start = game.start
    attacker = start.turn
    return start.king_square(attacker.opponent) is not None and start.king_square(attacker) is None
