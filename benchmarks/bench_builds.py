"""The two builds side by side: pure Python and compiled (mypyc), on the real-shaped lines.

Each build reads in a child process of its own (``KIFU_LARK_PURE=1`` loads the ``.py``
files even where the compiled modules are built), the children taking turns round after
round, so that a busy machine slows both about alike; the median of the rounds is printed
with the ratio. ``BENCH_BUILDS_BASELINE=/path/to/checkout`` adds a third column: that
checkout's source, pure Python (the figures before a change, timed in the same run).

Where no compiled build is installed the compiled column is skipped (the pure one is still
printed).
"""

from __future__ import annotations

import gc
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROUNDS = int(os.environ.get("BENCH_BUILDS_ROUNDS", "3"))
"""Rounds of turns; each child times each line best of ``REPEAT`` per round."""

REPEAT = 3

LINES = ("csa", "csa floodgate", "kif", "ki2")
ROOT = Path(__file__).resolve().parents[1]


def _texts(line: str) -> tuple[list[str], str]:
    from benchmarks import realistic

    records = realistic.plans()
    if line == "csa floodgate":
        return [realistic.csa_text(p, floodgate=True) for p in records], "csa"
    return [realistic.TEXTS[line](p) for p in records], line


def child() -> None:
    """One build's figures as JSON: moves/s of each line, and bytes per kept move (CSA).

    Run as a script with the checkout to time first on ``PYTHONPATH``: its ``kifu_lark``
    and ``benchmarks.realistic`` are the ones timed."""
    import kifu_lark
    from benchmarks import realistic

    figures: dict[str, object] = {"compiled": getattr(kifu_lark, "compiled", False)}
    for line in LINES:
        texts, fmt = _texts(line)
        moves = sum(realistic.mainline_moves(fmt, texts))
        best = float("inf")
        for _ in range(REPEAT):
            gc.collect()
            started = time.perf_counter()
            for text in texts:
                kifu_lark.loads_all(text, fmt)
            best = min(best, time.perf_counter() - started)
        figures[line] = moves / best
    texts, fmt = _texts("csa")
    figures["bytes/move"] = _kept_bytes(fmt, texts, sum(realistic.mainline_moves(fmt, texts)))
    print(json.dumps(figures))


def _kept_bytes(fmt: str, texts: Sequence[str], moves: int) -> float:
    """What the games read from ``texts`` hold per move (as ``realistic.memory`` measures)."""
    import kifu_lark
    from benchmarks import realistic

    held, _ = realistic.kept_bytes(lambda text: kifu_lark.loads_all(text, fmt), texts)
    return held / moves


def _run(env: dict[str, str], path: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child"],
        env={**os.environ, **env, "PYTHONPATH": str(path)},
        cwd=path,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    """Print each line's median moves/s per build, and the compiled / pure ratio."""
    builds: list[tuple[str, Callable[[], dict[str, object]]]] = [
        ("pure", lambda: _run({"KIFU_LARK_PURE": "1"}, ROOT)),
        ("compiled", lambda: _run({"KIFU_LARK_PURE": ""}, ROOT)),
    ]
    baseline = os.environ.get("BENCH_BUILDS_BASELINE")
    if baseline:
        base = Path(baseline).resolve()
        builds.insert(0, ("baseline", lambda: _run({"KIFU_LARK_PURE": "1"}, base)))
    results: dict[str, list[dict[str, object]]] = {name: [] for name, _ in builds}
    for _ in range(ROUNDS):
        for name, run in builds:
            results[name].append(run())
    if not all(bool(r["compiled"]) for r in results["compiled"]):
        print("compiled build: not installed here (pure Python only); its column is skipped")
        del results["compiled"]
    names = list(results)
    print(f"builds, median of {ROUNDS} rounds in turn (moves/s): " + " | ".join(names))
    for line in (*LINES, "bytes/move"):
        cells = [_median([r[line] for r in results[name]]) for name in names]
        ratio = (
            f"  compiled/pure {cells[names.index('compiled')] / cells[names.index('pure')]:.2f}x"
            if "compiled" in names and line != "bytes/move"
            else ""
        )
        print(f"  {line:<14} " + " | ".join(f"{c:>9,.0f}" for c in cells) + ratio, flush=True)


def _median(values: Sequence[object]) -> float:
    return statistics.median(float(v) for v in values)  # type: ignore[arg-type]


if __name__ == "__main__":
    child() if sys.argv[1:] == ["--child"] else main()
