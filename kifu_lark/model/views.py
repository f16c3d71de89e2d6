"""The door through which the record's values reach the layers above the model.

The model is data: it imports nothing from the rules engine, the formats, the renderer or
the board, not even inside a function (``lint-imports`` holds it to that). A few of its
methods are nevertheless views that need those layers: a game's positions are replayed by
the rules engine (the record layer, :mod:`kifu_lark.record`), a node's evaluation is read
out of its comments by the evaluation reader, a move's text is written in a notation, and
Jupyter's pictures are drawn by :mod:`kifu_lark.render`. Those methods call the functions
held by the :class:`Views` that :mod:`kifu_lark` installs when it is imported
(:func:`kifu_lark.views.install_views`), so that ``game.position_at(node)``,
``node.evaluation`` and ``game._repr_svg_()`` work for users while the dependency points
upwards only at run time, through this one value.

Importing any part of the package imports :mod:`kifu_lark` first, so the views are always
installed before a user can call them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from attrs import frozen

if TYPE_CHECKING:
    from kifu_lark.model.color import Color
    from kifu_lark.model.evaluation import Evaluation
    from kifu_lark.model.game import Game
    from kifu_lark.model.move import Move
    from kifu_lark.model.node import Node
    from kifu_lark.model.position import Position

__all__ = ["Views", "install", "views"]


@frozen
class Views:
    """The functions behind the model's views, one field per view.

    Attributes:
        positions: ``(game, line)`` → (node, position after its move) along the line
            (``Game.positions``); ``line`` ``None`` is the main line.
        position_at: ``(game, node)`` → the position after ``node``'s move.
        evaluations: ``(game, line, strict)`` → (node, position, evaluation, PV moves) along
            a line (``Game.evaluations``).
        move_texts: ``(game, nodes, notation, marks)`` → the texts of the nodes' moves, the
            nodes being a path from the first move (``Game.move_texts``).
        read_evaluation: a node's comment lines → the evaluation they hold, or ``None``.
        write_evaluation: ``(comment lines, evaluation or None)`` → the lines with their
            evaluation lines replaced (``Node.evaluation``'s setter).
        resolve_pv: ``(evaluation, position, previous move)`` → the PV's moves
            (``Evaluation.resolve``).
        game_svg: a game → its final board as SVG, for Jupyter.
        game_html: a game → the record viewer in a frame, as HTML, for Jupyter.
        position_svg: a position → the board as SVG, for Jupyter.
        tactics: ``(game, line)`` → the tactics found along the line (as
            ``kifu_lark.tactics.find``), each as (its node, side, category, name): the
            record viewer's marks.
    """

    positions: Callable[[Game, Node | None], Iterator[tuple[Node, Position]]]
    position_at: Callable[[Game, Node], Position]
    evaluations: Callable[
        [Game, Node | None, bool],
        Iterator[tuple[Node, Position, Evaluation, tuple[Move, ...] | None]],
    ]
    move_texts: Callable[[Game, list[Node], str, str], list[str]]
    read_evaluation: Callable[[Sequence[str]], Evaluation | None]
    write_evaluation: Callable[[Sequence[str], Evaluation | None], list[str]]
    resolve_pv: Callable[[Evaluation, Position, Move | None], tuple[Move, ...]]
    game_svg: Callable[[Game], str]
    game_html: Callable[[Game], str]
    position_svg: Callable[[Position], str]
    tactics: Callable[[Game, Node | None], list[tuple[Node, Color, str, str]]]


_installed: list[Views] = []


def install(installed: Views) -> None:
    """Make ``installed`` the views the model's methods call (replacing any before)."""
    _installed[:] = [installed]


def views() -> Views:
    """The views installed.

    Raises:
        RuntimeError: when none is (only while :mod:`kifu_lark` is still being imported).
    """
    if not _installed:
        raise RuntimeError("kifu_lark's views are not installed yet: import kifu_lark first")
    return _installed[0]
