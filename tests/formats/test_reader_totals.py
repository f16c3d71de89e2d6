"""The CSA and KIF readers give each move its running total as they read, and then tell
``GameBuilder.finish`` to skip ``fill_times`` (``GameBuilder.times_filled``): the times they
give are those ``fill_times`` works out, on records whose times take every way a text can
give them (a CSA time after a comment line, a KIF time without its total)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import kifu_lark
from kifu_lark.formats import csa
from kifu_lark.formats.base import ReadOptions
from kifu_lark.formats.csa_dialect import CSA
from kifu_lark.model import clock
from kifu_lark.model.game import Game, Node, fill_times
from kifu_lark.model.move import Time

_MOVES = ["+7776FU", "-3334FU", "+2726FU", "-8384FU", "+2625FU", "-8485FU", "+5968OU", "-4132KI"]
# what may follow a move: no time, a time on its line or the next, a fraction (V3.0), a time
# after a comment line (a TIME statement of its own), engine comments
_AFTER = [
    "\n",
    "\nT5\n",
    ",T12\n",
    "\nT0\n",
    "\nT1.25\n",
    "\n'c\nT7\n",
    "\nT3\n'** 30 -3334FU\n",
    "\n'*note\n",
]
_ENDS = ["", "%TORYO\n", "%TORYO\nT4\n", "%CHUDAN\n'end\n"]


def _times(game: Game) -> list[tuple[Any, ...]]:
    """Each node's time, with its numbers' types (``Time``'s ``==`` has 5 == 5.0)."""
    found: list[tuple[Any, ...]] = []
    for node in game.mainline():
        time = node.time
        if time is None:
            found.append((None,))
        else:
            found.append((time.spent, type(time.spent), time.total, type(time.total)))
    return found


def _refilled(game: Game, keep_totals: bool = False) -> list[tuple[Any, ...]]:
    """The times ``fill_times`` gives ``game``'s moves from their times spent alone (or
    from the times as read, with ``keep_totals``)."""
    for node in game.mainline():
        time = node.time
        if node.move is not None and time is not None and not keep_totals:
            node.time = Time(time.spent, None)
    fill_times(game.root)
    return _times(game)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, len(_MOVES)),
    st.lists(st.sampled_from(_AFTER), min_size=len(_MOVES), max_size=len(_MOVES)),
    st.sampled_from(_ENDS),
    st.booleans(),
)
def test_running_totals_are_those_fill_times_gives(
    plies: int, after: list[str], end: str, v3: bool
) -> None:
    head = "'CSA encoding=UTF-8\nV3.0\n" if v3 else "V2.2\n"
    body = "".join(move + tail for move, tail in zip(_MOVES[:plies], after, strict=False))
    if not v3:
        body = body.replace("T1.25", "T1")
    text = head + "PI\n+\n" + body + end
    for scan in (True, False):  # the whole-record fast path and the grammar as it is
        [game] = csa.reader(CSA)(text, ReadOptions(), scan)
        read = _times(game)
        assert read == _refilled(game), text


def test_a_second_record_starts_its_totals_again() -> None:
    """Two records in one text: each side's total starts from 0 in each."""
    one = "V2.2\nPI\n+\n+7776FU\nT5\n-3334FU\nT3\n+2726FU\nT2\n"
    games = kifu_lark.loads_all(one + "/\n" + one, "csa")
    assert [[n.time.total for n in g.mainline() if n.time] for g in games] == [[5.0, 3.0, 7.0]] * 2


_KIF_MOVES = ["７六歩(77)", "３四歩(33)", "２六歩(27)", "８四歩(83)", "２五歩(26)", "８五歩(84)"]
# a move's time: none, spent alone, both halves (the totals as a writer sums them, or not)
_KIF_TIMES = st.one_of(
    st.just(""),
    st.integers(0, 59).map(lambda s: f"   ( 0:{s:02d})"),
    st.tuples(st.integers(0, 59), st.integers(0, 3000)).map(
        lambda t: f"   ( 0:{t[0]:02d}/00:{t[1] // 60:02d}:{t[1] % 60:02d})"
    ),
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(_KIF_TIMES, min_size=1, max_size=len(_KIF_MOVES)),
    st.lists(_KIF_TIMES, min_size=1, max_size=3),
    st.booleans(),
)
def test_kif_times_are_those_fill_times_gives(
    times: list[str], branch: list[str], resign: bool
) -> None:
    numbered = enumerate(zip(_KIF_MOVES, times, strict=False), 1)
    lines = [f"{n:4d} {move}{time}" for n, (move, time) in numbered]
    if resign:
        lines.append(f"{len(lines) + 1:4d} 投了   ( 0:04)")
    other = enumerate(zip(["５六歩(57)", "５四歩(53)", "５八飛(28)"], branch, strict=False), 1)
    variation = ["", "変化：1手", *(f"{n:4d} {move}{time}" for n, (move, time) in other)]
    text = "手数----指手---------消費時間--\n" + "\n".join(lines + variation) + "\n"
    game = kifu_lark.loads(text, "kif")
    read = _tree_times(game.root)
    fill_times(game.root)  # gives the totals the reader did not; keeps those it did
    assert read == _tree_times(game.root), text


def _tree_times(node: Node) -> list[tuple[Any, ...]]:
    """The times of every node below ``node``, depth first, with their numbers' types."""
    found: list[tuple[Any, ...]] = []
    for child in node.children:
        time = child.time
        found.append((None,) if time is None else (time, type(time.spent), type(time.total)))
        found += _tree_times(child)
    return found


def test_the_readers_total_bit_is_the_nodes() -> None:
    assert clock.TOTAL_CLOCK == clock.TOTAL
