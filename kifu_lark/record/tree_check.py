"""Check a whole game tree as its readers would, before a writer writes it.

A writer must never write a record its own reader refuses: :func:`check_tree` replays every
line of the tree (or, when the game was read and so already checked, only the turns) and
names the first move that breaks a rule.
"""

from __future__ import annotations

from kifu_lark.errors import IllegalMoveError
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.node import Node
from kifu_lark.rules.board import Board, illegal
from kifu_lark.rules.fouls import TOLERABLE_CODES, foul_allowance
from kifu_lark.rules.violations import Violation


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
    tolerated = frozenset(Violation(w.code) for w in game.warnings if w.code in TOLERABLE_CODES)
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
