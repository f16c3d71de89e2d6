"""The reader engine's fast ways read every text as the grammar as written does.

One suite for every format that declares fast ways (``engine.Declaration``: CSA, MSK, KIF,
KI2): the whole-record match and the scanning parse (its run matched with the format's looser
``_SCAN`` and cut by the grammar's own line terminals) give the games, warnings and errors
that ``scan=False`` gives, on every fixture and corpus text, real-shaped records, and texts
damaged with lines the scan takes but a run may not hold; the scanning parser keeps lark's
order of terminals, and the scan's possessive marks change no match."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from attrs import frozen
from hypothesis import given, settings
from hypothesis import strategies as st

import kifu_lark
from benchmarks import realistic
from kifu_lark.errors import KifuError
from kifu_lark.formats import csa, engine, ki2_read, kif_read
from kifu_lark.formats.base import ReadOptions
from kifu_lark.formats.csa_dialect import CSA
from kifu_lark.formats.msk import MSK
from kifu_lark.model.game import Game
from kifu_lark.rules.fouls import tolerance
from tests.canonical import dumps
from tests.conftest import record_texts
from tests.formats.scan_checks import assert_marks_change_no_match
from tests.test_deep_and_hostile import _long_game
from tests.test_fuzz import damaged

_OPTIONS = ReadOptions(tolerance(()), {})


@frozen
class Case:
    """A format with fast ways, and what its tests need."""

    name: str
    declaration: engine.Declaration
    read: Callable[[str, ReadOptions, bool], list[Game]]
    build: Callable[[str, Any, bool], Any]
    texts: list[str]
    #: Real-shaped records the fast ways must read (the grammar as written need not).
    real: Callable[[], list[str]]
    #: Lines the scan takes but a run may not hold there: each must send the text back to
    #: the grammar as written, with its own error or reading.
    odd_lines: list[str]
    #: The share of the texts that read without error that the fast ways must read.
    scanned_share: float


def _csa_real() -> list[str]:
    plans = realistic.plans(8, seed=654, plies=40)
    texts = [realistic.csa_text(p) for p in plans]
    texts += [realistic.csa_text(p, floodgate=True) for p in plans]
    return texts + [realistic.csa_text(p.cut(0), floodgate=True) for p in plans]  # no move


def _kif_real() -> list[str]:
    plans = realistic.plans(8, seed=321, plies=40)
    return [realistic.kif_text(p) for p in plans] + [
        realistic.kif_text(p, analysis=True) for p in plans[:3]
    ]


def _ki2_real() -> list[str]:
    plans = realistic.plans(8, seed=654, plies=40)
    return [text for p in plans for text in (realistic.ki2_text(p), realistic.ki2_text(p.cut(0)))]


_CSA_ODD = [
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


def _csa_case(name: str, dialect: Any, suffix: str, real: Callable[[], list[str]]) -> Case:
    return Case(
        name,
        csa.declaration(dialect),
        csa.reader(dialect),
        csa.builder(dialect, _OPTIONS),
        record_texts((suffix,)),
        real,
        _CSA_ODD,
        0.75,
    )


CASES = [
    _csa_case("csa", CSA, ".csa", _csa_real),
    _csa_case("msk", MSK, ".msk", list),
    Case(
        "kif",
        kif_read.DECLARATION,
        kif_read.read_kif,
        kif_read.builder(_OPTIONS),
        record_texts((".kif", ".kifu")),
        _kif_real,
        [
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
        ],
        0.75,
    ),
    Case(
        "ki2",
        ki2_read.DECLARATION,
        ki2_read.read_ki2,
        ki2_read.builder(_OPTIONS),
        record_texts((".ki2", ".ki2u")),
        _ki2_real,
        [
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
        ],
        0.5,
    ),
]
_BY_NAME = {case.name: case for case in CASES}
_IDS = [case.name for case in CASES]


def _read(case: Case, text: str, scan: bool) -> Any:
    """What reading ``text`` gives, as comparable data."""
    try:
        games = case.read(text, _OPTIONS, scan)
    except KifuError as err:
        return ("error", type(err).__name__, err.code, err.line, err.column, str(err))
    return (dumps(games), [(w.code, w.ply, w.line, w.column) for g in games for w in g.warnings])


def _scanned(case: Case, text: str) -> bool:
    """Whether the fast ways alone read ``text``."""
    declaration = case.declaration
    return engine.read_fast(declaration, declaration.normalise(text), case.build) is not None


@pytest.mark.parametrize("case", CASES, ids=_IDS)
def test_the_scan_keeps_every_terminal_in_its_place(case: Case) -> None:
    """lark tries terminals in an order that depends on their patterns' lengths: the
    scanning parser tries them in the grammar's own order."""
    scanner, exact = case.declaration.scanner(), case.declaration.parser()
    order = [t.name for t in scanner.parser.lexer.root_lexer.terminals]
    assert order == [t.name for t in exact.parser.lexer.root_lexer.terminals]
    run, scan = case.declaration.run, case.declaration.scan
    assert run is not None and scan is not None
    pattern = scanner.get_terminal(run).pattern
    assert pattern.value.startswith(scan)
    assert len(pattern.value) == len(exact.get_terminal(run).pattern.value)


@pytest.mark.parametrize("case", CASES, ids=_IDS)
def test_every_fixture_and_corpus_text_reads_alike(case: Case) -> None:
    """Every fixture and corpus text reads alike both ways, and most are read fast."""
    assert case.texts
    read = []
    for text in case.texts:
        found = _read(case, text, True)
        assert found == _read(case, text, False)
        if found[0] != "error":
            read.append(text)
    # a text with an error is read again with the grammar as written; the others need not be
    scanned = sum(_scanned(case, text) for text in read)
    assert read and scanned > len(read) * case.scanned_share, f"scanned {scanned} of {len(read)}"


@pytest.mark.parametrize("case", [c for c in CASES if c.name != "msk"], ids=lambda c: c.name)
def test_real_shaped_records_read_alike_and_are_scanned(case: Case) -> None:
    """Records shaped like those real programs write read alike, and fast."""
    texts = case.real()
    assert texts
    for text in texts:
        assert _scanned(case, text)
        assert _read(case, text, True) == _read(case, text, False)


@settings(max_examples=500, deadline=None)
@given(st.data())
def test_damaged_texts_read_or_fail_alike(data: st.DataObject) -> None:
    """A text damaged by cuts, swaps, repeats and the lines the scan takes reads, or fails
    with the same error, both ways."""
    case = data.draw(st.sampled_from(CASES), label="format")
    text = data.draw(st.sampled_from(case.texts))
    text = data.draw(damaged(text, case.odd_lines))
    assert _read(case, text, True) == _read(case, text, False)


@pytest.mark.parametrize("case", [_BY_NAME["kif"], _BY_NAME["ki2"]], ids=["kif", "ki2"])
def test_the_scan_marks_change_no_match(case: Case) -> None:
    """The scan's possessive marks keep the regex engine from saving a backtracking point a
    line; what follows each marked part cannot be taken by it, so the lines are the same
    (CSA's: tests/formats/test_csa_possessive.py)."""
    assert case.declaration.scan is not None
    texts = [case.declaration.normalise(text) for text in case.texts]
    assert_marks_change_no_match(case.declaration.scan, texts)


def test_kif_long_blocks_read_alike_across_chunks() -> None:
    """A KIF block of more than ``_CHUNK`` characters is walked a chunk at a time: a record
    of 4 000 moves reads alike both ways, whole, with an illegal move late in it, and with a
    line the block's terminals do not read late in it."""
    case = _BY_NAME["kif"]
    text = kifu_lark.dumps(_long_game(4_000), "kif")
    assert len(text) > 3 * kif_read._CHUNK
    lines = text.split("\n")
    late = max(i for i, line in enumerate(lines) if line.strip()[:1].isdigit()) - 3
    illegal = lines[:]
    illegal[late] = re.sub(r"^(\s*\d+ ).*$", r"\1５五王", illegal[late])
    odd = lines[:]
    odd.insert(late, "  12 not a move")
    for variant in (text, "\n".join(illegal), "\n".join(odd)):
        assert _read(case, variant, True) == _read(case, variant, False)
    assert _read(case, text, True)[0] != "error"
    assert _read(case, "\n".join(illegal), True)[3] == late + 1  # the error's line
    assert _scanned(case, text)
    assert not _scanned(case, "\n".join(odd))


@pytest.mark.parametrize("odd", ["*a lone\rCR\n", "&a lone\rCR\n", "▼x：y\n", "▲７六歩 x\n"])
def test_a_ki2_line_the_scan_takes_but_the_grammar_does_not(odd: str) -> None:
    """KI2's scan takes any line starting with a mark, `*` or `&`; the grammar does not."""
    case = _BY_NAME["ki2"]
    text = "先手：a\n▲７六歩    △３四歩\n" + odd + "▲２六歩\nまで3手で中断\n"
    assert ki2_read._whole_record(text) is not None  # the scan takes the line into the block
    assert not _scanned(case, text)
    assert _read(case, text, True) == _read(case, text, False)  # an error, or ▼x：y a header
