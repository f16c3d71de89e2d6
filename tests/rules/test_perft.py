"""Perft counts: the move generator agrees with published node counts."""

from __future__ import annotations

import pytest

from kifu_lark.model.position import Position
from kifu_lark.model.variant import MINISHOGI, STANDARD, board_variant
from kifu_lark.rules.board import Board
from kifu_lark.rules.movegen import legal_moves, perft


@pytest.mark.parametrize(("depth", "expected"), [(1, 30), (2, 900), (3, 25470), (4, 719731)])
def test_standard_perft(depth: int, expected: int) -> None:
    """Perft from the 9x9 start matches 30 / 900 / 25 470 / 719 731."""
    assert expected == perft(Board.from_position(Position.initial(STANDARD)), depth)


@pytest.mark.parametrize(
    ("depth", "expected"), [(1, 14), (2, 181), (3, 2512), (4, 35401), (5, 533203)]
)
def test_minishogi_perft(depth: int, expected: int) -> None:
    """Perft from the 5x5 start (rbsgk/4p/5/P4/KGSBR b - 1) matches the published counts."""
    start = Position.from_sfen("rbsgk/4p/5/P4/KGSBR b - 1")
    assert start == Position.initial(MINISHOGI)
    assert expected == perft(Board.from_position(start), depth)


def test_perft_leaves_the_board_unchanged() -> None:
    """Generating and taking back moves restores the position exactly."""
    board = Board.from_position(Position.initial(STANDARD))
    before = (board.to_position(), board.hash)
    perft(board, 3)
    assert before == (board.to_position(), board.hash)


def test_three_by_three_board_generates_moves() -> None:
    """A 3x3 board works like any other size: the king can step to every free square."""
    variant = board_variant(3, 3)
    position = Position.from_sfen("k2/3/2K b - 1", variant)
    moves = {m.usi() for m in legal_moves(Board.from_position(position))}
    # 2b is next to nothing of white's king's attacks? 2b touches 3a (white king): illegal.
    assert moves == {"1c1b", "1c2c"}


def test_drops_respect_pawn_rules_in_generation() -> None:
    """Generated drops exclude 二歩 files and dead squares."""
    position = Position.from_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1")
    moves = {m.usi() for m in legal_moves(Board.from_position(position)) if m.is_drop}
    assert not any(m.startswith("P*5") for m in moves)  # file 5 has a pawn: 二歩
    assert not any(m.endswith("a") for m in moves)  # rank 1: a pawn could never move
    assert "P*4b" in moves
