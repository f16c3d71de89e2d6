"""The public board: play moves by value, USI or move word, take them back, ask about them.

:class:`Board` is a thin facade over the rules engine's board, which checks every rule;
it keeps the moves played, for ``pop``, for 同 and for the move lists.

This module is the door from the layers above to the rules engine (``lint-imports`` holds
the clients to it, see ``docs/architecture.md``). It also gives the rules' words the public
API speaks: :class:`Violation` (an :class:`~kifu_lark.errors.IllegalMoveError`'s ``code``),
:data:`TOLERABLE`, :func:`tolerance`, :data:`FOUL_DECLARATIONS`, :func:`piece_movement`.

Example:
    >>> from kifu_lark import Board
    >>> board = Board()
    >>> board.push_text("７六歩").usi()
    '7g7f'
    >>> board.push_usi("3c3d").usi()
    '3c3d'
    >>> board.push_text("２二角成").csa()
    '+8822UM'
    >>> board.push_text("同銀").csa()
    '-3122GI'
    >>> board.move_texts("ki2")
    ['▲７六歩', '△３四歩', '▲２二角成', '△同　銀']
    >>> board.sfen()
    'lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5'
"""

from __future__ import annotations

import warnings

from kifu_lark.errors import IllegalMoveError, KifuError, KifuSyntaxError
from kifu_lark.formats.diagram import write_diagram
from kifu_lark.formats.japanese_head import is_handicap
from kifu_lark.formats.move_text import MARKS, check_notation, read_move_text, write_move_text
from kifu_lark.formats.piece_names import name_pieces
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.hand import Hand
from kifu_lark.model.move import Move, usi_parts
from kifu_lark.model.piece import Piece
from kifu_lark.model.position import SFEN_HINT, Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import STANDARD, Variant
from kifu_lark.rules import endings, movegen
from kifu_lark.rules.board import Board as EngineBoard
from kifu_lark.rules.board import illegal
from kifu_lark.rules.endings import ImpasseDeclaration, Outcome, Termination
from kifu_lark.rules.fouls import FOUL_DECLARATIONS, tolerance
from kifu_lark.rules.geometry import HAND_CODES, OFF, code_piece
from kifu_lark.rules.movement import Offset, piece_movement
from kifu_lark.rules.violations import TOLERABLE, Violation

__all__ = [
    "FOUL_DECLARATIONS",
    "TOLERABLE",
    "Board",
    "ImpasseDeclaration",
    "Offset",
    "Outcome",
    "Termination",
    "Violation",
    "piece_movement",
    "tolerance",
]

_COLORS = (Color.BLACK, Color.WHITE)


class Board:
    """A mutable position that moves are played on, for any board size.

    Args:
        position: where to start: a ``Position``, an SFEN string, or ``None`` for the
            variant's usual start position.
        variant: the board used when ``position`` is ``None`` (9x9 shogi by default).

    Raises:
        KifuSyntaxError: ``BAD_POSITION`` for an SFEN string that does not read.

    Every move is checked against every rule: an illegal one raises
    :class:`~kifu_lark.errors.IllegalMoveError` (its ``code`` names the rule, e.g.
    ``TWO_PAWNS``) and leaves the board as it was. A move is taken as a ``Move`` or its USI
    text (``"7g7f"``). ``copy()``, ``copy.copy`` and ``copy.deepcopy`` give an independent
    board; a board pickles as its start position and moves, played again when unpickled.
    """

    __slots__ = ("_engine", "_moves", "_start")

    def __init__(
        self, position: Position | str | None = None, *, variant: Variant = STANDARD
    ) -> None:
        if position is None:
            start = Position.initial(variant)
        elif isinstance(position, str):
            start = _from_sfen(position, None)
        else:
            start = position
        self._set_up(start)

    def _set_up(self, start: Position) -> None:
        self._start = start
        self._engine = EngineBoard.from_position(start)
        self._moves: list[Move] = []

    @classmethod
    def from_sfen(cls, sfen: str, variant: Variant | None = None) -> Board:
        """A board set up from an SFEN string (the board size is read from it).

        Raises:
            KifuSyntaxError: ``BAD_POSITION`` naming the bad field.
        """
        return cls(_from_sfen(sfen, variant))

    def copy(self, *, stack: bool = True) -> Board:
        """An independent board in the same state: a move pushed or popped on one leaves the
        other as it was (``copy.copy`` and ``copy.deepcopy`` give the same).

        Args:
            stack: keep the moves played (for ``pop``, ``peek``, 同 and ``repetition``);
                ``False`` sets the copy up at the current position, as python-chess does.
        """
        twin = type(self).__new__(type(self))
        if not stack:
            twin._set_up(self.position)
            return twin
        twin._start = self._start
        twin._engine = self._engine.copy()
        twin._moves = self._moves.copy()
        return twin

    def __copy__(self) -> Board:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        # The start position and the moves are immutable values: copying the rest is deep.
        return self.copy()

    def __getstate__(self) -> tuple[Position, tuple[Move, ...]]:
        # A compiled engine board cannot be pickled: the moves are, played again on load.
        return self._start, tuple(self._moves)

    def __setstate__(self, state: tuple[Position, tuple[Move, ...]]) -> None:
        start, moves = state
        self._set_up(start)
        for move in moves:
            self.push(move)

    # --- the position -----------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The current position as an immutable model value."""
        return self._engine.to_position()

    @property
    def start(self) -> Position:
        """The position the board was set up with."""
        return self._start

    @property
    def turn(self) -> Color:
        """The side to move."""
        return self._engine.color

    @property
    def move_number(self) -> int:
        """The number of the next move (1 before the first move of the initial position), as
        SFEN's last field and cshogi's ``move_number``. ``len(board.move_stack)`` moves were
        played: the last one's node in ``board.to_game()`` has that ``Node.ply``."""
        return self._engine.ply

    @property
    def ply(self) -> int:
        """Deprecated (a ``DeprecationWarning``): ``move_number``, under the name that
        ``Node.ply`` gives a move's own number."""
        warnings.warn(
            "Board.ply is the next move's number, unlike Node.ply (a move's own): use "
            "Board.move_number, or len(Board.move_stack) for the number of moves played",
            DeprecationWarning,
            stacklevel=2,
        )
        return self._engine.ply

    @property
    def hands(self) -> tuple[Hand, Hand]:
        """The pieces in hand: (black's, white's)."""
        held = self._engine.hands
        return (
            Hand(tuple(held[0][k] for k in HAND_CODES)),
            Hand(tuple(held[1][k] for k in HAND_CODES)),
        )

    @property
    def moves(self) -> list[Move]:
        """The moves played since the board was set up, first first (a copy)."""
        return list(self._moves)

    move_stack = moves  # python-chess's name

    def peek(self) -> Move:
        """The last move played (as ``pop`` would return it, without taking it back).

        Raises:
            IndexError: when no move was played on this board.
        """
        if not self._moves:
            raise IndexError("no move played on this board")
        return self._moves[-1]

    @property
    def variant(self) -> Variant:
        """The board's variant (size, promotion zone, pieces)."""
        return self._start.variant

    def piece_at(self, square: Square | str) -> Piece | None:
        """The piece on ``square`` (``None`` when empty); a string is read as USI (``7g``)
        or as two digits (``77``).

        Raises:
            IndexError: for a square off the board.
            ValueError: for a string that is not a square.
        """
        if isinstance(square, str):
            square = _square(square)
        engine = self._engine
        i = engine.g.index(square)
        if i < 0:
            raise IndexError(f"{square.csa()} is off the {self.variant.name} board")
        code = engine.cells[i]
        return code_piece(code) if code and code != OFF else None

    def sfen(self) -> str:
        """The SFEN of the current position."""
        return self.position.sfen()

    # --- playing ------------------------------------------------------------------------

    def push(self, move: Move | str) -> Move:
        """Play ``move`` (a ``Move`` or USI text); returns it with ``captured`` filled in.

        Raises:
            IllegalMoveError: naming the rule broken; the board is unchanged.
            KifuSyntaxError: for a text that is not a USI move.
            TypeError: for anything but a ``Move`` or a ``str``.
        """
        move = self._as_move(move, "push")
        try:
            played = self._engine.push(move)
        except IllegalMoveError as err:
            raise self._located(err, move.usi()) from None
        self._moves.append(played)
        return played

    def push_usi(self, usi: str) -> Move:
        """Play a USI move (``7g7f``, ``8h2b+``, ``P*5e``); returns the model move.

        Raises:
            KifuSyntaxError: for a text that is not a USI move.
            IllegalMoveError: for an illegal move (``NO_PIECE`` when the origin is empty).
        """
        return self.push(self.parse_usi(usi))

    def parse_usi(self, usi: str) -> Move:
        """The move a USI text means here, not played (the mover is the side to move).

        Raises:
            KifuSyntaxError: for a text that is not a USI move.
            IllegalMoveError: ``NO_PIECE`` or ``OFF_BOARD`` for an origin without a piece.
        """
        try:
            from_, to, dropped, promote = usi_parts(usi.strip())
        except ValueError as err:
            raise KifuSyntaxError(
                str(err), format="usi", text=usi, hint="e.g. 7g7f, 8h2b+ or P*5e"
            ) from None
        engine = self._engine
        color = _COLORS[engine.turn]
        if dropped is not None:
            return Move(color, to, dropped)
        assert from_ is not None
        i = engine.g.index(from_)
        if i < 0:
            raise self._located(illegal(Violation.OFF_BOARD, from_.csa()), usi)
        kind = engine.piece_kind(from_)
        if kind is None:
            raise self._located(illegal(Violation.NO_PIECE, from_.csa()), usi)
        return Move(color, to, kind, from_, promote)

    def push_text(self, text: str) -> Move:
        """Play a KI2 or KIF move word: ``▲７六歩``, ``７六歩``, ``76歩``, ``同歩``,
        ``５二金右``, ``４五角打``, ``７六歩(77)``. The mark is optional; given, it must be
        the side to move's. Resolved as the KI2 and KIF readers resolve moves.

        Raises:
            KifuSyntaxError: for a text that is not one move word.
            AmbiguousMoveError: when several pieces can make the move (the hint lists them
                and the words that tell them apart: 右 左 上 引 寄 直).
            IllegalMoveError: for a move no piece can make or that breaks a rule.
        """
        try:
            move = read_move_text(self._engine, self._moves[-1] if self._moves else None, text)
        except IllegalMoveError as err:
            raise name_pieces(self._located(err, text), "ki2") from None
        except KifuError as err:
            err.text = text
            raise
        try:
            played = self._engine.push(move)
        except IllegalMoveError as err:
            raise name_pieces(self._located(err, text), "ki2") from None
        self._moves.append(played)
        return played

    def pop(self) -> Move:
        """Take back the last move and return it.

        Raises:
            IndexError: when no move was played on this board.
        """
        moves = self._moves
        if not moves:
            raise IndexError("no move to take back")
        self._engine._unmake()  # the engine's own pop, without checking its history again
        return moves.pop()

    def _as_move(self, move: Move | str, method: str) -> Move:
        """``move`` itself, or the move its USI text means here."""
        if isinstance(move, Move):
            return move
        if isinstance(move, str):
            return self.parse_usi(move)
        raise TypeError(
            f"Board.{method}() takes a Move or its USI text ('7g7f', 'P*5e'), not "
            f"{type(move).__name__}; a KI2 or KIF move word is played with push_text()"
        )

    def _located(self, err: IllegalMoveError, text: str) -> IllegalMoveError:
        err.ply = self._engine.ply
        err.text = err.text or text
        return err

    # --- questions ------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move, drops included (a promotion and its
        non-promoting twin are two moves)."""
        return movegen.legal_moves(self._engine)

    def is_legal(self, move: Move | str) -> bool:
        """True when ``move`` (a ``Move`` or USI text: one from an empty square is not legal)
        breaks no rule here (the side to move included).

        Raises:
            KifuSyntaxError: for a text that is not a USI move.
            TypeError: for anything but a ``Move`` or a ``str``.
        """
        try:
            move = self._as_move(move, "is_legal")
        except IllegalMoveError:
            return False
        return self._engine.is_legal(move)

    def is_check(self) -> bool:
        """True when the side to move is in check (王手)."""
        return self._engine.in_check()

    def is_mate(self) -> bool:
        """True when the side to move is in check and has no legal move (詰み)."""
        return self._engine.is_checkmate()

    def has_legal_move(self) -> bool:
        """True when the side to move has a legal move."""
        return self._engine.has_legal_move()

    def is_stalemate(self) -> bool:
        """True when the side to move is not in check but has no legal move: rare in 9x9
        shogi, met on small boards (the side to move loses by the usual rule)."""
        return not self._engine.in_check() and not self._engine.has_legal_move()

    def is_checkmate(self) -> bool:
        """python-chess's name for :meth:`is_mate`."""
        return self._engine.is_checkmate()

    def is_repetition(self) -> bool:
        """True when the position (board, hands, side to move) occurred four times (千日手)."""
        return self._engine.repetition() is not False

    def outcome(self) -> Outcome | None:
        """How the position ends the game by the rules, ``None`` while it goes on: mate
        (``CHECKMATE``; ``STALEMATE`` without check), fourfold repetition (``REPETITION``, a
        draw; ``PERPETUAL_CHECK``, the checking side loses). An impasse is declared, never
        reached: see :meth:`impasse_declaration` and ``docs/endings.md``."""
        return endings.outcome(self._engine)

    def is_game_over(self) -> bool:
        """True when :meth:`outcome` is not ``None``."""
        return self.outcome() is not None

    def impasse_points(self) -> tuple[int, int]:
        """Each side's impasse (入玉) points, (black's, white's): rook and bishop (promoted
        too) 5, other pieces 1, kings 0, over its pieces in the enemy camp and in hand."""
        return endings.impasse_points(self._engine)

    def impasse_declaration(self, rule: str = "27") -> ImpasseDeclaration:
        """May the side to move declare 入玉 (入玉宣言), and what it gives, under ``rule``:
        ``"27"`` (CSA: 先手 28 points, 後手 27) or ``"24"`` (JSA: 31 win, 24 to 30 draw).
        A handicap start or a board other than 9x9 is not decidable.

        Raises:
            ValueError: for another rule.
        """
        return endings.impasse_declaration(self._engine, rule, start=self._start)

    def repetition(self) -> Color | bool:
        """千日手 status of the current position, over the moves played on this board.

        Returns:
            ``False`` before the position occurred for the fourth time; ``True`` for a plain
            repetition (a draw); the ``Color`` that checked on every move of the cycle for
            a perpetual check (王手千日手: that side loses).
        """
        return self._engine.repetition()

    # --- texts ----------------------------------------------------------------------------

    def move_text(self, move: Move | str, notation: str = "kif", *, marks: str = MARKS) -> str:
        """``move`` (a ``Move`` or USI text), played from the current position, as
        ``notation`` writes it (kif, ki2, csa, usi): ``▲７六歩(77)``, ``▲７六歩``,
        ``+7776FU``, ``7g7f``. The board is unchanged.

        Raises:
            IllegalMoveError: when ``move`` is not legal here.
            KifuSyntaxError: for a text that is not a USI move.
            UnknownFormatError: for another notation.
            TypeError: for anything but a ``Move`` or a ``str``.
        """
        name = check_notation(notation, marks)
        move = self._as_move(move, "move_text")
        previous = self._moves[-1] if self._moves else None
        try:
            self._engine.push(move)
        except IllegalMoveError as err:
            raise self._located(err, move.usi()) from None
        self._engine.pop()
        return write_move_text(self._engine, move, previous, name, marks)

    def move_texts(self, notation: str = "kif", *, marks: str = MARKS) -> list[str]:
        """The moves played on this board as ``notation`` writes them, in order (KIF and KI2
        use 同 as a record would). ``marks`` are black's and white's marks (``"▲▽"`` as
        some programs write; ``""`` for none).

        Raises:
            UnknownFormatError: for a notation other than kif, ki2, csa and usi.
        """
        return self.to_game().move_texts(notation, marks=marks)

    def to_game(self) -> Game:
        """A game record of the moves played from the start position (for ``dumps``)."""
        game = Game(start=self._start)
        node = game.root
        for move in self._moves:
            node = node.grow(move, None, None)
        return game

    def __str__(self) -> str:
        """The KIF (BOD) diagram: white's hand, the board, black's hand, then 後手番 when
        white is to move and 手数＝N after moves."""
        return "\n".join(write_diagram(self.position, is_handicap(self._start)))

    def __repr__(self) -> str:
        return f"Board.from_sfen({self.sfen()!r})"

    def _repr_svg_(self) -> str:
        """The board as SVG, its last move highlighted, for Jupyter (render.notebook's)."""
        from kifu_lark.render.notebook import board_svg  # noqa: PLC0415 (loaded on first use)

        return board_svg(self)

    def _repr_html_(self) -> str:
        """The record viewer of the board's moves, opened at its position, for Jupyter
        (a notebook shows this rather than the SVG; see :mod:`kifu_lark.render.notebook`)."""
        from kifu_lark.render.notebook import board_html  # noqa: PLC0415 (as _repr_svg_)

        return board_html(self)


def _from_sfen(sfen: str, variant: Variant | None) -> Position:
    try:
        return Position.from_sfen(sfen, variant)
    except ValueError as err:
        raise KifuSyntaxError(
            str(err), code="BAD_POSITION", format="sfen", text=sfen, hint=SFEN_HINT
        ) from None


def _square(text: str) -> Square:
    if len(text) == 2 and text.isdigit():
        return Square(int(text[0]), int(text[1]))
    return Square.from_usi(text)
