"""The engine's attack lists (Board.attackers, Board.attacked_from) and what a move took
(BoardState.taken), which the tactics' motion clauses read."""

from __future__ import annotations

from hypothesis import given, settings

from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.rules.board import Board
from kifu_lark.rules.geometry import PAWN, WHITE_BIT
from tests.strategies import positions


@settings(max_examples=60, deadline=None)
@given(position=positions(max_plies=40))
def test_attackers_and_attacked_from_agree_with_attacked(position: Position) -> None:
    """On positions reached by legal play: a side has attackers on a square exactly when
    attacked() says it attacks it, and a piece attacks a square exactly when it is among
    that square's attackers."""
    board = Board.from_position(position)
    g = board.g
    for s in g.squares:
        for by in (0, 1):
            attackers = board.attackers(s, by)
            assert bool(attackers) == board.attacked(s, by)
            assert all(board.cells[a] >> 4 == by for a in attackers)
    for s in g.squares:
        piece = board.cells[s]
        if not piece:
            continue
        color = piece >> 4
        attacked = set(board.attacked_from(s))
        expected = {t for t in g.squares if s in board.attackers(t, color)}
        assert expected == attacked


def test_attacked_from_stops_at_the_first_piece_of_a_line() -> None:
    """A rook on 5五 sees its file up to the pawn on 5三 (included), not beyond it; its own
    king on 5九 is included too (a piece attacks the squares it defends)."""
    board = Board.from_position(Position.from_sfen("4k4/9/4p4/9/4R4/9/9/9/4K4 b - 1"))
    g = board.g
    seen = {g.square_of[t] for t in board.attacked_from(g.idx(5, 5))}
    assert Square(5, 3) in seen and Square(5, 2) not in seen
    assert Square(5, 9) in seen
    assert Square(5, 8) in seen and Square(1, 5) in seen and Square(9, 5) in seen


def test_taken_reads_back_what_each_move_took() -> None:
    """taken(0) is the last move's capture, taken(1) the one before; -1 past the first."""
    board = Board.from_position(Position.from_sfen("4k4/9/4p4/4P4/9/9/9/9/4K4 b - 1"))
    g = board.g
    board._make(g.idx(5, 4), g.idx(5, 3), False, 0)  # ▲5三歩 takes the pawn
    board._make(g.idx(5, 1), g.idx(4, 2), False, 0)  # △4二玉
    assert (0, PAWN | WHITE_BIT, -1) == (board.taken(0), board.taken(1), board.taken(2))
