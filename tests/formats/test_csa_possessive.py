"""The possessive and atomic marks in ``csa.lark`` (``*+``, ``++``, ``?+``, ``{1,9}+``) and in
the CSA reader's scan change no match: on every CSA and MSK text (fixtures, corpus,
real-shaped and floodgate-shaped records, each normalised as the reader does), from the
start of every line and after every comma or blank, each terminal that holds them matches the same
text as it does without them. They keep the regex engine from saving a backtracking point
at each, which costs more than the matching; each stands where what follows cannot be
taken by the part it marks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import realistic
from kifu_lark.formats import csa
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.msk import FORMAT as MSK
from tests.conftest import record_texts
from tests.formats.scan_checks import assert_marks_change_no_match
from tests.test_fuzz import damaged

_TERMINALS = (
    *("_EOS", "COMMENT", "TIME", "MOVE_LINE"),
    *("MOVE_RUN", "HEAD_RUN", "INFO_RUN", "POSITION_RUN"),
)
# where a terminal can start: a line start, after a comma or a blank
_STARTS = " \t\n,"


def _texts() -> list[str]:
    texts = record_texts((".csa", ".msk"))
    for plan in realistic.plans(12, seed=77, plies=40):
        texts += [realistic.csa_text(plan), realistic.csa_text(plan, floodgate=True)]
    return [csa.normalise(text) for text in texts]


TEXTS = _texts()


def _patterns(grammar: str) -> list[str]:
    lexer = parsing.parser(grammar, parser=None, lexer="basic")  # keeps every terminal
    return [lexer.get_terminal(name).pattern.to_regexp() for name in _TERMINALS]


@pytest.mark.parametrize("grammar", ["csa.lark", MSK.grammar or "msk.lark"])
@pytest.mark.parametrize("name", _TERMINALS)
def test_possessive_marks_change_no_match(grammar: str, name: str) -> None:
    pattern = _patterns(grammar)[_TERMINALS.index(name)]
    assert_marks_change_no_match(pattern, TEXTS, _STARTS)


def test_the_scan_marks_change_no_match() -> None:
    assert_marks_change_no_match(csa._SCAN, TEXTS, _STARTS)


_ODD_LINES = ["'", "',x", "T12345678901", "T1.1234567890", "+7776FU,T", " , ,", "'** 1 +7776FU"]


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_damaged_texts_match_alike(data: st.DataObject) -> None:
    text = csa.normalise(data.draw(damaged(data.draw(st.sampled_from(TEXTS)), _ODD_LINES)))
    for pattern in _patterns("csa.lark"):
        assert_marks_change_no_match(pattern, [text], _STARTS, somewhere=False)
