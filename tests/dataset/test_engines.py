"""``kifu_lark.dataset.engines``: results in shard order, the progress line, bad engines."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from kifu_lark.dataset.engines import Progress, run
from kifu_lark.dataset.shards import Shard, plan
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
