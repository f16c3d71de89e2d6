"""The run tokens of the lines before the moves (KIF and KI2 ``HEAD_BLOCK``, CSA and MSK
``INFO_RUN``, ``POSITION_RUN`` and ``HEAD_RUN``) change nothing but speed.

Each text is parsed twice: by the reader's parser, its run tokens cut back into lines or
statements as the readers cut them (``parsing.cut``), and by the same grammar with the run
terminals made unable to match, which reads every line as its own token, as the grammar did
before runs existed. Both must give the same tokens (type, text, value, offset, line,
column), or reject the text at the same line and column: on every fixture and corpus text,
on real-shaped records, and on fuzzed fixtures.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, Token
from lark.exceptions import UnexpectedInput
from lark.lexer import PatternRE, TerminalDef

from benchmarks import realistic
from kifu_lark.errors import KifuError
from kifu_lark.formats import csa, japanese_head, ki2_read, kif_read
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.engine import tokens as cutting
from kifu_lark.formats.engine.tokens import cut_lines
from tests.conftest import record_texts
from tests.formats.scan_checks import located
from tests.test_fuzz import mutations

#: grammar → (its run terminals, the suffixes of its texts, how its reader prepares a text)
GRAMMARS: dict[str, tuple[tuple[str, ...], tuple[str, ...], Any]] = {
    "kif.lark": (("HEAD_BLOCK",), (".kif", ".kifu"), kif_read.normalise),
    "ki2.lark": (("HEAD_BLOCK",), (".ki2", ".ki2u"), lambda t: t if t.endswith("\n") else t + "\n"),
    "csa.lark": (("INFO_RUN", "POSITION_RUN", "HEAD_RUN"), (".csa",), csa.normalise),
    "msk.lark": (("INFO_RUN", "POSITION_RUN", "HEAD_RUN"), (".msk",), csa.normalise),
}
_CUTS = {
    "kif.lark": kif_read._head_runs()["HEAD_BLOCK"],
    "ki2.lark": ki2_read._head_runs()["HEAD_BLOCK"],
    "csa.lark": csa.run_pattern("csa.lark"),
    "msk.lark": csa.run_pattern("msk.lark"),
}
_NEVER = PatternRE("(?!)x")


@functools.cache
def _without_runs(grammar: str) -> Lark:
    """``grammar``'s parser with its run terminals unable to match anything."""
    runs = GRAMMARS[grammar][0]

    def edit(terminal: TerminalDef) -> None:
        parsing._uncaptured(terminal)
        if terminal.name in runs:
            terminal.pattern = _NEVER

    return parsing.parser(grammar, edit_terminals=edit)


def _tokens(grammar: str, lark: Lark, text: str) -> tuple[Any, ...]:
    """Every token of ``text`` (run tokens cut), or where ``lark`` rejects it."""
    try:
        tree = lark.parse(text)
    except UnexpectedInput as err:
        return ("rejected", err.line, err.column)
    runs = dict.fromkeys(GRAMMARS[grammar][0], _CUTS[grammar])
    found = parsing.expand(tree.scan_values(lambda v: isinstance(v, Token)), runs)
    return tuple((t.type, str(t), t.value, t.start_pos, t.line, t.column) for t in found)


def _same(grammar: str, text: str) -> bool:
    """``text`` reads alike with and without runs; True when a run token was used."""
    fast = _tokens(grammar, parsing.parser(grammar), text)
    assert _tokens(grammar, _without_runs(grammar), text) == fast
    tree_types = set()
    if fast[:1] != ("rejected",):
        tree = parsing.parser(grammar).parse(text)
        tree_types = {t.type for t in tree.scan_values(lambda v: isinstance(v, Token))}
    return bool(tree_types & set(GRAMMARS[grammar][0]))


def _texts(grammar: str) -> list[str]:
    _, suffixes, prepare = GRAMMARS[grammar]
    return [prepare(text) for text in record_texts(suffixes)]


@pytest.mark.parametrize("grammar", sorted(GRAMMARS))
def test_every_fixture_reads_alike_with_and_without_runs(grammar: str) -> None:
    texts = _texts(grammar)
    assert texts
    used = sum(_same(grammar, text) for text in texts)
    assert used > len(texts) // 2, f"runs used in {used} of {len(texts)} {grammar} texts"


_SHAPED = {"kif.lark": "kif", "ki2.lark": "ki2", "csa.lark": "csa"}


@pytest.mark.parametrize("grammar", sorted(_SHAPED))
def test_real_shaped_records_read_alike_and_use_the_runs(grammar: str) -> None:
    """Headers, diagrams and floodgate's start rows: every record takes the fast path."""
    make = realistic.TEXTS[_SHAPED[grammar]]
    prepare = GRAMMARS[grammar][2]
    texts = [make(p) for p in realistic.plans(10, seed=500, plies=8)]
    if grammar == "csa.lark":
        texts += [realistic.csa_text(p, floodgate=True) for p in realistic.plans(5, plies=4)]
    for text in texts:
        assert _same(grammar, prepare(text)), text


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_fuzzed_fixtures_read_or_fail_alike(data: st.DataObject) -> None:
    """Damaged texts: the same tokens, or the same line and column of the error."""
    grammar = data.draw(st.sampled_from(sorted(GRAMMARS)))
    texts = _texts(grammar)
    text = data.draw(st.sampled_from(texts))
    broken = data.draw(mutations(text.encode()))
    _same(grammar, GRAMMARS[grammar][2](broken.decode("utf-8", "replace")))


@pytest.mark.parametrize("grammar", ["kif.lark", "ki2.lark"])
def test_a_head_is_cut_by_lines_as_by_matches(grammar: str) -> None:
    """``_tokens.cut_lines`` (one findall a head) gives the tokens ``parsing.cut`` gives (a
    match a line) on every head of the fixtures and corpus, and declines where the pieces
    do not follow each other line after line."""
    pattern = japanese_head.head_lines(grammar)
    heads: list[Token] = []
    for text in record_texts((".kif", ".kifu") if grammar == "kif.lark" else (".ki2", ".ki2u")):
        text = kif_read.normalise(text)
        try:
            tree = parsing.parse(parsing.parser(grammar), text, grammar)
        except KifuError:
            continue
        heads += [t for t in tree.children if isinstance(t, Token) and t.type == "HEAD_BLOCK"]
    assert heads
    for head in heads:
        lines = cut_lines(head, pattern, "BLANK_LINE")
        assert lines is not None
        assert located(lines) == located(parsing.cut(head, pattern, "BLANK_LINE"))
    gap = Token("HEAD_BLOCK", "先手：a\n|x|\n後手：b\n", 0, 1, 1)
    assert cut_lines(gap, pattern, "BLANK_LINE") is None
    assert located(parsing.expand([gap], {"HEAD_BLOCK": pattern})) == located(
        parsing.cut(gap, pattern, "BLANK_LINE")
    )


def _run_tokens(grammar: str, text: str) -> list[Token]:
    """The run tokens of ``text`` as the reader's parser lexes them (none if it refuses)."""
    try:
        tree = parsing.parse(parsing.parser(grammar), text, grammar)
    except KifuError:
        return []
    runs = GRAMMARS[grammar][0]
    return [t for t in tree.scan_values(lambda v: isinstance(v, Token)) if t.type in runs]


def _cuts_agree(grammar: str, run: Token) -> bool:
    """A run is cut alike a line at a time (when that path takes it) and a match at a time;
    True when the line path took it."""
    pattern = _CUTS[grammar]
    by_lines = cutting._cut_lines_known(run, pattern, "BLANK_LINE")
    by_matches = cutting._cut_matches(run, pattern, "BLANK_LINE")
    if by_lines is not None:
        assert located(by_lines) == located(by_matches), run
    return by_lines is not None


@pytest.mark.parametrize("grammar", sorted(GRAMMARS))
def test_a_run_is_cut_alike_by_known_lines_and_by_matches(grammar: str) -> None:
    """``_tokens.cut`` looks each line of a run up (its kind is kept once worked out), and
    falls back on a match a piece where a line is not one piece: both give the same tokens
    on every run of the fixtures, the corpus and real-shaped records, the second time as the
    first (the kinds then come from the table). Most CSA and MSK runs take the line path."""
    texts = _texts(grammar)
    if grammar in _SHAPED:
        make = realistic.TEXTS[_SHAPED[grammar]]
        texts += [GRAMMARS[grammar][2](make(p)) for p in realistic.plans(10, seed=700)]
    if grammar == "csa.lark":
        texts += [csa.normalise(realistic.csa_text(p, floodgate=True)) for p in realistic.plans(5)]
    runs = [run for text in texts for run in _run_tokens(grammar, text)]
    assert runs
    for _ in range(2):
        taken = sum(_cuts_agree(grammar, run) for run in runs)
    if grammar in ("csa.lark", "msk.lark"):  # KIF and KI2 heads are cut_lines's (blank lines)
        assert taken > len(runs) // 2, f"{taken} of {len(runs)} runs cut by lines"


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_damaged_runs_are_cut_alike_by_known_lines_and_by_matches(data: st.DataObject) -> None:
    grammar = data.draw(st.sampled_from(sorted(GRAMMARS)))
    text = data.draw(st.sampled_from(_texts(grammar)))
    broken = data.draw(mutations(text.encode())).decode("utf-8", "replace")
    for run in _run_tokens(grammar, GRAMMARS[grammar][2](broken)):
        _cuts_agree(grammar, run)


def test_a_line_that_is_not_one_piece_sends_the_run_to_the_matches() -> None:
    """Blanks or a comma starting a line, a blank line, two statements on a line, a line
    without its break: the line path declines, and the matches cut the run."""
    pattern = _CUTS["csa.lark"]
    for text in ("N+a\n N-b\n", "N+a\n\nN-b\n", "N+a\n,N-b\n", "+,-\n", "N+a\nN-b"):
        run = Token("HEAD_RUN", text, 0, 1, 1)
        assert cutting._cut_lines_known(run, pattern, "") is None, text
        assert located(cutting.cut(run, pattern)) == located(cutting._cut_matches(run, pattern, ""))
    row = "P2 * -HI *  *  *  *  * -KA *"
    kept = Token("HEAD_RUN", f"N+a  \n{row} \n+ ,\n", 5, 2, 1)
    pieces = cutting._cut_lines_known(kept, pattern, "")
    assert pieces is not None
    assert located(pieces) == located(cutting._cut_matches(kept, pattern, ""))
    assert [(t.type, str(t), t.start_pos, t.line, t.column) for t in pieces] == [
        ("NAME", "N+a  ", 5, 2, 1),  # a name keeps its blanks; a row's end leaves them
        ("BOARD_ROW", row, 11, 3, 1),
        ("SIGN", "+", 11 + len(row) + 2, 4, 1),
    ]
