"""Notes (備考) about a whole game, decided from a few facts gathered during the one replay.

The rules (documented in docs/tactics.md, section "Notes"):

- 振り飛車: the side's rook makes a non-capturing board move, by game ply 40, to files 5–9
  and ranks 5–9 of its own view (中飛車 to 向かい飛車 and the 三間 / 四間 in between).
  居飛車: a side that has not swung its rook by ply 40 (or by its last move, for a line of
  20 to 40 plies); noted on its last move by then. Lines shorter than 20 plies get neither.
- 相居飛車 / 相振り飛車 / 対抗形: both sides get it once both are decided, on the later move.
- 居玉: the side's king never moved in a line of 40 plies or more (noted on the last move),
  unless the side already has a tactic of that name from a file.
- 急戦: the first capture of a piece other than a pawn or a bishop comes by ply 40 (the
  bishop exchange of 角換わり is no fight yet); 持久戦: the line passes ply 40 without one.
  Both sides get it, on that move.
- 短手数: the line ends in a result (投了, 詰み …) by ply 60; 長手数: it is 200 plies or more.
- 対振り飛車 / 対居飛車: in a 対抗形, the 居飛車 side / the 振り飛車 side, on that move.
- 相居玉: both sides get 居玉.
- 穴熊: the side built a 穴熊 (a castle found that is 居飛車穴熊 or 振り飛車穴熊 or refines
  one), on the move it first stood; 対穴熊: its opponent, on that move; 相穴熊: both did,
  both sides noted on the later move.
- 入玉: the side's king reaches the opponent's camp (the three ranks farthest from its own
  side), noted on that move; 相入玉: both kings did, both sides noted on the later move.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from kifu_lark.model.game import Node
from kifu_lark.rules.geometry import BISHOP, KING, PAWN, ROOK

# Final: the compiled build reads each as a constant, not a module-dict look-up a move.
SWING_BY: Final = 40
SETTLED_FROM: Final = 20
STAY_FROM: Final = 40
#: The ranks of the opponent's camp, counted from the far edge (the board is 9x9).
CAMP: Final = 3
QUICK_BY: Final = 40
SHORT_BY: Final = 60
LONG_FROM: Final = 200
NOTE: Final = "備考"
#: The engine kind codes whose every move the matcher reports (besides captures).
NOTED_KINDS: Final = frozenset({KING, ROOK})
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
    "入玉",
    "相入玉",
    "対振り飛車",
    "対居飛車",
    "相居玉",
    "穴熊",
    "対穴熊",
    "相穴熊",
)
#: The castles every 穴熊 is, or refines.
ANAGUMA = frozenset({"居飛車穴熊", "振り飛車穴熊"})

Note = tuple[int, str, int, Node]  # side (0 先手, 1 後手), name, ply, node


class NoteTaker:
    """Told of the king's and rook's moves and of captures by the matcher; :meth:`notes`
    decides at the end of the line."""

    def __init__(self) -> None:
        self.swing: list[tuple[int, Node] | None] = [None, None]
        self.king_moved = [False, False]
        self.entered: list[tuple[int, Node] | None] = [None, None]
        self.fight: tuple[int, Node] | None = None

    def move(
        self,
        color: int,
        kind: int,
        to: tuple[int, int],
        drop: bool,
        taken: int,
        ply: int,
        node: Node,
    ) -> None:
        """A move of ``color``'s ``kind`` (engine code, after promotion) to ``to`` (file and
        rank, as on the board), capturing the engine kind ``taken`` (0 for none), at
        ``ply``."""
        to_file, to_rank = to
        if kind == KING:
            self.king_moved[color] = True
            far = 10 - to_rank if color else to_rank
            if far <= CAMP and self.entered[color] is None:
                self.entered[color] = (ply, node)
        elif kind == ROOK and not drop and not taken and ply <= SWING_BY:
            file, rank = (10 - to_file, 10 - to_rank) if color else (to_file, to_rank)
            if file >= 5 and rank >= 5 and self.swing[color] is None:
                self.swing[color] = (ply, node)
        if taken and taken not in (PAWN, BISHOP) and self.fight is None and ply <= QUICK_BY:
            self.fight = (ply, node)

    def notes(
        self, moves: list[Node], first: int, ended: bool, named: set[tuple[int, str]]
    ) -> list[Note]:
        """The notes of a line whose move nodes are ``moves`` (the first one is move
        ``first + 1``); ``ended`` when a result follows them; ``named`` the (side, name)
        pairs already found from files."""
        last_ply, last = first + len(moves), moves[-1]
        found: list[Note] = []
        styles: list[tuple[str, int, Node] | None] = [None, None]
        for color in (0, 1):
            swing = self.swing[color]
            settled = self.settled(moves, first, color)
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
            if both == "対抗形":
                for color, style in ((0, black), (1, white)):
                    facing = "対振り飛車" if style[0] == "居飛車" else "対居飛車"
                    found.append((color, facing, later[1], later[2]))
        stayed_both = last_ply >= STAY_FROM
        for color in (0, 1):
            stayed = not self.king_moved[color]
            stayed_both = stayed_both and stayed
            if last_ply >= STAY_FROM and stayed and (color, "居玉") not in named:
                found.append((color, "居玉", last_ply, last))
        if stayed_both:
            found += [(0, "相居玉", last_ply, last), (1, "相居玉", last_ply, last)]
        pace: tuple[str, int, Node] | None = None
        if self.fight is not None:
            pace = ("急戦", *self.fight)
        elif last_ply > QUICK_BY >= first:
            pace = ("持久戦", QUICK_BY + 1, moves[QUICK_BY - first])
        if pace is not None:
            found += [(0, *pace), (1, *pace)]
        length = None
        if ended and last_ply <= SHORT_BY:
            length = "短手数"
        elif last_ply >= LONG_FROM:
            length = "長手数"
        if length is not None:
            found += [(0, length, last_ply, last), (1, length, last_ply, last)]
        return found + self.entering()

    def entering(self) -> list[Note]:
        """入玉 for each side whose king entered the opponent's camp; 相入玉 when both did."""
        found: list[Note] = []
        for color in (0, 1):
            entered = self.entered[color]
            if entered is not None:
                found.append((color, "入玉", *entered))
        black, white = self.entered
        if black is not None and white is not None:
            later = black if black[0] >= white[0] else white
            found += [(0, "相入玉", *later), (1, "相入玉", *later)]
        return found

    @staticmethod
    def settled(moves: list[Node], first: int, color: int) -> tuple[int, Node] | None:
        """``color``'s last move by ply 40 (its ply and node), or ``None``."""
        end = min(SWING_BY - first, len(moves))
        for i in range(end - 1, max(end - 3, -1), -1):
            move = moves[i].move
            if move is not None and (move.color.value == "-") == bool(color):
                return first + i + 1, moves[i]
        return None


def castle_notes(
    castles: Iterable[tuple[int, str, int, Node]], lineage: Mapping[str, Sequence[str]]
) -> list[Note]:
    """穴熊, 対穴熊 and 相穴熊 from the castles found: (side, name, ply, node) each, every
    one found, the ones another replaces too; ``lineage`` a castle's parents by name."""
    built: list[tuple[int, Node] | None] = [None, None]
    for side, name, ply, node in castles:
        bear = name in ANAGUMA or not ANAGUMA.isdisjoint(lineage.get(name, ()))
        first = built[side]
        if bear and (first is None or ply < first[0]):
            built[side] = (ply, node)
    found: list[Note] = []
    for side in (0, 1):
        first = built[side]
        if first is not None:
            found += [(side, "穴熊", *first), (1 - side, "対穴熊", *first)]
    black, white = built
    if black is not None and white is not None:
        later = black if black[0] >= white[0] else white
        found += [(0, "相穴熊", *later), (1, "相穴熊", *later)]
    return found
