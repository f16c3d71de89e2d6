"""Running a task over shards: in this process, on a process pool, or on Dask.

Every engine calls the same task on the same shards; only where it runs differs. Results
come back in shard order whatever order the shards finish in.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from concurrent.futures import as_completed
from typing import Any, TextIO

from kifu_lark.dataset.extras import require
from kifu_lark.dataset.shards import Shard
from kifu_lark.dataset.workers import WorkerPool
from kifu_lark.errors import KifuError, Setting

ENGINES = ("serial", "pool", "dask")
_DASK = Setting("engine", "dask")
Task = Callable[[Shard], dict[str, Any]]


class Progress:
    """A one-line progress report on standard error, shown only on a terminal: entries
    done of all, records per second, failures so far."""

    def __init__(self, label: str, total: int, stream: TextIO | None = None) -> None:
        self.label = label
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty()
        self.started = time.perf_counter()
        self.entries = self.records = self.failures = 0

    def update(self, shard: Shard, result: dict[str, Any]) -> None:
        """Count a finished shard and redraw."""
        self.entries += shard.count
        self.records += int(result.get("records", 0))
        self.failures += sum(result.get("failures", {}).values())
        if self.enabled:
            rate = self.records / max(time.perf_counter() - self.started, 1e-9)
            print(
                f"\r{self.label}: {self.entries:,}/{self.total:,} files, "
                f"{rate:,.0f} records/s, {self.failures:,} failed",
                end="",
                file=self.stream,
                flush=True,
            )

    def close(self) -> None:
        """End the line."""
        if self.enabled:
            print(file=self.stream, flush=True)


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
        engine: ``serial`` (this process), ``pool`` (``jobs`` processes) or ``dask``
            (the cluster at ``scheduler``, else a ``distributed.LocalCluster`` of ``jobs``
            single-threaded worker processes).
        jobs: workers for ``pool`` and a local Dask cluster.
        scheduler: a Dask scheduler's address (``tcp://host:8786``).
        progress: reports each finished shard.

    Raises:
        KifuError: ``USAGE`` for an unknown engine; ``MISSING_EXTRA`` when Dask is not
            installed.
    """
    check_engine(engine)
    done: dict[int, dict[str, Any]] = {}

    def finish(shard: Shard, result: dict[str, Any]) -> None:
        done[shard.index] = result
        if progress is not None:
            progress.update(shard, result)

    try:
        if engine == "dask":
            _run_dask(task, shards, jobs, scheduler, finish)
        elif engine == "pool" and jobs > 1 and len(shards) > 1:
            with WorkerPool(jobs) as pool:
                futures = {pool.submit(task, shard): shard for shard in shards}
                for future in as_completed(futures):
                    finish(futures[future], future.result())
        else:
            for shard in shards:
                finish(shard, task(shard))
    finally:
        if progress is not None:
            progress.close()
    return [done[shard.index] for shard in shards]


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
) -> None:
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
    try:
        by_index = {shard.index: shard for shard in shards}
        # one shard a partition: a partition's result is the list of its one result
        partitions = bag.from_sequence(shards, partition_size=1).map(task).to_delayed()
        futures = client.compute(partitions)
        for future in distributed.as_completed(futures):
            for result in future.result():
                finish(by_index[result["index"]], result)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
