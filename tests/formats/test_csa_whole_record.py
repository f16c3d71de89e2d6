"""The CSA and MSK readers take the usual record (a head, a run of moves, its end and comment
lines) apart with patterns built from the grammar's terminals (``csa.whole_record_patterns``)
instead of lark's lexer and parser: where they take a text, the statements must be the very
tokens lark makes of it with the grammar as it is (type, text, offset, line, column), and
the run's MOVE_LINEs those the reader would cut it into, on every fixture and corpus text,
real-shaped records and damaged texts."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import realistic
from kifu_lark.errors import KifuError
from kifu_lark.formats import csa
from kifu_lark.formats.csa_dialect import CSA
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.msk import MSK
from tests.conftest import record_texts
from tests.test_fuzz import damaged

DIALECTS = {"csa.lark": (CSA, (".csa",)), "msk.lark": (MSK, (".msk",))}
TEXTS = {grammar: record_texts(suffixes) for grammar, (_, suffixes) in DIALECTS.items()}


def _tokens(grammar: str, records: list[list[tuple[Any, ...]]]) -> list[list[tuple[Any, ...]]]:
    """Each record's statements, runs cut, as comparable data."""
    runs = csa.run_pattern(grammar)
    return [
        [
            (item[0], item[1].type, str(item[1]), item[1].start_pos, item[1].line, item[1].column)
            for item in csa._statements(items, runs)
        ]
        for items in records
    ]


def _agree(grammar: str, text: str) -> bool:
    """Whether ``text`` (normalised) was taken whole; when it was, its tokens must be lark's."""
    text = csa.normalise(text)
    whole = csa._whole_record(grammar, text)
    if whole is None:
        return False
    dialect = DIALECTS[grammar][0]
    try:
        parser = parsing.parser(grammar, transformer=csa._TAGS)
        parsed: list[list[tuple[Any, ...]]] = parsing.parse(parser, text, dialect.name)  # type: ignore[assignment]
    except KifuError as err:  # the patterns took a text lark refuses
        pytest.fail(f"taken whole, but lark refuses it: {err}")
    assert _tokens(grammar, whole) == _tokens(grammar, parsed)
    for item in whole[0]:
        if item[0] == "moves":  # the run's MOVE_LINEs, as the reader cuts a run lark took
            assert item[2] == csa.move_line_pattern(grammar)(item[1])
    return True


@pytest.mark.parametrize("grammar", sorted(DIALECTS))
def test_fixture_and_corpus_texts_taken_whole_are_lexed_as_lark_lexes_them(grammar: str) -> None:
    taken = sum(_agree(grammar, text) for text in TEXTS[grammar])
    assert taken > 0  # the usual record is there: the pattern must serve some


def test_real_shaped_records_are_taken_whole() -> None:
    plans = realistic.plans(8, seed=321, plies=40)
    for plan in plans:
        for floodgate in (False, True):
            assert _agree("csa.lark", realistic.csa_text(plan, floodgate=floodgate))
            # a game ended before its first move (floodgate's aborted games)
            assert _agree("csa.lark", realistic.csa_text(plan.cut(0), floodgate=floodgate))


@pytest.mark.parametrize(
    ("text", "taken"),
    [
        ("PI\n+\n+7776FU\n%TORYO\nT3\n'end\n'**more\n", True),  # the end, its time, comments
        ("PI\n+\n+7776FU,T1,'c\n-3334FU\n", True),  # no end
        ("V2.2\nPI\n-\n-3334FU\n%CHUDAN , \n  ,\n", True),  # blanks and commas after the end
        ("PI\n+\n+7776FU,%TORYO\n", True),  # the end after a comma: the run stops at it
        ("PI\n+\n+7776FU,'100%\n-3334FU\n%TORYO\n", True),  # a "%" inside a comment
        ("PI\n+\n+7776FU\n%TORYO\n$END_TIME:2024/01/01\n", False),  # game information after
        ("PI\n+\n+7776FU\n/\nPI\n+\n+7776FU\n", False),  # two records
        ("PI\n+\n+7776FU\n%TORYO\n/\nPI\n+\n+7776FU\n%TORYO\n", False),  # two, ended
        ("\nPI\n+\n+7776FU\n", False),  # a blank line first
        ("PI\n+\n+7776FU\n+77XXFU\n-3334FU\n", False),  # a line no MOVE_LINE reads
        ("PI\n+\n%TORYO\n", True),  # no moves: the head, then the end
        ("V2.2\nPI\n-\n%CHUDAN\nT0\n'aborted\n", True),  # no moves, the end's time, a comment
        ("PI\n+\n", True),  # the head alone
        ("PI\n+\nT3\n+7776FU\n", False),  # a time before any move
    ],
)
def test_the_ends_of_a_record(text: str, taken: bool) -> None:
    assert _agree("csa.lark", text) == taken


_ODD_LINES = [
    "%TORYO\n",
    "T12\n",
    "'a comment\n",
    "+\n",
    "$END_TIME:2024/01/01 00:00:00\n",
    "/\n",
    " , \n",
    "%TORYO,T3\n",
]


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_damaged_texts_taken_whole_are_lexed_as_lark_lexes_them(data: st.DataObject) -> None:
    grammar = data.draw(st.sampled_from(sorted(DIALECTS)))
    text = data.draw(st.sampled_from(TEXTS[grammar]))
    _agree(grammar, data.draw(damaged(text, _ODD_LINES)))


@pytest.mark.parametrize(
    "head",
    [
        "'CSA encoding=UTF-8\n",  # V3.0's first line, as our writer and ShogiHome write it
        "'summary:toryo:a win:b lose\n'black_rate:a:1500.0\n'white_rate:b:1400.0\n",
        "'CSA encoding=UTF-8\n'a note on the file\n",
        "'CSA encoding=UTF-8\n'CSA encoding=UTF-8\n",  # the second is a comment there
    ],
)
def test_an_encoding_line_and_comments_before_the_version_are_taken_whole(head: str) -> None:
    """V3.0's encoding line and comment lines before the version line (floodgate's summary
    block, placed first) keep a record on the whole-record path, lexed as lark lexes it."""
    for version in ("V2.2\n", "V3.0\n", ""):
        text = head + version + "N+a\nN-b\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n"
        assert _agree("csa.lark", text)
