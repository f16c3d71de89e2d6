"""Records whose result declares that the last move was a foul (反則勝ち, CSA
``%ILLEGAL_MOVE`` / ``%±ILLEGAL_ACTION``) read without ``tolerate``; undeclared fouls do not."""

from __future__ import annotations

import json

import pytest

import kifu_lark
from kifu_lark.errors import IllegalMoveError, UnsupportedFeatureError
from kifu_lark.model import Color, Piece, PieceKind, SpecialKind, Square
from tests.conftest import FIXTURES

_MOVES = ["7g7f", "3c3d", "7f7e", "7c7d", "7e7d", "8c8d"]


def _jkf(special: str) -> str:
    moves: list[dict[str, object]] = [{}]
    game = kifu_lark.loads("position startpos moves " + " ".join(_MOVES), "usi")
    written = json.loads(kifu_lark.dumps(game, "jkf"))
    moves += written["moves"][1:]
    moves.append({"move": {"to": {"x": 7, "y": 7}, "color": 0, "piece": "FU"}})
    moves.append({"special": special})
    return json.dumps({"header": {}, "moves": moves})


def test_jkf_foul_declared_by_the_offenders_illegal_action_reads() -> None:
    """JKF ``+ILLEGAL_ACTION`` after black's 二歩: read, the foul a warning, white wins."""
    game = kifu_lark.loads(_jkf("+ILLEGAL_ACTION"), "jkf")
    last = game.mainline()[-1]
    assert last.special is not None
    assert (SpecialKind.ILLEGAL_WIN, Color.WHITE) == (last.special.kind, last.special.color)
    assert [("TWO_PAWNS", 7)] == [(w.code, w.ply) for w in game.warnings]


def test_jkf_foul_followed_by_another_result_is_refused() -> None:
    """A 二歩 followed by 投了 is not declared: the move is refused where it stands."""
    with pytest.raises(IllegalMoveError) as caught:
        kifu_lark.loads(_jkf("TORYO"), "jkf")
    assert ("TWO_PAWNS", 7) == (caught.value.code, caught.value.ply)
    assert caught.value.line is not None


def test_foul_at_the_end_without_a_declaration_is_refused() -> None:
    """Strict mode still refuses a foul the record does not declare (no result at all)."""
    text = "position startpos moves " + " ".join([*_MOVES, "P*7g"])
    with pytest.raises(IllegalMoveError) as caught:
        kifu_lark.loads(text, "usi")
    assert ("TWO_PAWNS", 7) == (caught.value.code, caught.value.ply)


def test_only_one_foul_is_kept_pending() -> None:
    """A declared foul is the last move: two illegal moves in a row are refused at the first."""
    text = (FIXTURES / "csa" / "declared_foul.csa").read_text(encoding="utf-8")
    text = text.replace("+0077FU\nT5\n", "+0077FU\nT5\n-0073FU\n")
    with pytest.raises(IllegalMoveError) as caught:
        kifu_lark.loads(text, "csa")
    assert ("TWO_PAWNS", 7) == (caught.value.code, caught.value.ply)


@pytest.mark.parametrize("target", ["csa", "kif", "ki2", "jkf"])
def test_declared_foul_converts_to_formats_that_declare_it(target: str) -> None:
    """Written where the format has a word for the result, the foul reads back as declared."""
    game = kifu_lark.load(FIXTURES / "kif" / "declared_foul_footer.kifu")
    back = kifu_lark.loads(kifu_lark.dumps(game, target), target)
    assert [m.move for m in game.mainline()] == [m.move for m in back.mainline()]
    assert [("TWO_PAWNS", 7)] == [(w.code, w.ply) for w in back.warnings]


@pytest.mark.parametrize("target", ["usi", "ksbp"])
def test_formats_without_the_word_refuse_a_declared_foul(target: str) -> None:
    """USI cannot say 反則勝ち: writing the foul would make a record its reader refuses."""
    game = kifu_lark.load(FIXTURES / "kif" / "declared_foul_footer.kifu")
    with pytest.raises(UnsupportedFeatureError, match="cannot declare the foul"):
        kifu_lark.dumps(game, target)


def test_position_after_a_declared_foul_is_available() -> None:
    """The position after the foul (two black pawns on file 7) can be asked for."""
    game = kifu_lark.load(FIXTURES / "kif" / "declared_foul_footer.kifu")
    final = game.final_position()
    pawn = Piece(PieceKind.PAWN, Color.BLACK)
    assert [pawn, pawn] == [final[Square(7, 4)], final[Square(7, 7)]]
