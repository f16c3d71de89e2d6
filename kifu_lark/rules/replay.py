"""Build a :class:`~kifu_lark.model.Game` from notation-level moves, checking each one.

Every reader goes through :class:`GameBuilder`: the transformer hands over what the file says
(origin or none, destination or 同, piece as written, 成/不成/打, relative words) with its
line and column; the builder resolves it against the position, validates it with the rules
engine, and grows the tree. Errors get the format, line, column, ply and text of the move.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from functools import partial

from kifu_lark.errors import IllegalMoveError, InvalidRecordError, KifuError
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Issue
from kifu_lark.model.headers import Headers
from kifu_lark.model.move import Move, Special, SpecialKind, Time
from kifu_lark.model.node import Node
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.model.times import fill_times
from kifu_lark.rules.board import Board, illegal
from kifu_lark.rules.geometry import KIND_CODE, KINDS, KING
from kifu_lark.rules.relative import narrow
from kifu_lark.rules.resolve import (
    may_be_illegal,
    origin_indices,
    promotion_allowed,
    resolve_unqualified,
)
from kifu_lark.rules.violations import ALL_TOLERABLE, TOLERABLE, Violation

_COLORS = (Color.BLACK, Color.WHITE)
_TOLERABLE_CODES = frozenset(v.value for v in TOLERABLE.values())
_END_HINT = "an end (投了, %TORYO …) closes its line: remove it, or the moves after it"
#: Specials by which a record declares that its last move was a foul (反則勝ち of the side
#: to move, CSA ``%ILLEGAL_MOVE``): the move is then kept, with its breach as a warning.
FOUL_DECLARATIONS = frozenset({SpecialKind.ILLEGAL_WIN, SpecialKind.ILLEGAL_MOVE})


def foul_allowance(node: Node) -> frozenset[Violation]:
    """What a writer replaying ``node``'s move lets it break: every tolerable rule when the
    record declares the move a foul (a :data:`FOUL_DECLARATIONS` special follows it), as its
    reader then accepts it; nothing otherwise."""
    after = node.next
    if after is not None and after.special is not None and after.special.kind in FOUL_DECLARATIONS:
        return ALL_TOLERABLE
    return frozenset()


def tolerance(names: Iterable[str | Violation]) -> frozenset[Violation]:
    """The violations named (``"two_pawns"``, ``"wrong_turn"`` … or ``Violation`` values).

    Raises:
        KifuError: for a name that is not a tolerable breach.
    """
    allowed: set[Violation] = set()
    for name in names:
        if isinstance(name, Violation):
            allowed.add(name)
            continue
        key = name.strip().lower().replace("-", "_")
        if key not in TOLERABLE:
            raise KifuError(
                f"cannot tolerate {name!r}",
                code="USAGE",
                hint="tolerable: " + ", ".join(sorted(TOLERABLE)),
            )
        allowed.add(TOLERABLE[key])
    return frozenset(allowed)


class GameBuilder:
    """Grows a game tree move by move, validating each move as it is added."""

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
        #: skips that walk over the moves (a twentieth of a floodgate record's reading).
        self.times_filled = False

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

    def last_move(self) -> Move | None:
        """The move of the current node, if it holds one."""
        return self.node.move

    def move(
        self,
        to: Square | None,
        *,
        color: Color | None = None,
        from_: Square | None = None,
        piece: PieceKind | None = None,
        piece_after: PieceKind | None = None,
        promote: bool | None = None,
        drop: bool | None = None,
        relative: str = "",
        text: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> Node:
        """Resolve, validate and append one move; the new node becomes current.

        Args:
            to: the destination, ``None`` for 同 (the previous move's destination).
            color: the mover as written (``None``: the side to move).
            from_: the origin as written, ``None`` when the notation omits it or for a drop.
            piece: the kind before the move as written.
            piece_after: the kind after the move (CSA writes this instead of 成).
            promote: 成 (True), 不成 (False) or not written (None).
            drop: 打 written (True), an explicit drop origin (CSA ``00``) also True.
            relative: KI2 relative words (右 左 上 引 寄 直), used when ``from_`` is None.
            text, line, column: the move as written and where, for errors.

        Raises:
            IllegalMoveError: for a move that breaks a rule or cannot be resolved.
        """
        if self.pending_foul is not None:
            raise self.pending_foul
        if from_ is not None and to is not None:
            return self.move_from(to, from_, color, piece, piece_after, promote, text, line, column)
        if from_ is None and (drop or piece_after is None):
            # a drop may name its piece either way; otherwise piece_after means an origin
            kind = piece if piece is not None else piece_after
            return self.move_piece(to, color, kind, promote, drop, relative, text, line, column)
        return self._move_resolved(
            to, color, from_, piece, piece_after, promote, drop, relative, text, line, column
        )

    def move_piece(
        self,
        to: Square | None,
        color: Color | None,
        piece: PieceKind | None,
        promote: bool | None,
        drop: bool | None,
        relative: str,
        text: str | None,
        line: int | None,
        column: int | None,
    ) -> Node:
        """:meth:`move` for a move written without its origin (KI2), every argument
        positional: that reader's hot path, as :meth:`move_from` is for the others.

        Raises:
            IllegalMoveError: for a move that breaks a rule or cannot be resolved.
        """
        if self.pending_foul is not None:
            raise self.pending_foul
        if drop:
            if to is not None:
                node = self._drop(to, color, piece, promote, text, line, column)
                if node is not None:
                    return node
        elif piece is not None:
            node = self._move_single(to, color, piece, promote, text, line, column, relative)
            if node is not None:
                return node
        return self._move_resolved(
            to, color, None, piece, None, promote, drop, relative, text, line, column
        )

    def _move_resolved(
        self,
        to: Square | None,
        color: Color | None,
        from_: Square | None,
        piece: PieceKind | None,
        piece_after: PieceKind | None,
        promote: bool | None,
        drop: bool | None,
        relative: str,
        text: str | None,
        line: int | None,
        column: int | None,
    ) -> Node:
        """The general path of :meth:`move`: resolve to a model ``Move``, then push it."""
        try:
            if self.node.special is not None:
                raise InvalidRecordError(
                    "a move follows the end of the game", code="MOVE_AFTER_END", hint=_END_HINT
                )
            move = self._resolve(to, color, from_, piece, piece_after, promote, drop, relative)
            played = self.board.push(move, self.allowed)
        except KifuError as err:
            return self._foul_move(
                self.error(err, line, column, text),
                partial(
                    self._move_resolved,
                    to,
                    color,
                    from_,
                    piece,
                    piece_after,
                    promote,
                    drop,
                    relative,
                    text,
                    line,
                    column,
                ),
            )
        return self._append(played, line, column)

    def move_from(
        self,
        to: Square,
        from_: Square,
        color: Color | None,
        piece: PieceKind | None,
        piece_after: PieceKind | None,
        promote: bool | None,
        text: str | None,
        line: int | None,
        column: int | None,
    ) -> Node:
        """:meth:`move` for a move whose origin is written (CSA, KIF, USI), with every
        argument positional: the readers' hot path (a keyword call and the dispatch of
        :meth:`move` cost as much as a third of the rules checks).

        The move is checked and played in one pass over engine indices, creating at most one
        ``Move`` (shared through ``Geometry.move``); the checks run in the order of
        :meth:`_resolve` followed by ``Board.push``.

        Raises:
            IllegalMoveError: for a move that breaks a rule.
        """
        # Each coordinate read once: a Square is an attrs instance, whose every attribute
        # read costs the compiled build a generic look-up.
        return self.move_between(
            to.file,
            to.rank,
            from_.file,
            from_.rank,
            color,
            piece,
            piece_after,
            promote,
            text,
            line,
            column,
        )

    def move_between(
        self,
        to_file: int,
        to_rank: int,
        from_file: int,
        from_rank: int,
        color: Color | None,
        piece: PieceKind | None,
        piece_after: PieceKind | None,
        promote: bool | None,
        text: str | None,
        line: int | None,
        column: int | None,
    ) -> Node:
        """:meth:`move_from` with both squares as numbers (file, rank): the CSA and KIF
        readers' move tables hold them, and reading them from ``Square`` instances costs
        the compiled build a generic look-up each. A ``Square`` is made only for an error.

        Raises:
            IllegalMoveError: for a move that breaks a rule.
        """
        if self.pending_foul is not None:
            raise self.pending_foul
        board = self.board
        parent = self.node
        try:
            if parent.special is not None:
                raise InvalidRecordError(
                    "a move follows the end of the game", code="MOVE_AFTER_END", hint=_END_HINT
                )
            g = board.g
            # Geometry.index, inlined: this runs once per move of every record read.
            files, ranks, width = g.files, g.ranks, g.width
            if to_file > files or to_rank > ranks:
                raise illegal(Violation.OFF_BOARD, Square(to_file, to_rank).csa())
            if from_file > files or from_rank > ranks:
                raise illegal(Violation.OFF_BOARD, Square(from_file, from_rank).csa())
            t = (to_rank + 1) * width + to_file
            f = (from_rank + 1) * width + from_file
            code = board.cells[f]
            if not code:
                raise illegal(Violation.NO_PIECE, Square(from_file, from_rank).csa())
            on_board = KINDS[(code & 15) - 1]
            if piece is not None and piece is not on_board:
                raise illegal(
                    Violation.PIECE_MISMATCH, f"{on_board.name} stands there, not {piece.name}"
                )
            if piece_after is not None:
                promote = piece_after is not on_board and _promotion_of(on_board, piece_after)
            mover = _COLORS[board.turn]
            if color is not None and color is not mover:
                board.check_turn(color, self.allowed)  # raises unless tolerated
                mover = color
            promote = bool(promote)
            captured = board.play(f, t, promote, 0, self.allowed)
        except KifuError as err:
            return self._foul_move(
                self.error(err, line, column, text),
                partial(
                    self.move_between,
                    to_file,
                    to_rank,
                    from_file,
                    from_rank,
                    color,
                    piece,
                    piece_after,
                    promote,
                    text,
                    line,
                    column,
                ),
            )
        if board.tolerated:
            self._drain(line, column)
        played = g.move(mover, f, t, code, promote, captured)
        node = self.node = parent.grow(played, line, column)
        return node

    def _move_single(
        self,
        to: Square | None,
        color: Color | None,
        piece: PieceKind,
        promote: bool | None,
        text: str | None,
        line: int | None,
        column: int | None,
        relative: str = "",
    ) -> Node | None:
        """The usual KI2 move, played without building a Move to resolve and validate:
        the side to move names a kind of which exactly one piece reaches the destination
        and may legally go there (checked by playing it when it may be pinned or the side
        is in check); or no piece reaches it and one is in hand (a drop); or relative words
        single out one of the pieces that reach it, none of which is pinned, moving out of
        a check or barred by the promotion rules (so that all of them are candidates).
        ``None`` for anything else, which :meth:`_resolve` and ``Board.push`` then handle
        (with the same result in those cases: see ``resolve_unqualified``, ``candidates``)."""
        board = self.board
        parent = self.node
        if parent.special is not None:
            return None
        if to is None:
            previous = parent.move
            if previous is None:
                return None
            to = previous.to
        g = board.g
        c = board.turn
        mover = _COLORS[c]
        to_file, to_rank = to.file, to.rank  # read once (see move_from)
        if (color is not None and color is not mover) or to_file > g.files or to_rank > g.ranks:
            return None
        t = (to_rank + 1) * g.width + to_file
        found = origin_indices(board, c, t, piece)
        promote = bool(promote)
        if relative:
            k = KIND_CODE[piece]
            if not found or k == KING:
                return None
            for o in found:
                if may_be_illegal(board, c, o) or not promotion_allowed(board, c, o, t, k, promote):
                    return None
            square_of = g.square_of
            chosen = narrow(board, mover, to, piece, sorted(square_of[o] for o in found), relative)
            if len(chosen) != 1:
                return None
            f = (chosen[0].rank + 1) * g.width + chosen[0].file
        else:
            if not found and not board.cells[t] and board.hands[c][KIND_CODE[piece]]:
                # no board piece reaches: a drop (KI2 writes 打 only when one could)
                return self._drop(to, mover, piece, promote, text, line, column)
            if len(found) != 1:
                return None
            f = found[0]
            if may_be_illegal(board, c, f):
                # In check, or the piece may be pinned: legal, it is the only candidate;
                # illegal, the general path decides (a drop may be meant).
                if self.allowed:
                    return None
                code = board.cells[f]
                try:
                    captured = board.play(f, t, promote, 0)
                except IllegalMoveError:
                    return None
                return self._append(g.move(mover, f, t, code, promote, captured), line, column)
        code = board.cells[f]
        try:
            captured = board.play(f, t, promote, 0, self.allowed)
        except KifuError as err:
            return self._foul_move(
                self.error(err, line, column, text),
                partial(
                    self.move_piece, to, color, piece, promote, None, relative, text, line, column
                ),
            )
        return self._append(g.move(mover, f, t, code, promote, captured), line, column)

    def _drop(
        self,
        to: Square,
        color: Color | None,
        kind: PieceKind | None,
        promote: bool | None,
        text: str | None,
        line: int | None,
        column: int | None,
    ) -> Node | None:
        """An explicit drop (打, CSA ``00``) by the side to move, played on engine values
        with a shared Move. ``None`` for anything :meth:`_resolve` reports or handles
        otherwise (a promoted kind, 成, another colour, off the board)."""
        board = self.board
        g = board.g
        c = board.turn
        mover = _COLORS[c]
        to_file, to_rank = to.file, to.rank  # read once (see move_from)
        if (
            self.node.special is not None
            or kind is None
            or kind.is_promoted
            or promote
            or (color is not None and color is not mover)
            or to_file > g.files
            or to_rank > g.ranks
        ):
            return None
        t = (to_rank + 1) * g.width + to_file
        code = KIND_CODE[kind]
        try:
            board.play(0, t, False, code, self.allowed)
        except KifuError as err:
            return self._foul_move(
                self.error(err, line, column, text),
                partial(self.move_piece, to, color, kind, promote, True, "", text, line, column),
            )
        return self._append(g.move(mover, 0, t, code | c << 4, False, 0), line, column)

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
            or code not in _TOLERABLE_CODES
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
        return node

    def _resolve(
        self,
        to: Square | None,
        color: Color | None,
        from_: Square | None,
        piece: PieceKind | None,
        piece_after: PieceKind | None,
        promote: bool | None,
        drop: bool | None,
        relative: str,
    ) -> Move:
        return resolve(
            self.board,
            self.node.move,
            to,
            color,
            from_,
            piece,
            piece_after,
            promote,
            drop,
            relative,
            self.allowed,
        )

    def special(
        self,
        kind: SpecialKind,
        *,
        color: Color | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> Node:
        """Append a special (投了 …); ``color`` defaults to the side to move.

        Raises:
            IllegalMoveError: when the last move was a foul that this special does not
                declare (see :data:`FOUL_DECLARATIONS`).
        """
        if self.pending_foul is not None:
            if kind not in FOUL_DECLARATIONS:
                raise self.pending_foul
            self.pending_foul = None
        node = Node(
            special=Special(kind, self.board.color if color is None else color),
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
        # asking it for every variation made reading n variations take n² steps. A node
        # without a move below the root is a special, one deeper than the moves played.
        node = self.node
        depth = len(self.board._history) + (node.move is None and node.parent is not None)
        if ply < 0 or ply > depth:
            err = InvalidRecordError(
                f"a variation at move {ply + 1} does not branch from the line read so far",
                code="BAD_BRANCH",
                hint=f"the line above reaches move {depth}",
            )
            raise self.error(err, line, column)
        while depth > ply:
            if node.move is not None:
                self.board.pop()
            assert node.parent is not None  # depth > 0
            node = node.parent
            depth -= 1
        self.node = node

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


def resolve(
    board: Board,
    previous: Move | None,
    to: Square | None,
    color: Color | None,
    from_: Square | None,
    piece: PieceKind | None,
    piece_after: PieceKind | None,
    promote: bool | None,
    drop: bool | None,
    relative: str,
    allowed: Collection[Violation] = (),
) -> Move:
    """The model ``Move`` a notation-level move means on ``board`` (not yet validated in
    full: ``Board.push`` does that). ``previous`` is the move before it (for 同, ``to``
    ``None``); the other arguments are those of :meth:`GameBuilder.move`.

    Raises:
        IllegalMoveError: for a move that cannot be resolved (no previous move for 同, off
            the board, no piece on the origin or none that reaches the square …).
        AmbiguousMoveError: when several pieces fit a move written without its origin.
    """
    mover = board.color if color is None else color
    if to is None:
        if previous is None:
            raise illegal(Violation.NO_PREVIOUS_MOVE)
        to = previous.to
    if not board.g.variant.contains(to):
        raise illegal(Violation.OFF_BOARD, to.csa())
    if from_ is not None:
        if not board.g.variant.contains(from_):
            raise illegal(Violation.OFF_BOARD, from_.csa())
        on_board = board.piece_kind(from_)
        if on_board is None:
            raise illegal(Violation.NO_PIECE, from_.csa())
        if piece is not None and piece is not on_board:
            raise illegal(
                Violation.PIECE_MISMATCH, f"{on_board.name} stands there, not {piece.name}"
            )
        if piece_after is not None:
            promote = _promotion_of(on_board, piece_after)
        return Move(mover, to, on_board, from_, bool(promote))
    kind = piece if piece is not None else piece_after
    if kind is None:
        raise illegal(Violation.NO_PIECE, "no piece named")
    if drop:
        if kind.is_promoted:
            raise illegal(Violation.DROP_PROMOTED)
        if promote:
            raise illegal(Violation.DROP_PROMOTED, "打 with 成")
        return Move(mover, to, kind)
    return resolve_unqualified(board, mover, to, kind, promote, relative, allowed)


def _promotion_of(before: PieceKind, after: PieceKind) -> bool:
    """Whether a move turning ``before`` into ``after`` promotes (CSA writes the result)."""
    if after is before:
        return False
    if before.can_promote and after is before.promoted():
        return True
    if before.is_promoted and after is before.unpromoted():
        raise illegal(Violation.UNPROMOTE)
    raise illegal(Violation.PIECE_MISMATCH, f"{before.name} cannot become {after.name}")


def check_tree(game: Game, *, full: bool = True) -> None:
    """Check ``game``'s tree as its readers will, so that a writer never writes a record
    its own reader refuses. ``full`` replays every line with the rules engine (a piece that
    is not there, a blocked path …); otherwise only the turn is checked (each move by the
    side to move: a tree where one side moves twice), which costs a comparison per node.
    Breaches the game was read with (its warnings) and fouls its results declare are let
    through, as they are when it is read back.

    Raises:
        IllegalMoveError: for the first move that breaks a rule, with its ply and a hint.
    """
    tolerated = frozenset(Violation(w.code) for w in game.warnings if w.code in _TOLERABLE_CODES)
    if not full:
        if Violation.WRONG_TURN not in tolerated:
            _check_turns(game)
        return
    board = Board.from_position(game.start)
    board.hashing = False
    # (node, entering): entering plays the node's move and queues its children; leaving
    # takes it back. Iterative, so any depth of variations is checked.
    stack: list[tuple[Node, bool]] = [(child, True) for child in reversed(game.root.children)]
    while stack:
        node, entering = stack.pop()
        if not entering:
            board.pop()
            continue
        move = node.move
        if move is not None:
            try:
                board.push(move, tolerated | foul_allowance(node))
            except IllegalMoveError as err:
                raise _in_tree(err, node) from None
            stack.append((node, False))
        stack.extend((child, True) for child in reversed(node.children))


def _check_turns(game: Game) -> None:
    """Each move is made by the side to move (the start's turn, then alternating). Walks
    lines through ``next`` (no child list is built), variations from a stack."""
    stack: list[tuple[Node | None, Color]] = [(game.root.next, game.start.turn)]
    stack += [(v, game.start.turn) for v in game.root.variations]
    while stack:
        node, turn = stack.pop()
        while node is not None:
            move = node.move
            if move is None:
                break
            if move.color is not turn:
                err = illegal(Violation.WRONG_TURN, f"{turn.kanji} to move")
                raise _in_tree(err, node)
            turn = turn.opponent
            if node.variations:
                stack += [(v, turn) for v in node.variations]
            node = node.next


def _in_tree(err: IllegalMoveError, node: Node) -> IllegalMoveError:
    err.ply = node.ply
    err.text = err.text or (node.move.usi() if node.move is not None else None)
    refused = "the tree holds a move its readers would refuse"
    err.hint = f"{refused}; {err.hint}" if err.hint else refused
    return err
