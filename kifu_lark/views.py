"""Installs the model's views: what ``Game.positions()``, ``Node.evaluation`` and the
notebook pictures call in the layers above the model (see :mod:`kifu_lark.model.views`).

:mod:`kifu_lark` calls :func:`install_views` when it is imported, so the model's methods
work wherever the package is used; this module is the one place that joins the model to the
record layer, the evaluation reader, the move texts, the renderer and the tactics.
"""

from __future__ import annotations

from kifu_lark import record
from kifu_lark.formats.evaluation import node_evaluation, set_evaluation
from kifu_lark.formats.evaluation_pv import resolve_pv
from kifu_lark.formats.line_text import line_texts
from kifu_lark.formats.move_text import check_notation
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.node import Node
from kifu_lark.model.position import Position
from kifu_lark.model.views import Views, install

__all__ = ["install_views"]


def _move_texts(game: Game, nodes: list[Node], notation: str, marks: str) -> list[str]:
    """``Game.move_texts``' replay: the texts of a path of ``game``'s tree."""
    return line_texts(game.start, nodes, check_notation(notation, marks), marks)


# The pictures' modules load when a picture is first asked for, not with the package: a
# program that reads and converts records never draws one.


def _game_svg(game: Game) -> str:
    from kifu_lark.render.notebook import game_picture  # noqa: PLC0415 (see above)

    return game_picture(game)


def _game_html(game: Game) -> str:
    from kifu_lark.render.notebook import game_html  # noqa: PLC0415 (see above)

    return game_html(game)


def _position_svg(position: Position) -> str:
    from kifu_lark.render.notebook import position_svg  # noqa: PLC0415 (see above)

    return position_svg(position)


def _tactics(game: Game, line: Node | None) -> list[tuple[Node, Color, str, str]]:
    """The tactics along a line, for the record viewer's marks. The tactic files are read
    on the first call, not when the package is imported."""
    from kifu_lark.tactics import find  # noqa: PLC0415 (its files load on first use)

    return [(found.node, found.side, found.category, found.name) for found in find(game, line)]


def install_views() -> None:
    """Install the functions behind the model's views (idempotent)."""
    install(
        Views(
            positions=record.positions,
            position_at=record.position_at,
            evaluations=record.evaluations,
            move_texts=_move_texts,
            read_evaluation=node_evaluation,
            write_evaluation=set_evaluation,
            resolve_pv=resolve_pv,
            game_svg=_game_svg,
            game_html=_game_html,
            position_svg=_position_svg,
            tactics=_tactics,
        )
    )
