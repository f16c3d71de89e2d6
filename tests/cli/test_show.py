"""``kifu-lark show --svg``: says where it wrote; a file it cannot write is an [IO] error with
a hint, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from kifu_lark.cli import main

GOOD = "position startpos moves 7g7f 3c3d\n"


def test_svg_says_where_it_wrote(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """show --svg OUT writes the picture and says so on standard error, once."""
    rec, svg = tmp_path / "g.usi", tmp_path / "b.svg"
    rec.write_text(GOOD)
    assert 0 == main(["show", str(rec), "--svg", str(svg)])
    captured = capsys.readouterr()
    assert ("", f"wrote {svg} (SVG)\n") == (captured.out, captured.err)
    assert svg.read_text(encoding="utf-8").startswith("<svg")


@pytest.mark.parametrize("where", ["file/inside.svg", "/proc/kifu-lark-test.svg"])
def test_svg_that_cannot_be_written_is_an_io_error(
    tmp_path: Path, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder that is a file, or /proc: exit 2, one line with [IO] and a hint."""
    rec = tmp_path / "g.usi"
    rec.write_text(GOOD)
    (tmp_path / "file").write_bytes(b"")
    out = where if where.startswith("/") else str(tmp_path / where)
    assert 2 == main(["show", str(rec), "--svg", out])
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("kifu-lark: cannot write") and "[IO] (" in line


MULTI = Path(__file__).parents[2] / "fixtures" / "csa" / "multi.csa"


def test_a_file_of_several_games_shows_the_first_and_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without --game: game 1, and one line on standard error naming the count and --game."""
    assert 0 == main(["show", str(MULTI)])
    captured = capsys.readouterr()
    assert f"{MULTI}: 3 games; showing the first (--game N shows game N)\n" == captured.err
    assert "手数＝1" in captured.out and "後手の持駒：なし" in captured.out


def test_game_n_shows_that_game_quietly(capsys: pytest.CaptureFixture[str]) -> None:
    """--game 3 shows the third game (a problem: white holds the rest), nothing on stderr."""
    assert 0 == main(["show", str(MULTI), "--game", "3"])
    captured = capsys.readouterr()
    assert "" == captured.err
    assert "後手の持駒：飛二　角二" in captured.out
    assert 0 == main(["show", str(MULTI), "--game", "1"])
    assert "" == capsys.readouterr().err


@pytest.mark.parametrize("number", ["0", "4", "-1"])
def test_a_game_the_file_lacks_is_a_usage_error(
    number: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--game beyond the file: exit 2, one line naming the count, [USAGE] and the range."""
    assert 2 == main(["show", str(MULTI), "--game", number])
    captured = capsys.readouterr()
    (line,) = captured.err.splitlines()
    assert f"kifu-lark: --game {number}: {MULTI} holds 3 games [USAGE]" in line
    assert "(--game counts from 1 to 3)" in line and "" == captured.out


def test_game_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    """show --help says what --game takes and what happens without it."""
    assert 0 == main(["show", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--game N show the N-th game of a file that holds several" in text
    assert "without it the first, with a note on standard error" in text
