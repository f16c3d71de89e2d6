"""``kifu-lark export`` and ``kifu-lark validate`` on archives: help, summary, exit codes
(0 all read, 1 some records failed, 2 usage or a missing extra)."""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path

import pytest

from kifu_lark.cli import main
from kifu_lark.dataset import engines

GOOD = b"PI\n+\n+7776FU\n-3334FU\n%TORYO\n"
BAD = b"PI\n+\n+7776FU\n+3334FU\n"


@pytest.fixture(autouse=True)
def every_pool_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The archives here are small: a pool would leave them to one process
    (engines.pool_workers), so the pool's own path would go untested."""
    monkeypatch.setattr(engines, "POOL_ENTRIES", 1)


def _zip(path: Path, bad: bool) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("games/1.csa", GOOD)
        if bad:
            z.writestr("games/2.csa", BAD)
    return path


def test_help_names_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    """--help exits 0 and shows the engines, outputs and resume."""
    assert 0 == main(["export", "--help"])
    shown = capsys.readouterr().out
    for option in ("--to", "--engine", "--scheduler", "--resume", "--shard-size", "@FILE"):
        assert option in shown


def test_exit_0_with_a_summary_when_everything_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """All records read: exit 0; the JSON summary counts records and plies."""
    source = _zip(tmp_path / "a.zip", bad=False)
    assert 0 == main(["export", str(source), "-o", str(tmp_path / "out"), "--to", "jsonl"])
    summary = json.loads(capsys.readouterr().out)
    assert (1, 2, {}) == (summary["records"], summary["plies"], summary["failures"])


def test_a_pool_too_small_to_share_runs_in_one_process_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """-j 2 on one file (one shard): no pool starts, and the summary's workers is 1."""
    source = _zip(tmp_path / "a.zip", bad=False)
    out = tmp_path / "out"
    assert 0 == main(["export", str(source), "-o", str(out), "--to", "jsonl", "-j", "2"])
    summary = json.loads(capsys.readouterr().out)
    assert ("pool", 1, 1) == (summary["engine"], summary["workers"], summary["shards"])


def test_exit_1_when_a_record_fails_and_summary_to_a_file(tmp_path: Path) -> None:
    """A bad record: the export completes, exit 1, failures by code in --summary FILE."""
    source = _zip(tmp_path / "a.zip", bad=True)
    out, report = tmp_path / "out", tmp_path / "summary.json"
    argv = ["export", str(source), "-o", str(out), "--to", "jsonl", "--summary", str(report)]
    assert 1 == main(argv)
    summary = json.loads(report.read_text(encoding="utf-8"))
    assert (2, {"WRONG_TURN": 1}) == (summary["records"], summary["failures"])
    assert 2 == len((out / "games" / "part-00000.jsonl").read_text("utf-8").splitlines())


@pytest.mark.parametrize(
    "argv",
    [
        ["--to", "csv"],
        ["--engine", "threads"],
        ["--shard-size", "0"],
        ["--engine", "pool", "--scheduler", "tcp://127.0.0.1:1"],
        ["--from", "nosuchformat"],
    ],
)
def test_usage_errors_exit_2(tmp_path: Path, argv: list[str]) -> None:
    """Bad options exit 2 before anything is read or written."""
    source = _zip(tmp_path / "a.zip", bad=False)
    assert 2 == main(["export", str(source), "-o", str(tmp_path / "out"), *argv])
    assert not (tmp_path / "out" / "games").exists()


def test_a_missing_source_exits_2(tmp_path: Path) -> None:
    """A source that does not exist: exit 2."""
    assert 2 == main(["export", str(tmp_path / "absent"), "-o", str(tmp_path / "out")])


@pytest.mark.parametrize(
    ("modules", "argv", "extra"),
    [
        (("pyarrow", "pyarrow.parquet"), ["--to", "parquet"], "kifu-lark[parquet]"),
        (("distributed",), ["--to", "jsonl", "--engine", "dask"], "kifu-lark[dask]"),
    ],
)
def test_a_missing_library_exits_2_naming_the_extra(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    modules: tuple[str, ...],
    argv: list[str],
    extra: str,
) -> None:
    """Without pyarrow (or distributed), exit 2 and a message saying what to install."""
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)  # its import now raises ImportError
    source = _zip(tmp_path / "a.zip", bad=False)
    assert 2 == main(["export", str(source), "-o", str(tmp_path / "out"), *argv])
    err = capsys.readouterr().err
    assert extra in err
    assert "Traceback" not in err


def test_validate_reads_archive_members_on_a_pool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """validate names a bad member ARCHIVE/MEMBER:line:col, exit 1, with -j 2 as serially."""
    source = _zip(tmp_path / "a.zip", bad=True)
    outputs = []
    for jobs in ("1", "2"):
        assert 1 == main(["validate", str(source), "-j", jobs])
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert f"{source}/games/2.csa:4:1: error:" in outputs[0]
    assert "2 files, 1 valid, 1 invalid" in outputs[0]


def test_training_output_and_its_filters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--to psv with --end-reason 投了: the resigned game's two positions, 40 bytes each;
    --min-plies 3 leaves it out and says why in the summary."""
    source = _zip(tmp_path / "a.zip", bad=False)
    assert 0 == main(
        ["export", str(source), "-o", str(tmp_path / "a"), "--to", "psv", "--end-reason", "投了"]
    )
    first = json.loads(capsys.readouterr().out)
    assert 2 == first["training"]["records"]
    assert 80 == (tmp_path / "a" / "psv" / "part-00000.psv").stat().st_size
    assert 0 == main(
        ["export", str(source), "-o", str(tmp_path / "b"), "--to", "hcpe", "--min-plies", "3"]
    )
    second = json.loads(capsys.readouterr().out)
    assert {"plies": 1} == second["training"]["skipped_games"]


def test_legal_only_split_and_hcpe3_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--legal-only counts the %ILLEGAL_MOVE game as illegal; --split test=0.5 --seed S
    sends some of 20 files to hcpe3-test/ and the others to hcpe3/, the same for the
    same seed."""
    folder = tmp_path / "records"
    folder.mkdir()
    for n in range(20):  # 20 different games: a file's records say which file it was
        black, white = f"+{9 - n % 9}7{9 - n % 9}6FU", f"-{1 + n // 9}3{1 + n // 9}4FU"
        (folder / f"{n:02d}.csa").write_bytes(f"PI\n+\n{black}\n{white}\n%TORYO\n".encode())
    (folder / "foul.csa").write_bytes(b"PI\n+\n+7776FU\n-3334FU\n%ILLEGAL_MOVE\n")
    argv = ["export", str(folder), "--to", "hcpe3", "--legal-only", "--split", "test=0.5"]
    summaries = []
    for name, seed in (("a", "1"), ("b", "1"), ("c", "2")):
        assert 0 == main([*argv, "--seed", seed, "-o", str(tmp_path / name)])
        summaries.append(json.loads(capsys.readouterr().out)["training"])
    assert {"illegal": 1} == summaries[0]["skipped_games"]
    tested = [s["test"]["files"] for s in summaries]
    assert 0 < tested[0] < 20 and tested[0] == tested[1]

    def names(out: str) -> bytes:
        return (tmp_path / out / "hcpe3-test" / "part-00000.hcpe3").read_bytes()

    assert names("a") == names("b")
    assert names("a") != names("c")


@pytest.mark.parametrize(
    "argv",
    [
        ["--to", "parquet", "--min-plies", "3"],
        ["--to", "hcpe", "--end-reason", "victory"],
        ["--to", "hcpe", "--eval-limit", "40000"],
        ["--to", "hcpe", "--split", "test=1.5"],
        ["--to", "hcpe", "--split", "valid=0.1"],
        ["--to", "hcpe", "--seed", "3"],
        ["--to", "jsonl", "--split", "test=0.1"],
        ["--to", "parquet", "--legal-only"],
    ],
)
def test_training_options_misused_exit_2(tmp_path: Path, argv: list[str]) -> None:
    """A filter without a training output, an unknown ending, a limit past int16: exit 2."""
    source = _zip(tmp_path / "a.zip", bad=False)
    assert 2 == main(["export", str(source), "-o", str(tmp_path / "out"), *argv])


@pytest.mark.parametrize(
    ("modules", "argv", "archive"),
    [
        (("pyarrow", "pyarrow.parquet"), ["--to", "parquet"], "a.zip"),
        (("distributed",), ["--to", "jsonl", "--engine", "dask"], "a.zip"),
        (("py7zr",), ["--to", "jsonl"], "a.7z"),
    ],
)
def test_a_missing_library_is_found_before_anything_is_written(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    modules: tuple[str, ...],
    argv: list[str],
    archive: str,
) -> None:
    """An export refused for a missing extra leaves no output folder, so the same command
    runs once the extra is installed."""
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)  # its import now raises ImportError
    source = _zip(tmp_path / archive, bad=False)
    out = tmp_path / "out"
    assert 2 == main(["export", str(source), "-o", str(out), *argv])
    assert not out.exists()
    if archive == "a.zip" and "dask" not in argv:
        monkeypatch.undo()
        summary = ["--summary", str(tmp_path / "summary.json")]
        assert 0 == main(["export", str(source), "-o", str(out), *argv, *summary])


def test_help_of_to_names_every_output(capsys: pytest.CaptureFixture[str]) -> None:
    """--to's own help says what each output is, hcpe and psv included."""
    from kifu_lark.dataset.export import OUTPUTS

    assert 0 == main(["export", "--help"])
    shown = capsys.readouterr().out
    block = shown[shown.index("\n  --to") : shown.index("\n  --from")]
    help_text = block.split("}", 1)[1]
    for name in OUTPUTS:
        assert name in help_text
