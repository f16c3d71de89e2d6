"""How each piece moves, as black sees it, read from the rules engine's tables.

The public name is :func:`kifu_lark.board.piece_movement` (the door to the engine); the
piece table (:mod:`kifu_lark.pieces`) and the docs read movement from here, so it is never
written down twice.
"""

from __future__ import annotations

from kifu_lark.model.piece import PieceKind
from kifu_lark.model.variant import STANDARD
from kifu_lark.rules.geometry import KIND_CODE, geometry

__all__ = ["Offset", "piece_movement"]

#: An offset as black sees it: (squares to the right, squares forward).
Offset = tuple[int, int]


def piece_movement(kind: PieceKind) -> tuple[frozenset[Offset], frozenset[Offset]]:
    """How a piece of ``kind`` moves, read from the rules engine's tables: the squares it
    reaches in one step and the directions it slides along any number of empty squares,
    each as black sees it. Movement is the same on every board size.

    Example:
        >>> steps, slides = piece_movement(PieceKind.KNIGHT)
        >>> sorted(steps), sorted(slides)
        ([(-1, 2), (1, 2)], [])
        >>> sorted(piece_movement(PieceKind.LANCE)[1])
        [(0, 1)]
    """
    # the standard geometry has room for every delta to decode unambiguously
    g = geometry(STANDARD)
    code = KIND_CODE[kind]
    steps = frozenset(_offset(d, g.width) for d in g.steps[0][code])
    slides = frozenset(_offset(d, g.width) for d in g.slides[0][code])
    return steps, slides


def _offset(delta: int, width: int) -> Offset:
    """(right, forward) of a padded-board index delta of black's (see rules/geometry.py)."""
    ranks = round(delta / width)
    files = delta - ranks * width
    # Higher files lie to black's left; lower ranks lie ahead of black.
    return -files, -ranks
