"""``kifu-lark validate``: a folder's files that are not read are named, not passed over."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kifu_lark.cli import main

CSA = "V2.2\nPI\n+\n+7776FU\n"


def test_a_folder_names_the_files_it_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Files of no record extension are named on standard error and counted; --json lists
    them."""
    (tmp_path / "a.csa").write_text(CSA)
    (tmp_path / "notes.txt").write_text("hi")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.kif.bak").write_text("old")
    assert 0 == main(["validate", str(tmp_path)])
    captured = capsys.readouterr()
    skipped = [str(tmp_path / "notes.txt"), str(tmp_path / "sub" / "b.kif.bak")]
    assert [f"{path}: skipped: not a record file (--glob takes it)" for path in skipped] == (
        captured.err.splitlines()
    )
    assert "1 files, 1 valid, 0 invalid, 2 skipped\n" == captured.out
    assert 0 == main(["validate", str(tmp_path), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert skipped == report["skipped"]
    assert {"files": 1, "valid": 1, "invalid": 0, "skipped": 2} == report["summary"]


def test_tolerate_truncated_reads_a_cut_file_and_reports_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file cut inside a character is invalid, located; --tolerate truncated reads its
    complete lines and reports the warning, in validate and convert."""
    data = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩".encode()[:-2]
    (tmp_path / "cut.kif").write_bytes(data)
    assert 1 == main(["validate", str(tmp_path / "cut.kif")])
    assert f"{tmp_path / 'cut.kif'}:4:8: error:" in capsys.readouterr().out
    assert 0 == main(["validate", "--tolerate", "truncated", str(tmp_path / "cut.kif")])
    out = capsys.readouterr().out
    assert f"{tmp_path / 'cut.kif'}:4:8: warning: the last line was left out" in out
    out_file = tmp_path / "out.csa"
    assert 0 == main(
        ["convert", "--tolerate", "truncated", str(tmp_path / "cut.kif"), "-o", str(out_file)]
    )
    assert "[TRUNCATED]" in capsys.readouterr().err
    assert "+7776FU\n-3334FU\n" in out_file.read_text()
