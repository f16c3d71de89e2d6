"""The CSA and MSK readers' parsers find where a run of moves ends with a looser pattern
(``csa._SCAN``) and cut the run with MOVE_LINE's own pattern, and read a text again with the
grammar as it is when the cuts leave a gap or the text has an error: every text reads as with
the grammar as it is (``scan=False``), games, warnings and errors alike, on every fixture and
corpus text, real-shaped and floodgate-shaped records, and damaged texts."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import realistic
from kifu_lark.errors import KifuError
from kifu_lark.formats import csa, engine
from kifu_lark.formats.base import ReadOptions
from kifu_lark.formats.csa_dialect import CSA
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.msk import MSK
from kifu_lark.rules.fouls import tolerance
from tests.canonical import dumps
from tests.conftest import record_texts
from tests.test_fuzz import damaged

_OPTIONS = ReadOptions(tolerance(()), {})
DIALECTS = {"csa.lark": (CSA, (".csa",)), "msk.lark": (MSK, (".msk",))}
TEXTS = {grammar: record_texts(suffixes) for grammar, (_, suffixes) in DIALECTS.items()}


def _read(grammar: str, text: str, scan: bool) -> Any:
    """What reading ``text`` gives, as comparable data."""
    read = csa.reader(DIALECTS[grammar][0])
    try:
        games = read(text, _OPTIONS, scan=scan)
    except KifuError as err:
        return ("error", type(err).__name__, err.code, err.line, err.column, str(err))
    return (dumps(games), [(w.code, w.ply, w.line, w.column) for g in games for w in g.warnings])


def _scanned(grammar: str, text: str) -> bool:
    """Whether the scanning parser and the cuts of its runs read ``text`` alone."""
    dialect = DIALECTS[grammar][0]
    return engine.read_fast(
        csa.declaration(dialect), csa.normalise(text), csa.builder(dialect, _OPTIONS)
    ) is not None


@pytest.mark.parametrize("grammar", sorted(DIALECTS))
def test_the_scan_keeps_every_terminal_in_its_place(grammar: str) -> None:
    """lark tries terminals in an order that depends on their patterns' lengths."""
    scanning = csa.declaration(DIALECTS[grammar][0]).scanner()
    exact = parsing.parser(grammar, transformer=csa._TAGS)
    order = [t.name for t in scanning.parser.lexer.root_lexer.terminals]
    assert order == [t.name for t in exact.parser.lexer.root_lexer.terminals]
    run = scanning.get_terminal("MOVE_RUN").pattern
    assert run.value.startswith(csa._SCAN)
    assert len(run.value) == len(exact.get_terminal("MOVE_RUN").pattern.value)


@pytest.mark.parametrize("grammar", sorted(DIALECTS))
def test_every_fixture_and_corpus_text_reads_alike(grammar: str) -> None:
    texts = TEXTS[grammar]
    assert texts
    read = []
    for text in texts:
        found = _read(grammar, text, True)
        assert found == _read(grammar, text, False)
        if found[0] != "error":
            read.append(text)
    # a text with an error is read again with the grammar as it is; the others need not be
    scanned = sum(_scanned(grammar, text) for text in read)
    assert read and scanned > len(read) * 3 // 4, f"scanned {scanned} of {len(read)}"


def test_real_shaped_records_read_alike_and_are_scanned() -> None:
    plans = realistic.plans(8, seed=654, plies=40)
    texts = [realistic.csa_text(p) for p in plans]
    texts += [realistic.csa_text(p, floodgate=True) for p in plans]
    texts += [realistic.csa_text(p.cut(0), floodgate=True) for p in plans]  # no move played
    for text in texts:
        assert _scanned("csa.lark", text)
        assert _read("csa.lark", text, True) == _read("csa.lark", text, False)


# Lines the scan takes but a run of moves may not hold there: each must send the text back to
# the grammar as it is, with its own error or reading.
_ODD_LINES = [
    "+\n",
    "-\n",
    "T12\n",
    "'a comment\n",
    "'** 100 +7776FU -3334FU\n",
    "+7776FU,%TORYO\n",
    "+7776XX\n",
    "+0055KA\n",
    "-3334FU,T3,'c\n",
    " , \n",
    "\n",
    "%TORYO\n",
    "$END_TIME:2024/01/01 00:00:00\n",
    "T\n",
    "+9999OU\n",
]


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_damaged_texts_read_or_fail_alike(data: st.DataObject) -> None:
    grammar = data.draw(st.sampled_from(sorted(DIALECTS)))
    text = data.draw(st.sampled_from(TEXTS[grammar]))
    text = data.draw(damaged(text, _ODD_LINES))
    assert _read(grammar, text, True) == _read(grammar, text, False)
