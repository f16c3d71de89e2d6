"""Reading grows linearly with the number of variations, side by side or nested: 8n
variations take under 12 times as long as n, where a quadratic reader takes 64 times (a
ratio, never an absolute time; see tests/growth.py)."""

from __future__ import annotations

import pytest

import kifu_lark
from kifu_lark.model import Game, Node
from kifu_lark.rules.board import Board
from kifu_lark.rules.movegen import legal_moves
from tests.growth import LINEAR_BOUND, growth_of_eightfold

N = 300


def _two_moves(board: Board) -> tuple[Node, Node]:
    """Two different legal moves here (the first two in a fixed order), as nodes."""
    first, second = sorted(legal_moves(board), key=lambda m: m.usi())[:2]
    return Node(move=first), Node(move=second)


def _tree(n: int, deeper: bool) -> Game:
    """n moves, each with a one-move variation; the line goes on along the main move, or
    along the variation (``deeper``: each variation branches inside the one before)."""
    game = Game()
    board = Board.from_position(game.start)
    node = game.root
    for _ in range(n):
        main, alternative = _two_moves(board)
        node.add(main)
        node.add(alternative)
        node = alternative if deeper else main
        board.push(node.move)  # type: ignore[arg-type]
    return game


def _side_by_side(n: int) -> Game:
    """A main line of n moves, each with a one-move variation."""
    return _tree(n, deeper=False)


def _nested(n: int) -> Game:
    """Each variation branches inside the one before: a staircase n deep."""
    return _tree(n, deeper=True)


@pytest.mark.parametrize("shape", [_side_by_side, _nested], ids=["side_by_side", "nested"])
@pytest.mark.parametrize("fmt", ["kif", "ki2", "jkf"])
def test_reading_variations_is_linear(fmt: str, shape: object) -> None:
    """8n variations read in a time that grows linearly, not quadratically, from n."""
    assert callable(shape)
    n = 30 if fmt == "jkf" and shape is _nested else N  # JKF nests forks 250 deep at most
    small, large = (kifu_lark.dumps(shape(k), fmt) for k in (n, 8 * n))
    ratio = growth_of_eightfold(
        lambda: kifu_lark.loads(small, fmt), lambda: kifu_lark.loads(large, fmt)
    )
    assert ratio < LINEAR_BOUND, f"{fmt}: 8x the variations took {ratio:.1f}x the time"


@pytest.mark.parametrize(
    "between",
    ["\n%TORYO\n/\n", "\n/\n", ",/\n", "\n  /\n", "\n'a/b 100%\n/\n"],
    ids=["ended", "not-ended", "after-a-comma", "after-blanks", "marks-in-a-comment"],
)
def test_reading_many_csa_records_is_linear(between: str) -> None:
    """8n CSA records in one text (``/`` between them) read in a time that grows linearly
    from n, whichever way each record ends: a record's moves are looked for up to the next
    record, and the tokens of every record located in one pass."""
    record = "PI\n+\n+7776FU\n-3334FU"
    small, large = ((record + between) * k + record + "\n" for k in (400, 3200))
    assert len(kifu_lark.loads_all(large, "csa")) == 3201
    ratio = growth_of_eightfold(
        lambda: kifu_lark.loads_all(small, "csa"), lambda: kifu_lark.loads_all(large, "csa")
    )
    assert ratio < LINEAR_BOUND, f"8x the records took {ratio:.1f}x the time"
