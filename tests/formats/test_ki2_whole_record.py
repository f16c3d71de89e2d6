"""The KI2 reader takes the usual record (its head, a block of moves and the summary line)
apart with one match of a pattern built from the grammar's terminals
(``ki2_read.whole_record_pattern``, its MOVES_BLOCK matched with ``ki2_read._SCAN``) instead
of lark's lexer and parser: where it matches, the tokens must be the very tokens lark makes of the
text with that MOVES_BLOCK (type, text, offset, line, column), on every fixture and corpus
text, real-shaped records and damaged texts. tests/formats/test_engine_equivalence.py checks that
every text then reads as with the grammar as it is."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import realistic
from kifu_lark.errors import KifuError
from kifu_lark.formats import ki2_read
from kifu_lark.formats.engine import parsing
from tests.conftest import record_texts
from tests.formats.scan_checks import DIAGRAM_LINES, diagram_cases, located
from tests.test_fuzz import damaged

TEXTS = record_texts((".ki2", ".ki2u"))


def _agree(text: str) -> bool:
    """Whether ``text`` was taken whole; when it was, its tokens must be lark's."""
    if not text.endswith("\n"):
        text += "\n"  # as the reader does
    whole = ki2_read._whole_record(text)
    if whole is None:
        return False
    try:
        scanner = ki2_read.DECLARATION.scanner()
        tree = parsing.parse(scanner, text, ki2_read.NAME)
    except KifuError as err:  # the pattern took a text lark refuses
        pytest.fail(f"taken whole, but lark refuses it: {err}")
    assert whole.data == tree.data
    assert located(whole.children) == located(tree.children)
    return True


def test_fixture_and_corpus_texts_taken_whole_are_lexed_as_lark_lexes_them() -> None:
    assert TEXTS
    taken = sum(_agree(text) for text in TEXTS)
    assert taken > 0  # the usual record is there: the pattern must serve some


def test_real_shaped_records_are_taken_whole() -> None:
    plans = realistic.plans(20, seed=321, plies=40)
    texts = [realistic.ki2_text(plan) for plan in plans]
    texts += [realistic.ki2_text(plan.cut(0)) for plan in plans]  # ended before a move
    assert any("+---" in text for text in texts)  # diagram starts are among them
    for text in texts:
        assert _agree(text)


_MOVES = "▲７六歩    △３四歩\n▲２六歩\n"


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("先手：a\n" + _MOVES + "まで3手で中断\n", True),
        (_MOVES, True),  # no head
        ("先手：a\n\n" + _MOVES + "\n\nまで3手で中断\n\n", True),  # blank lines between
        ("先手：a\n*a comment\n\n" + _MOVES + "*on move 3\n", True),
        ("先手：a\n" + _MOVES + "まで3手で中断：x\n", False),  # a header line, to lark
        ("先手：a\n▼x：y\n" + _MOVES, True),  # a header line in the head
        # after the moves: the scan takes it into the block (the reader's walk refuses it)
        ("先手：a\n" + _MOVES + "▼x：y\n", True),
        ("先手：a\n" + _MOVES + "まで3手で中断\n終了日時：2024/01/01\n", False),
        ("\ufeff先手：a\n" + _MOVES, False),  # a BOM
        ("先手：a\n" + _MOVES + "変化：3手\n▲２五歩\n", False),  # variations
        ("先手：a\n" + _MOVES + "まで3手で中断\n-----\nx\n", False),  # a footer
        # a game ended before its first move: no block
        ("先手：a\n\nまで0手で中断\n", True),
        ("先手：a\n後手：b\n", True),  # the head alone
        ("まで0手で後手の勝ち\n", True),  # the summary alone
        ("\n", True),  # nothing
        ("先手：a\nまで0手で中断：x\n", True),  # a header line: the head's, as lark reads it
    ],
)
def test_the_parts_of_a_record(text: str, whole: bool) -> None:
    assert _agree(text) == whole


@pytest.mark.parametrize(("text", "whole"), diagram_cases(_MOVES))
def test_the_parts_of_a_record_with_a_diagram(text: str, whole: bool) -> None:
    assert _agree(text) == whole


_ODD_LINES = [
    "まで10手で先手の勝ち\n",
    "\n",
    "終了日時：2024/01/01\n",
    "*comment\n",
    "変化：3手\n",
    "▲５五歩\n",
    "▼x：y\n",
    "-------\n",
    "#KIF version=2.0 encoding=UTF-8\n",
]


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_damaged_texts_taken_whole_are_lexed_as_lark_lexes_them(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(TEXTS))
    _agree(data.draw(damaged(text, _ODD_LINES + DIAGRAM_LINES)))
