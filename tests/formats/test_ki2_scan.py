"""The KI2 reader takes the usual record whole, its move block found with a looser pattern
(``ki2_read._SCAN``), and walks each move line with KI2_MOVE, checking that the moves follow each
other and fill the line; it reads a text again with the grammar as it is when they do not or
the text has an error. Every text reads as with the grammar as it is
(``read_ki2(..., scan=False)``), games, warnings and errors alike, on every fixture and
corpus text, real-shaped records, and damaged texts."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import realistic
from kifu_lark.errors import KifuError
from kifu_lark.formats import engine, ki2_read
from kifu_lark.formats.base import ReadOptions
from kifu_lark.formats.engine import parsing
from kifu_lark.rules.fouls import tolerance
from tests.canonical import dumps
from tests.conftest import record_texts
from tests.formats.scan_checks import assert_marks_change_no_match, assert_terminals_in_place
from tests.test_fuzz import damaged

_OPTIONS = ReadOptions(tolerance(()), {})
TEXTS = record_texts((".ki2", ".ki2u"))


def _read(text: str, scan: bool) -> Any:
    """What reading ``text`` gives, as comparable data."""
    try:
        games = ki2_read.read_ki2(text, _OPTIONS, scan=scan)
    except KifuError as err:
        return ("error", type(err).__name__, err.code, err.line, err.column, str(err))
    return (dumps(games), [(w.code, w.ply, w.line, w.column) for g in games for w in g.warnings])


def _scanned(text: str) -> bool:
    """Whether the whole-record pattern and the walk of its move block read ``text`` alone."""
    text = text if text.endswith("\n") else text + "\n"
    tree = ki2_read._whole_record(text)
    if tree is None:
        return False
    try:
        ki2_read._Reader(text, _OPTIONS, True).read(tree)
    except (KifuError, engine.Inexact):
        return False
    return True


def test_the_scan_keeps_every_terminal_in_its_place() -> None:
    edit = parsing.scanning("MOVES_BLOCK", ki2_read._SCAN)
    assert_terminals_in_place("ki2.lark", edit, "MOVES_BLOCK", ki2_read._SCAN)


def test_every_fixture_and_corpus_text_reads_alike() -> None:
    read = []
    for text in TEXTS:
        found = _read(text, True)
        assert found == _read(text, False)
        if found[0] != "error":
            read.append(text)
    scanned = sum(_scanned(text) for text in read)
    assert read and scanned > len(read) // 2, f"scanned {scanned} of {len(read)}"


def test_real_shaped_records_read_alike_and_are_scanned() -> None:
    for plan in realistic.plans(8, seed=654, plies=40):
        for text in (realistic.ki2_text(plan), realistic.ki2_text(plan.cut(0))):
            if "手合割：平手" in text:  # a diagram start is lark's to read
                assert _scanned(text)
            assert _read(text, True) == _read(text, False)


# Lines the scan takes but a move block may not hold there: each must send the text back to
# the grammar as it is, with its own error or reading.
_ODD_LINES = [
    "▲７六歩 x\n",
    "▲７六歩△\n",
    "▲９九歩成\n",
    "▼x：y\n",
    "△同　歩    ▲同　銀\n",
    "▲７六歩   \n",
    "   ▲２六歩　\r\n",
    "*a comment\n",
    "&a bookmark\n",
    "*a lone\rCR\n",
    "&a lone\rCR\n",
    "▲投了\n",
    "▲\n",
    "▲５五角打    △５四歩 *\n",
]


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_damaged_texts_read_or_fail_alike(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(TEXTS))
    text = data.draw(damaged(text, _ODD_LINES))
    assert _read(text, True) == _read(text, False)


@pytest.mark.parametrize("odd", ["*a lone\rCR\n", "&a lone\rCR\n", "▼x：y\n", "▲７六歩 x\n"])
def test_a_line_the_scan_takes_but_the_grammar_does_not(odd: str) -> None:
    """The scan takes any line starting with a mark, `*` or `&`; the grammar does not."""
    text = "先手：a\n▲７六歩    △３四歩\n" + odd + "▲２六歩\nまで3手で中断\n"
    assert ki2_read._whole_record(text) is not None  # the scan takes the line into the block
    assert not _scanned(text)
    assert _read(text, True) == _read(text, False)  # a syntax error, or ▼x：y a header


def test_the_scan_marks_change_no_match() -> None:
    """The scan's possessive marks keep the regex engine from saving a backtracking point a
    line; what follows each marked part cannot be taken by it, so the lines are the same."""
    texts = [text if text.endswith("\n") else text + "\n" for text in TEXTS]
    assert_marks_change_no_match(ki2_read._SCAN, texts)
