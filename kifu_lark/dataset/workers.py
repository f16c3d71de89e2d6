"""A process pool whose workers stop cleanly when the run is interrupted.

A terminal's Ctrl-C sends SIGINT to every process of the run; ``kill`` sends SIGTERM to the
one it names. Either way a worker in the middle of a task must unwind it, so that the
temporary file it is writing is removed (:mod:`kifu_lark.files` removes it as the
exception passes), then end without a traceback; and a parent that stops must end its
workers, which would otherwise go on orphaned, writing files nobody waits for.

- In a worker, SIGINT and SIGTERM raise :class:`WorkerStopped`, a ``SystemExit``: a worker
  waiting for work ends quietly; one running a task unwinds it, and the task's wrapper then
  ends the process (the pool would send the exception back and start the next task).
- The parent (:class:`WorkerPool`), leaving its block on a ``KeyboardInterrupt`` (Ctrl-C,
  or SIGTERM as the command line turns it into one), sends its workers SIGTERM and waits for
  them; the tasks not started then fail as the pool breaks. No future is ever cancelled
  (hence :meth:`WorkerPool.ordered` in place of ``map``, which cancels what is left when its
  caller stops): Python 3.11's pool, finding its workers gone, sets an exception on every
  pending future, and its manager thread dies with ``InvalidStateError`` (a traceback on
  standard error) on one that was cancelled.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from types import TracebackType
from typing import Any, Generic, ParamSpec, TypeVar

from kifu_lark.stopping import StopOnSignals

P = ParamSpec("P")
T = TypeVar("T")
R = TypeVar("R")

#: How long a worker may take to unwind its task once told to stop, in seconds.
STOP_GRACE = 10.0


class WorkerStopped(SystemExit):
    """Raised in a worker process by SIGINT or SIGTERM; its code is 128 + the signal."""


def _stopped(signum: int) -> WorkerStopped:
    return WorkerStopped(128 + signum)


def _worker_signals() -> None:
    """The pool's initializer: how a worker takes SIGINT and SIGTERM (once each run,
    never lost in a finaliser: :mod:`kifu_lark.stopping`)."""
    StopOnSignals(_stopped).start()


#: A worker's own set-up: a function and its arguments, run once as the worker starts.
Setup = tuple[Callable[..., None], tuple[Any, ...]]


def _start_worker(setup: Setup | None) -> None:
    _worker_signals()
    if setup is not None:
        fn, args = setup
        fn(*args)


class _Stoppable(Generic[P, T]):
    """A task that ends its worker process once it has unwound from a stop."""

    def __init__(self, fn: Callable[P, T]) -> None:
        self.fn = fn

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return self.fn(*args, **kwargs)
        except WorkerStopped as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        # The stop's traceback is gone with it: the frames it held, and a context manager a
        # stop caught between its __enter__ and its block (a generator left suspended, its
        # temporary file not yet in a finally's hands), are collected here and their
        # finally blocks run; os._exit runs none.
        gc.collect()
        os._exit(code)


def _apply(fn: Callable[[T], R], chunk: list[T]) -> list[R]:
    return [fn(item) for item in chunk]


class WorkerPool(ProcessPoolExecutor):
    """A ``ProcessPoolExecutor`` of ``jobs`` workers that stop cleanly (see the module);
    each runs ``setup`` (a function and its arguments) as it starts."""

    def __init__(self, jobs: int, setup: Setup | None = None) -> None:
        self._others = {p.pid for p in multiprocessing.active_children()}
        super().__init__(max_workers=jobs, initializer=_start_worker, initargs=(setup,))

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        return super().submit(_Stoppable(fn), *args, **kwargs)

    def ordered(self, fn: Callable[[T], R], items: list[T], chunksize: int) -> Iterator[R]:
        """``fn`` of each item, in the items' order, ``chunksize`` items a task: ``map``
        without cancelling the tasks left when the caller stops (see the module)."""
        futures = [
            self.submit(_apply, fn, items[start : start + chunksize])
            for start in range(0, len(items), chunksize)
        ]
        for future in futures:
            yield from future.result()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> bool | None:
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            self.stop()
        return super().__exit__(kind, value, traceback)

    def stop(self) -> None:
        """Tell the workers to stop and wait for them; the tasks not started fail."""
        self.shutdown(wait=False)
        workers = [p for p in multiprocessing.active_children() if p.pid not in self._others]
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(STOP_GRACE)
            if worker.is_alive():
                worker.kill()
                worker.join()
