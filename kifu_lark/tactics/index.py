"""The compiled patterns of a tactic set, indexed for the matcher (kifu_lark/tactics/match.py).

Every tactic is compiled twice per board size, once for each side: 後手's copy is the
pattern rotated 180° with the colours swapped, so one file serves both sides (a file that
asks for its mirror image adds the two mirrored copies). The compiled patterns are indexed
by (engine code of the piece now on the destination, destination index); a move looks up
its own key and tries that short list. A pattern drawn around the moved piece (``anchor:
moved``), or a ``piece:`` limited to some ranks or files, is compiled once for each
destination it fits, so it joins the same index.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Final

from attrs import evolve

from kifu_lark.model.color import Color
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square
from kifu_lark.model.variant import Variant
from kifu_lark.rules.geometry import KIND_CODE, OFF, Geometry, geometry
from kifu_lark.tactics import language as lang
from kifu_lark.tactics.clauses import Motion
from kifu_lark.tactics.language import Cell, Tactic
from kifu_lark.tactics.motion import MotionCheck

_COLORS: Final = (Color.BLACK, Color.WHITE)
_MOVED = {"any": 0, "drop": 1, "board": 2, "capture": 3, "no-capture": 4}
#: Added to the piece code of a drop in the index key (piece codes are below 32).
DROPPED: Final = 32


class Compiled:
    """One tactic for one side on one board size: engine indices and codes to compare."""

    __slots__ = (
        "cap_hi",
        "cap_lo",
        "empty",
        "equal",
        "first_code",
        "first_square",
        "gate_kinds",
        "gate_least",
        "groups",
        "hand",
        "hand_bits",
        "hand_rule",
        "heite",
        "kid",
        "motion",
        "moved",
        "not_equal",
        "not_origins",
        "occupied",
        "origin",
        "plain",
        "ply_hi",
        "ply_lo",
        "squares",
        "tactic",
        "took",
    )

    def __init__(
        self,
        tactic: Tactic,
        g: Geometry,
        color: int,
        trigger: Cell | None,
        cells: tuple[Cell, ...] | None = None,
    ) -> None:
        """``cells``: the pattern as placed (mirrored, or moved with its trigger), by default
        the file's."""
        self.tactic = tactic
        cells = tactic.cells if cells is None else cells
        self.squares = tuple(
            g.square_of[square_index(g, color, c.square.file, c.square.rank)] for c in cells
        )
        motion = tactic.motion
        self.motion = MotionCheck(motion, color) if motion.asks else None
        # The strictest ``attacks: N of KINDS`` clause, as a bit per kind code: the matcher
        # asks it of the move's shared attack summary before anything else (a fork fails
        # there on almost every move). 0 when the file asks no such clause.
        self.gate_least, self.gate_kinds = _gate(motion)
        #: The number the index gives (side, name) (see :meth:`Index.compiled`): the
        #: matcher marks what it found in a list by this number.
        self.kid = -1
        # The file's conditions as plain ints and sets, read on every try (the hot path).
        self.ply_lo, self.ply_hi = tactic.ply[0], _upper(tactic.ply)
        self.cap_lo, self.cap_hi = tactic.captures[0], _upper(tactic.captures)
        self.moved = _MOVED[tactic.moved]
        self.took = frozenset(KIND_CODE[kind] for kind in tactic.took)
        self.heite = tactic.start == "平手"
        self.hand = None if tactic.hand.rule == "any" else tactic.hand
        #: The hand rule as ints (see :func:`hand_bits`): ``HAND_RULES``' number of
        #: ``any``/``empty``/``only``/``has``, and a bit per kind code it names.
        self.hand_rule, self.hand_bits = (
            HAND_RULES.index(tactic.hand.rule),
            sum(1 << KIND_CODE[kind] for kind in tactic.hand.kinds),
        )
        self.equal: list[tuple[int, int]] = []
        self.not_equal: list[tuple[int, int]] = []
        self.empty: list[int] = []
        self.occupied: list[int] = []
        self.groups: dict[str, list[tuple[int, int]]] = {}
        self.origin = -1
        self.not_origins: list[int] = []
        for cell in cells:
            if cell is trigger:
                continue  # the index key already says what stands there
            i = square_index(g, color, cell.square.file, cell.square.rank)
            own = code(cell.kind, color) if cell.kind is not None else 0
            opp = code(cell.kind, 1 - color) if cell.kind is not None else 0
            need = cell.need
            if need in (lang.OWN, lang.TRIGGER):
                self.equal.append((i, own))
            elif need == lang.OPPONENT:
                self.equal.append((i, opp))
            elif need == lang.NOT_OWN:
                self.not_equal.append((i, own))
            elif need == lang.NOT_OPPONENT:
                self.not_equal.append((i, opp))
            elif need == lang.GROUP:
                letter = cell.group or ""
                theirs = letter in lang.OPPONENT_GROUPS
                self.groups.setdefault(letter, []).append((i, opp if theirs else own))
            elif need == lang.EMPTY:
                self.empty.append(i)
            elif need == lang.OCCUPIED:
                self.occupied.append(i)
            elif need == lang.ORIGIN:
                self.origin = i
            else:
                self.not_origins.append(i)
        # Read by the matcher before anything else: most patterns tried after a move fail on
        # their first square, and a compare costs less than the calls it saves. A pattern
        # without piece squares names index 0, a sentinel that always holds OFF.
        self.first_square, self.first_code = self.equal[0] if self.equal else (0, OFF)
        self.plain = not (
            self.equal
            or self.not_equal
            or self.empty
            or self.occupied
            or self.groups
            or self.origin >= 0
            or self.not_origins
        )

    def holds(self, cells: list[int], frm: int) -> bool:
        """True when the board (and the move's origin ``frm``, 0 for a drop) fit."""
        if self.origin >= 0 and frm != self.origin:
            return False
        if frm in self.not_origins:
            return False
        for i, want in self.equal:
            if cells[i] != want:
                return False
        for i, unwanted in self.not_equal:
            if cells[i] == unwanted:
                return False
        for i in self.empty:
            if cells[i]:
                return False
        for i in self.occupied:
            if not cells[i]:
                return False
        for members in self.groups.values():
            for i, want in members:
                if cells[i] == want:
                    break
            else:
                return False
        return True

    def fits(self, ply: int, captures: int, frm: int, taken: int, standard: bool) -> bool:
        """The file's conditions that do not look at the board (``frm`` 0 for a drop,
        ``taken`` the engine code captured or 0, ``standard`` for a 平手 start)."""
        if not (self.ply_lo <= ply <= self.ply_hi and self.cap_lo <= captures <= self.cap_hi):
            return False
        if self.took and (taken & 15) not in self.took:
            return False
        if self.heite and not standard:
            return False
        moved = self.moved
        if moved == 0:
            return True
        if moved in (1, 2):  # drop, board
            return (frm == 0) == (moved == 1)
        return (taken != 0) == (moved == 3)  # capture, no-capture


#: The hand rules, numbered as :attr:`Compiled.hand_rule` holds them.
HAND_RULES = ("any", "empty", "only", "has")


def hand_holds(rule: int, wanted: int, held: int) -> bool:
    """True when a hand whose kinds are the bits ``held`` (a bit per kind code) fits hand
    rule number ``rule`` of :data:`HAND_RULES` naming the kinds ``wanted``."""
    if rule == 0:
        return True
    if rule == 1:
        return not held
    if rule == 2:
        return not held & ~wanted
    return not wanted & ~held


def _gate(motion: Motion) -> tuple[int, int]:
    """(N, bits of the kind codes) of the motion's ``attacks`` clause that asks for the most
    pieces, (0, 0) when none asks for any: a move whose piece attacks fewer than N of the
    opponent's pieces of those kinds cannot fit."""
    least, bits = 0, 0
    for rule in motion.attacks:
        if not rule.none and rule.least > least:
            least = rule.least
            bits = sum(1 << KIND_CODE[kind] for kind in rule.kinds)
    return least, bits


def _upper(bounds: lang.Range) -> int:
    """The upper end of a range as an int (open: larger than any game)."""
    return 1 << 30 if bounds[1] is None else bounds[1]


def code(kind: PieceKind, color: int) -> int:
    """The engine code of ``color``'s piece of ``kind``."""
    return KIND_CODE[kind] | (color << 4)


def square_index(g: Geometry, color: int, file: int, rank: int) -> int:
    """The engine index of a square given in ``color``'s view (後手's is rotated 180°)."""
    if color:
        file, rank = g.files + 1 - file, g.ranks + 1 - rank
    return g.idx(file, rank)


class Index:
    """The compiled tactics of one board size, keyed for the matcher."""

    def __init__(self, tactics: Iterable[Tactic], variant: Variant) -> None:
        g = geometry(variant)
        self.g = g
        #: (code of the piece on the destination, + DROPPED for a drop) * ``g.size`` +
        #: destination index (one int: see :meth:`key`) → the patterns it may fire.
        self.triggered: dict[int, list[Compiled]] = {}
        #: Per side, the patterns without a trigger: those tried after any move, and those
        #: tried after a move of one piece (code of the piece now standing, + DROPPED for a
        #: drop, → patterns).
        self.every_any: tuple[list[Compiled], list[Compiled]] = ([], [])
        #: Per side, those of them that must capture: tried after captures only.
        self.every_capture: tuple[list[Compiled], list[Compiled]] = ([], [])
        self.every_piece: tuple[dict[int, list[Compiled]], ...] = ({}, {})
        #: Per side, the last ply any of ``every_any`` may match (no need to look past it).
        self.every_until: list[int] = [0, 0]
        #: side → patterns checked once after the last move.
        self.at_end: tuple[list[Compiled], list[Compiled]] = ([], [])
        self.tactics: list[Tactic] = []
        #: name → the names it replaces, for the tactics that replace any.
        self.replaces: dict[str, tuple[str, ...]] = {}
        #: Per side, the patterns without a trigger or piece that need a check: tried after
        #: the moves that give check.
        self.every_check: tuple[list[Compiled], list[Compiled]] = ([], [])
        #: Per side, those that ask about the opponent's capture just before: tried after
        #: a move that answers a capture.
        self.after_capture: tuple[list[Compiled], list[Compiled]] = ([], [])
        #: (side, name) → the number its compiled patterns share (:attr:`Compiled.kid`).
        self.numbers: dict[tuple[int, str], int] = {}
        for tactic in tactics:
            if (tactic.variant.files, tactic.variant.ranks) != (variant.files, variant.ranks):
                continue
            self.tactics.append(tactic)
            if tactic.replaces:
                self.replaces[tactic.name] = tactic.replaces
            for color in (0, 1):
                if tactic.side is not None and tactic.side is not _COLORS[color]:
                    continue
                if tactic.at_end:
                    self.at_end[color].append(self.compiled(tactic, color, None))
                    continue
                for cells, files in _shapes(tactic, g):
                    self.add(tactic, color, cells, _destinations(tactic, g, files))
        #: :attr:`triggered` and :attr:`every_piece` as lists by key (``None``: no pattern),
        #: read by the matcher after every move.
        self.triggered_at: list[list[Compiled] | None] = [None] * (2 * DROPPED * g.size)
        for key, found in self.triggered.items():
            self.triggered_at[key] = found
        self.piece_at: tuple[list[list[Compiled] | None], ...] = tuple(
            [side.get(piece) for piece in range(2 * DROPPED)] for side in self.every_piece
        )

    def add(
        self,
        tactic: Tactic,
        color: int,
        cells: tuple[Cell, ...],
        destinations: list[Square] | None,
    ) -> None:
        """Index one shape of ``tactic`` for side ``color`` (``destinations``: where the
        moved piece may land, mover's view; ``None`` for anywhere)."""
        g = self.g
        triggers = [cell for cell in cells if cell.need == lang.TRIGGER]
        if tactic.anchored:
            (anchor,) = triggers
            assert anchor.kind is not None
            for square in destinations or _all_squares(g):
                placed = _placed(cells, anchor, square, g)
                if placed is not None:
                    moved, rest = placed
                    compiled = self.compiled(tactic, color, moved, rest)
                    for found in self.keys(tactic, code(anchor.kind, color), color, square):
                        found.append(compiled)
            return
        if triggers:
            for cell in triggers:
                assert cell.kind is not None
                if destinations is None or cell.square in destinations:
                    compiled = self.compiled(tactic, color, cell, cells)
                    for found in self.keys(tactic, code(cell.kind, color), color, cell.square):
                        found.append(compiled)
            return
        compiled = self.compiled(tactic, color, None, cells)
        if tactic.pieces and destinations is not None:
            # A piece limited to some squares: keyed by each, as a trigger would be.
            for kind in tactic.pieces:
                for square in destinations:
                    for found in self.keys(tactic, code(kind, color), color, square):
                        found.append(compiled)
        elif tactic.pieces:
            every_piece = self.every_piece[color]
            for kind in tactic.pieces:
                piece = code(kind, color)
                # A board move and a drop are keyed apart, as for a trigger (keys()).
                if tactic.moved != "drop":
                    every_piece.setdefault(piece, []).append(compiled)
                if tactic.moved in ("any", "drop", "no-capture"):
                    every_piece.setdefault(piece | DROPPED, []).append(compiled)
        elif tactic.took or tactic.moved == "capture":
            self.every_capture[color].append(compiled)
        elif tactic.motion.last is not None and "capture" in tactic.motion.last.moved:
            self.after_capture[color].append(compiled)
        elif tactic.motion.check not in ("any", "no"):
            self.every_check[color].append(compiled)
        else:
            self.every_any[color].append(compiled)
            self.every_until[color] = max(self.every_until[color], _upper(tactic.ply))

    def compiled(
        self,
        tactic: Tactic,
        color: int,
        trigger: Cell | None,
        cells: tuple[Cell, ...] | None = None,
    ) -> Compiled:
        """``tactic`` compiled for side ``color`` (see :class:`Compiled`), numbered: every
        copy of one tactic for one side has the same :attr:`Compiled.kid`, counted from 0
        (:attr:`kids` many in all)."""
        compiled = Compiled(tactic, self.g, color, trigger, cells)
        compiled.kid = self.numbers.setdefault((color, tactic.name), len(self.numbers))
        return compiled

    @property
    def kids(self) -> int:
        """How many (side, name) the compiled patterns have (one more than the last kid)."""
        return len(self.numbers)

    def key(self, piece: int, i: int) -> int:
        """The key of :attr:`triggered` for ``piece`` (engine code, + DROPPED for a drop)
        landing on engine index ``i``."""
        return piece * self.g.size + i

    def keys(
        self, tactic: Tactic, piece: int, color: int, square: Square
    ) -> list[list[Compiled]]:
        """The lists of patterns tried when ``piece`` lands on ``square`` (mover's view):
        after a board move, after a drop, or both, as the tactic's ``moved`` allows (a drop
        is keyed with :data:`DROPPED` added to the piece code)."""
        i = square_index(self.g, color, square.file, square.rank)
        triggered = self.triggered
        lists = []
        if tactic.moved != "drop":
            lists.append(triggered.setdefault(self.key(piece, i), []))
        if tactic.moved in ("any", "drop", "no-capture"):
            lists.append(triggered.setdefault(self.key(piece | DROPPED, i), []))
        return lists


def _shapes(tactic: Tactic, g: Geometry) -> list[tuple[tuple[Cell, ...], frozenset[int]]]:
    """The tactic's cells and destination files, then their mirror image if it asks for it."""
    shapes = [(tactic.cells, tactic.files)]
    if tactic.mirror:
        flip = g.files + 1
        cells = tuple(
            evolve(c, square=Square(flip - c.square.file, c.square.rank)) for c in tactic.cells
        )
        shapes.append((cells, frozenset(flip - f for f in tactic.files)))
    return shapes


def _destinations(tactic: Tactic, g: Geometry, files: frozenset[int]) -> list[Square] | None:
    """The squares (mover's view) the ``rank:`` and ``file:`` keys let the move land on,
    ``None`` when they let it land anywhere."""
    if not tactic.ranks and not files:
        return None
    return [
        square
        for square in _all_squares(g)
        if (not tactic.ranks or square.rank in tactic.ranks) and (not files or square.file in files)
    ]


def _all_squares(g: Geometry) -> list[Square]:
    return [Square(f, r) for r in range(1, g.ranks + 1) for f in range(1, g.files + 1)]


# A cell off the board after the pattern moved: these ask nothing there (no piece stands
# off the board), a group loses that member; any other cell cannot hold.
_VOID_OFF_BOARD = (lang.NOT_OWN, lang.NOT_OPPONENT, lang.NOT_ORIGIN, lang.GROUP)


def _placed(
    cells: tuple[Cell, ...], anchor: Cell, square: Square, g: Geometry
) -> tuple[Cell, tuple[Cell, ...]] | None:
    """The pattern moved so that ``anchor`` stands on ``square``: (the moved trigger, all
    the cells), or ``None`` when a cell that must hold something falls off the board."""
    df, dr = square.file - anchor.square.file, square.rank - anchor.square.rank
    placed: list[Cell] = []
    moved = anchor
    groups: dict[str | None, int] = {}
    for cell in cells:
        f, r = cell.square.file + df, cell.square.rank + dr
        if cell.need == lang.GROUP:
            groups.setdefault(cell.group, 0)
        if not (1 <= f <= g.files and 1 <= r <= g.ranks):
            if cell.need in _VOID_OFF_BOARD:
                continue
            return None
        shifted = evolve(cell, square=Square(f, r))
        if cell is anchor:
            moved = shifted
        if cell.need == lang.GROUP:
            groups[cell.group] += 1
        placed.append(shifted)
    if not all(groups.values()):
        return None
    return moved, tuple(placed)


#: The last (tactics, variant, index) given out: ``find`` asks again and again with the same
#: tuple (the shipped set), and a tuple that is the same object holds the same tactics, so
#: this spares hashing every tactic of it on each call.
_LAST: list[tuple[tuple[Tactic, ...], Variant, Index]] = []


def index_for(tactics: tuple[Tactic, ...], variant: Variant) -> Index:
    """The index of ``tactics`` for ``variant``'s board (built once)."""
    if _LAST:
        last_tactics, last_variant, index = _LAST[0]
        if last_tactics is tactics and last_variant is variant:
            return index
    index = _index_for(tactics, variant)
    _LAST[:] = [(tactics, variant, index)]
    return index


@functools.cache
def _index_for(tactics: tuple[Tactic, ...], variant: Variant) -> Index:
    return Index(tactics, variant)


