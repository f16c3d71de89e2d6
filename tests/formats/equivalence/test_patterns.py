"""The patterns of the fast ways keep the grammar's language, for every format that declares
fast ways (tests/formats/equivalence/cases.py):

- the scanning parser tries the terminals in the grammar's own order (lark orders them by
  priority, width and then pattern length, and the scan stands in for the run's pattern);
- the possessive and atomic marks (``*+ ++ ?+ {n}+ (?>…)``) in the grammars' terminals and in
  the declared scan change no match. They keep the regex engine from saving a backtracking
  point at each (which costs more than the matching); each stands where what follows cannot
  be taken by the part it marks. Checked from every place a terminal can start, on every
  fixture and corpus text, real-shaped records, lines made to need backtracking, and lines
  drawn from pieces of the format's lines.

Damaged texts: tests/formats/equivalence/test_damaged.py.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifu_lark.formats.engine import parsing
from tests.formats.equivalence.case import Case, all_texts
from tests.formats.equivalence.cases import BY_NAME, CASES, IDS
from tests.formats.equivalence.checks import assert_marks_change_no_match, marked_patterns

_MARKED = [
    pytest.param(case, name, id=f"{case.name}-{name}")
    for case in CASES
    for name in (*case.marked, *case.marked_groups, "scan")
]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_scan_keeps_every_terminal_in_its_place(case: Case) -> None:
    """The scanning parser tries its terminals in the grammar's own order, and the run's
    pattern is the scan, padded to the length of the run's own."""
    scanner, exact = case.declaration.scanner(), case.declaration.parser()
    order = [t.name for t in scanner.parser.lexer.root_lexer.terminals]
    assert [t.name for t in exact.parser.lexer.root_lexer.terminals] == order
    run, scan = case.declaration.run, case.declaration.scan
    assert run is not None and scan is not None
    pattern = scanner.get_terminal(run).pattern
    assert pattern.value.startswith(scan)
    assert len(exact.get_terminal(run).pattern.value) == len(pattern.value)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_run_of_moves_repeats_possessively(case: Case) -> None:
    """The run of moves keeps no backtracking point a line (memory in proportion to the
    record otherwise)."""
    assert case.declaration.run is not None
    run = parsing.parser(case.declaration.grammar).get_terminal(case.declaration.run)
    assert "++" in run.pattern.to_regexp()


@functools.cache
def _texts(name: str) -> list[str]:
    """The texts the marks are checked on: those of the format and its kin (fixtures,
    corpus, real-shaped), each as the reader reads it and with CR LF made LF, and the lines
    made to need backtracking."""
    case = BY_NAME[name]
    kin = [case, *(BY_NAME[other] for other in case.kin)]
    texts = [case.declaration.normalise(t) for c in kin for t in [*all_texts(c), *c.real()]]
    texts += [text.replace("\r\n", "\n") for text in texts if "\r\n" in text]
    return texts + list(case.tricky)


@pytest.mark.parametrize(("case", "name"), _MARKED)
def test_possessive_marks_change_no_match(case: Case, name: str) -> None:
    """Each marked terminal, and the scan, matches the same text (with its groups, where the
    reader reads them) as it does without the marks, from every place it can start."""
    (pattern, groups) = next((p, g) for n, p, g in marked_patterns(case) if n == name)
    assert_marks_change_no_match(pattern, _texts(case.name), case.starts, groups=groups)


@pytest.mark.parametrize("case", CASES, ids=IDS)
@given(data=st.data())
def test_possessive_marks_change_no_drawn_line(case: Case, data: st.DataObject) -> None:
    """On near-lines drawn from pieces of the format's lines, right and wrong, every marked
    terminal and the scan match as they would without the marks."""
    pieces = data.draw(st.lists(st.sampled_from(case.pieces), max_size=12), label="pieces")
    text = "".join(pieces) + ("\n" if data.draw(st.booleans(), label="line break") else "")
    for _, pattern, groups in marked_patterns(case):
        assert_marks_change_no_match(pattern, [text], case.starts, somewhere=False, groups=groups)
