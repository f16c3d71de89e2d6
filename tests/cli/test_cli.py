"""The command line: help on every command, conversions, validation exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kifu_lark.cli import COMMANDS, main

GOOD = "position startpos moves 7g7f 3c3d\n"
BAD = "position startpos moves 7g7f 7g7f\n"


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`kifu-lark COMMAND --help` prints usage and exits 0."""
    assert 0 == main([command, "--help"])
    assert f"usage: kifu-lark {command}" in capsys.readouterr().out


def test_no_command_is_a_usage_error() -> None:
    """Running without a command exits 2."""
    assert 2 == main([])


def test_entry_point_runs() -> None:
    """The installed console script answers --version."""
    done = subprocess.run(
        [sys.executable, "-m", "kifu_lark", "--version"], capture_output=True, text=True
    )
    assert 0 == done.returncode and "kifu-lark" in done.stdout


def test_convert_file_to_stdout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """convert IN --to F prints the record in F."""
    src = tmp_path / "g.usi"
    src.write_text(GOOD)
    assert 0 == main(["convert", str(src), "--to", "sfen"])
    assert (
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\n"
        == capsys.readouterr().out
    )


def test_convert_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    """An existing output file is kept unless --force (exit 2: the request's fault)."""
    src, out = tmp_path / "g.usi", tmp_path / "g.sfen"
    src.write_text(GOOD)
    out.write_text("keep")
    assert 2 == main(["convert", str(src), "-o", str(out)])
    assert "keep" == out.read_text()
    assert 0 == main(["convert", str(src), "-o", str(out), "--force"])
    assert out.read_text().startswith("lnsgkgsnl")


def test_convert_folder_keeps_names_and_reports_failures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder converts file by file into a folder; a bad file is reported, others done."""
    src = tmp_path / "in"
    (src / "sub").mkdir(parents=True)
    (src / "a.usi").write_text(GOOD)
    (src / "sub" / "b.usi").write_text(GOOD)
    (src / "bad.usi").write_text(BAD)
    out = tmp_path / "out"
    assert 1 == main(["convert", str(src), "-o", str(out), "--to", "sfen", "-j", "2"])
    assert (out / "a.sfen").exists() and (out / "sub" / "b.sfen").exists()
    assert not (out / "bad.sfen").exists()
    err = capsys.readouterr().err
    assert "bad.usi" in err and "3 files, 2 converted, 1 failed" in err


def test_validate_exit_codes_and_text_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """validate exits 0 for valid files, 1 with file:line:col for invalid ones."""
    good, bad = tmp_path / "good.usi", tmp_path / "bad.usi"
    good.write_text(GOOD)
    bad.write_text(BAD)
    assert 0 == main(["validate", str(good)])
    assert 1 == main(["validate", str(good), str(bad)])
    out = capsys.readouterr().out
    assert f"{bad}:1:30: error: move 2: no piece on the origin square" in out
    assert "2 files, 1 valid, 1 invalid" in out


def test_validate_json_and_github_formats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--json gives a machine-readable report; --format github gives annotations."""
    bad = tmp_path / "bad.usi"
    bad.write_text(BAD)
    assert 1 == main(["validate", str(tmp_path), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert {"files": 1, "valid": 0, "invalid": 1, "skipped": 0} == report["summary"]
    assert "NO_PIECE" == report["files"][0]["errors"][0]["code"]
    assert 1 == main(["validate", str(bad), "--format", "github"])
    assert f"::error file={bad},line=1,col=30::" in capsys.readouterr().out


def test_validate_usage_errors_exit_2(tmp_path: Path) -> None:
    """A bad option value or unknown tolerate name exits 2."""
    good = tmp_path / "good.usi"
    good.write_text(GOOD)
    assert 2 == main(["validate", str(good), "--format", "yaml"])
    assert 2 == main(["validate", str(tmp_path / "missing.usi")])
    assert 2 == main(["convert", str(good), "--to", "nosuchformat"])


def test_validate_tolerate_reports_warnings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--tolerate lets a breach through as a warning and exits 0."""
    rec = tmp_path / "nifu.usi"
    rec.write_text("position sfen 4k4/9/9/9/9/9/4P4/9/4K4 b P 1 moves P*5e\n")
    assert 1 == main(["validate", str(rec)])
    assert 0 == main(["validate", str(rec), "--tolerate", "two_pawns"])
    assert "warning: move 1:" in capsys.readouterr().out


def test_show_prints_the_board_at_a_ply(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """show --ply prints the KIF-style diagram after that many moves."""
    rec = tmp_path / "g.usi"
    rec.write_text(GOOD)
    assert 0 == main(["show", str(rec), "--ply", "1"])
    out = capsys.readouterr().out
    assert "| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六" in out and "後手番" in out
    assert 2 == main(["show", str(rec), "--ply", "9"])


def test_show_svg_and_moves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """show --svg writes a picture; --moves marks destinations and refuses an empty square."""
    rec = tmp_path / "g.usi"
    rec.write_text(GOOD)
    svg = tmp_path / "b.svg"
    assert 0 == main(["show", str(rec), "--svg", str(svg), "--moves", "28"])
    assert svg.read_text(encoding="utf-8").startswith("<svg")
    assert 0 == main(["show", str(rec), "--moves", "28"])
    assert "*" in capsys.readouterr().out
    assert 2 == main(["show", str(rec), "--moves", "55"])


def test_a_refused_file_operation_is_an_io_error_with_a_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An OSError no command turned into a KifuError (here, --work-dir that does not exist)
    still says [IO] and what to check, exit 2."""
    good = tmp_path / "good.usi"
    good.write_text(GOOD)
    assert 2 == main(["validate", str(good), "--work-dir", str(tmp_path / "no" / "such")])
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"kifu-lark: {tmp_path / 'no' / 'such'}") and "[IO] (" in line
