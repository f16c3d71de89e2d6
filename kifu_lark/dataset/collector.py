"""The cyclic garbage collector while a shard is exported: paused, and run by hand.

A game read is a tree whose nodes point to their parents: reference cycles, which only the
cyclic collector frees. Left to itself, the collector runs every few hundred new objects,
in the middle of the next record's reading and packing; it goes over the game in use,
finds it alive, moves it to an older generation, and goes over it again there (and once
more in each full collection that the older generations' growth sets off). Paused for the
shard and run by hand on the young generations once :data:`BUDGET` new objects have piled
up, it goes over most games once, when they are garbage already. Memory stays bounded by
the budget, whatever the shard's size.
"""

from __future__ import annotations

import gc

#: New container objects (nodes, moves, lists …) allowed to pile up between two runs of the
#: collector: a few hundred games' worth.
BUDGET = 200_000


class PausedCollector:
    """``with PausedCollector() as collector``: the cyclic collector paused in the block,
    :meth:`step` between two records; at the end the young generations are collected and
    the collector is left as it was found (off stays off: a program that turned it off
    keeps it off)."""

    __slots__ = ("budget", "was_enabled")

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.was_enabled = False

    def __enter__(self) -> PausedCollector:
        self.was_enabled = gc.isenabled()
        gc.disable()
        return self

    def step(self) -> None:
        """Collect the young generations when :attr:`budget` new objects piled up."""
        if gc.get_count()[0] >= self.budget:
            gc.collect(1)

    def __exit__(self, *exc: object) -> None:
        gc.collect(1)
        if self.was_enabled:
            gc.enable()
