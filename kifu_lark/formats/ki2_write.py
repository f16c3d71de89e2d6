"""The KI2 writer: the shortest notation the official rules allow (see ``rules.relative``),
six moves a line as Kifu for Windows does, comments and bookmarks after their move, the
``まで…`` line for a final special and 変化 sections for variations."""

from __future__ import annotations

from collections.abc import Iterator

from kifu_lark.errors import IllegalMoveError, KifuError
from kifu_lark.formats._nested import drive
from kifu_lark.formats.base import Capabilities, WriteOptions
from kifu_lark.formats.engine.memo import remember
from kifu_lark.formats.evaluation import comments_of, converted_comments
from kifu_lark.formats.japanese import (
    SPECIAL_FOLDS,
    display_width,
    read_summary,
    write_comment,
    write_summary,
)
from kifu_lark.formats.japanese_head import is_handicap, write_header_section
from kifu_lark.formats.japanese_move import write_ki2_move
from kifu_lark.formats.other_specials import written_word
from kifu_lark.formats.specials import foul_before, left_out_after_special, written_special
from kifu_lark.formats.summary_line import on_main_line, written_summary
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.move import SpecialKind
from kifu_lark.rules.board import Board, illegal
from kifu_lark.rules.fouls import TOLERABLE_CODES, foul_allowance
from kifu_lark.rules.geometry import KIND_CODE
from kifu_lark.rules.violations import Violation

NAME = "ki2"

_PER_LINE = 6
_CELL_WIDTH = 12


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
        # the nodes whose move was played out of turn (a declared foul), by id
        self.out_of_turn: set[int] = set()
        self.tolerated = frozenset(
            Violation(w.code) for w in game.warnings if w.code in TOLERABLE_CODES
        )

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
                fouled = special.kind is SpecialKind.ILLEGAL_MOVE and foul_before(
                    self.game.start, current
                )
                kind = written_special(special.kind, CAPABILITIES, NAME, foul_in_moves=fouled)
                assert kind is not None, "KI2 folds no special into nothing"
                word = written_word(special, NAME) if kind is SpecialKind.OTHER else None
                kept = None
                if self.game.summary_line is not None and on_main_line(current):
                    kept = written_summary(self.game, NAME, special)  # the main line's, as read
                self.out.append(
                    kept or write_summary(plies, kind, special.color, self.handicap, word)
                )
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
            row.append(write_ki2_move(board, move, previous))
            # Validated as it is played (play skips push's model-level bookkeeping): a
            # writer never emits a move its reader would reject.
            t = (to.rank + 1) * width + to.file
            f = 0 if frm is None else (frm.rank + 1) * width + frm.file
            drop = KIND_CODE[move.piece] if frm is None else 0
            promote = frm is not None and move.promote
            try:
                board.play(f, t, promote, drop)
            except IllegalMoveError:
                # a foul the record declares is written, and a breach it was read with
                allowed = foul_allowance(current) | self.tolerated
                if not allowed:
                    raise
                if move.color is not board.color and Violation.WRONG_TURN in allowed:
                    # a move out of turn: its ▲△ mark says whose it is; the board hands the
                    # move over for it, and back when it is taken back
                    board.pass_turn()
                    self.out_of_turn.add(id(current))
                board.play(f, t, promote, drop, allowed)
            played.append(current)
            if current.comment_lines or current.bookmark is not None or len(row) == _PER_LINE:
                self.flush(row)
                self.notes(current)
            previous = move
            current = current.next
        self.flush(row)
        # Moves are taken back down to the first one with variations only, when the board
        # need not be restored (the main line, mostly without variations: its moves are
        # not taken back one by one for nothing).
        stop = 0 if restore else self.first_fork(played)
        for depth in range(len(played) - 1, stop - 1, -1):
            done = played[depth]
            if done.move is not None:
                board.pop()
                if self.out_of_turn and id(done) in self.out_of_turn:
                    board.pass_turn()
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


#: Specials a まで line states so that they read back as themselves (OTHER: its word, which
#: ``written_word`` checks reads back).
EXACT_SPECIALS = frozenset(k for k in SpecialKind if _round_trips(k)) | {SpecialKind.OTHER}
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
    summary_line=True,
)
