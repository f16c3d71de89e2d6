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
(:data:`FLOODGATE_KEYS`), wherever they stand; the writer puts them back as those lines. A
plain ``'#text`` line before the first move is a file remark (``model.headers.REMARK``, the
entry a KIF ``#`` line reads as), which the writer puts back among the headers.

Speed: lark spends as much on a token as the rules engine on a move, so the grammar makes few
of them. Consecutive moves with their times and comments are one ``MOVE_RUN`` token, which
``csa_moves.MoveRun.play`` cuts with the compiled pattern of the grammar's own ``MOVE_LINE``
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
from typing import Any

from lark import Token, Transformer

from kifu_lark.formats import engine
from kifu_lark.formats.base import Capabilities, Format, ReadOptions
from kifu_lark.formats.csa_dialect import CSA, ILLEGAL_ACTION, KEY_OF_NAME, Dialect
from kifu_lark.formats.csa_moves import FLOODGATE_KEYS as FLOODGATE_KEYS
from kifu_lark.formats.csa_moves import MoveRun, run_bound, time_of
from kifu_lark.formats.csa_start import COLORS as _COLORS
from kifu_lark.formats.csa_start import start_position
from kifu_lark.formats.csa_write import encoding_rule, writer
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.engine.tokens import span_tokens
from kifu_lark.model.game import Game
from kifu_lark.model.headers import REMARK, HeaderKey, Headers, Key
from kifu_lark.model.move import SpecialKind, Time
from kifu_lark.rules.replay import GameBuilder


def _unescape_note(value: str) -> str:
    """V3.0 ``$NOTE`` writes a line break as ``\\n`` and a backslash as ``\\\\``."""
    return re.sub(r"\\([\\n])", lambda m: "\n" if m.group(1) == "n" else "\\", value)


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

    def head_comment(self, c: list[Token]) -> tuple[str, Token]:
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
        self.runs = run_pattern(dialect.grammar)
        # parsed with _SCAN: MOVE_LINE's cuts must cover every run of moves whole
        self.moves = MoveRun(dialect.grammar, scanning)

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
        moves = self.moves
        moves.begin(headers)
        for item in items[:first_event]:
            tag = item[0]
            if tag == "comment":
                text = str(item[1])
                if text[1:2] == "#":  # a file remark (a KIF # line), as csa_write writes it
                    headers.entries.append((REMARK, text[2:]))
                elif not moves.note(text):
                    root_comments.append(_comment_text(text))
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
                moves.play(builder, token, item[2] if len(item) > 2 else None)
            elif tag == "comment":
                if not moves.note(token):
                    builder.comment(_comment_text(token))
            elif tag == "header":
                headers.entries.append(_header(token))
            elif tag == "special":
                self._special(builder, token)
            else:
                self._time(builder, token, token[1:])
        builder.times_filled = moves.filled
        return builder.finish(headers)

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
        builder.time(Time(time_of(value)))
        if builder.node.move is not None:  # a move's time without its running total
            self.moves.filled = False


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


_Pattern = re.Pattern[str]


@functools.cache
def whole_record_patterns(
    grammar: str,
) -> tuple[_Pattern, _Pattern, _Pattern, _Pattern, _Pattern]:
    """The usual records whole, a record in three parts, as lark's lexer takes them with
    the grammar as it is:

    - the head: V3.0's encoding line (the text's first record only: after a separator the
      parser takes no encoding, and lark lexes the line as a comment), the comment lines
      before the version (floodgate's ``'summary:`` block, placed first), then HEAD_RUN;
    - the moves: MOVE_LINE, or else the rest of the text. ``findall`` from the head's end
      gives the MOVE_LINEs of the run (MOVE_RUN takes MOVE_LINEs in a row), then the rest
      in one piece where no MOVE_LINE starts: a line no move reads is passed over once,
      not a character at a time;
    - MOVE_LINE alone, which tells that rest from a last MOVE_LINE;
    - the end: SPECIAL and its TIME, comment lines, then the text's end or the separator
      (``/``) before the next record.

    Each terminal is an atomic group holding its own pattern, in the order the grammar
    allows them, so each takes what lark's lexer takes (its first match, none of it given
    back); no other terminal can start where each does. tests/formats/equivalence/
    test_tokens.py checks that the tokens are lark's on every text."""

    # the terminals as the parsers match them, from the parser cache's terminal table: the
    # usual record is read without loading a parser
    def term(name: str) -> str:
        return f"(?>{parsing.terminal_pattern(grammar, name)})"

    # MOVE_LINE is MOVE_RUN's part, not the parser's terminal
    move_line = term("MOVE_LINE")

    eos = term("_EOS")
    head = f"(?P<comments>(?:{term('COMMENT')}{eos})*+)(?P<head>{term('HEAD_RUN')})"
    return (
        re.compile(f"(?:{term('ENCODING')}{eos})?+{head}"),
        re.compile(head),
        re.compile(f"{move_line}|(?s:.+)"),
        re.compile(move_line),
        re.compile(
            f"(?:(?P<special>{term('SPECIAL')}){eos}(?:(?P<time>{term('TIME')}){eos})?+)?+"
            f"(?P<comments>(?:{term('COMMENT')}{eos})*+)"
            f"(?:(?P<separator>{term('_SEPARATOR')})|\\Z)"
        ),
    )


def _whole_record(grammar: str, text: str) -> list[list[tuple[Any, ...]]] | None:
    """The statements of each record of ``text`` when it is usual records whole (see
    :func:`whole_record_patterns`), as the parser gives them (runs not yet cut, the run of
    moves with its MOVE_LINEs as a third item); ``None`` for any other text. lark makes no
    token here, and the moves are matched once (floodgate's engine lines are most of a
    record's text)."""
    first_head, later_head, moves_pattern, move_line, end_pattern = whole_record_patterns(grammar)
    # each record's six token spans, in the order of the text, and its MOVE_LINEs: the
    # tokens of all records are made at once, their lines counted in one pass
    spans: list[tuple[str, int, int]] = []
    runs: list[list[str]] = []
    at = 0
    while True:
        # the encoding line is syntax, not a statement: the parser's start rule drops it too
        head = (later_head if runs else first_head).match(text, at)
        if head is None:
            return None
        start = at = head.end()
        stop = run_bound(text, at)
        statements: list[str] = moves_pattern.findall(text, at, stop)
        # the last piece is the rest (the run ended before ``stop``) when it is no MOVE_LINE:
        # a MOVE_LINE reads the same cut at its end (every part of it is possessive, and its
        # comment's look-ahead stays inside it), and the rest began where none starts
        if statements and move_line.fullmatch(text, stop - len(statements[-1]), stop) is None:
            at = stop - len(statements.pop())
        else:
            at = stop
        end = end_pattern.match(text, at)
        if end is None:
            return None
        spans += [
            ("COMMENT_RUN", *head.span("comments")),
            ("HEAD_RUN", *head.span("head")),
            ("MOVE_RUN", start, at),
            ("SPECIAL", *end.span("special")),
            ("TIME", *end.span("time")),
            ("COMMENT_RUN", *end.span("comments")),
        ]
        runs.append(statements)
        if end.group("separator") is None:
            break
        at = end.end()
    tokens = span_tokens(text, spans)
    return [_statements_of(tokens[6 * i : 6 * i + 6], run) for i, run in enumerate(runs)]


def _statements_of(tokens: list[Token | None], statements: list[str]) -> list[tuple[Any, ...]]:
    """One record's statements from its six tokens (see :func:`_whole_record`; ``None``
    where one is missing) and the MOVE_LINEs of its run."""
    first, head_run, moves, special, time, comments = tokens
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
    return items


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
