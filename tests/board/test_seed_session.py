"""The bioshogi-style session of seed 003: ten move words pushed, the board printed, the
move lists in KIF and KI2. Everything expected is read from the seed at test time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kifu_lark import Board
from tests.conftest import ROOT

_OUTPUT = "# >> "


def _seed() -> str:
    found = sorted((ROOT.parent / "shared" / "seeds").glob("003_*.txt"))
    if not found:
        pytest.skip("../shared/seeds is absent")
    return Path(found[0]).read_text(encoding="utf-8")


def _blocks(text: str) -> list[str]:
    """The source blocks of the seed, in order."""
    return re.findall(r"#\+BEGIN_SRC ruby\n(.*?)#\+END_SRC", text, flags=re.DOTALL)


def _first_example(text: str) -> tuple[list[str], list[str], list[str]]:
    """(the move words it executes, its printed diagram, its KIF move list)."""
    block = _blocks(text)[0]
    code, _, output = block.partition(_OUTPUT)
    words = re.findall(r'"([^"]+)"', code)
    printed = [line[len(_OUTPUT) :] for line in (_OUTPUT + output).splitlines()]
    diagram = [line for line in printed if line.lstrip().startswith(("９", "+", "|"))]
    kif = re.findall(r'"([▲▽][^"]+)"', output)
    return words, diagram, kif


def _ki2_list(text: str) -> list[str]:
    """The KI2 move list the seed prints for its 竜王戦 game (which opens with the same
    moves as the first example)."""
    block = next(b for b in _blocks(text) if b.startswith("puts mediator.to_ki2_a"))
    lines = [line[len(_OUTPUT) :] for line in block.splitlines() if line.startswith(_OUTPUT)]
    return " ".join(lines).split()


def _framed(board_text: str) -> list[str]:
    """The coordinate line, the frame and the ranks of a diagram (hands left out)."""
    lines = board_text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("+"))
    last = max(i for i, line in enumerate(lines) if line.startswith("+"))
    return lines[first - 1 : last + 1]


def test_seed_session_board_equals_the_seed_diagram() -> None:
    """push_text of the first example's ten move words prints the seed's board."""
    words, diagram, _ = _first_example(_seed())
    assert 10 == len(words)
    board = Board()
    for word in words:
        board.push_text(word)
    assert diagram == _framed(str(board))


def test_seed_session_kif_list_is_the_seeds() -> None:
    """The KIF move list, with ▽ chosen for 後手, is the seed's move for move."""
    words, _, kif = _first_example(_seed())
    board = Board()
    for word in words:
        board.push_text(word)
    assert kif == board.move_texts("kif", marks="▲▽")


def test_seed_session_ki2_list_is_the_seeds() -> None:
    """The KI2 move list is the seed's (its 竜王戦 list opens with the same ten moves)."""
    text = _seed()
    words, _, _ = _first_example(text)
    board = Board()
    for word in words:
        board.push_text(word)
    assert _ki2_list(text)[: len(words)] == board.move_texts("ki2", marks="▲▽")


def test_seed_session_hands_follow_the_capture() -> None:
    """After ▽７七角成 white holds the bishop it took; black holds nothing."""
    words, _, _ = _first_example(_seed())
    board = Board()
    for word in words:
        board.push_text(word)
    lines = str(board).splitlines()
    assert "後手の持駒：角　" == lines[0]
    assert "先手の持駒：なし" == lines[1 + len(_framed(str(board)))]
