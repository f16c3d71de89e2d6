"""The matcher's shortcuts change no result: with them, ``find`` gives what asking every
candidate tactic in full gives."""

from __future__ import annotations

import itertools

import pytest

import kifu_lark
from kifu_lark import tactics
from kifu_lark.model.variant import STANDARD
from kifu_lark.tactics import match
from kifu_lark.tactics.index import Compiled, Index
from tests.tactics.expect import FOLDER


def _compiled(index: Index) -> list[Compiled]:
    lists = itertools.chain(
        index.triggered.values(),
        *(side.values() for side in index.every_piece),
        index.every_any,
        index.every_capture,
        index.every_check,
        index.after_capture,
    )
    return list({id(c): c for found in lists for c in found}.values())


def test_the_attacks_gate_drops_only_moves_the_clauses_reject() -> None:
    """Every fixture game (each tactic's and its near miss) against an index whose
    compiled tactics have their attacks gate switched off, so that each fork is asked
    through its conditions, pattern and motion clauses as written."""
    shipped = tactics.shipped()
    gated = Index(shipped, STANDARD)
    reference = Index(shipped, STANDARD)
    switched = 0
    for compiled in _compiled(reference):
        if compiled.gate_least:
            compiled.gate_least = 0
            switched += 1
    assert switched, "no shipped tactic has an attacks clause: the gate is not exercised"
    paths = sorted(FOLDER.glob("*.kif"))
    if not paths:
        pytest.skip(f"no tactic fixtures in {FOLDER}")
    for path in paths:
        game = kifu_lark.load(path)
        line = game.line(None)
        with_gate = match.Matcher(game, gated).run(game, line)
        in_full = match.Matcher(game, reference).run(game, line)
        assert with_gate == in_full, path.name
        assert [f.targets for f in with_gate] == [f.targets for f in in_full], path.name
