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
