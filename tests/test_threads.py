"""Reading in several threads at once gives the games reading alone gives.

The readers share tables between reads (move texts, times, board set-ups, parsers built
once: ``formats/engine/memo.py``, the per-reader tables, ``parsing.parser``). Eight threads
read every fixture and real-shaped records of each reader, in their own orders, with the
tables starting empty, bounded to a few entries (so that they are emptied again and again
while other threads look things up) and the interpreter switching threads as often as it
can; each game (or error) must equal the one read alone.
"""

from __future__ import annotations

import random
import sys
import threading
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

import kifu_lark
from benchmarks import realistic
from kifu_lark.errors import KifuError, LossyWriteWarning
from kifu_lark.formats import csa_moves, csa_start, japanese_move, kif_moves
from kifu_lark.formats.engine import parsing, tokens
from kifu_lark.formats.registry import format_for_path
from tests.canonical import dumps
from tests.conftest import FIXTURES

THREADS = 8
ROUNDS = 2

#: Every bounded table a reader shares between reads, and its size limit's name.
TABLES = [
    (csa_moves, "_MOVES", "_MOVES_KEPT"),
    (csa_moves, "_TAILS", "_TAILS_KEPT"),
    (csa_start, "_USUAL_ROWS", "_USUAL_ROWS_KEPT"),
    (kif_moves, "_MOVES", "_MOVES_KEPT"),
    (kif_moves, "_SPENT", "_SPENT_KEPT"),
    (kif_moves, "_TOTALS", "_TOTALS_KEPT"),
    (japanese_move, "FIELDS", "_FIELDS_KEPT"),
    (tokens, "_LINE_KINDS", "_LINE_KINDS_KEPT"),
]


def _inputs() -> list[tuple[str, bytes | str, str]]:
    """(name, text, format): every fixture a format is known for, and real-shaped records."""
    found: list[tuple[str, bytes | str, str]] = []
    for path in sorted(FIXTURES.rglob("*")):
        known = format_for_path(str(path)) if path.is_file() else None
        if known is not None:
            found.append((path.relative_to(FIXTURES).as_posix(), path.read_bytes(), known.name))
    with warnings.catch_warnings():  # JKF has no move number for a diagram's start: fine
        warnings.simplefilter("ignore", LossyWriteWarning)
        for plan in realistic.plans(6, seed=900, plies=30):
            for name, make in realistic.TEXTS.items():
                found.append((f"real-shaped {name} {plan.seed}", make(plan), name))
            flood = realistic.csa_text(plan, floodgate=True)
            found.append((f"floodgate {plan.seed}", flood, "csa"))
    return found


def _read(text: bytes | str, fmt: str) -> Any:
    """What reading ``text`` gives, as comparable data: games, warnings, or the error."""
    try:
        games = kifu_lark.loads_all(text, fmt)
    except KifuError as err:
        return ("error", type(err).__name__, err.code, err.line, err.column, str(err))
    warnings = [(w.code, w.ply, w.line, w.column) for g in games for w in g.warnings]
    return (dumps(games), warnings)


@pytest.fixture
def crowded(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Empty tables of eight entries, and a thread switch as often as possible."""
    for module, table, limit in TABLES:
        getattr(module, table).clear()
        monkeypatch.setattr(module, limit, 8)
    monkeypatch.setattr(parsing, "_PARSERS", {})  # parsers built while the threads start
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)
        for module, table, _ in TABLES:
            getattr(module, table).clear()


def test_threads_read_what_one_thread_reads(crowded: None) -> None:
    inputs = _inputs()
    alone = [_read(text, fmt) for _, text, fmt in inputs]
    assert sum(a[0] != "error" for a in alone) > len(inputs) // 2
    for module, table, _ in TABLES:
        getattr(module, table).clear()
    parsing._PARSERS.clear()
    start = threading.Barrier(THREADS)
    wrong: list[str] = []
    failed: list[BaseException] = []

    def work(seed: int) -> None:
        try:
            order = list(range(len(inputs))) * ROUNDS
            random.Random(seed).shuffle(order)
            start.wait()
            for i in order:
                name, text, fmt = inputs[i]
                if _read(text, fmt) != alone[i]:
                    wrong.append(name)
        except BaseException as err:  # reported below: a thread's exception is lost otherwise
            failed.append(err)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failed, failed
    assert not wrong, sorted(set(wrong))
