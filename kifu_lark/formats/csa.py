"""CSA standard records (V2.2 and V3.0; older files read too), and the dialect machinery MSK uses.

Syntax is ``grammars/csa.lark``. The transformer turns each statement into a small tuple and
``game`` replays them in file order through :class:`GameBuilder`: header lines become
``Headers`` (``N+``/``N-``/``$EVENT``… as ``HeaderKey`` members, any other ``$KEY`` verbatim),
``PI``/``P1``…``P9``/``P+``/``P-`` build the start position, each move is validated, ``T``
lines set the time of the move or special before them, and comments attach to the move they
follow (to the root before the first move).

Comments: ``'*text`` (a record comment) reads as ``text`` and ``'**text`` (engine
evaluation, principal variation: ``node.evaluation`` reads it) as ``*text``; a plain
``'text`` line (a note on the file) reads as ``'text``, apostrophe kept. Each is written back
as it was read. The V3.0 line ``'CSA encoding=…`` is syntax, not a comment. Floodgate's notes
``'summary:…``, ``'black_rate:…``, ``'white_rate:…``, ``'rating:…``, ``'Max_Moves:…``,
``'Least_Time_Per_Move:…`` and ``'Increment:…`` are headers under those names
(:data:`FLOODGATE_KEYS`), wherever they stand; the writer puts them back as those lines.

Speed: lark spends as much on a token as the rules engine on a move, so the grammar makes few
of them. Consecutive moves with their times and comments are one ``MOVE_RUN`` token, which
``_Records._moves`` cuts with the compiled pattern of the grammar's own ``MOVE_LINE``
terminal; a ``P1``… row is one ``BOARD_ROW`` token, cut with ``CELL``'s pattern (no second
parser: the patterns are lark's, and tests/formats/equivalence/test_tokens.py checks they cut
as lark does). The parser calls the tagging callbacks itself (no tree). Reading time is then
mostly the rules engine's (see ``benchmarks/bench_csa.py``).

Records without position lines start from the usual position (将棋ウォーズ files); a
missing turn line means black to move. ``$`` lines may also follow the moves ($END_TIME).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any, Final

from lark import Lark, Token, Transformer

from kifu_lark.errors import KifuError
from kifu_lark.formats import engine
from kifu_lark.formats.base import Capabilities, Format, ReadOptions
from kifu_lark.formats.csa_dialect import CSA, ILLEGAL_ACTION, KEY_OF_NAME, Dialect
from kifu_lark.formats.csa_start import COLORS as _COLORS
from kifu_lark.formats.csa_start import KINDS as _KINDS
from kifu_lark.formats.csa_start import SQUARES as _SQUARES
from kifu_lark.formats.csa_start import findall_of, start_position
from kifu_lark.formats.csa_write import encoding_rule, writer
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.engine.memo import remember
from kifu_lark.formats.engine.tokens import span_tokens
from kifu_lark.model.clock import TOTAL_CLOCK, spent_clock
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.headers import HeaderKey, Headers, Key
from kifu_lark.model.move import SpecialKind, Time
from kifu_lark.model.node import Node
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square
from kifu_lark.rules.replay import GameBuilder

_BLACK: Final = Color.BLACK


@functools.cache
def move_line_pattern(grammar: str) -> Callable[[str], list[str]]:
    """``findall`` of the grammar's ``MOVE_LINE`` terminal (one move and its time): a
    ``MOVE_RUN`` token is a sequence of them, so the matches follow each other and cover it."""
    lexer = parsing.parser(grammar, parser=None, lexer="basic")
    return findall_of(lexer.get_terminal("MOVE_LINE").pattern.to_regexp())


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
        to = _SQUARES[text[3:5]]
        fields = (
            to,
            None if origin == "00" else _SQUARES[origin],
            _COLORS[text[0]],
            _KINDS[text[5:7]],
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
        time = _time_of(value)
    breaks = tail.count("\n")
    clock = 0 if time is None else spent_clock(time)
    width = len(tail) - tail.rfind("\n") if breaks else len(tail)
    found: _Tail = (time, clock, 0.0 if clock == 0 else float(time or 0), breaks, width)
    return remember(_TAILS, tail, found, _TAILS_KEPT)


def _unescape_note(value: str) -> str:
    """V3.0 ``$NOTE`` writes a line break as ``\\n`` and a backslash as ``\\\\``."""
    return re.sub(r"\\([\\n])", lambda m: "\n" if m.group(1) == "n" else "\\", value)


def _time_of(text: str) -> int | float:
    # ``int | float``, not ``float``: a compiled build turns an int returned as ``float``
    # into a float, and ``T1`` must read (and write back) as 1, not 1.0.
    return float(text) if "." in text else int(text)


class _Tags(Transformer[Token, Any]):
    """The parser's own callbacks (lark calls them while parsing: no tree is built, and no
    second pass walks one): a statement becomes a tagged tuple, a record the list of its
    statements, the text the list of its records. Stateless, so one instance serves every
    read; :class:`_Records` then reads each record."""

    def encoding(self, c: list[Token]) -> tuple[str, Token]:
        return ("encoding", c[0])

    def version(self, c: list[Token]) -> tuple[str, Token]:
        return ("version", c[0])

    def comment(self, c: list[Token]) -> tuple[str, Token]:
        return ("comment", c[0])

    def name(self, c: list[Token]) -> tuple[str, Token]:
        return ("header", c[0])

    def info(self, c: list[Token]) -> tuple[str, Token]:
        return ("header", c[0])

    def pi(self, c: list[Token]) -> tuple[str, Token]:
        return ("pi", c[0])

    def board_row(self, c: list[Token]) -> tuple[str, Token]:
        return ("row", c[0])

    def placement(self, c: list[Token]) -> tuple[str, Token]:
        return ("placement", c[0])

    def turn(self, c: list[Token]) -> tuple[str, Token]:
        return ("turn", c[0])

    def move_run(self, c: list[Token]) -> tuple[str, Token]:
        return ("moves", c[0])

    def info_run(self, c: list[Token]) -> tuple[str, Token]:
        return ("run", c[0])

    def position_run(self, c: list[Token]) -> tuple[str, Token]:
        return ("run", c[0])

    def head_run(self, c: list[Token]) -> tuple[str, Token]:
        return ("run", c[0])

    def special(self, c: list[Token]) -> tuple[str, Token]:
        return ("special", c[0])

    def time(self, c: list[Token]) -> tuple[str, Token]:
        return ("time", c[0])

    def game(self, c: list[tuple[Any, ...]]) -> tuple[str, list[tuple[Any, ...]]]:
        return ("game", c)

    def start(self, c: list[tuple[Any, ...]]) -> list[list[tuple[Any, ...]]]:
        return [item[1] for item in c if item[0] == "game"]


_TAGS = _Tags()

#: The statements of an INFO_RUN, POSITION_RUN or HEAD_RUN token → the tags ``_Tags`` gives
#: them.
_RUN_TAGS = {
    "NAME": "header",
    "INFO": "header",
    "COMMENT": "comment",
    "PI": "pi",
    "BOARD_ROW": "row",
    "PLACEMENT": "placement",
    "VERSION": "version",
    "SIGN": "turn",
}


def run_pattern(grammar: str) -> re.Pattern[str]:
    """What cuts ``grammar``'s INFO_RUN, POSITION_RUN and HEAD_RUN tokens back into their
    statements (each with the _EOS after it)."""
    return parsing.pieces_pattern(grammar, tuple(_RUN_TAGS), "_EOS")


def _statements(items: list[tuple[Any, ...]], runs: re.Pattern[str]) -> list[tuple[Any, ...]]:
    """``items`` with each run cut into its statements, tagged as ``_Tags`` tags them."""
    if not any(item[0] == "run" for item in items):
        return items
    out: list[tuple[Any, ...]] = []
    for item in items:
        if item[0] == "run":
            out += [(_RUN_TAGS[token.type], token) for token in parsing.cut(item[1], runs)]
        else:
            out.append(item)
    return out


class _Records:
    """Reads the records of one text: ``game`` replays a record's statements in order."""

    def __init__(self, dialect: Dialect, options: ReadOptions, text: str, scanning: bool) -> None:
        self.dialect = dialect
        self.options = options
        self.text = text
        self.moves_in = move_line_pattern(dialect.grammar)
        # parsed with _SCAN: MOVE_LINE's cuts must cover every run of moves whole
        self.scanning = scanning
        self.runs = run_pattern(dialect.grammar)
        self.headers = Headers()
        # Each side's running total of the moves' times so far, set on each move as read;
        # ``filled`` until a move's time takes another way (then ``fill_times`` works them out)
        self.black_total = 0.0
        self.white_total = 0.0
        self.filled = True

    # --- a record --------------------------------------------------------------------------

    def game(self, items: list[tuple[Any, ...]]) -> Game | None:
        if not items:
            return None
        items = _statements(items, self.runs)
        headers = Headers()
        setup: list[tuple[Any, ...]] = []
        turn: Token | None = None
        first_event = next(
            (i for i, item in enumerate(items) if item[0] in ("moves", "special", "time")),
            len(items),
        )
        root_comments: list[str] = []
        self.headers = headers
        self.black_total = self.white_total = 0.0
        self.filled = True
        for item in items[:first_event]:
            tag = item[0]
            if tag == "comment":
                if not self._note(item[1]):
                    root_comments.append(_comment_text(item[1]))
            elif tag == "header":
                # Headers.add, inlined: the compiled loop makes no interpreted call a line
                headers.entries.append(_header(item[1]))
            elif tag == "version":
                pass  # the writer chooses the version; what was read needs no storing
            elif tag == "turn":
                turn = item[1]
            else:
                setup.append(item)
        start = start_position(self.dialect, self.text, setup, turn)
        builder = GameBuilder(
            start, format=self.dialect.name, tolerate=self.options.tolerate, source=self.text
        )
        builder.root.comments.extend(root_comments)
        for item in items[first_event:]:
            tag, token = item[0], item[1]
            if tag == "moves":
                self._moves(builder, token, item[2] if len(item) > 2 else None)
            elif tag == "comment":
                if not self._note(token):
                    builder.comment(_comment_text(token))
            elif tag == "header":
                headers.entries.append(_header(token))
            elif tag == "special":
                self._special(builder, token)
            else:
                self._time(builder, token, token[1:])
        builder.times_filled = self.filled
        return builder.finish(headers)

    def _moves(self, builder: GameBuilder, run: Token, cut: list[str] | None) -> None:
        """Play every move of a run (each with its optional time).

        The hot loop of the reader: squares, kinds, colours and times come from tables, and
        the move's text is only cut out when it has to go into an error.
        """
        line, column = run.line or 0, run.column or 0
        moves, tails = _MOVES, _TAILS
        stmt = ""
        try:
            if cut is not None:  # the MOVE_LINEs of a whole record's run (_whole_record)
                statements = cut
            else:
                statements = self.moves_in(run)
                if self.scanning and sum(map(len, statements)) != len(run):
                    raise engine.Inexact  # the cuts follow each other: they cover the run, or a gap
            for stmt in statements:
                fields = moves.get(stmt[:7]) or _move_fields(stmt[:7])
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
                    time, clock, spent, breaks, width = tails.get(tail) or _tail(tail)
                    if clock:  # Node.set_time's work, done once for the tail's text
                        self._timed(node, color, spent, clock)
                    elif time is not None:
                        node.set_time(time, None)
                        self.filled = False
                    if breaks:
                        line += breaks
                        column = width
                    else:
                        column += width + 7
                    continue
                # comments: the part before them is looked up as a tail without any (engine
                # lines differ from move to move; what comes before them repeats)
                head = stmt[7:quote]
                time, clock, spent, breaks, _ = tails.get(head) or _tail(head)
                if clock:
                    self._timed(node, color, spent, clock)
                elif time is not None:
                    node.set_time(time, None)
                    self.filled = False
                size = len(stmt)
                if stmt.find("\n", quote) == size - 1:
                    # the usual shape: one comment line, the statement's last (floodgate's
                    # engine line): what the loop below does, without its scans
                    line += breaks + 1
                    column = 1
                    self._comment_line(builder, stmt, quote, size - 1)
                    continue
                line += breaks + stmt.count("\n", quote)
                # each comment runs to its line end; blanks and commas end statements. Each is
                # cut out of the statement once (engine lines are long, and every move has one)
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
                last = stmt.rfind("\n", 7)
                column = size - last if last >= 0 else size - 6
        except KifuError as err:
            err.text = err.text or stmt[:7]
            raise

    def _timed(self, node: Node, color: Color, spent: float, clock: int) -> None:
        """Give ``node``, a move of ``color``, its time ``spent`` (``clock`` as
        ``spent_clock`` gives it) and its running total, as ``fill_times`` would: the
        mover's total so far (a float) plus ``spent``. Once a move's time took another way,
        ``fill_times`` works out the totals from there on."""
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

    def _comment_line(self, builder: GameBuilder, stmt: str, start: int, end: int) -> None:
        """The comment ``stmt[start:end]`` (a ``'`` line): a floodgate note goes to the
        headers, a ``'*`` line loses its two marks (as ``_comment_text`` gives it), a plain
        ``'`` line keeps its apostrophe."""
        if start + 1 < end and stmt[start + 1] == "*":
            builder.comment(stmt[start + 2 : end])
        else:
            part = stmt[start:end]
            if not self._note(part):
                builder.comment(part)

    def _note(self, comment: str) -> bool:
        """Add ``comment`` to the headers when it is a floodgate note; whether it was."""
        if comment[1:2] == "*":  # most comments ('** evaluations): not a note
            return False
        found = _floodgate_header(comment)
        if found is None:
            return False
        self.headers.entries.append(found)
        return True

    def _special(self, builder: GameBuilder, token: Token) -> None:
        name = token[1:]
        if name.endswith(ILLEGAL_ACTION):
            fouled = _COLORS[name[0]]
            kind = SpecialKind.ILLEGAL_LOSS if fouled is builder.color else SpecialKind.ILLEGAL_WIN
        else:
            kind = self.dialect.specials[name]
        builder.special(kind, line=token.line, column=token.column)

    def _time(self, builder: GameBuilder, token: Token, value: str) -> None:
        # The grammar puts a time after a move or special only: the node is one of those.
        builder.time(Time(_time_of(value)))
        if builder.node.move is not None:  # a move's time without its running total
            self.filled = False

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


def _comment_text(token: str) -> str:
    """``'*text`` (a record comment) reads as ``text``, ``'**text`` as ``*text``; a plain
    ``'text`` line (a note on the file, e.g. floodgate's ``'summary:``) keeps its apostrophe,
    ``'text``, so that writers tell the two apart (see ``csa_write.comment_line``)."""
    text = str(token)
    return text[2:] if text[1:2] == "*" else text


def _header(token: Token) -> tuple[Key, str]:
    text = str(token)
    if text[0] == "N":
        return (HeaderKey.BLACK if text[1] == "+" else HeaderKey.WHITE), text[2:]
    name, _, value = text[1:].partition(":")
    key = KEY_OF_NAME.get(name, name)
    return key, _unescape_note(value) if key is HeaderKey.NOTE else value


def normalise(text: str) -> str:
    """Line ends as ``\\n`` (so lark counts CR-only lines), no BOM, a final line end."""
    text = text.lstrip("\ufeff")
    if "\r" in text:  # looking for one is cheaper than two replace passes over the text
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text if text.endswith("\n") else text + "\n"


def declaration(dialect: Dialect) -> engine.Declaration:
    """``dialect`` for the reader engine: MOVE_RUN scanned with :data:`_SCAN`, the usual
    record matched whole by :func:`whole_record_patterns`, the statements tagged by the
    parser's own callbacks."""
    grammar = dialect.grammar

    def whole(text: str) -> list[list[tuple[Any, ...]]] | None:
        return _whole_record(grammar, text)

    return engine.Declaration(
        dialect.name,
        grammar,
        normalise=normalise,
        transformer=_TAGS,
        run="MOVE_RUN",
        scan=_SCAN,
        whole=whole,
        explain=dialect.explain,
    )


def builder(
    dialect: Dialect, options: ReadOptions
) -> Callable[[str, list[list[tuple[Any, ...]]], bool], list[Game]]:
    """The engine's ``build`` for ``dialect``: the games of the records parsed."""

    def build(text: str, records: list[list[tuple[Any, ...]]], scanning: bool) -> list[Game]:
        reading = _Records(dialect, options, text, scanning)
        return [game for game in map(reading.game, records) if game is not None]

    return build


def reader(dialect: Dialect) -> Callable[..., list[Game]]:
    """The reader of ``dialect``: every record of a text (records separated by ``/``);
    ``scan=False`` reads with the grammar as it is, without the fast ways (the tests
    compare both)."""
    declared = declaration(dialect)

    def read(text: str, options: ReadOptions, scan: bool = True) -> list[Game]:
        return engine.read(declared, text, builder(dialect, options), scan)

    read.__doc__ = f"Read every {dialect.name.upper()} record in ``text``."
    return read


# The lexer's pass over a MOVE_RUN token cost as much as the reader's own cut of it with
# MOVE_LINE's pattern (floodgate's engine line after every move most of all): the reader's
# parser finds where a run ends with this pattern instead. It takes the move's line to its
# end, then every line that starts (after blanks and commas) as a move, a time or a comment
# does, or is blank, and the blanks and commas before the next statement: every line a run
# of MOVE_LINEs can hold. What it takes holds the run lark would take, from the same place;
# the reader then cuts it with MOVE_LINE's pattern, and a text where the cuts do not cover a
# run whole, that the parser refuses, or that does not read, is read again with the grammar as
# it is, which says what is wrong first (tests/formats/equivalence/test_games.py checks both
# agree).
_SCAN = r"[+\-][^\n]*+\n(?:[ \t,]*+(?:[+\-'T][^\n]*+)?+\n)*+[ \t,]*+"


@functools.cache
def whole_record_patterns(grammar: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The usual record whole, in three parts, as lark's lexer takes it with the grammar as
    it is:

    - the head: V3.0's encoding line, the comment lines before the version (floodgate's
      ``'summary:`` block, placed first), then HEAD_RUN;
    - the moves: MOVE_LINE, or else any one character. ``findall`` from the head's end
      gives the MOVE_LINEs of the run up to the first piece of one character (a MOVE_LINE is
      longer): the run that MOVE_RUN, MOVE_LINEs in a row, takes;
    - the end: SPECIAL and its TIME, comment lines, and nothing else after them.

    Each terminal is an atomic group holding its own pattern, in the order the grammar
    allows them, so each takes what lark's lexer takes (its first match, none of it given
    back); no other terminal can start where each does. tests/formats/
    equivalence/test_tokens.py checks that the tokens are lark's on every text."""
    lark = parsing.parser(grammar, transformer=_TAGS)
    lexer = parsing.parser(grammar, parser=None, lexer="basic")  # MOVE_LINE is MOVE_RUN's part

    def term(name: str, of: Lark = lark) -> str:
        return f"(?>{of.get_terminal(name).pattern.to_regexp()})"

    eos = term("_EOS")
    return (
        re.compile(
            f"(?:{term('ENCODING')}{eos})?+(?P<comments>(?:{term('COMMENT')}{eos})*+)"
            f"(?P<head>{term('HEAD_RUN')})"
        ),
        re.compile(f"{term('MOVE_LINE', lexer)}|(?s:.)"),
        re.compile(
            f"(?:(?P<special>{term('SPECIAL')}){eos}(?:(?P<time>{term('TIME')}){eos})?+)?+"
            f"(?P<comments>(?:{term('COMMENT')}{eos})*+)\\Z"
        ),
    )


def _whole_record(grammar: str, text: str) -> list[list[tuple[Any, ...]]] | None:
    """The statements of ``text`` when it is one usual record whole (see
    :func:`whole_record_patterns`), as the parser gives them (runs not yet cut, the run of
    moves with its MOVE_LINEs as a third item); ``None`` for any other text. lark makes no
    token here: the usual record needs no parser. The moves are matched once: a pattern of
    the whole record matched them, then
    the reader cut them, and floodgate's engine lines are most of a record's text."""
    head_pattern, moves_pattern, end_pattern = whole_record_patterns(grammar)
    head = head_pattern.match(text)
    if head is None:
        return None
    start = at = head.end()
    # the encoding line is syntax, not a statement: the parser's start rule drops it too
    # no MOVE_LINE holds a line that starts with "%": findall stops at the first SPECIAL,
    # and a text of many records is not taken to its end. A one-character find is a memchr;
    # a "%" inside a line (a comment) is passed over.
    stop = text.find("%", at)
    while stop > 0 and text[stop - 1] != "\n":
        stop = text.find("%", stop + 1)
    if stop < 0:
        stop = len(text)
    statements: list[str] = moves_pattern.findall(text, at, stop)
    count = 0
    for stmt in statements:
        if len(stmt) == 1:  # no MOVE_LINE starts here: the run ends
            break
        at += len(stmt)
        count += 1
    del statements[count:]  # none for a record that ends before its first move
    end = end_pattern.match(text, at)
    if end is None:
        return None
    first, head_run, moves, special, time, comments = span_tokens(
        text,
        [
            ("COMMENT_RUN", *head.span("comments")),
            ("HEAD_RUN", *head.span("head")),
            ("MOVE_RUN", start, at),
            ("SPECIAL", *end.span("special")),
            ("TIME", *end.span("time")),
            ("COMMENT_RUN", *end.span("comments")),
        ],
    )
    items: list[tuple[Any, ...]] = [("run", head_run)]
    if first is not None:
        items.insert(0, ("run", first))
    if moves is not None:
        items.append(("moves", moves, statements))
    if special is not None:
        items.append(("special", special))
    if time is not None:
        items.append(("time", time))
    if comments is not None:
        items.append(("run", comments))
    return [items]


def _detect_csa(text: str) -> float:
    head = text.lstrip("\ufeff")[:2000]
    if "V2.1-55" in head:
        return 0.0
    if re.search(r"^(V[123](\.\d)?|PI|P1[-+ ]|[+-]\d{4}[A-Z]{2})\s*$", head, re.MULTILINE):
        return 0.9
    if re.search(r"^(N[+-]|\$[A-Z_]+:)", head, re.MULTILINE):
        return 0.5
    return 0.0


def capabilities(dialect: Dialect, time_resolution: float) -> Capabilities:
    """What a CSA-like format holds: no branches, everything else."""
    return Capabilities(
        branches=False,
        comments=True,
        times=True,
        total_times=False,
        start_positions=True,
        headers=True,
        specials=True,
        multiple_games=True,
        time_resolution=time_resolution,
        special_kinds=dialect.special_kinds(),
    )


read_csa = reader(CSA)
write_csa = writer(CSA)

FORMAT = Format(
    name="csa",
    description="CSA standard record (V3.0 written by default, V2.2 with version='2.2')",
    extensions=(".csa",),
    reader=read_csa,
    writer=write_csa,
    grammar="csa.lark",
    variants=frozenset({"standard"}),
    # V3.0 times hold milliseconds; V2.2 output rounds them to whole seconds.
    capabilities=capabilities(CSA, 0.001),
    detect=_detect_csa,
    encoding_rule=encoding_rule,
    write_options=frozenset({"version"}),
)
