"""Deep trees and hostile JSON: writers and copies walk trees without recursion, JKF refuses
what no JSON decoder reads back and caps its indentation, and JSON limits are located
errors, not Python exceptions."""

from __future__ import annotations

import copy
import gc
import json
import pickle

import pytest

import kifu_lark
from kifu_lark.errors import KifuError, KifuSyntaxError, UnsupportedFeatureError
from kifu_lark.formats.jkf_write import MAX_FORK_DEPTH, MAX_INDENT
from kifu_lark.model import Game
from tests.test_scaling import _nested, _side_by_side


@pytest.mark.parametrize("fmt", ["kif", "ki2"])
def test_kif_and_ki2_write_and_read_1200_nested_variations(fmt: str) -> None:
    """A staircase of 1 200 variations, each inside the one before, survives write → read."""
    game = _nested(1200)
    back = kifu_lark.loads(kifu_lark.dumps(game, fmt), fmt)
    assert [n.move for n in game.root.walk()] == [n.move for n in back.root.walk()]


def test_jkf_writes_forks_nested_to_its_limit_and_refuses_deeper() -> None:
    """JKF nests forks up to MAX_FORK_DEPTH (read back whole), and refuses one more."""
    deepest = _nested(MAX_FORK_DEPTH)
    text = kifu_lark.dumps(deepest, "jkf")
    back = kifu_lark.loads(text, "jkf")
    assert [n.move for n in deepest.root.walk()] == [n.move for n in back.root.walk()]
    assert max(len(x) - len(x.lstrip(" ")) for x in text.splitlines()) <= MAX_INDENT + 4
    with pytest.raises(UnsupportedFeatureError):
        kifu_lark.dumps(_nested(MAX_FORK_DEPTH + 1), "jkf")


def test_a_node_of_a_long_line_pickles_and_copies() -> None:
    """pickle and deepcopy of a bare Node of a 6 000-node tree keep its subtree."""
    node = _side_by_side(3000).root.next
    assert node is not None
    expected = [n.move for n in node.walk()]
    for copied in (pickle.loads(pickle.dumps(node)), copy.deepcopy(node)):
        assert (node.move, expected, None) == (
            copied.move,
            [n.move for n in copied.walk()],
            copied.parent,
        )


@pytest.mark.parametrize("fmt", ["jkf", "msf", None])
def test_huge_json_integer_is_a_located_syntax_error(fmt: str | None) -> None:
    """An integer of 5 000 digits: SYNTAX at its line and column (also through detection)."""
    text = '{\n "header": {"x": ' + "7" * 5000 + "}, \"moves\": [{}]}"
    with pytest.raises(KifuSyntaxError) as caught:
        kifu_lark.loads(text, fmt)
    assert (2, 18) == (caught.value.line, caught.value.column)


@pytest.mark.parametrize("fmt", ["jkf", "msf"])
def test_json_nested_too_deep_is_located(fmt: str) -> None:
    """Nesting the decoder cannot follow: SYNTAX at the deepest point, with its depth."""
    text = '{"moves":\n' + "[" * 3000 + "]" * 3000 + "}"
    with pytest.raises(KifuSyntaxError) as caught:
        kifu_lark.loads(text, fmt)
    assert (2, 3000) == (caught.value.line, caught.value.column)
    assert "3001 levels" in caught.value.message


def test_jkf_written_for_deep_trees_stays_proportional() -> None:
    """Output grows with the tree, not with the square of its depth (indentation capped)."""
    small = len(kifu_lark.dumps(_nested(30), "jkf"))
    large = len(kifu_lark.dumps(_nested(240), "jkf"))
    assert large / small < 12
    assert json.loads(kifu_lark.dumps(_nested(240), "jkf"))


TEXT_FORMATS = [
    "kif", "ki2", "bod", "csa", "usi", "sfen", "shelt-simple", "shelt-normal", "shelt-strict",
    "shelt-kanji",
]  # fmt: skip


@pytest.mark.parametrize("fmt", TEXT_FORMATS)
@pytest.mark.parametrize("char", ["1", "9", "a"])
def test_a_long_line_costs_memory_in_proportion(fmt: str, char: str) -> None:
    """A 100 kB line of one character: an error, with a peak of under 50 bytes per input
    byte (a regex that kept a backtracking point per digit cost 1.3 kB per byte)."""
    import tracemalloc

    text = char * 100_000 + "\n"
    with pytest.raises(KifuError):
        kifu_lark.loads("\n" + char + "\n", fmt)  # grammars built before measuring
    tracemalloc.start()
    try:
        with pytest.raises(KifuError):
            kifu_lark.loads(text, fmt)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak / len(text) < 50


def _long_game(plies: int) -> Game:
    """Kings stepping back and forth: a legal game of any length."""
    cycle = ["5i4h", "5a6b", "4h5i", "6b5a"]
    return kifu_lark.loads("position startpos moves " + " ".join(cycle * (plies // 4)), "usi")


@pytest.mark.parametrize(
    ("fmt", "per_move"), [("ki2", 500), ("kif", 500), ("csa", 500), ("jkf", 1500)]
)
def test_a_long_record_costs_memory_in_proportion(fmt: str, per_move: int) -> None:
    """Reading a 20 000-move record peaks under 500 bytes per move and 50 per input byte
    (the move blocks kept a regex backtracking point per line and move: KI2 2 700 bytes per
    move, 173 per byte; CSA 700 per move; now about 300 per move, a kept game ~170). JKF
    decodes the whole JSON document first: about 1 000 bytes per move."""
    import tracemalloc

    text = kifu_lark.dumps(_long_game(20_000), fmt)
    kifu_lark.loads(kifu_lark.dumps(_long_game(4), fmt), fmt)  # grammars built before measuring
    gc.collect()
    tracemalloc.start()
    try:
        game = kifu_lark.loads(text, fmt)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(game.mainline()) == 20_000
    size = len(text.encode("utf-8"))
    assert peak / 20_000 < per_move, f"{fmt}: {peak / 20_000:.0f} bytes per move"
    assert peak / size < 50, f"{fmt}: {peak / size:.0f} bytes per input byte"
