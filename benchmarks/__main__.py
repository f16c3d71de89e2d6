"""Run every ``bench_*.py`` module of this folder (or those named) and print their figures."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks


def main(argv: list[str]) -> int:
    """Run the benchmarks named in ``argv`` (all when empty)."""
    names = sorted(
        m.name[len("bench_") :]
        for m in pkgutil.iter_modules(benchmarks.__path__)
        if m.name.startswith("bench_")
    )
    if any(a in ("-h", "--help") for a in argv):
        print("usage: python -m benchmarks [NAME ...]")
        print("Runs the named benchmarks (all when none is named) and prints moves/s.")
        print(f"names: {', '.join(names)}")
        return 0
    chosen = argv or names
    unknown = [n for n in chosen if n not in names]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(names)}")
        return 2
    for name in chosen:
        print(f"== {name}", flush=True)
        started = time.perf_counter()
        importlib.import_module(f"benchmarks.bench_{name}").main()
        print(f"   ({time.perf_counter() - started:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
