"""``kifu_lark.dataset.engines``: results in shard order, the progress line, bad engines."""

from __future__ import annotations

import io
import multiprocessing
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from kifu_lark.dataset import engines, ticks
from kifu_lark.dataset.engines import POOL_ENTRIES, Progress, pool_workers, run
from kifu_lark.dataset.shards import MIN_SHARD, SHARD_SIZE, SHARDS, Shard, plan, shard_size_for
from kifu_lark.errors import KifuError


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _count(shard: Shard) -> dict[str, Any]:
    """A task: the shard's entries, and a failure per entry named 'bad'."""
    entries = shard.entries()
    bad = sum(1 for source, _ in entries if source.startswith("bad"))
    return {
        "index": shard.index,
        "records": len(entries),
        "failures": {"SYNTAX": bad} if bad else {},
        "names": [source for source, _ in entries],
    }


def _shards(tmp_path: Path) -> list[Shard]:
    entries = [(f"{'bad' if n % 4 == 0 else 'ok'}-{n:02d}.csa", None) for n in range(10)]
    return plan(entries, str(tmp_path), 3)


@pytest.mark.parametrize("engine", ["serial", "pool"])
def test_results_come_back_in_shard_order(engine: str, tmp_path: Path) -> None:
    """Four shards of 3, 3, 3 and 1 entries, read back from the manifest, in order."""
    shards = _shards(tmp_path)
    results = run(_count, shards, engine=engine, jobs=2)
    assert [0, 1, 2, 3] == [r["index"] for r in results]
    assert [3, 3, 3, 1] == [r["records"] for r in results]
    assert "ok-09.csa" == results[-1]["names"][-1]


def test_progress_shows_rate_and_failures_on_a_terminal_only(tmp_path: Path) -> None:
    """On a terminal: files done of all and failures so far; elsewhere nothing."""
    shards = _shards(tmp_path)
    shown, hidden = _Terminal(), io.StringIO()
    run(_count, shards, progress=Progress("export", 10, shown))
    run(_count, shards, progress=Progress("export", 10, hidden))
    last = shown.getvalue().rstrip("\n").split("\r")[-1]
    assert last.startswith("export: 10/10 files, ")
    assert "records/s, 3 failed" in last
    assert "" == hidden.getvalue()


def test_an_unknown_engine_is_a_usage_error(tmp_path: Path) -> None:
    """--engine threads: USAGE naming the engines there are."""
    with pytest.raises(KifuError) as raised:
        run(_count, _shards(tmp_path), engine="threads")
    assert "USAGE" == raised.value.code
    assert "serial, pool, dask" in (raised.value.hint or "")


def _entries(count: int) -> list[tuple[str, None]]:
    return [(f"game-{n:05d}.csa", None) for n in range(count)]


def test_the_default_cut_depends_on_the_entries_alone_and_spreads_them(tmp_path: Path) -> None:
    """1 600 files: SHARDS shards (any -j up to SHARDS shares them); a few files: one shard;
    a million: shards of SHARD_SIZE."""
    assert SHARDS == len(plan(_entries(1600), str(tmp_path)))
    assert 1 == len(plan(_entries(MIN_SHARD), str(tmp_path)))
    assert 2 == len(plan(_entries(MIN_SHARD + 1), str(tmp_path)))
    assert SHARD_SIZE == shard_size_for(1_000_000)
    assert [3, 3, 3, 1] == [s.count for s in plan(_entries(10), str(tmp_path), 3)]


def test_a_pool_starts_only_when_every_worker_gets_its_share(tmp_path: Path) -> None:
    """-j 2 on 1 600 files: two workers; on fewer than 2 x POOL_ENTRIES files, or a single
    shard: none (the work runs in this process); never more workers than shards."""
    assert 2 == pool_workers(2, plan(_entries(1600), str(tmp_path)))
    assert 0 == pool_workers(2, plan(_entries(2 * POOL_ENTRIES - 1), str(tmp_path), 10))
    assert 0 == pool_workers(4, plan(_entries(1600), str(tmp_path), 1600))
    assert 3 == pool_workers(8, plan(_entries(1600), str(tmp_path), 600))


def _pid(shard: Shard) -> dict[str, Any]:
    time.sleep(0.05)  # long enough that one worker cannot take every shard
    return {"index": shard.index, "records": shard.count, "pid": os.getpid()}


def test_two_jobs_split_1600_files_across_both_workers(tmp_path: Path) -> None:
    """The default cut of 1 600 files on a 2-process pool: both workers read shards."""
    results = run(_pid, plan(_entries(1600), str(tmp_path)), engine="pool", jobs=2)
    assert 1600 == sum(r["records"] for r in results)
    pids = {r["pid"] for r in results}
    assert 2 == len(pids) and os.getpid() not in pids
    small = run(_pid, plan(_entries(50), str(tmp_path)), engine="pool", jobs=2)
    assert {os.getpid()} == {r["pid"] for r in small}


def _ticking(shard: Shard) -> dict[str, Any]:
    """A task that counts each entry on a ticker, a failure every fourth."""
    ticker = ticks.Ticker(shard.index)
    failed = 0
    for n, _ in enumerate(shard.entries()):
        time.sleep(0.002)
        ticker.step(1, n % 4 == 0)
        failed += n % 4 == 0
    return {"index": shard.index, "records": shard.count, "failures": {"X": failed}}


def _counts_drawn(stream: _Terminal) -> list[int]:
    lines = [line for line in stream.getvalue().split("\r") if line.startswith("export: ")]
    return [int(line.split()[1].split("/")[0].replace(",", "")) for line in lines]


@pytest.mark.parametrize("engine", ["serial", "pool", "dask"])
def test_the_progress_line_moves_within_a_shard(
    engine: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two shards of 2 x POOL_ENTRIES files: the line shows counts between the shards' ends
    (ticks from this process, from the pool's workers through the queue, or from Dask's
    workers through a Dask queue), and ends on every file with the failures of the
    results. A shard takes longer than a worker's TICK_SECONDS (Dask's workers are
    processes of their own, where the patch below does not reach)."""
    if engine == "dask":
        pytest.importorskip("dask.bag", reason="the dask extra is not installed")
        pytest.importorskip("distributed", reason="the dask extra is not installed")
    monkeypatch.setattr(ticks, "TICK_SECONDS", 0.0)
    monkeypatch.setattr(engines, "REDRAW_SECONDS", 0.0)
    size = 2 * POOL_ENTRIES
    shards = plan(_entries(2 * size), str(tmp_path), size)
    shown = _Terminal()
    meter = Progress("export", 2 * size, shown)
    results = run(_ticking, shards, engine=engine, jobs=2, progress=meter)
    drawn = _counts_drawn(shown)
    assert any(count % size for count in drawn), drawn[:20]
    assert drawn == sorted(drawn)
    last = shown.getvalue().rstrip("\n").split("\r")[-1]
    failed = sum(r["failures"]["X"] for r in results)
    assert last.startswith(f"export: {2 * size}/{2 * size} files, ")
    assert last.endswith(f"records/s, {failed} failed")


def test_a_dask_run_leaves_no_tick_queue_on_its_scheduler(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a scheduler that outlives the run (``--scheduler``), the run's tick queue is gone
    once it ends: the parent and every task closed their hold on it."""
    distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")
    pytest.importorskip("dask.bag", reason="the dask extra is not installed")
    monkeypatch.setattr(ticks, "TICK_SECONDS", 0.0)
    shards = plan(_entries(400), str(tmp_path), 100)
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster:
        meter = Progress("export", 400, _Terminal())
        results = run(
            _ticking, shards, engine="dask", scheduler=cluster.scheduler_address, progress=meter
        )
        assert 400 == sum(r["records"] for r in results)
        queues = cluster.scheduler.extensions["queues"]
        assert {} == queues.queues
        assert {} == queues.client_refcount


def test_a_listen_block_hears_only_its_own_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two threads of one process, each in its own ``listen`` block (two tasks of two runs
    on one Dask worker), each counting a shard: each listener hears its own shard only,
    and a process's listener (a pool worker's) hears what no block claims."""
    monkeypatch.setattr(ticks, "TICK_SECONDS", 0.0)
    heard: dict[str, list[int]] = {"a": [], "b": [], "process": []}
    both = threading.Barrier(2)

    def count(name: str, index: int) -> None:
        def hear(shard: int, entries: int, records: int, failures: int) -> None:
            heard[name].append(shard)

        with ticks.listen(hear):
            ticker = ticks.Ticker(index)
            for _ in range(20):
                both.wait()  # the two threads step in turn, inside their blocks
                ticker.step(1, False)

    threads = [threading.Thread(target=count, args=a) for a in (("a", 1), ("b", 2))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert heard["a"] == [1] * 20 and heard["b"] == [2] * 20
    monkeypatch.setattr(ticks, "_process_listener", lambda *c: heard["process"].append(c[0]))
    ticks.Ticker(3).step(1, False)
    assert [3] == heard["process"]


_WARMED: list[int] = []


class _Warmed:
    """A task whose warm_up marks this process; each shard says whether its process was."""

    def warm_up(self, shard: Shard) -> None:
        _WARMED.append(shard.index)

    def __call__(self, shard: Shard) -> dict[str, Any]:
        time.sleep(0.05)
        return {"index": shard.index, "warmed": list(_WARMED), "pid": os.getpid()}


@pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork", reason="workers inherit only when forked"
)
def test_a_pool_warms_up_once_before_its_workers_are_forked(tmp_path: Path) -> None:
    """task.warm_up(first shard) runs in this process before the pool starts: every worker
    inherits what it built (the grammars' parsers, on a real task) instead of building it."""
    _WARMED.clear()
    results = run(_Warmed(), plan(_entries(1600), str(tmp_path)), engine="pool", jobs=2)
    assert [0] == _WARMED
    assert all([0] == r["warmed"] for r in results)
    assert os.getpid() not in {r["pid"] for r in results}
