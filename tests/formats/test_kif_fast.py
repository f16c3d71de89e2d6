"""The KIF reader's fast path agrees with the grammar: the possessive and atomic marks in
``kif.lark``'s move line change no match, the reader's walk through a MOVES_BLOCK token reads
exactly the lines lark accepted, and the shared move and time caches change no game read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lark import Token
from lark.exceptions import LarkError

import kifu_lark
from kifu_lark.errors import KifuError
from kifu_lark.formats import kif_read
from kifu_lark.formats.bod import terminal_regex
from kifu_lark.formats.engine import parsing
from kifu_lark.textio import decode
from tests.conftest import FIXTURES, corpus_dir

_CORPUS = corpus_dir()
FILES: list[Path] = sorted(
    p for p in (FIXTURES / "kif").rglob("*") if p.suffix.lower() in (".kif", ".kifu")
) + (
    sorted(p for p in _CORPUS.rglob("*") if p.is_file() and p.suffix.lower() in (".kif", ".kifu"))
    if _CORPUS
    else []
)


def _text(path: Path) -> str | None:
    try:
        text, _ = decode(path.read_bytes())
    except KifuError:
        return None
    return kif_read.normalise(text)


TEXTS: dict[str, str] = {p.as_posix(): text for p in FILES if (text := _text(p)) is not None}
LINES: list[str] = sorted({line + "\n" for text in TEXTS.values() for line in text.splitlines()})

# `*+ ?+ ++ {n}+` → `* ? + {n}`, `(?>` → `(?:`: the same regex without the speed marks.
_POSSESSIVE = re.compile(r"(?<!\\)([*+?}])\+")


def _plain(pattern: str) -> str:
    return _POSSESSIVE.sub(r"\1", pattern).replace("(?>", "(?:")


def _pair(name: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    fast = terminal_regex(kif_read.GRAMMAR, name)
    plain = re.compile(_plain(fast.pattern))
    assert plain.pattern != fast.pattern, f"{name} has no possessive or atomic mark left"
    return fast, plain


def _same_match(fast: re.Pattern[str], plain: re.Pattern[str], text: str) -> None:
    a, b = fast.match(text), plain.match(text)
    assert (None if b is None else (b.span(), b.groups())) == (
        None if a is None else (a.span(), a.groups())
    ), text


# Pieces of move lines, right and wrong, so that drawn lines reach the places where a
# possessive mark could differ from plain backtracking.
_PIECES = [
    " ", "  ", "\t", "　", "1", "17", "7", "76", "０", "７", "六", "九", "同", "同　", "歩",
    "銀", "成", "成銀", "不成", "生", "と", "(77)", "(7", "打", "(", ")", " ( 0:16/00:00:16)",
    "( 0:03/ 0:00:19)", "(1:02/0:03)", "0:16", ":", "/", "00", "+", "投了", "詰", "詰み", "み",
    "千日手", "王手千日手", "中断",
]  # fmt: skip


@given(st.lists(st.sampled_from(_PIECES), max_size=12), st.booleans())
def test_possessive_marks_change_no_drawn_line(pieces: list[str], newline: bool) -> None:
    """On drawn near-move lines, PLY_LINE matches as it would without its speed marks."""
    fast, plain = _pair("PLY_LINE")
    _same_match(fast, plain, "".join(pieces) + ("\n" if newline else ""))


def test_possessive_marks_change_no_fixture_line() -> None:
    """On every line of the KIF fixtures and corpus, and on lines that need backtracking,
    PLY_LINE matches as it would without its speed marks."""
    fast, plain = _pair("PLY_LINE")
    tricky = [
        "176歩(77)\n",  # the number gives back a digit to the destination
        "   5 ４五角打     ( 0:10/00:31)\n",  # no hours: minutes:seconds
        "   9 詰み\n",
        "   9 詰\n",
        "  10 同 銀(31)+\n",
        "   3 ２二角成(88) ( 0:05/00:00:21)+ \n",
        "   1 ７六歩(77:12)\n",
    ]
    for line in LINES + tricky:
        _same_match(fast, plain, line)


def test_possessive_marks_change_no_moves_block() -> None:
    """On every KIF text (from each line on), MOVES_BLOCK matches as it would without its
    speed marks (as the parser's lexer has it: without named groups, see
    ``parsing._uncaptured``)."""
    pattern = parsing.parser(kif_read.GRAMMAR).get_terminal("MOVES_BLOCK").pattern.to_regexp()
    fast, plain = re.compile(pattern), re.compile(_plain(pattern))
    assert plain.pattern != fast.pattern
    for text in TEXTS.values():
        for start in (0, *(m.end() for m in re.finditer("\n", text[:-1]))):
            a, b = fast.match(text, start), plain.match(text, start)
            assert (None if b is None else b.span()) == (None if a is None else a.span())


def _blocks(text: str) -> list[Token]:
    try:
        tree = parsing.parser(kif_read.GRAMMAR).parse(text)
    except LarkError:  # a text lark rejects has no block to walk
        return []
    return [t for t in tree.children if isinstance(t, Token) and t.type == "MOVES_BLOCK"]


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_walk_reads_exactly_each_moves_block(name: str) -> None:
    """The reader's walk through a MOVES_BLOCK token matches line after line with no gap
    and ends at the token's end: it reads what lark accepted, nothing else. It takes each
    line as lark's own terminal would: a move line by PLY_LINE (with its groups), a comment
    or bookmark line whole."""
    ply_line = kif_read._ply_regex()
    others = {name: terminal_regex(kif_read.GRAMMAR, name) for name in kif_read._AFTER_MOVE}
    for block in _blocks(TEXTS[name]):
        found = list(kif_read._block_regex().finditer(block))
        spans = [m.span() for m in found]
        assert [0, *(end for _, end in spans)] == [*(start for start, _ in spans), len(block)]
        assert block.count("\n") == len(spans)
        assert ply_line.fullmatch(found[0].group()) is not None  # a block starts with a move
        for m in found:
            line = m.group()
            if m["ply_number"] is not None:
                alone = ply_line.fullmatch(line)
                assert alone is not None
                assert alone.groups() == m.groups()[: ply_line.groups]
            else:
                assert [n for n, p in others.items() if p.fullmatch(line)], line
        # the reader's split: the same lines, nothing between them, and for each the groups
        # it keeps, then a comment or bookmark line whole
        pieces = kif_read._walk_regex().split(block)
        stride = kif_read._STRIDE
        assert len(pieces) == 1 + stride * len(found)
        assert pieces[::stride] == [""] * (len(found) + 1)
        kept = kif_read._WALK_GROUPS
        lines = [tuple(pieces[i : i + stride - 1]) for i in range(1, len(pieces), stride)]
        assert lines == [
            (*(m[g] for g in kept), None if m["ply_number"] is not None else m.group())
            for m in found
        ]


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_shared_moves_and_times_change_no_game(name: str) -> None:
    """A text reads to the same game (or error) with the move and time caches empty and
    full."""

    def read() -> object:
        try:
            return kifu_lark.loads(TEXTS[name], "kif")
        except KifuError as err:
            return (err.code, err.line, err.column, str(err))

    kif_read._MOVES.clear()
    kif_read._SPENT.clear()
    kif_read._TOTALS.clear()
    cold = read()
    assert cold == read()


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_line_starts_follow_the_block(name: str) -> None:
    """The walk keeps no line's length: where a line starts is worked out when a table
    misses or a line is wrong, going forward from the last line asked for. Asked line after
    line, or skipping lines, it gives where each line of the block starts."""
    for block in _blocks(TEXTS[name]):
        assert block.line is not None
        offsets = [0]
        for piece in block.splitlines(keepends=True)[:-1]:
            offsets.append(offsets[-1] + len(piece))
        every = kif_read._LineStarts(block, block.line)
        assert [every.at(block.line + i) for i in range(len(offsets))] == offsets
        some = kif_read._LineStarts(block, block.line)
        for i in range(0, len(offsets), 3):
            assert some.at(block.line + i) == offsets[i]
            assert some.at(block.line + i) == offsets[i]  # asked again: the same line
