"""The KIF reader (see :mod:`kifu_lark.formats.kif` for the decisions it implements)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from lark import Token, Tree

from kifu_lark.errors import KifuSyntaxError
from kifu_lark.formats import engine
from kifu_lark.formats.base import ReadOptions
from kifu_lark.formats.diagram import DIAGRAM_LINES, DiagramReader
from kifu_lark.formats.engine import parsing, whole
from kifu_lark.formats.engine.parsing import terminal_regex
from kifu_lark.formats.engine.tokens import tokens_with_variations, tree_items
from kifu_lark.formats.japanese import comment_text, kanji_number
from kifu_lark.formats.japanese_head import HeaderSection, handicap_among_moves, head_lines
from kifu_lark.formats.kif_moves import FORMAT_NAME as FORMAT_NAME
from kifu_lark.formats.kif_moves import GRAMMAR as GRAMMAR
from kifu_lark.formats.kif_moves import MoveBlock
from kifu_lark.formats.summary_line import SummaryReader
from kifu_lark.model.game import Game, Issue
from kifu_lark.model.node import Node
from kifu_lark.rules.replay import GameBuilder

_LINE_BREAKS = re.compile(r"\r+\n?")


class _KifReader:
    """Reads the lines of one parsed KIF text into a game."""

    def __init__(self, text: str, options: ReadOptions, scanning: bool) -> None:
        self.text = text
        self.options = options
        self.section = HeaderSection()
        self.diagram = DiagramReader(FORMAT_NAME, text)
        self.root_comments: list[str] = []
        self.root_bookmark: str | None = None
        self.builder: GameBuilder | None = None
        self.summaries = SummaryReader(FORMAT_NAME)
        # parsed with _SCAN: every move block's lines must read as the block's terminals
        self.moves = MoveBlock(text, scanning)

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
                    builder = self._start()
                    if kind == "MOVES_BLOCK":
                        self.moves.play(builder, item)
                # BOM: nothing to keep
                continue
            assert isinstance(item, Token)
            self._body_item(item)
        builder = self.builder or self._start()
        builder.times_filled = not self.moves.partial_times  # each time read with both halves
        game = self.summaries.finish(builder.finish(self.section.headers))
        self._check_fork_marks(game)
        return game

    def _check_fork_marks(self, game: Game) -> None:
        """Warn where a ``+`` mark and the variations read disagree (the marks are
        redundant: the 変化 sections alone build the tree). Files without any mark
        (Shogidokoro writes none) are not checked."""
        if not self.moves.marked:
            return
        marked = {id(node) for node in self.moves.marked}
        if marked == {id(node) for node in _forked(game.root)}:
            return  # the usual file: the marks agree (the walk below orders the warnings)
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
            self.moves.play(builder, item)
        elif kind == "COMMENT_LINE":
            builder.comment(comment_text(item))
        elif kind == "VARIATION_LINE":
            m = terminal_regex(GRAMMAR, "VARIATION_LINE").match(item)
            assert m is not None
            ply = kanji_number(m["variation_ply"])
            builder.back_to(ply - 1, item.line, item.column)
            self.moves.depth = ply - 1
        elif kind == "SUMMARY_LINE":
            self._summary(item)
        elif kind == "BOOKMARK_LINE":
            builder.node.bookmark = item.rstrip("\r\n")[1:]
        elif kind == "HASH_LINE":
            builder.comment(item.rstrip("\r\n"))
        elif kind == "TRAILING_HEADER_LINE":
            self.section.add_line(item)

    def _summary(self, item: Token) -> None:
        """A ``まで…`` line: adds the special it names when the line read has none, and
        checks what it declares (:class:`SummaryReader`)."""
        builder = self.builder
        assert builder is not None
        if self.moves.depth == 0:
            return
        if self.summaries.read(builder, item):
            self.moves.depth += 1


def _forked(root: Node) -> list[Node]:
    """The nodes below ``root`` that a later sibling follows (a ``+`` mark's nodes), found
    down each line's chain of first children rather than node by node of a walk."""
    found: list[Node] = []
    lines = [root]
    while lines:
        node = lines.pop()
        following = node.next
        while following is not None:
            variations = node.variations
            if variations:
                found.append(following)
                found += variations[:-1]
                lines += variations
            node = following
            following = node.next
    return found


@functools.cache
def _head_runs() -> dict[str, re.Pattern[str]]:
    """What cuts a HEAD_BLOCK token back into its lines."""
    return {"HEAD_BLOCK": head_lines(GRAMMAR)}


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
    ``whole.diagram``), MOVES_HEADER, one MOVES_BLOCK, the SUMMARY_LINE (or none) and the
    変化 sections (see ``whole.variations``), blank lines between them, and nothing else.
    Each terminal is an atomic group holding its own pattern, so that it takes what lark's
    lexer takes (its first match, none of it given back). No terminal lark tries first can
    match where each starts (HEAD_BLOCK leaves out the lines they take; a summary line lark
    would read as a header line is left out here; the diagram's parts are placed by
    ``whole.lexed_as``). tests/formats/equivalence/test_tokens.py checks that the tokens
    are lark's on every text."""
    return _patterns()[0]


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """:func:`whole_record_pattern` and the pattern of one 変化 section in it."""
    lark = DECLARATION.scanner()

    def term(name: str) -> str:
        return f"(?>{lark.get_terminal(name).pattern.to_regexp()})"

    blanks = f"{term('BLANK_LINE')}*+"
    variations, section = whole.variations(lark, blanks, ("MOVES_HEADER", "MOVES_BLOCK"))
    pattern = re.compile(
        f"(?!{term('BOM')})(?P<head>{term('HEAD_BLOCK')})?+{blanks}{whole.diagram(lark, blanks)}"
        f"(?P<header>{term('MOVES_HEADER')}){blanks}(?P<moves>{term('MOVES_BLOCK')}){blanks}"
        f"(?:(?!{term('HEADER_LINE')})(?P<summary>{term('SUMMARY_LINE')}){blanks})?+"
        f"{variations}\\Z"
    )
    return pattern, section


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
    pattern, section = _patterns()
    m = pattern.match(text)
    if m is None:
        return None
    tokens = tokens_with_variations(m, _WHOLE_RECORD, section)
    if m.start("ranks") < 0:  # no board: the tokens are the items
        return Tree("start", [token for token in tokens if token is not None])
    return Tree("start", tree_items(tokens))


def _explain(err: KifuSyntaxError) -> KifuSyntaxError:
    """A clearer message for the usual mistakes: a move line the grammar rejects, with the
    column of the part that does not read; a 手合割 line among the moves."""
    err = handicap_among_moves(err)
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
        GRAMMAR, "SPECIAL_WORD"
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
