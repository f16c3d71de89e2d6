"""lark tokens made by the readers themselves, located as lark's lexer locates them: the
pieces of a run token (``_lark.cut``) and the tokens of a whole record matched at once.

Compiled with mypyc in the compiled build (``_build.py``): the whole-record fast paths of
the CSA and KIF readers call it once a record, and interpreted it cost them 1.5 % of a read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from lark import Token

_new_str: Final = str.__new__


def token(kind: str, value: str, start: int, line: int, column: int) -> Token:
    """``Token(kind, value, start, line, column)`` at a third of its cost (lark's
    constructor sorts out keyword arguments first): the head of a short record is cut into a
    dozen of them. tests/formats/test_head_blocks.py checks they equal the tokens lark
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
    text = m.string
    found: list[Token | None] = []
    line, line_start, seen = 1, 0, 0
    for group, kind in kinds:
        start, end = m.span(group)
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


# Each pieces pattern's group names in order, for cut_lines (one pattern a grammar's head).
_KINDS: dict[re.Pattern[str], list[str] | None] = {}


def _kinds(pattern: re.Pattern[str]) -> list[str] | None:
    """``pattern``'s group names in order; ``None`` unless every group has a name (findall's
    tuples would not be the pieces then, or not tuples at all)."""
    if pattern not in _KINDS:
        index = pattern.groupindex
        kinds: list[str] | None = sorted(index, key=lambda name: index[name])
        if not kinds or len(kinds) != pattern.groups:
            kinds = None
        _KINDS[pattern] = kinds
    return _KINDS[pattern]


def cut_lines(run: Token, pattern: re.Pattern[str], skip: str) -> list[Token] | None:
    """What ``_lark.cut(run, pattern, skip)`` gives, where ``pattern``'s pieces (each a
    group named as its terminal) are one line each and follow each other over ``run`` (a KIF
    or KI2 head); ``None`` where they do not. One ``findall`` gives every line with the
    group it matched; a line's token then starts where the one before ended, on the next
    line: the calls on a match object a line cost a head as much as the matching did."""
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
