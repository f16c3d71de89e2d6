"""The per-move loop of the HCPE and PSV records (:mod:`~kifu_lark.dataset.training`): a
game's main line gone through once on a :class:`~kifu_lark.dataset.engine_pack.MainLine`
(replayed, or as the reader packed it), each position the filters keep packed before its
move is played and written as a record.

Compiled with mypyc in the compiled build (``_build.py``): the export runs it once a move of
an archive. A floodgate ``'**`` line's score is read as a number by the evaluation's fast
path (:func:`~kifu_lark.formats.evaluation_fast.fast_score`), without an ``Evaluation``
made and read back in between; any other evaluation line goes to ``node.evaluation``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

from kifu_lark.dataset.engine_pack import MainLine, hcp_move16, move_cells, psv_move16
from kifu_lark.dataset.training_format import (
    HCPE3_CANDIDATE,
    HCPE_LAYOUT,
    PSV_LAYOUT,
    hcpe3_move,
)
from kifu_lark.formats.evaluation_fast import fast_score
from kifu_lark.model.color import Color
from kifu_lark.model.evaluation import Evaluation
from kifu_lark.model.node import Node


def record_score(evaluation: Evaluation, color: Color, mate_score: int) -> int:
    """The score a record of the position before the move holds for ``color``, the side to
    move there: the centipawns, or for a mate ``±(mate_score - plies)`` counted from that
    position (one ply more than after the move; ``±mate_score`` for a mate of unknown
    length). 0 when the evaluation gives neither. Not clipped."""
    mate = evaluation.mate
    if mate is not None:
        plies = 0 if math.isinf(mate) else int(abs(mate)) + 1
        value = max(mate_score - plies, 0) * (1 if mate > 0 else -1)
    else:
        value = evaluation.score or 0
    return value if color is evaluation.side else -value


def line_records(
    root: Node,
    line: MainLine,
    hcpe: bool,
    read: Callable[[Node], Evaluation | None] | None,
    fouls: set[int],
    require_evaluation: bool,
    mate_score: int,
    eval_limit: int,
    result: int,
    skipped: Counter[str],
    out: list[bytes],
) -> None:
    """Append to ``out`` the HCPE (``hcpe``) or PSV record of every position of ``root``'s
    main line played on ``line`` that is kept, counting the others into ``skipped``.

    ``read`` is the evaluation of a move's node (``None``: ``node.evaluation``, floodgate's
    lines read as numbers); ``fouls`` the plies of the moves a lenient read let through;
    ``result`` HCPE's ``gameResult``, or PSV's ``game_result`` for black (white's is its
    negation). The records before a move no tolerance lets through are in ``out`` when
    :meth:`MainLine.push` raises.

    Raises:
        IllegalMoveError: for a move no tolerance lets through.
        ValueError: for a PSV move number past a uint16.
    """
    black = Color.BLACK
    hcpe_record = HCPE_LAYOUT.pack
    psv_record = PSV_LAYOUT.pack
    ply = 0
    for node in root.mainline():
        ply += 1
        move = node.move
        if move is None:
            continue
        # The record is of the position the move is played from: packed before the push,
        # written after it (a move no tolerance lets through raises before its record).
        packed: bytes | None = None
        black_to_move = line.black_to_move
        number = line.ply
        value = 0
        if (move.color is black) != black_to_move or ply in fouls:
            skipped["foul"] += 1
        else:
            known, value = _score(node, read, black_to_move, mate_score)
            if not known and require_evaluation:
                skipped["evaluation"] += 1
            else:
                packed = line.hcp() if hcpe else line.packed_sfen()
                if packed is None:
                    # The start was checked: only a lost king (a tolerated read) can come here.
                    skipped["kings"] += 1
        line.push(move)
        if packed is not None:
            value = max(-eval_limit, min(eval_limit, value))
            frm, to, promote, drop = move_cells(move)
            if hcpe:
                move16 = hcp_move16(frm, to, promote, drop)
                out.append(hcpe_record(packed, value, move16, result))
            else:
                if not 0 <= number <= 0xFFFF:
                    raise ValueError(f"ply: expected 0 to 65535 (a uint16), got {number}")
                side = result if black_to_move else -result
                move16 = psv_move16(frm, to, promote, drop)
                out.append(psv_record(packed, value, move16, number, side))


def hcpe3_moves(
    played: list[tuple[int, Node]],
    line: MainLine,
    read: Callable[[Node], Evaluation | None] | None,
    fouls: set[int],
    require_evaluation: bool,
    mate_score: int,
    eval_limit: int,
    skipped: Counter[str],
    body: bytearray,
) -> tuple[int, int]:
    """Append to ``body`` the HCPE3 ``MoveInfo`` of each move of ``played`` (its ply and
    node, in order) played on ``line``, with the move itself as its one candidate where the
    filters keep the position; returns the moves written and the positions kept. ``read``,
    ``fouls`` and the filters as :func:`line_records` takes them. The game stops before a
    move no engine replays (a foul, a move out of turn) or past the most moves a uint16
    counts; the moves left out are counted into ``skipped``.

    Raises:
        ValueError: for an evaluation out of an int16's range (an ``eval_limit`` past it).
    """
    candidate = HCPE3_CANDIDATE.pack
    black = Color.BLACK
    moves = 0
    kept = 0
    for ply, node in played:
        move = node.move
        if move is None:
            continue
        black_to_move = line.black_to_move
        if (move.color is black) != black_to_move or ply in fouls or moves == 0xFFFF:
            # the rest of the game too: HCPE3 cannot go on past a move no engine replays,
            # nor past the most moves its uint16 counts
            skipped["foul" if moves < 0xFFFF else "length"] += len(played) - moves
            break
        frm, to, promote, drop = move_cells(move)
        move16 = hcp_move16(frm, to, promote, drop)
        known, value = _score(node, read, black_to_move, mate_score)
        if not known and require_evaluation:
            skipped["evaluation"] += 1
            body += hcpe3_move(move16, 0, 0)
        else:
            body += hcpe3_move(move16, max(-eval_limit, min(eval_limit, value)), 1)
            body += candidate(move16, 1)
            kept += 1
        moves += 1
        line.push(move)
    return moves, kept


def _score(
    node: Node, read: Callable[[Node], Evaluation | None] | None, black: bool, mate_score: int
) -> tuple[bool, int]:
    """Whether ``node`` has an evaluation, and its score for the side to move before it
    (``black``), not clipped: by ``read``, else by ``node.evaluation``, floodgate's lines
    read as numbers."""
    if read is not None:
        evaluation = read(node)
    else:
        lines = node.comment_lines
        if not lines:
            return False, 0
        fast, first = fast_score(lines)
        if fast:
            if first is None:
                return False, 0
            # black's view (as node.evaluation gives it), turned to the side to move's
            return True, first if black else -first
        evaluation = node.evaluation
    if evaluation is None:
        return False, 0
    return True, record_score(evaluation, Color.BLACK if black else Color.WHITE, mate_score)
