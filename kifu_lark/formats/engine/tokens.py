"""lark tokens made by the readers themselves, located as lark's lexer locates them: the
pieces of a run token (``parsing.cut``) and the tokens of a whole record matched at once.

Compiled with mypyc in the compiled build (``_build.py``): the whole-record fast paths of
the CSA and KIF readers call it once a record.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Final

from lark import Token, Tree

_new_str: Final = str.__new__

#: A board rank line's token type (a board diagram's ranks, matched as one run, a token each).
RANK_LINE: Final = "bod__RANK_LINE"
#: The ``board`` rule's name as lark's trees hold it (a token is a str: shared, unchanged).
_BOARD: Final = Token("RULE", "board")


def token(kind: str, value: str, start: int, line: int, column: int) -> Token:
    """``Token(kind, value, start, line, column)``, made without lark's constructor (which
    sorts out keyword arguments first): the head of a short record is cut into a dozen of
    them. tests/formats/equivalence/test_tokens.py checks they equal the tokens lark
    makes of the same lines."""
    made: Token = _new_str(Token, value)
    made.type = kind
    made.value = value
    made.start_pos = start
    made.line = line
    made.column = column
    made.end_line = made.end_column = made.end_pos = None
    return made


def match_tokens(m: re.Match[str], kinds: Sequence[tuple[str, str]]) -> list[Token | None]:
    """The tokens of a match of a reader's whole-record pattern (terminals in a row, each in
    a group of its own): for each ``(group, token type)`` of ``kinds``, in the order of the
    text, that group's text as a token of that type, or ``None`` where the group is missing
    or empty (a token is never empty)."""
    return span_tokens(m.string, [(kind, *m.span(group)) for group, kind in kinds])


def span_tokens(text: str, spans: Sequence[tuple[str, int, int]]) -> list[Token | None]:
    """For each ``(token type, start, end)`` of ``spans``, in the order of the text, that
    part of ``text`` as a token of that type located as lark locates it, or ``None`` where
    the span is empty (a missing group's span is ``(-1, -1)``)."""
    found: list[Token | None] = []
    line, line_start, seen = 1, 0, 0
    for kind, start, end in spans:
        if start == end:
            found.append(None)
            continue
        breaks = text.count("\n", seen, start)
        if breaks:
            line += breaks
            line_start = text.rfind("\n", seen, start) + 1
        seen = start
        found.append(token(kind, text[start:end], start, line, start - line_start + 1))
    return found


def line_tokens(run: Token, kind: str) -> list[Token]:
    """The lines of ``run`` (a token of whole lines, each ending with its line break) as
    tokens of type ``kind``, located as lark locates them: a board's rank lines, matched as
    one run by a whole-record pattern, are a token each in lark's tree."""
    found: list[Token] = []
    start = run.start_pos or 0
    line = run.line or 1
    at = 0
    size = len(run)
    while at < size:
        end = run.find("\n", at) + 1
        if end == 0:
            end = size
        found.append(token(kind, run[at:end], start + at, line, 1))
        line += 1
        at = end
    return found


# Each pieces pattern's verdict on the lines it has cut (keyed by the pattern's text, whose
# hash is kept: a pattern's own hash is worked out anew at each call): a line's text (without
# its break) → the kind of the one piece it starts with and that piece's length, when what
# follows the piece to the line's end is the end of a statement (blanks, a comma, the break);
# ("", 0) when it is not that. Server heads repeat their lines record after record
# (floodgate's nine start rows). Bounded, as formats/engine/memo.py says.
_LINE_KINDS: dict[str, dict[str, tuple[str, int]]] = {}
_LINE_KINDS_KEPT = 4096
_NOT_A_PIECE: Final = ("", 0)


def _line_kind(pattern: re.Pattern[str], value: str) -> tuple[str, int]:
    """The kind and length of the piece ``value`` starts with, where its match (the piece,
    then the end of its statement) takes the whole line and its break; ``("", 0)`` else."""
    line = value + "\n"
    m = pattern.match(line)
    if m is None or m.end() != len(line):
        return _NOT_A_PIECE
    kind = m.lastgroup
    if kind is None or m.start(kind) != 0:
        return _NOT_A_PIECE
    return kind, m.end(kind)


def cut(run: Token, pattern: re.Pattern[str], skip: str = "") -> list[Token]:
    """The tokens ``run`` is made of, each located as lark locates a token: every match of
    ``pattern`` (from ``parsing.pieces_pattern``; the matches follow each other and cover the
    run) as a token of its group's name holding that group's text, except those named
    ``skip``.

    A run of lines that are each one piece (the usual CSA head) is cut a line at a time,
    each line's kind looked up (see ``_LINE_KINDS``); any other run is cut by ``finditer``.
    tests/formats/equivalence/test_tokens.py checks both cuts agree."""
    found = _cut_lines_known(run, pattern, skip)
    return _cut_matches(run, pattern, skip) if found is None else found


def _cut_matches(run: Token, pattern: re.Pattern[str], skip: str) -> list[Token]:
    """``cut``'s tokens, a ``finditer`` match each."""
    line, column, start = run.line or 1, run.column or 1, run.start_pos or 0
    line_start = 1 - column  # where the token's line starts, relative to the token
    seen = 0
    found: list[Token] = []
    for m in pattern.finditer(run):
        kind = m.lastgroup
        if kind is None:  # a pieces pattern's every alternative is a named group
            raise ValueError(f"{pattern.pattern!r} matched outside its named groups")
        at = m.start()
        breaks = run.count("\n", seen, at)
        if breaks:
            line += breaks
            line_start = run.rfind("\n", seen, at) + 1
        seen = at
        if kind == skip:
            continue
        found.append(token(kind, m.group(kind), start + at, line, at - line_start + 1))
    return found


def _cut_lines_known(run: Token, pattern: re.Pattern[str], skip: str) -> list[Token] | None:
    """``cut``'s tokens when every line of ``run`` is one piece and the end of its statement
    (and the next line starts with no blank, comma or break that the end's terminal would
    take as well); ``None`` otherwise."""
    kinds = _LINE_KINDS.get(pattern.pattern)
    if kinds is None:
        kinds = _LINE_KINDS.setdefault(pattern.pattern, {})
    found: list[Token] = []
    start = run.start_pos or 0
    line = run.line or 1
    column = run.column or 1
    # the run's text as a str itself: compiled, find and slices on a str subclass (a Token)
    # are generic method calls, on a str they are direct
    text = str(run)
    at = 0
    size = len(text)
    while at < size:
        end = text.find("\n", at)
        if end < 0 or end == at or text[at] in " \t,":
            return None
        value = text[at:end]
        known = kinds.get(value)
        if known is None:
            known = _line_kind(pattern, value)
            if len(kinds) >= _LINE_KINDS_KEPT:
                kinds.clear()
            kinds[value] = known
        kind, length = known
        if not kind:
            return None
        if kind != skip:
            piece = value if length == len(value) else text[at : at + length]
            found.append(token(kind, piece, start + at, line, column))
        line += 1
        column = 1
        at = end + 1
    return found


# Each pieces pattern's group names in order, for cut_lines (one pattern a grammar's head),
# keyed by the pattern's text (its hash is kept; a pattern's own is worked out at each call).
_KINDS: dict[str, list[str] | None] = {}


def _kinds(pattern: re.Pattern[str]) -> list[str] | None:
    """``pattern``'s group names in order; ``None`` unless every group has a name (findall's
    tuples would not be the pieces then, or not tuples at all)."""
    try:
        return _KINDS[pattern.pattern]
    except KeyError:
        pass
    index = pattern.groupindex
    kinds: list[str] | None = sorted(index, key=lambda name: index[name])
    if not kinds or len(kinds) != pattern.groups:
        kinds = None
    _KINDS[pattern.pattern] = kinds
    return kinds


def cut_lines(run: Token, pattern: re.Pattern[str], skip: str) -> list[Token] | None:
    """What ``parsing.cut(run, pattern, skip)`` gives, where ``pattern``'s pieces (each a
    group named as its terminal) are one line each and follow each other over ``run`` (a KIF
    or KI2 head); ``None`` where they do not. One ``findall`` gives every line with the
    group it matched; a line's token then starts where the one before ended, on the next
    line: no call on a match object a line."""
    kinds = _kinds(pattern)
    if kinds is None:
        return None
    found: list[Token] = []
    start = run.start_pos or 0
    line = run.line or 1
    column = run.column or 1
    covered = 0
    for groups in pattern.findall(run):
        i = 0
        while not groups[i]:  # the alternative that matched (a piece is never empty)
            i += 1
        value: str = groups[i]
        if value.find("\n") != len(value) - 1:  # not one whole line
            return None
        if kinds[i] != skip:
            found.append(token(kinds[i], value, start + covered, line, column))
        covered += len(value)
        line += 1
        column = 1
    if covered != len(run):  # the pieces leave a gap
        return None
    return found


def expand(items: Iterable[Any], runs: dict[str, re.Pattern[str]]) -> list[Any]:
    """``items`` (a parse tree's children) with each run token whose type ``runs`` names
    replaced by the tokens it is made of (see :func:`cut`), as a list: the readers loop
    over it compiled, with no interpreted generator between."""
    found: list[Any] = []
    for item in items:
        if isinstance(item, Token) and item.type in runs:
            pattern = runs[item.type]
            lines = cut_lines(item, pattern, "BLANK_LINE")  # a head: a run of whole lines
            found.extend(cut(item, pattern, "BLANK_LINE") if lines is None else lines)
        else:
            found.append(item)
    return found


def tokens_with_variations(
    m: re.Match[str], kinds: Sequence[tuple[str, str]], section: re.Pattern[str]
) -> list[Token | None]:
    """The tokens of a whole-record match ``m`` (see :func:`match_tokens`) followed by
    those of its group ``variations``, cut a section at a time with ``section`` (the
    pattern ``whole.variations`` gives, which takes each section as the group took it)."""
    spans = [(kind, *m.span(group)) for group, kind in kinds]
    start, end = m.span("variations")
    for found in section.finditer(m.string, start, end):
        spans.append(("VARIATION_LINE", *found.span("line")))
        spans.append(("MOVES_BLOCK", *found.span("moves")))
    return span_tokens(m.string, spans)


def tree_items(tokens: Sequence[Token | None]) -> list[Any]:
    """The parse tree's top items from the tokens of a whole-record match (``None`` where a
    group is missing): the board's tokens in a ``board`` tree, its run of rank lines cut
    into one token a line, as lark makes them."""
    found: list[Any] = []
    board: list[Token | Tree[Token]] | None = None
    for token in tokens:
        if token is None:
            continue
        kind = token.type
        if kind.startswith("bod__"):
            if board is None:
                board = []
                found.append(Tree(_BOARD, board))
            if kind == RANK_LINE:  # a rank line is one line: the run is cut at line breaks
                board += line_tokens(token, RANK_LINE)
            else:
                board.append(token)
        else:
            found.append(token)
    return found
