"""Conversions of the MSF corpus records (the 2007 game, the mate problem) through every
シェルト format match the positions the MSF files store after every ply."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kifu_lark import shelt
from kifu_lark.shelt.model import State
from kifu_lark.shelt.msf import state_from_msf
from tests.conftest import require_corpus

FORMATS = ["shelt-simple", "shelt-normal", "shelt-strict", "shelt-kanji", "msf"]
GAMES = ["seren_tikno_2007", "mate_in_5"]


def _corpus_file(name: str) -> Path:
    return require_corpus() / "mino-seslax-format" / f"{name}.msf"


def _stored_states(path: Path) -> list[State]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [state_from_msf(data["kit"]["slax"])] + [
        state_from_msf(node["slax"]) for node in data["seslax"]
    ]


def _assert_same_positions(expected: list[State], actual: list[State]) -> None:
    assert len(expected) == len(actual)
    for ply, (want, got) in enumerate(zip(expected, actual, strict=True)):
        assert want.same_as(got), f"position after ply {ply} differs"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("source", FORMATS)
@pytest.mark.parametrize("target", FORMATS)
def test_conversion_matches_msf_positions(game: str, source: str, target: str) -> None:
    """MSF → source → target → read back: every position equals the MSF one, ply by ply."""
    path = _corpus_file(game)
    record = shelt.load(path, "msf")
    first = shelt.loads(shelt.dumps(record, source), source)
    second = shelt.loads(shelt.dumps(first, target), target)
    _assert_same_positions(_stored_states(path), second.positions())


@pytest.mark.parametrize("game", GAMES)
def test_corpus_record_keeps_its_metadata(game: str) -> None:
    """Reading the corpus keeps tags, result, times; writing MSF keeps them too."""
    path = _corpus_file(game)
    record = shelt.load(path, "msf")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(data["aptex"].items()) == list(record.tags)
    assert data["fixt"]["pit"] == record.result.kind
    assert record == shelt.loads(shelt.dumps(record, "msf"), "msf")


def test_corpus_game_without_moves() -> None:
    """no_moves.msf reads as an empty record with its start comment."""
    record = shelt.load(_corpus_file("no_moves"), "msf")
    assert ((), State.initial()) == (record.plies, record.start)
    assert record.start_comment


@pytest.mark.parametrize("fmt", ["shelt-simple", "shelt-strict", "shelt-kanji"])
def test_spec_rendering_fixture_matches_msf(fmt: str) -> None:
    """Our spec-style rendering of the 2007 game reaches the MSF positions ply by ply."""
    from kifu_lark.formats.registry import get_format
    from tests.conftest import FIXTURES

    ext = get_format(fmt).extensions[0]
    record = shelt.load(FIXTURES / fmt / f"seren_tikno_2007_spec{ext}", fmt)
    _assert_same_positions(_stored_states(_corpus_file("seren_tikno_2007")), record.positions())
