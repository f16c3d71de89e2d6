"""An empty or blank text is no record: every reader, ``validate`` and ``convert`` say so
with the code EMPTY at 1:1, and nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.cli import main
from kifu_lark.errors import KifuError
from kifu_lark.formats.registry import all_formats

BLANKS = ["", "\n", "  \r\n\t\n", "\ufeff", "\ufeff\n\n", "\u3000\n"]
FORMATS = [f.name for f in all_formats()]


@pytest.mark.parametrize("name", FORMATS)
@pytest.mark.parametrize("text", BLANKS, ids=repr)
def test_every_reader_refuses_a_blank_text(name: str, text: str) -> None:
    """loads_all(blank, fmt) raises EMPTY located at 1:1 for every registered format."""
    with pytest.raises(KifuError) as caught:
        kifu_lark.loads_all(text, name)
    err = caught.value
    assert ("EMPTY", name, 1, 1) == (err.code, err.format, err.line, err.column)


def test_blank_text_without_a_format_is_empty_not_unknown() -> None:
    """Format detection does not hide the real problem: the text is empty."""
    with pytest.raises(KifuError) as caught:
        kifu_lark.loads("\n\n")
    assert "EMPTY" == caught.value.code


@pytest.mark.parametrize("suffix", [".kif", ".csa", ".jkf", ".ki2", ".usi"])
def test_validate_reports_an_empty_file_as_invalid(
    tmp_path: Path, suffix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """validate exits 1 and reports the code EMPTY for a zero-byte file."""
    path = tmp_path / ("empty" + suffix)
    path.write_bytes(b"")
    assert 1 == main(["validate", "--format", "json", str(path)])
    report = json.loads(capsys.readouterr().out)
    assert ["EMPTY"] == [e["code"] for e in report["files"][0]["errors"]]


def test_convert_refuses_an_empty_file_and_writes_nothing(tmp_path: Path) -> None:
    """convert of a blank file exits 1 and leaves no output file behind."""
    src = tmp_path / "blank.kif"
    src.write_bytes(b"\r\n \r\n")
    out = tmp_path / "out.csa"
    assert 1 == main(["convert", str(src), "--to", "csa", "-o", str(out)])
    assert not out.exists()
