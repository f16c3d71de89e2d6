"""The KI2 reader (see :mod:`kifu_lark.formats.ki2` for what it reads).

Each move is handed as written (destination or 同, piece, relative words, 成/不成/打) to
:class:`~kifu_lark.rules.replay.GameBuilder`, which resolves it against the position. A usual
record is cut by :func:`whole_record_pattern` with its moves taken by :data:`_SCAN`, each move
line then walked with the grammar's KI2_MOVE; any other text is read with the grammar as it is.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from lark import Token, Tree

from kifu_lark.errors import KifuError, KifuSyntaxError
from kifu_lark.formats import engine
from kifu_lark.formats.base import ReadOptions
from kifu_lark.formats.diagram import DIAGRAM_LINES, DiagramReader
from kifu_lark.formats.engine import parsing, whole
from kifu_lark.formats.engine.parsing import terminal_regex
from kifu_lark.formats.engine.tokens import tokens_with_variations, tree_items
from kifu_lark.formats.japanese import comment_text, kanji_number
from kifu_lark.formats.japanese_head import HeaderSection, handicap_among_moves, head_lines
from kifu_lark.formats.japanese_move import FIELDS, MARKS, fields_of, move_regex
from kifu_lark.formats.summary_line import SummaryReader
from kifu_lark.model.game import Game
from kifu_lark.model.move import SpecialKind
from kifu_lark.rules.replay import GameBuilder

NAME = "ki2"


@functools.cache
def _led_move_regex() -> re.Pattern[str]:
    """KI2_MOVE (group 1) with the blanks MOVE_LINE allows before it: the matches on a move
    line then follow each other, and the reader of a scanned block checks that they do."""
    gap = terminal_regex("ki2.lark", "_MOVE_GAP").pattern
    return re.compile(f"(?:{gap})?+({move_regex().pattern})")


@functools.cache
def _walk_regex() -> re.Pattern[str]:
    """:func:`_led_move_regex` whole as group 1, its move as group 2, and no other group
    (KI2_MOVE's made non-capturing: the same moves): its ``findall`` gives a line's moves as
    pairs. A group the regex engine sets costs time, and each call on a match object too;
    a move new to the reader is matched again with its groups (:func:`move_regex`).

    Where no move starts, the rest of the line is one last match with both groups empty:
    ``findall`` stops there rather than trying each character after it, so a long line no
    move reads costs one pass, as it does the grammar's lexer."""
    regex = re.compile(f"({parsing.uncapture(_led_move_regex().pattern)})|(?s:.+)")
    if regex.groups != 2:
        raise AssertionError(f"ki2.lark KI2_MOVE groups changed: {regex.pattern}")
    return regex


@functools.cache
def _after_move_line() -> re.Pattern[str]:
    """A COMMENT_LINE or BOOKMARK_LINE: the other lines of a MOVES_BLOCK."""
    return re.compile("|".join(terminal_regex("ki2.lark", name).pattern for name in _AFTER_MOVE))


_AFTER_MOVE = ("COMMENT_LINE", "BOOKMARK_LINE")


@functools.cache
def _line_end() -> re.Pattern[str]:
    """What may follow the last move of a move line split at its ``\\n``: blanks, and the
    ``\\r`` of ``_MOVE_LINE_END``."""
    gap = terminal_regex("ki2.lark", "_MOVE_GAP").pattern
    return re.compile(f"(?:{gap})?+\\r?")


# --- reading ------------------------------------------------------------------------------


class _Reader:
    """Walks the flat parse tree of one KI2 text, feeding a GameBuilder."""

    def __init__(self, text: str, options: ReadOptions, scanning: bool = False) -> None:
        self.text = text
        self.options = options
        # the moves block was found with _SCAN: each move line must be moves alone
        self.scanning = scanning
        self.section = HeaderSection("ki2")
        self.diagram = DiagramReader(NAME, text)
        self.comments: list[str] = []
        self.bookmark: str | None = None
        self.builder: GameBuilder | None = None
        self.summaries = SummaryReader(NAME)

    def start_builder(self) -> GameBuilder:
        if self.builder is None:
            self.builder = GameBuilder(
                self.section.start(self.diagram),
                format=NAME,
                tolerate=self.options.tolerate,
                source=self.text,
            )
            self.builder.root.comments.extend(self.comments)
            self.builder.root.bookmark = self.bookmark
        return self.builder

    def read(self, tree: Tree[Any]) -> Game:
        for item in parsing.expand(tree.children, _head_runs()):
            if isinstance(item, Tree) and item.data == "footer":
                continue  # 激指's closing lines: not part of the record
            if self.builder is None and (isinstance(item, Tree) or item.type in DIAGRAM_LINES):
                self.diagram.add(item)
                continue
            assert isinstance(item, Token)
            kind = item.type
            if kind == "MOVES_BLOCK":
                self.moves(item)
            elif kind == "COMMENT_LINE":
                if self.builder is None:
                    self.comments.append(comment_text(item))
                else:
                    self.builder.comment(comment_text(item))
            elif kind == "BOOKMARK_LINE":
                mark = item.rstrip("\r\n")[1:]
                if self.builder is None:
                    self.bookmark = mark
                else:
                    self.builder.node.bookmark = mark
            elif kind == "SUMMARY_LINE":
                self.summary(item)
            elif kind == "VARIATION_LINE":
                m = terminal_regex("ki2.lark", "VARIATION_LINE").match(item)
                assert m is not None  # the lexer matched the same regex
                ply = kanji_number(m["variation_ply"])
                self.start_builder().back_to(ply - 1, item.line, item.column)
            elif kind == "HEADER_LINE" or kind == "TRAILING_HEADER_LINE":
                self.section.add_line(item)
            elif kind == "HASH_LINE":
                self.section.add_hash(item)
        return self.summaries.finish(self.start_builder().finish(self.section.headers))

    def moves(self, block: Token) -> None:
        builder = self.start_builder()
        findall = _walk_regex().findall
        cache, play = FIELDS, builder.move_piece
        scanning = self.scanning
        line_no = (block.line or 1) - 1
        lines = block.split("\n")
        lines.pop()  # the block ends with a line break
        for text in lines:
            line_no += 1
            first = text[:1]
            if first == "*" or first == "&":
                if scanning and _after_move_line().fullmatch(text + "\n") is None:
                    raise engine.Inexact  # the scan takes any line starting so (a lone CR in it)
                if first == "*":
                    builder.comment(comment_text(text))
                else:
                    builder.node.bookmark = text.rstrip("\r")[1:]
                continue
            # Where the moves read so far end, with the blanks before them; a scanned line
            # is checked there: only blanks may follow its moves.
            end = 0
            for led, move in findall(text):
                if not led:  # the rest of the line, where no move starts
                    break
                end += len(led)
                fields = cache.get(move)
                if fields is None:
                    m = move_regex().fullmatch(move)
                    assert m is not None  # the walk matched the same move
                    fields = fields_of(m, move)
                color, special, to, piece, relative, promote, drop, origin = fields
                column = end - len(move) + 1
                if special is not None:
                    # an OTHER special keeps its word: the move text after its mark
                    word = move[1:] if special is SpecialKind.OTHER else None
                    builder.special(special, color=color, word=word, line=line_no, column=column)
                    continue
                try:
                    if origin is None:
                        play(to, color, piece, promote, drop, relative, None, line_no, column)
                    else:
                        builder.move(
                            to,
                            color=color,
                            from_=origin,
                            piece=piece,
                            promote=promote,
                            drop=drop,
                            relative=relative,
                            line=line_no,
                            column=column,
                        )
                except KifuError as err:
                    # the move's text is only cut out for an error: it costs per move
                    err.text = err.text or move
                    raise
            if scanning and (
                end == 0 or (end != len(text) and not _line_end().fullmatch(text, end))
            ):
                raise engine.Inexact  # a line with no move, or more than blanks after its moves

    def summary(self, token: Token) -> None:
        """A ``まで…`` line: the special it names (unless a special move came before it),
        what it declares checked (:class:`SummaryReader`)."""
        self.summaries.read(self.start_builder(), token)


@functools.cache
def _head_runs() -> dict[str, re.Pattern[str]]:
    """What cuts a HEAD_BLOCK token back into its lines (KIF's pieces, ki2.lark's terminals)."""
    return {"HEAD_BLOCK": head_lines("ki2.lark")}


# What the reader's whole-record pattern takes for a MOVES_BLOCK: the move line, then every
# line that starts (after blanks) with a turn mark, `*` or `&`. Each reads to its line break
# with `[^\n]*`, not with KI2_MOVE's many alternatives, which the reader then walks each
# move line with anyway: it checks that the moves follow each other and fill the
# line (see _Reader.moves), and any text where they do not is read with the grammar as it is.
_SCAN = r"(?:[ \t　]*+[▲☗▼△☖▽][^\n]*+\n(?:[*&][^\n]*+\n)*+)++"


@functools.cache
def whole_record_pattern() -> re.Pattern[str]:
    """The usual record whole, as lark's lexer reads it with MOVES_BLOCK matched by
    :data:`_SCAN`: a HEAD_BLOCK (or none), a board diagram (or none, see ``whole.diagram``),
    one MOVES_BLOCK (or none: a game ended before its first move), the SUMMARY_LINE (or
    none) and the 変化 sections after a MOVES_BLOCK (see ``whole.variations``), blank lines
    between them, and nothing else. Each terminal is an atomic group
    holding its own pattern, so that it takes what lark's lexer takes (its first match, none
    of it given back). No terminal lark tries first can match where each starts: HEAD_BLOCK
    leaves out the lines they take, a line that lark would read as a header line (priority
    1; it may start with ``▼``) is left out here, and the diagram's parts are placed by
    ``whole.lexed_as``. tests/formats/equivalence/test_tokens.py
    checks that the tokens are those of a parser with that MOVES_BLOCK, on every text."""
    return _patterns()[0]


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """:func:`whole_record_pattern` and the pattern of one 変化 section in it."""
    lark = DECLARATION.scanner()

    def term(name: str) -> str:
        return f"(?>{lark.get_terminal(name).pattern.to_regexp()})"

    blanks = f"{term('BLANK_LINE')}*+"
    header = term("HEADER_LINE")
    variations, section = whole.variations(lark, blanks, ("MOVES_BLOCK",))
    pattern = re.compile(
        f"(?!{term('BOM')})(?P<head>{term('HEAD_BLOCK')})?+{blanks}{whole.diagram(lark, blanks)}"
        f"(?:(?!{header})(?P<moves>{term('MOVES_BLOCK')}){blanks}"
        f"(?:(?!{header})(?P<summary>{term('SUMMARY_LINE')}){blanks})?+{variations}"
        f"|(?:(?!{header})(?P<summary_only>{term('SUMMARY_LINE')}){blanks})?+)\\Z"
    )
    return pattern, section


_WHOLE_RECORD = (
    ("head", "HEAD_BLOCK"),
    *whole.DIAGRAM_GROUPS,
    ("moves", "MOVES_BLOCK"),
    ("summary", "SUMMARY_LINE"),
    ("summary_only", "SUMMARY_LINE"),  # a game ended before its first move
)


def _whole_record(text: str) -> Tree[Any] | None:
    """The parse tree of ``text`` when it is one usual record whole (see
    :func:`whole_record_pattern`), with the tokens lark makes; ``None`` for any other text.
    One match of a compiled pattern cuts the record: lark's lexer is not run at all."""
    pattern, section = _patterns()
    m = pattern.match(text)
    if m is None:
        return None
    tokens = tokens_with_variations(m, _WHOLE_RECORD, section)
    if m.start("ranks") < 0:  # no board: the tokens are the items
        return Tree("start", [t for t in tokens if t is not None])
    return Tree("start", tree_items(tokens))


def builder(options: ReadOptions) -> Callable[[str, Tree[Any], bool], list[Game]]:
    """The engine's ``build``: the game of the tree parsed."""

    def build(text: str, tree: Tree[Any], scanning: bool) -> list[Game]:
        return [_Reader(text, options, scanning).read(tree)]

    return build


def read_ki2(text: str, options: ReadOptions, scan: bool = True) -> list[Game]:
    """Read a KI2/KI2U record (one game); ``scan=False`` reads it with the grammar as it is,
    without the fast ways (the tests compare both)."""

    return engine.read(DECLARATION, text, builder(options), scan)


_BLANKS = " \t　\r\n"


def _point_at_move(err: KifuSyntaxError) -> KifuSyntaxError:
    """Move the caret of a syntax error on a move line to the first move that does not
    read (the lexer only sees whole lines); say plainly what a 手合割 line among the moves
    is."""
    err = handicap_among_moves(err)
    line = err.source_line
    if line is None or not any(mark in line for mark in MARKS):
        return err
    regex = move_regex()
    pos = 0
    while pos < len(line):
        if line[pos] in _BLANKS:
            pos += 1
            continue
        m = regex.match(line, pos)
        if m is None:
            break
        pos = m.end()
    if pos >= len(line):
        return err
    err.message = "not a KI2 move"
    err.column = pos + 1
    err.text = line[pos : pos + 12].rstrip("\r\n")
    err.hint = "a move: mark (▲ △), square or 同, piece, then 右 左 上 引 寄 直, 成 不成 打"
    err.args = (err.message,)
    return err


DECLARATION = engine.Declaration(
    NAME,
    "ki2.lark",
    run="MOVES_BLOCK",
    scan=_SCAN,
    whole=_whole_record,
    explain=_point_at_move,
)
"""KI2 for the reader engine: MOVES_BLOCK scanned with :data:`_SCAN`, the usual record
matched whole by :func:`whole_record_pattern`."""
