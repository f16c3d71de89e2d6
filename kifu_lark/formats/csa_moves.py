"""The CSA move run: the loop that plays a ``MOVE_RUN`` token (consecutive move lines with
their times and comments) into a :class:`GameBuilder`, for :mod:`kifu_lark.formats.csa` and
its dialects.

A record is mostly its moves, so this is the one loop of the reader that stays hand-tuned:
the reader calls :meth:`MoveRun.play` once per run, and the loop cuts the run with the
compiled pattern of the grammar's own ``MOVE_LINE`` terminal (tests/formats/equivalence/
test_tokens.py checks it cuts as lark does), looks each move text and what follows it up in
bounded tables, and hands each move to the builder's positional entries. Compiled with
mypyc in the compiled build, as the reader is: the builder's entries are then C calls with the
squares as numbers, and the state a record carries from move to move (each side's running
total) is a native class's attributes.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Final

from lark import Token

from kifu_lark.errors import KifuError
from kifu_lark.formats import engine
from kifu_lark.formats.csa_start import COLORS, KINDS, SQUARES, findall_of
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.engine.memo import remember
from kifu_lark.model.clock import TOTAL_CLOCK, spent_clock
from kifu_lark.model.color import Color
from kifu_lark.model.headers import Headers
from kifu_lark.model.node import Node
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square
from kifu_lark.rules.replay import GameBuilder

_BLACK: Final = Color.BLACK


@functools.cache
def move_line_pattern(grammar: str) -> Callable[[str], list[str]]:
    """``findall`` of the grammar's ``MOVE_LINE`` terminal (one move and its time): a
    ``MOVE_RUN`` token is a sequence of them, so the matches follow each other and cover it."""
    return findall_of(parsing.terminal_pattern(grammar, "MOVE_LINE"))


# "+7776FU" → (destination, origin or None for 00, mover, piece after, and the destination's
# and the origin's file and rank as numbers, 0 for 00): a record repeats the same few hundred
# move texts, so each is cut up once (bounded: cleared when full, which only costs the
# sharing). The numbers go to GameBuilder.move_between: read from the squares, they cost an
# attrs attribute look-up each in the compiled build.
_MoveFields = tuple[Square, Square | None, Color, PieceKind, int, int, int, int]
_MOVES: dict[str, _MoveFields] = {}
_MOVES_KEPT = 65536


def _move_fields(text: str) -> _MoveFields:
    fields = _MOVES.get(text)
    if fields is None:
        origin = text[1:3]
        to = SQUARES[text[3:5]]
        fields = (
            to,
            None if origin == "00" else SQUARES[origin],
            COLORS[text[0]],
            KINDS[text[5:7]],
            to.file,
            to.rank,
            int(origin[0]),
            int(origin[1]),
        )
        remember(_MOVES, text, fields, _MOVES_KEPT)
    return fields


# What follows a move in a MOVE_LINE up to its comments ("\nT12\n", ",", "\n") → (the time
# spent or None, as Node.set_time would store it: its clock bits and number, 0 when it cannot;
# line ends, column after it when it has line ends, else its width). Bounded.
_Tail = tuple[int | float | None, int, float, int, int]
_TAILS: dict[str, _Tail] = {}
_TAILS_KEPT = 8192


def _tail(tail: str) -> _Tail:
    """What follows a move, up to its comments (the caller cuts them off)."""
    t = tail.find("T")
    time: int | float | None = None
    if t >= 0:
        value = tail[t + 1 :].rstrip(" \t,\n")
        time = time_of(value)
    breaks = tail.count("\n")
    clock = 0 if time is None else spent_clock(time)
    width = len(tail) - tail.rfind("\n") if breaks else len(tail)
    found: _Tail = (time, clock, 0.0 if clock == 0 else float(time or 0), breaks, width)
    return remember(_TAILS, tail, found, _TAILS_KEPT)


def time_of(text: str) -> int | float:
    """The number of a ``T`` line's text (``12``, ``12.5``)."""
    # ``int | float``, not ``float``: a compiled build turns an int returned as ``float``
    # into a float, and ``T1`` must read (and write back) as 1, not 1.0.
    return float(text) if "." in text else int(text)


#: Floodgate's ``'key:value`` notes read as headers (key as written), in the order the
#: server writes them: before the moves, after the start position, after the moves.
FLOODGATE_KEYS = (
    "Max_Moves",
    "Least_Time_Per_Move",
    "Increment",
    "rating",
    "black_rate",
    "white_rate",
    "summary",
)
_FLOODGATE = re.compile("'(" + "|".join(FLOODGATE_KEYS) + "):(.*)")


def _floodgate_header(text: str) -> tuple[str, str] | None:
    """(key, value) of a floodgate note (``'black_rate:name+hash:3382.0``), else ``None``."""
    m = _FLOODGATE.fullmatch(text)
    return None if m is None else (m.group(1), m.group(2))


class MoveRun:
    """What a record carries from move to move: its headers (floodgate notes among the
    comments go there), each side's running total of the moves' times so far, and whether
    every move's total was set as read (``filled``; once a move's time takes another way,
    ``fill_times`` works out the totals from there on). One per text read; :meth:`begin`
    starts each record."""

    def __init__(self, grammar: str, scanning: bool) -> None:
        self.moves_in = move_line_pattern(grammar)
        # parsed with the scanning pattern: MOVE_LINE's cuts must cover every run whole
        self.scanning = scanning
        self.headers = Headers()
        self.black_total = 0.0
        self.white_total = 0.0
        self.filled = True

    def begin(self, headers: Headers) -> None:
        """Start a record whose headers are ``headers``: no move read, no time spent."""
        self.headers = headers
        self.black_total = self.white_total = 0.0
        self.filled = True

    def play(self, builder: GameBuilder, run: Token, cut: list[str] | None) -> None:
        """Play every move of a run (each with its optional time and comments); ``cut`` is
        the run's MOVE_LINEs when the whole-record match cut it already.

        Squares, kinds, colours and times come from tables, and the move's text is only cut
        out when it has to go into an error.

        Raises:
            engine.Inexact: scanning, where MOVE_LINE's cuts leave a gap in the run.
        """
        line, column = run.line or 0, run.column or 0
        moves, tails = _MOVES, _TAILS
        stmt = ""
        try:
            for stmt in self._lines(run, cut):
                # tested against None, not with ``or``: compiled, a looked-up tuple is held
                # unpacked, and ``or`` would pack it again to ask whether it is empty
                fields = moves.get(stmt[:7])
                if fields is None:
                    fields = _move_fields(stmt[:7])
                to, origin, color, after, to_file, to_rank, from_file, from_rank = fields
                if origin is None:
                    node = builder.move_piece(to, color, after, None, True, "", None, line, column)
                else:
                    # called on the builder, not through a local bound method: compiled, that
                    # is a C call, without the numbers boxed and unboxed again
                    node = builder.move_between(
                        to_file,
                        to_rank,
                        from_file,
                        from_rank,
                        color,
                        None,
                        after,
                        None,
                        None,
                        line,
                        column,
                    )
                # what follows the move: its time, line ends, blanks, commas, comments
                quote = stmt.find("'", 7)
                if quote < 0:
                    tail = stmt[7:]
                    found = tails.get(tail)
                    if found is None:
                        found = _tail(tail)
                    time, clock, spent, breaks, width = found
                    if time is not None:
                        self._timed(node, color, time, spent, clock)
                    if breaks:
                        line += breaks
                        column = width
                    else:
                        column += width + 7
                    continue
                # comments: the part before them is looked up as a tail without any (engine
                # lines differ from move to move; what comes before them repeats)
                head = stmt[7:quote]
                found = tails.get(head)
                if found is None:
                    found = _tail(head)
                time, clock, spent, breaks, _ = found
                if time is not None:
                    self._timed(node, color, time, spent, clock)
                size = len(stmt)
                if stmt.find("\n", quote) == size - 1:
                    # the usual shape: one comment line, the statement's last (floodgate's
                    # engine line): what _comments does, without its scans
                    line += breaks + 1
                    column = 1
                    self._comment_line(builder, stmt, quote, size - 1)
                    continue
                line += breaks + stmt.count("\n", quote)
                self._comments(builder, stmt, quote)
                last = stmt.rfind("\n", 7)
                column = size - last if last >= 0 else size - 6
        except KifuError as err:
            err.text = err.text or stmt[:7]
            raise

    def _lines(self, run: Token, cut: list[str] | None) -> list[str]:
        """The MOVE_LINEs of ``run``: ``cut``, when the whole-record match cut them."""
        if cut is not None:
            return cut
        lines = self.moves_in(run)
        if self.scanning and sum(map(len, lines)) != len(run):
            raise engine.Inexact  # the cuts follow each other: they cover the run, or a gap
        return lines

    def _timed(self, node: Node, color: Color, time: int | float, spent: float, clock: int) -> None:
        """Give ``node``, a move of ``color``, its ``time`` (``spent`` and ``clock`` as
        ``spent_clock`` gives them, ``clock`` 0 when it cannot) and its running total, as
        ``fill_times`` would: the mover's total so far (a float) plus ``spent``. Once a
        move's time took another way, ``fill_times`` works out the totals from there on."""
        if not clock:  # Node.set_time's work was not done once for the tail's text
            node.set_time(time, None)
            self.filled = False
            return
        if not self.filled:
            node._spent = spent
            node._clock = clock
            return
        if color is _BLACK:
            total = self.black_total + spent
            self.black_total = total
        else:
            total = self.white_total + spent
            self.white_total = total
        node._spent = spent
        node._total = total
        node._clock = clock | TOTAL_CLOCK

    def _comments(self, builder: GameBuilder, stmt: str, quote: int) -> None:
        """The comments of a move line from ``quote`` on, one a line: each runs to its line
        end, and blanks and commas before it end statements. Each is cut out of the line
        once (engine lines are long, and every move has one)."""
        size = len(stmt)
        start = quote
        while start < size:
            end = stmt.find("\n", start)
            if end < 0:
                end = size
            while start < end and stmt[start] in " \t,":
                start += 1
            if start < end:
                self._comment_line(builder, stmt, start, end)
            start = end + 1

    def _comment_line(self, builder: GameBuilder, stmt: str, start: int, end: int) -> None:
        """The comment ``stmt[start:end]`` (a ``'`` line): a floodgate note goes to the
        headers, a ``'*`` line loses its two marks (as ``csa._comment_text`` gives it), a
        plain ``'`` line keeps its apostrophe."""
        if start + 1 < end and stmt[start + 1] == "*":
            builder.comment(stmt[start + 2 : end])
        else:
            part = stmt[start:end]
            if not self.note(part):
                builder.comment(part)

    def note(self, comment: str) -> bool:
        """Add ``comment`` to the headers when it is a floodgate note; whether it was."""
        if comment[1:2] == "*":  # most comments ('** evaluations): not a note
            return False
        found = _floodgate_header(comment)
        if found is None:
            return False
        self.headers.entries.append(found)
        return True


def run_bound(text: str, at: int) -> int:
    """Where a run of moves from ``at`` ends at the latest: the first ``%`` (a special) or
    ``/`` (a separator) outside a comment, which no MOVE_LINE holds, else the text's end. A
    mark is in a comment when a ``'`` stands before it on its line: a comment runs to its
    line's end, and no other statement of a run holds a ``'``. A record's rest piece (see
    :func:`kifu_lark.formats.csa._whole_record`) then stops at the next record."""
    bound = len(text)
    # the separator first: the special is then looked for inside the record alone
    for mark in "/%":
        stop = text.find(mark, at, bound)
        while stop >= 0 and text.find("'", text.rfind("\n", 0, stop) + 1, stop) >= 0:
            # in a comment: so is every mark after it on its line, which is passed over
            # (each line is looked through once, however many marks it holds)
            end = text.find("\n", stop, bound)
            stop = -1 if end < 0 else text.find(mark, end, bound)
        if stop >= 0:
            bound = stop
    return bound
