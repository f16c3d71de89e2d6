"""The motion clauses of a tactic file as values: what kifu_lark/tactics/values.py reads
from the file and kifu_lark/tactics/motion.py asks of the board (see docs/tactics.md, "Motion
clauses"). A module of its own, kept interpreted: the attrs classes of a tactic stay out of
the compiled matcher's modules (mypyc compiles no attrs class).
"""

from __future__ import annotations

from attrs import frozen

from kifu_lark.model.piece import PieceKind

#: A range of ints, both ends included; ``None`` for an open end.
Range = tuple[int, int | None]
ANY_RANGE: Range = (0, None)

CHECKS = ("any", "yes", "no", "direct", "discovered", "double")
PAST_MOVED = ("any", "drop", "board", "capture", "no-capture")
#: Where an earlier move landed, relative to this move's destination (mover's view).
PLACES = ("anywhere", "here", "ahead", "behind", "elsewhere", "last")


@frozen
class Attacks:
    """``attacks: [N of] KINDS`` (at least N, default 1) or ``attacks: no KINDS``: how many
    of the opponent's pieces of those kinds the moved piece attacks after the move."""

    least: int
    kinds: frozenset[PieceKind]
    none: bool = False


@frozen
class Skewer:
    """``skewers: FRONT / BACK``: along one of its lines the moved piece attacks an
    opponent's piece of a FRONT kind with another opponent's piece of a BACK kind right
    behind it (nothing between): 田楽刺し; a BACK of 玉 alone is a pin."""

    front: frozenset[PieceKind]
    back: frozenset[PieceKind]


@frozen
class PastMove:
    """``last:`` (the opponent's move just before) or ``previous:`` (the mover's own move
    before that): its piece as it stood after it (any of ``kinds``, all when empty), what it
    was (each of ``moved``: ``drop``, ``board``, ``capture``, ``no-capture``) and where it
    landed (``to``, one of :data:`PLACES`)."""

    kinds: frozenset[PieceKind] = frozenset()
    moved: frozenset[str] = frozenset()
    to: str = "anywhere"


@frozen
class Motion:
    """The motion clauses of one tactic (each left at its default asks nothing)."""

    attacks: tuple[Attacks, ...] = ()
    check: str = "any"
    skewers: Skewer | None = None
    exposed: Range = ANY_RANGE
    reaches: frozenset[int] = frozenset()
    last: PastMove | None = None
    previous: PastMove | None = None

    @property
    def asks(self) -> bool:
        """True when some clause asks something."""
        return self != _NOTHING


_NOTHING = Motion()
#: The motion of a tactic without motion clauses.
NO_MOTION = _NOTHING
