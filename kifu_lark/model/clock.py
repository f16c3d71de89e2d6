"""How a record tree's node holds its time and its place in the text.

A node (:mod:`kifu_lark.model.node`) keeps its time as two unboxed numbers and a word of
bits, and its line and column packed in one int; what few nodes hold beside (a bookmark, a
time a C double cannot hold exactly) lives in an :class:`Extra`. Readers that fill nodes
themselves (``spent_clock``, ``TOTAL_CLOCK``) and :func:`kifu_lark.model.times.fill_times`
use these bits. Compiled with mypyc in the compiled build, with the node.
"""

from __future__ import annotations

from typing import Any, Final

from kifu_lark.model.move import Time

# The bits of Node._clock (0: no time): whether the node has a time (both halves may be
# None), which halves it has, which of them were ints (a C double holds both kinds), or that
# the time is held whole in the side object. ``_spent`` and ``_total`` are read only where
# their bits say they were set.
TIMED: Final = 1
SPENT: Final = 2
SPENT_INT: Final = 4
TOTAL: Final = 8
TOTAL_INT: Final = 16
ODD: Final = 32
#: The same bit as ``TOTAL`` (tests/formats/test_reader_totals.py checks it), for a reader
#: that sets a move's running total (a float) itself, as :func:`fill_times` would have: it
#: adds this bit to what ``spent_clock`` gives.
TOTAL_CLOCK: Final = 8
#: The ints a double holds exactly: a time beyond them goes to the side object, whole.
EXACT: Final = 2**53
SHIFT: Final = 32
"""``Node._place`` holds the line and the column as ``(line + 1) << SHIFT | column + 1``,
0 standing for ``None`` in either: one field, where two cost every node 8 bytes more.
Shifts and masks, not ``* 2**32``: compiled, a product with a factor past 2**31 goes
through Python's own ints, a shift stays a machine operation."""
COLUMN_BITS: Final = 2**SHIFT - 1
LAST: Final = COLUMN_BITS
"""The columns a node holds: below this."""


class Extra:
    """What few nodes hold, apart from the node: a bookmark, and a time whose numbers are
    not floats or ints a double holds exactly (a bool, a huge int, a Fraction …)."""

    __slots__ = ("bookmark", "time")

    bookmark: str | None
    time: Time | None

    def __init__(self, bookmark: str | None, time: Time | None) -> None:
        self.bookmark = bookmark
        self.time = time


def place(line: int | None, column: int | None) -> int:
    """``line`` and ``column`` as ``Node._place`` holds them."""
    place = 0
    if line is not None:
        if line < 0:
            raise ValueError(f"a node's line is 0 or more, not {line}")
        place = (line + 1) << SHIFT
    if column is not None:
        if not 0 <= column < LAST:
            raise ValueError(f"a node's column is 0 to {LAST - 1}, not {column}")
        place += column + 1
    return place


def spent_clock(spent: Any) -> int:
    """What ``Node._clock`` holds for a time of ``spent`` alone (its running total not yet
    worked out), 0 when a double cannot hold ``spent`` (:meth:`Node.set_time` keeps it
    whole). For readers that look it up once per time text and then set a node's ``_spent``
    (``float(spent)``) and ``_clock`` themselves: a call a move costs the pure build more."""
    if type(spent) is float:
        return TIMED | SPENT
    if type(spent) is int and -EXACT <= spent <= EXACT:
        return TIMED | SPENT | SPENT_INT
    return 0
