"""Training data from an archive, end to end, as users run it (issue 34): ``kifu-lark export
FOLDER --to hcpe`` beside the cshogi script dlshogi's users run on the same files.

Records: floodgate-shaped CSA files (``benchmarks.realistic``: engine names, times, an
``'**`` line after every move), one a file, written to a temporary folder. Each pipeline runs
as its own process, timed on the wall clock from start-up to the last byte written, in
rounds: each round runs every pipeline once, one after the other, so that a round's ratios
compare runs made within seconds of each other. Each line gives the best time of the rounds
and the median of the rounds' ratios (a shared machine's speed drifts between rounds more
than within one):

- the cshogi script, python-dlshogi2's ``csa_to_hcpe`` shape: ``CSA.Parser.parse_file``,
  the end-of-game filter, then per move ``is_legal``, ``to_hcp``, the score of the
  comment, ``move16``, ``push``, the records written with numpy's ``tofile``;
- ``kifu-lark export FOLDER --to hcpe`` on one process, and with ``-j 2`` (the default cut
  of the files into shards);
- ``kifu-lark validate FOLDER`` (reading and validating alone, one process).

Every process runs as on a user's machine: Python may keep its compiled bytecode (the
``PYTHONDONTWRITEBYTECODE`` of a test box is dropped) and kifu-lark its parser cache; a
first round warms both, for the script and for ours alike, and is not counted.

Then the peak memory (resident set) of ``export --to hcpe`` on one process, on a quarter of
the files and on all of them: it must stay flat with the archive's size.

Targets (issue 34): one process ≥ 0.6x the script's moves/s; ``-j 2`` ≥ 1.7x over one.
``BENCH_TRAINING_RECORDS`` sets the number of files (1 600 by default),
``BENCH_TRAINING_ROUNDS`` the rounds counted (3).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import realistic

RECORDS = int(os.environ.get("BENCH_TRAINING_RECORDS", "1600"))
ROUNDS = max(1, int(os.environ.get("BENCH_TRAINING_ROUNDS", "3")))

# python-dlshogi2's csa_to_hcpe.py, its filters set to keep every finished game.
_CSHOGI_SCRIPT = """
import sys
from pathlib import Path
import numpy as np
from cshogi import BLACK, CSA, Board, HuffmanCodedPosAndEval, move16

folder, out = Path(sys.argv[1]), sys.argv[2]
board = Board()
hcpes = np.zeros(1024, HuffmanCodedPosAndEval)
written = 0
with open(out, "wb") as f:
    for path in sorted(folder.glob("*.csa")):
        for kif in CSA.Parser.parse_file(str(path)):
            if kif.endgame not in ("%TORYO", "%SENNICHITE", "%KACHI"):
                continue
            board.set_sfen(kif.sfen)
            p = 0
            try:
                for move, score in zip(kif.moves, kif.scores):
                    if not board.is_legal(move):
                        raise ValueError("illegal move")
                    hcp = hcpes[p]["hcp"]
                    board.to_hcp(hcp)
                    value = min(32767, max(score, -32767))
                    hcpes[p]["eval"] = value if board.turn == BLACK else -value
                    hcpes[p]["bestMove16"] = move16(move)
                    hcpes[p]["gameResult"] = kif.win
                    board.push(move)
                    p += 1
            except ValueError:
                continue
            hcpes[:p].tofile(f)
            written += p
print(written)
"""


#: The environment of the timed processes: bytecode kept, as on a user's machine.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _timed(command: list[str], out: Path) -> float:
    """The wall time of one run of ``command`` (``out`` removed before it)."""
    if out.is_dir():
        shutil.rmtree(out)
    elif out.exists():
        out.unlink()
    started = time.perf_counter()
    subprocess.run(command, check=False, capture_output=True, env=_ENV)
    return time.perf_counter() - started


# Runs a command and prints the peak resident set of its process tree's largest process, KB.
_PEAK_RSS = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=False, capture_output=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def _peak_rss(command: list[str], out: Path) -> int:
    """The peak resident set of ``command`` (its largest process), in KB."""
    if out.exists():
        shutil.rmtree(out)
    done = subprocess.run(
        [sys.executable, "-c", _PEAK_RSS, *command], check=True, capture_output=True, text=True
    )
    return int(done.stdout.split()[-1])


def _has_pyarrow() -> bool:
    """Whether ``export --to parquet`` can run here (the parquet extra)."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return False
    return True


def _records(out: Path) -> int:
    """HCPE records in ``out`` (a file, or a folder of part files)."""
    files = [out] if out.is_file() else sorted(out.rglob("*.hcpe"))
    return sum(f.stat().st_size for f in files) // 38


def main() -> None:
    """Print moves/s of the cshogi script and of ours on one and two processes."""
    try:
        import cshogi  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        print("cshogi is not installed (the bench extra): nothing to compare with")
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "records"
        folder.mkdir()
        moves = realistic.write_csa_folder(folder, RECORDS)
        print(
            f"{RECORDS} floodgate-shaped CSA files, {moves} moves; wall time, best of {ROUNDS} "
            "rounds; ratios: the median of the rounds'"
        )
        script = Path(tmp) / "csa_to_hcpe.py"
        script.write_text(_CSHOGI_SCRIPT)
        theirs_out = Path(tmp) / "cshogi.hcpe"
        ours_out = Path(tmp) / "ours"
        export = [sys.executable, "-m", "kifu_lark", "export", str(folder), "-o", str(ours_out)]
        pipelines = {
            "script": ([sys.executable, str(script), str(folder), str(theirs_out)], theirs_out),
            "one": ([*export, "--to", "hcpe"], ours_out),
            "two": ([*export, "--to", "hcpe", "-j", "2"], ours_out),
            "validate": ([sys.executable, "-m", "kifu_lark", "validate", str(folder)], ours_out),
        }
        if _has_pyarrow():
            pipelines["parquet"] = ([*export, "--to", "parquet"], ours_out)
        times: dict[str, list[float]] = {name: [] for name in pipelines}
        counts: dict[str, int] = {}
        for round_ in range(ROUNDS + 1):
            for name, (command, out) in pipelines.items():
                seconds = _timed(command, out)
                if name in ("script", "one", "two"):
                    counts[name] = _records(out)
                if round_:  # the first round warms up
                    times[name].append(seconds)
        best = {name: min(found) for name, found in times.items()}

        def ratio(top: str, bottom: str) -> float:
            return statistics.median(a / b for a, b in zip(times[top], times[bottom], strict=True))

        labels = {
            "script": ("the cshogi script (csa_to_hcpe)", f"{counts['script']} records"),
            "one": ("kifu-lark export --to hcpe", f"{counts['one']} records"),
            "two": ("the same, -j 2", f"{counts['two']} records"),
            "validate": ("kifu-lark validate", "no output"),
            "parquet": ("kifu-lark export --to parquet (games and positions)", "tables"),
        }
        for name in pipelines:
            label, what = labels[name]
            print(
                f"{label}: {moves / best[name]:,.0f} moves/s, x{ratio('script', name):.2f} of "
                f"the script ({best[name]:.2f} s, {what})"
            )
        print(f"ours on one process / cshogi script: x{ratio('script', 'one'):.2f} (target 0.6)")
        if "parquet" in pipelines:
            print(
                f"parquet with positions / cshogi script: x{ratio('script', 'parquet'):.2f} "
                "(target 0.5)"
            )
        print(f"-j 2 over one process: x{ratio('one', 'two'):.2f} (target 1.7)")
        quarter = Path(tmp) / "quarter"
        quarter.mkdir()
        for path in sorted(folder.glob("*.csa"))[: RECORDS // 4]:
            shutil.copy(path, quarter / path.name)
        small = [sys.executable, "-m", "kifu_lark", "export", "--to", "hcpe", "-o", str(ours_out)]
        peaks = [_peak_rss([*small, str(source)], ours_out) for source in (quarter, folder)]
        print(
            f"peak memory of export --to hcpe: {peaks[0] / 1024:,.0f} MB on {RECORDS // 4} "
            f"files, {peaks[1] / 1024:,.0f} MB on {RECORDS} (x{peaks[1] / peaks[0]:.2f})"
        )
