"""The KIF reader (see :mod:`kifu_lark.formats.kif` for the decisions it implements)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Final

from lark import Token, Tree

from kifu_lark.errors import InvalidRecordError, KifuError, KifuSyntaxError
from kifu_lark.formats import engine
from kifu_lark.formats.base import ReadOptions
from kifu_lark.formats.bod import DIAGRAM_LINES, DiagramReader, terminal_regex
from kifu_lark.formats.engine import parsing, whole
from kifu_lark.formats.engine.memo import remember
from kifu_lark.formats.engine.tokens import match_tokens
from kifu_lark.formats.japanese import (
    PIECE_NAMES,
    SPECIAL_NAMES,
    SUMMARY_HINT,
    comment_text,
    digit_value,
    kanji_number,
    read_summary,
)
from kifu_lark.formats.japanese_head import HeaderSection, head_lines
from kifu_lark.model.game import Game, Issue, Node
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
_LINE_BREAKS = re.compile(r"\r+\n?")
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


class _KifReader:
    """Reads the lines of one parsed KIF text into a game."""

    def __init__(self, text: str, options: ReadOptions, scanning: bool) -> None:
        self.text = text
        self.options = options
        # parsed with _SCAN: every move block's lines must read as the block's terminals
        self.scanning = scanning
        self.section = HeaderSection()
        self.diagram = DiagramReader(FORMAT_NAME, text)
        self.root_comments: list[str] = []
        self.root_bookmark: str | None = None
        self.builder: GameBuilder | None = None
        self.depth = 0  # nodes on the current path (moves and specials)
        self.marked: list[Node] = []  # nodes whose line ends with the + mark
        # a time read without its running total: fill_times must work it out
        self.partial_times = False

    def read(self, items: list[Token | Tree[Token]]) -> Game:
        """Build the game from the top-level items of the parse tree."""
        for item in parsing.expand(items, _head_runs()):
            if self.builder is None:
                if isinstance(item, Tree) or item.type in DIAGRAM_LINES:
                    self.diagram.add(item)
                    continue
                kind = item.type
                if kind == "HEADER_LINE":
                    self.section.add_line(item)
                elif kind == "HASH_LINE":
                    self.section.add_hash(item)
                elif kind == "COMMENT_LINE":
                    self.root_comments.append(comment_text(item))
                elif kind == "BOOKMARK_LINE":
                    self.root_bookmark = item.rstrip("\r\n")[1:]
                elif kind in ("MOVES_HEADER", "MOVES_BLOCK"):
                    self._start()
                    if kind == "MOVES_BLOCK":
                        self._moves(item)
                # BOM: nothing to keep
                continue
            assert isinstance(item, Token)
            self._body_item(item)
        builder = self.builder or self._start()
        builder.times_filled = not self.partial_times  # each time read with both halves
        game = builder.finish(self.section.headers)
        self._check_fork_marks(game)
        return game

    def _check_fork_marks(self, game: Game) -> None:
        """Warn where a ``+`` mark and the variations read disagree (the marks are
        redundant: the 変化 sections alone build the tree). Files without any mark
        (Shogidokoro writes none) are not checked."""
        if not self.marked:
            return
        marked = {id(node) for node in self.marked}
        for node in game.root.walk():
            parent = node.parent
            later = parent.variations if parent is not None else ()
            forked = bool(later) and later[-1] is not node
            if forked != (id(node) in marked):
                what = "no variation follows" if not forked else "a variation follows unmarked"
                game.warnings.append(
                    Issue("FORK_MARK", f"+ mark mismatch: {what}", node.ply, node.line, None)
                )

    def _start(self) -> GameBuilder:
        start = self.section.start(self.diagram)
        builder = GameBuilder(
            start, format=FORMAT_NAME, tolerate=self.options.tolerate, source=self.text
        )
        builder.root.comments = self.root_comments
        builder.root.bookmark = self.root_bookmark
        self.builder = builder
        return builder

    def _body_item(self, item: Token) -> None:
        builder = self.builder
        assert builder is not None
        kind = item.type
        if kind == "MOVES_BLOCK":
            self._moves(item)
        elif kind == "COMMENT_LINE":
            builder.comment(comment_text(item))
        elif kind == "VARIATION_LINE":
            m = terminal_regex(GRAMMAR, "VARIATION_LINE").match(item)
            assert m is not None
            ply = kanji_number(m["variation_ply"])
            builder.back_to(ply - 1, item.line, item.column)
            self.depth = ply - 1
        elif kind == "SUMMARY_LINE":
            self._summary(item)
        elif kind == "BOOKMARK_LINE":
            builder.node.bookmark = item.rstrip("\r\n")[1:]
        elif kind == "HASH_LINE":
            builder.comment(item.rstrip("\r\n"))
        elif kind == "HEADER_LINE":
            self.section.add_line(item)

    def _summary(self, item: Token) -> None:
        """A ``まで…`` line: adds the special it names when the line read has none."""
        builder = self.builder
        assert builder is not None
        if self.depth == 0 or builder.node.special is not None:
            return
        try:
            summary = read_summary(item.strip(" \t　\r\n"))
        except ValueError as err:
            raise KifuSyntaxError(
                str(err),
                format=FORMAT_NAME,
                line=item.line,
                column=item.column,
                text=str(item),
                hint=SUMMARY_HINT,
            ) from None
        if summary is not None and summary[1] is not None:
            builder.special(summary[1], line=item.line, column=item.column)
            self.depth += 1

    def _moves(self, block: Token) -> None:
        """Play every line of a MOVES_BLOCK token (move lines, and the comment and bookmark
        lines after each).

        The lines are cut by ``split`` of :func:`_walk_regex`: a flat list of the few groups
        every line needs (a match object a line, a call for each group, or findall's tuple a
        line cost more). A move's and a time's parts are looked up by their text (most
        records repeat them); on a miss, and on an error, the line is matched again with
        every group (:func:`_block_regex`).
        """
        builder = self.builder
        assert builder is not None
        moves, spent_table, totals = _MOVES, _SPENT, _TOTALS
        marked = self.marked
        offset = builder.start.ply - 1
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
                    # (ply_number, move, special, spent, total, fork), the comment or bookmark
                    # line, the text before the next line
                    number = pieces[i]
                    if number is None:  # a comment or bookmark line after the move
                        other = pieces[i + 6]
                        assert other is not None
                        if other[0] == "*":
                            builder.comment(comment_text(other))
                        else:
                            builder.node.bookmark = other.rstrip("\r\n")[1:]
                        line += 1
                        i += _STRIDE
                        continue
                    special = pieces[i + 2]
                    if depth + 1 >= _COUNTED or number != _PLY_TEXTS[depth + 1]:
                        ply = int(number)  # a number written otherwise, or out of sequence
                        if ply != depth + 1 and ply != depth + 1 + offset:
                            m = _line_match(block, starts.at(line))
                            self._out_of_sequence(ply, depth, offset, m, line)
                    try:
                        if special is not None:
                            node = builder.special(SPECIAL_NAMES[special], line=line)
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
                    depth += 1
                    line += 1
                    i += _STRIDE
        finally:
            self.depth = depth

    def _out_of_sequence(
        self, ply: int, depth: int, offset: int, m: re.Match[str], line: int
    ) -> None:
        """A move number that does not follow the line read. The previous number repeated
        (hand-edited files; Kifu for JS reads the move as the next one, ignoring the number)
        is read so, with a warning; any other number is an error.

        Raises:
            InvalidRecordError: ``BAD_MOVE_NUMBER`` for a number that skips or goes back.
        """
        column = m.start(1) - m.start() + 1
        if ply in (depth, depth + offset) and depth > 0:
            assert self.builder is not None
            self.builder.warnings.append(
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
def _head_runs() -> dict[str, re.Pattern[str]]:
    """What cuts a HEAD_BLOCK token back into its lines."""
    return {"HEAD_BLOCK": head_lines(GRAMMAR)}


@functools.cache
def _ply_regex() -> re.Pattern[str]:
    """PLY_LINE's regex, whose groups the reader unpacks in this order."""
    regex = terminal_regex(GRAMMAR, "PLY_LINE")
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
    return "|".join(terminal_regex(GRAMMAR, name).pattern for name in _AFTER_MOVE)


@functools.cache
def _walk_regex() -> re.Pattern[str]:
    """:func:`_block_regex` with only the groups of :data:`_WALK_GROUPS` kept (the others
    made non-capturing), and a comment or bookmark line whole as one more group: the same
    lines. Its ``split`` gives a flat list: the text before the first line, then for each
    line those groups (``None`` where one is missing), that last group and the text before
    the next line (:data:`_STRIDE` items a line). A group the regex engine sets costs time,
    and more inside a possessive part (it saves the groups set so far): so only the groups
    the walk reads capture, there is no group for the line whole, and no tuple a line."""
    others = parsing.uncapture(_after_move())
    regex = re.compile(f"{parsing.uncapture(_ply_regex().pattern, _WALK_GROUPS)}|({others})")
    if regex.groups != len(_WALK_GROUPS) + 1 or any(
        regex.groupindex[name] != i + 1 for i, name in enumerate(_WALK_GROUPS)
    ):
        raise AssertionError(f"kif.lark PLY_LINE groups changed: {regex.groupindex}")
    return regex


# Items a line in what :func:`_walk_regex` splits a chunk into: its groups, then the text
# before the next line.
_STRIDE: Final = len(_WALK_GROUPS) + 2


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


def normalise(text: str) -> str:
    """``text`` as the grammar reads it: one line break style (some files end lines with
    CR CR LF), and a final one (every line terminal ends with a line break)."""
    if "\r" in text:  # looking for one is cheaper than sub's pass over the text
        text = _LINE_BREAKS.sub("\n", text)
    if not text.endswith("\n"):
        text += "\n"
    return text


def builder(options: ReadOptions) -> Callable[[str, Tree[Token], bool], Game]:
    """The engine's ``build``: the game of the tree parsed."""

    def build(text: str, tree: Tree[Token], scanning: bool) -> Game:
        return _KifReader(text, options, scanning).read(tree.children)

    return build


def read_kif(text: str, options: ReadOptions, scan: bool = True) -> list[Game]:
    """Read a KIF/KIFU record (one game, with its variations); ``scan=False`` reads it with
    the grammar as it is, without the fast ways (the tests compare both)."""

    game = engine.read(DECLARATION, text, builder(options), scan)
    game.format = FORMAT_NAME
    return [game]


# The lexer's pass over a MOVES_BLOCK token cost as much as the reader's own walk of it with
# the grammar's line terminals: the reader's parser finds where a block ends with this
# pattern instead, which takes every line the block's terminals can start (PLY_LINE starts
# with its number, COMMENT_LINE with `*`, BOOKMARK_LINE with `&`) and reads no further into
# a line than its line break. What it takes holds the block lark would take, from the same
# place; the walk then reads every line with the grammar's terminals (_block_regex), and a text
# where a line of a block does not read as one of them, that the parser refuses, or that does
# not read, is read again with the grammar as it is, which says what is wrong first
# (tests/formats/equivalence/test_games.py checks both agree).
_SCAN = r"(?:[ \t]*+[0-9][^\n]*+\n(?:[*&][^\n]*+\n)*+)++"


@functools.cache
def whole_record_pattern() -> re.Pattern[str]:
    """The usual record whole, as the reader's parser (MOVES_BLOCK scanned with
    :data:`_SCAN`) lexes it: a HEAD_BLOCK (or none), a board diagram (or none, see
    ``whole.diagram``), MOVES_HEADER, one MOVES_BLOCK and the SUMMARY_LINE (or none), blank
    lines between them, and nothing else. Each terminal is an atomic group holding its own
    pattern, so that it takes what lark's lexer takes (its first match, none of it given
    back). No terminal lark tries first can match where each starts (HEAD_BLOCK leaves out
    the lines they take; a summary line lark would read as a header line is left out here;
    the diagram's parts are placed by ``whole.lexed_as``).
    tests/formats/equivalence/test_tokens.py checks that the tokens are lark's on every
    text."""
    lark = DECLARATION.scanner()

    def term(name: str) -> str:
        return f"(?>{lark.get_terminal(name).pattern.to_regexp()})"

    blanks = f"{term('BLANK_LINE')}*+"
    return re.compile(
        f"(?!{term('BOM')})(?P<head>{term('HEAD_BLOCK')})?+{blanks}{whole.diagram(lark, blanks)}"
        f"(?P<header>{term('MOVES_HEADER')}){blanks}(?P<moves>{term('MOVES_BLOCK')}){blanks}"
        f"(?:(?!{term('HEADER_LINE')})(?P<summary>{term('SUMMARY_LINE')}){blanks})?+\\Z"
    )


_WHOLE_RECORD = (
    ("head", "HEAD_BLOCK"),
    *whole.DIAGRAM_GROUPS,
    ("header", "MOVES_HEADER"),
    ("moves", "MOVES_BLOCK"),
    ("summary", "SUMMARY_LINE"),
)


def _whole_record(text: str) -> Tree[Token] | None:
    """The parse tree of ``text`` when it is one usual record whole (see
    :func:`whole_record_pattern`), with the tokens lark makes; ``None`` for any other text.
    lark makes no token here: the usual record, with or without a diagram, needs no parser."""
    m = whole_record_pattern().match(text)
    if m is None:
        return None
    tokens = match_tokens(m, _WHOLE_RECORD)
    if m.start("ranks") < 0:  # no board: the tokens are the items
        return Tree("start", [token for token in tokens if token is not None])
    return Tree("start", whole.items(tokens))


def _explain(err: KifuSyntaxError) -> KifuSyntaxError:
    """A clearer message for the usual mistakes: a move line the grammar rejects, with the
    column of the part that does not read."""
    line = (err.source_line or "").rstrip("\r\n")
    source = line.strip()
    if source[:1].isdigit():
        err.message = f"not a valid move line: {source!r}"
        err.args = (err.message,)
        err.hint = (
            "expected: number, destination (７六 or 同　), piece, 成/不成, (origin) or 打, "
            "optional time ( m:ss/hh:mm:ss)"
        )
        stop = _unread_part(line)
        if stop is not None:
            err.column = stop + 1
            err.text = line[stop : stop + 12]
    return err


_BLANKS = " \t　"


def _unread_part(line: str) -> int | None:
    """Where a move line stops reading: after the number, the move (or special word) and
    the time, each matched with the grammar's own terminal; ``None`` when all of it reads."""
    pos = len(line) - len(line.lstrip(_BLANKS))
    while pos < len(line) and line[pos].isdigit():
        pos += 1
    while pos < len(line) and line[pos] in _BLANKS:
        pos += 1
    found = terminal_regex(GRAMMAR, "_MOVE").match(line, pos) or terminal_regex(
        GRAMMAR, "SPECIAL"
    ).match(line, pos)
    if found is None:
        return pos
    pos = found.end()
    found = terminal_regex(GRAMMAR, "_TIME").match(line, pos)
    if found is not None:
        pos = found.end()
    rest = line[pos:].strip(_BLANKS)
    if rest in ("", "+"):
        return None
    return pos + len(line[pos:]) - len(line[pos:].lstrip(_BLANKS))


DECLARATION = engine.Declaration(
    FORMAT_NAME,
    GRAMMAR,
    normalise=normalise,
    run="MOVES_BLOCK",
    scan=_SCAN,
    whole=_whole_record,
    explain=_explain,
)
"""KIF for the reader engine: MOVES_BLOCK scanned with :data:`_SCAN`, the usual record
matched whole by :func:`whole_record_pattern`."""
