"""The シェルト formats in the registry, detection, the board drawing and the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

import kifu_lark
from kifu_lark import shelt
from kifu_lark.cli import main
from kifu_lark.formats.registry import all_formats, detect_format, get_format
from kifu_lark.shelt.board import board_text, board_text_kanji
from kifu_lark.shelt.model import SheltRecord
from tests.shelt.test_fixtures import FORMATS, fixture_path, fixture_text


def test_formats_are_registered_as_shelt() -> None:
    """The five formats are registered, for the game シェルト, with a board drawing."""
    shelt = [f for f in all_formats() if f.game == "shelt"]
    assert FORMATS == [f.name for f in shelt]
    assert all(f.board_text is not None and f.writer is not None for f in shelt)
    assert "msf" == get_format(".msf").name


@pytest.mark.parametrize("fmt", FORMATS)
def test_detection_finds_the_notation(fmt: str) -> None:
    """A record's text is detected as its own notation."""
    assert fmt == detect_format(fixture_text(fmt, "seren_tikno_2007")).name


@pytest.mark.parametrize("fmt", FORMATS)
def test_reader_returns_shelt_records(fmt: str) -> None:
    """Readers return SheltRecord objects carrying format, encoding and warnings."""
    record = shelt.load(fixture_path(fmt, "mate_in_5"))
    assert isinstance(record, SheltRecord)
    assert (fmt, "utf-8", []) == (record.format, record.encoding, record.warnings)


def test_board_text_draws_the_position_after_a_ply() -> None:
    """board_text draws the board after the given ply, v at the top, with holdings."""
    record = shelt.load(fixture_path("shelt-normal", "mate_in_5"))
    expected = (
        "   1    2    3    4    5    6    7\n"
        "v  .    .    .   mir   .    .   dia\n"
        "e  .   ket  din   .    .    .    .\n"
        "s  .    .    .    .   tem   .    .\n"
        "t  .    .    .    .    .    .   ser\n"
        "b  .    .    .   fav   .    .    .\n"
        "i  .    .    .    .    .    .    .\n"
        "p  .    .    .    .    .    .    .\n"
        "アルシェ (a): captured -; on teems len\n"
        "ソーン (s): captured ral; on teems dyu\n"
        "to move: アルシェ (a)\n"
    )
    assert expected == board_text(record, 2)


def test_board_text_kanji_marks_sides_and_turns() -> None:
    """The kanji drawing shows 青/赤 before each piece and ' after a turned one."""
    record = shelt.load(fixture_path("shelt-kanji", "seren_tikno_2007"))
    drawing = board_text_kanji(record, None)
    assert "青従'" in drawing and "赤月" in drawing and "永" in drawing


def test_cli_show_and_convert(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """kifu-lark show draws a シェルト record; convert writes another notation."""
    source = fixture_path("shelt-strict", "seren_tikno_2007")
    assert 0 == main(["show", str(source), "--ply", "2"])
    assert capsys.readouterr().out == board_text(shelt.load(source), 2)
    out = tmp_path / "game.shkj"
    assert 0 == main(["convert", str(source), "-o", str(out)])
    assert fixture_text("shelt-kanji", "seren_tikno_2007") == out.read_text(encoding="utf-8")


def test_cli_validate_reports_a_breach(capsys: pytest.CaptureFixture[str]) -> None:
    """kifu-lark validate reports a checker breach with line, column and code."""
    bad = fixture_path("shelt-strict", "x").parent.parent / "errors" / "capture_mismatch.shst"
    assert 1 == main(["validate", str(bad)])
    assert ":3:12:" in capsys.readouterr().out


def test_writing_a_shogi_game_as_shelt_is_refused() -> None:
    """A shogi game cannot be written in a シェルト format."""
    game = kifu_lark.loads("position startpos moves 7g7f", "usi")
    with pytest.raises(kifu_lark.KifuError):
        kifu_lark.dumps(game, "shelt-strict")
