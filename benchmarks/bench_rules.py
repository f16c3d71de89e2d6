"""Rules engine speed: validating moves along random games, legal-move generation, SFEN read.

Target (issue #2): validation >= 400 000 moves/s on one core.
"""

from __future__ import annotations

from benchmarks.common import random_games, rate
from kifu_lark.board import Board as PublicBoard
from kifu_lark.model.position import Position
from kifu_lark.model.variant import MINISHOGI, STANDARD
from kifu_lark.rules.board import Board
from kifu_lark.rules.movegen import legal_tuples


def main() -> None:
    """Print moves/s for validation, generation and SFEN reading."""
    games = random_games(300, 150)
    lines = [[n.move for n in g.mainline() if n.move is not None] for g in games]
    total = sum(len(line) for line in lines)
    start = Position.initial(STANDARD)

    def validate() -> None:
        for line in lines:
            board = Board.from_position(start)
            push = board.push
            for move in line:
                push(move)

    rate("validate + play (9x9, model moves)", total, validate)

    def engine_push_pop() -> None:
        for line in lines:
            board = Board.from_position(start)
            push, pop = board.push, board.pop
            for move in line:
                push(move)
            for _ in line:
                pop()

    def public_push_pop() -> None:
        for line in lines:
            board = PublicBoard(start)
            push, pop = board.push, board.pop
            for move in line:
                push(move)
            for _ in line:
                pop()

    # Each move is pushed and popped once: the rate counts moves, not calls.
    rate("push + pop (9x9, rules engine Board)", total, engine_push_pop)
    rate("push + pop (9x9, kifu_lark.Board)", total, public_push_pop)

    positions = []
    for game, line in zip(games, lines, strict=True):
        board = Board.from_position(game.start)
        for move in line[:60]:
            board.push(move)
        positions.append(board)
    generated = sum(len(list(legal_tuples(b))) for b in positions)
    rate(
        "legal move generation (9x9)", generated, lambda: [list(legal_tuples(b)) for b in positions]
    )

    mini = random_games(300, 60, MINISHOGI)
    mini_lines = [[n.move for n in g.mainline() if n.move is not None] for g in mini]
    mini_total = sum(len(x) for x in mini_lines)
    mini_start = Position.initial(MINISHOGI)

    def validate_mini() -> None:
        for line in mini_lines:
            board = Board.from_position(mini_start)
            for move in line:
                board.push(move)

    rate("validate + play (5x5)", mini_total, validate_mini)

    sfens = [b.to_position().sfen() for b in positions] * 10
    rate("SFEN read", len(sfens), lambda: [Position.from_sfen(s) for s in sfens], unit="positions")
