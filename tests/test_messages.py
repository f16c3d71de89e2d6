"""Errors name pieces as the record's notation writes them; hands print readably."""

from __future__ import annotations

import pytest

import kifu_lark
from kifu_lark.errors import IllegalMoveError
from kifu_lark.model.hand import Hand
from kifu_lark.model.piece import PieceKind

KIF = "手数----指手--\n   1 ７六銀(77)\n"
CSA = "V2.2\nPI\n+\n+7776GI\n"


@pytest.mark.parametrize(
    ("text", "fmt", "expected"),
    [
        (KIF, "kif", "歩 stands there, not 銀"),
        (CSA, "csa", "FU cannot become GI"),
    ],
)
def test_piece_mismatch_names_pieces_in_the_notation(text: str, fmt: str, expected: str) -> None:
    """A wrong piece is named 歩/銀 in KIF, FU/GI in CSA, never PAWN/SILVER there."""
    with pytest.raises(IllegalMoveError) as caught:
        kifu_lark.loads(text, fmt)
    err = caught.value
    assert expected in err.message and expected in str(err)
    assert "PAWN" not in str(err) and "SILVER" not in str(err)


def test_ki2_no_piece_can_reach_names_the_kanji() -> None:
    """KI2 '▲５五飛' with no rook able to get there says 飛, not ROOK."""
    with pytest.raises(IllegalMoveError) as caught:
        kifu_lark.loads("▲５五飛", "ki2")
    assert "飛" in caught.value.message and "ROOK" not in str(caught.value)


def test_board_push_text_names_pieces_as_written() -> None:
    """Board.push_text takes KIF/KI2 words and answers with their piece names."""
    board = kifu_lark.Board()
    with pytest.raises(IllegalMoveError) as caught:
        board.push_text("５五飛")
    assert "飛" in caught.value.message and "ROOK" not in str(caught.value)


def test_hand_repr_and_str() -> None:
    """repr names kinds and counts; str writes the hand as KIF does."""
    hand = Hand.of({PieceKind.ROOK: 1, PieceKind.PAWN: 12, PieceKind.GOLD: 2})
    assert "Hand.of({PieceKind.ROOK: 1, PieceKind.GOLD: 2, PieceKind.PAWN: 12})" == repr(hand)
    assert hand == eval(repr(hand), {"Hand": Hand, "PieceKind": PieceKind})
    assert "飛 金二 歩十二" == str(hand)
    assert "なし" == str(Hand())
    assert "Hand.of({})" == repr(Hand())
