"""Every KI2/KI2U record of the shared corpus reads (or fails as listed), and the records
with an expected JKF agree with it move by move, variations and results included."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import kifu_lark
from kifu_lark.errors import IllegalMoveError
from kifu_lark.formats.jkf_write import PRESETS as JKF_PRESETS
from kifu_lark.model.color import Color
from kifu_lark.model.game import Node
from kifu_lark.model.handicap import handicap_name
from kifu_lark.model.move import SpecialKind
from tests.conftest import corpus_dir, require_corpus

CORPUS = corpus_dir()
RECORDS = sorted(p for p in CORPUS.rglob("*") if p.suffix in (".ki2", ".ki2u")) if CORPUS else []

#: Records that must fail, with the reason: (error code, line, column, ply).
EXPECTED_FAILURES: dict[str, tuple[str, int, int, int]] = {}
#: Records that read with warnings: (code, ply, line, column) of each.
EXPECTED_WARNINGS = {
    # A professional game that ends in 二歩: the 88th move is the foul itself, and the まで
    # line declares it (先手の反則勝ち), so it reads without tolerate, the foul a warning.
    "bioshogi/spec/files/反則二歩.ki2": [("TWO_PAWNS", 88, 26, 25)],
}


def _pairs() -> dict[str, str]:
    """Records paired with the JKF that another reader produced from them."""
    if CORPUS is None:
        return {}
    pairs = {
        f"json-kifu-format/ki2/{p.name}": f"json-kifu-format/expected-jkf/ki2/{p.name}.jkf.json"
        for p in (CORPUS / "json-kifu-format" / "ki2").glob("*.ki2*")
    }
    pairs.update(
        {
            f"shogi-kifu-converter/ki2/{p.name}": f"shogi-kifu-converter/ki2/{p.stem}.json"
            for p in (CORPUS / "shogi-kifu-converter" / "ki2").glob("*.ki2*")
        }
    )
    return pairs


PAIRS = _pairs()

#: JKF preset → our handicap name (the JKF writer's table, tested in test_jkf.py).
_JKF_PRESETS = {preset: handicap for handicap, preset in JKF_PRESETS.items()}
_JKF_SPECIALS = {
    SpecialKind.RESIGN: "TORYO",
    SpecialKind.INTERRUPT: "CHUDAN",
    SpecialKind.SEALED: "CHUDAN",  # JKF has no 封じ手: json-kifu-format reads it as 中断
    SpecialKind.REPETITION: "SENNICHITE",
    SpecialKind.TIME_UP: "TIME_UP",
    SpecialKind.ILLEGAL_LOSS: "ILLEGAL_MOVE",
    SpecialKind.ILLEGAL_MOVE: "ILLEGAL_MOVE",
    SpecialKind.IMPASSE: "JISHOGI",
    SpecialKind.ENTERING_KING_WIN: "KACHI",
    SpecialKind.MATE: "TSUMI",
    SpecialKind.NO_MATE: "FUZUMI",
    SpecialKind.DRAW_DECLARATION: "HIKIWAKE",
}


def _name(path: Path) -> str:
    assert CORPUS is not None
    return path.relative_to(CORPUS).as_posix()


def _jkf_of_node(node: Node) -> dict[str, Any]:
    """The fields of a JKF move entry we compare, for one node."""
    if node.special is not None:
        special = node.special
        if special.kind is SpecialKind.ILLEGAL_WIN:
            # the side to move wins: the other one fouled
            return {"special": ("-" if special.color is Color.BLACK else "+") + "ILLEGAL_ACTION"}
        return {"special": _JKF_SPECIALS.get(special.kind, special.kind.value)}
    move = node.move
    assert move is not None
    entry: dict[str, Any] = {
        "color": 0 if move.color is Color.BLACK else 1,
        "to": (move.to.file, move.to.rank),
        "piece": move.piece.csa,
        "promote": move.promote,
    }
    if move.from_ is not None:
        entry["from"] = (move.from_.file, move.from_.rank)
    return entry


def _jkf_of_entry(entry: dict[str, Any]) -> dict[str, Any]:
    if "special" in entry:
        return {"special": entry["special"]}
    move = entry["move"]
    out: dict[str, Any] = {
        "color": move["color"],
        "to": (move["to"]["x"], move["to"]["y"]),
        "piece": move["piece"],
        "promote": bool(move.get("promote", False)),
    }
    if "from" in move:
        out["from"] = (move["from"]["x"], move["from"]["y"])
    return out


def _line_of_game(first: Node | None) -> list[tuple[dict[str, Any], list[Any]]]:
    """A line as (entry, variations) pairs, JKF's shape: forks hang on the move they replace."""
    line: list[tuple[dict[str, Any], list[Any]]] = []
    node = first
    while node is not None:
        siblings = node.parent.children if node.parent is not None else [node]
        forks = [_line_of_game(s) for s in siblings[1:]] if siblings[0] is node else []
        line.append((_jkf_of_node(node), forks))
        node = node.children[0] if node.children else None
    return line


def _line_of_jkf(entries: list[dict[str, Any]]) -> list[tuple[dict[str, Any], list[Any]]]:
    return [
        (_jkf_of_entry(e), [_line_of_jkf(f) for f in e.get("forks", [])])
        for e in entries
        if "move" in e or "special" in e
    ]


@pytest.mark.parametrize("path", RECORDS, ids=_name)
def test_corpus_record_reads(path: Path) -> None:
    """The record reads with its moves validated, or fails exactly as listed."""
    name = _name(path)
    if name in EXPECTED_FAILURES:
        code, line, column, ply = EXPECTED_FAILURES[name]
        with pytest.raises(IllegalMoveError) as info:
            kifu_lark.load(path, "ki2")
        assert (code, line, column, ply) == (
            info.value.code,
            info.value.line,
            info.value.column,
            info.value.ply,
        )
        return
    game = kifu_lark.load(path, "ki2")
    assert game.mainline(), "no moves read"
    assert EXPECTED_WARNINGS.get(name, []) == [
        (w.code, w.ply, w.line, w.column) for w in game.warnings
    ]


@pytest.mark.parametrize("tolerate", [(), ("two_pawns",)])
def test_declared_foul_reads_with_or_without_tolerate(tolerate: tuple[str, ...]) -> None:
    """The record declares its 二歩 (先手の反則勝ち): it reads to its end either way, the
    foul reported at move 88 and the special naming the winner."""
    corpus = require_corpus()
    path = corpus / "bioshogi/spec/files/反則二歩.ki2"
    game = kifu_lark.load(path, "ki2", tolerate=tolerate)
    assert [("TWO_PAWNS", 88)] == [(w.code, w.ply) for w in game.warnings]
    last = game.mainline()[-1]
    assert last.special is not None
    assert (SpecialKind.ILLEGAL_WIN, Color.BLACK) == (last.special.kind, last.special.color)


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_corpus_pair_agrees_with_expected_jkf(name: str) -> None:
    """Moves (origin, destination, piece, promotion), variations and results match the JKF."""
    corpus = require_corpus()
    expected = json.loads((corpus / PAIRS[name]).read_text(encoding="utf-8"))
    game = kifu_lark.load(corpus / name, "ki2")
    preset = expected.get("initial", {}).get("preset", "HIRATE")
    if preset in _JKF_PRESETS:
        assert _JKF_PRESETS[preset] == handicap_name(game.start)
    first = game.root.children[0] if game.root.children else None
    actual = _line_of_game(first)
    if name.startswith("shogi-kifu-converter/"):
        # Its reader does not turn the まで line into a special: compare the moves only.
        actual = [(entry, forks) for entry, forks in actual if "special" not in entry]
    assert _line_of_jkf(expected["moves"]) == actual
