"""Hypothesis-damaged texts keep every equivalence, for every format that declares fast ways
(tests/formats/equivalence/cases.py): a fixture or corpus text changed by cuts, swaps, repeats,
random bytes and the format's odd lines (lines the scan takes but a run may not hold,
lines of other parts of a record) still

- reads to the same games, or fails with the same error, both ways (test_games.py);
- gives lark's tokens where the whole-record pattern takes it, and where the head's runs
  and the run of moves are cut (test_tokens.py);
- matches its terminals as they would without their possessive marks
  (test_patterns.py).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifu_lark.formats.engine import tokens as cutting
from tests.formats.equivalence.case import Case, all_texts
from tests.formats.equivalence.cases import BY_NAME, CASES, IDS
from tests.formats.equivalence.checks import (
    assert_marks_change_no_match,
    assert_runs_cut_as_lark_cuts_them,
    located,
    marked_patterns,
    outcome,
    run_tokens,
    runs_alike,
    whole_is_lark,
)
from tests.test_fuzz import damaged


def _damaged(case: Case, data: st.DataObject, kin: bool = False) -> str:
    """A fixture or corpus text of ``case``'s format (or, with ``kin``, of its kin's),
    damaged."""
    formats = [case, *(BY_NAME[name] for name in case.kin)] if kin else [case]
    texts = [text for other in formats for text in all_texts(other)]
    text = data.draw(st.sampled_from(texts), label="text")
    return data.draw(damaged(text, case.odd_lines), label="damaged")


@pytest.mark.parametrize("case", CASES, ids=IDS)
@settings(max_examples=125, deadline=None)
@given(data=st.data())
def test_damaged_texts_read_or_fail_alike(case: Case, data: st.DataObject) -> None:
    """A damaged text reads, or fails with the same error, both ways."""
    text = _damaged(case, data)
    assert outcome(case, text, False) == outcome(case, text, True)


@pytest.mark.parametrize("case", CASES, ids=IDS)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_damaged_texts_taken_whole_are_lexed_as_lark_lexes_them(
    case: Case, data: st.DataObject
) -> None:
    """Where the whole-record pattern takes a damaged text, its tokens are lark's."""
    whole_is_lark(case, _damaged(case, data))


@pytest.mark.parametrize("case", CASES, ids=IDS)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_damaged_texts_read_alike_with_and_without_head_runs(
    case: Case, data: st.DataObject
) -> None:
    """A damaged text gives the same tokens, or is refused at the same place, with and
    without the head's run tokens."""
    runs_alike(case, case.declaration.normalise(_damaged(case, data)))


@pytest.mark.parametrize(
    ("name", "text"),
    [
        # found by the test above: a comment after a special, then game information and a
        # start position; the head run took the lines after the comment (line 4) where the
        # statements are refused at the start position (line 6)
        ("msk", "V2.1-55\n%TORYO\n'a comment\nN+下手\nN-上手\nPI51HI41KA\n-\n-2122KI\n"),
        ("csa", "V2.2\n+\n+7776FU\n%TORYO\n'a comment\nN+a\nN-b\nPI\n-\n"),
    ],
)
def test_a_head_run_is_not_taken_after_a_comment_among_the_moves(name: str, text: str) -> None:
    """The lines after a comment that follows the moves are refused where the statements
    are, with the head's run tokens as without them."""
    case = BY_NAME[name]
    runs_alike(case, case.declaration.normalise(text))


@pytest.mark.parametrize("case", CASES, ids=IDS)
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_damaged_runs_are_cut_alike_by_known_lines_and_by_matches(
    case: Case, data: st.DataObject
) -> None:
    """Each head run of a damaged text is cut alike a line at a time and a match at a time."""
    pattern = case.head_pieces()
    text = case.declaration.normalise(_damaged(case, data))
    for run in run_tokens(case, text, case.head_runs):
        by_lines = cutting._cut_lines_known(run, pattern, "BLANK_LINE")
        if by_lines is not None:
            assert located(cutting._cut_matches(run, pattern, "BLANK_LINE")) == located(by_lines)


@pytest.mark.parametrize("case", CASES, ids=IDS)
@settings(deadline=None)
@given(data=st.data())
def test_damaged_runs_of_moves_are_cut_as_lark_cuts_them(case: Case, data: st.DataObject) -> None:
    """Each run of moves (and CSA board row) of a damaged text is cut by the reader into the
    tokens lark's lexer makes of it."""
    assert_runs_cut_as_lark_cuts_them(case, case.declaration.normalise(_damaged(case, data)))


@pytest.mark.parametrize("case", CASES, ids=IDS)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_damaged_texts_match_alike_without_marks(case: Case, data: st.DataObject) -> None:
    """Every marked terminal, and the scan, matches a damaged text as it would without its
    possessive and atomic marks."""
    text = case.declaration.normalise(_damaged(case, data, kin=True))
    for _, pattern, groups in marked_patterns(case):
        assert_marks_change_no_match(pattern, [text], case.starts, somewhere=False, groups=groups)


#: How CSA writers and hand edits put a separator between two records: its own line, with
#: blanks, commas or blank lines around it, or after a comma on the last statement's line.
_SEPARATORS = ("/\n", "/ \n\n", "  /\n", ",/\n", " ,/\t\n,\n", "/\n'CSA encoding=UTF-8\n")


@pytest.mark.parametrize("name", ["csa", "msk"])
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_several_damaged_records_in_a_text_read_alike(name: str, data: st.DataObject) -> None:
    """Two to four fixture or corpus records in one text, separators of every usual shape
    between them, one of the records damaged: the text reads (or fails) alike both ways,
    and where the whole-record pattern takes it, its tokens are lark's."""
    case = BY_NAME[name]
    texts = all_texts(case)
    records = data.draw(st.lists(st.sampled_from(texts), min_size=2, max_size=4), label="records")
    spoilt = data.draw(st.integers(0, len(records) - 1), label="spoilt")
    records[spoilt] = data.draw(damaged(records[spoilt], case.odd_lines), label="damaged")
    text = records[0]
    for record in records[1:]:
        joint = data.draw(st.sampled_from(_SEPARATORS), label="separator")
        text = text.rstrip("\n") + ("" if joint.startswith(",") else "\n") + joint + record
    assert outcome(case, text, False) == outcome(case, text, True)
    whole_is_lark(case, text)
