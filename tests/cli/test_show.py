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


VERDICTS = Path(__file__).parents[2] / "fixtures" / "verdicts"


@pytest.mark.parametrize(
    ("name", "ending"),
    [
        ("resign-agrees.csa", "ending: 投了 (後手 wins) — agrees: 先手, to move, resigns"),
        (
            "mate-contradicted.kif",
            "ending: 詰み (先手 wins) — contradicted: not mate: 後手 is not in check",
        ),
        (
            "repetition-agrees.kif",
            "ending: 千日手 (draw) — agrees: the position occurred four times (千日手): a draw",
        ),
        (
            "resign-contradicted.ki2",
            "ending: 投了 (後手 wins) — contradicted: 先手 is written "
            "as the side that resigns, but 後手 is to move after 1 move",
        ),
    ],
)
def test_show_ends_with_the_verdict(
    name: str, ending: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """After the board, one line: the declared ending, its winner and the rules' verdict."""
    assert 0 == main(["show", str(VERDICTS / name)])
    out = capsys.readouterr().out
    assert "後手の持駒" in out
    assert ending == out.splitlines()[-1]


def test_show_judges_an_impasse_by_the_rule_given(capsys: pytest.CaptureFixture[str]) -> None:
    """--impasse 24: a 30-point declaration is a draw, so the declared win is contradicted."""
    path = str(VERDICTS / "entering-king-30-points.kif")
    assert 0 == main(["show", path])
    assert (
        capsys.readouterr().out.splitlines()[-1].startswith("ending: 入玉勝ち (先手 wins) — agrees")
    )
    assert 0 == main(["show", path, "--impasse", "24"])
    assert (
        "ending: 入玉勝ち (先手 wins) — contradicted: 30 points under the 24-point rule: a draw "
        "(24 to 30), not a win"
    ) == capsys.readouterr().out.splitlines()[-1]


def test_show_says_when_nothing_is_declared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A line that ends on a move, and 中断: said, not judged."""
    rec = tmp_path / "g.usi"
    rec.write_text(GOOD)
    assert 0 == main(["show", str(rec)])
    assert (
        "ending: none — no ending declared; the rules see no end"
        == (capsys.readouterr().out.splitlines()[-1])
    )
    stopped = tmp_path / "g.csa"
    stopped.write_text("PI\n+\n+7776FU\n%CHUDAN\n")
    assert 0 == main(["show", str(stopped)])
    assert (
        "ending: 中断 — not judged: INTERRUPT: nothing the rules can contradict"
        == (capsys.readouterr().out.splitlines()[-1])
    )


def test_impasse_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    """show --help names --impasse and its two rules."""
    assert 0 == main(["show", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--impasse {27,24}" in text and "24 (JSA: 31 win, 24 to 30 draw)" in text
