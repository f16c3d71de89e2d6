"""The record layer: positions along a line, replayed by the rules engine, and the model's
views that reach it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from attrs import evolve
from hypothesis import given, settings

import kifu_lark
from kifu_lark import record
from kifu_lark.formats.registry import get_format
from kifu_lark.model import views as model_views
from kifu_lark.model.game import Game
from kifu_lark.model.node import Node
from kifu_lark.model.position import Position
from tests.strategies import games

_USI = "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e 6c6d"


def _game_with_variation() -> Game:
    game = kifu_lark.loads(_USI, "usi")
    second = game.mainline()[1]
    branch = kifu_lark.loads("position startpos moves 7g7f 8c8d 2g2f", "usi")
    second.parent.add_variation(branch.mainline()[1].move)  # type: ignore[union-attr]
    return game


def test_positions_agree_with_position_at_on_every_line() -> None:
    """Each position of a line's one replay is the position replayed up to its node."""
    game = _game_with_variation()
    variation = game.mainline()[0].children[1]
    for line in (None, variation):
        for node, position in record.positions(game, line):
            assert record.position_at(game, node) == position


@settings(max_examples=60)
@given(games(get_format("kif"), max_plies=60, max_branches=0))
def test_positions_are_the_positions_each_move_makes(game: Game) -> None:
    """Each position of the one replay (its changed squares and hands read again) equals
    the position a checked construction and an SFEN round trip make of it."""
    for node, position in record.positions(game):
        fields = (position.variant, position.board, position.hands, position.turn, position.ply)
        assert Position(*fields) == position
        assert Position.from_sfen(position.sfen(), position.variant) == position
        assert hash(Position(*fields)) == hash(position)
        if node.move is not None:
            assert record.position_at(game, node) == position


def test_positions_follow_a_variation() -> None:
    """The line through a variation's node plays the variation's move, not the main one."""
    game = _game_with_variation()
    variation = game.mainline()[0].children[1]
    played = [node.move.usi() for node, _ in record.positions(game, variation) if node.move]
    assert ["7g7f", "8c8d"] == played
    expected = kifu_lark.loads("position startpos moves 7g7f 8c8d", "usi").final_position()
    assert expected == list(record.positions(game, variation))[-1][1]


def test_a_node_of_another_game_is_refused() -> None:
    """A line named by a node that is not in the game's tree raises ValueError."""
    game = kifu_lark.loads(_USI, "usi")
    other = kifu_lark.loads(_USI, "usi")
    with pytest.raises(ValueError, match="not in this game's tree"):
        list(record.positions(game, other.mainline()[0]))


def test_game_methods_call_the_installed_views(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Game.position_at`` and ``Game.positions`` go through the installed views."""
    game = kifu_lark.loads(_USI, "usi")
    seen: list[str] = []
    installed = model_views.views()

    def position_at(g: Game, node: Node) -> Position:
        seen.append("position_at")
        return installed.position_at(g, node)

    def positions(g: Game, line: Node | None) -> Iterator[tuple[Node, Position]]:
        seen.append("positions")
        return installed.positions(g, line)

    monkeypatch.setattr(
        model_views, "_installed", [evolve(installed, position_at=position_at, positions=positions)]
    )
    last = game.mainline()[-1]
    assert record.position_at(game, last) == game.position_at(last)
    assert list(record.positions(game)) == list(game.positions())
    assert ["position_at", "positions"] == seen


def test_views_not_installed_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without installed views, a view raises a RuntimeError that says what to import."""
    game = kifu_lark.loads(_USI, "usi")
    monkeypatch.setattr(model_views, "_installed", [])
    with pytest.raises(RuntimeError, match="import kifu_lark"):
        game.position_at(game.mainline()[-1])


def test_importing_the_model_installs_the_views() -> None:
    """A fresh interpreter that imports only ``kifu_lark.model`` can replay a game."""
    import subprocess
    import sys

    code = (
        "from kifu_lark.model import Game, Position\n"
        "g = Game()\n"
        "print(g.final_position() == Position.initial(), g.start._repr_svg_()[:4])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "True <svg" == out.stdout.strip()
