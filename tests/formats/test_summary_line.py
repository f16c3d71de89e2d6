"""The KIF/KI2 まで line: what it declares (the moves it counts, the winner it names) is kept
on the game as read, a disagreement is a warning when reading, writers write it back, and
``verdict`` reports it."""

from __future__ import annotations

import pickle

import pytest

import kifu_lark
from kifu_lark import Color, LossyWriteWarning, SpecialKind, SummaryLine, verdict
from kifu_lark.errors import UnsupportedFeatureError

KIF_HEAD = "手数----指手---------消費時間--\n"
TWENTY = (
    "▲７六歩 △３四歩 ▲２六歩 △８四歩 ▲２五歩 △８五歩 ▲７八金 △３二金 ▲２四歩 △同　歩\n"
    "▲同　飛 △２三歩 ▲２六飛 △７二銀 ▲９六歩 △９四歩 ▲４八銀 △６二玉 ▲４六歩 △６四歩\n"
)


def _codes(game: kifu_lark.Game) -> list[str]:
    return [w.code for w in game.warnings]


def test_ki2_winner_named_against_the_side_to_move_is_kept_and_warned() -> None:
    """KI2 ``▲７六歩 まで1手で後手の勝ち``: 先手 resigns as written, with a warning."""
    game = kifu_lark.loads("▲７六歩\nまで1手で後手の勝ち\n", "ki2")
    special = game.mainline()[-1].special
    assert special is not None
    assert (SpecialKind.RESIGN, Color.BLACK) == (special.kind, special.color)
    assert ["SUMMARY_WINNER"] == _codes(game)
    kept = SummaryLine(1, Color.WHITE, "まで1手で後手の勝ち", SpecialKind.RESIGN)
    assert kept == game.summary_line


def test_kif_winner_named_by_the_summary_alone_is_not_recomputed() -> None:
    """KIF without a 投了 line: the まで line's side is the special's, not the side to move."""
    text = KIF_HEAD + "   1 ７六歩(77)\nまで1手で後手の勝ち\n"
    game = kifu_lark.loads(text, "kif")
    special = game.mainline()[-1].special
    assert special is not None
    assert Color.BLACK == special.color
    assert ["SUMMARY_WINNER"] == _codes(game)
    assert text == kifu_lark.dumps(game, "kif").split("平手\n", 1)[1]


def test_ki2_count_other_than_the_moves_played_is_warned_and_written_back() -> None:
    """A まで3手 line after 20 moves: a warning, kept, and KI2 and KIF write it as read."""
    game = kifu_lark.loads(TWENTY + "まで3手で後手の勝ち\n", "ki2")
    assert ["SUMMARY_MOVES"] == _codes(game)
    kept = SummaryLine(3, Color.WHITE, "まで3手で後手の勝ち", SpecialKind.RESIGN)
    assert kept == game.summary_line
    for fmt in ("ki2", "kif"):
        text = kifu_lark.dumps(game, fmt)
        assert "まで3手で後手の勝ち" in text.splitlines()
        again = kifu_lark.loads(text, fmt)
        assert game == again
        assert game.summary_line == again.summary_line
        assert ["SUMMARY_MOVES"] == _codes(again)


def test_kif_summary_disagreeing_with_its_special_line() -> None:
    """KIF ``2 投了`` then ``まで3手で後手の勝ち``: both kept, both disagreements warned."""
    text = KIF_HEAD + "   1 ７六歩(77)\n   2 投了\nまで3手で後手の勝ち\n"
    game = kifu_lark.loads(text, "kif")
    special = game.mainline()[-1].special
    assert special is not None
    assert Color.WHITE == special.color  # the 投了 line: the side to move
    assert ["SUMMARY_MOVES", "SUMMARY_WINNER"] == _codes(game)
    assert text == kifu_lark.dumps(game, "kif").split("平手\n", 1)[1]


def test_kif_summary_naming_a_winner_where_the_special_gives_none() -> None:
    """``中断`` then a まで line naming a winner: another ending (SUMMARY_KIND, which says
    it all: no SUMMARY_WINNER beside it), the 中断 kept."""
    text = KIF_HEAD + "   1 ７六歩(77)\n   2 中断\nまで1手で先手の勝ち\n"
    game = kifu_lark.loads(text, "kif")
    assert ["SUMMARY_KIND"] == _codes(game)
    special = game.mainline()[-1].special
    assert special is not None and SpecialKind.INTERRUPT == special.kind


@pytest.mark.parametrize(
    ("fmt", "text"),
    [
        ("ki2", "▲７六歩 △３四歩\nまで2手で後手の勝ち\n"),
        ("ki2", "▲７六歩\nまで1手で中断\n"),
        ("kif", KIF_HEAD + "   1 ７六歩(77)\n   2 投了\nまで1手で先手の勝ち\n"),
        ("kif", KIF_HEAD + "   1 ７六歩(77)\nまで1手で先手の勝ち\n"),
        ("kif", KIF_HEAD + "   1 ７六歩(77)\n   2 反則勝ち\nまで1手で後手の反則勝ち\n"),
    ],
)
def test_an_agreeing_summary_is_neither_warned_nor_kept(fmt: str, text: str) -> None:
    """A まで line that agrees: no warning, nothing kept, the verdict unchanged."""
    game = kifu_lark.loads(text, fmt)
    assert [] == _codes(game)
    assert game.summary_line is None


def test_a_disagreeing_summary_in_a_ki2_variation_is_warned_not_kept() -> None:
    """A variation's まで line is checked too; only the main line's is kept."""
    text = "▲７六歩 △３四歩\nまで2手で後手の勝ち\n\n変化：2手\n△８四歩\nまで5手で中断\n"
    game = kifu_lark.loads(text, "ki2")
    assert ["SUMMARY_MOVES"] == _codes(game)
    assert game.summary_line is None


def test_verdict_reports_the_summary_count() -> None:
    """verdict(): a まで line counting other moves than those played contradicts."""
    game = kifu_lark.loads(TWENTY + "まで3手で後手の勝ち\n", "ki2")
    judged = verdict(game)
    assert judged.agrees is False
    assert "まで line counts 3 moves, not 20" in judged.reason


def test_verdict_reports_the_summary_winner() -> None:
    """verdict(): a まで line naming another winner than the special contradicts it."""
    text = KIF_HEAD + "   1 ７六歩(77)\n   2 投了\nまで1手で後手の勝ち\n"
    judged = verdict(kifu_lark.loads(text, "kif"))
    assert judged.agrees is False
    assert "names 後手 the winner; the ending gives 先手 the win" in judged.reason


def test_verdict_of_an_agreeing_summary_agrees() -> None:
    """verdict(): an agreeing まで line adds nothing."""
    game = kifu_lark.loads("▲７六歩\nまで1手で先手の勝ち\n", "ki2")
    assert verdict(game).agrees is True


def test_summary_line_survives_pickle() -> None:
    """The kept まで line is pickled with the game."""
    game = kifu_lark.loads(TWENTY + "まで3手で後手の勝ち\n", "ki2")
    assert game.summary_line == pickle.loads(pickle.dumps(game)).summary_line


def test_ki2_leaves_out_a_kept_line_that_names_another_special() -> None:
    """KI2 states its special in the まで line: a kept line naming another is left out."""
    game = kifu_lark.loads(KIF_HEAD + "   1 ７六歩(77)\n   2 中断\nまで1手で先手の勝ち\n", "kif")
    with pytest.warns(LossyWriteWarning, match="まで line read"):
        text = kifu_lark.dumps(game, "ki2")
    assert "まで1手で中断" in text.splitlines()


def test_a_kept_line_that_is_no_summary_is_refused() -> None:
    """A summary_line set by hand to a text that reads back as none is refused."""
    game = kifu_lark.loads("▲７六歩\nまで1手で先手の勝ち\n", "ki2")
    game.summary_line = SummaryLine(1, Color.BLACK, "先手の勝ち")
    for fmt in ("kif", "ki2"):
        with pytest.raises(UnsupportedFeatureError, match="would not read back"):
            kifu_lark.dumps(game, fmt)


def test_other_formats_write_the_special_read() -> None:
    """CSA holds no まで line: the special read (its side as written) is what it writes,
    with a warning naming the line left out (tests/formats/test_summary_line_writers.py)."""
    game = kifu_lark.loads(TWENTY + "まで3手で後手の勝ち\n", "ki2")
    with pytest.warns(LossyWriteWarning, match="まで3手で後手の勝ち"):
        text = kifu_lark.dumps(game, "csa")
    assert "%TORYO" in text
