"""Game.positions: (node, position) along a line, replaying once; convert --every-ply."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given

import kifu_lark
from kifu_lark import Game
from kifu_lark.cli import main
from kifu_lark.formats.registry import get_format
from kifu_lark.rules import board as engine
from tests.strategies import games


@given(games(get_format("kif"), max_branches=3))
def test_positions_on_every_line_are_position_at(game: Game) -> None:
    """Through any node, positions() gives the root and the line's nodes, each with
    position_at's answer."""
    for node in [game.root, *game.root.walk()]:
        pairs = list(game.positions(line=node))
        assert [game.root, *game.line(node)] == [n for n, _ in pairs]
        assert [game.position_at(n) for n, _ in pairs] == [p for _, p in pairs]


@given(games(get_format("kif"), max_branches=2))
def test_positions_default_to_the_main_line(game: Game) -> None:
    """Without a node, positions() follows the main line to its end."""
    pairs = list(game.positions())
    assert [game.root, *game.mainline()] == [n for n, _ in pairs]
    assert game.final_position() == pairs[-1][1]


@pytest.mark.skipif(
    kifu_lark.compiled,
    reason="compiled, record/line.py calls Board.push natively, past the patch; the pure "
    "pass (PURE_TESTS) counts the same source's pushes",
)
def test_positions_play_each_move_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line of N moves costs N pushes, not N²/2 as position_at per node would."""
    game = kifu_lark.loads("position startpos moves " + " ".join(_SHUFFLE * 10), "usi")
    pushes = []
    real = engine.Board.push

    def counted(self: engine.Board, move: kifu_lark.Move, *args: object) -> kifu_lark.Move:
        pushes.append(move)
        return real(self, move, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(engine.Board, "push", counted)
    assert 41 == len(list(game.positions()))
    assert 40 == len(pushes)


_SHUFFLE = ["5i5h", "5a5b", "5h5i", "5b5a"]


def test_a_node_of_another_game_is_refused() -> None:
    """positions(line=node) of a node of another tree is a ValueError."""
    game = kifu_lark.loads("position startpos moves 7g7f", "usi")
    other = kifu_lark.loads("position startpos moves 7g7f", "usi")
    with pytest.raises(ValueError):
        list(game.positions(line=other.mainline()[0]))


def test_convert_every_ply_writes_one_sfen_per_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--every-ply lists the start and each move's position; 投了 adds none."""
    src = tmp_path / "g.usi"
    src.write_text("position startpos moves 7g7f 3c3d 8h2b+ resign\n", encoding="utf-8")
    assert 0 == main(["convert", str(src), "--to", "sfen", "--every-ply"])
    game = kifu_lark.load(src)
    expected = [game.position_at(n).sfen() for n in [game.root, *game.mainline()[:3]]]
    assert expected == capsys.readouterr().out.splitlines()
    out = tmp_path / "g.sfen"
    assert 0 == main(["convert", str(src), "-o", str(out), "--every-ply"])
    assert expected == out.read_text(encoding="utf-8").splitlines()


def test_convert_every_ply_follows_the_main_line_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record with a variation gives the main line's positions."""
    src = tmp_path / "v.kif"
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    second = game.mainline()[0]
    second.add_variation(kifu_lark.Move.from_usi("8c8d", game.position_at(second)))
    kifu_lark.dump(game, src)
    assert 0 == main(["convert", str(src), "--to", "sfen", "--every-ply"])
    expected = [p.sfen() for _, p in game.positions()]
    assert expected == capsys.readouterr().out.splitlines()


def test_convert_every_ply_needs_sfen(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--every-ply with another output format is a usage error (exit 2)."""
    src = tmp_path / "g.usi"
    src.write_text("position startpos moves 7g7f\n", encoding="utf-8")
    assert 2 == main(["convert", str(src), "--to", "kif", "--every-ply"])
    assert "--every-ply" in capsys.readouterr().err
