"""Tests of kifu_lark.pieces: the piece table's names, promotions and movement grids."""

from __future__ import annotations

import pytest

from kifu_lark.explore import destinations
from kifu_lark.model import MINISHOGI, STANDARD, Color, Piece, PieceKind, Position, Square
from kifu_lark.model.variant import board_variant
from kifu_lark.pieces import piece_info, piece_table


def test_standard_table_lists_every_kind() -> None:
    """The 9x9 table has the fourteen kinds in PieceKind order."""
    assert list(PieceKind) == [info.kind for info in piece_table(STANDARD)]


def test_minishogi_table_has_no_lance_or_knight() -> None:
    """5五将棋 has ten kinds: no 香, 桂 or their promotions."""
    kinds = {info.kind for info in piece_table(MINISHOGI)}
    expected = 10
    assert expected == len(kinds)
    assert set() == kinds & {PieceKind.LANCE, PieceKind.KNIGHT, PieceKind.PROM_LANCE}


def test_names_in_each_notation() -> None:
    """Each row gives kanji, KIF move name, CSA code, USI letter and English name."""
    info = piece_info(PieceKind.PROM_LANCE)
    expected = ("杏", "成香", "NY", "+L", "promoted lance")
    assert expected == (
        info.kanji,
        info.kif,
        info.csa,
        info.usi,
        info.english,
    )


def test_promotion_columns() -> None:
    """Promotable kinds name their promoted form; promoted kinds name their base."""
    expected = (PieceKind.DRAGON, None, PieceKind.BISHOP, True, False)
    assert expected == (
        piece_info(PieceKind.ROOK).promoted,
        piece_info(PieceKind.GOLD).promoted,
        piece_info(PieceKind.HORSE).unpromoted,
        piece_info(PieceKind.PAWN).droppable,
        piece_info(PieceKind.PROM_PAWN).droppable,
    )


def test_knight_grid() -> None:
    """The knight's grid shows its two jumps two ranks ahead."""
    expected = ["・〇・〇・", "・・・・・", "・・桂・・", "・・・・・", "・・・・・"]
    assert expected == piece_info(PieceKind.KNIGHT).grid()


def test_dragon_grid() -> None:
    """The 龍 slides along ranks and files and steps one square diagonally."""
    expected = ["・・｜・・", "・〇｜〇・", "－－龍－－", "・〇｜〇・", "・・｜・・"]
    assert expected == piece_info(PieceKind.DRAGON).grid()


def test_grid_radius_one() -> None:
    """A smaller grid keeps the centre and the adjacent squares."""
    expected = ["〇〇〇", "〇金〇", "・〇・"]
    assert expected == piece_info(PieceKind.GOLD).grid(radius=1)


@pytest.mark.parametrize("kind", list(PieceKind), ids=lambda k: k.name)
def test_table_agrees_with_the_rules_engine(kind: PieceKind) -> None:
    """Steps and slides of the table are exactly where the engine lets the piece go from 5五
    of an empty board."""
    info = piece_info(kind)
    reached = set()
    for right, forward in info.steps:
        reached.add(Square(5 - right, 5 - forward))
    for right, forward in info.slides:
        file, rank = 5 - right, 5 - forward
        while 1 <= file <= 9 and 1 <= rank <= 9:
            reached.add(Square(file, rank))
            file, rank = file - right, rank - forward
    position = Position.empty().with_piece(Square(5, 5), Piece(kind, Color.BLACK))
    assert reached == set(destinations(position, Square(5, 5)))


def test_custom_board_uses_every_kind() -> None:
    """A 3x3 board lists every kind."""
    expected = 14
    assert expected == len(piece_table(board_variant(3)))
