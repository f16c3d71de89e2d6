"""Positions, SFEN in and out, hands and handicaps."""

from __future__ import annotations

import pytest
from hypothesis import given

from kifu_lark.model import (
    HANDICAPS,
    MINISHOGI,
    STANDARD,
    Color,
    Hand,
    Piece,
    PieceKind,
    Position,
    Square,
    board_variant,
    find_variant,
    handicap_name,
    handicap_position,
)
from tests.strategies import positions


@given(positions(STANDARD))
def test_sfen_round_trip(position: Position) -> None:
    """from_sfen(p.sfen()) == p for positions reached by legal play."""
    assert position == Position.from_sfen(position.sfen())


@given(positions(MINISHOGI))
def test_minishogi_sfen_round_trip(position: Position) -> None:
    """The same holds on the 5x5 board."""
    assert position == Position.from_sfen(position.sfen(), MINISHOGI)


def test_square_indexing_follows_shogi_coordinates() -> None:
    """7七 is black's pawn at the start; 2二 white's bishop."""
    start = Position.initial()
    assert Piece(PieceKind.PAWN, Color.BLACK) == start[Square(7, 7)]
    assert Piece(PieceKind.BISHOP, Color.WHITE) == start[Square(2, 2)]
    assert Piece(PieceKind.ROOK, Color.BLACK) == start[Square(2, 8)]


def test_hands_in_sfen_use_canonical_order_and_counts() -> None:
    """Hands print R B G S N L P with counts, black first."""
    position = Position.empty().with_hand(
        Color.BLACK, Hand.of({PieceKind.PAWN: 2, PieceKind.ROOK: 1})
    )
    position = position.with_hand(Color.WHITE, Hand.of({PieceKind.PAWN: 16}))
    assert "9/9/9/9/9/9/9/9/9 b R2P16p 1" == position.sfen()
    assert position == Position.from_sfen(position.sfen())


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "9/9 b",
        "9/9/9/9/9/9/9/9/8 b - 1",
        "9/9/9/9/9/9/9/9/9 x - 1",
        "9/9/9/9/9/9/9/9/9 b Q 1",
        "9/9/9/9/9/9/9/9/9 b - 0",
        "9/9/9/9/9/9/9/9/+K8 b - 1",
        "9/9/9/9/9/9/9/9/9 b +P 1",
    ],
)
def test_bad_sfen_raises_value_error(bad: str) -> None:
    """Malformed SFEN is a ValueError naming the field (readers turn it into KifuError)."""
    with pytest.raises(ValueError):
        Position.from_sfen(bad)


def test_every_handicap_has_its_position() -> None:
    """All 16 named handicaps map to positions and back; white moves first in each."""
    named = [n for n, sfen in HANDICAPS.items() if sfen]
    assert 16 == len(named)
    for name in named:
        position = handicap_position(name)
        assert position is not None
        assert name == handicap_name(position)
        assert (Color.BLACK if name == "平手" else Color.WHITE) is position.turn


def test_variants_by_name_and_size() -> None:
    """Variants are found by name or size; sizes other than 9x9 and 5x5 are custom."""
    assert STANDARD is find_variant("standard")
    assert MINISHOGI is find_variant("5x5")
    three = find_variant("3x3")
    assert (3, 3, "3x3") == (three.files, three.ranks, three.name)
    assert three == board_variant(3)
    with pytest.raises(KeyError):
        find_variant("chess")


def test_hand_refuses_removing_what_is_not_there() -> None:
    """Hand.remove of an absent kind is a ValueError."""
    with pytest.raises(ValueError):
        Hand().remove(PieceKind.PAWN)
