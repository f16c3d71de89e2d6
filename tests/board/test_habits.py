"""What python-chess and cshogi users write: a move as USI text wherever a move is taken,
peek() and move_stack, and the next move's number named apart from Node.ply."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from kifu_lark import Board, IllegalMoveError, KifuSyntaxError, Move

_LINE = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]


def _played(moves: list[str]) -> Board:
    board = Board()
    for text in moves:
        board.push_usi(text)
    return board


def test_is_legal_takes_usi_text() -> None:
    """is_legal answers a USI text as it answers the Move it means."""
    board = _played(_LINE[:2])
    assert board.is_legal("8h2b+") and board.is_legal(board.parse_usi("8h2b+"))
    assert not board.is_legal("2b3c")  # white's bishop, black to move
    assert not board.is_legal("2h2c")  # the rook's path is blocked
    assert not board.is_legal("5e5d")  # no piece there: a move, and not a legal one
    assert not board.is_legal("P*5e")  # no pawn in hand
    assert _LINE[:2] == [m.usi() for m in board.moves]


def test_is_legal_refuses_what_is_no_move() -> None:
    """A text that is not USI is a KifuSyntaxError; another type a TypeError naming both."""
    board = Board()
    with pytest.raises(KifuSyntaxError) as caught:
        board.is_legal("7g7")
    assert caught.value.hint
    for wrong in (7776, None, ("7g", "7f")):
        with pytest.raises(TypeError, match=r"Board\.is_legal\(\) takes a Move or its USI text"):
            board.is_legal(wrong)  # type: ignore[arg-type]


def test_push_and_move_text_take_usi_text() -> None:
    """push and move_text take USI text as push_usi does; an illegal one leaves the board."""
    board = Board()
    assert "▲７六歩" == board.move_text("7g7f", "ki2")
    assert Move.from_usi("7g7f", board.position) == board.push("7g7f")
    with pytest.raises(IllegalMoveError) as caught:
        board.push("7g7e")
    assert ("NO_PIECE", 2) == (caught.value.code, caught.value.ply)
    assert ["7g7f"] == [m.usi() for m in board.moves]
    assert "△３四歩(33)" == board.move_text("3c3d")
    with pytest.raises(TypeError, match=r"Board\.push\(\) takes a Move or its USI text"):
        board.push(b"3c3d")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"push_text"):
        board.move_text(33)  # type: ignore[arg-type]


def test_peek_and_move_stack() -> None:
    """peek() is the last move, left played; move_stack the moves, as moves gives them."""
    board = Board()
    with pytest.raises(IndexError):
        board.peek()
    board = _played(_LINE)
    assert "B*4e" == board.peek().usi()
    assert 5 == len(board.moves)
    assert board.moves == board.move_stack
    board.move_stack.clear()  # a copy: the board keeps its moves
    assert board.pop() == _played(_LINE).peek()


def test_move_number_is_the_next_move_and_node_ply_the_move_own() -> None:
    """move_number counts as SFEN does; the last move played is Node.ply len(move_stack)."""
    board = _played(_LINE[:3])
    assert 4 == board.move_number == board.position.ply == len(board.move_stack) + 1
    last = board.to_game().mainline()[-1]
    assert (3, "8h2b+") == (last.ply, last.move.usi())  # type: ignore[union-attr]
    problem = Board.from_sfen("8k/9/8P/9/9/9/9/9/K8 b G 31")
    problem.push_text("１二金打")
    assert 32 == problem.move_number and 1 == problem.to_game().mainline()[-1].ply


def test_board_ply_still_answers_and_warns() -> None:
    """Board.ply gives the old value (the next move's number) with a DeprecationWarning
    that names move_number."""
    board = _played(_LINE[:1])
    with pytest.warns(DeprecationWarning, match="move_number") as caught:
        value: Any = board.ply
    assert 2 == value == board.move_number
    assert __file__ == caught[0].filename  # pointed at the caller's line
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert 2 == board.move_number
