"""How time grows with input size, measured robustly enough for a shared CI machine.

A linear reader takes about k times as long on k times the input; a quadratic one k² times.
Tests compare the two sizes' best-of-several times with the garbage collector paused (its
pauses depend on what else the process holds, not on the reader) and allow a wide margin
below k², so that noise never fails a linear reader and a quadratic one never passes.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


def best_seconds(run: Callable[[], object], repeats: int = 5) -> float:
    """The fastest of ``repeats`` runs of ``run``, the collector paused during each."""
    best = float("inf")
    was_enabled = gc.isenabled()
    try:
        for _ in range(repeats):
            gc.collect()
            gc.disable()
            start = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - start)
            gc.enable()
    finally:
        if was_enabled:
            gc.enable()
    return best


def growth(small: Callable[[], object], large: Callable[[], object]) -> float:
    """How many times longer ``large`` takes than ``small`` (best of several runs each)."""
    return best_seconds(large) / max(best_seconds(small), 1e-6)


def linear_bound(factor: int) -> float:
    """The most a linear reader may take on ``factor`` times the input: 2.5 times the
    factor, well under the factor squared that a quadratic reader takes."""
    bound = 2.5 * factor
    assert bound < factor * factor / 2, "the sizes are too close to tell the growths apart"
    return bound
