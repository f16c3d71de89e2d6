"""Every generic command with シェルト records: it works, or refuses with a usage error
(exit 2) — never a traceback, never a silent success."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kifu_lark import shelt
from kifu_lark.cli import main
from kifu_lark.formats.registry import all_formats, get_format
from kifu_lark.shelt.board import board_text
from tests.conftest import FIXTURES

RECORDS = sorted(
    [*FIXTURES.glob("msf/*.msf"), *FIXTURES.glob("shelt-*/*.sh??")],
    key=lambda p: p.as_posix(),
)
SHELT_FORMATS = [f.name for f in all_formats() if f.game == "shelt"]


def test_the_fixtures_are_found() -> None:
    """Records of every シェルト format are exercised."""
    assert {".msf", ".shsi", ".shkj", ".shst"} <= {p.suffix for p in RECORDS}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_demo_writes_every_shelt_format_and_the_final_board(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """demo converts to the シェルト formats (not the shogi ones) and draws the end."""
    record = shelt.load(path)
    assert 0 == main(["demo", str(path)])
    out = capsys.readouterr().out
    assert f"# {path}: {len(record.plies)} plies, read as " in out.splitlines()[0]
    for name in SHELT_FORMATS:
        assert f"\n## {name}\n" in out
    assert "\n## csa\n" not in out
    draw = get_format(path.suffix[1:] if path.suffix == ".msf" else path.parent.name).board_text
    assert draw is not None
    assert draw(record, None) == out.split("\n## final position\n")[1]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_show_svg_writes_the_board(path: Path, tmp_path: Path) -> None:
    """show --svg writes a picture of the position asked for: its pieces on their squares."""
    record = shelt.load(path)
    out = tmp_path / "board.svg"
    ply = len(record.plies) // 2
    assert 0 == main(["show", str(path), "--svg", str(out), "--ply", str(ply)])
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    drawn = {
        t.attrib["data-square"]: t.attrib["data-piece"]
        for t in root.iter("{http://www.w3.org/2000/svg}text")
        if "piece" in t.attrib.get("class", "").split()
    }
    state = record.positions()[ply]
    expected = {
        f"{'vestbip'[r]}{f}": name
        for r, row in enumerate(state.board)
        for f, name in enumerate(row, start=1)
        if name is not None
    }
    assert expected == drawn


def test_show_prints_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    """show prints the text drawing after the ply asked for."""
    path = FIXTURES / "msf" / "listed_order.msf"
    assert 0 == main(["show", str(path), "--ply", "3"])
    assert board_text(shelt.load(path), 3) == capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["show", "{}", "--ply", "999"], "plies, not 999"),
        (["show", "{}", "--ply", "-1"], "plies, not -1"),
        (["show", "{}", "--svg", "{out}", "--ply", "999"], "plies, not 999"),
        (["show", "{}", "--moves", "55"], "--moves"),
        (["show", "{}", "--glyphs", "letters"], "--glyphs"),
        (["convert", "{}", "--to", "csa"], "shelt record; csa holds shogi records"),
        (["convert", "{}", "--to", "sfen", "--every-ply"], "shelt record; sfen holds shogi"),
        (["convert", "{}", "-o", "{out}", "--to", "kif"], "shelt record; kif holds shogi"),
    ],
)
def test_what_cannot_be_done_is_refused_with_exit_2(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Impossible requests exit 2 with a one-line reason and write nothing."""
    path = FIXTURES / "msf" / "listed_order.msf"
    out = tmp_path / "out.file"
    argv = [a.format(path, out=out) for a in args]
    assert 2 == main(argv)
    err = capsys.readouterr().err
    assert err.startswith("kifu-lark: ") and message in err
    assert "Traceback" not in err
    assert not out.exists()


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
@pytest.mark.parametrize("target", SHELT_FORMATS)
def test_convert_to_every_shelt_format_reads_back(
    path: Path, target: str, tmp_path: Path
) -> None:
    """convert writes each シェルト format; the file reads back to the same positions
    (annotations such as check marks only where the format holds them)."""
    out = tmp_path / f"out.{target}"
    assert 0 == main(["convert", str(path), "-o", str(out), "--to", target])
    before, after = shelt.load(path).positions(), shelt.load(out, target).positions()
    assert len(before) == len(after)
    assert all(a.same_as(b) for a, b in zip(before, after, strict=True))


def test_a_shogi_record_is_not_converted_to_a_shelt_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The other way round is a usage error too."""
    src = tmp_path / "g.usi"
    src.write_text("position startpos moves 7g7f\n")
    assert 2 == main(["convert", str(src), "--to", "msf"])
    assert "shogi record; msf holds shelt records" in capsys.readouterr().err


def test_validate_and_formats(capsys: pytest.CaptureFixture[str]) -> None:
    """validate reads every シェルト fixture as valid; formats lists the シェルト formats."""
    assert 0 == main(["validate", "--json", *map(str, RECORDS)])
    report = json.loads(capsys.readouterr().out)
    assert len(RECORDS) == report["summary"]["valid"]
    assert 0 == main(["formats", "--game", "shelt", "--names"])
    assert SHELT_FORMATS == capsys.readouterr().out.split()
