"""Finding tactics along a line of a game: one replay, each move trying only the patterns
whose trigger it could fire.

The compiled patterns and their index are kifu_lark/tactics/index.py. Motion clauses
(kifu_lark/tactics/motion.py) are asked last, only of the tactics whose index key,
conditions and pattern already fit the move.
"""

from __future__ import annotations

from typing import Final

from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.piece import HAND_KINDS
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.rules.board import Board
from kifu_lark.rules.geometry import KIND_CODE, KINDS
from kifu_lark.tactics import language as lang
from kifu_lark.tactics.found import Found
from kifu_lark.tactics.index import DROPPED, Compiled, Index, hand_holds, index_for
from kifu_lark.tactics.motion import Past
from kifu_lark.tactics.notes import NOTE, NOTED_KINDS, NoteTaker
from kifu_lark.tactics.predicates import PREDICATES, Seen

_COLORS: Final = (Color.BLACK, Color.WHITE)
_HAND_CODES: Final = tuple(KIND_CODE[kind] for kind in HAND_KINDS)


def found(
    side: Color,
    category: str,
    name: str,
    ply: int,
    node: Node,
    parents: tuple[str, ...] = (),
    squares: tuple[Square, ...] = (),
    targets: tuple[Square, ...] = (),
    clauses: tuple[str, ...] = (),
) -> Found:
    """``Found(side, category, …)``, each field set in its slot by ``object.__setattr__``:
    the matcher makes one for every tactic and note it finds, and the class's own frozen
    ``__init__`` goes through a bound method-wrapper per field. Its slots are all there is
    to set (no validator, converter or ``__attrs_post_init__``; tests/tactics/test_found.py
    holds the two alike)."""
    made: Found = object.__new__(Found)
    object.__setattr__(made, "side", side)
    object.__setattr__(made, "category", category)
    object.__setattr__(made, "name", name)
    object.__setattr__(made, "ply", ply)
    object.__setattr__(made, "node", node)
    object.__setattr__(made, "parents", parents)
    object.__setattr__(made, "squares", squares)
    object.__setattr__(made, "targets", targets)
    object.__setattr__(made, "clauses", clauses)
    return made


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
        # 備考 are about standard shogi from the usual start only.
        self.takes_notes = self.standard_start and index.g.files == index.g.ranks == 9
        self.found: list[Found] = []
        self.seen: set[tuple[int, str]] = set()
        #: By :attr:`Compiled.kid`: whether that side's tactic is found (as ``seen`` says,
        #: read by a list index on every try).
        self.done = [False] * index.kids
        #: The two nodes before the move tried, for the motion clauses about earlier moves.
        self.past = Past()
        board = Board.from_position(game.start)
        board.hashing = False
        # run() plays on the engine's board without any checks (the game's moves were
        # validated when it was read or built) and reads its padded cells and hand counts.
        self.board = board
        self.cells, self.hands = board.cells, board.hands
        self.file_of: list[int] = index.g.file_of
        self.rank_of: list[int] = index.g.rank_of
        self.steps = index.g.step_tuples
        self.slides = index.g.slides
        #: The kinds of the opponent's pieces the last moved piece attacks (see aim()), and
        #: the ply they were found for (None: not yet).
        self.aimed: list[int] = []
        #: Where those pieces stand (engine indices), in the order of Board.attacked_from.
        self.aimed_at: list[int] = []
        self.aimed_ply = -1
        #: When a list, each call of try_all adds (the move's node, the candidates it
        #: tried) to it (the tests read which patterns a move tries).
        self.tried: list[tuple[Node, list[Compiled]]] | None = None

    def add(
        self, color: int, compiled: Compiled, ply: int, node: Node, pointed: list[int] | None
    ) -> None:
        """Record ``compiled``'s tactic for ``color`` (and the opponent, if it says so);
        ``pointed``: the engine indices its motion clauses matched."""
        tactic = compiled.tactic
        square_of = self.index.g.square_of
        targets = tuple(square_of[t] for t in dict.fromkeys(pointed)) if pointed else ()
        for side in (color, 1 - color) if tactic.also_opponent else (color,):
            if (side, tactic.name) not in self.seen:
                self.mark(side, tactic.name)
                self.found.append(
                    found(
                        _COLORS[side],
                        tactic.category,
                        tactic.name,
                        ply,
                        node,
                        tactic.replaces,
                        compiled.squares,
                        targets,
                        tactic.conditions,
                    )
                )

    def run(self, game: Game, nodes: list[Node]) -> list[Found]:
        index = self.index
        board, cells = self.board, self.cells
        triggered, every_any, every_piece = index.triggered_at, index.every_any, index.piece_at
        every_until, width, size = index.every_until, index.g.width, index.g.size
        every_check, after_capture, white = index.every_check, index.after_capture, Color.WHITE
        before = captures = 0  # what the move before took; captures so far
        ply = first = game.start.ply - 1
        last: Node | None = None
        notes = NoteTaker() if self.takes_notes else None
        past = self.past
        # The hot loop: engine codes and padded indices (see rules/geometry.py), no objects.
        for node in nodes:
            move = node.move
            if move is None:
                past.step(0, -1, 0, -1, -1)
                continue
            ply += 1
            last = node
            color = 1 if move.color is white else 0
            square = move.to
            to = (square.rank + 1) * width + square.file  # Geometry.idx
            origin = move.from_
            frm = 0 if origin is None else (origin.rank + 1) * width + origin.file
            board.turn = color  # the mover, also in a record read with tolerate=wrong_turn
            taken = (
                board._make(frm, to, bool(move.promote), 0)
                if frm
                else board._make(0, to, False, KIND_CODE[move.piece])
            )
            now = cells[to]
            piece = now if frm else now | DROPPED
            candidates = triggered[piece * size + to]
            if candidates is not None:
                self.try_all(candidates, node, color, ply, captures, frm, to, taken)
            if ply <= every_until[color]:
                self.try_all(every_any[color], node, color, ply, captures, frm, to, taken)
            if taken:
                self.try_all(
                    index.every_capture[color], node, color, ply, captures, frm, to, taken
                )
            candidates = every_piece[color][piece]
            if candidates is not None:
                self.try_all(candidates, node, color, ply, captures, frm, to, taken)
            checking = every_check[color]
            # The engine's own test after a move it pushed: the moved piece, or a line opened
            # through its origin (the opponent was not in check before it: moves are legal).
            if checking and self.may_check(frm, to, color) and board._gives_check(frm, to, color):
                self.try_all(checking, node, color, ply, captures, frm, to, taken)
            if before and after_capture[color]:
                self.try_all(after_capture[color], node, color, ply, captures, frm, to, taken)
            before = taken
            past.step(frm, to, now, taken, color)
            if notes is not None and (taken or now & 15 in NOTED_KINDS):
                place = (self.file_of[to], self.rank_of[to])  # file and rank on the board
                notes.move(color, now & 15, place, frm == 0, taken & 15, ply, node)
            captures += 1 if taken else 0
        if last is not None:
            self.at_end(ply, captures, last)
            if notes is not None:
                self.take_notes(notes, nodes, first, ply)
        return self.found

    def take_notes(self, notes: NoteTaker, nodes: list[Node], first: int, ply: int) -> None:
        """The notes of the line ``nodes``, whose moves are ``first + 1`` to ``ply``."""
        moves = nodes[: ply - first]  # the moves come first; a special may end the line
        ended = nodes[-1].special is not None
        for side, name, at, node in notes.notes(moves, first, ended, self.seen):
            self.add_note(side, name, at, node)

    def at_end(self, ply: int, captures: int, last: Node) -> None:
        """Try the patterns checked once after the last move (``when: end``)."""
        cells = self.cells
        for side in (0, 1):
            for compiled in self.index.at_end[side]:
                if self.done[compiled.kid]:
                    continue
                if not compiled.fits(ply, captures, -1, 0, self.standard_start):
                    continue
                rule = compiled.hand_rule
                if rule and not hand_holds(rule, compiled.hand_bits, self.held(side)):
                    continue
                if compiled.holds(cells, -1):
                    motion = compiled.motion
                    pointed = None if motion is None else motion.targets(self.board, -1, self.past)
                    self.add(side, compiled, ply, last, pointed)

    def add_note(self, side: int, name: str, ply: int, node: Node) -> None:
        if (side, name) not in self.seen:
            self.mark(side, name)
            self.found.append(found(_COLORS[side], NOTE, name, ply, node))

    def mark(self, side: int, name: str) -> None:
        """``side``'s ``name`` is found: in ``seen``, and in ``done`` if a pattern has it."""
        self.seen.add((side, name))
        kid = self.index.numbers.get((side, name))
        if kid is not None:
            self.done[kid] = True

    def try_all(
        self,
        candidates: list[Compiled],
        node: Node,
        color: int,
        ply: int,
        captures: int,
        frm: int,
        to: int,
        taken: int,
    ) -> None:
        done, cells, standard = self.done, self.cells, self.standard_start
        if self.tried is not None:
            self.tried.append((node, list(candidates)))
        for compiled in candidates:
            if cells[compiled.first_square] != compiled.first_code or done[compiled.kid]:
                continue
            least = compiled.gate_least
            if least:  # an attacks clause: asked of the move's summary, made once a move
                if self.aimed_ply != ply:
                    self.aim(to, color, ply)
                wanted = compiled.gate_kinds
                for kind in self.aimed:
                    if wanted >> kind & 1:
                        least -= 1
                if least > 0:
                    continue
            if not compiled.fits(ply, captures, frm, taken, standard):
                continue
            if not compiled.plain and not compiled.holds(cells, frm):
                continue
            rule = compiled.hand_rule
            if rule and not hand_holds(rule, compiled.hand_bits, self.held(color)):
                continue
            tactic = compiled.tactic
            if tactic.predicate is not None and not self.predicate(tactic.predicate, node, color):
                continue
            motion = compiled.motion
            pointed = None
            if motion is not None:
                # The moved piece's targets as aim() found them for this move, if it ran.
                hits = self.aimed_at if self.aimed_ply == ply else None
                pointed = motion.targets(self.board, to, self.past, hits)
                if pointed is None:
                    continue
            self.add(color, compiled, ply, node, pointed)

    def held(self, color: int) -> int:
        """The kinds in ``color``'s hand, a bit per kind code."""
        hand = self.hands[color]
        bits = 0
        for k in _HAND_CODES:
            if hand[k]:
                bits |= 1 << k
        return bits

    def may_check(self, frm: int, to: int, color: int) -> bool:
        """False when the move ``frm`` → ``to`` of ``color`` (``frm`` 0 for a drop) cannot
        check: the moved piece attacks the other king only from a square beside it, a
        knight's jump away or on its file, rank or a diagonal, and a line opened through
        the origin reaches it only when the origin is on one of those lines."""
        king = self.board.kings[1 - color]
        if king < 0:
            return False
        file_of, rank_of = self.file_of, self.rank_of
        kf, kr = file_of[king], rank_of[king]
        df, dr = file_of[to] - kf, rank_of[to] - kr
        if not df or not dr or df == dr or df == -dr or (-1 <= df <= 1 and -2 <= dr <= 2):
            return True
        if not frm:
            return False
        df, dr = file_of[frm] - kf, rank_of[frm] - kr
        return not df or not dr or df == dr or df == -dr

    def aim(self, to: int, color: int, ply: int) -> None:
        """Keep the kinds (engine codes without colour) of the opponent's pieces that the
        piece on ``to`` attacks, for the move of ``ply``: the attacks clauses of every
        tactic tried at this move ask the same board."""
        cells = self.cells
        other = 1 - color
        k = cells[to] & 15
        aimed: list[int] = []
        at: list[int] = []
        # Board.attacked_from's walk (steps, then lines up to the first piece), keeping only
        # the opponent's pieces it meets (an empty cell is 0, off the board OFF, whose
        # colour bits are neither side's).
        for d in self.steps[color][k]:
            p = cells[to + d]
            if p and p >> 4 == other:
                aimed.append(p & 15)
                at.append(to + d)
        for d in self.slides[color][k]:
            t = to + d
            while cells[t] == 0:
                t += d
            p = cells[t]
            if p >> 4 == other:
                aimed.append(p & 15)
                at.append(t)
        self.aimed = aimed
        self.aimed_at = at
        self.aimed_ply = ply

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


__all__ = ["Compiled", "Found", "Index", "Matcher", "hand_fits", "index_for"]
