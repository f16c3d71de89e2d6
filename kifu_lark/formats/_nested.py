"""Walking nested variations without recursion, for writers.

A writer's per-line generator writes its line and yields a request for each variation it
meets; :func:`drive` runs the requested line to its end (with its own variations) before the
asking line goes on. Only the loop's list grows with the depth, not Python's stack.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

Request = TypeVar("Request")


def drive(first: Iterator[Request], line: Callable[[Request], Iterator[Request]]) -> None:
    """Run ``first`` and, depth first, every line it or they request through ``line``."""
    stack = [first]
    while stack:
        request = next(stack[-1], None)
        if request is None:
            stack.pop()
        else:
            stack.append(line(request))
