"""Text after a line's keyword is read or refused where it stands, never dropped; hand counts
take only the numerals the grammar names; a long run of blanks costs linear time."""

from __future__ import annotations

import pytest

import kifu_lark
from kifu_lark.errors import KifuError, KifuSyntaxError
from tests.growth import LINEAR_BOUND, growth_of_eightfold

HEAD = "手数----指手---------消費時間--\n"


@pytest.mark.parametrize(
    ("fmt", "text", "line"),
    [
        ("ki2", "▲７六歩\n\n変化：1手 ▲２六歩\n", 3),
        ("kif", HEAD + "   1 ７六歩(77)\n\n変化：1手   1 ２六歩(27)\n", 4),
        ("ki2", "▲７六歩 △３四歩\nまで2手で中断▲２六歩\n", 2),
        ("kif", HEAD + "   1 ７六歩(77)\n   2 ３四歩(33)\nまで2手で中断▲２六歩\n", 4),
        ("ki2", "----▲７六歩\n", 1),
        ("kif", "手数----指手---------消費時間-- 1 ７六歩(77)\n", 1),
    ],
)
def test_a_move_after_a_keyword_is_a_located_error(fmt: str, text: str, line: int) -> None:
    """変化：, まで…, ----, the moves header: a move written after them is refused at its
    line instead of being lost."""
    with pytest.raises(KifuSyntaxError) as caught:
        kifu_lark.loads(text, fmt)
    assert (line, 1) == (caught.value.line, caught.value.column)


def test_the_usual_lines_still_read() -> None:
    """A 変化 line with trailing blanks, the moves header, a まで line: all as before."""
    text = HEAD + "   1 ７六歩(77)\n   2 ３四歩(33)\nまで2手で中断\n"
    text += "\n変化：2手　\n   2 ８四歩(83)\n"
    game = kifu_lark.loads(text, "kif")
    first = game.mainline()[0]
    assert ["3c3d", "8c8d"] == [c.move.usi() for c in first.children if c.move is not None]


@pytest.mark.parametrize(
    ("fmt", "text", "line"),
    [
        ("kif", HEAD + "   1 ７六歩(77)\n手合割：香落ち\n   2 ３四歩(33)\n", 3),
        ("kif", "手合割：平手\n" + HEAD + "   1 ７六歩(77)\n   2 ３四歩(33)\n手合割 ：平手\n", 5),
        ("kif", HEAD + "手合割：平手\n   1 ７六歩(77)\n", 2),
        ("ki2", "▲７六歩 △３四歩\n手合割：香落ち\n", 2),
    ],
)
def test_a_handicap_line_among_the_moves_is_a_located_error(
    fmt: str, text: str, line: int
) -> None:
    """手合割 sets the start position: among the moves it is refused where it stands, not
    kept as a header that would rename the position the moves were played from (issue 37)."""
    with pytest.raises(KifuSyntaxError) as caught:
        kifu_lark.loads(text, fmt)
    err = caught.value
    assert (line, 1, "SYNTAX") == (err.line, err.column, err.code)
    assert "手合割 among the moves" in err.message
    assert err.hint is not None and "before the first move" in err.hint


def test_other_header_lines_still_trail_the_moves() -> None:
    """終了日時 written after the moves is a header, as before."""
    text = "手合割：平手\n" + HEAD + "   1 ７六歩(77)\n終了日時：2024/01/02\n"
    game = kifu_lark.loads(text, "kif")
    assert "2024/01/02" == game.headers["終了日時"]


_BOARD = (
    "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n"
    "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n"
    + "".join(f"| ・ ・ ・ ・ ・ ・ ・ ・ ・|{r}\n" for r in "二三四五六七八")
    + "| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n"
)


@pytest.mark.parametrize("count", ["百", "千", "〇", "一〇", "0", "一一", "十九", "二三", "四十"])
def test_hand_counts_outside_the_numerals_are_located_errors(count: str) -> None:
    """金百, 金〇, 金0, 金一一, 歩十九 …: a SYNTAX error at the hand line, not a wrong hand."""
    text = f"後手の持駒：金{count}\n" + _BOARD + "先手の持駒：なし\n"
    with pytest.raises(KifuSyntaxError) as caught:
        kifu_lark.loads(text, "bod")
    assert (1, 1) == (caught.value.line, caught.value.column)


@pytest.mark.parametrize(("count", "golds"), [("", 1), ("二", 2), ("四", 4), ("3", 3), ("４", 4)])
def test_hand_counts_in_the_numerals_read(count: str, golds: int) -> None:
    """Kanji counts (as Kifu for Windows writes them) and digits read as their value."""
    text = f"後手の持駒：金{count}\n" + _BOARD + "先手の持駒：なし\n"
    hand = kifu_lark.loads(text, "bod").start.hands[1]
    assert [("KI", golds)] == [(kind.value, n) for kind, n in hand.items()]


def _fails(text: str) -> None:
    with pytest.raises(KifuError):
        kifu_lark.loads(text, "kif")


def test_a_long_blank_run_in_a_hand_line_is_linear() -> None:
    """2 000 and 16 000 blanks before a stray character: linear growth, and an error."""
    line = "先手の持駒：{}x\n" + HEAD + "   1 ７六歩(77)\n"
    small, large = (line.format(" " * n) for n in (2000, 16000))
    assert growth_of_eightfold(lambda: _fails(small), lambda: _fails(large)) < LINEAR_BOUND
