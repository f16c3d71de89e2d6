"""Positions along a line of a game's tree, played by the rules engine."""

from __future__ import annotations

from collections.abc import Iterator

from kifu_lark.errors import PVError
from kifu_lark.model.evaluation import Evaluation
from kifu_lark.model.game import Game
from kifu_lark.model.move import Move
from kifu_lark.model.node import Node
from kifu_lark.model.position import Position
from kifu_lark.rules.board import Board
from kifu_lark.rules.violations import ALL_TOLERABLE

__all__ = ["evaluations", "position_at", "positions"]


def position_at(game: Game, node: Node) -> Position:
    """The position after ``node``'s move (the start position for the root)."""
    board = Board.from_position(game.start)
    for step in node.path():
        if step.move is not None:
            # a game read may hold breaches it tolerated or a declared foul
            board.push(step.move, ALL_TOLERABLE)
    return board.to_position()


def positions(game: Game, line: Node | None = None) -> Iterator[tuple[Node, Position]]:
    """(node, position after its move) along a line, the root with the start position
    first; a special repeats the position before it. The line is the main line, or the one
    through ``line`` (see ``Game.line``). Each move is played once.

    Raises:
        ValueError: when ``line`` is not in the game's tree.
    """
    nodes = game.line(line)
    board = Board.from_position(game.start)
    board.hashing = False
    index = board.g.index
    position = game.start
    yield game.root, position
    for node in nodes:
        move = node.move
        if move is not None:
            # a game read may hold breaches it tolerated or a declared foul
            played = board.push(move, ALL_TOLERABLE)
            origin = played.from_
            # a move changes its two squares, and the hands on a capture or a drop
            position = board.position_after(
                position,
                0 if origin is None else index(origin),
                index(played.to),
                origin is None or played.captured is not None,
            )
        yield node, position


def evaluations(
    game: Game, line: Node | None = None, strict: bool = True
) -> Iterator[tuple[Node, Position, Evaluation, tuple[Move, ...] | None]]:
    """(node, position after its move, its evaluation, the PV as moves) for every node of a
    line that holds an evaluation (see ``Game.evaluations``). One replay for the line; each
    PV is played from the node's position.

    Raises:
        PVError: (strict) naming the PV token, its index and the node's line.
        ValueError: when ``line`` is not in the game's tree.
    """
    previous: Move | None = None
    for node, position in positions(game, line):
        if node.move is not None:
            previous = node.move
        evaluation = node.evaluation
        if evaluation is None:
            continue
        try:
            moves: tuple[Move, ...] | None = evaluation.resolve(position, previous)
        except PVError as err:
            if strict:
                err.locate(format=game.format, line=node.line)
                raise
            moves = None
        yield node, position, evaluation, moves
