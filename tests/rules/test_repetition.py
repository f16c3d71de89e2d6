"""千日手 detection, plain and by perpetual check."""

from __future__ import annotations

import pytest

from kifu_lark.model.color import Color
from kifu_lark.model.move import Move
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.rules.board import Board


def _shuffle(board: Board, moves: list[tuple[Color, str, str, PieceKind]], times: int) -> None:
    for _ in range(times):
        for color, frm, to, kind in moves:
            board.push(
                Move(color, Square(int(to[0]), int(to[1])), kind, Square(int(frm[0]), int(frm[1])))
            )


def test_fourfold_repetition_is_a_draw() -> None:
    """Rooks shuffling back and forth repeat the start four times: a plain 千日手."""
    board = Board.from_position(Position.initial())
    cycle = [
        (Color.BLACK, "28", "38", PieceKind.ROOK),
        (Color.WHITE, "82", "72", PieceKind.ROOK),
        (Color.BLACK, "38", "28", PieceKind.ROOK),
        (Color.WHITE, "72", "82", PieceKind.ROOK),
    ]
    _shuffle(board, cycle, 2)
    assert board.repetition() is False
    _shuffle(board, cycle, 1)
    assert board.repetition() is True


def test_perpetual_check_names_the_checking_side() -> None:
    """A cycle in which black checks on every move is black's perpetual check."""
    board = Board.from_position(Position.from_sfen("8k/9/7R1/9/9/9/9/9/K8 b - 1"))
    cycle = [
        (Color.BLACK, "23", "13", PieceKind.ROOK),
        (Color.WHITE, "11", "21", PieceKind.KING),
        (Color.BLACK, "13", "23", PieceKind.ROOK),
        (Color.WHITE, "21", "11", PieceKind.KING),
    ]
    assert board.repetition() is False
    _shuffle(board, cycle, 3)
    assert Color.BLACK == board.repetition()


def test_a_board_without_hashing_plays_the_same_and_refuses_repetition() -> None:
    """Readers turn the hash off: moves play the same, repetition() says it cannot tell."""
    cycle = [
        (Color.BLACK, "28", "38", PieceKind.ROOK),
        (Color.WHITE, "82", "72", PieceKind.ROOK),
        (Color.BLACK, "38", "28", PieceKind.ROOK),
        (Color.WHITE, "72", "82", PieceKind.ROOK),
        (Color.BLACK, "77", "76", PieceKind.PAWN),
    ]
    hashed = Board.from_position(Position.initial())
    plain = Board.from_position(Position.initial())
    plain.hashing = False
    _shuffle(hashed, cycle, 1)
    _shuffle(plain, cycle, 1)
    assert hashed.to_position() == plain.to_position()
    plain.pop()
    hashed.pop()
    assert hashed.to_position() == plain.to_position()
    with pytest.raises(RuntimeError):
        plain.repetition()
