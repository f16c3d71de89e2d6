"""Games equal the grammar path's, and errors are always its own: every text reads to the
same games and warnings, or fails with the same error at the same place, with the fast ways
(``engine.read``) and with the grammar as written alone (``scan=False``), for every format
that declares fast ways (tests/formats/equivalence/cases.py); and the fast ways read what they
should (``engine.read_fast``): the usual records, and no text with a line no run holds.

Damaged texts: tests/formats/equivalence/test_damaged.py.
"""

from __future__ import annotations

import pytest

import kifu_lark
from tests.formats.equivalence.case import SHAPES, SOURCES, Case, source_texts
from tests.formats.equivalence.cases import CASES, IDS
from tests.formats.equivalence.checks import outcome, scanned
from tests.test_deep_and_hostile import _long_game

_REAL = [case for case in CASES if case.name != "msk"]  # benchmarks.realistic writes no MSK
_LONG = [case for case in CASES if case.long is not None]
_SCAN_ONLY = [
    pytest.param(case, line, id=f"{case.name}: {line!r}")
    for case in CASES
    for line in case.scan_only_lines
]


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_text_reads_alike_both_ways(case: Case, source: str) -> None:
    """Every fixture and corpus text reads alike both ways, and most are read fast (a text
    with an error is read again with the grammar as written; the others need not be)."""
    read = []
    for name, text in source_texts(case, source):
        found = outcome(case, text, True)
        assert outcome(case, text, False) == found, name
        if found[0] != "error":
            read.append(text)
    fast = sum(scanned(case, text) for text in read)
    assert read and fast > len(read) * case.scanned_share, f"read fast {fast} of {len(read)}"


@pytest.mark.parametrize("case", _REAL, ids=lambda case: case.name)
def test_real_shaped_records_read_alike_and_fast(case: Case) -> None:
    """Records shaped like those real programs write read alike, and fast."""
    for text in case.real():
        assert scanned(case, text), text[:200]
        assert outcome(case, text, False) == outcome(case, text, True)


@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_record_shapes_read_alike_and_fast(case: Case, shape: str) -> None:
    """Each record shape reads alike both ways; one that reads is read fast (no shape falls
    off the fast ways)."""
    text = SHAPES[shape](case.parts)
    found = outcome(case, text, False)
    assert found == outcome(case, text, True)
    assert (found[0] != "error") == scanned(case, text)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_record_cut_anywhere_reads_alike(case: Case) -> None:
    """The usual record cut at any character (a run cut mid-line, a lone mark, half a
    time) reads, or fails with the same error, both ways."""
    text = SHAPES["usual"](case.parts)
    for end in range(len(text)):
        assert outcome(case, text[:end], False) == outcome(case, text[:end], True), text[:end]


@pytest.mark.parametrize(("case", "line"), _SCAN_ONLY)
def test_a_line_the_scan_takes_but_no_run_holds(case: Case, line: str) -> None:
    """A line between moves that the scan takes into the run but that is no line of the
    run: the whole-record pattern takes it where it takes the run with the scan, the fast
    ways give the text back, and it reads (or fails) as the grammar as written says."""
    parts = case.parts
    text = parts.head + parts.moves + line + parts.next_moves + parts.end
    declaration = case.declaration
    assert declaration.whole is not None
    if case.whole_scans:
        assert declaration.whole(declaration.normalise(text)) is not None
    assert not scanned(case, text)
    assert outcome(case, text, False) == outcome(case, text, True)


@pytest.mark.parametrize("case", _LONG, ids=lambda case: case.name)
def test_a_long_record_reads_alike(case: Case) -> None:
    """A record of 4 000 moves (a KIF block is walked a chunk at a time) reads alike both
    ways: whole, with an illegal move late in it (the error on its line), and with a line
    the run does not hold late in it (read by the grammar as written)."""
    assert case.long is not None
    text = kifu_lark.dumps(_long_game(4_000), case.name)
    assert len(text) > case.long.longer_than
    lines = text.split("\n")
    late = max(i for i, line in enumerate(lines) if case.long.move_line.match(line)) - 3
    illegal = lines[:]
    illegal[late] = case.long.illegal(illegal[late])
    odd = lines[:]
    odd.insert(late, case.long.odd)
    for variant in (text, "\n".join(illegal), "\n".join(odd)):
        assert outcome(case, variant, False) == outcome(case, variant, True)
    assert outcome(case, text, True)[0] != "error"
    assert late + 1 == outcome(case, "\n".join(illegal), True)[3]  # the error's line
    assert scanned(case, text)
    assert not scanned(case, "\n".join(odd))


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_memo_tables_change_no_game(case: Case, source: str) -> None:
    """A text reads to the same games (or error) with the reader's memo tables empty and
    full."""
    for name, text in source_texts(case, source):
        for table in case.memos():
            table.clear()
        cold = outcome(case, text, True)
        assert outcome(case, text, True) == cold, name
