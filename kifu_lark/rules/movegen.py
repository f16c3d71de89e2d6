"""Legal move generation, perft, and mate detection on a :class:`Board`."""

from __future__ import annotations

from collections.abc import Iterator

from kifu_lark.model.color import Color
from kifu_lark.model.move import Move
from kifu_lark.rules.board import Board
from kifu_lark.rules.geometry import HAND_CODES, KINDS, OFF, PAWN, PROMOTE

_COLORS = (Color.BLACK, Color.WHITE)
# An engine move: (from index or 0, to index, promote, dropped kind code or 0).
Tuple = tuple[int, int, bool, int]


def pseudo_tuples(board: Board) -> Iterator[Tuple]:
    """Moves that obey piece movement, promotion, dead-piece and 二歩 rules, without looking
    at the mover's king or 打ち歩詰め."""
    g = board.g
    cells = board.cells
    c = board.turn
    steps = g.step_tuples[c]
    slides = g.slides[c]
    zone = g.in_zone[c]
    dead = g.dead[c]
    for i in g.squares:
        p = cells[i]
        if not p or p >> 4 != c:
            continue
        k = p & 15
        can_promote = k in PROMOTE
        dead_k = dead.get(k)
        for d in steps[k]:
            t = i + d
            q = cells[t]
            if q == 0 or (q != OFF and q >> 4 != c):
                if can_promote and (zone[i] or zone[t]):
                    yield i, t, True, 0
                if dead_k is None or not dead_k[t]:
                    yield i, t, False, 0
        for d in slides[k]:
            t = i + d
            q = cells[t]
            while True:
                if q != 0 and (q == OFF or q >> 4 == c):
                    break
                if can_promote and (zone[i] or zone[t]):
                    yield i, t, True, 0
                if dead_k is None or not dead_k[t]:
                    yield i, t, False, 0
                if q:
                    break
                t += d
                q = cells[t]
    hand = board.hands[c]
    held = [k for k in HAND_CODES if hand[k] and k in g.kinds]
    if not held:
        return
    pawn_files: set[int] = set()
    if PAWN in held:
        pawn = PAWN | (c << 4)
        pawn_files = {g.file_of[i] for i in g.squares if cells[i] == pawn}
    for t in g.squares:
        if cells[t]:
            continue
        for k in held:
            dead_k = dead.get(k)
            if dead_k is not None and dead_k[t]:
                continue
            if k == PAWN and g.file_of[t] in pawn_files:
                continue
            yield 0, t, False, k


def legal_tuples(board: Board, first_only: bool = False) -> Iterator[Tuple]:
    """The legal moves of the side to move as engine tuples."""
    c = board.turn
    for move in list(pseudo_tuples(board)):
        frm, to, promote, drop = move
        board._make(frm, to, promote, drop)
        king = board.kings[c]
        ok = king < 0 or not board.attacked(king, 1 - c)
        if ok and drop == PAWN:
            ek = board.kings[1 - c]
            if ek >= 0 and ek - to == board.g.pawn_step[c]:
                ok = board.has_legal_move()
        board._unmake()
        if ok:
            yield move
            if first_only:
                return


def to_move(board: Board, move: Tuple) -> Move:
    """The model ``Move`` of an engine tuple in the current position."""
    frm, to, promote, drop = move
    g = board.g
    color = _COLORS[board.turn]
    if drop:
        return Move(color, g.square_of[to], KINDS[drop - 1])
    captured = board.cells[to]
    return Move(
        color,
        g.square_of[to],
        KINDS[(board.cells[frm] & 15) - 1],
        g.square_of[frm],
        promote,
        KINDS[(captured & 15) - 1] if captured else None,
    )


def legal_moves(board: Board) -> list[Move]:
    """Every legal move of the side to move."""
    return [to_move(board, m) for m in legal_tuples(board)]


def perft(board: Board, depth: int) -> int:
    """The number of leaf nodes of the legal move tree ``depth`` plies deep."""
    if depth == 0:
        return 1
    moves = list(legal_tuples(board))
    if depth == 1:
        return len(moves)
    total = 0
    for frm, to, promote, drop in moves:
        board._make(frm, to, promote, drop)
        total += perft(board, depth - 1)
        board._unmake()
    return total
