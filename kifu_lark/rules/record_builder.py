"""The record half of :class:`~kifu_lark.rules.replay.GameBuilder`: the tree it grows.

:class:`RecordBuilder` holds the game being read: the start, the board the moves are played
on, the node tree with its specials, comments, times and variations (``back_to``), the
warnings of tolerated breaches and a foul waiting for its declaration, and where in the
source each error is. ``GameBuilder`` adds the moves, resolved and validated, on top.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from contextvars import ContextVar

from kifu_lark.errors import IllegalMoveError, InvalidRecordError, KifuError
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Issue
from kifu_lark.model.headers import Headers
from kifu_lark.model.move import Move, Special, SpecialKind, Time
from kifu_lark.model.node import Node
from kifu_lark.model.position import Position
from kifu_lark.model.times import fill_times
from kifu_lark.rules.board import Board
from kifu_lark.rules.fouls import FOUL_DECLARATIONS, TOLERABLE_CODES, tolerance
from kifu_lark.rules.violations import Violation

#: Called with the builder's board and a node: the root when a builder starts (the board
#: holds the start), then each move's node right after the move is played on it (the board
#: holds the position after the move). Set for a block of reads by
#: :func:`kifu_lark.record.watch_reads`; readers go on knowing nothing of it.
Watcher = Callable[[Board, Node], None]
WATCHER: ContextVar[Watcher | None] = ContextVar("kifu_lark_read_watcher", default=None)


class RecordBuilder:
    """Grows a game tree: specials, comments, times and variations; the moves are
    :class:`~kifu_lark.rules.replay.GameBuilder`'s."""

    def __init__(
        self,
        start: Position,
        *,
        format: str,
        tolerate: Collection[str | Violation] = (),
        source: str | None = None,
    ) -> None:
        self.start = start
        self.format = format
        self.allowed = tolerance(tolerate)
        self.board = Board.from_position(start)
        self.board.hashing = False  # a record read never asks about repetition
        self.root = Node()
        self.node = self.root
        self.warnings: list[Issue] = []
        self._source = source
        self._lines: list[str] | None = None
        # The error of a last move played as a foul, until a special declares it (see
        # :meth:`_foul_move`); anything else that follows raises it. Public: readers that
        # locate errors after the fact (KIF columns, JKF paths) locate this one too.
        self.pending_foul: KifuError | None = None
        #: Set by a reader that gave every move's time both halves as :func:`fill_times`
        #: would (the CSA reader keeps the running totals as it reads): ``finish`` then
        #: skips that walk over the moves.
        self.times_filled = False
        #: The watcher of the reads of this context (see :data:`WATCHER`), read once.
        self.watch: Watcher | None = WATCHER.get()
        if self.watch is not None:
            self.watch(self.board, self.root)

    # --- locations -------------------------------------------------------------------------

    def source_line(self, line: int | None) -> str | None:
        """The text of 1-based ``line`` of the source, when known."""
        if self._source is None or line is None:
            return None
        if self._lines is None:
            self._lines = self._source.splitlines()
        return self._lines[line - 1] if 0 < line <= len(self._lines) else None

    def error(
        self,
        err: KifuError,
        line: int | None,
        column: int | None,
        text: str | None = None,
    ) -> KifuError:
        """Fill in ``err``'s location from the move being read."""
        if isinstance(err, IllegalMoveError) and err.ply is None:
            err.ply = self.node.ply + 1
        if err.text is None:
            err.text = text
        return err.locate(
            format=self.format, line=line, column=column, source_line=self.source_line(line)
        )

    # --- building --------------------------------------------------------------------------

    @property
    def ply(self) -> int:
        """Depth of the current node (0 before the first move)."""
        return len(self.board._history)

    @property
    def color(self) -> Color:
        """The side to move at the current node."""
        return self.board.color

    def _foul_move(self, err: KifuError, replay: Callable[[], Node | None]) -> Node:
        """Play a move that breaks a tolerable rule as a foul, in case the record goes on to
        declare it (反則勝ち, ``%ILLEGAL_MOVE``): its breach goes to the warnings, and ``err``
        is raised by whatever comes next unless :meth:`special` declares the foul.

        Raises:
            KifuError: ``err`` when the breach is not tolerable or a foul is already pending.
        """
        code = err.code
        if (
            not isinstance(err, IllegalMoveError)
            or code not in TOLERABLE_CODES
            or self.pending_foul is not None
        ):
            raise err
        violation = Violation(code)
        saved = self.allowed
        if violation in saved:  # tolerated and still refused (e.g. in resolving): no foul
            raise err
        self.allowed = saved | {violation}
        node: Node | None = None
        try:
            node = replay()
        except KifuError:
            pass  # raised below, outside this handler: no exception context cycle
        finally:
            self.allowed = saved
        if node is None:
            raise err
        self.pending_foul = err
        return node

    def _append(self, played: Move, line: int | None, column: int | None) -> Node:
        """Add a node for ``played`` (already validated) below the current one."""
        if self.board.tolerated:
            self._drain(line, column)
        parent = self.node
        node = self.node = parent.grow(played, line, column)
        watch = self.watch
        if watch is not None:
            watch(self.board, node)
        return node

    def special(
        self,
        kind: SpecialKind,
        *,
        color: Color | None = None,
        word: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> Node:
        """Append a special (投了 …); ``color`` defaults to the side to move; ``word`` is
        the word an ``OTHER`` special was written as.

        Raises:
            IllegalMoveError: when the last move was a foul that this special does not
                declare (see :data:`FOUL_DECLARATIONS`).
        """
        if self.pending_foul is not None:
            if kind not in FOUL_DECLARATIONS:
                raise self.pending_foul
            self.pending_foul = None
        node = Node(
            special=Special(kind, self.board.color if color is None else color, word),
            line=line,
            column=column,
        )
        self.node.add(node)
        self.node = node
        return node

    def comment(self, text: str) -> None:
        """Attach a comment line to the current node (the root before the first move)."""
        # the node's own list, not its ``comments`` property: floodgate records have an
        # engine line a move, and the property is a call into interpreted code
        node = self.node
        comments = node._comments
        if comments is None:
            node._comments = text  # a lone comment needs no list (floodgate: one a move)
        elif isinstance(comments, str):
            node._comments = [comments, text]
        else:
            comments.append(text)

    def time(self, time: Time) -> None:
        """Set the time of the current node."""
        self.node.time = time

    def back_to(self, ply: int, line: int | None = None, column: int | None = None) -> None:
        """Make the ancestor at depth ``ply`` on the current path current (to read a
        variation that replaces move ``ply + 1``).

        Raises:
            InvalidRecordError: when the current path is not that deep.
        """
        if self.pending_foul is not None:
            raise self.pending_foul
        # The depth comes from the board's history, not Node.ply, which walks to the root:
        # asking it for every variation made reading n variations take n² steps. Nodes
        # without a move below the root are specials, each one deeper than the node above
        # it (不詰 then 中断: two deeper than the moves played).
        node = self.node
        depth = len(self.board._history)
        above = node
        while above.move is None and above.parent is not None:
            depth += 1
            above = above.parent
        if ply < 0 or ply > depth:
            err = InvalidRecordError(
                f"a variation at move {ply + 1} does not branch from the line read so far",
                code="BAD_BRANCH",
                hint=f"the line above reaches move {depth}",
            )
            raise self.error(err, line, column)
        popped = False
        while depth > ply:
            if node.move is not None:
                self.board.pop()
                popped = True
            assert node.parent is not None  # depth > 0
            node = node.parent
            depth -= 1
        self.node = node
        if popped:
            # Taking back a move played out of turn (a wrong turn let through) leaves its
            # mover to move: the side to move is the one after the last move kept.
            last = node
            while last.move is None and last.parent is not None:
                last = last.parent
            turn = self.start.turn if last.move is None else last.move.color.opponent
            if self.board.color is not turn:
                self.board.pass_turn()

    def _drain(self, line: int | None, column: int | None) -> None:
        for violation in self.board.tolerated:
            self.warnings.append(
                Issue(violation.value, violation.message, self.node.ply + 1, line, column)
            )
        self.board.tolerated.clear()

    def finish(self, headers: Headers | None = None) -> Game:
        """The game built so far.

        Raises:
            IllegalMoveError: when the last move was a foul the record does not declare.
        """
        if self.pending_foul is not None:
            raise self.pending_foul
        if not self.times_filled:
            fill_times(self.root)  # every reader's times alike: spent and running total
        game = Game(headers or Headers(), self.start, self.root)
        game.format = self.format
        game.warnings = self.warnings
        return game
