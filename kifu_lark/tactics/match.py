"""Finding tactics along a line of a game: one replay, each move trying only the patterns
whose trigger it could fire.

Every tactic is compiled twice per board size, once for each side: 後手's copy is the
pattern rotated 180° with the colours swapped, so one file serves both sides. The compiled
patterns are indexed by (engine code of the piece now on the destination, destination
index); a move looks up its own key and tries that short list.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from attrs import field, frozen

from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.piece import HAND_KINDS, PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import Variant
from kifu_lark.rules.board import Board
from kifu_lark.rules.geometry import KIND_CODE, KINDS, Geometry, geometry
from kifu_lark.tactics import language as lang
from kifu_lark.tactics.language import Tactic
from kifu_lark.tactics.notes import NOTE, NOTED_KINDS, NoteTaker
from kifu_lark.tactics.predicates import PREDICATES, Seen

_COLORS = (Color.BLACK, Color.WHITE)
_MOVED = {"any": 0, "drop": 1, "board": 2, "capture": 3, "no-capture": 4}
_HAND_CODES = tuple(KIND_CODE[kind] for kind in HAND_KINDS)


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
    """

    side: Color
    category: str
    name: str
    ply: int
    node: Node = field(eq=False, repr=False)
    parents: tuple[str, ...] = ()


class Compiled:
    """One tactic for one side on one board size: engine indices and codes to compare."""

    __slots__ = (
        "cap_hi",
        "cap_lo",
        "empty",
        "equal",
        "groups",
        "hand",
        "heite",
        "key",
        "moved",
        "not_equal",
        "not_origins",
        "occupied",
        "origin",
        "ply_hi",
        "ply_lo",
        "tactic",
        "took",
    )

    def __init__(self, tactic: Tactic, g: Geometry, color: int, trigger: lang.Cell | None) -> None:
        self.tactic = tactic
        # The file's conditions as plain ints and sets, read on every try (the hot path).
        self.key = (color, tactic.name)
        self.ply_lo, self.ply_hi = tactic.ply[0], _upper(tactic.ply)
        self.cap_lo, self.cap_hi = tactic.captures[0], _upper(tactic.captures)
        self.moved = _MOVED[tactic.moved]
        self.took = frozenset(KIND_CODE[kind] for kind in tactic.took)
        self.heite = tactic.start == "平手"
        self.hand = None if tactic.hand.rule == "any" else tactic.hand
        self.equal: list[tuple[int, int]] = []
        self.not_equal: list[tuple[int, int]] = []
        self.empty: list[int] = []
        self.occupied: list[int] = []
        self.groups: dict[str, list[tuple[int, int]]] = {}
        self.origin = -1
        self.not_origins: list[int] = []
        for cell in tactic.cells:
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
                self.groups.setdefault(cell.group or "", []).append((i, own))
            elif need == lang.EMPTY:
                self.empty.append(i)
            elif need == lang.OCCUPIED:
                self.occupied.append(i)
            elif need == lang.ORIGIN:
                self.origin = i
            else:
                self.not_origins.append(i)

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
        #: (code of the piece on the destination, destination) → patterns it may fire.
        self.triggered: dict[tuple[int, int], list[Compiled]] = {}
        #: Per side, the patterns without a trigger: those tried after any move, and those
        #: tried after a move of one piece (code of the piece now standing → patterns).
        self.every_any: tuple[list[Compiled], list[Compiled]] = ([], [])
        #: Per side, those of them that must capture: tried after captures only.
        self.every_capture: tuple[list[Compiled], list[Compiled]] = ([], [])
        self.every_piece: tuple[dict[int, list[Compiled]], ...] = ({}, {})
        #: Per side, the last ply any of ``every_any`` may match (no need to look past it).
        self.every_until: list[float] = [0, 0]
        #: side → patterns checked once after the last move.
        self.at_end: tuple[list[Compiled], list[Compiled]] = ([], [])
        self.tactics: list[Tactic] = []
        #: name → the names it replaces, for the tactics that replace any.
        self.replaces: dict[str, tuple[str, ...]] = {}
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
                    self.at_end[color].append(Compiled(tactic, g, color, None))
                    continue
                triggers = tactic.triggers
                if not triggers:
                    compiled = Compiled(tactic, g, color, None)
                    if tactic.piece is None and (tactic.took or tactic.moved == "capture"):
                        self.every_capture[color].append(compiled)
                    elif tactic.piece is None:
                        self.every_any[color].append(compiled)
                        until = tactic.ply[1]
                        self.every_until[color] = max(
                            self.every_until[color], float("inf") if until is None else until
                        )
                    else:
                        piece = code(tactic.piece, color)
                        self.every_piece[color].setdefault(piece, []).append(compiled)
                for cell in triggers:
                    assert cell.kind is not None
                    i = square_index(g, color, cell.square.file, cell.square.rank)
                    key = (code(cell.kind, color), i)
                    self.triggered.setdefault(key, []).append(Compiled(tactic, g, color, cell))


@functools.cache
def index_for(tactics: tuple[Tactic, ...], variant: Variant) -> Index:
    """The index of ``tactics`` for ``variant``'s board (built once)."""
    return Index(tactics, variant)


def hand_fits(rule: lang.HandRule, hand: list[int]) -> bool:
    """True when the engine hand counts fit the tactic's hand rule."""
    if rule.rule == "any":
        return True
    held = {KINDS[k - 1] for k in _HAND_CODES if hand[k]}
    if rule.rule == "empty":
        return not held
    if rule.rule == "only":
        return held <= rule.kinds
    return rule.kinds <= held


class Matcher:
    """One pass over one line; ``found`` collects each side's tactics in order."""

    def __init__(self, game: Game, index: Index) -> None:
        self.index = index
        # 平手 is the usual set-up, whoever moves first (a game rotated 180° with the colours
        # swapped starts with 後手 to move and must show the same tactics, sides swapped).
        start = game.start
        usual = Position.initial(start.variant)
        self.standard_start = (
            start.variant.start_sfen is not None
            and start.board == usual.board
            and start.hands == usual.hands
        )
        self.found: list[Found] = []
        self.seen: set[tuple[int, str]] = set()
        board = Board.from_position(game.start)
        board.hashing = False
        # run() plays on the engine's board without any checks (the game's moves were
        # validated when it was read or built) and reads its padded cells and hand counts.
        self.board = board
        self.cells, self.hands = board.cells, board.hands

    def add(self, color: int, tactic: Tactic, ply: int, node: Node) -> None:
        for side in (color, 1 - color) if tactic.also_opponent else (color,):
            if (side, tactic.name) not in self.seen:
                self.seen.add((side, tactic.name))
                self.found.append(
                    Found(_COLORS[side], tactic.category, tactic.name, ply, node, tactic.replaces)
                )

    def run(self, game: Game, nodes: list[Node]) -> list[Found]:
        index = self.index
        board, cells = self.board, self.cells
        triggered, every_any, every_piece = index.triggered, index.every_any, index.every_piece
        every_until, idx = index.every_until, index.g.idx
        ply = first = game.start.ply - 1
        captures = 0
        last: Node | None = None
        # 備考 are about standard shogi from the usual start only.
        notes = NoteTaker() if self.standard_start and index.g.files == index.g.ranks == 9 else None
        # The hot loop: engine codes and padded indices (see rules/geometry.py), no objects.
        for node in nodes:
            move = node.move
            if move is None:
                continue
            ply += 1
            last = node
            color = 1 if move.color is Color.WHITE else 0
            square = move.to
            to = idx(square.file, square.rank)
            origin = move.from_
            frm = 0 if origin is None else idx(origin.file, origin.rank)
            board.turn = color  # the mover, also in a record read with tolerate=wrong_turn
            drop = KIND_CODE[move.piece] if origin is None else 0
            taken = board._make(frm, to, bool(move.promote), drop)
            now = cells[to]
            candidates = triggered.get((now, to))
            if candidates is not None:
                self.try_all(candidates, node, color, ply, captures, frm, taken)
            if ply <= every_until[color]:
                self.try_all(every_any[color], node, color, ply, captures, frm, taken)
            if taken:
                self.try_all(index.every_capture[color], node, color, ply, captures, frm, taken)
            candidates = every_piece[color].get(now)
            if candidates is not None:
                self.try_all(candidates, node, color, ply, captures, frm, taken)
            if notes is not None and (taken or now & 15 in NOTED_KINDS):
                notes.move(color, now & 15, square, frm == 0, taken & 15, ply, node)
            if taken:
                captures += 1
        if last is None:
            return self.found
        for side in (0, 1):
            for compiled in index.at_end[side]:
                if compiled.key in self.seen:
                    continue
                if not compiled.fits(ply, captures, -1, 0, self.standard_start):
                    continue
                hand = compiled.hand
                if hand is not None and not hand_fits(hand, self.hands[side]):
                    continue
                if compiled.holds(cells, -1):
                    self.add(side, compiled.tactic, ply, last)
        if notes is not None:
            moves = nodes[: ply - first]  # the moves come first; a special may end the line
            ended = nodes[-1].special is not None
            for side, name, at, node in notes.notes(moves, first, ended, self.seen):
                self.add_note(side, name, at, node)
        return self.found

    def add_note(self, side: int, name: str, ply: int, node: Node) -> None:
        if (side, name) not in self.seen:
            self.seen.add((side, name))
            self.found.append(Found(_COLORS[side], NOTE, name, ply, node))

    def try_all(
        self,
        candidates: list[Compiled],
        node: Node,
        color: int,
        ply: int,
        captures: int,
        frm: int,
        taken: int,
    ) -> None:
        seen, cells, standard = self.seen, self.cells, self.standard_start
        for compiled in candidates:
            if compiled.key in seen or not compiled.fits(ply, captures, frm, taken, standard):
                continue
            if not compiled.holds(cells, frm):
                continue
            hand = compiled.hand
            if hand is not None and not hand_fits(hand, self.hands[color]):
                continue
            tactic = compiled.tactic
            if tactic.predicate is not None and not self.predicate(tactic.predicate, node, color):
                continue
            self.add(color, tactic, ply, node)

    def predicate(self, name: str, node: Node, color: int) -> bool:
        """Ask the named predicate about ``node``'s move, seen from the mover's side."""
        move = node.move
        assert move is not None
        g = self.index.g

        def view(square: Square) -> Square:
            if not color:
                return square
            return Square(g.files + 1 - square.file, g.ranks + 1 - square.rank)

        hand = {KINDS[k - 1]: n for k in _HAND_CODES if (n := self.hands[color][k])}
        origin = None if move.from_ is None else view(move.from_)
        seen = Seen(g, self.cells, color, view(move.to), origin, move.piece_after, hand)
        return PREDICATES[name](seen)
