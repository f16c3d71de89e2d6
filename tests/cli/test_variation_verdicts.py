"""``kifu-lark validate --verdicts`` judges the ending of every variation that ends with a
special, not only the main line's: a variation's false 詰み makes the record invalid (an
error on its special's line, naming the variation), a true one is listed as agreeing. KIF
and JKF records of fixtures/verdict-variations/ (a mate-in-one diagram: G*5b mates, G*4b
does not)."""

from __future__ import annotations

import json

import pytest

from kifu_lark import Color, Node, Special, SpecialKind
from kifu_lark.board import Board
from kifu_lark.cli import main
from kifu_lark.dataset.verdict_reports import variation_path, verdict_reports
from tests.conftest import FIXTURES

FOLDER = FIXTURES / "verdict-variations"
#: name → the variation 詰み's line (None for JKF, which keeps no line; a KIF special line
#: has no column)
CONTRADICTED = {"variation-mate-contradicted.kif": 24, "variation-mate-contradicted.jkf": None}
AGREEING = ["variation-mate-agrees.kif", "variation-mate-agrees.jkf"]


@pytest.mark.parametrize("name", [*CONTRADICTED, *AGREEING])
def test_without_verdicts_the_records_are_valid(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The moves are legal: without --verdicts every ending is believed."""
    assert 0 == main(["validate", str(FOLDER / name)])
    assert "1 files, 1 valid, 0 invalid\n" == capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(CONTRADICTED))
def test_a_variation_false_mate_is_an_error_naming_it(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 1, one VERDICT error, on the variation's 詰み line, naming the variation at
    move 3; the main line's true 詰み is no error."""
    path = str(FOLDER / name)
    assert 1 == main(["validate", "--verdicts", path])
    error, summary = capsys.readouterr().out.splitlines()
    line = CONTRADICTED[name]
    where = f"{path}:{line}: " if line is not None else f"{path}: "
    assert error.startswith(where + "error: ")
    assert (
        "error: the ending 詰み of the variation at move 3 is contradicted by the rules: "
        "not mate: 後手 is in check but has" in error
    )
    assert error.endswith("(詰み: the side to move is checkmated)")
    assert "[VERDICT]" in error
    assert "1 files, 0 valid, 1 invalid" == summary


@pytest.mark.parametrize("name", sorted(CONTRADICTED))
def test_json_lists_the_main_line_then_the_variation(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--json: the main line's verdict (agrees, variation null), then the variation's
    (contradicted, variation [3], located like the error)."""
    assert 1 == main(["validate", "--verdicts", "--json", str(FOLDER / name)])
    report = json.loads(capsys.readouterr().out)["files"][0]
    verdicts = [(v["variation"], v["declared"], v["agrees"], v["line"]) for v in report["verdicts"]]
    line = CONTRADICTED[name]
    main_line = None if line is None else 19
    assert [(None, "MATE", True, main_line), ([3], "MATE", False, line)] == verdicts
    (error,) = report["errors"]
    assert ("VERDICT", line) == (error["code"], error["line"])


@pytest.mark.parametrize("name", AGREEING)
def test_a_variation_true_mate_agrees(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A variation ending in a true 詰み (and a main line ending 中断): valid, the
    variation's verdict agreeing."""
    path = str(FOLDER / name)
    assert 0 == main(["validate", "--verdicts", "--json", path])
    report = json.loads(capsys.readouterr().out)["files"][0]
    verdicts = [(v["variation"], v["declared"], v["agrees"]) for v in report["verdicts"]]
    assert [(None, "INTERRUPT", None), ([3], "MATE", True)] == verdicts
    assert (True, []) == (report["valid"], report["errors"])


def _grow(board: Board, node: Node, usis: list[str]) -> Node:
    """``node`` grown by the moves ``usis``, played on ``board`` (which they leave played)."""
    for usi in usis:
        node = node.add_variation(board.push_usi(usi))
    return node


def test_a_variation_inside_a_variation_is_named_by_both_moves() -> None:
    """A false 詰み in a variation of move 3 inside a variation of move 1: the error names
    both; a line that ends on a move is not judged."""
    start = "4k4/9/p3P4/9/9/9/9/9/4K4 b G 1"
    game = Board(start).to_game()
    mate = _grow(Board(start), game.root, ["5i5h", "9c9d", "G*5b"])
    mate.add_variation(special=Special(SpecialKind.MATE, Color.WHITE))
    board = Board(start)
    reply = _grow(board, game.root, ["5i4h", "9c9d"])
    _grow(board.copy(), reply, ["G*5b"])  # ends on a move
    end = _grow(board, reply, ["G*4b"]).add_variation(
        special=Special(SpecialKind.MATE, Color.WHITE)
    )
    assert [1, 3] == variation_path(end)
    errors, items = verdict_reports([game])
    assert [None, [1, 3]] == [item["variation"] for item in items]
    assert [True, False] == [item["agrees"] for item in items]
    (error,) = errors
    assert "詰み of the variation at move 1, then at move 3 is contradicted" in error["message"]
