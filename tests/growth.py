"""How time grows with input size, measured robustly enough for a shared CI machine.

A linear reader takes about k times as long on k times the input; a quadratic one k² times.
Tests compare the two sizes' best-of-several CPU times of this process (other processes on a
busy machine do not count in them) with the garbage collector paused (its pauses depend on
what else the process holds, not on the reader). For 8 times the input the
ratio must stay under 12 (a quadratic reader takes 64); a ratio over it is measured again,
up to three rounds, because a busy machine can slow one run but not make a quadratic
reader linear.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


def best_seconds(run: Callable[[], object], repeats: int = 5) -> float:
    """The least CPU time of ``repeats`` runs of ``run``, the collector paused during each."""
    best = float("inf")
    was_enabled = gc.isenabled()
    try:
        for _ in range(repeats):
            gc.collect()
            gc.disable()
            start = time.process_time()
            run()
            best = min(best, time.process_time() - start)
            gc.enable()
    finally:
        if was_enabled:
            gc.enable()
    return best


def growth(small: Callable[[], object], large: Callable[[], object]) -> float:
    """How many times longer ``large`` takes than ``small`` (best of several runs each)."""
    return best_seconds(large) / max(best_seconds(small), 1e-6)


LINEAR_BOUND = 12.0
"""The most a linear reader may take on 8 times the input, in times the small input's time."""


def growth_of_eightfold(small: Callable[[], object], large: Callable[[], object]) -> float:
    """The growth from ``small`` to ``large`` (8 times the input): the lowest of up to three
    rounds, stopping at the first under ``LINEAR_BOUND``."""
    lowest = float("inf")
    for _ in range(3):
        lowest = min(lowest, growth(small, large))
        if lowest < LINEAR_BOUND:
            break
    return lowest
