"""``kifu-lark convert``: a folder gets what a file gets, tolerated breaches are reported,
exit statuses agree between a file and a folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from kifu_lark.cli import main

# A comment with a character CP932 cannot hold: only a UTF-8 file keeps it.
CSA = "V2.2\nPI\n+\n+7776FU\n'𠮷野家で\n-3334FU\n"


@pytest.mark.parametrize(("to", "extension"), [("kifu", ".kifu"), ("ki2u", ".ki2u")])
def test_a_folder_gets_the_file_a_single_conversion_gets(
    tmp_path: Path, to: str, extension: str
) -> None:
    """--to kifu on a folder, or a file into a folder, writes UTF-8 .kifu files, the bytes
    -o x.kifu gets."""
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.csa").write_text(CSA, encoding="utf-8")
    single = tmp_path / f"x{extension}"
    assert 0 == main(["convert", str(src / "a.csa"), "-o", str(single)])
    assert 0 == main(["convert", str(src / "a.csa"), "--to", to, "-o", str(tmp_path / "one") + "/"])
    assert 0 == main(["convert", str(src), "--to", to, "-o", str(tmp_path / "many")])
    assert "𠮷野家" in single.read_text(encoding="utf-8")
    assert single.read_bytes() == (tmp_path / "one" / f"a{extension}").read_bytes()
    assert single.read_bytes() == (tmp_path / "many" / f"a{extension}").read_bytes()


def test_a_folder_to_kif_writes_what_a_kif_file_gets(tmp_path: Path) -> None:
    """--to kif on a folder writes .kif files, in CP932 as -o x.kif does."""
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.csa").write_text(CSA.replace("𠮷", "吉"), encoding="utf-8")
    assert 0 == main(["convert", str(src / "a.csa"), "-o", str(tmp_path / "x.kif")])
    assert 0 == main(["convert", str(src), "--to", "kif", "-o", str(tmp_path / "many")])
    assert (tmp_path / "x.kif").read_bytes() == (tmp_path / "many" / "a.kif").read_bytes()


NIFU = "position sfen 4k4/9/9/9/9/9/4P4/9/4K4 b P 1 moves P*5e\n"


def _validate_warning(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert 0 == main(["validate", str(path), "--tolerate", "two_pawns"])
    (line,) = [x for x in capsys.readouterr().out.splitlines() if ": warning: " in x]
    return line


@pytest.mark.parametrize("output", ["-", "g.sfen", "out/"])
def test_a_tolerated_breach_is_reported_as_validate_reports_it(
    tmp_path: Path, output: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """convert --tolerate prints each breach it lets through, the line validate prints."""
    rec = tmp_path / "nifu.usi"
    rec.write_text(NIFU)
    expected = _validate_warning(rec, capsys)
    out = output if output == "-" else str(tmp_path / output)
    assert 0 == main(["convert", str(rec), "--to", "sfen", "--tolerate", "two_pawns", "-o", out])
    assert [expected] == capsys.readouterr().err.splitlines()


def test_a_folder_counts_the_files_with_tolerated_breaches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In a folder, each breach is reported and the summary counts the file as warned."""
    src = tmp_path / "in"
    src.mkdir()
    (src / "nifu.usi").write_text(NIFU)
    (src / "good.usi").write_text("position startpos moves 7g7f\n")
    expected = _validate_warning(src / "nifu.usi", capsys)
    out = str(tmp_path / "out")
    assert 0 == main(["convert", str(src), "--to", "sfen", "--tolerate", "two_pawns", "-o", out])
    err = capsys.readouterr().err.splitlines()
    assert [
        expected,
        "2 files, 2 converted, 0 failed, 2 files written, 1 with warnings",
    ] == err


def test_an_empty_folder_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """convert of a folder holding no record exits 2, as validate and export do."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "notes.txt").write_text("not a record")
    out = tmp_path / "out"
    assert 2 == main(["convert", str(tmp_path / "in"), "-o", str(out), "--to", "csa"])
    assert 2 == main(["validate", str(tmp_path / "in")])
    err = capsys.readouterr().err.splitlines()
    assert 2 == len(err) and err[0] == err[1] and "no record files found" in err[0]
    assert not out.exists()


def test_a_write_failure_exits_alike_for_a_file_and_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An output that cannot be written ([IO]) exits 2 whether one file or a folder is
    converted."""
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.csa").write_text(CSA, encoding="utf-8")
    (tmp_path / "file").write_bytes(b"")
    out = tmp_path / "file" / "out"
    assert 2 == main(["convert", str(src / "a.csa"), "-o", str(out / "a.kifu")])
    single = capsys.readouterr().err.splitlines()
    assert 2 == main(["convert", str(src), "-o", str(out), "--to", "kifu"])
    folder = capsys.readouterr().err.splitlines()
    # one line alike, naming the input; the folder's summary after it
    assert [f"{src / 'a.csa'}: cannot write {out / 'a.kifu'}: Not a directory [IO] "
            "(check that the folder exists, is a folder and is writable)"] == single
    assert single == folder[:1] and "1 failed" in folder[1]


def test_an_existing_output_exits_alike_for_a_file_and_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An output that exists (no --force) is the request's fault: exit 2 and the same line
    for one file and for a folder (a single file once said it as a "kifu-lark:" line, 1)."""
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.csa").write_text(CSA, encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.kifu").write_text("")
    assert 2 == main(["convert", str(src / "a.csa"), "-o", str(out / "a.kifu")])
    single = capsys.readouterr().err.splitlines()
    assert 2 == main(["convert", str(src), "-o", str(out), "--to", "kifu"])
    folder = capsys.readouterr().err.splitlines()
    assert [f"{src / 'a.csa'}: {out / 'a.kifu'} exists [EXISTS] (pass --force to replace it)"] == (
        single
    )
    assert single == folder[:1]
