"""The KIF reader takes the usual record (its head, the moves header, a block of moves and
the summary line) apart with one match of a pattern built from the grammar's terminals
(``kif_read.whole_record_pattern``) instead of lark's lexer and parser: where it matches,
the tokens must be the very tokens lark makes of the text (type, text, offset, line,
column), on every fixture and corpus text, real-shaped records and damaged texts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import realistic
from kifu_lark.errors import KifuError
from kifu_lark.formats import kif_read
from kifu_lark.formats.engine import parsing
from tests.conftest import record_texts
from tests.formats.scan_checks import DIAGRAM_LINES, diagram_cases, located
from tests.test_fuzz import damaged

TEXTS = record_texts((".kif", ".kifu"))


def _agree(text: str) -> bool:
    """Whether ``text`` (normalised) was taken whole; when it was, its tokens must be lark's."""
    text = kif_read.normalise(text)
    whole = kif_read._whole_record(text)
    if whole is None:
        return False
    scanner = kif_read.DECLARATION.scanner()
    try:
        tree = parsing.parse(scanner, text, kif_read.FORMAT_NAME)
    except KifuError as err:  # the pattern took a text lark refuses
        pytest.fail(f"taken whole, but lark refuses it: {err}")
    assert located(whole.children) == located(tree.children)
    return True


def test_fixture_and_corpus_texts_taken_whole_are_lexed_as_lark_lexes_them() -> None:
    assert TEXTS
    taken = sum(_agree(text) for text in TEXTS)
    assert taken > 0  # the usual record is there: the pattern must serve some


def test_real_shaped_records_are_taken_whole() -> None:
    texts = [realistic.kif_text(plan) for plan in realistic.plans(20, seed=321, plies=40)]
    assert any("+---" in text for text in texts)  # diagram starts are among them
    for text in texts:
        assert _agree(text)


_MOVES = "手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n"


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("先手：a\n" + _MOVES + "まで1手で中断\n", True),
        (_MOVES, True),  # no head
        ("先手：a\n\n" + _MOVES + "\n\nまで1手で中断\n\n", True),  # blank lines between
        ("先手：a\n" + _MOVES + "まで1手で中断：x\n", False),  # a header line, to lark
        ("先手：a\n" + _MOVES + "まで1手で中断\n終了日時：2024/01/01\n", False),
        ("\ufeff先手：a\n" + _MOVES, False),  # a BOM
        ("先手：a\n" + _MOVES + "変化：1手\n   1 ２六歩(27)\n", False),  # variations
        ("先手：a\n" + _MOVES.split("\n", 1)[1], False),  # no moves header
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
    "手数----指手---------消費時間--\n",
    "終了日時：2024/01/01\n",
    "*comment\n",
    "変化：3手\n",
    "   5 ５五歩(56)\n",
    "#KIF version=2.0 encoding=UTF-8\n",
]


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_damaged_texts_taken_whole_are_lexed_as_lark_lexes_them(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(TEXTS))
    _agree(data.draw(damaged(text, _ODD_LINES + DIAGRAM_LINES)))
