"""``kifu_lark.dataset.records.outcome``: winner and end reason from the final special."""

from __future__ import annotations

import pytest

import kifu_lark
from kifu_lark.dataset.records import outcome
from kifu_lark.model.color import Color
from kifu_lark.model.move import Special, SpecialKind


def _ending(kind: SpecialKind, color: Color | None) -> kifu_lark.Game:
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    game.mainline()[-1].add_variation(special=Special(kind, color))
    return game


@pytest.mark.parametrize(
    ("kind", "winner"),
    [
        (SpecialKind.RESIGN, "white"),
        (SpecialKind.TIME_UP, "white"),
        (SpecialKind.MATE, "white"),
        (SpecialKind.ILLEGAL_LOSS, "white"),
        (SpecialKind.ILLEGAL_WIN, "black"),
        (SpecialKind.ILLEGAL_MOVE, "black"),
        (SpecialKind.ENTERING_KING_WIN, "black"),
        (SpecialKind.REPETITION, "draw"),
        (SpecialKind.IMPASSE, "draw"),
        (SpecialKind.MAX_MOVES, "draw"),
        (SpecialKind.INTERRUPT, None),
        (SpecialKind.SEALED, None),
    ],
)
def test_winner_from_the_side_to_move(kind: SpecialKind, winner: str | None) -> None:
    """Black to move when the game ends: who wins for each kind of ending."""
    assert (winner, kind.name) == outcome(_ending(kind, Color.BLACK))


def test_no_special_no_result() -> None:
    """A record that stops without an ending has no winner and no reason."""
    assert (None, None) == outcome(kifu_lark.loads("position startpos moves 7g7f", "usi"))


def test_unknown_side_is_the_side_to_move_after_the_last_move() -> None:
    """Without the special's side, the side to move after the last move ended the game (as
    the training records count it): black here, after two moves, so black resigned."""
    assert ("white", "RESIGN") == outcome(_ending(SpecialKind.RESIGN, None))
    game = kifu_lark.loads("position startpos moves 7g7f", "usi")
    game.mainline()[-1].add_variation(special=Special(SpecialKind.RESIGN, None))
    assert ("black", "RESIGN") == outcome(game)
    assert ("draw", "REPETITION") == outcome(_ending(SpecialKind.REPETITION, None))


def test_floodgate_style_csa() -> None:
    """A CSA %TORYO by white after black's move: black wins."""
    text = "PI\n+\n+7776FU\n-3334FU\n+2726FU\n%TORYO\n"
    assert ("black", "RESIGN") == outcome(kifu_lark.loads(text, "csa"))
