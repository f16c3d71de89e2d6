"""Engine training data from game records: cshogi's HCPE and YaneuraOu's PSV.

One fixed-size record per main-line position that has a move after it:

* **HCPE** (``HuffmanCodedPosAndEval``, 38 bytes, cshogi's ``HuffmanCodedPosAndEval``
  dtype, what dlshogi trains on): ``hcp`` (32 bytes, :func:`~kifu_lark.dataset.packing.hcp`),
  ``eval`` (int16), ``bestMove16`` (uint16, cshogi's ``move16``), ``gameResult`` (uint8:
  :data:`DRAW` 0, :data:`BLACK_WIN` 1, :data:`WHITE_WIN` 2 — the game's result, not the
  side to move's: dlshogi compares it with the side to move when it trains), one padding
  byte.
* **PSV** (``PackedSfenValue``, 40 bytes, YaneuraOu's; cshogi's ``PackedSfenValue``
  dtype): ``sfen`` (32 bytes, :func:`~kifu_lark.dataset.packing.packed_sfen`), ``score``
  (int16), ``move`` (uint16, YaneuraOu's ``Move16``), ``gamePly`` (uint16, the position's
  move number: 1 at the start), ``game_result`` (int8: 1 the side to move won, 0 draw, -1
  it lost), one padding byte.

All numbers are little-endian. The evaluation of a record is the one the record's move
carries (the engine that played it wrote the score of its search from the position
before it, as floodgate's ``'**`` comments do; dlshogi's converters read them so), turned
to the side to move's point of view: a mate in ``n`` plies (counted from the record's
position) for the side to move is ``mate_score - n``, being mated in ``n`` is
``-(mate_score - n)``, and every value is clipped to ``±eval_limit``
(:class:`TrainingFilter`). A position without an evaluation gets 0.

Nothing is written that the formats cannot hold: a position off the 9x9 board or without
one king a side (:func:`~kifu_lark.dataset.packing.check_packable`), or whose move breaks
a rule (a foul a lenient read let through, listed on ``game.warnings``, or a move not the
side to move's), is skipped and counted in :class:`TrainingStats`, as are the games the
filters leave out.

This module writes a game's records. The byte layouts are
:mod:`~kifu_lark.dataset.training_format`'s, the outcome, filter and counts
:mod:`~kifu_lark.dataset.training_filter`'s; their public names are importable from here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

from kifu_lark.dataset.packing import check_packable
from kifu_lark.dataset.training_filter import (
    Outcome,
    Ratings,
    TrainingFilter,
    TrainingStats,
    outcome,
)
from kifu_lark.dataset.training_format import (
    BLACK_WIN,
    DRAW,
    HCPE_SIZE,
    PSV_SIZE,
    WHITE_WIN,
    HcpeRecord,
    PsvRecord,
    hcpe_record,
    psv_record,
    read_hcpe,
    read_psv,
)
from kifu_lark.errors import UnknownFormatError, UnsupportedFeatureError
from kifu_lark.model.color import Color
from kifu_lark.model.evaluation import Evaluation
from kifu_lark.model.game import Game, Node
from kifu_lark.model.move import Move
from kifu_lark.model.position import Position

# --- evaluations ---------------------------------------------------------------------------

#: Where a record's evaluation comes from: the node of the move played (``None``: none).
#: The default reads ``node.evaluation``.
Evaluations = Callable[[Node], Evaluation | None]


def _node_evaluation(node: Node) -> Evaluation | None:
    # Only nodes with comments can hold one: skip the property's call for the others.
    return node.evaluation if node.comment_lines else None


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


# --- a game's records ----------------------------------------------------------------------


#: Writes one record: (position, move, score for the side to move, outcome) → bytes.
_Write = Callable[[Position, Move, int, Outcome], bytes]


def _records(
    game: Game,
    filters: TrainingFilter | None,
    evaluations: Evaluations | None,
    stats: TrainingStats | None,
    write: _Write,
) -> Iterator[bytes]:
    """``write``'s record of every main-line position the filters keep, counting into
    ``stats``."""
    counts = TrainingStats() if stats is None else stats
    keep = filters or TrainingFilter()
    counts.games += 1
    result = outcome(game)
    reason = keep.leaves_out(game, result) or check_packable(game.start)
    if reason is not None:
        counts.skipped_games[reason] += 1
        return
    read = _node_evaluation if evaluations is None else evaluations
    # Moves a lenient read let through (二歩 before a declared foul …): engines must not
    # learn them. Warnings name the ply of the move.
    fouls = {issue.ply for issue in game.warnings if issue.ply is not None}
    written = 0
    previous: Position | None = None
    for ply, (node, position) in enumerate(game.positions()):
        before, previous = previous, position
        move = node.move
        if move is None or before is None:
            continue
        # ``before`` is the position the move was played from.
        if move.color is not before.turn or ply in fouls:
            counts.skipped_positions["foul"] += 1
            continue
        score = read(node)
        if score is None and keep.require_evaluation:
            counts.skipped_positions["evaluation"] += 1
            continue
        value = 0 if score is None else record_score(score, before.turn, keep.mate_score)
        try:
            record = write(before, move, keep.clip(value), result)
        except UnsupportedFeatureError:
            # The start was checked: only a lost king (a tolerated read) can come here.
            counts.skipped_positions[check_packable(before) or "unpackable"] += 1
            continue
        written += 1
        yield record
    counts.records += written
    if written:
        counts.games_written += 1


def _hcpe(position: Position, move: Move, value: int, result: Outcome) -> bytes:
    return hcpe_record(position, move, eval=value, result=result.game_result)


def _psv(position: Position, move: Move, value: int, result: Outcome) -> bytes:
    return psv_record(position, move, score=value, result=result.for_side(position.turn))


def hcpe_records(
    game: Game,
    filters: TrainingFilter | None = None,
    *,
    evaluations: Evaluations | None = None,
    stats: TrainingStats | None = None,
) -> Iterator[bytes]:
    """The 38-byte HCPE records of ``game``'s main line: one per position with a move
    after it, the move played, its evaluation (``evaluations(node)`` of the move's node;
    ``node.evaluation`` by default) and the game's result.

    Games and positions the ``filters`` (or the format) leave out are counted in
    ``stats`` when given.

    Example:
        >>> import kifu_lark
        >>> game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
        >>> [len(r) for r in hcpe_records(game, TrainingFilter(unfinished=True))]
        [38, 38]
    """
    return _records(game, filters, evaluations, stats, _hcpe)


def psv_records(
    game: Game,
    filters: TrainingFilter | None = None,
    *,
    evaluations: Evaluations | None = None,
    stats: TrainingStats | None = None,
) -> Iterator[bytes]:
    """The 40-byte PSV records of ``game``'s main line, as :func:`hcpe_records` (``gamePly``
    is the position's move number; ``game_result`` is the side to move's: 1, 0, -1)."""
    return _records(game, filters, evaluations, stats, _psv)


#: The training formats by name (``--to hcpe``, ``--to psv``): a game's records, record size.
TRAINING_FORMATS: dict[str, tuple[Callable[..., Iterator[bytes]], int]] = {
    "hcpe": (hcpe_records, HCPE_SIZE),
    "psv": (psv_records, PSV_SIZE),
}


def training_records(
    game: Game,
    to: str,
    filters: TrainingFilter | None = None,
    *,
    evaluations: Evaluations | None = None,
    stats: TrainingStats | None = None,
) -> Iterator[bytes]:
    """:func:`hcpe_records` (``to="hcpe"``) or :func:`psv_records` (``to="psv"``).

    Raises:
        UnknownFormatError: for another name.
    """
    found = TRAINING_FORMATS.get(to)
    if found is None:
        raise UnknownFormatError(
            f"no training format {to!r}",
            hint="training formats: " + ", ".join(TRAINING_FORMATS),
        )
    return found[0](game, filters, evaluations=evaluations, stats=stats)


__all__ = [
    "BLACK_WIN",
    "DRAW",
    "HCPE_SIZE",
    "PSV_SIZE",
    "TRAINING_FORMATS",
    "WHITE_WIN",
    "Evaluations",
    "HcpeRecord",
    "Outcome",
    "PsvRecord",
    "Ratings",
    "TrainingFilter",
    "TrainingStats",
    "hcpe_record",
    "hcpe_records",
    "outcome",
    "psv_record",
    "psv_records",
    "read_hcpe",
    "read_psv",
    "record_score",
    "training_records",
]
