"""MSK (5五将棋, V2.1-55): CSA on a 5x5 board, a few grammar lines on top of csa.lark."""

from __future__ import annotations

from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.errors import IllegalMoveError, KifuSyntaxError, UnsupportedFeatureError
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.headers import HeaderKey
from kifu_lark.model.move import Special, SpecialKind, Time
from kifu_lark.model.position import Position
from kifu_lark.model.variant import MINISHOGI
from tests.conftest import FIXTURES

GRAMMARS = Path(__file__).resolve().parents[2] / "grammars"
HEAD = "V2.1-55\nPI\n+\n"


def test_the_seed_sample_game_reads() -> None:
    """The format document's sample (third move corrected to the bishop) reads as written."""
    game = kifu_lark.load(FIXTURES / "msk" / "sample_with_comments.msk", "msk")
    moves = [n.move.csa() for n in game.mainline() if n.move is not None]
    assert ["+3534GI", "-3122GI", "+2514KA", "-4114KA", "+1514HI"] == moves
    assert [5, 6, 3, 10, 5] == [n.time.spent for n in game.mainline()[:5]]  # type: ignore[union-attr]
    assert SpecialKind.INTERRUPT == game.mainline()[-1].special.kind  # type: ignore[union-attr]
    assert "SHOGI_DOJO" == game.headers[HeaderKey.SITE]
    assert "5五将棋" == game.handicap


def test_the_sample_as_printed_fails_at_its_third_move() -> None:
    """The document prints +2514HI, but 25 holds the bishop: a precise rule error."""
    with pytest.raises(IllegalMoveError) as info:
        kifu_lark.load(FIXTURES / "msk" / "errors" / "seed_sample_as_printed.msk", "msk")
    err = info.value
    assert (9, 1, 3, "PIECE_MISMATCH") == (err.line, err.column, err.ply, err.code)


def test_pi_removals_make_handicap_like_starts() -> None:
    """PI51HI41KA removes white's rook and bishop; written back the same way."""
    game = kifu_lark.loads("V2.1-55\nPI51HI41KA\n-\n-2122KI\n", "msk")
    assert "2sgk/4p/5/P4/KGSBR w - 1" == game.start.sfen()
    assert "PI51HI41KA\n-\n" in kifu_lark.dumps(game, "msk")


def test_row_start_and_single_placements_with_al() -> None:
    """P1..P5 rows, and P+/P- placements with 00AL giving every piece left."""
    rows = kifu_lark.loads("V2.1-55\nP1-HI-KA-GI * -OU\nP5+OU+KI+GI+KA+HI\nP-00KI\n+\n", "msk")
    assert "rbs1k/5/5/5/KGSBR b g 1" == rows.start.sfen()
    al = kifu_lark.loads("V2.1-55\nP-11OU\nP+55OU\nP+00FU\nP-00AL\n+\n", "msk")
    assert "4k/5/5/5/K4 b P2r2b2g2sp 1" == al.start.sfen()


@pytest.mark.parametrize(
    "name",
    [
        "TORYO",
        "CHUDAN",
        "SENNICHITE",
        "TIME_UP",
        "ILLEGAL_MOVE",
        "JISHOGI",
        "KACHI",
        "HIKIWAKE",
        "MATTA",
        "TSUMI",
        "FUZUMI",
        "ERROR",
    ],
)
def test_every_msk_special(name: str) -> None:
    """Each special of V2.1-55 reads and is written back."""
    game = kifu_lark.loads(HEAD + f"+3534GI\n%{name}\n", "msk")
    assert Special(SpecialKind(name), Color.WHITE) == game.mainline()[-1].special
    assert kifu_lark.dumps(game, "msk").endswith(f"%{name}\n")


@pytest.mark.parametrize("kind", [SpecialKind.MAX_MOVES, SpecialKind.ILLEGAL_WIN])
def test_specials_newer_than_msk_are_refused(kind: SpecialKind) -> None:
    """%MAX_MOVES and %±ILLEGAL_ACTION came after V2.1-55: not written."""
    game = Game(start=Position.initial(MINISHOGI))
    game.root.add_variation(special=Special(kind, Color.BLACK))
    with pytest.raises(UnsupportedFeatureError):
        kifu_lark.dumps(game, "msk")


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("V2.1-55\nPI82HI\n-\n", (2, 3)),  # a 9x9 square
        (HEAD + "+3534KE\n", (4, 1)),  # no knights in 5五将棋
        (HEAD + "+3534GI\n-3122GI\n+1516HI\n", (6, 1)),  # rank 6 is off the board
        ("V2.1-55\nP1-HI-KA-GI-KI-OU *  *  *  * \n", (2, 19)),  # a 9-cell row
    ],
)
def test_what_is_not_5x5_is_a_syntax_error(text: str, where: tuple[int, int]) -> None:
    """Squares, pieces and rows beyond the 5x5 set are rejected by the grammar, located."""
    with pytest.raises(KifuSyntaxError) as info:
        kifu_lark.loads(text, "msk")
    assert where == (info.value.line, info.value.column)
    assert info.value.hint is not None and "11…55" in info.value.hint


def test_wrong_turn_is_a_rule_error() -> None:
    """White moving first from PI (black to move) breaks the turn rule."""
    with pytest.raises(IllegalMoveError) as info:
        kifu_lark.loads(HEAD + "-3122GI\n", "msk")
    assert ("WRONG_TURN", 1) == (info.value.code, info.value.ply)


def test_writer_emits_v21_55_and_whole_seconds() -> None:
    """MSK output starts with V2.1-55 (no encoding line) and rounds decimal times."""
    game = kifu_lark.loads(HEAD + "+3534GI\nT2.5\n", "msk")
    assert Time(2.5, 2.5) == game.mainline()[0].time
    assert "V2.1-55\nPI\n+\n+3534GI\nT3\n" == kifu_lark.dumps(game, "msk")


def test_a_standard_game_is_refused() -> None:
    """A 9x9 game cannot be written as MSK."""
    with pytest.raises(UnsupportedFeatureError):
        kifu_lark.dumps(Game(), "msk")


def test_msk_grammar_is_a_few_lines_on_top_of_csa() -> None:
    """msk.lark imports csa.lark and only restates what differs."""
    lines = [
        line
        for line in (GRAMMARS / "msk.lark").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("//")
    ]
    assert any(line.startswith("%import .csa") for line in lines)
    assert len(lines) <= 25
