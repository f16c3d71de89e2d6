"""Engine evaluations read from comment lines: the value type, the floodgate form, PVs
resolved to moves, setting an evaluation on a node."""

from __future__ import annotations

import math

import pytest

import kifu_lark
from kifu_lark import Color, Evaluation, PVError
from kifu_lark.model import Position

# A floodgate-shaped record: every move followed by its engine's '** line (black's view).
FLOODGATE = """V2
N+alpha
N-beta
PI
+
+2726FU
T14
'** 113 -3334FU +2625FU -2233KA
-3334FU
T12
'** 126 +2625FU -2233KA #4800
+7776FU
T3
'互角の形
'** -20
-8384FU
%TORYO
"""


def test_floodgate_lines_read_into_evaluations() -> None:
    game = kifu_lark.loads(FLOODGATE, "csa")
    first, second, third, fourth = game.mainline()[:4]
    assert first.evaluation == Evaluation(113, pv=("-3334FU", "+2625FU", "-2233KA"))
    assert first.evaluation is not None and first.evaluation.side is Color.BLACK
    assert second.evaluation == Evaluation(126, pv=("+2625FU", "-2233KA"), nodes=4800)
    # the comment lines stay exactly as read; the evaluation knows which it came from
    assert third.comments == ["'互角の形", "* -20"]
    assert third.evaluation is not None and third.evaluation.lines == ("* -20",)
    assert third.evaluation.pv == ()
    assert fourth.evaluation is None


def test_evaluations_resolve_the_pv_from_the_position_after_the_move() -> None:
    game = kifu_lark.loads(FLOODGATE, "csa")
    found = list(game.evaluations())
    assert [node.move.csa() for node, _, _, _ in found if node.move] == [
        "+2726FU",
        "-3334FU",
        "+7776FU",
    ]
    node, position, _, moves = found[0]
    assert position.sfen() == game.position_at(node).sfen()
    assert moves is not None
    assert [m.usi() for m in moves] == ["3c3d", "2f2e", "2b3c"]
    assert moves[0].color is Color.WHITE  # the opponent of the mover answers first
    assert found[2][3] == ()


def test_a_pv_in_usi_and_one_starting_with_the_move_played() -> None:
    # aobazero on floodgate writes USI PVs that start with the move it just played
    text = "PI\n+\n+7776FU\n'** 130 7g7f 8c8d 7i6h\n-8384FU\n'** 50 P*5e\n"
    game = kifu_lark.loads(text, "csa")
    found = list(game.evaluations(strict=False))
    assert [m.usi() for m in found[0][3] or ()] == ["8c8d", "7i6h"]
    assert found[1][3] is None  # black holds no pawn: P*5e cannot be played
    with pytest.raises(PVError) as caught:
        list(game.evaluations())
    err = caught.value
    assert (err.code, err.index, err.text, err.line) == ("BAD_PV", 0, "P*5e", 5)
    assert err.hint and "NOT_IN_HAND" in err.hint


def test_resolve_names_an_unreadable_token() -> None:
    evaluation = Evaluation(10, pv=("+7776FU", "-3334FU", "+8822UM", "-3122GI"))
    assert [m.usi() for m in evaluation.resolve(Position.initial())[:2]] == ["7g7f", "3c3d"]
    odd = Evaluation(10, pv=("+7776FU", "+5958OU"))  # black twice
    with pytest.raises(PVError) as caught:
        odd.resolve(Position.initial())
    assert caught.value.index == 1 and caught.value.hint


def test_a_special_ends_the_pv() -> None:
    evaluation = Evaluation(-99999, pv=("+7776FU", "%TORYO", "-3334FU"))
    assert [m.csa() for m in evaluation.resolve(Position.initial())] == ["+7776FU"]


def test_a_comment_that_only_looks_like_an_evaluation_is_a_comment() -> None:
    game = kifu_lark.loads("PI\n+\n+7776FU\n'** 1 2 3\n'*互角\n", "csa")
    node = game.mainline()[0]
    assert node.comments == ["* 1 2 3", "互角"]
    assert node.evaluation is None
    with pytest.raises(kifu_lark.KifuSyntaxError) as caught:
        kifu_lark.parse_evaluation(node.comments)
    assert caught.value.column == 5 and caught.value.hint


def test_setting_an_evaluation_replaces_the_old_lines() -> None:
    game = kifu_lark.loads(FLOODGATE, "csa")
    node = game.mainline()[2]
    node.evaluation = Evaluation(
        None, mate=-5, side=Color.WHITE, pv=["-8384FU"], depth=12, engine="E"
    )
    assert node.comments == [
        "'互角の形",
        "#詰み=先手勝ち:5手",
        "#読み筋=-8384FU",
        "#深さ=12",
        "#エンジン=E",
    ]
    evaluation = node.evaluation
    assert evaluation == Evaluation(None, mate=5, pv=("-8384FU",), depth=12, engine="E")
    node.evaluation = None
    assert node.comments == ["'互角の形"]
    assert node.evaluation is None


def test_setting_takes_moves_and_a_mate_of_unknown_length() -> None:
    game = kifu_lark.loads("position startpos moves 7g7f", "usi")
    node = game.mainline()[0]
    move = kifu_lark.Board(game.position_at(node)).parse_usi("3c3d")
    node.evaluation = Evaluation(score=None, mate=-math.inf, pv=[move])
    assert node.comments == ["#詰み=後手勝ち", "#読み筋=-3334FU"]
    evaluation = node.evaluation
    assert evaluation is not None and evaluation.mate == -kifu_lark.MATE_UNKNOWN_LENGTH


def test_values_for_either_side() -> None:
    evaluation = Evaluation(150)
    assert evaluation.for_side(Color.WHITE).score == -150
    assert evaluation.value(Color.WHITE) == -150
    assert Evaluation(None, mate=7).value(Color.BLACK, mate_score=30000) == 29993
    assert Evaluation(None, mate=7).value(Color.WHITE, mate_score=30000) == -29993
    assert Evaluation(None, mate=math.inf).value(mate_score=30000) == 30000
    assert Evaluation(None).value() is None


def test_a_japanese_special_ends_the_pv_too() -> None:
    evaluation = kifu_lark.parse_evaluation("#読み筋=▲７六歩△反則勝ち▲２六歩")
    assert evaluation.pv == ("▲７六歩", "△反則勝ち", "▲２六歩")
    assert [m.usi() for m in evaluation.resolve(Position.initial())] == ["7g7f"]
