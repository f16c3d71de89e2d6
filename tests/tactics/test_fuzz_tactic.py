"""Fuzzing the tactic language as tests/test_fuzz.py fuzzes readers: every shipped file cut,
duplicated, swapped, sprinkled with bytes and hostile text either reads or raises a
KifuError, quickly."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifu_lark.errors import KifuError
from kifu_lark.tactics.language import parse_tactic
from tests.conftest import ROOT
from tests.test_fuzz import HOSTILE, mutations

FILES = sorted((ROOT / "tactics").rglob("*.tactic"))
TACTIC_HOSTILE = [
    "| ・" * 3000 + "|八",
    "ply: " + "9" * 5000,
    "  " + "９ " * 3000,
    "+" + "-" * 5000,
    "hand: has " + "歩 " * 2000,
    "aliases: " + "a," * 3000,
    "#" * 3000,
]


def attempt(data: bytes) -> None:
    text = data.decode("utf-8", errors="replace")
    started = time.perf_counter()
    try:
        parse_tactic(text, "fuzz.tactic")
    except KifuError as err:
        str(err)
    assert time.perf_counter() - started < 2.0 + len(data) / 20_000


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_mutated_tactic_raises_only_kifu_errors(path: Path, data: st.DataObject) -> None:
    """One to three random edits of a shipped file: a Tactic or a KifuError."""
    attempt(data.draw(mutations(path.read_bytes())))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_hostile_lines_raise_only_kifu_errors(path: Path) -> None:
    """Every hostile text (the readers' and the language's own) at every line start."""
    lines = path.read_bytes().split(b"\n")
    for hostile in [h.encode("utf-8") for h in TACTIC_HOSTILE] + HOSTILE:
        for i in range(len(lines) + 1):
            attempt(b"\n".join([*lines[:i], hostile, *lines[i:]]))
