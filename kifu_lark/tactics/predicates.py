"""Named predicates: the few techniques no board pattern can say.

A tactic file names one with ``predicate: NAME``; the matcher calls it after the file's
conditions and pattern hold, with a :class:`Seen` view of the position from the mover's side
(as if the mover were 先手, so one predicate serves both sides).
"""

from __future__ import annotations

from collections.abc import Callable

from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square
from kifu_lark.rules.geometry import KINDS, WHITE_BIT, Geometry


class Seen:
    """The position after a move, seen from the mover's side.

    Attributes:
        to: where the moved piece stands (mover's view).
        origin: where it came from, ``None`` for a drop (mover's view).
        kind: the kind now standing on ``to``.
        drop: whether the move was a drop.
        hand: the mover's hand after the move (kind → count, unpromoted kinds).
    """

    __slots__ = ("_cells", "_color", "_g", "drop", "hand", "kind", "origin", "to")

    def __init__(
        self,
        g: Geometry,
        cells: list[int],
        color: int,
        to: Square,
        origin: Square | None,
        kind: PieceKind,
        hand: dict[PieceKind, int],
    ) -> None:
        self._g, self._cells, self._color = g, cells, color
        self.to, self.origin, self.kind, self.drop, self.hand = (
            to,
            origin,
            kind,
            origin is None,
            hand,
        )

    @property
    def ranks(self) -> int:
        """The number of ranks (the mover's back rank)."""
        return self._g.ranks

    def at(self, file: int, rank: int) -> tuple[PieceKind, bool] | None:
        """(kind, whether it is the mover's) on a square of the mover's view, or ``None``
        when the square is empty or off the board."""
        g = self._g
        if not (1 <= file <= g.files and 1 <= rank <= g.ranks):
            return None
        if self._color:
            file, rank = g.files + 1 - file, g.ranks + 1 - rank
        code = self._cells[g.idx(file, rank)]
        if not code:
            return None
        return KINDS[(code & 15) - 1], (code & WHITE_BIT) == (self._color << 4)

    def mine(self, file: int, rank: int, kind: PieceKind) -> bool:
        """True when the mover's ``kind`` stands on the square (mover's view)."""
        return self.at(file, rank) == (kind, True)


Predicate = Callable[[Seen], bool]

#: Every registered predicate by name.
PREDICATES: dict[str, Predicate] = {}


def predicate(name: str) -> Callable[[Predicate], Predicate]:
    """Register a function as the predicate ``name`` (a decorator)."""

    def register(function: Predicate) -> Predicate:
        PREDICATES[name] = function
        return function

    return register


@predicate("gold_bottom_pawn")
def gold_bottom_pawn(seen: Seen) -> bool:
    """金底の歩: a pawn dropped on one's own back rank, right under one's own gold."""
    last = seen.ranks
    return (
        seen.drop
        and seen.kind is PieceKind.PAWN
        and seen.to.rank == last
        and seen.mine(seen.to.file, last - 1, PieceKind.GOLD)
    )
