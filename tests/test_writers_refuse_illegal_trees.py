"""No writer writes a tree its own reader refuses: dumps checks the tree first (the turn for
games a reader built, every rule for games built by hand or with validate=True)."""

from __future__ import annotations

import pytest

import kifu_lark
from kifu_lark.errors import IllegalMoveError
from kifu_lark.model import Color, Game, Move, Node, PieceKind, Square

WRITERS = ["kif", "ki2", "csa", "usi", "jkf"]


def _pawn(color: Color, frm: tuple[int, int], to: tuple[int, int]) -> Node:
    """A node holding a pawn move (board squares as file, rank)."""
    return Node(move=Move(color, Square(*to), PieceKind.PAWN, Square(*frm)))


def _black_moves_twice() -> Game:
    """A hand-built tree: ▲7g7f then ▲2g2f (white never moves)."""
    game = Game()
    game.root.add(_pawn(Color.BLACK, (7, 7), (7, 6))).add(_pawn(Color.BLACK, (2, 7), (2, 6)))
    return game


@pytest.mark.parametrize("fmt", WRITERS)
def test_one_side_moving_twice_is_refused(fmt: str) -> None:
    """dumps refuses the tree, naming the rule and the ply, instead of writing it."""
    with pytest.raises(IllegalMoveError) as caught:
        kifu_lark.dumps(_black_moves_twice(), fmt)
    err = caught.value
    assert ("WRONG_TURN", 2, fmt) == (err.code, err.ply, err.format)


@pytest.mark.parametrize("fmt", WRITERS)
def test_a_move_from_an_empty_square_is_refused(fmt: str) -> None:
    """A hand-built move from an empty square is refused by the full check."""
    game = Game()
    game.root.add(_pawn(Color.BLACK, (5, 6), (5, 5)))
    with pytest.raises(IllegalMoveError) as caught:
        kifu_lark.dumps(game, fmt)
    assert ("NO_PIECE", 1) == (caught.value.code, caught.value.ply)


def test_an_edited_game_gets_its_turns_checked() -> None:
    """A move added to a game read, by the side not to move, is refused too."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    game.mainline()[-1].add(_pawn(Color.WHITE, (8, 3), (8, 4)))
    with pytest.raises(IllegalMoveError) as caught:
        kifu_lark.dumps(game, "kif")
    assert ("WRONG_TURN", 3) == (caught.value.code, caught.value.ply)


def test_validate_replays_an_edited_game_fully() -> None:
    """validate=True also finds a move of the right side that breaks another rule."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    game.mainline()[-1].add(_pawn(Color.BLACK, (5, 6), (5, 5)))
    assert "5f5e" in kifu_lark.dumps(game, "usi")  # only the turn is checked by default
    with pytest.raises(IllegalMoveError) as caught:
        kifu_lark.dumps(game, "usi", validate=True)
    assert ("NO_PIECE", 3) == (caught.value.code, caught.value.ply)


def test_a_game_read_with_tolerated_breaches_is_written() -> None:
    """A game read with tolerate=wrong_turn is written, and reads back with the same tolerance."""
    text = "V2.2\nPI\n+\n+7776FU\n+2726FU\n"
    game = kifu_lark.loads(text, "csa", tolerate={"wrong_turn"})
    assert ["WRONG_TURN"] == [w.code for w in game.warnings]
    back = kifu_lark.loads(kifu_lark.dumps(game, "csa"), "csa", tolerate={"wrong_turn"})
    assert [n.move for n in game.mainline()] == [n.move for n in back.mainline()]


def test_variations_are_checked_at_any_depth() -> None:
    """A wrong-turn move deep in a variation is found (the walk is iterative)."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d 2g2f", "usi")
    second = game.mainline()[1]
    assert second.parent is not None
    alt = second.parent.add(_pawn(Color.WHITE, (8, 3), (8, 4)))
    alt.add(_pawn(Color.WHITE, (8, 4), (8, 5)))
    with pytest.raises(IllegalMoveError) as caught:
        kifu_lark.dumps(game, "kif")
    assert ("WRONG_TURN", 3) == (caught.value.code, caught.value.ply)
