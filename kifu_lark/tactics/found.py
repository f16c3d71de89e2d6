"""What ``find`` reports: one tactic found on a line. A module of its own, kept interpreted:
attrs classes stay out of the compiled matcher (kifu_lark/tactics/match.py)."""

from __future__ import annotations

from attrs import field, frozen

from kifu_lark.model.color import Color
from kifu_lark.model.game import Node
from kifu_lark.model.square import Square


@frozen
class Found:
    """A tactic found on a line: whose, what, and the move where it first appears.

    Attributes:
        side: the side the tactic is of.
        category: 戦法, 囲い, 手筋 or 備考.
        name: the tactic's name.
        ply: the move's number in the game (1 = first move).
        node: the move's node in the game tree.
        parents: the tactics this one refines (its file's ``replaces``, nearest first):
            found for the same side, they are left out of ``find``'s result for it.
        squares: the squares its board pattern names, as they stand on the board (empty
            for a tactic without a pattern, and for the notes).
        targets: the squares its motion clauses matched: the pieces attacked, the king
            checked and the pieces that check it besides the moved one, the two pieces of
            a skewer (empty when it has no such clause).
        clauses: its file's conditions, ``key: value`` as written (``moved: drop``,
            ``attacks: 2 of 玉 飛 角``), all of which held at this move.
    """

    side: Color
    category: str
    name: str
    ply: int
    node: Node = field(eq=False, repr=False)
    parents: tuple[str, ...] = ()
    squares: tuple[Square, ...] = field(default=(), repr=False)
    targets: tuple[Square, ...] = field(default=(), repr=False)
    clauses: tuple[str, ...] = field(default=(), repr=False)
