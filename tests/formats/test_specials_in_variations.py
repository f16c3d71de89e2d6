"""Two specials in a row (不詰 then 中断) in a variation read in KIF and JKF as they do in the
main line, and the variation after them branches where it says, not from the special."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import kifu_lark
from kifu_lark import Color, Special, SpecialKind

H = "手数----指手---------消費時間--\n"
MAIN = H + "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n"
# a variation at move 2 ending 不詰, 中断
ENDED = "\n変化：2手\n   2 ８四歩(83)\n   3 不詰\n   4 中断\n"
# then another at move 2
SIBLINGS = MAIN + ENDED + "\n変化：2手\n   2 ４四歩(43)\n"
# then one at move 3 of that variation
NESTED = MAIN + ENDED + "\n変化：3手\n   3 ２六歩(27)\n"

ENDS = [Special(SpecialKind.NO_MATE, Color.BLACK), Special(SpecialKind.INTERRUPT, Color.BLACK)]


def _usi(node: kifu_lark.Node) -> str | None:
    return None if node.move is None else node.move.usi()


def _check_siblings(game: kifu_lark.Game) -> None:
    first = game.root.children[0]
    assert ["3c3d", "8c8d", "4c4d"] == [_usi(c) for c in first.children]
    ending = first.children[1]
    assert ENDS == [n.special for n in ending.mainline()]
    assert Color.WHITE == first.children[2].move.color  # type: ignore[union-attr]


def _check_nested(game: kifu_lark.Game) -> None:
    variation = game.root.children[0].children[1]
    assert "8c8d" == _usi(variation)
    assert [None, "2g2f"] == [_usi(c) for c in variation.children]
    assert ENDS == [n.special for n in variation.mainline()]
    assert Color.BLACK == variation.children[1].move.color  # type: ignore[union-attr]


@pytest.mark.parametrize(("text", "check"), [(SIBLINGS, _check_siblings), (NESTED, _check_nested)])
def test_kif_reads_two_specials_in_a_variation(
    text: str, check: Callable[[kifu_lark.Game], None]
) -> None:
    """KIF: the variation after 不詰, 中断 branches from the move it names."""
    game = kifu_lark.loads(text, "kif")
    check(game)
    assert [] == game.warnings


@pytest.mark.parametrize(("text", "check"), [(SIBLINGS, _check_siblings), (NESTED, _check_nested)])
def test_jkf_reads_two_specials_in_a_variation(
    text: str, check: Callable[[kifu_lark.Game], None]
) -> None:
    """JKF: the same tree, written as forks by hand, reads the same."""
    moves: list[dict[str, Any]] = [
        {},
        {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}},
    ]
    black_26: dict[str, Any] = {
        "move": {"color": 0, "from": {"x": 2, "y": 7}, "to": {"x": 2, "y": 6}, "piece": "FU"}
    }
    w84: dict[str, Any] = {
        "move": {"color": 1, "from": {"x": 8, "y": 3}, "to": {"x": 8, "y": 4}, "piece": "FU"}
    }
    w44: dict[str, Any] = {
        "move": {"color": 1, "from": {"x": 4, "y": 3}, "to": {"x": 4, "y": 4}, "piece": "FU"}
    }
    w34: dict[str, Any] = {
        "move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}
    }
    if text is SIBLINGS:
        ends: list[dict[str, Any]] = [{"special": "FUZUMI"}, {"special": "CHUDAN"}]
        w34["forks"] = [[w84, *ends], [w44]]
    else:
        fuzumi: dict[str, Any] = {"special": "FUZUMI", "forks": [[black_26]]}
        w34["forks"] = [[w84, fuzumi, {"special": "CHUDAN"}]]
    moves += [w34, black_26]
    record = {"header": {}, "initial": {"preset": "HIRATE"}, "moves": moves}
    game = kifu_lark.loads(json.dumps(record, ensure_ascii=False), "jkf")
    check(game)
    assert game == kifu_lark.loads(text, "kif")


@pytest.mark.parametrize("text", [SIBLINGS, NESTED])
def test_kif_round_trips_two_specials_in_a_variation(text: str) -> None:
    """Written back, KIF reads the same tree, with no warning (the まで line counts moves)."""
    game = kifu_lark.loads(text, "kif")
    back = kifu_lark.loads(kifu_lark.dumps(game, "kif"), "kif")
    assert game == back
    assert [] == back.warnings


def test_kif_summary_after_two_specials_counts_the_moves() -> None:
    """``3 不詰`` ``4 中断`` after two moves: the まで line says 2 moves, not 3."""
    game = kifu_lark.loads(H + "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 不詰\n   4 中断\n", "kif")
    assert "まで2手で中断" == kifu_lark.dumps(game, "kif").splitlines()[-1]
