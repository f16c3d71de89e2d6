"""Ctrl-C and SIGTERM during ``convert`` and ``export``: exit 128 + the signal's number with
one line, no temporary file left, and ``export --resume`` finishes the export after either.

Each run is a subprocess over a folder of many records, signalled once its first output
appears: long enough that it is still running then (each test checks it was interrupted).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.cli import main

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
RECORDS = 1500


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of RECORDS copies of the demo game, in CSA."""
    folder = tmp_path_factory.mktemp("records")
    game = kifu_lark.load(FIXTURES / "demo" / "yagura.kifu")
    text = kifu_lark.dumps(game, "csa", mainline_only=True)
    for i in range(RECORDS):
        (folder / f"g{i:05d}.csa").write_text(text, encoding="utf-8")
    return folder


def _signalled(argv: list[str], watch: Path, sig: signal.Signals) -> tuple[int, str]:
    """Run ``kifu-lark argv``, send ``sig`` once a file appears below ``watch`` (SIGINT to
    the process group, as a terminal's Ctrl-C does; SIGTERM to the process, as ``kill``
    does); returns the exit status and standard error."""
    child = subprocess.Popen(
        [sys.executable, "-m", "kifu_lark", *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while child.poll() is None and time.monotonic() < deadline:
            if watch.is_dir() and any(not p.name.startswith(".") for p in watch.iterdir()):
                break
            time.sleep(0.005)
        if sig == signal.SIGINT:
            os.killpg(child.pid, sig)
        else:
            child.send_signal(sig)
        _, err = child.communicate(timeout=60)
        time.sleep(0.2)
        with pytest.raises(ProcessLookupError):  # no worker goes on orphaned
            os.killpg(child.pid, 0)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)
    return child.returncode, err.decode("utf-8", "replace")


def _hidden(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob(".*"))


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_interrupted_convert_says_so_in_one_line(
    records: Path, tmp_path: Path, sig: signal.Signals, jobs: str
) -> None:
    """convert FOLDER stopped mid-run: exit 130 (Ctrl-C) or 143 (SIGTERM), one line, the
    files written are whole and no temporary file is left."""
    out = tmp_path / "out"
    status, err = _signalled(["convert", str(records), "-o", str(out), "--to", "kif",
                              "-j", jobs], out, sig)
    assert (128 + sig, 1) == (status, len(err.splitlines())), err
    assert err.startswith("kifu-lark: interrupted")
    assert [] == _hidden(out)
    written = sorted(out.iterdir())
    assert 0 < len(written) < RECORDS
    moves = len(kifu_lark.load(records / "g00000.csa").mainline())
    for path in written:
        assert moves == len(kifu_lark.load(path).mainline())


@pytest.mark.parametrize(
    ("sig", "to", "jobs"),
    [
        (signal.SIGINT, "parquet", "1"),
        (signal.SIGINT, "jsonl", "2"),
        (signal.SIGTERM, "jsonl", "1"),
        (signal.SIGTERM, "parquet", "2"),
    ],
)
def test_an_interrupted_export_resumes_to_the_same_output(
    records: Path, tmp_path: Path, sig: signal.Signals, to: str, jobs: str
) -> None:
    """export stopped mid-run: one line, no temporary file; --resume then writes what an
    uninterrupted export writes."""
    if to == "parquet":
        pytest.importorskip("pyarrow")
    out, whole = tmp_path / "out", tmp_path / "whole"
    argv = ["export", str(records), "--to", to, "--shard-size", "20", "-j", jobs]
    status, err = _signalled([*argv, "-o", str(out)], out / "games", sig)
    assert (128 + sig, 1) == (status, len(err.splitlines())), err
    assert err.startswith("kifu-lark: interrupted") and "--resume" in err
    assert [] == _hidden(out)
    assert RECORDS // 20 > len(list((out / "games").iterdir()))
    assert 0 == main([*argv, "-o", str(out), "--resume", "--summary", str(tmp_path / "s")])
    assert 0 == main([*argv, "-o", str(whole), "--summary", str(tmp_path / "t")])
    for table in ("games", "positions"):
        parts = sorted(p.name for p in (whole / table).iterdir())
        assert parts == sorted(p.name for p in (out / table).iterdir())
        for name in parts:
            assert (whole / table / name).read_bytes() == (out / table / name).read_bytes()


def test_resume_removes_the_temporary_files_a_killed_run_left(
    records: Path, tmp_path: Path
) -> None:
    """A run killed outright (SIGKILL, a power cut) leaves its temporary files: --resume
    removes them."""
    out = tmp_path / "out"
    argv = ["export", str(records / "g00000.csa"), "--to", "jsonl", "-o", str(out)]
    assert 0 == main([*argv, "--summary", str(tmp_path / "s")])
    left = [out / "positions" / ".part-00001.jsonl.k2x9q.part", out / "_done" / ".x.part"]
    for path in left:
        path.write_bytes(b"half")
    assert 0 == main([*argv, "--resume", "--summary", str(tmp_path / "s")])
    assert [] == _hidden(out)
