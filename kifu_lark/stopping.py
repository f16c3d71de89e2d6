"""SIGINT and SIGTERM raised as an exception where the process is, and never lost.

A run stopped by Ctrl-C or ``kill`` must unwind what it is doing, so that the temporary
file being written is removed as the exception passes (:mod:`kifu_lark.files`). Python runs
a signal's handler between two bytecodes of whatever the main thread is running, and that
may be an object's finaliser: a writer's ``__del__`` as it is collected. An exception raised
there is not propagated: Python prints it as "Exception ignored in …" with a traceback and
drops it, and the stop is lost. So :class:`StopOnSignals`

- does not raise while a ``__del__`` is on the stack: it tries again a moment later, by a
  timer (SIGALRM);
- takes back, through ``sys.unraisablehook``, its exception when dropped anyway (raised in a
  finaliser written in C that called Python code, whose frame shows no ``__del__``): nothing
  is printed and it tries again the same way.

Signals are only for the main thread, whose handlers these are.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

#: How long after a signal that could not be raised where it came the next try is, seconds.
RETRY = 0.002

_STOPS = (signal.SIGINT, signal.SIGTERM)

Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


def _finalising(frame: FrameType | None) -> bool:
    """Whether an object's ``__del__`` (or the hook taking back what one dropped) is
    running in ``frame`` or below it: an exception raised there would be dropped."""
    while frame is not None:
        code = frame.f_code
        if code.co_name == "__del__" or code is StopOnSignals._unraisable.__code__:
            return True
        frame = frame.f_back
    return False


class StopOnSignals:
    """While started, SIGINT and SIGTERM raise ``make(signum)`` in the main thread, once:
    a second signal (Ctrl-C, then a parent's SIGTERM) must not cut the unwinding of the
    first short. :meth:`stop` puts back the handlers found at :meth:`start`."""

    def __init__(self, make: Callable[[int], BaseException]) -> None:
        self._make = make
        self._raised: BaseException | None = None
        self._signum = 0
        self._taken = False
        self._before: dict[int, Handler] = {}
        self._hook_before = sys.unraisablehook

    def start(self) -> None:
        """Install the handlers (SIGINT, SIGTERM, and SIGALRM for the retries)."""
        for sig in (*_STOPS, signal.SIGALRM):
            self._before[sig] = signal.getsignal(sig)
        for sig in _STOPS:
            signal.signal(sig, self._take)
        signal.signal(signal.SIGALRM, self._retry)
        self._hook_before = sys.unraisablehook
        sys.unraisablehook = self._unraisable

    def stop(self) -> None:
        """Cancel a pending retry and put back the handlers found at :meth:`start`."""
        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, handler in self._before.items():
            signal.signal(sig, handler)
        sys.unraisablehook = self._hook_before

    def _take(self, signum: int, frame: FrameType | None) -> None:
        if self._taken:
            return
        self._taken, self._signum = True, signum
        self._raise(frame)

    def _raise(self, frame: FrameType | None) -> None:
        if _finalising(frame):
            signal.setitimer(signal.ITIMER_REAL, RETRY)
            return
        self._raised = self._make(self._signum)
        raise self._raised

    def _retry(self, signum: int, frame: FrameType | None) -> None:
        if self._taken and self._raised is None:
            self._raise(frame)

    def _unraisable(self, unraisable: Any) -> None:
        if self._raised is not None and unraisable.exc_value is self._raised:
            self._raised = None
            signal.setitimer(signal.ITIMER_REAL, RETRY)
            return
        self._hook_before(unraisable)
