"""What exporting costs over plain reading, and what a second worker buys (issue 17).

Records: floodgate-shaped CSA files (``benchmarks.realistic``: engine names, times, an
``'**`` line after every move), written to a temporary folder. Timed in turn, best of a few:

- plain reading: ``kifu_lark.load`` of every file, one process;
- export to Parquet with the ``positions`` table (and without it, and to JSON lines), serial;
- export to Parquet with positions on 1 and on 2 worker processes (``--engine pool``).

The serial figures count this process's CPU time (per core, as the target is put), so that
other programs on the machine change them little; the 1 and 2 worker figures are wall time.

Targets (issue 17): export with positions at ≥ 70 % of plain reading per core; 2 workers
≥ 1.8x one. The machine's other load shows in the second figure: run it on a quiet one.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import kifu_lark
from benchmarks import realistic
from benchmarks.common import in_turn
from kifu_lark.dataset import export

RECORDS = int(os.environ.get("BENCH_EXPORT_RECORDS", "800"))
SHARD = 50


def _burn(count: int) -> int:
    """A loop of pure Python arithmetic: what the machine gives two processes at the moment."""
    total = 0
    for i in range(count):
        total += i * i
    return total


def _machine_scaling(count: int = 5_000_000) -> float:
    """Two processes over one on :func:`_burn`: the best the export can hope for now."""
    from concurrent.futures import ProcessPoolExecutor

    started = time.perf_counter()
    _burn(count)
    _burn(count)
    one = time.perf_counter() - started
    with ProcessPoolExecutor(2) as pool:
        started = time.perf_counter()
        list(pool.map(_burn, [count, count]))
        two = time.perf_counter() - started
    return one / two


def _export(folder: Path, out: Path, **options: object) -> Callable[[], object]:
    def run() -> object:
        shutil.rmtree(out, ignore_errors=True)
        return export([str(folder)], str(out), shard_size=SHARD, **options)  # type: ignore[arg-type]

    return run


def main() -> None:
    """Print records/s and moves/s of each way, and the two ratios."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        print("pyarrow is not installed (pip install -e '.[parquet]'): nothing to measure")
        return
    with tempfile.TemporaryDirectory(prefix="bench-export-") as tmp:
        folder = Path(tmp) / "records"
        folder.mkdir()
        moves = realistic.write_csa_folder(folder, RECORDS)
        paths = sorted(folder.iterdir())
        out = Path(tmp) / "out"

        def plain() -> None:
            for path in paths:
                kifu_lark.load(path)

        runs = {
            "plain reading (load)": plain,
            "export parquet + positions": _export(folder, out),
            "export parquet, games only": _export(folder, out, positions=False),
            "export jsonl + positions": _export(folder, out, to="jsonl"),
        }
        cpu = in_turn(list(runs.values()), repeat=3, clock=time.process_time)
        best = dict(zip(runs, cpu, strict=True))
        for label, seconds in best.items():
            print(
                f"{label}: {RECORDS / seconds:,.0f} records/s, {moves / seconds:,.0f} moves/s "
                "per CPU second",
                flush=True,
            )
        ratio = best["plain reading (load)"] / best["export parquet + positions"]
        print(f"export parquet + positions per core: {ratio:.0%} of plain reading (target ≥ 70 %)")
        one, two = in_turn(
            [
                _export(folder, out, engine="pool", jobs=1),
                _export(folder, out, engine="pool", jobs=2),
            ],
            repeat=3,
        )
        print(
            f"export parquet + positions, 1 worker {moves / one:,.0f} moves/s, 2 workers "
            f"{moves / two:,.0f} moves/s: {one / two:.2f}x (target ≥ 1.8x; a plain Python "
            f"loop gets {_machine_scaling():.2f}x on this machine now: {os.cpu_count()} cores, "
            f"load average {os.getloadavg()[0]:.1f})",
            flush=True,
        )
        started = time.perf_counter()
        summary = export([str(folder)], str(out) + "-check", shard_size=SHARD)
        print(
            f"   ({summary.records} records, {summary.plies} positions, "
            f"{len(summary.failures)} failure codes, {time.perf_counter() - started:.2f} s)"
        )
