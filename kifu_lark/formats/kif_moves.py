"""The KIF move block: the loop that plays a ``MOVES_BLOCK`` token (move lines, each with
the ``*`` comment and ``&`` bookmark lines after it) into a :class:`GameBuilder`, for
:mod:`kifu_lark.formats.kif_read`.

A record is mostly its move lines, so this is the one loop of the reader that stays
hand-tuned: the reader calls :meth:`MoveBlock.play` once per block, and the loop walks the
block with the grammar's own ``PLY_LINE``, ``COMMENT_LINE`` and ``BOOKMARK_LINE`` regexes
(tests/formats/equivalence/test_tokens.py checks the walk reads the lines lark reads), looks
each move text and time text up in bounded tables, and hands each move to the builder.
Compiled with mypyc in the compiled build, as the reader is: the builder's entries are then C
calls with the squares as numbers, and the state a record carries from block to block (the
depth of the line read, the ``+`` marks, whether a time lacked its running total) is a
native class's attributes.
"""

from __future__ import annotations

import functools
import re
from typing import Final

from lark import Token

from kifu_lark.errors import InvalidRecordError, KifuError
from kifu_lark.formats import engine
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.engine.memo import remember
from kifu_lark.formats.japanese import PIECE_NAMES, digit_value, read_special
from kifu_lark.model.game import Issue
from kifu_lark.model.node import Node
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square
from kifu_lark.rules.replay import GameBuilder

FORMAT_NAME = "kif"
GRAMMAR = "kif.lark"

_FILES = "123456789１２３４５６７８９"
_RANKS = "一二三四五六七八九123456789１２３４５６７８９"
#: Every way a square can be written in a move line (``７六``, ``76``, ``7六``) → Square;
#: a table lookup is much cheaper than building a validated Square per move.
_SQUARES: dict[str, Square] = {
    f + r: Square(digit_value(f), digit_value(r)) for f in _FILES for r in _RANKS
}
_PROMOTE = {None: None, "成": True, "不成": False, "生": False}
# (destination, origin, piece, 成/不成, 打, then the destination's and the origin's file and
# rank as numbers, 0 where there is no square): the numbers go to GameBuilder.move_between,
# as a Square's attributes cost a generic look-up each in the compiled build.
_MoveParts = tuple[Square | None, Square | None, PieceKind, bool | None, bool, int, int, int, int]
# What a move text (``７六歩(77)``, ``同　銀(31)``, ``４五角打``) says, and the numbers of a
# time text (spent, total), shared by every record read: records repeat both, and cutting a
# move into its parts or working out a time costs more than the look-up.
# Bounded: cleared when full, which only costs the sharing; the bound is well above the
# distinct move texts that even random games write.
_MOVES: dict[str, _MoveParts] = {}
_MOVES_KEPT = 65536
# A time's two halves apart: the spent part (``0:16``) repeats within a record, the running
# total (``00:12:34``) only across records (a two-hour game's totals are 7 200 texts).
_SPENT: dict[str, float] = {}
_SPENT_KEPT = 4096
_TOTALS: dict[str, float] = {}
_TOTALS_KEPT = 16384


class MoveBlock:
    """What a record carries from one move block to the next: how deep the line read is, the
    nodes whose line ends with the ``+`` mark, and whether a time was read without its running
    total. One per record read."""

    def __init__(self, text: str, scanning: bool) -> None:
        self.text = text
        # parsed with the scanning pattern: every move block's lines must read as the block's
        # terminals
        self.scanning = scanning
        self.depth = 0  # nodes on the current path (moves and specials)
        self.marked: list[Node] = []  # nodes whose line ends with the + mark
        # a time read without its running total: fill_times must work it out
        self.partial_times = False

    def play(self, builder: GameBuilder, block: Token) -> None:
        """Play every line of a MOVES_BLOCK token (move lines, and the comment and bookmark
        lines after each).

        The lines are cut by ``split`` of :func:`_walk_regex`: a flat list of the few groups
        every line needs (a match object a line, a call for each group, or findall's tuple a
        line cost more). A move's and a time's parts are looked up by their text (most
        records repeat them); on a miss, and on an error, the line is matched again with
        every group (:func:`_block_regex`).
        """
        moves, spent_table, totals = _MOVES, _SPENT, _TOTALS
        marked = self.marked
        offset = builder.start.ply - 1
        # a move line is numbered depth + 1 + shift, shift 0 or offset: the way the last
        # one was, compared first
        shift = 0
        depth = self.depth
        line = block.line
        assert line is not None
        starts = _LineStarts(block, line)
        split = _walk_regex().split
        size = len(block)
        end = 0  # where the lines read so far end
        try:
            while end < size:
                # whole lines a chunk at a time: split gives every line's groups at once,
                # which for a whole long record would hold them all in memory together
                stop = block.find("\n", end + _CHUNK) + 1 or size
                pieces: list[str | None] = split(block if stop - end == size else block[end:stop])
                # what lies before each line, and after the last: "" where the lines
                # follow each other and cover the chunk
                if any(pieces[::_STRIDE]) or (end == 0 and pieces[1] is None):
                    # a line the block's terminals do not read, or a first line that is no
                    # move: the scan took more than the grammar's block would
                    if self.scanning:
                        raise engine.Inexact
                    raise AssertionError("a MOVES_BLOCK the grammar took is not whole lines")
                end = stop
                i = 1
                count = len(pieces)
                while i < count:
                    # pieces[i : i + _STRIDE]: the groups of _WALK_GROUPS in their order
                    # (ply_number, move, special, spent, total, fork), the text of a comment
                    # line right after the move line, a later comment's text, the
                    # bookmark's, the text before the next line
                    number = pieces[i]
                    if number is None:  # a later comment or a bookmark line after the move
                        comment = pieces[i + 7]
                        if comment is not None:
                            builder.comment(comment)
                        else:
                            bookmark = pieces[i + 8]
                            assert bookmark is not None
                            builder.node.bookmark = bookmark
                        line += 1
                        i += _STRIDE
                        continue
                    special = pieces[i + 2]
                    at = depth + 1 + shift
                    if at >= _COUNTED or number != _PLY_TEXTS[at]:
                        # numbered the other way (on from a diagram's move number 手数＝N,
                        # or from 1), written otherwise, or out of sequence
                        other = depth + 1 + offset - shift
                        if 0 < other < _COUNTED and number == _PLY_TEXTS[other]:
                            shift = offset - shift  # the block's next moves are numbered so
                        else:
                            ply = int(number)
                            if ply != depth + 1 and ply != depth + 1 + offset:
                                m = _line_match(block, starts.at(line))
                                self._out_of_sequence(builder, ply, depth, offset, m, line)
                    try:
                        if special is not None:
                            kind, word = read_special(special)
                            node = builder.special(kind, word=word, line=line)
                        else:
                            move_text = pieces[i + 1]
                            assert move_text is not None
                            parts = moves.get(move_text)
                            if parts is None:
                                parts = _move_parts(_line_match(block, starts.at(line)), move_text)
                            to, from_, piece, promote, drop, to_f, to_r, from_f, from_r = parts
                            if from_ is not None and to is None and builder.node.move is not None:
                                to = builder.node.move.to  # 同: the previous destination
                                to_f, to_r = to.file, to.rank
                            if from_ is not None and to is not None:
                                node = builder.move_between(  # a C call compiled (see csa)
                                    to_f,
                                    to_r,
                                    from_f,
                                    from_r,
                                    None,
                                    piece,
                                    None,
                                    promote,
                                    None,
                                    line,
                                    None,
                                )
                            elif from_ is None and drop:
                                node = builder.move_piece(
                                    to, None, piece, promote, True, "", None, line, None
                                )
                            else:
                                node = builder.move(
                                    to,
                                    from_=from_,
                                    piece=piece,
                                    promote=promote,
                                    drop=drop,
                                    line=line,
                                )
                    except KifuError as err:
                        raise _at_move(err, _line_match(block, starts.at(line)), special) from None
                    if builder.pending_foul is not None and builder.pending_foul.column is None:
                        # raised unless declared
                        _at_move(builder.pending_foul, _line_match(block, starts.at(line)), special)
                    spent_text = pieces[i + 3]
                    if spent_text is not None:
                        spent = spent_table.get(spent_text)
                        if spent is None:
                            spent = _spent(_line_match(block, starts.at(line)), spent_text)
                        total: float | None = None
                        total_text = pieces[i + 4]
                        if total_text is not None:
                            total = totals.get(total_text)
                            if total is None:
                                total = _total(_line_match(block, starts.at(line)), total_text)
                        else:
                            self.partial_times = True
                        builder.node.set_time(spent, total)
                    if pieces[i + 5] is not None:  # the fork mark
                        marked.append(node)
                    comment = pieces[i + 6]
                    if comment is not None:  # its line follows the move's
                        builder.comment(comment)
                        line += 1
                    depth += 1
                    line += 1
                    i += _STRIDE
        finally:
            self.depth = depth

    def _out_of_sequence(
        self, builder: GameBuilder, ply: int, depth: int, offset: int, m: re.Match[str], line: int
    ) -> None:
        """A move number that does not follow the line read. The previous number repeated
        (hand-edited files; Kifu for JS reads the move as the next one, ignoring the number)
        is read so, with a warning; any other number is an error.

        Raises:
            InvalidRecordError: ``BAD_MOVE_NUMBER`` for a number that skips or goes back.
        """
        column = m.start(1) - m.start() + 1
        if ply in (depth, depth + offset) and depth > 0:
            builder.warnings.append(
                Issue(
                    "BAD_MOVE_NUMBER",
                    f"move number {ply} repeated: read as move {depth + 1}, the next one",
                    depth + 1,
                    line,
                    column,
                )
            )
            return
        err = InvalidRecordError(
            f"move number {ply} where {depth + 1} was expected",
            code="BAD_MOVE_NUMBER",
            text=m.group().strip(),
            hint=f"number the moves of this line {depth + 1}, {depth + 2} …; a variation of "
            f"move {ply} goes in its own 変化：{ply}手 section",
        )
        raise self._line_error(err, line, column)

    def _line_error(self, err: KifuError, line: int, column: int) -> KifuError:
        lines = self.text.splitlines()
        source = lines[line - 1] if 0 < line <= len(lines) else None
        return err.locate(format=FORMAT_NAME, line=line, column=column, source_line=source)


def _at_move(err: KifuError, m: re.Match[str], special: str | None) -> KifuError:
    """Point ``err`` at the part of move line ``m`` that holds the move or special (``None``
    for none); column and text are only worked out when needed, as they would cost per
    move."""
    first = m.start("special") if special else m.start("to")
    if first < 0:
        first = m.start("same")
    err.column = first - m.start() + 1
    err.text = err.text or m.group().strip()
    return err


_PLY_GROUPS = (
    "ply_number",
    "move",
    "to",
    "same",
    "piece",
    "promote",
    "origin",
    "drop",
    "special",
    "spent",
    "minutes",
    "seconds",
    "total",
    "total_hours",
    "total_minutes",
    "total_seconds",
    "fork",
)


def _numbers(*names: str) -> tuple[int, ...]:
    return tuple(_PLY_GROUPS.index(name) + 1 for name in names)


# Characters of a move block cut at once (then on to the line's end): a few hundred lines.
_CHUNK: Final = 16384

# The move numbers as the usual record writes them: the next one is compared as text, as
# int() of each cost more than the compare (a number written otherwise is converted).
_COUNTED: Final = 1024
_PLY_TEXTS: Final = [str(n) for n in range(_COUNTED)]

# what every line needs, in this order after the line itself (:func:`_walk_regex`)
_WALK_GROUPS = ("ply_number", "move", "special", "spent", "total", "fork")
# what a new move text and a new time text need (:func:`_block_regex`'s groups)
_MOVE_GROUPS = _numbers("to", "piece", "promote", "origin", "drop")
_SPENT_GROUPS = _numbers("minutes", "seconds")
_TOTAL_GROUPS = _numbers("total_hours", "total_minutes", "total_seconds")


def _move_parts(m: re.Match[str], text: str) -> _MoveParts:
    """The destination, origin, piece, 成/不成 and 打 of a move line, kept for its text."""
    to, piece, promote, origin, drop = m.group(*_MOVE_GROUPS)
    squares = _SQUARES
    destination = None if to is None else squares[to]
    source = None if origin is None else squares[origin]
    parts = (
        destination,
        source,
        PIECE_NAMES[piece],
        _PROMOTE[promote],
        drop is not None,
        0 if destination is None else destination.file,
        0 if destination is None else destination.rank,
        0 if source is None else source.file,
        0 if source is None else source.rank,
    )
    return remember(_MOVES, text, parts, _MOVES_KEPT)


# A clock field's digits → its value, for the fields' usual values: running totals make
# most time texts new, and int() of a piece of a text holding kanji converts the piece first.
_CLOCK: dict[str, int] = {f"{n:02d}": n for n in range(100)} | {str(n): n for n in range(100)}


def _number(digits: str) -> int:
    value = _CLOCK.get(digits)
    return int(digits) if value is None else value


def _spent(m: re.Match[str], text: str) -> float:
    """The time spent of a move line (its ``spent`` group, ``text``), kept for its text."""
    minutes, seconds = m.group(*_SPENT_GROUPS)
    spent = float(_number(minutes) * 60 + _number(seconds))
    return remember(_SPENT, text, spent, _SPENT_KEPT)


def _total(m: re.Match[str], text: str) -> float:
    """The running total of a move line (its ``total`` group, ``text``), kept for its text."""
    hours, minutes, seconds = m.group(*_TOTAL_GROUPS)
    total = float(
        (_number(hours) * 3600 if hours else 0) + _number(minutes) * 60 + _number(seconds)
    )
    return remember(_TOTALS, text, total, _TOTALS_KEPT)


@functools.cache
def _ply_regex() -> re.Pattern[str]:
    """PLY_LINE's regex, whose groups the reader unpacks in this order."""
    regex = parsing.terminal_regex(GRAMMAR, "PLY_LINE")
    if regex.groups != len(_PLY_GROUPS) or any(
        regex.groupindex[name] != i + 1 for i, name in enumerate(_PLY_GROUPS)
    ):
        raise AssertionError(f"kif.lark PLY_LINE groups changed: {regex.groupindex}")
    return regex


@functools.cache
def _block_regex() -> re.Pattern[str]:
    """What walks a MOVES_BLOCK token line by line: PLY_LINE's regex (its groups first, as
    :func:`_ply_regex`), or a COMMENT_LINE or BOOKMARK_LINE whole (no group of its own)."""
    return re.compile(f"{_ply_regex().pattern}|(?:{_after_move()})")


_AFTER_MOVE = ("COMMENT_LINE", "BOOKMARK_LINE")


def _after_move() -> str:
    """The lines that may follow a move line in a block, one alternation of their terminals."""
    return "|".join(parsing.terminal_regex(GRAMMAR, name).pattern for name in _AFTER_MOVE)


def _after_move_texts() -> list[str]:
    """The terminals of :data:`_AFTER_MOVE`, each with its line's rest matched as
    ``parsing.rest_of_line`` does (the same lines in a block of a normalised text,
    ``kif_read.normalise``: no ``\r``) and that rest, without the line break, in a group:
    the line's text after its mark (``*`` or ``&``), as the reader keeps it."""
    found = []
    for name in _AFTER_MOVE:
        walked = parsing.rest_of_line(parsing.terminal_regex(GRAMMAR, name).pattern)
        mark = parsing.uncapture(walked[: -len(_REST)])
        if walked[-len(_REST) :] != _REST or re.compile(mark).groups:
            raise AssertionError(f"kif.lark {name} is no mark then the rest of its line")
        found.append(f"{mark}(.*)\\n")
    return found


# how parsing.rest_of_line ends a line's pattern
_REST = r".*\n"


@functools.cache
def _walk_regex() -> re.Pattern[str]:
    """:func:`_block_regex` with only the groups of :data:`_WALK_GROUPS` kept (the others
    made non-capturing) and the comment line that may follow a move line taken with it,
    then a comment or bookmark line with its text in a group of its own: the same lines.
    Its ``split`` gives a flat list: the text before the first line, then for each match
    those groups (``None`` where one is missing), the following comment's text, a lone
    comment's, the bookmark's and the text before the next line (:data:`_STRIDE` items a
    match). A group the regex engine sets costs time, and more inside a possessive part (it
    saves the groups set so far): so only the groups the walk reads capture, there is no
    group for the line whole, and no tuple a line; a comment's text comes as the reader
    keeps it, with no other copy. Engines' analyses write one comment line after every
    move: taken with its move line, it costs no match and no items of its own.

    A match starts only where a line does (a chunk starts a line): on a line none of the
    block's terminals reads, ``split`` then tries one cheap test a character, not the
    whole PLY_LINE at each one, so a long line costs what it costs the grammar's lexer."""
    comment, bookmark = _after_move_texts()
    ply = parsing.uncapture(_ply_regex().pattern, _WALK_GROUPS)
    regex = re.compile(f"(?m:^)(?:{ply}(?:{comment})?|{comment}|{bookmark})")
    if regex.groups != len(_WALK_GROUPS) + 3 or any(
        regex.groupindex[name] != i + 1 for i, name in enumerate(_WALK_GROUPS)
    ):
        raise AssertionError(f"kif.lark PLY_LINE groups changed: {regex.groupindex}")
    return regex


# Items a match in what :func:`_walk_regex` splits a chunk into: the groups of
# _WALK_GROUPS, the text of a comment line right after a move line, a later comment's text,
# the bookmark's, then the text before the next line.
_STRIDE: Final = len(_WALK_GROUPS) + 4


class _LineStarts:
    """Where a block's lines start, worked out only for the lines asked for (a miss in the
    tables, an error): the walk keeps no line's length. The lines asked for only go forward,
    so the block is looked through once at most."""

    def __init__(self, block: str, line: int) -> None:
        self.block = block
        self.line = line  # a line of the block …
        self.start = 0  # … and where it starts

    def at(self, line: int) -> int:
        """Where the block's line ``line`` (numbered in the text) starts."""
        block, start = self.block, self.start
        for _ in range(line - self.line):
            start = block.index("\n", start) + 1
        self.line, self.start = line, start
        return start


def _line_match(block: str, start: int) -> re.Match[str]:
    """The move line of ``block`` that starts at ``start``, matched with every group."""
    m = _block_regex().match(block, start)
    assert m is not None  # the walk matched the same line there
    return m
