"""The four notations read the examples of their description, and agree with each other."""

from __future__ import annotations

import pytest

from kifu_lark import shelt
from kifu_lark.shelt.model import PlyKind, Side, Square

# ral beside len, ket on the board, ply 35 to play (34 plies before the start).
S35 = "@start 4ket2/7/7/3tem3/7/7/5rallen a - - - 34\n"
# Sorn holds lis and teems stands on b3; Arxe's dyu is below it (S1's plies 40 and 41).
S40 = "@start 4ket2/7/7/7/2tem4/7/2dyuser3 s - lis - 39\n"


@pytest.mark.parametrize(
    ("fmt", "line"),
    [
        ("shelt-strict", "[35a]p7-ral(tx_len/kt_ket/2)"),
        ("shelt-kanji", "35. p7巴 取色 扉手 青弐"),
        ("shelt-normal", "35. p7ral^ket/2"),
        ("shelt-normal", "35. p7ral (tx_len/kt_ket/2)"),
        ("shelt-strict", "[35a]p7-ral(-len/^ket/2)"),
    ],
)
def test_capture_with_check_and_count_reads_alike(fmt: str, line: str) -> None:
    """S1's ply 35 example means the same ply in every form that can write it."""
    ply = shelt.loads(S35 + line + "\n", fmt).plies[0]
    assert (PlyKind.MOVE, "ral", "len", ("ket",), 2) == (
        ply.kind, ply.piece, ply.captured, ply.checks, ply.magic,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("fmt", "text"),
    [
        ("shelt-strict", "[40s]b3-tem(ev_lis/kt_ser)\n[41a]k-dyu(yx_lis/kt_ket)\n"),
        ("shelt-kanji", "40. b3永 張跳 月手\n41. 同色 落跳 扉手\n"),
        ("shelt-normal", "40. b3tem*lis^ser\n41. k-dyu^ket\n"),
    ],
)
def test_placing_then_landing_on_teems_reads_alike(fmt: str, text: str) -> None:
    """S1's plies 40-41: Sorn places lis; dyu lands on teems and lis is lost."""
    record = shelt.loads(S40 + text, fmt)
    first, second = record.plies
    end = record.positions()[-1]
    assert (PlyKind.PLACE, "lis") == (first.kind, first.placed)
    assert (Square.parse("b3"), "lis", ("ket",)) == (second.to, second.used_up, second.checks)
    assert (None, "tem") == (end.placed_by(Side.SORN), end.at(Square.parse("p3")))


def test_axis_move_is_kept_as_written() -> None:
    """[68s]p5-ket(af/ss_ser): the axis move is kept, its meaning unknown; mate of ser."""
    start = "@start 7/7/7/3tem3/4ket2/7/3ser3 s - - - 67\n"
    strict = shelt.loads(start + "[68s]p5-ket(af/ss_ser)\n", "shelt-strict")
    kanji = shelt.loads(start + "68. p5扉 移軸 月詰\n", "shelt-kanji")
    assert strict == kanji
    assert (True, ("ser",)) == (strict.plies[0].axis, strict.plies[0].mates)


@pytest.mark.parametrize(
    ("start", "line", "kind"),
    [
        ("@start 7/7/7/3tem3/5gil1/7/7 a - - - 34\n", "35. b6gil+", PlyKind.TURN),
        ("@start 7/7/7/3tem3/7/7/7 s - mik - 29\n", "30. t4tem*mik", PlyKind.PLACE),
        ("@start 7/7/7/2tem4/7/7/7 a nen*lax - - 64\n", "65. t3tem*nen (ft_nen)", PlyKind.REPLACE),
    ],
)
def test_normal_notation_examples(start: str, line: str, kind: PlyKind) -> None:
    """S1's 普通式 examples read as the kind of ply they describe."""
    assert kind == shelt.loads(start + line + "\n", "shelt-normal").plies[0].kind


def test_normal_turn_with_mate_example() -> None:
    """45. t3fav+=mir: fav on t3 turns and mir is mated."""
    start = "@start 3mir3/7/7/2fav4/6tem/7/7 a - - - 44\n"
    ply = shelt.loads(start + "45. t3fav+=mir\n", "shelt-normal").plies[0]
    assert (PlyKind.TURN, "fav", ("mir",)) == (ply.kind, ply.piece, ply.mates)


@pytest.mark.parametrize(("text", "lead"), [("b3mik&i3ful", "mik"), ("i3ful&b3mik", "ful")])
def test_simple_okke_in_either_order(text: str, lead: str) -> None:
    """簡易式 随伴 names both destinations in either order; the first is taken as leader."""
    ply = shelt.loads(f"b2mik\ns5lin\n{text}\n", "shelt-simple").plies[-1]
    assert (PlyKind.OKKE, lead) == (ply.kind, ply.piece)
    assert {"mik", "ful"} == {ply.piece, ply.partner}


def test_simple_reversed_square() -> None:
    """古城's reversed form fav4b moves fav to b4."""
    assert Square.parse("b4") == shelt.loads("fav4b\n", "shelt-simple").plies[0].to


def test_old_style_okke_fills_in_the_follower_square() -> None:
    """b3mikful (旧式): the follower moves by the leader's step."""
    record = shelt.loads("1. b2mik\n2. s5lin\n3. b3mikful\n", "shelt-normal")
    ply = record.plies[-1]
    assert ("ful", Square.parse("i2"), Square.parse("i3")) == (
        ply.partner, ply.partner_from, ply.partner_to,
    )  # fmt: skip


def test_kanji_pieces_take_the_side_of_their_role() -> None:
    """In 漢字式 the same kanji names Arxe's or Sorn's piece by who moves and the role."""
    record = shelt.loads("1. b5兆\n2. s5跳\n3. b4塔\n4. s4塔\n", "shelt-kanji")
    assert ["vio", "lin", "fav", "mat"] == [p.piece for p in record.plies]


def test_strict_and_kanji_are_mechanical_translations() -> None:
    """Every 厳密式 line of the 2007 game becomes one 漢字式 line and back."""
    from tests.shelt.test_fixtures import fixture_text

    strict = shelt.loads(fixture_text("shelt-strict", "seren_tikno_2007"), "shelt-strict")
    kanji = shelt.dumps(strict, "shelt-kanji")
    assert fixture_text("shelt-kanji", "seren_tikno_2007") == kanji
    assert strict == shelt.loads(kanji, "shelt-kanji")
