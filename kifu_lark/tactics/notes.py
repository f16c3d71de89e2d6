"""Notes (備考) about a whole game, decided from a few facts gathered during the one replay.

The rules (documented in docs/tactics.md, section "Notes"):

- 振り飛車: the side's rook makes a non-capturing board move, by game ply 40, to files 5–9
  and ranks 5–9 of its own view (中飛車 to 向かい飛車 and the 三間 / 四間 in between).
  居飛車: a side that has not swung its rook by ply 40 (or by its last move, for a line of
  20 to 40 plies); noted on that move. Lines shorter than 20 plies get neither.
- 相居飛車 / 相振り飛車 / 対抗形: both sides get it once both are decided, on the later move.
- 居玉: the side's king never moved in a line of 40 plies or more (noted on the last move),
  unless the side already has a tactic of that name from a file.
- 急戦: the first capture of a piece other than a pawn or a bishop comes by ply 50 (the
  bishop exchange of 角換わり is no fight yet); 持久戦: the line passes ply 50 without one.
  Both sides get it, on that move.
- 短手数: the line ends in a result (投了, 詰み …) by ply 60; 長手数: it is 200 plies or more.
"""

from __future__ import annotations

from kifu_lark.model.color import Color
from kifu_lark.model.game import Node
from kifu_lark.model.piece import PieceKind

SWING_BY, SETTLED_FROM, STAY_FROM = 40, 20, 40
QUICK_BY, SHORT_BY, LONG_FROM = 50, 60, 200
NOTE = "備考"
_COLORS = (Color.BLACK, Color.WHITE)
#: Every note's name, for ``names()``.
NOTE_NAMES = (
    "居飛車",
    "振り飛車",
    "相居飛車",
    "相振り飛車",
    "対抗形",
    "居玉",
    "急戦",
    "持久戦",
    "短手数",
    "長手数",
)

Note = tuple[int, str, int, Node]  # side (0 先手, 1 後手), name, ply, node


class NoteTaker:
    """Fed every move of a line by the matcher; :meth:`notes` decides at the end."""

    def __init__(self) -> None:
        self.swing: list[tuple[int, Node] | None] = [None, None]
        self.settled: list[tuple[int, Node] | None] = [None, None]
        self.king_moved = [False, False]
        self.fight: tuple[int, Node] | None = None
        self.calm: tuple[int, Node] | None = None

    def move(
        self,
        color: int,
        kind: PieceKind,
        file: int,
        rank: int,
        drop: bool,
        taken: PieceKind | None,
        ply: int,
        node: Node,
    ) -> None:
        """One move: ``file``/``rank`` of the destination in the mover's view, ``taken`` the
        kind captured (unpromoted) or ``None``."""
        if kind is PieceKind.KING:
            self.king_moved[color] = True
        if (
            kind is PieceKind.ROOK
            and not drop
            and taken is None
            and ply <= SWING_BY
            and file >= 5
            and rank >= 5
            and self.swing[color] is None
        ):
            self.swing[color] = (ply, node)
        if ply <= SWING_BY:
            self.settled[color] = (ply, node)
        fights = taken not in (None, PieceKind.PAWN, PieceKind.BISHOP)
        if fights and self.fight is None and ply <= QUICK_BY:
            self.fight = (ply, node)
        if ply == QUICK_BY + 1 and self.fight is None:
            self.calm = (ply, node)

    def notes(
        self, last_ply: int, last: Node, ended: bool, named: set[tuple[int, str]]
    ) -> list[Note]:
        """The notes of the line whose last move is ``last``; ``ended`` when a result
        follows it; ``named`` the (side, name) pairs already found from files."""
        found: list[Note] = []
        styles: list[tuple[str, int, Node] | None] = [None, None]
        for color in (0, 1):
            swing, settled = self.swing[color], self.settled[color]
            if swing is not None:
                styles[color] = ("振り飛車", *swing)
            elif settled is not None and last_ply >= SETTLED_FROM:
                styles[color] = ("居飛車", *settled)
            style = styles[color]
            if style is not None:
                found.append((color, style[0], style[1], style[2]))
        black, white = styles
        if black is not None and white is not None:
            if black[0] != white[0]:
                both = "対抗形"
            else:
                both = "相居飛車" if black[0] == "居飛車" else "相振り飛車"
            later = black if black[1] >= white[1] else white
            found += [(0, both, later[1], later[2]), (1, both, later[1], later[2])]
        for color in (0, 1):
            if (
                last_ply >= STAY_FROM
                and not self.king_moved[color]
                and (color, "居玉") not in named
            ):
                found.append((color, "居玉", last_ply, last))
        pace = ("急戦", self.fight) if self.fight is not None else ("持久戦", self.calm)
        if pace[1] is not None:
            found += [(0, pace[0], *pace[1]), (1, pace[0], *pace[1])]
        length = (
            "短手数"
            if ended and last_ply <= SHORT_BY
            else "長手数"
            if last_ply >= LONG_FROM
            else None
        )
        if length is not None:
            found += [(0, length, last_ply, last), (1, length, last_ply, last)]
        return found
