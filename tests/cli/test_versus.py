"""Tests of ``kifu-lark versus``."""

from __future__ import annotations

from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.cli import main
from kifu_lark.errors import KifuError
from kifu_lark.formats.registry import format_for_path
from kifu_lark.model import Position
from kifu_lark.players import RandomPlayer, play


def moves(game: kifu_lark.Game) -> list[kifu_lark.Move]:
    """The moves of the main line."""
    return [node.move for node in game.mainline() if node.move is not None]


def assert_status(expected: int, actual: int) -> None:
    """The command's exit status is ``expected``."""
    assert expected == actual


def test_versus_prints_moves_and_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    """Each move is printed as it is played, then the board and how the game ended."""
    status = main(["versus", "--max-plies", "4", "--seed", "1"])
    assert_status(0, status)
    out = capsys.readouterr().out.splitlines()
    expected = ["   1 ▲", "   2 △", "   3 ▲", "   4 △", "interrupt after 4 moves (先手 to move)"]
    assert expected == [line[:6] for line in out[:4]] + out[-1:]


def test_versus_search_prints_scores(capsys: pytest.CaptureFixture[str]) -> None:
    """A search player's moves show its score and node count."""
    args = ["versus", "--variant", "minishogi", "--black", "search:2", "--max-plies", "1"]
    status = main(args)
    assert_status(0, status)
    first = capsys.readouterr().out.splitlines()[0]
    assert "score" in first and "nodes" in first


def test_versus_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    """The same seed plays the same game."""
    main(["versus", "--seed", "9", "--max-plies", "30"])
    first = capsys.readouterr().out
    main(["versus", "--seed", "9", "--max-plies", "30"])
    assert first == capsys.readouterr().out


def test_versus_writes_the_record(tmp_path: Path) -> None:
    """-o writes the game in the format of the extension; it reads back with its moves."""
    out = tmp_path / "game.usi"
    args = ["versus", "-q", "--variant", "5x5", "--white", "search:1", "--max-plies", "12"]
    status = main([*args, "-o", str(out)])
    assert_status(0, status)
    game = kifu_lark.load(out)
    assert 0 < len([n for n in game.mainline() if n.move is not None]) <= 12
    assert "minishogi" == game.start.variant.name


def test_versus_from_an_sfen_on_a_3x3_board(capsys: pytest.CaptureFixture[str]) -> None:
    """--sfen gives the start position of a board size without a usual start."""
    args = ["versus", "--variant", "3x3", "--sfen", "1gk/3/KG1 b - 1", "--max-plies", "6"]
    status = main(args)
    assert_status(0, status)
    out = capsys.readouterr().out.splitlines()
    assert "  ３ ２ １" in out
    assert out[0].startswith("   1 ▲")


@pytest.mark.parametrize(
    "args",
    [
        ["--black", "alphazero"],
        ["--variant", "12x12"],
        ["--variant", "3x3"],
        ["--sfen", "not an sfen"],
        ["--max-plies", "0"],
        ["-o", "game.unknown-extension"],
        ["-o", "-"],
        ["--variant", "minishogi", "-o", "game.jkf"],
    ],
)
def test_versus_usage_errors(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Bad options are usage errors (exit 2) reported before any move is played."""
    status = main(["versus", *args])
    assert_status(2, status)
    captured = capsys.readouterr()
    expected = ""
    assert expected == captured.out
    assert captured.err.startswith("kifu-lark: ")


@pytest.mark.parametrize("ext", [".kif", ".ki2", ".csa", ".jkf", ".usi"])
def test_versus_record_in_each_format(ext: str, tmp_path: Path) -> None:
    """The saved record reads back as the game played, final special included where the
    format holds it."""
    try:
        fmt = format_for_path("game" + ext)
    except KifuError:
        fmt = None
    if fmt is None or fmt.writer is None:
        pytest.skip(f"no registered format writes {ext} yet")
    out = tmp_path / ("game" + ext)
    status = main(["versus", "-q", "--seed", "2", "--max-plies", "40", "-o", str(out)])
    assert_status(0, status)
    expected = play(RandomPlayer(2), RandomPlayer(3), Position.initial(), max_plies=40)
    back = kifu_lark.load(out)
    assert moves(expected) == moves(back)
    special = expected.mainline()[-1].special
    caps = fmt.capabilities
    kinds = caps.special_kinds
    if special is not None and caps.specials and (kinds is None or special.kind in kinds):
        assert special == back.mainline()[-1].special
    else:  # the format cannot hold it: the record ends with the last move
        assert back.mainline()[-1].move is not None


def test_versus_trace(capsys: pytest.CaptureFixture[str]) -> None:
    """--trace prints a search player's log before its move."""
    args = ["versus", "--variant", "3x3", "--sfen", "1gk/3/KG1 b - 1", "--black", "search:1"]
    status = main([*args, "--trace", "--max-plies", "1"])
    assert_status(0, status)
    out = capsys.readouterr().out.splitlines()
    expected = ["▲１二金(23) (1/4)", "best ▲１三金(23) +0", "   1 ▲１三金(23)"]
    assert expected == [out[0], out[21], out[22][:13]]


def test_versus_record_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    """-o - prints the record on stdout (format from --to) and the moves on stderr."""
    status = main(["versus", "--seed", "4", "--max-plies", "6", "-o", "-", "--to", "usi"])
    assert_status(0, status)
    captured = capsys.readouterr()
    expected = play(RandomPlayer(4), RandomPlayer(5), Position.initial(), max_plies=6)
    assert moves(expected) == moves(kifu_lark.loads(captured.out, "usi"))
    assert captured.err.startswith("   1 ▲")
