"""The export's collector: paused in a shard, run by hand once its budget of new objects
piled up, and left as it was found."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from kifu_lark.dataset.collector import PausedCollector


class _Cycle:
    """An object in a reference cycle: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


@pytest.mark.usefixtures("collector_on")
def test_paused_in_the_block_and_on_again_after() -> None:
    with PausedCollector():
        assert not gc.isenabled()
    assert gc.isenabled()


@pytest.mark.usefixtures("collector_on")
def test_on_again_after_an_error_in_the_block() -> None:
    with pytest.raises(ValueError), PausedCollector():
        raise ValueError("a shard that broke off")
    assert gc.isenabled()


def test_a_collector_turned_off_stays_off() -> None:
    was = gc.isenabled()
    gc.disable()
    try:
        with PausedCollector():
            pass
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()


@pytest.mark.usefixtures("collector_on")
def test_a_step_frees_cycles_once_the_budget_is_spent_and_not_before() -> None:
    with PausedCollector(budget=10_000) as collector:
        gc.collect()  # a count of zero new objects to start from
        garbage = _Cycle()
        freed = weakref.ref(garbage)
        del garbage
        collector.step()  # two new objects: under the budget, nothing is collected
        assert freed() is not None
        kept = [_Cycle() for _ in range(10_000)]
        collector.step()
        assert freed() is None
        assert all(k.me is k for k in kept)  # what is still in use is kept


@pytest.mark.usefixtures("collector_on")
def test_the_end_of_the_block_frees_the_shards_cycles() -> None:
    with PausedCollector(budget=10**9):
        garbage = _Cycle()
        freed = weakref.ref(garbage)
        del garbage
    assert freed() is None
