"""Reads watched: each position a reader plays, shown to a function as it is played."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from kifu_lark.rules.record_builder import WATCHER, Watcher

__all__ = ["Watcher", "watch_reads"]


@contextmanager
def watch_reads(watcher: Watcher) -> Iterator[None]:
    """While the block runs, every game read in this thread (or ``asyncio`` task) shows
    ``watcher`` its positions as the reader plays them: ``watcher(board, root)`` when a game
    starts, then ``watcher(board, node)`` right after each move is played, ``node`` the
    move's new node. ``board`` is the reader's rules-engine board: read it, never change it
    or keep it past the call. For the exports' hot loops, which take each position from the
    one replay the reader makes rather than replaying the game again.

    A reader that starts a game again (another path after a first one gave up) shows its
    moves again from a new root; moves of variations are shown too: a watcher that wants
    the main line keeps the nodes that are the first child of the last one it kept. The
    watcher must not raise.
    """
    token = WATCHER.set(watcher)
    try:
        yield
    finally:
        WATCHER.reset(token)
