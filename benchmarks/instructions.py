"""Instructions per move of plain reading and of the export, counted with valgrind's
callgrind: ``python -m benchmarks.instructions [--records N]``.

The export's target (issue 17) is a ratio of two speeds, and the machines we run on are noisy:
two timed runs of the same code differ by a quarter, more than most changes we make. Counted
instructions do not: they repeat to a few parts in a thousand, so a change of 5 % shows. Not a
speed (memory and caches count too): the timed figures stay ``python -m benchmarks export``.

Each way is run twice in a child process under callgrind on the same records, once warming
up only (imports, grammars, the evaluation patterns, pyarrow on a few other records) and
once warming up then measuring: the difference is what the records cost. Needs valgrind
(``apt install valgrind``) and pyarrow; prints what is missing otherwise.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

WAYS = ("plain", "games", "positions")
_WARM_UP = 10
_COLLECTED = re.compile(r"Collected : (\d+)")


def _write(folder: Path, records: int) -> int:
    """``records`` floodgate-shaped CSA files in ``folder/measured`` and a few more in
    ``folder/warm-up``; returns the measured ones' moves."""
    from benchmarks import realistic

    moves = 0
    (folder / "measured").mkdir()
    (folder / "warm-up").mkdir()
    for n, plan in enumerate(realistic.plans(records + _WARM_UP)):
        text = realistic.csa_text(plan, floodgate=True)
        if n < records:
            (folder / "measured" / f"{n:05d}.csa").write_text(text)
            moves += len(plan.moves)
        else:
            (folder / "warm-up" / f"{n:05d}.csa").write_text(text)
    return moves


def _child(way: str, folder: Path, measure: bool) -> None:
    """What runs under callgrind: the warm-up, then (with ``measure``) the records."""
    import kifu_lark
    from kifu_lark.dataset import export

    def run(source: Path, out: Path) -> None:
        if way == "plain":
            for path in sorted(source.iterdir()):
                kifu_lark.load(path)
        else:
            export([str(source)], str(out), shard_size=100_000, positions=way == "positions")

    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as tmp:
        run(folder / "warm-up", Path(tmp) / "warm-up")
        if measure:
            run(folder / "measured", Path(tmp) / "measured")


def _count(way: str, folder: Path, measure: bool) -> int:
    """Instructions the child executes."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        "-m",
        "benchmarks.instructions",
        "--child",
        way,
        str(folder),
    ]
    if measure:
        command.append("--measure")
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"callgrind run failed ({way}): {done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    """Print instructions per move of each way and the export's ratios to plain reading."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.instructions",
        description="Instructions per move (callgrind) of plain reading and of the export.",
    )
    parser.add_argument("--records", type=int, default=100, help="records measured (100)")
    parser.add_argument("--child", nargs=2, metavar=("WAY", "FOLDER"), help=argparse.SUPPRESS)
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.child:
        _child(options.child[0], Path(options.child[1]), options.measure)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt install valgrind): nothing to count")
        return 0
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        print("pyarrow is not installed (pip install -e '.[parquet]'): nothing to count")
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as tmp:
        folder = Path(tmp)
        moves = _write(folder, options.records)
        runs = [(way, measure) for way in WAYS for measure in (False, True)]
        with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
            found = pool.map(lambda run: _count(run[0], folder, run[1]), runs)
            counts = dict(zip(runs, found, strict=True))
    cost = {way: counts[way, True] - counts[way, False] for way in WAYS}
    print(f"{options.records} floodgate-shaped CSA records, {moves} moves (callgrind):")
    labels = ("plain reading (load)", "export parquet, games only", "export parquet + positions")
    for way, label in zip(WAYS, labels, strict=True):
        ratio = cost["plain"] / cost[way]
        print(f"  {label}: {cost[way] / moves:,.0f} instructions per move ({ratio:.0%} of plain)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
