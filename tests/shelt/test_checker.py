"""The replay checker: each breach is a typed error at its line and column, and the position
bookkeeping (captures, teems swap, placed pieces, turning) follows MSF."""

from __future__ import annotations

import json
import re

import pytest

from kifu_lark import shelt
from kifu_lark.errors import IllegalMoveError, InvalidRecordError, KifuError, KifuSyntaxError
from kifu_lark.shelt.hints import hint_for
from kifu_lark.shelt.model import SheltRecord, Side, Square
from tests.conftest import ROOT

EMPTY = "@start 7/7/7/3tem3/7/7/7"

BREACHES = [
    # (format, text, code, line, column)
    ("shelt-strict", "[1s]b5-vio\n", "WRONG_SIDE", 1, 1),
    ("shelt-strict", "[1a]b5-vio\n[3s]s5-lin\n", "WRONG_NUMBER", 2, 1),
    ("shelt-normal", "1. k-vio\n", "NO_PREVIOUS", 1, 1),
    ("shelt-simple", "b5vio\ns5lin\ns5vio\ne5lin\n", "NOT_ON_BOARD", 4, 1),
    ("shelt-normal", "1. s5lin\n", "NOT_YOUR_PIECE", 1, 1),
    ("shelt-normal", "1. i2pal+\n", "NOT_THERE", 1, 1),
    ("shelt-strict", "[1a]p2-dyu\n", "OWN_PIECE", 1, 1),
    ("shelt-simple", "i1pal\n", "NULL_MOVE", 1, 1),
    ("shelt-simple", "+vio\n", "NOT_TURNABLE", 1, 1),
    (
        "shelt-normal",
        "@start 7/7/7/3tem3/7/7/dyulis5 a - - - 0\n1. i1dyu&i2lis\n",
        "NOT_FRONT",
        2,
        1,
    ),
    ("shelt-normal", "1. b1pal&b3mik\n", "NOT_ADJACENT", 1, 1),
    ("shelt-normal", "1. b1pal&b3ful\n", "OKKE_VECTOR", 1, 1),
    ("shelt-normal", "1. p1pal&p2ful\n", "OKKE_BLOCKED", 1, 1),
    ("shelt-normal", "1. i1fulpal\n", "OFF_BOARD", 1, 1),
    ("shelt-normal", "1. t3tem*lax\n", "NOT_TEEMS", 1, 1),
    ("shelt-simple", "1. *lax\n", "NOT_CAPTURED", 1, 1),
    ("shelt-strict", f"{EMPTY} a lax*len - - 0\n[1a]t4-tem(ev_lax)\n", "ALREADY_PLACED", 2, 12),
    ("shelt-strict", "[1a]t4-tem(sd_lax)\n", "NOTHING_PLACED", 1, 1),
    ("shelt-strict", "[1a]t4-tem(ev_lax/sd_lax)\n", "BAD_ANNOTATION", 1, 1),
    ("shelt-strict", "[1a]b5-vio(tx_lax/tx_lax)\n", "BAD_ANNOTATION", 1, 1),
    ("shelt-strict", "[1a]i1-pal(kr/ok_ful)\n", "BAD_ANNOTATION", 1, 15),
    ("shelt-strict", "[1a]b5-vio\n[2s]s5-lin\n[3a]b4-fav(tx_lin)\n", "CAPTURE_MISMATCH", 3, 12),
    ("shelt-strict", "[1a]b5-vio(yx_lax)\n", "USED_UP_MISMATCH", 1, 12),
    ("shelt-strict", "[1a]b5-vio(kt_ser)\n", "BAD_CHECK", 1, 12),
    ("shelt-strict", "[1a]b5-vio(5)\n", "MAGIC_RANGE", 1, 12),
    ("shelt-kanji", "1. b5兆 青弐\n2. s5跳\n3. b4塔 青壱\n", "MAGIC_DECREASE", 3, 8),
    ("shelt-kanji", "1. b5兆 赤壱\n", "WRONG_SIDE", 1, 8),
    ("shelt-normal", "@start 7/7/7/3tem3/3tem3/7/7 a - - - 0\n", "BAD_POSITION", 1, 1),
    ("shelt-normal", f"{EMPTY} a vio - - 0\n", "BAD_POSITION", 1, 1),
    ("shelt-normal", "1. b5vio\n@arxe seren\n", "LATE_DIRECTIVE", 2, 1),
    ("shelt-normal", "@result daim arxe\n", "BAD_RESULT", 1, 1),
    ("shelt-strict", "[1a]b8-vio\n", "SYNTAX", 1, 5),
]


@pytest.mark.parametrize(("fmt", "text", "code", "line", "column"), BREACHES)
def test_breach_is_a_typed_error_at_its_place(
    fmt: str, text: str, code: str, line: int, column: int
) -> None:
    """Each breach raises a KifuError with its code, format, line and column."""
    with pytest.raises(KifuError) as info:
        shelt.loads(text, fmt)
    err = info.value
    assert (code, fmt, line, column) == (err.code, err.format, err.line, err.column)
    if code not in ("SYNTAX", "BAD_POSITION", "LATE_DIRECTIVE", "BAD_RESULT"):
        assert isinstance(err, IllegalMoveError)
    assert err.source_line == text.splitlines()[line - 1]


def test_move_errors_name_the_ply() -> None:
    """An illegal move says which ply it is, counting from the start."""
    with pytest.raises(IllegalMoveError) as info:
        shelt.loads("1. b5vio\n2. s5lin\n3. b4lin\n", "shelt-normal")
    assert 3 == info.value.ply


def _msf(record: SheltRecord) -> dict[str, object]:
    data: dict[str, object] = json.loads(shelt.dumps(record, "msf"))
    return data


def test_msf_move_from_an_empty_square_is_rejected() -> None:
    """An MSF move starting on an empty square is EMPTY_SQUARE at the move's line."""
    data = _msf(shelt.loads("1. b5vio\n", "shelt-normal"))
    data["seslax"][0]["ov"]["luul"][0]["i"] = {"alsia": 0, "soom": 2}  # type: ignore[index]
    text = json.dumps(data, indent=1)
    with pytest.raises(IllegalMoveError) as info:
        shelt.loads(text, "msf")
    assert "EMPTY_SQUARE" == info.value.code
    assert text.splitlines()[info.value.line - 1].strip().startswith('"ov"')  # type: ignore[operator]


def test_msf_stored_position_must_follow_from_the_move() -> None:
    """A stored position that the move does not lead to is STATE_MISMATCH."""
    data = _msf(shelt.loads("1. b5vio\n", "shelt-normal"))
    data["seslax"][0]["slax"]["sast"] = "arxe"  # type: ignore[index]
    with pytest.raises(InvalidRecordError) as info:
        shelt.loads(json.dumps(data), "msf")
    assert "STATE_MISMATCH" == info.value.code


@pytest.mark.parametrize(
    "text",
    ["[]", '{"aptex": {}, "kit": {}, "fixt": {}, "seslax": []}', '{"aptex": 1}', "{"],
)
def test_malformed_msf_is_a_kifu_error(text: str) -> None:
    """JSON that is no MSF record raises a located KifuError, never a Python error."""
    with pytest.raises((InvalidRecordError, KifuSyntaxError)) as info:
        shelt.loads(text, "msf")
    assert info.value.line is not None


def test_teems_moved_with_a_placed_piece_captures_and_uses_it_up() -> None:
    """Teems moving like its placed piece captures into the mover's pool; the piece is used."""
    record = shelt.loads("@start 7/7/2lin4/3tem3/7/7/7 a *lax - - 0\n1. s3tem\n", "shelt-normal")
    ply = record.plies[0]
    end = record.positions()[-1]
    assert ("lin", "lax") == (ply.captured, ply.used_up)
    assert (("lin",), None) == (end.pool(Side.ARXE), end.placed_by(Side.ARXE))
    assert "tem" == end.at(Square.parse("s3"))


def test_landing_on_teems_swaps_and_loses_the_opponents_placed_piece() -> None:
    """A piece moving onto teems swaps with it; the opponent's placed piece is lost."""
    record = shelt.loads("@start 7/7/7/3tem3/3fav3/7/7 a *len *dyu - 0\n1. t4fav\n", "shelt-normal")
    end = record.positions()[-1]
    assert ("fav", "tem") == (end.at(Square.parse("t4")), end.at(Square.parse("b4")))
    assert ("len", None) == (end.placed_by(Side.ARXE), end.placed_by(Side.SORN))
    assert "dyu" == record.plies[0].used_up


def test_captured_turned_piece_is_no_longer_turned() -> None:
    """Capturing a turned piece removes it from the turned list."""
    record = shelt.loads(
        "@start 7/3mat3/3fav3/3tem3/7/7/7 a - - - 0\n1. s4fav+\n2. k-mat\n", "shelt-normal"
    )
    states = record.positions()
    assert [(), ("fav",), ()] == [s.turned for s in states]
    assert ("fav",) == states[-1].pool(Side.SORN)


def test_teems_operations_keep_the_books() -> None:
    """Place, replace and take back move pieces between the pool and teems."""
    record = shelt.loads(
        "@start din6/7/7/3tem3/7/7/7 a lax,len - - 0\n1. t4tem*lax\n2. e1din\n"
        "3. t4tem*len\n4. s1din\n5. t4tem*len\n",
        "shelt-normal",
    )
    kinds = [p.kind.value for p in record.plies[::2]]
    held = [(s.pool(Side.ARXE), s.placed_by(Side.ARXE)) for s in record.positions()[1::2]]
    assert ["ev", "ft", "sed"] == kinds
    assert [(("len",), "lax"), (("lax",), "len"), (("lax", "len"), None)] == held


def test_msf_error_in_a_variation_points_at_its_move() -> None:
    """A breach inside a variation is located at that variation's move."""
    from tests.shelt.test_fixtures import fixture_text

    text = fixture_text("msf", "variations")
    data = json.loads(text)
    data["kit"]["mit"][0]["seslax"][0]["ov"]["luul"][0]["a"] = {"alsia": 6, "soom": 0}
    bad = json.dumps(data, indent=2)
    with pytest.raises(IllegalMoveError) as info:
        shelt.loads(bad, "msf")
    assert "OWN_PIECE" == info.value.code
    assert 1 == info.value.ply
    line = bad.splitlines()[(info.value.line or 0) - 1]
    assert '"ov"' in line and bad.index(line) > bad.index('"mit"')


def test_every_code_of_the_checker_and_of_msf_has_a_hint() -> None:
    """Each code the checker and the MSF reader raise, and each code docs/shelt.md lists,
    has a hint in kifu_lark/shelt/hints.py (a new code without one fails here)."""
    package = ROOT / "kifu_lark" / "shelt"
    raised = set()
    for name in ("checker.py", "msf.py"):
        raised |= set(re.findall(r'"([A-Z][A-Z_]+)"', (package / name).read_text("utf-8")))
    docs = (ROOT / "docs" / "shelt.md").read_text("utf-8")
    table = docs.split("## What the checker checks", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"`([A-Z][A-Z_]+)`", table))
    assert {"NULL_MOVE", "OKKE_VECTOR", "STATE_MISMATCH"} <= raised | listed
    assert [code for code in sorted(raised | listed) if not hint_for(code)] == []
