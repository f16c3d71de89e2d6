"""Progress from inside a task: how far a shard has got, for the line the parent draws.

A task counts each entry it finishes on a :class:`Ticker`; the ticker hands the shard's
counts so far to the listener of its thread (:func:`listen`), else of its process
(:func:`set_listener`), at most once every :data:`TICK_SECONDS`. The serial engine listens
in its own process; a pool's workers get a listener that sends the counts to the parent
through a queue, a Dask task one that puts them on a Dask queue (see
:mod:`kifu_lark.dataset.engines`). Without a listener (no progress line) a tick costs a
counter's addition and a look-up or two.
"""

from __future__ import annotations

import contextlib
import contextvars
import time
from collections.abc import Callable, Iterator

#: Least time between two reports of one shard: the line moves often enough to be read,
#: and a pool's queue carries a handful of messages a second whatever the rate of records.
TICK_SECONDS = 0.2

#: ``(shard index, entries done, records read, failures)`` of a shard in progress.
Listener = Callable[[int, int, int, int], None]

#: The listener of this process (a pool worker's, set once as it starts).
_process_listener: Listener | None = None
#: The listener of a ``listen`` block: of its thread (or task) only, so that two blocks in
#: two threads of one process (a Dask worker with several threads, running tasks of two
#: runs) each get their own ticks. It takes precedence over the process's.
_block_listener: contextvars.ContextVar[Listener | None] = contextvars.ContextVar(
    "kifu_lark_tick_listener", default=None
)


@contextlib.contextmanager
def listen(listener: Listener) -> Iterator[None]:
    """Send the ticks of this thread (or task) to ``listener`` while the block runs."""
    token = _block_listener.set(listener)
    try:
        yield
    finally:
        _block_listener.reset(token)


def set_listener(listener: Listener | None) -> None:
    """Send this process's ticks to ``listener`` from now on (a pool worker's set-up)."""
    global _process_listener
    _process_listener = listener


class Ticker:
    """The counts of one shard in progress; :meth:`step` after each entry."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.entries = self.records = self.failures = 0
        self._sent = time.monotonic()

    def step(self, records: int, failed: bool) -> None:
        """Count an entry done, with the records (games) it held or its failure."""
        self.entries += 1
        self.records += records
        self.failures += failed
        listener = _block_listener.get()
        if listener is None:
            listener = _process_listener
        if listener is not None:
            now = time.monotonic()
            if now - self._sent >= TICK_SECONDS:
                self._sent = now
                listener(self.index, self.entries, self.records, self.failures)
