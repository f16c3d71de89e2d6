"""Folds that keep the loser: CSA's ``%ILLEGAL_MOVE`` after its foul becomes KIF and KI2's
反則勝ち of the side to move (not 反則負け, which names the victim), and JKF writes a
perpetual check as the checker's ``±ILLEGAL_ACTION`` (not SENNICHITE, a draw)."""

from __future__ import annotations

import pytest

import kifu_lark
from kifu_lark import Color, LossyWriteWarning, Special, SpecialKind, verdict

# 先手 drops a second pawn on file 7 (二歩), the foul the record ends with
TWO_PAWNS = "PI\n+\n+7776FU\n-3334FU\n+7675FU\n-7374FU\n+7574FU\n-8384FU\n+0077FU\n"
# 先手's rook checks on every one of its moves, three times round: a perpetual check
PERPETUAL = (
    "".join(f"P{rank}" + " * " * 9 + "\n" for rank in range(1, 10))
    .replace("P1" + " * " * 9, "P1" + " * " * 8 + "-OU")
    .replace("P8" + " * " * 9, "P8" + " * " * 7 + "+HI * ")
    .replace("P9" + " * " * 9, "P9" + " * " * 4 + "+OU" + " * " * 4)
    + "+\n"
    + "+2818HI\n-1121OU\n+1828HI\n-2111OU\n" * 3
)


@pytest.mark.parametrize("fmt", ["kif", "ki2"])
def test_illegal_move_after_its_foul_is_written_as_the_victims_win(fmt: str) -> None:
    """CSA 二歩 then %ILLEGAL_MOVE → 後手の反則勝ち, which reads back with 先手 the loser."""
    game = kifu_lark.loads(TWO_PAWNS + "%ILLEGAL_MOVE\n", "csa")
    with pytest.warns(LossyWriteWarning, match="written as ILLEGAL_WIN"):
        text = kifu_lark.dumps(game, fmt)
    assert "まで7手で後手の反則勝ち" in text.splitlines()
    back = kifu_lark.loads(text, fmt)
    assert Special(SpecialKind.ILLEGAL_WIN, Color.WHITE) == back.mainline()[-1].special
    judged = verdict(back)
    assert (True, Color.WHITE) == (judged.agrees, judged.winner)


@pytest.mark.parametrize("fmt", ["kif", "ki2"])
def test_illegal_move_off_the_record_is_still_the_movers_loss(fmt: str) -> None:
    """%ILLEGAL_MOVE after legal moves: the side to move fouled, written 反則負け."""
    game = kifu_lark.loads("PI\n+\n+7776FU\n%ILLEGAL_MOVE\n", "csa")
    with pytest.warns(LossyWriteWarning, match="written as ILLEGAL_LOSS"):
        text = kifu_lark.dumps(game, fmt)
    assert "まで1手で後手の反則負け" in text.splitlines()
    back = kifu_lark.loads(text, fmt)
    assert Special(SpecialKind.ILLEGAL_LOSS, Color.WHITE) == back.mainline()[-1].special


def _perpetual_game(kind: SpecialKind) -> kifu_lark.Game:
    game = kifu_lark.loads(PERPETUAL, "csa")
    game.mainline()[-1].add_variation(special=Special(kind, Color.BLACK))
    return game


def test_jkf_writes_a_perpetual_check_as_the_checkers_foul() -> None:
    """王手千日手 → +ILLEGAL_ACTION (先手 checked): the loser is kept, the loss said."""
    game = _perpetual_game(SpecialKind.PERPETUAL_CHECK)
    assert Color.WHITE == verdict(game).winner
    with pytest.warns(LossyWriteWarning, match=r"written as \+ILLEGAL_ACTION.*not as 王手千日手"):
        text = kifu_lark.dumps(game, "jkf")
    assert '{"special": "+ILLEGAL_ACTION"}' in text
    back = kifu_lark.loads(text, "jkf")
    judged = verdict(back)
    assert (True, Color.WHITE) == (judged.agrees, judged.winner)


def test_jkf_folds_a_perpetual_check_the_rules_do_not_see_to_sennichite() -> None:
    """王手千日手 where there is no perpetual check: the declared fold, SENNICHITE."""
    game = kifu_lark.loads("PI\n+\n+7776FU\n", "csa")
    game.mainline()[-1].add_variation(special=Special(SpecialKind.PERPETUAL_CHECK, Color.WHITE))
    with pytest.warns(LossyWriteWarning, match="written as REPETITION"):
        text = kifu_lark.dumps(game, "jkf")
    assert '{"special": "SENNICHITE"}' in text
