"""The KIF reader's parser finds where a move block ends with a looser pattern
(``kif_read._SCAN``) and reads its lines with the grammar's own terminals, and reads a text
again with the grammar as it is when a line does not read or the text has an error: every
text reads as with the grammar as it is (``read_kif(..., scan=False)``), games, warnings and
errors alike, on every fixture and corpus text, real-shaped records, and damaged texts."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import kifu_lark
from benchmarks import realistic
from kifu_lark.errors import KifuError
from kifu_lark.formats import engine, kif_read
from kifu_lark.formats.base import ReadOptions
from kifu_lark.formats.engine import parsing
from kifu_lark.rules.fouls import tolerance
from tests.canonical import dumps
from tests.conftest import record_texts
from tests.formats.scan_checks import assert_marks_change_no_match, assert_terminals_in_place
from tests.test_deep_and_hostile import _long_game
from tests.test_fuzz import damaged

_OPTIONS = ReadOptions(tolerance(()), {})
TEXTS = record_texts((".kif", ".kifu"))


def _read(text: str, scan: bool) -> Any:
    """What reading ``text`` gives, as comparable data."""
    try:
        games = kif_read.read_kif(text, _OPTIONS, scan=scan)
    except KifuError as err:
        return ("error", type(err).__name__, err.code, err.line, err.column, str(err))
    return (dumps(games), [(w.code, w.ply, w.line, w.column) for g in games for w in g.warnings])


def _scanned(text: str) -> bool:
    """Whether the scanning parser and the walk of its blocks read ``text`` alone."""
    return engine.read_fast(
        kif_read.DECLARATION, kif_read.normalise(text), kif_read.builder(_OPTIONS)
    ) is not None


def test_the_scan_keeps_every_terminal_in_its_place() -> None:
    edit = parsing.scanning("MOVES_BLOCK", kif_read._SCAN)
    assert_terminals_in_place(kif_read.GRAMMAR, edit, "MOVES_BLOCK", kif_read._SCAN)


def test_every_fixture_and_corpus_text_reads_alike() -> None:
    read = []
    for text in TEXTS:
        found = _read(text, True)
        assert found == _read(text, False)
        if found[0] != "error":
            read.append(text)
    # a text with an error is read again with the grammar as it is; the others need not be
    scanned = sum(_scanned(text) for text in read)
    assert read and scanned > len(read) * 3 // 4, f"scanned {scanned} of {len(read)}"


def test_real_shaped_records_read_alike_and_are_scanned() -> None:
    plans = realistic.plans(8, seed=321, plies=40)
    texts = [realistic.kif_text(p) for p in plans]
    texts += [realistic.kif_text(p, analysis=True) for p in plans[:3]]
    for text in texts:
        assert _scanned(text)
        assert _read(text, True) == _read(text, False)


# Lines the scan takes but the block's terminals may not: each must send the text back to the
# grammar as it is, with its own error or reading.
_ODD_LINES = [
    "  12 not a move\n",
    "3\n",
    "*a comment\n",
    "&bookmark\n",
    "  5 ７六歩(77)   ( 0:01/00:00:01)+\n",
    "  7 同　歩(76)\n",
    "  9 投了\n",
    "1 2 3 : 4\n",
    "手数----指手---------消費時間--\n",
    "変化：3手\n",
    "\n",
    "   \n",
]


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_damaged_texts_read_or_fail_alike(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(TEXTS))
    text = data.draw(damaged(text, _ODD_LINES))
    assert _read(text, True) == _read(text, False)


def test_the_scan_marks_change_no_match() -> None:
    """The scan's possessive marks keep the regex engine from saving a backtracking point a
    line; what follows each marked part cannot be taken by it, so the lines are the same."""
    texts = [kif_read.normalise(text) for text in TEXTS]
    assert_marks_change_no_match(kif_read._SCAN, texts)


def test_long_blocks_read_alike_across_chunks() -> None:
    """A block of more than ``_CHUNK`` characters is walked a chunk at a time: a record of
    4 000 moves reads alike both ways, whole, with an illegal move late in it, and with a line
    the block's terminals do not read late in it."""
    text = kifu_lark.dumps(_long_game(4_000), "kif")
    assert len(text) > 3 * kif_read._CHUNK
    lines = text.split("\n")
    late = max(i for i, line in enumerate(lines) if line.strip()[:1].isdigit()) - 3
    illegal = lines[:]
    illegal[late] = re.sub(r"^(\s*\d+ ).*$", r"\1５五王", illegal[late])
    odd = lines[:]
    odd.insert(late, "  12 not a move")
    for variant in (text, "\n".join(illegal), "\n".join(odd)):
        assert _read(variant, True) == _read(variant, False)
    assert _read(text, True)[0] != "error"
    assert _read("\n".join(illegal), True)[3] == late + 1  # the error's line
    assert _scanned(text)
    assert not _scanned("\n".join(odd))
