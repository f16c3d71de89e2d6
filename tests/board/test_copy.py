"""Board.copy(), copy.copy, copy.deepcopy and pickle: an independent board in the same state,
on the compiled build as on the pure one (PURE_TESTS runs this module on both)."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest
from hypothesis import given

from kifu_lark import MINISHOGI, Board, Position
from tests.strategies import positions

_LINE = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]
# Kings stepping up and back: the start position comes back after every four moves.
_CYCLE = ["5i5h", "5a5b", "5h5i", "5b5a"]

Copier = Callable[[Board], Board]


def _pickled(protocol: int) -> Copier:
    def copier(board: Board) -> Board:
        twin: Board = pickle.loads(pickle.dumps(board, protocol))
        return twin

    return copier


COPIERS: dict[str, Copier] = {
    "copy()": Board.copy,
    "copy.copy": copy.copy,
    "copy.deepcopy": copy.deepcopy,
    **{f"pickle {p}": _pickled(p) for p in range(pickle.HIGHEST_PROTOCOL + 1)},
}


def _played(moves: list[str], board: Board | None = None) -> Board:
    board = board or Board()
    for text in moves:
        board.push_usi(text)
    return board


@pytest.mark.parametrize("how", COPIERS)
def test_a_copy_is_the_same_board(how: str) -> None:
    """The copy has the original's start, position (its move number too) and moves."""
    board = _played(_LINE)
    twin = COPIERS[how](board)
    assert type(board) is type(twin)
    assert board.start == twin.start
    assert board.position == twin.position
    assert board.moves == twin.moves


@pytest.mark.parametrize("how", COPIERS)
def test_a_copy_is_independent(how: str) -> None:
    """A move pushed or popped on the copy leaves the original as it was, and back."""
    board = _played(_LINE[:2])
    before = board.sfen()
    twin = COPIERS[how](board)
    twin.push_usi("8h2b+")
    assert before == board.sfen() and 2 == len(board.moves)
    twin.pop()
    twin.pop()
    assert before == board.sfen() and 2 == len(board.moves)
    board.push_usi("2g2f")
    assert ["7g7f"] == [m.usi() for m in twin.moves]


@pytest.mark.parametrize("how", COPIERS)
def test_a_copy_keeps_the_history(how: str) -> None:
    """pop, 同 and repetition answer on the copy as on the original."""
    board = _played(_CYCLE * 3)
    last = board.pop()
    twin = COPIERS[how](board)
    assert _CYCLE[-2] == twin.pop().usi()
    twin.push_usi(_CYCLE[-2])
    third = COPIERS[how](_played(_LINE[:3]))
    assert "△同　銀" == third.move_text(third.parse_usi("3a2b"), "ki2")
    assert False is twin.repetition()
    twin.push(last)
    assert True is twin.repetition()
    assert False is board.repetition()


@pytest.mark.parametrize("how", COPIERS)
def test_copies_of_other_boards(how: str) -> None:
    """A 5x5 board and one set up from an SFEN copy with their variant and start."""
    small = _played(["5d5c"], Board(variant=MINISHOGI))
    assert small.position == COPIERS[how](small).position
    assert MINISHOGI == COPIERS[how](small).variant
    problem = Board.from_sfen("8k/9/8P/9/9/9/9/9/K8 b G 31")
    problem.push_text("１二金打")
    twin = COPIERS[how](problem)
    assert problem.start == twin.start and 32 == twin.position.ply and twin.is_mate()


def test_copy_without_the_stack() -> None:
    """copy(stack=False) starts at the current position with no move played."""
    board = _played(_LINE)
    twin = board.copy(stack=False)
    assert board.position == twin.position == twin.start
    assert [] == twin.moves
    with pytest.raises(IndexError):
        twin.pop()


def test_a_subclass_copies_as_itself() -> None:
    """copy and pickle keep a subclass's type."""
    board = _played(_LINE[:1], _Mine())
    assert _Mine is type(board.copy()) is type(pickle.loads(pickle.dumps(board)))


class _Mine(Board):
    __slots__ = ()


@given(positions())
def test_any_position_copies(position: Position) -> None:
    """Every position a random game reaches comes back from each copier, moves intact."""
    board = Board(position)
    moves = board.legal_moves()[:1]
    for move in moves:
        board.push(move)
    for copier in (copy.copy, copy.deepcopy, COPIERS["pickle 5"]):
        twin = copier(board)
        assert (board.position, board.moves) == (twin.position, twin.moves)
