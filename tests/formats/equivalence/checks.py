"""What the equivalence suite compares, for any format that declares fast ways: tokens as
lark locates them, a text read both ways, a whole record against lark's parse, the head's
run tokens against the grammar without them, and a pattern against itself without its
possessive and atomic marks."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pytest
from lark import Lark, Token, Tree
from lark.lexer import PatternRE, TerminalDef

from kifu_lark.errors import KifuError
from kifu_lark.formats import engine
from kifu_lark.formats.bod import terminal_regex
from kifu_lark.formats.engine import parsing
from tests.canonical import dumps
from tests.formats.equivalence.case import OPTIONS

if TYPE_CHECKING:
    from tests.formats.equivalence.case import Case


def located(items: Iterable[Any]) -> list[tuple[Any, ...]]:
    """Tokens as comparable data: type, text, offset, line, column; a tree as its rule's
    name, then its tokens."""
    found: list[tuple[Any, ...]] = []
    for item in items:
        if isinstance(item, Tree):
            found.append(("tree", str(item.data)))
            found += located(item.children)
        else:
            found.append((item.type, str(item), item.start_pos, item.line, item.column))
    return found


# --- reading ---------------------------------------------------------------------------------


def outcome(case: Case, text: str, scan: bool) -> Any:
    """What reading ``text`` gives (``scan=False``: the grammar as written alone), as
    comparable data: the games and their warnings, or the error and where it is."""
    try:
        games = case.read(text, OPTIONS, scan)
    except KifuError as err:
        return ("error", type(err).__name__, err.code, err.line, err.column, str(err))
    return (dumps(games), [(w.code, w.ply, w.line, w.column) for g in games for w in g.warnings])


def scanned(case: Case, text: str) -> bool:
    """Whether the fast ways alone read ``text``."""
    declaration = case.declaration
    return engine.read_fast(declaration, declaration.normalise(text), case.build) is not None


# --- tokens ----------------------------------------------------------------------------------


def _no_groups(terminal: TerminalDef) -> None:
    """Named groups made non-capturing, as the parsers have them (inside a possessive repeat
    a capturing group trips a CPython ``re`` bug)."""
    if isinstance(terminal.pattern, PatternRE):
        pattern = terminal.pattern
        terminal.pattern = PatternRE(parsing.uncapture(pattern.value), pattern.flags)


@functools.cache
def _line_lexer(grammar: str, names: tuple[str, ...]) -> Lark:
    """A lexer of the terminals ``names``, imported from the shipped grammar by ``%import``."""
    source = (
        f"%import {grammar.removesuffix('.lark')} ({', '.join(names)})\n"
        f"start: ({' | '.join(names)})+\n"
    )
    return Lark(
        source,
        parser="lalr",
        lexer="basic",
        import_paths=[parsing.GRAMMAR_LOADER],
        edit_terminals=_no_groups,
    )


def lark_lines(case: Case, run: str) -> list[tuple[Any, ...]]:
    """``run`` (a run of moves) as lark's lexer cuts it into the run's line terminals."""
    lexer = _line_lexer(case.declaration.grammar, case.run_lines)
    return [(t.type, str(t), t.start_pos, t.line, t.column) for t in lexer.lex(run)]


@functools.cache
def _cell_lexer(grammar: str) -> Lark:
    """A lexer of a board row as cells between blanks, from the shipped grammar's terminals."""
    source = (
        f"%import {grammar.removesuffix('.lark')} (P_ROW, CELL)\n"
        "start: P_ROW CELL+\n%ignore /[ \\t]+/\n"
    )
    return Lark(source, parser="lalr", lexer="basic", import_paths=[parsing.GRAMMAR_LOADER])


def lark_cells(case: Case, row: str) -> list[str]:
    """The cells of ``row`` (a CSA board row) as lark's lexer cuts them."""
    return [str(t) for t in _cell_lexer(case.declaration.grammar).lex(row) if t.type == "CELL"]


def whole_is_lark(case: Case, text: str) -> bool:
    """Whether the whole-record pattern takes ``text`` (normalised); where it does, its
    tokens must be those lark's parser makes of it, and the run's lines cut in advance
    (CSA's) those lark's lexer cuts."""
    declaration = case.declaration
    assert declaration.whole is not None
    text = declaration.normalise(text)
    whole = declaration.whole(text)
    if whole is None:
        return False
    lark = declaration.scanner() if case.whole_scans else declaration.parser()
    try:
        parsed = parsing.parse(lark, text, declaration.name)
    except KifuError as err:
        pytest.fail(f"taken whole, but lark refuses it: {err}")
    assert case.located(parsed) == case.located(whole)
    for items in whole if isinstance(whole, list) else ():
        for item in items:
            if len(item) == 3:  # a run of moves, and the lines it was cut into
                assert [line[1] for line in lark_lines(case, item[1])] == item[2]
    return True


_NEVER = PatternRE("(?!)x")


@functools.cache
def _without(grammar: str, runs: tuple[str, ...]) -> Lark:
    """``grammar``'s parser with the terminals ``runs`` unable to match anything."""

    def edit(terminal: TerminalDef) -> None:
        _no_groups(terminal)
        if terminal.name in runs:
            terminal.pattern = _NEVER

    return parsing.parser(grammar, edit_terminals=edit)


def _every_token(case: Case, lark: Lark, text: str) -> tuple[Any, ...]:
    """Every token of ``text`` (the head's runs cut), or where ``lark`` refuses it."""
    try:
        tree = parsing.parse(lark, text, case.name)
    except KifuError as err:
        return ("rejected", err.line, err.column)
    runs = dict.fromkeys(case.head_runs, case.head_pieces())
    found = parsing.expand(tree.scan_values(lambda v: isinstance(v, Token)), runs)
    return tuple((t.type, str(t), t.value, t.start_pos, t.line, t.column) for t in found)


def runs_alike(case: Case, text: str) -> bool:
    """``text`` (normalised) gives the same tokens, or is refused at the same place, with and
    without the head's run tokens; True when a run token was used."""
    grammar = case.declaration.grammar
    fast = _every_token(case, parsing.parser(grammar), text)
    assert _every_token(case, _without(grammar, case.head_runs), text) == fast
    return bool(run_tokens(case, text, case.head_runs))


def has_head(case: Case, text: str) -> bool:
    """Whether lark's parser takes ``text`` and finds something before its moves."""
    try:
        tree = parsing.parse(parsing.parser(case.declaration.grammar), text, case.name)
    except KifuError:
        return False
    first = next(tree.scan_values(lambda v: isinstance(v, Token)), None)
    return first is not None and first.type != case.declaration.run


def run_tokens(case: Case, text: str, names: Iterable[str]) -> list[Token]:
    """The tokens of types ``names`` lark's parser makes of ``text`` (none if it refuses)."""
    try:
        tree = parsing.parse(parsing.parser(case.declaration.grammar), text, case.name)
    except KifuError:
        return []
    kinds = set(names)
    return [t for t in tree.scan_values(lambda v: isinstance(v, Token)) if t.type in kinds]


def assert_runs_cut_as_lark_cuts_them(case: Case, text: str) -> int:
    """Each run of moves lark's parser takes from ``text`` (normalised) is lark's line
    terminals one after the other, and the reader's own cut gives those lines; and each board
    row the reader's cells. The number of runs and rows."""
    assert case.declaration.run is not None
    runs = run_tokens(case, text, [case.declaration.run])
    for run in runs:
        lines = lark_lines(case, run)
        assert "".join(line[1] for line in lines) == run  # nothing between them
        if case.reader_cut is not None:
            assert [line[1] for line in lines] == case.reader_cut(run)
    rows = run_tokens(case, text, ["BOARD_ROW"]) if case.row_cut is not None else []
    for row in rows:
        assert case.row_cut is not None
        assert lark_cells(case, row) == case.row_cut(row[2:])
    return len(runs) + len(rows)


# --- possessive and atomic marks -------------------------------------------------------------

# `*+ ?+ ++ {n}+` → `* ? + {n}`, `(?>` → `(?:`: the same regex without the speed marks.
_POSSESSIVE = re.compile(r"(?<!\\)([*+?}])\+")


def without_marks(pattern: str) -> str:
    """``pattern`` without its possessive and atomic marks."""
    return _POSSESSIVE.sub(r"\1", pattern).replace("(?>", "(?:")


def marked_patterns(case: Case) -> list[tuple[str, str, bool]]:
    """``(terminal, regex, with groups)`` of each terminal of ``case`` with marks, and of the
    declared scan: as the parser's lexer has them, or with their groups as the reader
    matches them."""
    grammar = case.declaration.grammar
    lexer = parsing.parser(grammar, parser=None, lexer="basic")  # keeps every terminal
    found = [(name, lexer.get_terminal(name).pattern.to_regexp(), False) for name in case.marked]
    found += [(name, terminal_regex(grammar, name).pattern, True) for name in case.marked_groups]
    assert case.declaration.scan is not None
    return [*found, ("scan", case.declaration.scan, False)]


def assert_marks_change_no_match(
    pattern: str,
    texts: Iterable[str],
    after: str = "\n",
    somewhere: bool = True,
    groups: bool = False,
) -> None:
    """From the start of each text and after each character of ``after``, ``pattern`` matches
    the same text (and with ``groups``, the same groups) as it does without its possessive
    and atomic marks; with ``somewhere``, it matches at one of those places at least."""
    fast, plain = re.compile(pattern), re.compile(without_marks(pattern))
    assert plain.pattern != fast.pattern, "no possessive or atomic mark"
    matched = 0
    for text in texts:
        for start in [0, *(m.end() for m in re.finditer(f"[{after}]", text[:-1]))]:
            a, b = fast.match(text, start), plain.match(text, start)
            if groups:
                assert (None if a is None else (a.span(), a.groups())) == (
                    None if b is None else (b.span(), b.groups())
                ), text[start : start + 80]
            else:
                assert (None if a is None else a.span()) == (None if b is None else b.span())
            matched += a is not None
    assert matched > 0 or not somewhere
