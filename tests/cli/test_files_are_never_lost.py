"""convert never loses a file: colliding outputs are named apart before anything is written,
nothing written in a run is overwritten in that run, files appear whole (temporary name, then
rename), the summary counts files written; folder walks take what --from / --glob say; bad
options and unwritable outputs are one clean error."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.cli import main
from kifu_lark.errors import KifuError
from kifu_lark.files import write_atomically

KIF = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"
KI2 = "手合割：平手\n▲２六歩 △８四歩\n"
CSA = "V2.2\nPI\n+\n+5756FU\n"


def _moves(path: Path) -> list[str]:
    return [n.move.usi() for n in kifu_lark.load(path).mainline() if n.move is not None]


def test_colliding_outputs_keep_their_source_extension(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """X.kif and X.kifu become X.kif.csa and X.kifu.csa, each from its own source."""
    src = tmp_path / "in"
    src.mkdir()
    (src / "X.kif").write_bytes(KIF.encode("cp932"))
    (src / "X.kifu").write_text(
        "手合割：平手\n手数----指手---------消費時間--\n   1 ２六歩(27)\n", encoding="utf-8"
    )
    (src / "Y.ki2u").write_text(KI2, encoding="utf-8")
    out = tmp_path / "out"
    assert 0 == main(["convert", str(src), "-o", str(out), "--to", "csa"])
    assert ["X.kif.csa", "X.kifu.csa", "Y.csa"] == sorted(p.name for p in out.iterdir())
    assert ["7g7f", "3c3d"] == _moves(out / "X.kif.csa")
    assert ["2g2f"] == _moves(out / "X.kifu.csa")
    summary = "3 files, 3 converted, 0 failed, 3 files written, 0 with warnings"
    assert summary in capsys.readouterr().err


def test_a_second_run_refuses_existing_files_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --force nothing is overwritten and the summary says 0 written."""
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.csa").write_text(CSA, encoding="utf-8")
    out = tmp_path / "out"
    assert 0 == main(["convert", str(src), "-o", str(out), "--to", "kif"])
    (out / "a.kif").write_bytes(b"mine")
    capsys.readouterr()
    assert 2 == main(["convert", str(src), "-o", str(out), "--to", "kif"])
    assert b"mine" == (out / "a.kif").read_bytes()
    assert "0 files written" in capsys.readouterr().err
    assert 0 == main(["convert", str(src), "-o", str(out), "--to", "kif", "--force"])
    assert ["5g5f"] == _moves(out / "a.kif")


@pytest.mark.parametrize("switch", ["--force", "--overwrite"])
@pytest.mark.parametrize(
    "command",
    [
        ["convert", "{src}", "-o", "{out}", "--to", "kif"],
        ["html", "{src}", "-o", "{out}"],
        ["export", "{src}", "-o", "{out}", "--to", "hcpe"],
    ],
)
def test_every_writing_command_takes_both_names_of_the_switch(
    tmp_path: Path, command: list[str], switch: str
) -> None:
    """``--force`` and ``--overwrite`` are one switch wherever files are replaced: a second
    run is refused without it and replaces what it wrote with it."""
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.csa").write_text(CSA, encoding="utf-8")
    argv = [a.format(src=src, out=tmp_path / "out") for a in command]
    assert 0 == main(argv)
    assert 0 != main(argv)
    assert 0 == main([*argv, switch])


def test_extra_games_never_overwrite_another_inputs_output(tmp_path: Path) -> None:
    """a.csa holds two games (a-1, a-2); a-2.kif's output a-2.csa is not overwritten."""
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.csa").write_text(CSA + "/\n" + CSA.replace("5756", "2726"), encoding="utf-8")
    (src / "a-2.kif").write_bytes(KIF.encode("cp932"))
    out = tmp_path / "out"
    assert 2 == main(["convert", str(src), "-o", str(out), "--to", "csa", "--force"])
    assert ["7g7f", "3c3d"] == _moves(out / "a-2.csa")
    assert ["5g5f"] == _moves(out / "a-1.csa")


def test_outputs_appear_whole_or_not_at_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that fails at the rename leaves the old file as it was and no temporary."""
    target = tmp_path / "g.kif"
    target.write_bytes(b"old")

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(KifuError) as caught:
        write_atomically(target, b"new")
    assert "IO" == caught.value.code
    assert [target] == list(tmp_path.iterdir())
    assert b"old" == target.read_bytes()


def test_library_dump_is_atomic_too(tmp_path: Path) -> None:
    """dump leaves no temporary file beside the record it wrote."""
    game = kifu_lark.loads(CSA, "csa")
    kifu_lark.dump(game, tmp_path / "g.kif")
    assert ["g.kif"] == [p.name for p in tmp_path.iterdir()]


def test_from_chooses_the_reader_and_glob_the_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--from jkf reads .jkf files only; --glob '*.json' takes JSON files as JKF."""
    game = kifu_lark.loads(CSA, "csa")
    (tmp_path / "a.json").write_text(kifu_lark.dumps(game, "jkf"), encoding="utf-8")
    (tmp_path / "b.csa").write_text(CSA, encoding="utf-8")
    assert 2 == main(["validate", "--from", "jkf", str(tmp_path)])  # no .jkf file: none found
    capsys.readouterr()
    assert 0 == main(["validate", "--from", "jkf", "--glob", "*.json", "--json", str(tmp_path)])
    report = json.loads(capsys.readouterr().out)
    assert [str(tmp_path / "a.json")] == [f["file"] for f in report["files"]]


@pytest.mark.parametrize(
    "argv",
    [
        ["validate", "--from", "nosuchformat"],
        ["validate", "--tolerate", "nosuchrule"],
        ["validate", "--encoding", "nosuchcodec"],
        ["convert", "--to", "kif", "--out-encoding", "nosuchcodec"],
    ],
)
def test_misspelled_options_are_one_usage_error(
    tmp_path: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 2 with one message, before any record is read or reported."""
    (tmp_path / "a.csa").write_text(CSA, encoding="utf-8")
    (tmp_path / "b.csa").write_text(CSA, encoding="utf-8")
    assert 2 == main([*argv, str(tmp_path)])
    captured = capsys.readouterr()
    assert "" == captured.out
    assert 1 == len(captured.err.strip().splitlines())


@pytest.mark.parametrize("where", ["file/inside.kif", "/proc/kifu-lark-test.kif", "x" * 300])
def test_unwritable_output_is_a_clean_error(
    tmp_path: Path, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file where a folder should be, /proc, a name too long: exit 2, one line naming the
    input (as a folder's conversion reports it), no traceback and no file."""
    src = tmp_path / "a.csa"
    src.write_text(CSA, encoding="utf-8")
    (tmp_path / "file").write_bytes(b"")
    out = where if where.startswith("/") else str(tmp_path / where)
    assert 2 == main(["convert", str(src), "--to", "kif", "-o", out])
    err = capsys.readouterr().err
    assert err.startswith(f"{src}: cannot write ") and "Traceback" not in err
    assert 1 == len(err.splitlines()) and "[IO]" in err


def test_written_files_get_the_mode_a_plain_write_gives_or_keep_the_old_one(
    tmp_path: Path,
) -> None:
    """The temporary file is private while written; the result is not: a new file gets what
    open() would give it under the umask, a replaced file keeps its own mode."""
    fresh = tmp_path / "fresh.kif"
    plain = tmp_path / "plain.kif"
    write_atomically(fresh, b"x")
    plain.write_bytes(b"x")
    assert (plain.stat().st_mode & 0o777) == (fresh.stat().st_mode & 0o777)
    os.chmod(fresh, 0o640)
    write_atomically(fresh, b"y")
    assert 0o640 == fresh.stat().st_mode & 0o777
    assert b"y" == fresh.read_bytes()
