"""The CSA/MSK fast path agrees with the grammar.

A run of move lines (with their times and comments) is one ``MOVE_RUN`` token; the reader
cuts it into moves with the compiled pattern of the grammar's ``MOVE_LINE`` terminal
(``csa.move_line_pattern``). A board row is one ``BOARD_ROW`` token, cut into cells with the
pattern of ``CELL`` (``csa_start.cell_pattern``). These tests cut the same tokens with lark lexers
of those terminals, imported from the shipped grammar, and compare: on every fixture, on
fuzzed fixtures, and on runs hypothesis puts together.
"""

from __future__ import annotations

import contextlib
import functools
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lark import Lark, Token

import kifu_lark
from kifu_lark.formats.csa import move_line_pattern, normalise, run_pattern
from kifu_lark.formats.csa_start import cell_pattern
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.msk import FORMAT as MSK
from kifu_lark.textio import decode
from tests.conftest import FIXTURES
from tests.test_fuzz import mutations

DIALECTS = {"csa": "csa.lark", "msk": MSK.grammar or "msk.lark"}


@functools.cache
def _reference(grammar: str) -> Lark:
    """A lexer of one terminal, MOVE_LINE, taken from the shipped grammar by ``%import``."""
    source = f"%import {grammar.removesuffix('.lark')} (MOVE_LINE)\nstart: MOVE_LINE+\n"
    return Lark(source, parser="lalr", lexer="basic", import_paths=[parsing.GRAMMAR_LOADER])


@functools.cache
def _row_reference(grammar: str) -> Lark:
    """A lexer of a board row as cells between blanks, from the shipped grammar's terminals."""
    source = (
        f"%import {grammar.removesuffix('.lark')} (P_ROW, CELL)\n"
        "start: P_ROW CELL+\n%ignore /[ \\t]+/\n"
    )
    return Lark(source, parser="lalr", lexer="basic", import_paths=[parsing.GRAMMAR_LOADER])


def _runs(grammar: str, text: str, kind: str = "MOVE_RUN") -> list[str]:
    """The ``kind`` tokens the full parser finds in ``text`` (none when it rejects it),
    those inside header and position runs included (cut as the reader cuts them)."""
    with contextlib.suppress(Exception):
        tree = parsing.parser(grammar).parse(normalise(text))
        tokens = list(tree.scan_values(lambda v: isinstance(v, Token)))
        heads = dict.fromkeys(("INFO_RUN", "POSITION_RUN", "HEAD_RUN"), run_pattern(grammar))
        return [str(t) for t in parsing.expand(tokens, heads) if t.type == kind]
    return []


def _agree(grammar: str, run: str) -> None:
    fast = move_line_pattern(grammar)(run)
    slow = [str(token) for token in _reference(grammar).lex(run)]
    assert slow == fast
    assert "".join(fast) == run  # the moves cover the run: nothing skipped between them


def _agree_row(grammar: str, row: str) -> None:
    slow = [str(t) for t in _row_reference(grammar).lex(row) if t.type == "CELL"]
    assert slow == cell_pattern(grammar)(row[2:])


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
def test_every_fixture_row_is_cut_as_the_grammar_cuts_it(folder: str) -> None:
    """Each BOARD_ROW of every fixture: the fast cells equal the grammar's."""
    grammar = DIALECTS[folder]
    rows = [
        row
        for path in _fixtures(folder)
        for row in _runs(grammar, decode(path.read_bytes())[0], "BOARD_ROW")
    ]
    assert rows, f"no board rows in fixtures/{folder}"
    for row in rows:
        _agree_row(grammar, row)


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
        for row in _runs(grammar, text, "BOARD_ROW"):
            _agree_row(grammar, row)


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
            st.lists(
                st.sampled_from(["'", "'* 12 +7776FU", "'T3 ,x", "'**", "' a'b "]), max_size=2
            ),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_built_runs_are_cut_as_the_grammar_cuts_them(
    moves: list[tuple[str, str, str, str, str | None, str, str, list[str]]],
) -> None:
    """Runs assembled from move lines, times, comments, commas and blanks (9x9 squares and
    kinds) are cut into the same move lines."""
    run = "".join(
        sign
        + frm
        + to
        + kind
        + end
        + (f"{time}{end2}" if time else "")
        + "".join(comment + "\n" for comment in comments)
        for sign, frm, to, kind, time, end, end2, comments in moves
    )
    _agree("csa.lark", run)


_GAME = "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d P*2c 2d2h 8e8f"


@given(
    decorations=st.lists(
        st.tuples(
            st.one_of(st.none(), st.integers(0, 999), st.sampled_from(["1.5", "0.25", "7."])),
            _LINE_END,
            _LINE_END,
            st.lists(st.sampled_from(["'", "'*x", "'T3 ,x", "'**", "' a'b "]), max_size=2),
        ),
        min_size=14,
        max_size=14,
    )
)
def test_read_runs_give_each_move_its_time_comments_and_place(
    decorations: list[tuple[int | str | None, str, str, list[str]]],
) -> None:
    """A legal game written with random times, statement ends and comments: every node gets
    the time and comments written after its move, and the line and column of its move."""
    moves = kifu_lark.loads(f"position startpos moves {_GAME}", "usi").mainline()
    text = "PI\n+\n"
    where: list[tuple[int, int]] = []
    for node, (time, end, end2, comments) in zip(moves, decorations, strict=True):
        assert node.move is not None
        line = text.count("\n") + 1
        where.append((line, len(text) - text.rfind("\n")))
        text += node.move.csa() + end + (f"T{time}{end2}" if time is not None else "")
        text += "".join(comment + "\n" for comment in comments)
    game = kifu_lark.loads(text + "%TORYO\n", "csa")
    read = game.mainline()[:-1]
    for node, (time, _, _, comments), place in zip(read, decorations, where, strict=True):
        expected = None if time is None else float(time)
        assert expected == (None if node.time is None else node.time.spent)
        assert [c[2:] if c.startswith("'*") else c for c in comments] == node.comments
        assert place == (node.line, node.column)


def test_comments_inside_a_run_stay_with_their_move() -> None:
    """Comments after a move (engine lines, commas, quotes, a T) belong to that move; its
    time is read before them."""
    text = (
        "PI\n+\n+7776FU\nT12\n'** 113 -3334FU\n' a'b T9 \n"
        "-3334FU,T3,'*one\n  ,'two\n+2726FU\n'T\n%TORYO\n"
    )
    game = kifu_lark.loads(text, "csa")
    first, second, third, end = game.mainline()
    assert ["* 113 -3334FU", "' a'b T9 "] == first.comments and first.time is not None
    assert 12 == first.time.spent
    assert ["one", "'two"] == second.comments and second.time is not None
    assert 3 == second.time.spent
    assert ["'T"] == third.comments and third.time is None
    assert end.special is not None
