"""The CSA and MSK readers take the usual record (a head, a run of moves, its end and comment
lines) apart with one match of a pattern built from the grammar's terminals
(``csa.whole_record_pattern``) instead of lark's lexer and parser: where it matches, the
statements must be the very tokens lark makes of the text (type, text, offset, line,
column), on every fixture and corpus text, real-shaped records and damaged texts."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import realistic
from kifu_lark.errors import KifuError
from kifu_lark.formats import csa
from kifu_lark.formats.csa_dialect import CSA
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
            (tag, token.type, str(token), token.start_pos, token.line, token.column)
            for tag, token in csa._statements(items, runs)
        ]
        for items in records
    ]


def _agree(grammar: str, text: str) -> bool:
    """Whether ``text`` (normalised) was taken whole; when it was, its tokens must be lark's."""
    text = csa.normalise(text)
    whole = csa._whole_record(grammar, text)
    if whole is None:
        return False
    try:
        parsed = csa._scanned_records(DIALECTS[grammar][0], text)
    except KifuError as err:  # the pattern took a text lark refuses
        pytest.fail(f"taken whole, but lark refuses it: {err}")
    assert _tokens(grammar, whole) == _tokens(grammar, parsed)
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


@pytest.mark.parametrize(
    "text",
    [
        "PI\n+\n+7776FU\n%TORYO\nT3\n'end\n'**more\n",  # the end, its time, comments
        "PI\n+\n+7776FU,T1,'c\n-3334FU\n",  # no end
        "V2.2\nPI\n-\n-3334FU\n%CHUDAN , \n  ,\n",  # blanks and commas after the end
        "PI\n+\n+7776FU\n%TORYO\n$END_TIME:2024/01/01\n",  # game information after: lark
        "PI\n+\n+7776FU\n/\nPI\n+\n+7776FU\n",  # two records: lark
        "\nPI\n+\n+7776FU\n",  # a blank line first: lark
    ],
)
def test_the_ends_of_a_record(text: str) -> None:
    taken = _agree("csa.lark", text)
    assert taken == ("$END" not in text and "/" not in text and not text.startswith("\n"))


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
