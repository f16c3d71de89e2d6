"""Find the move meant by a notation that names only piece and destination (KI2, 同)."""

from __future__ import annotations

from collections.abc import Collection

from kifu_lark.errors import AmbiguousMoveError
from kifu_lark.model.color import Color
from kifu_lark.model.move import Move
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square
from kifu_lark.rules.board import Board, illegal
from kifu_lark.rules.geometry import KIND_CODE, KINDS, KING, OFF, PROMOTE
from kifu_lark.rules.violations import Violation


def origins(board: Board, color: Color, to: Square, kind: PieceKind) -> list[Square]:
    """Squares holding a ``kind`` of ``color`` whose movement reaches ``to`` (path clear),
    in (file, rank) order.

    King safety is not considered: callers validate the chosen move.
    """
    g = board.g
    found = origin_indices(board, 0 if color is Color.BLACK else 1, g.index(to), kind)
    square_of = g.square_of
    if len(found) == 1:
        return [square_of[found[0]]]
    return sorted({square_of[i] for i in found})


def origin_indices(board: Board, c: int, t: int, kind: PieceKind) -> list[int]:
    """:func:`origins` for side ``c`` (0 black, 1 white) and destination index ``t``, as
    engine indices in no particular order (hot paths count or test them without building
    squares)."""
    if t < 0:
        return []  # off the board
    g = board.g
    cells = board.cells
    k = KIND_CODE[kind]
    code = k | (c << 4)
    found: list[int] = []
    for d in g.step_tuples[c][k]:
        if cells[t - d] == code:
            found.append(t - d)
    for d in g.slides[c][k]:
        s = t - d
        while cells[s] == 0:
            s -= d
        if cells[s] == code and s != t:
            found.append(s)
    return found


def candidates(
    board: Board, color: Color, to: Square, kind: PieceKind, promote: bool | None
) -> list[Square]:
    """The origins a KI2 reader chooses among: :func:`origins`, keeping only the pieces
    whose move (with ``promote``) is legal when there are several or the only one may be
    pinned or leave a check unanswered. May be empty when no such move is legal.
    """
    g = board.g
    c = 0 if color is Color.BLACK else 1
    t = g.index(to)
    found = origin_indices(board, c, t, kind)
    if len(found) == 1 and not may_be_illegal(board, c, found[0]):
        return [g.square_of[found[0]]]
    flag = bool(promote)
    k = KIND_CODE[kind]
    cheap = c == board.turn and k != KING
    kept: list[Square] = []
    for o in found:
        square = g.square_of[o]
        if cheap and not may_be_illegal(board, c, o):
            # the king stays safe: only the promotion rules can still forbid the move
            ok = promotion_allowed(board, c, o, t, k, flag)
        else:
            ok = board.is_legal(Move(color, to, kind, square, flag))
        if ok:
            kept.append(square)
    return sorted(kept)


def promotion_allowed(board: Board, c: int, o: int, t: int, k: int, promote: bool) -> bool:
    """Whether promoting (or not) is allowed for a piece of kind code ``k`` moving o → t."""
    g = board.g
    if promote:
        return k in PROMOTE and (g.in_zone[c][o] or g.in_zone[c][t])
    dead = g.dead[c].get(k)
    return dead is None or not dead[t]


def may_be_illegal(board: Board, c: int, o: int) -> bool:
    """Whether moving from index ``o`` might leave side ``c``'s king attacked: the king is in
    check, or the piece stands pinned between it and an enemy slider (a few cell reads)."""
    king = board.kings[c]
    if king < 0 or c != board.turn:
        return False
    if board.in_check():
        return True
    g = board.g
    d = g.line[king].get(o)
    if d is None:
        return False
    cells = board.cells
    t = king + d
    while t != o:
        if cells[t]:
            return False  # another piece already shields the king
        t += d
    t = o + d
    while cells[t] == 0:
        t += d
    p = cells[t]
    return p != OFF and p >> 4 != c and -d in g.slides[1 - c][p & 15]


def resolve_unqualified(
    board: Board,
    color: Color,
    to: Square,
    kind: PieceKind,
    promote: bool | None,
    relative: str,
    allowed: Collection[Violation] = (),
) -> Move:
    """The move of a ``kind`` to ``to`` when the notation gives no origin.

    The pieces that can legally make the move (:func:`candidates`) are narrowed by the
    ``relative`` words (see ``rules.relative``). With none, the piece is dropped when one is
    in hand (KI2 writes 打 only when a board piece could also go there).

    Raises:
        IllegalMoveError: no candidate, or words that fit none of them (code
            ``RELATIVE_MISMATCH``; tolerated, when ``allowed`` holds it and only one piece
            can make the move, by taking that piece).
        AmbiguousMoveError: more than one candidate remains.
    """
    found = candidates(board, color, to, kind, promote)
    if found and relative:
        from kifu_lark.rules.relative import narrow  # noqa: PLC0415 (it imports this module)

        narrowed = narrow(board, color, to, kind, found, relative)
        if not narrowed:
            if len(found) == 1 and Violation.RELATIVE_MISMATCH in allowed:
                board.tolerated.append(Violation.RELATIVE_MISMATCH)
                narrowed = found
            else:
                raise illegal(
                    Violation.RELATIVE_MISMATCH,
                    f"{relative} fits none of " + ", ".join(sq.csa() for sq in found),
                )
        found = narrowed
    if len(found) == 1:
        # The capture is filled in here so that Board.push keeps this Move as it is.
        target = board.cells[(to.rank + 1) * board.g.width + to.file]
        taken = KINDS[(target & 15) - 1] if target else None
        return Move(color, to, kind, found[0], bool(promote), taken)
    if len(found) > 1:
        raise AmbiguousMoveError(
            f"{len(found)} pieces can make this move",
            candidates=[sq.csa() for sq in found],
            hint="add 右, 左, 上, 引, 寄 or 直 (candidates: "
            + ", ".join(sq.csa() for sq in found)
            + ")",
        )
    c = 0 if color is Color.BLACK else 1
    in_hand = not kind.is_promoted and board.hands[c][KIND_CODE[kind]]
    if in_hand and not promote and board.cells[board.g.index(to)] == 0:
        if relative:
            if Violation.RELATIVE_MISMATCH not in allowed:
                raise illegal(Violation.RELATIVE_MISMATCH, f"{relative} on a drop")
            board.tolerated.append(Violation.RELATIVE_MISMATCH)
        return Move(color, to, kind)
    # No legal candidate: hand the move of a piece that reaches ``to`` to the validator so
    # that the error names the rule it breaks (a pin, a promotion out of the zone …).
    reaching = origins(board, color, to, kind)
    if relative and reaching:
        from kifu_lark.rules.relative import narrow  # noqa: PLC0415 (it imports this module)

        reaching = narrow(board, color, to, kind, reaching, relative) or reaching
    if len(reaching) == 1:
        return Move(color, to, kind, reaching[0], bool(promote))
    if reaching:
        raise AmbiguousMoveError(
            f"{len(reaching)} pieces could make this move, none legally",
            candidates=[sq.csa() for sq in reaching],
            hint="each would leave a rule broken: check the move and the ones before",
        )
    raise illegal(Violation.BAD_MOVEMENT, f"no {kind.name} can reach {to.csa()}")
