"""KI2 and KI2U: Kifu for Windows' "human" notation (``▲７六歩　△同　歩　▲５二金右``).

Headers, board diagrams, comments and 変化 sections are those of KIF; moves carry no origin.
The reader hands each move as written (destination or 同, piece, relative words, 成/不成/打)
to :class:`~kifu_lark.rules.replay.GameBuilder`, which resolves it against the position: an
ambiguous move raises ``AmbiguousMoveError`` naming the candidates, words that contradict the
only candidate raise ``RELATIVE_MISMATCH`` unless ``tolerate=["relative_words"]``.

The writer gives the shortest notation the official rules allow (see ``rules.relative``),
six moves a line as Kifu for Windows does, comments and bookmarks after their move, the
``まで…`` line for a final special and 変化 sections for variations.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

from lark import Token, Tree

from kifu_lark.errors import IllegalMoveError, KifuError, KifuSyntaxError
from kifu_lark.formats import _lark, _whole
from kifu_lark.formats._memo import remember
from kifu_lark.formats._nested import drive
from kifu_lark.formats._tokens import match_tokens
from kifu_lark.formats.base import Capabilities, Format, ReadOptions, WriteOptions
from kifu_lark.formats.bod import DIAGRAM_LINES, DiagramReader, terminal_regex
from kifu_lark.formats.evaluation import comments_of, converted_comments
from kifu_lark.formats.japanese import (
    KANJI_DIGITS,
    PIECE_MOVE_NAME,
    PIECE_NAMES,
    SPECIAL_FOLDS,
    SPECIAL_NAMES,
    SUMMARY_HINT,
    ZEN_DIGITS,
    comment_text,
    digit_value,
    display_width,
    kanji_number,
    read_summary,
    write_comment,
    write_summary,
)
from kifu_lark.formats.japanese_head import (
    HeaderSection,
    head_lines,
    is_handicap,
    write_header_section,
)
from kifu_lark.formats.specials import left_out_after_special, written_special
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.move import Move, SpecialKind
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square
from kifu_lark.rules.board import Board, illegal
from kifu_lark.rules.fouls import foul_allowance
from kifu_lark.rules.geometry import KIND_CODE
from kifu_lark.rules.relative import relative_words
from kifu_lark.rules.replay import GameBuilder
from kifu_lark.rules.violations import Violation

NAME = "ki2"
_BLACK_MARKS = frozenset("▲☗▼")
_ACTIONS: dict[str | None, tuple[bool | None, bool | None]] = {
    None: (None, None),
    "成": (True, None),
    "不成": (False, None),
    "生": (False, None),
    "打": (None, True),
}
# Every spelling of a square a move may use (ASCII or full-width file; kanji, ASCII or
# full-width rank) → Square, built once so that reading costs a look-up.
_SQUARES = {
    f + r: Square(digit_value(f), digit_value(r))
    for f in "123456789" + ZEN_DIGITS
    for r in KANJI_DIGITS + "123456789" + ZEN_DIGITS
}
# The まで line states the winner; these kinds carry the special's side in it.
_SIDED = frozenset(
    {
        SpecialKind.RESIGN,
        SpecialKind.TIME_UP,
        SpecialKind.ILLEGAL_WIN,
        SpecialKind.ILLEGAL_LOSS,
        SpecialKind.ENTERING_KING_WIN,
        SpecialKind.DEFAULT_WIN,
        SpecialKind.DEFAULT_LOSS,
    }
)


def _move_regex() -> re.Pattern[str]:
    """KI2_MOVE as the grammar defines it (lark inlines it into MOVE_LINE)."""
    return terminal_regex("ki2.lark", "KI2_MOVE")


@functools.cache
def _led_move_regex() -> re.Pattern[str]:
    """KI2_MOVE (group 1) with the blanks MOVE_LINE allows before it: the matches on a move
    line then follow each other, and the reader of a scanned block checks that they do."""
    gap = terminal_regex("ki2.lark", "_MOVE_GAP").pattern
    return re.compile(f"(?:{gap})?+({_move_regex().pattern})")


@functools.cache
def _walk_regex() -> re.Pattern[str]:
    """:func:`_led_move_regex` whole as group 1, its move as group 2, and no other group
    (KI2_MOVE's made non-capturing: the same moves): its ``findall`` gives a line's moves as
    pairs. A group the regex engine sets costs time, and each call on a match object too;
    a move new to the reader is matched again with its groups (:func:`_move_regex`)."""
    regex = re.compile(f"({_lark.uncapture(_led_move_regex().pattern)})")
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


# A move as written → what the reader hands to GameBuilder: (mover, special or None,
# destination or None for 同, piece, relative words, 成/不成, 打, origin). A record repeats
# a few hundred move texts, so each is taken apart once; bounded, cleared when full.
_Fields = tuple[
    Color,
    SpecialKind | None,
    Square | None,
    PieceKind | None,
    str,
    bool | None,
    bool | None,
    Square | None,
]
_FIELDS: dict[str, _Fields] = {}
_FIELDS_KEPT = 65536


_FIELD_GROUPS = ("mark", "special", "to", "piece", "relative", "action", "origin")


def _fields(m: re.Match[str], text: str) -> _Fields:
    """The fields of move ``text``, matched by ``m`` (KI2_MOVE's groups, by name)."""
    mark, special, to, piece, relative, action, origin = m.group(*_FIELD_GROUPS)
    promote, drop = _ACTIONS[action]
    fields: _Fields = (
        Color.BLACK if mark in _BLACK_MARKS else Color.WHITE,
        None if special is None else SPECIAL_NAMES[special],
        None if to is None else _SQUARES[to],
        None if piece is None else PIECE_NAMES[piece],
        relative or "",
        promote,
        drop,
        None if origin is None else _SQUARES[origin],
    )
    return remember(_FIELDS, text, fields, _FIELDS_KEPT)


def move_fields(text: str) -> _Fields | None:
    """What one KI2 move word says, as the reader takes it apart: (mover, special or
    ``None``, destination or ``None`` for 同, piece, relative words, 成/不成 as
    ``True``/``False``/``None``, 打, origin or ``None``). The word must start with its mark
    (``▲７六歩``, ``△同　歩``, ``▲５二金右``); the KIF spelling with an origin
    (``▲７六歩(77)``) reads too. ``None`` when ``text`` is not exactly one move."""
    m = _move_regex().fullmatch(text)
    if m is None:
        return None
    return _FIELDS.get(text) or _fields(m, text)


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
        for item in _lark.expand(tree.children, _head_runs()):
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
            elif kind == "HEADER_LINE":
                self.section.add_line(item)
            elif kind == "HASH_LINE":
                self.section.add_hash(item)
        return self.start_builder().finish(self.section.headers)

    def moves(self, block: Token) -> None:
        builder = self.start_builder()
        findall = _walk_regex().findall
        cache, play = _FIELDS, builder.move_piece
        scanning = self.scanning
        line_no = (block.line or 1) - 1
        lines = block.split("\n")
        lines.pop()  # the block ends with a line break
        for text in lines:
            line_no += 1
            first = text[:1]
            if first == "*" or first == "&":
                if scanning and _after_move_line().fullmatch(text + "\n") is None:
                    raise _Inexact  # the scan takes any line starting so (a lone CR in it)
                if first == "*":
                    builder.comment(comment_text(text))
                else:
                    builder.node.bookmark = text.rstrip("\r")[1:]
                continue
            # Where the moves read so far end, with the blanks before them. findall skips
            # what does not match: a scanned line is checked at its end, where any skipped
            # text leaves a move's last characters after the sum of the matches' lengths.
            end = 0
            for led, move in findall(text):
                end += len(led)
                fields = cache.get(move)
                if fields is None:
                    m = _move_regex().fullmatch(move)
                    assert m is not None  # the walk matched the same move
                    fields = _fields(m, move)
                color, special, to, piece, relative, promote, drop, origin = fields
                column = end - len(move) + 1
                if special is not None:
                    builder.special(special, color=color, line=line_no, column=column)
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
                raise _Inexact  # a line with no move, or more than blanks after its moves

    def summary(self, token: Token) -> None:
        builder = self.start_builder()
        try:
            result = read_summary(token)
        except ValueError as err:
            raise KifuSyntaxError(
                str(err),
                format="ki2",
                line=token.line,
                column=token.column,
                text=str(token),
                hint=SUMMARY_HINT,
            ) from None
        if result is None or result[1] is None or builder.node.special is not None:
            return  # a まで line naming no result, or one repeating a special move
        _, kind, side = result
        assert kind is not None
        color = side if kind in _SIDED else builder.color
        builder.special(kind, color=color, line=token.line, column=token.column)


@functools.cache
def _head_runs() -> dict[str, re.Pattern[str]]:
    """What cuts a HEAD_BLOCK token back into its lines (KIF's pieces, ki2.lark's terminals)."""
    return {"HEAD_BLOCK": head_lines("ki2.lark")}


# What the reader's whole-record pattern takes for a MOVES_BLOCK: the move line, then every
# line that starts (after blanks) with a turn mark, `*` or `&`. Each reads to its line break
# with `[^\n]*`, several times faster than KI2_MOVE's alternatives, which the reader then
# walks each move line with anyway: it checks that the moves follow each other and fill the
# line (see _Reader.moves), and any text where they do not is read with the grammar as it is.
_SCAN = r"(?:[ \t　]*+[▲☗▼△☖▽][^\n]*+\n(?:[*&][^\n]*+\n)*+)++"

#: MOVES_BLOCK matched with :data:`_SCAN` (see ``_lark.scanning``).
_scanning = _lark.scanning("MOVES_BLOCK", _SCAN)


class _Inexact(Exception):
    """A move block taken with :data:`_SCAN` holds a line that is not moves alone: the text
    is read with the grammar as it is."""


@functools.cache
def whole_record_pattern() -> re.Pattern[str]:
    """The usual record whole, as lark's lexer reads it with MOVES_BLOCK matched by
    :data:`_SCAN`: a HEAD_BLOCK (or none), a board diagram (or none, see ``_whole.diagram``),
    one MOVES_BLOCK (or none: a game ended before its first move) and the SUMMARY_LINE (or
    none), blank lines between them, and nothing else. Each terminal is an atomic group
    holding its own pattern, so that it takes what lark's lexer takes (its first match, none
    of it given back). No terminal lark tries first can match where each starts: HEAD_BLOCK
    leaves out the lines they take, a line that lark would read as a header line (priority
    1; it may start with ``▼``) is left out here, and the diagram's parts are placed by
    ``_whole.lexed_as``. tests/formats/test_ki2_whole_record.py
    checks that the tokens are those of a parser with that MOVES_BLOCK, on every text."""
    lark = _lark.parser("ki2.lark", edit_terminals=_scanning)

    def term(name: str) -> str:
        return f"(?>{lark.get_terminal(name).pattern.to_regexp()})"

    blanks = f"{term('BLANK_LINE')}*+"
    header = term("HEADER_LINE")
    return re.compile(
        f"(?!{term('BOM')})(?P<head>{term('HEAD_BLOCK')})?+{blanks}{_whole.diagram(lark, blanks)}"
        f"(?:(?!{header})(?P<moves>{term('MOVES_BLOCK')}){blanks})?+"
        f"(?:(?!{header})(?P<summary>{term('SUMMARY_LINE')}){blanks})?+\\Z"
    )


_WHOLE_RECORD = (
    ("head", "HEAD_BLOCK"),
    *_whole.DIAGRAM_GROUPS,
    ("moves", "MOVES_BLOCK"),
    ("summary", "SUMMARY_LINE"),
)


def _whole_record(text: str) -> Tree[Any] | None:
    """The parse tree of ``text`` when it is one usual record whole (see
    :func:`whole_record_pattern`), with the tokens lark makes; ``None`` for any other text.
    lark spent a few microseconds on each token: a tenth of reading a record, and half of
    one with a diagram."""
    m = whole_record_pattern().match(text)
    if m is None:
        return None
    tokens = match_tokens(m, _WHOLE_RECORD)
    if m.start("ranks") < 0:  # no board: the tokens are the items
        return Tree("start", [t for t in tokens if t is not None])
    return Tree("start", _whole.items(tokens))


def read_ki2(text: str, options: ReadOptions, scan: bool = True) -> list[Game]:
    """Read a KI2/KI2U record (one game); ``scan=False`` reads it with the grammar as it is,
    without :func:`whole_record_pattern` (the tests compare both)."""
    if not text.endswith("\n"):
        text += "\n"
    tree = _whole_record(text) if scan else None
    if tree is not None:
        try:
            return [_Reader(text, options, True).read(tree)]
        except (KifuError, _Inexact):
            pass  # read again with the grammar, which tells every error and which comes first
    try:
        tree = _lark.parse(_lark.parser("ki2.lark"), text, NAME)
    except KifuSyntaxError as err:
        raise _point_at_move(err) from None
    return [_Reader(text, options).read(tree)]


_BLANKS = " \t　\r\n"


def _point_at_move(err: KifuSyntaxError) -> KifuSyntaxError:
    """Move the caret of a syntax error on a move line to the first move that does not
    read (the lexer only sees whole lines)."""
    line = err.source_line
    if line is None or not any(mark in line for mark in _MARKS):
        return err
    regex = _move_regex()
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


# --- writing ------------------------------------------------------------------------------

_PER_LINE = 6
_CELL_WIDTH = 12


def write_move(board: Board, move: Move, previous: Move | None) -> str:
    """One move in KI2 notation on ``board`` (before the move), e.g. ``▲同　歩`` or
    ``△５二金右上成``; ``previous`` is the move before it (for 同)."""
    words = relative_words(board, move)
    name = PIECE_MOVE_NAME[move.piece]
    frm = move.from_
    if words is None:  # no words can tell the pieces apart: give the origin
        assert frm is not None
        words = f"({frm.file}{frm.rank})"
    to = move.to
    if frm is not None and move.piece.can_promote:
        # inside the promotion zone at either end: 成 or 不成 must be written
        zone = board.g.in_zone[0 if move.color is Color.BLACK else 1]
        width = board.g.width
        if zone[(frm.rank + 1) * width + frm.file] or zone[(to.rank + 1) * width + to.file]:
            promotion = "成" if move.promote else "不成"
            if words.startswith("("):
                words = promotion + words
            else:
                words += promotion
    rest = name + words
    mark = "▲" if move.color is Color.BLACK else "△"
    # fields, not Square.__eq__: cheaper, and this runs per move written
    if previous is not None and previous.to.file == to.file and previous.to.rank == to.rank:
        return mark + "同" + ("　" if len(rest) == 1 else "") + rest
    return mark + ZEN_DIGITS[to.file - 1] + KANJI_DIGITS[to.rank - 1] + rest


# A move as written → the move padded to its column (records repeat a few hundred moves).
_PADDED: dict[str, str] = {}


def _pad(text: str) -> str:
    return remember(_PADDED, text, text + " " * max(_CELL_WIDTH - display_width(text), 2), 8192)


class _Writer:
    def __init__(self, game: Game, options: WriteOptions) -> None:
        self.game = game
        self.options = options
        self.board = Board.from_position(game.start)
        self.out: list[str] = []
        self.handicap = is_handicap(game.start)
        # evaluation lines of another format, in KI2's own (ShogiHome) form
        self.converted = converted_comments(game, NAME)

    def lines(self, first: Node) -> None:
        """Write the main line from ``first`` and every variation, to any depth: each
        :meth:`line` hands the variations it meets back to this loop (a generator per
        line, no recursion), which writes each before that line goes on."""
        drive(self.line(first, 1, restore=False), lambda request: self.line(*request))

    def line(self, node: Node, ply: int, restore: bool = True) -> Iterator[tuple[Node, int]]:
        """Write the line starting at ``node`` (move number ``ply``, following first
        children), then ask for the variations branching from it, deepest first, as Kifu for
        Windows orders them; the board is where the variation starts when one is asked for.
        The board is taken back to where it was unless ``restore`` is false."""
        row: list[str] = []
        played: list[Node] = []
        board = self.board
        width, files, ranks = board.g.width, board.g.files, board.g.ranks
        parent = node.parent
        previous = parent.move if parent is not None else None
        current: Node | None = node
        while current is not None:
            special = current.special
            if special is not None:
                self.flush(row)
                plies = ply + len(played) - 1
                kind = written_special(special.kind, CAPABILITIES, NAME)
                assert kind is not None, "KI2 folds no special into nothing"
                self.out.append(write_summary(plies, kind, special.color, self.handicap))
                self.notes(current)
                played.append(current)
                after = current.next
                while after is not None:  # one まで line ends a line: the rest is left out,
                    left_out_after_special(after, NAME)
                    # but not its comments: they follow the first's
                    self.out.extend(
                        write_comment(t, "ki2") for t in comments_of(after, self.converted)
                    )
                    after = after.next
                break
            move = current.move
            assert move is not None
            to, frm = move.to, move.from_
            if (
                to.file > files
                or to.rank > ranks
                or (frm is not None and (frm.file > files or frm.rank > ranks))
            ):
                raise illegal(Violation.OFF_BOARD, move.usi())
            row.append(write_move(board, move, previous))
            # Validated as it is played (play skips push's model-level bookkeeping): a
            # writer never emits a move its reader would reject.
            t = (to.rank + 1) * width + to.file
            f = 0 if frm is None else (frm.rank + 1) * width + frm.file
            drop = KIND_CODE[move.piece] if frm is None else 0
            promote = frm is not None and move.promote
            try:
                board.play(f, t, promote, drop)
            except IllegalMoveError:
                allowed = foul_allowance(current)  # a foul the record declares is written
                if not allowed:
                    raise
                board.play(f, t, promote, drop, allowed)
            played.append(current)
            if current.comment_lines or current.bookmark is not None or len(row) == _PER_LINE:
                self.flush(row)
                self.notes(current)
            previous = move
            current = current.next
        self.flush(row)
        # Moves are taken back down to the first one with variations only, when the board
        # need not be restored (the main line, without variations mostly: taking back every
        # move cost a tenth of writing).
        stop = 0 if restore else self.first_fork(played)
        for depth in range(len(played) - 1, stop - 1, -1):
            done = played[depth]
            if done.move is not None:
                board.pop()
            parent = done.parent
            if parent is None or parent.next is not done or self.options.mainline_only:
                continue
            for alternative in parent.variations:
                self.out.append("")
                self.out.append(f"変化：{ply + depth}手")
                yield alternative, ply + depth

    def first_fork(self, played: list[Node]) -> int:
        """The index in ``played`` of the first node followed by variations to write
        (``len(played)`` for none)."""
        if not self.options.mainline_only:
            for depth, done in enumerate(played):
                parent = done.parent
                if parent is not None and parent.variations and parent.next is done:
                    return depth
        return len(played)

    def flush(self, row: list[str]) -> None:
        if not row:
            return
        padded = [_PADDED.get(text) or _pad(text) for text in row[:-1]]
        self.out.append("".join(padded) + row[-1])
        row.clear()

    def notes(self, node: Node) -> None:
        self.out.extend(write_comment(text, "ki2") for text in comments_of(node, self.converted))
        if node.bookmark is not None:
            self.out.append("&" + node.bookmark)

    def write(self) -> str:
        game = self.game
        header = write_header_section(game.headers, game.start, self.options.encoding, "ki2")
        self.out.extend(header)
        root = game.root
        self.notes(root)
        if root.children:
            # variations of the first move included
            self.lines(root.children[0])
        return "\n".join(self.out) + "\n"


def write_ki2(game: Game, options: WriteOptions) -> str:
    """Write ``game`` in KI2: the shortest notation, six moves a line, then 変化 sections.

    Times are not part of KI2 and are left out. A special the まで line cannot state exactly
    (``CAPABILITIES.special_kinds`` lists those it can) gets its declared nearest wording, as
    in KIF (反則負け for ILLEGAL_MOVE, 持将棋 for MAX_MOVES), and what follows a special (a
    second special, as some CSA records end) is left out: both with a ``LossyWriteWarning``.
    """
    try:
        return _Writer(game, options).write()
    except KifuError as err:  # an illegal move in the game: say which format refused it
        raise err.locate(format=NAME) from None


def _round_trips(kind: SpecialKind) -> bool:
    try:
        result = read_summary(write_summary(2, kind, Color.BLACK, False))
    except KeyError:  # no word for it
        return False
    return result is not None and result[1] is kind


#: Specials a まで line states so that they read back as themselves.
EXACT_SPECIALS = frozenset(k for k in SpecialKind if _round_trips(k))
CAPABILITIES = Capabilities(
    branches=True,
    comments=True,
    start_positions=True,
    start_ply=True,
    headers=True,
    specials=True,
    special_kinds=EXACT_SPECIALS,
    special_folds={k: v for k, v in SPECIAL_FOLDS.items() if k not in EXACT_SPECIALS},
    consecutive_specials=False,
)


def _detect(text: str) -> float:
    """KI2 text has lines that start with a turn mark and read as moves, and no numbered
    KIF move lines."""
    score = 0.0
    regex = _move_regex()
    for line in text.splitlines()[:80]:
        line = line.strip(" \t　\ufeff")
        if line[:1] in _MARKS and regex.match(line):
            score = 0.8
        elif _KIF_MOVES.match(line):
            return 0.0  # a KIF move section
    return score


_MARKS = frozenset("▲△☗☖▼▽")
# `手数----指手--` or a numbered move line `1 ７六歩(77)`
_KIF_MOVES = re.compile(r"手数[-－―ー]|[0-9]+[ \t]+\S")


FORMAT = Format(
    name=NAME,
    description="KI2 / KI2U: Kifu for Windows' human notation (右 左 上 引 寄 直 打 同)",
    extensions=(".ki2", ".ki2u"),
    reader=read_ki2,
    writer=write_ki2,
    grammar="ki2.lark",
    variants=frozenset({"any"}),
    capabilities=CAPABILITIES,
    detect=_detect,
    encodings={".ki2": "cp932", ".ki2u": "utf-8"},
)
