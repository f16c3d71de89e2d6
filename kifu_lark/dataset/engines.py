"""Running a task over shards: in this process, on a process pool, or on Dask.

Every engine calls the same task on the same shards; only where it runs differs. Results
come back in shard order whatever order the shards finish in.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import sys
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import as_completed
from typing import Any, TextIO

from kifu_lark.dataset import ticks
from kifu_lark.dataset.extras import require
from kifu_lark.dataset.shards import Shard
from kifu_lark.dataset.workers import WorkerPool
from kifu_lark.errors import KifuError, Setting

ENGINES = ("serial", "pool", "dask")
_DASK = Setting("engine", "dask")
Task = Callable[[Shard], dict[str, Any]]

#: Fewest entries (files or archive members) each worker of a pool must get for the pool to
#: be started. The invariant: a pool runs only when every worker's share of reading takes
#: longer than what the pool adds (forking the workers, sending them shards and results
#: back, and where they are not forked, each building the readers' tables on its first
#: record); under that, one process finishes first.
POOL_ENTRIES = 100
#: Least time between two redraws of the progress line.
REDRAW_SECONDS = 0.1
#: How long the thread that relays a pool's ticks waits when none has come.
RELAY_SECONDS = 0.05


class Progress:
    """A one-line progress report on standard error, shown only on a terminal: entries
    done of all, records per second, failures so far.

    Finished shards count through :meth:`update`; a shard in progress through
    :meth:`tick` (its counts so far, which the shard's result then replaces), so the line
    moves within a shard. It is redrawn at most every :data:`REDRAW_SECONDS`, and once more
    by :meth:`close`.
    """

    def __init__(self, label: str, total: int, stream: TextIO | None = None) -> None:
        self.label = label
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty()
        self.started = time.perf_counter()
        self.entries = self.records = self.failures = 0
        self._running: dict[int, tuple[int, int, int]] = {}
        self._finished: set[int] = set()
        self._drawn = 0.0
        self._lock = threading.Lock()

    def tick(self, index: int, entries: int, records: int, failures: int) -> None:
        """The counts so far of shard ``index``, still running; redraw."""
        with self._lock:
            if index not in self._finished:  # a pool's tick can come after the result
                self._running[index] = (entries, records, failures)
                self._draw(final=False)

    def update(self, shard: Shard, result: dict[str, Any]) -> None:
        """Count a finished shard and redraw."""
        with self._lock:
            self._running.pop(shard.index, None)
            self._finished.add(shard.index)
            self.entries += shard.count
            self.records += int(result.get("records", 0))
            self.failures += sum(result.get("failures", {}).values())
            self._draw(final=False)

    def _draw(self, final: bool) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if not final and now - self._drawn < REDRAW_SECONDS:
            return
        self._drawn = now
        entries, records, failures = self.entries, self.records, self.failures
        for done, read, failed in self._running.values():
            entries += done
            records += read
            failures += failed
        rate = records / max(now - self.started, 1e-9)
        print(
            f"\r{self.label}: {entries:,}/{self.total:,} files, "
            f"{rate:,.0f} records/s, {failures:,} failed",
            end="",
            file=self.stream,
            flush=True,
        )

    def close(self) -> None:
        """Draw the last counts and end the line."""
        if self.enabled:
            with self._lock:
                self._draw(final=True)
            print(file=self.stream, flush=True)


def pool_workers(jobs: int, shards: list[Shard]) -> int:
    """How many worker processes the ``pool`` engine starts for ``shards``: at most
    ``jobs`` and one a shard, and none (the work runs in this process) unless every
    worker gets :data:`POOL_ENTRIES` entries or more."""
    entries = sum(shard.count for shard in shards)
    workers = min(jobs, len(shards), entries // POOL_ENTRIES)
    return workers if workers > 1 else 0


def run(
    task: Task,
    shards: list[Shard],
    *,
    engine: str = "serial",
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """``[task(s) for s in shards]`` on ``engine``.

    Args:
        task: a picklable callable (a module-level class instance) run once per shard.
        shards: the shards.
        engine: ``serial`` (this process), ``pool`` (``jobs`` processes, or this process
            when the work is too small to share: :func:`pool_workers`) or ``dask`` (the
            cluster at ``scheduler``, else a ``distributed.LocalCluster`` of ``jobs``
            single-threaded worker processes).
        jobs: workers for ``pool`` and a local Dask cluster.
        scheduler: a Dask scheduler's address (``tcp://host:8786``).
        progress: reports each finished shard and the shards in progress (a task counts
            its entries on a :class:`~kifu_lark.dataset.ticks.Ticker`).

    Raises:
        KifuError: ``USAGE`` for an unknown engine; ``MISSING_EXTRA`` when Dask is not
            installed.
    """
    check_engine(engine)
    done: dict[int, dict[str, Any]] = {}
    ticking = progress is not None and progress.enabled

    def finish(shard: Shard, result: dict[str, Any]) -> None:
        done[shard.index] = result
        if progress is not None:
            progress.update(shard, result)

    try:
        workers = pool_workers(jobs, shards) if engine == "pool" else 0
        if engine == "dask":
            _run_dask(task, shards, jobs, scheduler, finish, progress if ticking else None)
        elif workers:
            _run_pool(task, shards, workers, progress if ticking else None, finish)
        else:
            with contextlib.ExitStack() as stack:
                if progress is not None and ticking:
                    stack.enter_context(ticks.listen(progress.tick))
                for shard in shards:
                    finish(shard, task(shard))
    finally:
        if progress is not None:
            progress.close()
    return [done[shard.index] for shard in shards]


def _run_pool(
    task: Task,
    shards: list[Shard],
    workers: int,
    progress: Progress | None,
    finish: Callable[[Shard, dict[str, Any]], None],
) -> None:
    """The shards on a pool of ``workers`` processes; their ticks come back through a
    queue that a thread of this process hands to ``progress``.

    A task with a ``warm_up(shard)`` method has it run here first, on the first shard, when
    workers are forked: what a first read builds is built once, in this process, and every
    worker inherits it, where each would otherwise build its own.
    """
    queue: Any = None
    listener: threading.Thread | None = None
    stop = threading.Event()
    if progress is not None:
        queue = multiprocessing.SimpleQueue()
        listener = threading.Thread(target=_relay, args=(queue, progress, stop), daemon=True)
        listener.start()
    try:
        warm = getattr(task, "warm_up", None)
        if warm is not None and multiprocessing.get_start_method() == "fork":
            warm(shards[0])
        setup = (ticks.set_listener, (_Send(queue),)) if queue is not None else None
        with WorkerPool(workers, setup) as pool:
            futures = {pool.submit(task, shard): shard for shard in shards}
            for future in as_completed(futures):
                finish(futures[future], future.result())
    finally:
        stop.set()
        if listener is not None:
            listener.join()
            queue.close()


class _Send:
    """A worker's tick listener: the counts go to the parent through ``queue``."""

    def __init__(self, queue: Any) -> None:
        self.queue = queue

    def __call__(self, index: int, entries: int, records: int, failures: int) -> None:
        self.queue.put((index, entries, records, failures))


def _relay(queue: Any, progress: Progress, stop: threading.Event) -> None:
    """Hand the workers' ticks to ``progress`` until ``stop`` is set. This process never
    writes to the queue: a worker stopped in the middle of a write can hold its lock."""
    while not stop.is_set():
        if queue.empty():
            stop.wait(RELAY_SECONDS)
            continue
        try:
            counts = queue.get()
        except Exception:  # a message cut short by a worker that was stopped
            return
        progress.tick(*counts)


def check_engine(engine: str) -> None:
    """Refuse an engine that is unknown or whose libraries are missing, before any work.

    Raises:
        KifuError: ``USAGE`` for an unknown engine; ``MISSING_EXTRA`` when Dask is not
            installed.
    """
    if engine not in ENGINES:
        raise KifuError(
            f"unknown engine {engine!r}", code="USAGE", hint=f"one of {', '.join(ENGINES)}"
        )
    if engine == "dask":
        require("dask.bag", "dask", _DASK)
        require("distributed", "dask", _DASK)


def _run_dask(
    task: Task,
    shards: list[Shard],
    jobs: int,
    scheduler: str | None,
    finish: Callable[[Shard, dict[str, Any]], None],
    progress: Progress | None = None,
) -> None:
    """The shards on Dask, one a partition; with ``progress``, the workers' ticks come back
    through a Dask queue (one per run) that a thread of this process hands to it."""
    bag: Any = require("dask.bag", "dask", _DASK)
    distributed: Any = require("distributed", "dask", _DASK)
    if not shards:
        return
    cluster = None
    if scheduler:
        client = distributed.Client(scheduler)
    else:
        cluster = distributed.LocalCluster(
            n_workers=max(jobs, 1),
            threads_per_worker=1,  # reading is pure Python: threads would share one GIL
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        client = distributed.Client(cluster)
    stop = threading.Event()
    relay: threading.Thread | None = None
    queue: Any = None
    try:
        mapped: Task = task
        if progress is not None:
            name = f"kifu-lark-ticks-{uuid.uuid4().hex}"
            mapped = _DaskTicks(task, name)
            queue = distributed.Queue(name, client=client)
            relay = threading.Thread(target=_relay_dask, args=(queue, progress, stop), daemon=True)
            relay.start()
        by_index = {shard.index: shard for shard in shards}
        # one shard a partition: a partition's result is the list of its one result
        partitions = bag.from_sequence(shards, partition_size=1).map(mapped).to_delayed()
        futures = client.compute(partitions)
        for future in distributed.as_completed(futures):
            for result in future.result():
                finish(by_index[result["index"]], result)
    finally:
        stop.set()
        if relay is not None:
            relay.join()
        if queue is not None:
            queue.close()  # the scheduler drops a queue once every holder has closed it
        client.close()
        if cluster is not None:
            cluster.close()


class _DaskTicks:
    """A task run on a Dask worker with its ticks put on the Dask queue named ``name``."""

    def __init__(self, task: Task, name: str) -> None:
        self.task = task
        self.name = name

    def __call__(self, shard: Shard) -> dict[str, Any]:
        distributed: Any = require("distributed", "dask", _DASK)
        queue = distributed.Queue(self.name)  # the worker's own client

        def put(index: int, entries: int, records: int, failures: int) -> None:
            queue.put((index, entries, records, failures))

        try:
            with ticks.listen(put):
                return self.task(shard)
        finally:
            queue.close()


def _relay_dask(queue: Any, progress: Progress, stop: threading.Event) -> None:
    """Hand the ticks on the Dask ``queue`` to ``progress`` until ``stop`` is set."""
    while not stop.is_set():
        try:
            counts = queue.get(timeout=RELAY_SECONDS)
        except TimeoutError:
            continue
        except Exception:  # the client closed under the wait: the run is over
            return
        progress.tick(*counts)
