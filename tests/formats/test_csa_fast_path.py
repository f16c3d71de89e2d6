"""The CSA/MSK fast path agrees with the grammar.

A run of move lines is one ``MOVE_RUN`` token; the reader cuts it into moves with the compiled
pattern of the grammar's ``MOVE_LINE`` terminal (``csa.move_line_pattern``). These tests cut
the same runs with a lark lexer of ``MOVE_LINE`` alone, imported from the shipped grammar,
and compare: on every fixture, on fuzzed fixtures, and on runs hypothesis puts together.
"""

from __future__ import annotations

import contextlib
import functools
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lark import Lark, Token

from kifu_lark.formats import _lark
from kifu_lark.formats.csa import move_line_pattern, normalise
from kifu_lark.formats.msk import FORMAT as MSK
from kifu_lark.textio import decode
from tests.conftest import FIXTURES
from tests.test_fuzz import mutations

DIALECTS = {"csa": "csa.lark", "msk": MSK.grammar or "msk.lark"}


@functools.cache
def _reference(grammar: str) -> Lark:
    """A lexer of one terminal, MOVE_LINE, taken from the shipped grammar by ``%import``."""
    source = f"%import {grammar.removesuffix('.lark')} (MOVE_LINE)\nstart: MOVE_LINE+\n"
    return Lark(source, parser="lalr", lexer="basic", import_paths=[_lark.GRAMMAR_LOADER])


def _runs(grammar: str, text: str) -> list[str]:
    """The MOVE_RUN tokens the full parser finds in ``text`` (none when it rejects it)."""
    with contextlib.suppress(Exception):
        tree = _lark.parser(grammar).parse(normalise(text))
        return [
            str(t) for t in tree.scan_values(lambda v: isinstance(v, Token)) if t.type == "MOVE_RUN"
        ]
    return []


def _agree(grammar: str, run: str) -> None:
    fast = move_line_pattern(grammar)(run)
    slow = [str(token) for token in _reference(grammar).lex(run)]
    assert slow == fast
    assert "".join(fast) == run  # the moves cover the run: nothing skipped between them


def _fixtures(folder: str) -> list[Path]:
    return sorted(p for p in (FIXTURES / folder).rglob("*") if p.suffix in (".csa", ".msk"))


@pytest.mark.parametrize("folder", sorted(DIALECTS))
def test_every_fixture_run_is_cut_as_the_grammar_cuts_it(folder: str) -> None:
    """Each MOVE_RUN of every fixture: the fast split equals the grammar's."""
    grammar = DIALECTS[folder]
    runs = [
        run for path in _fixtures(folder) for run in _runs(grammar, decode(path.read_bytes())[0])
    ]
    assert runs, f"no move runs in fixtures/{folder}"
    for run in runs:
        _agree(grammar, run)


@pytest.mark.parametrize("folder", sorted(DIALECTS))
@given(data=st.data())
def test_fuzzed_fixture_runs_are_cut_as_the_grammar_cuts_them(
    folder: str, data: st.DataObject
) -> None:
    """The same on fixtures mutated as the fuzz tests mutate them."""
    grammar = DIALECTS[folder]
    path = data.draw(st.sampled_from(_fixtures(folder)))
    raw = data.draw(mutations(path.read_bytes()))
    with contextlib.suppress(Exception):
        text = decode(raw)[0]
        for run in _runs(grammar, text):
            _agree(grammar, run)


_LINE_END = st.sampled_from(["\n", ",", " \n", "\t,\n", "\n\n", ",\n", ", ,\n \n"])


@given(
    moves=st.lists(
        st.tuples(
            st.sampled_from(["+", "-"]),
            st.sampled_from(["00", "77", "11", "99", "55"]),
            st.sampled_from(["76", "11", "99", "55"]),
            st.sampled_from(["FU", "KY", "TO", "RY", "OU"]),
            st.one_of(st.none(), st.sampled_from(["T0", "T12", "T3.5", "T1.", "T007"])),
            _LINE_END,
            _LINE_END,
        ),
        min_size=1,
        max_size=8,
    )
)
def test_built_runs_are_cut_as_the_grammar_cuts_them(
    moves: list[tuple[str, str, str, str, str | None, str, str]],
) -> None:
    """Runs assembled from move lines, times, commas and blanks (9x9 squares and kinds)."""
    run = "".join(
        sign + frm + to + kind + end + (f"{time}{end2}" if time else "")
        for sign, frm, to, kind, time, end, end2 in moves
    )
    _agree("csa.lark", run)
