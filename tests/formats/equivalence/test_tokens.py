"""Tokens equal lark's: wherever a fast way makes tokens itself, they are the very tokens
lark makes of the same text with the grammar (type, text, offset, line, column), for every
format that declares fast ways (tests/formats/equivalence/cases.py):

- the whole-record match (``declaration.whole``) against lark's parse of the text (with the
  scanning parser where the pattern takes the run of moves with the scan);
- the head's run tokens, cut into their lines, against the grammar with no run terminal;
- a run cut a line at a time against a match at a time (``engine.tokens``);
- the run of moves and the board rows, as the reader cuts them, against lark's lexer of
  their line and cell terminals.

Damaged texts: tests/formats/equivalence/test_damaged.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lark import Token

from kifu_lark.formats.engine import parsing
from kifu_lark.formats.engine import tokens as cutting
from tests.formats.equivalence import reader_internals
from tests.formats.equivalence.case import SHAPES, SOURCES, Case, all_texts, source_texts
from tests.formats.equivalence.cases import BY_NAME, CASES, IDS
from tests.formats.equivalence.checks import (
    assert_runs_cut_as_lark_cuts_them,
    has_head,
    lark_lines,
    located,
    run_tokens,
    runs_alike,
    whole_is_lark,
)

_REAL = [case for case in CASES if case.name != "msk"]  # benchmarks.realistic writes no MSK
_HEAD_BLOCKS = [case for case in CASES if case.head_runs == ("HEAD_BLOCK",)]
_WHOLE_CASES = [
    pytest.param(case, text, taken, id=f"{case.name}: {why}")
    for case in CASES
    for text, taken, why in case.whole_cases
]


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_whole_records_are_lexed_as_lark_lexes_them(case: Case, source: str) -> None:
    """Every text the whole-record pattern takes is lexed as lark lexes it; it takes some."""
    taken = [name for name, text in source_texts(case, source) if whole_is_lark(case, text)]
    assert taken


@pytest.mark.parametrize("case", _REAL, ids=lambda case: case.name)
def test_real_shaped_records_are_taken_whole(case: Case) -> None:
    """Records shaped as real programs write them (diagram starts among them) are taken
    whole, lexed as lark lexes them."""
    texts = case.real()
    assert any(case.diagram_mark in text for text in texts)
    for text in texts:
        assert whole_is_lark(case, text), text[:200]


@pytest.mark.parametrize(("case", "text", "taken"), _WHOLE_CASES)
def test_the_parts_of_a_record(case: Case, text: str, taken: bool) -> None:
    """The parts of a record the whole-record pattern takes, and those it leaves to lark."""
    assert taken == whole_is_lark(case, text)


@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_record_shapes_taken_whole_are_lexed_as_lark_lexes_them(case: Case, shape: str) -> None:
    """Each record shape is taken whole, or left to lark, as the format's pattern says."""
    text = SHAPES[shape](case.parts)
    assert (shape not in case.not_whole) == whole_is_lark(case, text)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_record_cut_anywhere_is_lexed_as_lark_lexes_it(case: Case) -> None:
    """The usual record cut at any character (a run cut mid-line): what is taken whole is
    lexed as lark lexes it."""
    text = SHAPES["usual"](case.parts)
    assert whole_is_lark(case, text)
    for end in range(len(text)):
        whole_is_lark(case, text[:end])


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_head_runs_change_nothing_but_speed(case: Case, source: str) -> None:
    """Each text gives the same tokens, or is refused at the same place, with the head's run
    tokens (cut as the readers cut them) and with the grammar's every line a token of its
    own; most texts with a head use a run."""
    texts = [case.declaration.normalise(text) for _, text in source_texts(case, source)]
    used = sum(runs_alike(case, text) for text in texts)
    headed = sum(has_head(case, text) for text in texts)
    assert used > headed // 2, f"runs used in {used} of {headed} texts with a head"


@pytest.mark.parametrize("case", _REAL, ids=lambda case: case.name)
def test_real_shaped_records_use_the_head_runs(case: Case) -> None:
    """Headers, diagrams and floodgate's start rows: every record reads its head as runs."""
    for text in case.real():
        assert runs_alike(case, case.declaration.normalise(text)), text[:200]


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("case", _HEAD_BLOCKS, ids=lambda case: case.name)
def test_a_head_is_cut_by_lines_as_by_matches(case: Case, source: str) -> None:
    """``tokens.cut_lines`` (one findall a head) gives the tokens ``tokens.cut`` gives (a
    match a line) on every head."""
    pattern = case.head_pieces()
    texts = [case.declaration.normalise(text) for _, text in source_texts(case, source)]
    heads = [head for text in texts for head in run_tokens(case, text, case.head_runs)]
    assert heads
    for head in heads:
        lines = cutting.cut_lines(head, pattern, "BLANK_LINE")
        assert lines is not None
        assert located(cutting.cut(head, pattern, "BLANK_LINE")) == located(lines)


@pytest.mark.parametrize("case", _HEAD_BLOCKS, ids=lambda case: case.name)
def test_cut_lines_declines_a_head_whose_pieces_leave_a_gap(case: Case) -> None:
    """A head whose pieces do not follow each other line after line: ``cut_lines`` declines,
    and ``expand`` cuts it a match at a time."""
    pattern = case.head_pieces()
    gap = Token("HEAD_BLOCK", "先手：a\n|x|\n後手：b\n", 0, 1, 1)
    assert cutting.cut_lines(gap, pattern, "BLANK_LINE") is None
    expected = located(cutting.cut(gap, pattern, "BLANK_LINE"))
    assert expected == located(parsing.expand([gap], {"HEAD_BLOCK": pattern}))


def _cuts_agree(case: Case, run: Token) -> bool:
    """A run is cut alike a line at a time (when that way takes it) and a match at a time;
    True when the line way took it."""
    pattern = case.head_pieces()
    by_lines = cutting._cut_lines_known(run, pattern, "BLANK_LINE")
    by_matches = cutting._cut_matches(run, pattern, "BLANK_LINE")
    if by_lines is not None:
        assert located(by_matches) == located(by_lines), run
    return by_lines is not None


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_run_is_cut_alike_by_known_lines_and_by_matches(case: Case) -> None:
    """``tokens.cut`` looks each line of a run up (its kind is kept once worked out) and
    falls back on a match a piece where a line is not one piece: both give the same tokens
    on every run of the fixtures, the corpus and real-shaped records, the second time as the
    first (the kinds then come from the table). Most CSA and MSK runs take the line way
    (KIF and KI2 heads are ``cut_lines``'s: they hold blank lines)."""
    texts = all_texts(case) + case.real()
    normalised = [case.declaration.normalise(text) for text in texts]
    runs = [run for text in normalised for run in run_tokens(case, text, case.head_runs)]
    assert runs
    for _ in range(2):
        taken = sum(_cuts_agree(case, run) for run in runs)
    if case.name in ("csa", "msk"):
        assert taken > len(runs) // 2, f"{taken} of {len(runs)} runs cut by lines"


def test_a_line_that_is_not_one_piece_sends_the_run_to_the_matches() -> None:
    """Blanks or a comma starting a line, a blank line, two statements on a line, a line
    without its break: the line way declines, and the matches cut the run."""
    pattern = BY_NAME["csa"].head_pieces()
    for text in ("N+a\n N-b\n", "N+a\n\nN-b\n", "N+a\n,N-b\n", "+,-\n", "N+a\nN-b"):
        run = Token("HEAD_RUN", text, 0, 1, 1)
        assert cutting._cut_lines_known(run, pattern, "") is None, text
        assert located(cutting._cut_matches(run, pattern, "")) == located(cutting.cut(run, pattern))
    row = "P2 * -HI *  *  *  *  * -KA *"
    kept = Token("HEAD_RUN", f"N+a  \n{row} \n+ ,\n", 5, 2, 1)
    pieces = cutting._cut_lines_known(kept, pattern, "")
    assert pieces is not None
    assert located(cutting._cut_matches(kept, pattern, "")) == located(pieces)
    assert [
        ("NAME", "N+a  ", 5, 2, 1),  # a name keeps its blanks; a row's end leaves them
        ("BOARD_ROW", row, 11, 3, 1),
        ("SIGN", "+", 11 + len(row) + 2, 4, 1),
    ] == located(pieces)


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_run_of_moves_is_cut_as_lark_cuts_it(case: Case, source: str) -> None:
    """Every run of moves (and CSA board row) of every text is cut by the reader into the
    tokens lark's lexer makes of it."""
    texts = [case.declaration.normalise(text) for _, text in source_texts(case, source)]
    assert sum(assert_runs_cut_as_lark_cuts_them(case, text) for text in texts) > 0


@pytest.mark.parametrize("source", SOURCES)
def test_the_kif_walk_reads_each_line_with_the_grammar_s_terminal(source: str) -> None:
    """The KIF reader's walk through a MOVES_BLOCK token takes each line as lark's own
    terminal would: a move line by PLY_LINE, with its groups, a comment or bookmark line
    with its text after the mark; its split gives the same lines, nothing between them,
    each move line as the groups it keeps and the text of a comment line right after it
    (taken with it), each later comment's text and bookmark's text."""
    case = BY_NAME["kif"]
    ply_line, walk, stride, kept = reader_internals.kif_walk()
    texts = [case.declaration.normalise(text) for _, text in source_texts(case, source)]
    blocks = [block for text in texts for block in run_tokens(case, text, ["MOVES_BLOCK"])]
    assert blocks
    following = 0
    for block in blocks:
        lines = lark_lines(case, block)
        assert [line[1] for line in lines] == reader_internals.kif_block_lines(block)
        assert "PLY_LINE" == lines[0][0]  # a block starts with a move
        found = [ply_line.fullmatch(line[1]) for line in lines]
        assert [m is not None for m in found] == [line[0] == "PLY_LINE" for line in lines]
        none = (None,) * len(kept)
        expected: list[tuple[str | None, ...]] = []
        after_move = False
        for m, (kind, text, *_) in zip(found, lines, strict=True):
            if m is not None:
                expected.append((*(m[g] for g in kept), None, None, None))
            elif kind == "COMMENT_LINE" and after_move:
                expected[-1] = (*expected[-1][: len(kept)], text[1:-1], None, None)
                following += 1
            elif kind == "COMMENT_LINE":
                expected.append((*none, None, text[1:-1], None))
            else:
                expected.append((*none, None, None, text[1:-1]))
            after_move = m is not None
        pieces = walk.split(block)
        assert len(pieces) == 1 + stride * len(expected)
        assert pieces[::stride] == [""] * (len(expected) + 1)
        split = [tuple(pieces[i : i + stride - 1]) for i in range(1, len(pieces), stride)]
        assert split == expected
        assert {kind for kind, *_ in lines} <= {"PLY_LINE", "COMMENT_LINE", "BOOKMARK_LINE"}
    assert following > 0  # the sources hold comment lines right after a move line


_LINE_END = st.sampled_from(["\n", ",", " \n", "\t,\n", "\n\n", ",\n", ", ,\n \n"])


@given(
    moves=st.lists(
        st.tuples(
            st.sampled_from(["+", "-"]),
            st.sampled_from(["00", "77", "11", "99", "55"]),
            st.sampled_from(["76", "11", "99", "55"]),
            st.sampled_from(["FU", "KY", "TO", "RY", "OU"]),
            st.one_of(st.none(), st.sampled_from(["T0", "T12", "T3.5", "T1.", "T007"])),
            _LINE_END,
            _LINE_END,
            st.lists(
                st.sampled_from(["'", "'* 12 +7776FU", "'T3 ,x", "'**", "' a'b "]), max_size=2
            ),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_built_csa_runs_are_cut_as_lark_cuts_them(
    moves: list[tuple[str, str, str, str, str | None, str, str, list[str]]],
) -> None:
    """Runs assembled from move lines, times, comments, commas and blanks: the whole-record
    pattern takes them as lark lexes them, and the reader cuts them into lark's lines."""
    case = BY_NAME["csa"]
    run = "".join(
        sign
        + frm
        + to
        + kind
        + end
        + (f"{time}{end2}" if time else "")
        + "".join(comment + "\n" for comment in comments)
        for sign, frm, to, kind, time, end, end2, comments in moves
    )
    assert whole_is_lark(case, "PI\n+\n" + run)
    assert assert_runs_cut_as_lark_cuts_them(case, "PI\n+\n" + run) == 1
