"""A move a declared foul let through out of turn (後手 moving twice before
``%-ILLEGAL_ACTION``) is written by the formats that say whose move each is (KI2's ▲△) and
refused by those whose sides alternate by rule (KIF, USI), never written as a text their
reader refuses."""

from __future__ import annotations

import warnings

import pytest

import kifu_lark
from kifu_lark import Color, LossyWriteWarning, Move, Special, SpecialKind, verdict
from kifu_lark.errors import UnsupportedFeatureError

# 後手 moves twice (8c8d out of turn), and the record declares the foul
CSA = "PI\n+\n+7776FU\n-3334FU\n-8384FU\n%-ILLEGAL_ACTION\n"


def _game() -> kifu_lark.Game:
    game = kifu_lark.loads(CSA, "csa")
    assert ["WRONG_TURN"] == [w.code for w in game.warnings]
    return game


@pytest.mark.parametrize("fmt", ["kif", "usi"])
def test_a_format_without_turn_marks_refuses_a_move_out_of_turn(fmt: str) -> None:
    """KIF and USI cannot say the third move is 後手's: refused, naming the move."""
    with pytest.raises(UnsupportedFeatureError, match=r"cannot say whose move each is: move 3"):
        kifu_lark.dumps(_game(), fmt)


def test_ki2_writes_a_move_out_of_turn_with_its_mark() -> None:
    """KI2 writes △８四歩 after △３四歩, which reads back as the same foul."""
    game = _game()
    text = kifu_lark.dumps(game, "ki2")
    assert "▲７六歩    △３四歩    △８四歩" in text.splitlines()
    assert "まで3手で先手の反則勝ち" in text.splitlines()
    back = kifu_lark.loads(text, "ki2")
    assert game == back
    judged = verdict(back)
    assert (True, Color.BLACK) == (judged.agrees, judged.winner)


def test_ki2_writes_a_variation_beside_a_move_out_of_turn() -> None:
    """The board is handed back when the foul is taken back: a variation in its place
    is 先手's move, as it should be."""
    game = _game()
    second = game.mainline()[1]
    second.add_variation(Move.from_usi("2g2f", game.position_at(second)))
    text = kifu_lark.dumps(game, "ki2")
    assert "▲２六歩" in text.splitlines()
    assert game == kifu_lark.loads(text, "ki2")


def test_ki2_writes_an_illegal_move_out_of_turn_as_the_victims_win() -> None:
    """``%ILLEGAL_MOVE`` after the move out of turn: 先手の反則勝ち, which reads back."""
    game = kifu_lark.loads(CSA.replace("%-ILLEGAL_ACTION", "%ILLEGAL_MOVE"), "csa")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LossyWriteWarning)
        text = kifu_lark.dumps(game, "ki2")
    back = kifu_lark.loads(text, "ki2")
    assert Special(SpecialKind.ILLEGAL_WIN, Color.BLACK) == back.mainline()[-1].special


def test_a_move_out_of_turn_read_with_tolerate_is_refused_by_kif() -> None:
    """A wrong turn read with ``tolerate`` and no declaration: KIF refuses it too."""
    game = kifu_lark.loads("PI\n+\n+7776FU\n-3334FU\n-8384FU\n", "csa", tolerate=["wrong_turn"])
    with pytest.raises(UnsupportedFeatureError, match="cannot say whose move"):
        kifu_lark.dumps(game, "kif")


def test_ki2_writes_a_move_out_of_turn_read_with_tolerate() -> None:
    """The same wrong turn read with ``tolerate``: KI2 writes it, read back with the same."""
    game = kifu_lark.loads("PI\n+\n+7776FU\n-3334FU\n-8384FU\n", "csa", tolerate=["wrong_turn"])
    text = kifu_lark.dumps(game, "ki2")
    assert game == kifu_lark.loads(text, "ki2", tolerate=["wrong_turn"])
