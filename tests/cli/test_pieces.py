"""Tests of ``kifu-lark pieces``."""

from __future__ import annotations

import json

import pytest

from kifu_lark.cli import main


def assert_status(expected: int, actual: int) -> None:
    """The command's exit status is ``expected``."""
    assert expected == actual


def test_pieces_lists_every_kind_with_its_grid(capsys: pytest.CaptureFixture[str]) -> None:
    """The standard table has 14 kinds, each a head line and a 5-row grid."""
    status = main(["pieces"])
    assert_status(0, status)
    out = capsys.readouterr().out
    heads = [line for line in out.splitlines() if "CSA " in line]
    expected = 14
    assert expected == len(heads)
    assert heads[0].startswith("歩  pawn") and "promotes to と (TO)" in heads[0]
    assert "    ・〇・〇・" in out.splitlines()


def test_pieces_for_minishogi(capsys: pytest.CaptureFixture[str]) -> None:
    """--variant minishogi leaves out 香 and 桂."""
    status = main(["pieces", "--variant", "minishogi"])
    assert_status(0, status)
    out = capsys.readouterr().out
    assert out.startswith("minishogi: 10 kinds.")
    assert "CSA KY" not in out


def test_pieces_json(capsys: pytest.CaptureFixture[str]) -> None:
    """--json gives one object per kind with names, moves and grid."""
    status = main(["pieces", "--json"])
    assert_status(0, status)
    rows = json.loads(capsys.readouterr().out)
    knight = next(row for row in rows if row["csa"] == "KE")
    expected = ("桂", "N", "PROM_KNIGHT", [[-1, 2], [1, 2]])
    assert expected == (
        knight["kanji"],
        knight["usi"],
        knight["promoted"],
        knight["steps"],
    )


def test_pieces_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown variant is a usage error."""
    status = main(["pieces", "--variant", "chess"])
    assert_status(2, status)
    assert "unknown variant" in capsys.readouterr().err
