"""Find the move meant by a notation that names only piece and destination (KI2, 同)."""

from __future__ import annotations

from kifu_lark.errors import AmbiguousMoveError
from kifu_lark.model.color import Color
from kifu_lark.model.move import Move
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square
from kifu_lark.rules.board import Board, illegal
from kifu_lark.rules.geometry import KIND_CODE, OFF
from kifu_lark.rules.violations import Violation


def origins(board: Board, color: Color, to: Square, kind: PieceKind) -> list[Square]:
    """Squares holding a ``kind`` of ``color`` whose movement reaches ``to`` (path clear).

    King safety is not considered: callers validate the chosen move.
    """
    g = board.g
    cells = board.cells
    c = 0 if color is Color.BLACK else 1
    k = KIND_CODE[kind]
    code = k | (c << 4)
    t = g.index(to)
    found: list[Square] = []
    for d in g.steps[c][k]:
        if cells[t - d] == code:
            found.append(g.square_of[t - d])
    for d in g.slides[c][k]:
        s = t - d
        while cells[s] == 0:
            s -= d
        if cells[s] == code and s != t:
            found.append(g.square_of[s])
    return sorted(set(found))


def resolve_unqualified(
    board: Board,
    color: Color,
    to: Square,
    kind: PieceKind,
    promote: bool | None,
    relative: str,
) -> Move:
    """The move of a ``kind`` to ``to`` when the notation gives no origin.

    A drop is chosen when no piece on the board can reach ``to`` and one is in hand. With
    several candidates, ``relative`` words narrow them (see ``rules.relative``).

    Raises:
        IllegalMoveError: no candidate.
        AmbiguousMoveError: more than one candidate remains.
    """
    from kifu_lark.rules.relative import narrow

    candidates = origins(board, color, to, kind)
    if len(candidates) > 1:
        # Candidates whose move would be illegal (pinned piece) are not meant.
        legal = [sq for sq in candidates if board.is_legal(Move(color, to, kind, sq, bool(promote)))]
        candidates = legal or candidates
    if candidates and relative:
        candidates = narrow(board, color, to, kind, candidates, relative)
    if not candidates:
        c = 0 if color is Color.BLACK else 1
        if not kind.is_promoted and board.hands[c][KIND_CODE[kind]] and not promote:
            target = board.cells[board.g.index(to)]
            if target == 0 and target != OFF:
                return Move(color, to, kind)
        raise illegal(Violation.BAD_MOVEMENT, f"no {kind.name} can reach {to.csa()}")
    if len(candidates) > 1:
        raise AmbiguousMoveError(
            f"{len(candidates)} pieces can make this move",
            candidates=[sq.csa() for sq in candidates],
            hint="add 右, 左, 上, 引, 寄 or 直 (candidates: "
            + ", ".join(sq.csa() for sq in candidates)
            + ")",
        )
    return Move(color, to, kind, candidates[0], bool(promote))
