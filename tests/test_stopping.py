"""A stop signal that comes while a finaliser runs is raised after it, not dropped with a
traceback on standard error (the interrupted export's worker closing a Parquet writer)."""

from __future__ import annotations

import os
import signal
import time
import weakref
from collections.abc import Callable, Iterator

import pytest

from kifu_lark.stopping import StopOnSignals


class Stopped(Exception):
    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@pytest.fixture
def stops() -> Iterator[StopOnSignals]:
    handlers = StopOnSignals(Stopped)
    handlers.start()
    try:
        yield handlers
    finally:
        handlers.stop()


def _spin(seconds: float) -> None:
    """Run Python bytecode for a while: a signal's handler runs between two of them."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def _signal_self(sig: signal.Signals = signal.SIGTERM) -> None:
    os.kill(os.getpid(), sig)
    _spin(0.05)


class SignalledWhileCollected:
    def __del__(self) -> None:
        _signal_self()


def _stopped_by(drop: Callable[[], None]) -> tuple[Stopped, list[str]]:
    """Run ``drop``, then code that a stop may interrupt; the exception raised and the
    names of the functions on its traceback."""
    try:
        drop()
        _spin(2.0)
    except Stopped as stop:
        names = []
        tb = stop.__traceback__
        while tb is not None:
            names.append(tb.tb_frame.f_code.co_name)
            tb = tb.tb_next
        return stop, names
    pytest.fail("the signal was lost")


def test_a_signal_in_a_del_is_raised_after_it(
    stops: StopOnSignals, capsys: pytest.CaptureFixture[str]
) -> None:
    def drop() -> None:
        SignalledWhileCollected()

    stop, names = _stopped_by(drop)
    assert signal.SIGTERM == stop.signum
    assert "__del__" not in names and "_spin" in names
    assert "" == capsys.readouterr().err


def test_a_signal_dropped_by_a_finaliser_in_c_is_raised_again(
    stops: StopOnSignals, capsys: pytest.CaptureFixture[str]
) -> None:
    """A weak reference's callback is called by C code: no ``__del__`` on the stack, so the
    exception is raised there, dropped by Python, and taken back by the hook."""

    class Target:
        pass

    def drop() -> None:
        target = Target()
        keep = weakref.ref(target, lambda _: _signal_self(signal.SIGINT))
        del target
        assert keep() is None

    stop, names = _stopped_by(drop)
    assert signal.SIGINT == stop.signum
    assert "<lambda>" not in names
    assert "" == capsys.readouterr().err


def test_a_second_signal_does_not_cut_the_unwinding_short(stops: StopOnSignals) -> None:
    unwound = []
    with pytest.raises(Stopped):
        try:
            _signal_self()
            _spin(2.0)
        finally:
            _signal_self(signal.SIGINT)
            unwound.append(True)
    assert [True] == unwound


def test_stop_puts_back_the_handlers_and_the_hook() -> None:
    import sys

    before = [signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGALRM)]
    hook = sys.unraisablehook
    handlers = StopOnSignals(Stopped)
    handlers.start()
    assert signal.getsignal(signal.SIGTERM) != before[1]
    handlers.stop()
    assert before == [signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGALRM)]
    assert hook is sys.unraisablehook
