"""The same game reads identically from KI2, KIF and CSA: corpus records that exist in several
formats, and random games written in each format then read back."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kifu_lark
from kifu_lark.errors import UnknownFormatError
from kifu_lark.formats.registry import get_format
from kifu_lark.model.game import Game, Node
from kifu_lark.model.position import Position
from kifu_lark.rules.board import Board
from kifu_lark.rules.movegen import legal_moves
from tests.conftest import require_corpus

FORMATS = ("ki2", "kif", "csa")

#: Records of json-kifu-format's test files that hold one game in several formats.
SAME_GAME = {
    "9fu": ("ki2/9fu.ki2", "kif/9fu.kif", "csa/9fu.csa"),
    "8mai": ("ki2/8mai.ki2", "ki2/8mai.ki2u", "kif/8mai.kif", "csa/8mai.csa"),
    "chudan": ("ki2/chudan.ki2", "kif/chudan.kif", "csa/chudan.csa"),
    "noeol": ("ki2/noeol.ki2", "kif/noeol.kif"),  # its .csa holds another game
    "fork": ("ki2/fork.ki2", "kif/fork.kif"),
}


def _require(*names: str) -> None:
    for name in names:
        try:
            get_format(name)
        except UnknownFormatError:
            pytest.skip(f"format {name!r} is not registered yet")


def _format_of(path: str) -> str:
    return {".ki2": "ki2", ".ki2u": "ki2", ".kif": "kif", ".kifu": "kif", ".csa": "csa"}[
        Path(path).suffix
    ]


def _moves(node: Node) -> list[object]:
    """The move tree below ``node``: each move with the trees of its alternatives (specials
    left out: formats name some of them differently)."""
    line: list[object] = []
    while node.children:
        first, *others = node.children
        line.append((first.move, [_moves_from(o) for o in others]))
        node = first
    return line


def _moves_from(node: Node) -> list[object]:
    return [(node.move, []), *_moves(node)]


def _tree(game: Game) -> list[object]:
    return [(game.start.sfen(), game.start.ply), _moves(game.root)]


@pytest.mark.parametrize("name", sorted(SAME_GAME))
def test_corpus_game_reads_the_same_in_every_format(name: str) -> None:
    """json-kifu-format's records of one game give one start position and one move tree."""
    paths = SAME_GAME[name]
    _require(*{_format_of(p) for p in paths})
    corpus = require_corpus() / "json-kifu-format"
    trees = {p: _tree(kifu_lark.load(corpus / p, _format_of(p))) for p in paths}
    first = trees[paths[0]]
    assert {p: first for p in paths} == trees


def test_bioshogi_sample_reads_the_same_from_csa_and_ki2() -> None:
    """bioshogi's sample game gives the same moves from its CSA and its KI2 file."""
    _require("csa", "ki2")
    folder = require_corpus() / "bioshogi/lib/bioshogi/assets/kifu_formats"
    csa = kifu_lark.load(folder / "sample.csa", "csa")
    ki2 = kifu_lark.load(folder / "sample.ki2", "ki2")
    assert _tree(csa) == _tree(ki2)


@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 120))
def test_random_game_reads_the_same_from_every_format(seed: int, plies: int) -> None:
    """A random game written in KI2, KIF and CSA reads back to the same moves from each."""
    _require(*FORMATS)
    rng = random.Random(seed)
    start = Position.initial()
    board = Board.from_position(start)
    game = Game(start=start)
    node = game.root
    for _ in range(plies):
        moves = legal_moves(board)
        if not moves:
            break
        node = node.add_variation(board.push(rng.choice(moves)))
    trees = {fmt: _tree(kifu_lark.loads(kifu_lark.dumps(game, fmt), fmt)) for fmt in FORMATS}
    assert {fmt: _tree(game) for fmt in FORMATS} == trees
