"""The node keeps its time as two numbers and its line and column as one (model/node.py): what
goes in must come out, with its types, in the compiled build and the pure one alike."""

from __future__ import annotations

import copy
import pickle
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kifu_lark
from kifu_lark.model.game import Game
from kifu_lark.model.move import Time
from kifu_lark.model.node import Node
from kifu_lark.model.times import fill_times

_NUMBERS = st.one_of(
    st.none(),
    st.integers(),
    st.floats(allow_nan=False),
    st.booleans(),
    st.fractions(),
)


def _same(a: object, b: object) -> bool:
    """Equal and of the same type (1 is not 1.0 here: a writer prints them apart)."""
    return type(a) is type(b) and a == b


@given(_NUMBERS, _NUMBERS)
def test_a_time_comes_back_as_it_was_set(spent: object, total: object) -> None:
    node = Node()
    node.time = Time(spent, total)  # type: ignore[arg-type]
    time = node.time
    assert time is not None
    assert _same(time.spent, spent) and _same(time.total, total)
    assert node == Node(time=Time(spent, total))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("spent", "total"),
    [(1, None), (1.0, None), (None, 7), (2, 3.5), (None, None), (0, 0), (-0.0, 2**53)],
)
def test_plain_times_keep_their_types(spent: float | None, total: float | None) -> None:
    node = Node()
    node.set_time(spent, total)
    time = node.time
    assert time is not None
    assert _same(time.spent, spent) and _same(time.total, total)
    assert node._extra is None  # held in the node itself


@pytest.mark.parametrize(
    ("spent", "total"),
    [(2**53 + 1, None), (None, -(2**60)), (True, 1), (Fraction(1, 3), None), (10**400, 5)],
)
def test_odd_times_are_kept_whole(spent: object, total: object) -> None:
    node = Node(bookmark="here")
    node.time = Time(spent, total)  # type: ignore[arg-type]
    assert node.time == Time(spent, total)  # type: ignore[arg-type]
    assert node.bookmark == "here"
    node.time = Time(3, 4)
    assert node.time == Time(3, 4) and node.bookmark == "here"
    node.bookmark = None
    assert node._extra is None


def test_no_time_is_not_an_empty_time() -> None:
    node = Node()
    assert node.time is None
    node.time = Time()
    assert node.time == Time(None, None)
    node.time = None
    assert node.time is None


def test_bookmark_and_time_apart() -> None:
    node = Node(bookmark="a", time=Time(1, 2))
    assert (node.bookmark, node.time) == ("a", Time(1, 2))
    node.time = None
    assert node.bookmark == "a"
    node.bookmark = None
    assert node.time is None and node._extra is None


@given(st.none() | st.integers(0, 2**70), st.none() | st.integers(0, 2**32 - 2))
def test_line_and_column_come_back(line: int | None, column: int | None) -> None:
    node = Node(line=line, column=column)
    assert (node.line, node.column) == (line, column)
    node.line = None
    assert (node.line, node.column) == (None, column)
    node.line = line
    node.column = None
    assert (node.line, node.column) == (line, None)


@pytest.mark.parametrize(("line", "column"), [(-1, None), (None, -1), (1, 2**32 - 1)])
def test_places_out_of_range_are_refused(line: int | None, column: int | None) -> None:
    with pytest.raises(ValueError, match="0"):
        Node(line=line, column=column)


def test_fill_times_keeps_the_types_of_python_arithmetic() -> None:
    """The totals are worked out as Python numbers: an int read stays an int, a total from
    the float start is a float, and a total past what a double holds exactly stays whole."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d 2g2f 8c8d", "usi")
    a, b, c, d = game.mainline()
    a.set_time(None, 10)
    b.set_time(5, None)
    c.set_time(None, 12)
    d.set_time(None, 2**60)
    fill_times(game.root)
    times = [(n.time.spent, n.time.total) for n in (a, b, c, d) if n.time is not None]
    expected = [(10 - 0.0, 10), (5, 0.0 + 5), (12 - 10, 12), (2**60 - 5.0, 2**60)]
    assert len(times) == len(expected)
    for got, want in zip(times, expected, strict=True):
        assert _same(got[0], want[0]) and _same(got[1], want[1]), (got, want)


def test_copies_keep_what_the_node_holds() -> None:
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    first, second = game.mainline()
    first.time = Time(3, 10**30)
    first.bookmark = "mark"
    first.line, first.column = 4, 0
    second.set_time(1.5, None)
    for copied in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert isinstance(copied, Game)
        one, two = copied.mainline()
        assert one.time == Time(3, 10**30) and one.bookmark == "mark"
        assert (one.line, one.column) == (4, 0)
        assert two.time is not None and _same(two.time.spent, 1.5)
        assert copied == game


def test_a_lone_comment_behaves_as_a_list_of_one() -> None:
    """A reader keeps a node's one comment without a list (floodgate writes one a move);
    every way of reading, changing, comparing and copying the node sees a list of it."""
    game = kifu_lark.loads("+7776FU\n'** 30 -3334FU\n-3334FU\n'a\n'b\n", "csa")
    lone, two = game.mainline()
    assert tuple(lone.comment_lines) == ("* 30 -3334FU",)
    assert list(two.comment_lines) == ["'a", "'b"]
    assert lone.evaluation is not None and lone.evaluation.score == 30
    assert "comments=['* 30 -3334FU']" in repr(lone)
    twin = Node(lone.move, comments=["* 30 -3334FU"])
    assert Node(lone.move, comments=list(lone.comment_lines)) == twin
    for copied in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert copied == game
        assert copied.mainline()[0].comments == ["* 30 -3334FU"]
    comments = lone.comments
    assert comments == ["* 30 -3334FU"]
    comments.append("more")  # the list handed out is the node's own
    assert list(lone.comment_lines) == ["* 30 -3334FU", "more"]
    lone.evaluation = None
    assert list(lone.comment_lines) == ["more"]
