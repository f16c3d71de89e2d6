"""Build a :class:`~kifu_lark.model.Game` from notation-level moves, checking each one.

Every reader goes through :class:`GameBuilder`: the transformer hands over what the file says
(origin or none, destination or 同, piece as written, 成/不成/打, relative words) with its
line and column; the builder resolves it against the position, validates it with the rules
engine, and grows the tree. Errors get the format, line, column, ply and text of the move.

The tree itself (specials, comments, times, variations, fouls pending, warnings) is
:class:`~kifu_lark.rules.record_builder.RecordBuilder`'s, which ``GameBuilder`` extends with
the moves, one public entry per kind of move input: :meth:`GameBuilder.move` takes any move
as written, by keyword (the entry for plugins); the hot loops of the built-in readers call
the positional entry of their kind, :meth:`~GameBuilder.move_between` for a move whose origin
is written and :meth:`~GameBuilder.move_piece` for one written without it (a drop, 同,
relative words), which play the usual move on engine indices without building a ``Move``
to resolve.
"""

from __future__ import annotations

from functools import partial
from typing import Final

from kifu_lark.errors import IllegalMoveError, InvalidRecordError, KifuError
from kifu_lark.model.color import Color
from kifu_lark.model.move import Move
from kifu_lark.model.node import Node
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square
from kifu_lark.rules.board import illegal
from kifu_lark.rules.geometry import KIND_CODE, KINDS, KING
from kifu_lark.rules.record_builder import RecordBuilder
from kifu_lark.rules.relative import narrow
from kifu_lark.rules.resolve import may_be_illegal, origin_indices, promotion_allowed
from kifu_lark.rules.violations import Violation
from kifu_lark.rules.written_move import promotion_of, resolve

_COLORS: Final = (Color.BLACK, Color.WHITE)
_END_HINT = "an end (投了, %TORYO …) closes its line: remove it, or the moves after it"


class GameBuilder(RecordBuilder):
    """Grows a game tree move by move, validating each move as it is added."""

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
        """:meth:`move` for a move written without its origin (KI2, a KIF drop), every
        argument positional: the readers' hot path for that kind of move input, as
        :meth:`move_between` is for a move whose origin is written.

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
        """:meth:`move` for a move whose origin is written (CSA, KIF, USI, JKF), every
        argument positional and both squares as numbers (file, rank): the readers' hot
        path for that kind of move input. The readers' move tables hold the numbers, and
        reading them from ``Square`` instances costs the compiled build a generic look-up
        each; a ``Square`` is made only for an error.

        The move is checked and played in one pass over engine indices, creating at most
        one ``Move`` (shared through ``Geometry.move``); the checks run in the order of
        :meth:`_resolve` followed by ``Board.push``.

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
                promote = piece_after is not on_board and promotion_of(on_board, piece_after)
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
        watch = self.watch
        if watch is not None:
            watch(board, node)
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
        to_file, to_rank = to.file, to.rank  # read once (see move_between)
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
        to_file, to_rank = to.file, to.rank  # read once (see move_between)
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
