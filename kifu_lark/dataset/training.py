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

from collections.abc import Callable, Iterator

from kifu_lark.dataset.engine_pack import LinePacker, MainLine
from kifu_lark.dataset.packing import check_packable
from kifu_lark.dataset.replay import node_evaluation
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
    HCPE3_DECLARATION,
    HCPE3_HEADER,
    HCPE3_MAX_MOVES,
    HCPE3_REPETITION,
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
from kifu_lark.dataset.training_line import hcpe3_moves, line_records, record_score
from kifu_lark.errors import UnknownFormatError
from kifu_lark.model.color import Color
from kifu_lark.model.evaluation import Evaluation
from kifu_lark.model.game import Game, Node
from kifu_lark.model.move import SpecialKind

# --- evaluations ---------------------------------------------------------------------------

#: Where a record's evaluation comes from: the node of the move played (``None``: none).
#: The default reads ``node.evaluation``.
Evaluations = Callable[[Node], Evaluation | None]


# --- a game's records ----------------------------------------------------------------------


def _admit(
    game: Game, filters: TrainingFilter | None, stats: TrainingStats | None
) -> tuple[TrainingStats, TrainingFilter, Outcome, set[int]] | None:
    """The counts (``stats`` or new ones, the game counted), the filter, the game's outcome
    and the plies of the moves a lenient read let through (二歩 before a declared foul …:
    engines must not learn them; warnings name the ply of the move); ``None``, counted as
    a skipped game, when the filters or the start position leave the game out."""
    counts = TrainingStats() if stats is None else stats
    keep = filters or TrainingFilter()
    counts.games += 1
    result = outcome(game)
    reason = keep.leaves_out(game, result) or check_packable(game.start)
    if reason is not None:
        counts.skipped_games[reason] += 1
        return None
    fouls = {issue.ply for issue in game.warnings if issue.ply is not None}
    return counts, keep, result, fouls


def _records(
    game: Game,
    filters: TrainingFilter | None,
    evaluations: Evaluations | None,
    stats: TrainingStats | None,
    hcpe: bool,
    positions: MainLine | None,
) -> Iterator[bytes]:
    """The HCPE (``hcpe``) or PSV record of every main-line position the filters keep,
    counting into ``stats``. The positions are ``positions``' (packed as the game was read)
    or the main line's replayed once on the engine's board, each packed before its move is
    played (``training_line``)."""
    admitted = _admit(game, filters, stats)
    if admitted is None:
        return
    counts, keep, result, fouls = admitted
    # The export's reader gives node.evaluation's score and mate, as the default does: both
    # are read in the loop, floodgate's lines as numbers.
    read = None if evaluations is None or evaluations is node_evaluation else evaluations
    code = result.game_result if hcpe else result.for_side(Color.BLACK)
    found: list[bytes] = []
    try:
        line_records(
            game.root,
            LinePacker(game.start) if positions is None else positions,
            hcpe,
            read,
            fouls,
            keep.require_evaluation,
            keep.mate_score,
            keep.eval_limit,
            code,
            counts.skipped_positions,
            found,
        )
    except Exception:
        # the records before the move that broke off come out first, as they were made
        yield from found
        raise
    yield from found
    counts.records += len(found)
    if found:
        counts.games_written += 1


def hcpe_records(
    game: Game,
    filters: TrainingFilter | None = None,
    *,
    evaluations: Evaluations | None = None,
    stats: TrainingStats | None = None,
    positions: MainLine | None = None,
) -> Iterator[bytes]:
    """The 38-byte HCPE records of ``game``'s main line: one per position with a move
    after it, the move played, its evaluation (``evaluations(node)`` of the move's node;
    ``node.evaluation`` by default) and the game's result.

    Games and positions the ``filters`` (or the format) leave out are counted in
    ``stats`` when given. ``positions`` is the game's main line as its reader packed it in
    HCP (:class:`~kifu_lark.dataset.engine_pack.MainLinePacks`); without it the main line
    is replayed.

    Example:
        >>> import kifu_lark
        >>> game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
        >>> [len(r) for r in hcpe_records(game, TrainingFilter(unfinished=True))]
        [38, 38]
    """
    return _records(game, filters, evaluations, stats, True, positions)


def psv_records(
    game: Game,
    filters: TrainingFilter | None = None,
    *,
    evaluations: Evaluations | None = None,
    stats: TrainingStats | None = None,
    positions: MainLine | None = None,
) -> Iterator[bytes]:
    """The 40-byte PSV records of ``game``'s main line, as :func:`hcpe_records` (``gamePly``
    is the position's move number; ``game_result`` is the side to move's: 1, 0, -1;
    ``positions`` packed in PackedSfen)."""
    return _records(game, filters, evaluations, stats, False, positions)


#: HCPE3's ``result`` bits of the endings that have one.
_HCPE3_ENDINGS = {
    SpecialKind.REPETITION: HCPE3_REPETITION,
    SpecialKind.ENTERING_KING_WIN: HCPE3_DECLARATION,
    SpecialKind.IMPASSE: HCPE3_MAX_MOVES,
    SpecialKind.MAX_MOVES: HCPE3_MAX_MOVES,
}


def hcpe3_records(
    game: Game,
    filters: TrainingFilter | None = None,
    *,
    evaluations: Evaluations | None = None,
    stats: TrainingStats | None = None,
    positions: MainLine | None = None,
) -> Iterator[bytes]:
    """``game``'s main line as one HCPE3 game (dlshogi's game-by-game format, see
    :mod:`~kifu_lark.dataset.training_format`): the start position, the result (cshogi's
    ``GameResult``, plus 4 for 千日手, 8 for 入玉宣言, 16 for 持将棋 or the move limit)
    and, for each move, its ``move16``, evaluation (as :func:`hcpe_records`) and one
    candidate, the move played with one visit (records carry no search's visit counts).

    A position the filters or the format leave out is written with no candidate: engines
    replay it and do not train on it. The game stops before a move that breaks a rule (no
    engine replays it); a game with no position kept is not written. Counted in ``stats``
    as :func:`hcpe_records` counts; ``positions`` as :func:`hcpe_records` takes it.
    """
    admitted = _admit(game, filters, stats)
    if admitted is None:
        return
    counts, keep, result, fouls = admitted
    # floodgate's lines are read as numbers in the loop, as for HCPE (see _records)
    read = None if evaluations is None or evaluations is node_evaluation else evaluations
    line = LinePacker(game.start) if positions is None else positions
    start = line.hcp()
    body = bytearray()
    played = [(ply, n) for ply, n in enumerate(game.root.mainline(), 1) if n.move is not None]
    moves, written = hcpe3_moves(
        played,
        line,
        read,
        fouls,
        keep.require_evaluation,
        keep.mate_score,
        keep.eval_limit,
        counts.skipped_positions,
        body,
    )
    if start is None or not written:
        return
    counts.records += written
    counts.games_written += 1
    flags = _HCPE3_ENDINGS.get(result.end, 0) if result.end is not None else 0
    yield HCPE3_HEADER.pack(start, moves, result.game_result | flags, 0) + bytes(body)


#: The training formats by name (``--to hcpe``, ``--to psv``): a game's records, record size.
TRAINING_FORMATS: dict[str, tuple[Callable[..., Iterator[bytes]], int]] = {
    "hcpe": (hcpe_records, HCPE_SIZE),
    "psv": (psv_records, PSV_SIZE),
    "hcpe3": (hcpe3_records, 0),  # game by game: no fixed size
}


def training_records(
    game: Game,
    to: str,
    filters: TrainingFilter | None = None,
    *,
    evaluations: Evaluations | None = None,
    stats: TrainingStats | None = None,
    positions: MainLine | None = None,
) -> Iterator[bytes]:
    """:func:`hcpe_records` (``to="hcpe"``), :func:`psv_records` (``to="psv"``) or
    :func:`hcpe3_records` (``to="hcpe3"``, a game a record).

    Raises:
        UnknownFormatError: for another name.
    """
    found = TRAINING_FORMATS.get(to)
    if found is None:
        raise UnknownFormatError(
            f"no training format {to!r}",
            hint="training formats: " + ", ".join(TRAINING_FORMATS),
        )
    return found[0](game, filters, evaluations=evaluations, stats=stats, positions=positions)


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
    "hcpe3_records",
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
