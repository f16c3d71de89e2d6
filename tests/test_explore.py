"""Tests of kifu_lark.explore: legal moves, destinations, check, mate and marked diagrams."""

from __future__ import annotations

import pytest

from kifu_lark.errors import KifuError
from kifu_lark.explore import (
    MARK,
    board_text,
    destinations,
    is_check,
    is_mate,
    legal_moves,
    mark_destinations_text,
    move_text,
)
from kifu_lark.model import MINISHOGI, Color, Piece, PieceKind, Position, Square


def squares(*names: str) -> list[Square]:
    """Squares from CSA coordinates ("55")."""
    return [Square(int(n[0]), int(n[1])) for n in names]


def board_lines(text: str) -> list[str]:
    """The rank lines of a diagram (those between the frames)."""
    return [line for line in text.splitlines() if line.startswith("|")]


def test_horse_figure_from_the_seed() -> None:
    """A 馬 alone on 5五 with every square it reaches drawn as a 馬 gives the bioshogi
    figure (drawn from the marks: no position holds twenty horses, the set has two)."""
    horse = Piece(PieceKind.HORSE, Color.BLACK)
    position = Position.empty().with_piece(Square(5, 5), horse)
    marked = board_text(position, destinations(position, Square(5, 5)))
    drawn = marked.replace(MARK + "・", " 馬")
    expected = [
        "| 馬 ・ ・ ・ ・ ・ ・ ・ 馬|一",
        "| ・ 馬 ・ ・ ・ ・ ・ 馬 ・|二",
        "| ・ ・ 馬 ・ ・ ・ 馬 ・ ・|三",
        "| ・ ・ ・ 馬 馬 馬 ・ ・ ・|四",
        "| ・ ・ ・ 馬 馬 馬 ・ ・ ・|五",
        "| ・ ・ ・ 馬 馬 馬 ・ ・ ・|六",
        "| ・ ・ 馬 ・ ・ ・ 馬 ・ ・|七",
        "| ・ 馬 ・ ・ ・ ・ ・ 馬 ・|八",
        "| 馬 ・ ・ ・ ・ ・ ・ ・ 馬|九",
    ]
    assert expected == board_lines(drawn)


def test_horse_destinations_in_board_order() -> None:
    """Destinations come rank by rank from the top, each rank from the highest file."""
    position = Position.empty().with_piece(Square(5, 5), Piece(PieceKind.HORSE, Color.BLACK))
    expected = squares(
        "91", "11", "82", "22", "73", "33", "64", "54", "44", "65",
        "45", "66", "56", "46", "77", "37", "88", "28", "99", "19",
    )  # fmt: skip
    assert expected == destinations(position, Square(5, 5))


def test_destinations_at_the_start() -> None:
    """At the start a pawn has one square, a knight none, the rook six."""
    start = Position.initial()
    assert squares("76") == destinations(start, Square(7, 7))
    assert squares() == destinations(start, Square(8, 9))
    assert squares("78", "68", "58", "48", "38", "18") == destinations(start, Square(2, 8))


def test_destinations_of_the_side_not_to_move() -> None:
    """A piece of the side not to move is moved for its owner."""
    assert squares("34") == destinations(Position.initial(), Square(3, 3))


def test_destinations_of_an_empty_square() -> None:
    """An empty square reaches nowhere."""
    assert squares() == destinations(Position.initial(), Square(5, 5))


def test_destinations_off_the_board() -> None:
    """A square off the board is a KifuError with code OFF_BOARD."""
    with pytest.raises(KifuError) as caught:
        destinations(Position.initial(MINISHOGI), Square(6, 1))
    expected = "OFF_BOARD"
    assert expected == caught.value.code


def test_pinned_piece_keeps_to_its_line() -> None:
    """A gold pinned against its king by a rook may only move along the pin."""
    position = Position.from_sfen("4r4/9/9/9/9/9/9/4G4/4K4 b - 1")
    assert squares("57") == destinations(position, Square(5, 8))


def test_promotion_twins_give_one_square() -> None:
    """A move that may or may not promote lists its square once."""
    position = Position.from_sfen("9/9/9/4P4/9/9/9/9/9 b - 1")
    assert squares("53") == destinations(position, Square(5, 4))
    expected = 2
    assert expected == len([m for m in legal_moves(position) if m.to == Square(5, 3)])


def test_legal_move_counts() -> None:
    """30 moves at the 9x9 start, 14 at the 5x5 start (perft 1)."""
    expected = 30
    assert expected == len(legal_moves(Position.initial()))
    expected = 14
    assert expected == len(legal_moves(Position.initial(MINISHOGI)))


def test_check_and_mate() -> None:
    """A gold on 1二 backed by a pawn mates the king on 1一; with the pawn gone, it is only
    check."""
    mate = Position.from_sfen("8k/8G/8P/9/9/9/9/9/9 w - 1")
    expected = (True, True)
    assert expected == (is_check(mate), is_mate(mate))
    check = Position.from_sfen("8k/8G/9/9/9/9/9/9/9 w - 1")
    expected = (True, False)
    assert expected == (is_check(check), is_mate(check))
    expected = (False, False)
    assert expected == (is_check(Position.initial()), is_mate(Position.initial()))


def test_mark_destinations_text() -> None:
    """The marked diagram flags each destination with '*' and keeps the rest."""
    text = mark_destinations_text(Position.initial(MINISHOGI), Square(2, 5))
    expected = [
        "|v飛v角v銀v金v玉|一",
        "|*・ ・ ・ ・v歩|二",
        "| ・*・ ・ ・ ・|三",
        "| 歩 ・*・ ・*・|四",
        "| 玉 金 銀 角 飛|五",
    ]
    assert expected == board_lines(text)
    assert "後手の持駒：なし" == text.splitlines()[0]


def test_marked_capture_keeps_the_piece() -> None:
    """A destination holding an enemy piece shows the piece behind the mark."""
    position = Position.from_sfen("9/9/9/4p4/4R4/9/9/9/9 b - 1")
    rank4 = board_lines(mark_destinations_text(position, Square(5, 5)))[3]
    expected = "| ・ ・ ・ ・*歩 ・ ・ ・ ・|四"
    assert expected == rank4


def test_board_text_hands() -> None:
    """Hands are written in kanji with counts, なし when empty."""
    position = Position.from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2Pg 1")
    lines = board_text(position).splitlines()
    expected = ("後手の持駒：金", "先手の持駒：歩二")
    assert expected == (lines[0], lines[-1])


def test_move_text() -> None:
    """Moves are spelt as in KIF with the side's mark; drops end in 打."""
    from kifu_lark.model import Move

    moves = [
        Move(Color.BLACK, Square(7, 6), PieceKind.PAWN, Square(7, 7)),
        Move(Color.WHITE, Square(2, 2), PieceKind.BISHOP, Square(8, 8), promote=True),
        Move(Color.BLACK, Square(5, 5), PieceKind.SILVER),
        Move(Color.WHITE, Square(1, 9), PieceKind.PROM_LANCE, Square(1, 8)),
    ]
    expected = ["▲７六歩(77)", "△２二角成(88)", "▲５五銀打", "△１九成香(18)"]
    assert expected == [move_text(m) for m in moves]
