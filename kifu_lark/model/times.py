"""The walk every reader runs over a tree it built: :func:`fill_times` gives every move's
time both halves. Compiled with mypyc in the compiled build, with the node: it reads and
sets the nodes' time fields directly.
"""

from __future__ import annotations

from typing import Any

from kifu_lark.model.clock import ODD, SPENT, SPENT_INT, TOTAL, TOTAL_INT
from kifu_lark.model.color import Color
from kifu_lark.model.node import Node

__all__ = ["fill_times"]


def fill_times(root: Node) -> None:
    """Give every move's time both halves, as KIF writes them: a missing running total is
    the mover's previous total (0 at the start) plus the time spent, a missing time spent
    is the total less that previous total. CSA records give the time spent only and JKF or
    KIF lines may lack either; after this every reader's times read alike. A special's time
    counts for nobody's total and is left as read.

    >>> import kifu_lark
    >>> from kifu_lark import Time
    >>> game = kifu_lark.loads("position startpos moves 7g7f 3c3d 2g2f", "usi")
    >>> a, b, c = game.mainline()
    >>> a.time, b.time, c.time = Time(14), Time(5), Time(None, 17)
    >>> fill_times(game.root)
    >>> [(n.time.spent, n.time.total) for n in (a, b, c)]
    [(14, 14.0), (5, 5.0), (3.0, 17)]
    """
    # Every reader calls this once per record, so it runs once per move read: each line is
    # walked through the nodes' own links (no ``children`` view per node), and variations
    # wait on a stack with the totals at their branch point. The totals are Python numbers
    # (Any): an int total stays an int, as it was read.
    stack: list[tuple[Node | None, Any, Any]] = [(root._next, 0.0, 0.0)]
    stack.extend((child, 0.0, 0.0) for child in root._variations or ())
    black_color = Color.BLACK
    while stack:
        node, black, white = stack.pop()
        while node is not None:
            clock = node._clock
            move = node.move if clock else None
            if move is not None:
                is_black = move.color is black_color
                spent: Any
                total: Any
                filled = False  # both halves read: nothing to work out
                if clock & ODD:
                    held: Any = node.time
                    spent, total = held.spent, held.total
                elif clock & TOTAL:  # _total_held, written out (once per move read)
                    total = int(node._total) if clock & TOTAL_INT else node._total
                    spent = None  # not converted when read (KIF): it is not needed
                    filled = (clock & SPENT) != 0
                else:  # the time spent alone (CSA), or nothing
                    spent = None
                    if clock & SPENT:
                        spent = int(node._spent) if clock & SPENT_INT else node._spent
                    total = None
                if not filled:
                    before: Any = black if is_black else white
                    if total is None:
                        total = before + (spent or 0)
                        node.set_time(spent, total)
                    elif spent is None and total >= before:
                        node.set_time(total - before, total)
                if is_black:
                    black = total
                else:
                    white = total
            variations = node._variations
            if variations:
                stack.extend((child, black, white) for child in variations)
            node = node._next
