"""Bounded tables the readers and writers keep what they worked out from a text in.

Records repeat a few hundred move texts, times and padded cells, so each is worked out once
and then looked up. A table that fills up is emptied rather than grown: that only costs the
sharing, and memory stays bounded whatever is read.

Threads: readers only look a key up (``table.get``), add an entry, or empty a table whole,
each one step that no other thread sees half done; a value is immutable and worked out from
its key alone, so a look-up missing because another thread emptied the table costs only the
work again. Never look a key up twice (``if key in table: table[key]``): the table may be
emptied in between (tests/test_threads.py).
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def remember(table: dict[K, V], key: K, value: V, limit: int) -> V:
    """Keep ``value`` under ``key`` in ``table`` (emptied first when it holds ``limit``
    entries) and return it."""
    if len(table) >= limit:
        table.clear()
    table[key] = value
    return value
