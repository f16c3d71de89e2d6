"""Computer players: uniformly random legal moves, and a small negamax search.

Both play any variant and board size the rules engine knows (9x9, 5x5, ``board_variant(3)``
…). They are deterministic: a :class:`RandomPlayer` replays the same game from the same seed,
a :class:`SearchPlayer` always picks the same move in the same position.

:func:`play` makes two players play a game and returns the record.

Example:
    >>> from kifu_lark.model import MINISHOGI, Position
    >>> game = play(RandomPlayer(1), SearchPlayer(1), Position.initial(MINISHOGI), max_plies=6)
    >>> len(game.mainline())
    7
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from attrs import frozen

from kifu_lark.explore import move_text
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.headers import HeaderKey, Headers
from kifu_lark.model.move import Move, Special, SpecialKind
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.position import Position
from kifu_lark.rules.board import Board
from kifu_lark.rules.geometry import PROMOTE, UNPROMOTE
from kifu_lark.rules.movegen import Tuple, legal_tuples, to_move

#: Material values of the search. The gap between a pawn and a promoted pawn (1100) is the
#: one the bioshogi README's 3x3 search log shows; the rest follow the usual ordering. A held
#: piece is worth as much as the same piece on the board, so a drop changes nothing.
PIECE_VALUES: dict[PieceKind, int] = {
    PieceKind.PAWN: 100,
    PieceKind.LANCE: 600,
    PieceKind.KNIGHT: 700,
    PieceKind.SILVER: 1000,
    PieceKind.GOLD: 1200,
    PieceKind.BISHOP: 1800,
    PieceKind.ROOK: 2000,
    PieceKind.KING: 0,  # never captured: losing it is scored as mate
    PieceKind.PROM_PAWN: 1200,
    PieceKind.PROM_LANCE: 1200,
    PieceKind.PROM_KNIGHT: 1200,
    PieceKind.PROM_SILVER: 1200,
    PieceKind.HORSE: 2000,
    PieceKind.DRAGON: 2200,
}
#: The score of being mated now; mates further away score closer to zero.
MATE = 1_000_000
_INF = 10 * MATE
# Engine code (kind index 1-14) → value.
_VALUE = [0] + [PIECE_VALUES[kind] for kind in PieceKind]


class Player(Protocol):
    """Anything that picks a move: ``choose`` returns ``None`` when there is no legal move."""

    @property
    def name(self) -> str:
        """How the player is named in records (先手/後手 headers)."""
        ...

    def choose(self, position: Position | Board) -> Move | None:
        """The move to play in ``position`` (a ``Board`` is left as it was found)."""
        ...


def _board(position: Position | Board) -> Board:
    return position if isinstance(position, Board) else Board.from_position(position)


class RandomPlayer:
    """Plays a legal move drawn uniformly at random (a promotion and its refusal count as
    two moves). The same seed on the same positions gives the same moves."""

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    @property
    def name(self) -> str:
        """``random(seed=N)``."""
        return f"random(seed={self.seed})"

    def choose(self, position: Position | Board) -> Move | None:
        """A uniformly random legal move, or ``None`` when there is none."""
        board = _board(position)
        moves = list(legal_tuples(board))
        if not moves:
            return None
        return to_move(board, self._rng.choice(moves))


@frozen
class SearchResult:
    """What a search found.

    Attributes:
        move: the chosen move (``None`` when the side to move has no legal move).
        score: its score for the side to move, in :data:`PIECE_VALUES` units (±:data:`MATE`
            for mates).
        pv: the principal variation: the expected line of play, ``move`` first.
        nodes: positions visited.
    """

    move: Move | None
    score: int
    pv: tuple[Move, ...]
    nodes: int


def material(board: Board) -> int:
    """The material balance for the side to move: its pieces (board and hand) minus the
    other side's, valued by :data:`PIECE_VALUES`."""
    g = board.g
    total = 0
    for i in g.squares:
        code = board.cells[i]
        if code:
            value = _VALUE[code & 15]
            total += value if code >> 4 == board.turn else -value
    for c, hand in enumerate(board.hands):
        held = sum(n * _VALUE[k] for k, n in enumerate(hand) if n)
        total += held if c == board.turn else -held
    return total


class SearchPlayer:
    """Negamax with alpha-beta pruning over material and promotion values.

    ``depth`` counts the plies looked at beyond the move chosen, as bioshogi's
    ``depth_max`` does (the seed's log): depth 0 takes the move with the best material right
    after it, depth 1 also looks at every reply, and so on (``plies`` = depth + 1).
    Moves are tried best-gain first — captures
    and promotions by value, then the engine's fixed order — so the search, and the move
    picked among equal scores (the first one tried), never vary.
    """

    def __init__(self, depth: int = 1, trace: Callable[[str], None] | None = None) -> None:
        if depth < 0:
            raise ValueError(f"depth: expected 0 or more, got {depth}")
        self.depth = depth
        #: Plies searched: the move itself plus ``depth`` replies.
        self.plies = depth + 1
        #: Receives the search log, one line per call (see :meth:`_negamax`), when set.
        self.trace = trace
        self.nodes = 0
        #: The result of the last :meth:`choose` (for printing scores as a game goes).
        self.last: SearchResult | None = None

    @property
    def name(self) -> str:
        """``search:N``."""
        return f"search:{self.depth}"

    def choose(self, position: Position | Board) -> Move | None:
        """The best move found, or ``None`` when there is no legal move."""
        self.last = self.search(position)
        return self.last.move

    def search(self, position: Position | Board) -> SearchResult:
        """Search ``position`` to this player's depth."""
        board = _board(position)
        self.nodes = 1
        pv: list[list[Tuple]] = [[] for _ in range(self.plies + 1)]
        score = self._negamax(board, self.plies, -_INF, _INF, material(board), 0, pv)
        line: list[Move] = []
        for m in pv[0]:
            line.append(to_move(board, m))
            board._make(*m)
        for _ in pv[0]:
            board._unmake()
        return SearchResult(line[0] if line else None, score, tuple(line), self.nodes)

    def analyse(self, position: Position | Board) -> list[tuple[Move, int]]:
        """Every legal move with its exact score (no pruning at the root), best first;
        moves with equal scores keep the search's order."""
        board = _board(position)
        self.nodes = 1
        base = material(board)
        pv: list[list[Tuple]] = [[] for _ in range(self.plies + 1)]
        scored = []
        moves = self._ordered(board)
        for i, (m, gain) in enumerate(moves, 1):
            move = to_move(board, m)
            if self.trace and self.plies > 1:
                self.trace(f"{move_text(move)} ({i}/{len(moves)})")
            board._make(*m)
            self.nodes += 1
            value = -self._negamax(board, self.plies - 1, -_INF, _INF, -(base + gain), 1, pv)
            board._unmake()
            if self.trace:
                self.trace(f"{move_text(move)} {value:+d}")
            scored.append((move, value))
        scored.sort(key=lambda pair: -pair[1])
        return scored

    def _ordered(self, board: Board) -> list[tuple[Tuple, int]]:
        """Legal moves with their material gain for the mover, largest gain first."""
        cells = board.cells
        moves = []
        for m in legal_tuples(board):
            frm, to, promote, _drop = m
            gain = 0
            captured = cells[to]
            if captured:
                k = captured & 15
                # The piece leaves the opponent's side and joins the mover's hand.
                gain += _VALUE[k] + _VALUE[UNPROMOTE.get(k, k)]
            if promote:
                k = cells[frm] & 15
                gain += _VALUE[PROMOTE[k]] - _VALUE[k]
            moves.append((m, gain))
        moves.sort(key=lambda pair: -pair[1])  # stable: ties keep the engine's order
        return moves

    def _negamax(
        self,
        board: Board,
        depth: int,
        alpha: int,
        beta: int,
        score: int,
        ply: int,
        pv: list[list[Tuple]],
    ) -> int:
        """The fail-soft negamax value of ``board`` for the side to move, whose material
        balance is ``score``; ``pv[ply]`` receives the best line found from here.

        With :attr:`trace` set, it logs, indented by ply: ``▲３二歩成(33) (1/2)`` before
        searching a move's replies and ``▲３二歩成(33) +0`` with its value after (a leaf
        gets the second line only), ``cut-off`` when the rest of the moves are pruned, and
        ``best …`` with the value of the position.
        """
        pv[ply] = []
        if depth == 0:
            return score
        moves = self._ordered(board)
        if not moves:
            return -MATE + ply
        trace = self.trace
        best, best_move = -_INF, moves[0][0]
        for i, (m, gain) in enumerate(moves, 1):
            text = move_text(to_move(board, m)) if trace else ""
            if depth == 1:
                # A leaf's value is known without playing the move.
                self.nodes += 1
                value = score + gain
            else:
                if trace:
                    trace(f"{'  ' * ply}{text} ({i}/{len(moves)})")
                board._make(*m)
                self.nodes += 1
                child = -(score + gain)
                value = -self._negamax(board, depth - 1, -beta, -alpha, child, ply + 1, pv)
                board._unmake()
            if trace:
                trace(f"{'  ' * ply}{text} {value:+d}")
            if value > best:
                best, best_move = value, m
                if value > alpha:
                    alpha = value
                    pv[ply] = [m, *pv[ply + 1]] if depth > 1 else [m]
                    if alpha >= beta:
                        if trace and i < len(moves):
                            trace(f"{'  ' * ply}cut-off: {value:+d} >= {beta:+d}")
                        break
        if trace:
            trace(f"{'  ' * ply}best {move_text(to_move(board, best_move))} {best:+d}")
        return best


def player_from_spec(
    spec: str, seed: int = 0, trace: Callable[[str], None] | None = None
) -> Player:
    """A player from its command-line spelling: ``random`` or ``search:N`` (``trace``
    receives a search player's log).

    Raises:
        ValueError: for any other spelling.
    """
    kind, _, arg = spec.strip().lower().partition(":")
    if kind == "random" and not arg:
        return RandomPlayer(seed)
    if kind == "search":
        depth = int(arg) if arg.isdigit() else (1 if not arg else -1)
        if depth >= 0:
            return SearchPlayer(depth, trace)
    raise ValueError(f"unknown player {spec!r}: expected random or search:N (N >= 0)")


#: Called after each move with the 1-based ply, the move and the player who chose it.
OnMove = Callable[[int, Move, Player], None]


def play(
    black: Player,
    white: Player,
    start: Position,
    *,
    max_plies: int = 256,
    on_move: OnMove | None = None,
) -> Game:
    """Let ``black`` and ``white`` play from ``start``; returns the record.

    The game ends with 投了 (``RESIGN``) when the side to move has no legal move, with
    千日手 (``REPETITION``, or ``PERPETUAL_CHECK`` when one side checked throughout) on the
    fourth occurrence of a position, and with 中断 (``INTERRUPT``) after ``max_plies``
    moves (投了 if the side to move has no move left by then). Players are named in the
    先手/後手 headers.
    """
    board = Board.from_position(start)
    headers = Headers()
    headers.add(HeaderKey.BLACK, black.name)
    headers.add(HeaderKey.WHITE, white.name)
    game = Game(headers=headers, start=start)
    node: Node = game.root
    players = {Color.BLACK: black, Color.WHITE: white}
    for ply in range(1, max_plies + 1):
        player = players[board.color]
        move = player.choose(board)
        if move is None:
            node.add_variation(special=Special(SpecialKind.RESIGN, board.color))
            return game
        move = board.push(move)
        node = node.add_variation(move)
        if on_move is not None:
            on_move(ply, move, player)
        repeated = board.repetition()
        if repeated is not False:
            kind = SpecialKind.REPETITION if repeated is True else SpecialKind.PERPETUAL_CHECK
            node.add_variation(special=Special(kind, board.color))
            return game
    ended = SpecialKind.INTERRUPT if board.has_legal_move() else SpecialKind.RESIGN
    node.add_variation(special=Special(ended, board.color))
    return game


__all__ = [
    "MATE",
    "PIECE_VALUES",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "SearchResult",
    "material",
    "play",
    "player_from_spec",
]
