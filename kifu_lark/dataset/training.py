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
"""

from __future__ import annotations

import math
import struct
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from attrs import define, field, frozen, validators

from kifu_lark.dataset.packing import (
    check_packable,
    hcp,
    hcp_move16,
    move_from_hcp_move16,
    move_from_psv_move16,
    packed_sfen,
    position_from_hcp,
    position_from_packed_sfen,
    psv_move16,
)
from kifu_lark.errors import InvalidRecordError, UnknownFormatError, UnsupportedFeatureError
from kifu_lark.model.color import Color
from kifu_lark.model.evaluation import Evaluation
from kifu_lark.model.game import Game, Node
from kifu_lark.model.move import Move, SpecialKind
from kifu_lark.model.position import Position
from kifu_lark.rating import ratings

#: Bytes of one HCPE record.
HCPE_SIZE = 38
#: Bytes of one PSV record.
PSV_SIZE = 40
#: cshogi's ``GameResult`` values, as HCPE's ``gameResult`` holds them.
DRAW, BLACK_WIN, WHITE_WIN = 0, 1, 2

_HCPE = struct.Struct("<32shHBx")
_PSV = struct.Struct("<32shHHbx")
assert _HCPE.size == HCPE_SIZE and _PSV.size == PSV_SIZE

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


# --- the game's outcome --------------------------------------------------------------------

# How each terminal special decides the game, relative to the side to move when it happened:
# "mover" wins, "other" wins, or a draw.
_MOVER_LOSES = frozenset(
    {
        SpecialKind.RESIGN,
        SpecialKind.TIME_UP,
        SpecialKind.ILLEGAL_LOSS,
        SpecialKind.MATE,
        SpecialKind.DEFAULT_LOSS,
    }
)
# 連続王手の千日手: the side that checked throughout made the last move and loses; CSA's
# %ILLEGAL_MOVE follows the foul, so the side to move wins too.
_MOVER_WINS = frozenset(
    {
        SpecialKind.ILLEGAL_WIN,
        SpecialKind.ILLEGAL_MOVE,
        SpecialKind.ENTERING_KING_WIN,
        SpecialKind.DEFAULT_WIN,
        SpecialKind.PERPETUAL_CHECK,
    }
)
_DRAWS = frozenset(
    {
        SpecialKind.REPETITION,
        SpecialKind.IMPASSE,
        SpecialKind.DRAW_DECLARATION,
        SpecialKind.MAX_MOVES,
    }
)


@frozen
class Outcome:
    """How a game ended, as training data counts it.

    Attributes:
        end: the special that ends the main line (投了 ``RESIGN``, 千日手 ``REPETITION`` …),
            or ``None`` when the line ends with a move.
        winner: the side that won, ``None`` for a draw or no result.
        decided: ``True`` for a win or a draw; ``False`` when the record gives no result
            (中断, 封じ手, no special).
    """

    end: SpecialKind | None
    winner: Color | None
    decided: bool

    def for_side(self, color: Color) -> int:
        """PSV's ``game_result`` for ``color``: 1 won, -1 lost, 0 draw or no result."""
        if self.winner is None:
            return 0
        return 1 if self.winner is color else -1

    @property
    def game_result(self) -> int:
        """HCPE's ``gameResult`` (cshogi's ``GameResult``): :data:`BLACK_WIN`,
        :data:`WHITE_WIN` or :data:`DRAW` (also for no result)."""
        if self.winner is None:
            return DRAW
        return BLACK_WIN if self.winner is Color.BLACK else WHITE_WIN


def outcome(game: Game) -> Outcome:
    """The :class:`Outcome` of ``game``'s main line, from the special that ends it.

    The special's side is the side to move when it happened; when the record does not give
    it, it is the side to move after the last move.
    """
    nodes = game.mainline()
    special = next((n.special for n in nodes if n.special is not None), None)
    if special is None:
        return Outcome(None, None, False)
    kind = special.kind
    mover = special.color
    if mover is None:
        moves = sum(1 for n in nodes if n.move is not None and n.special is None)
        mover = game.start.turn if moves % 2 == 0 else game.start.turn.opponent
    if kind in _MOVER_LOSES:
        return Outcome(kind, mover.opponent, True)
    if kind in _MOVER_WINS:
        return Outcome(kind, mover, True)
    return Outcome(kind, None, kind in _DRAWS)


# --- filters and counts --------------------------------------------------------------------

#: A game's ratings (black's, white's), ``None`` where unknown.
Ratings = Callable[[Game], tuple[float | None, float | None]]


def _check_limit(_instance: object, attribute: object, value: int) -> None:
    if not 0 <= value <= 32767:
        name = getattr(attribute, "name", "value")
        raise ValueError(f"{name}: expected 0 to 32767 (an int16), got {value}")


def _kinds(value: Iterable[SpecialKind] | None) -> frozenset[SpecialKind] | None:
    return None if value is None else frozenset(value)


@frozen
class TrainingFilter:
    """Which games and positions go into training data, and how scores are bounded.

    Attributes:
        min_plies: leave out games whose main line has fewer moves.
        min_rating: leave out games where either player's rating is below it or unknown.
        ratings: black's and white's ratings of a game; by default
            :func:`kifu_lark.rating.ratings` (floodgate's ``black_rate`` / ``white_rate``).
        end_reasons: keep only games ending with one of these specials (``{RESIGN,
            ENTERING_KING_WIN}`` for 投了 and 入玉宣言); ``None`` keeps every ending.
        eval_limit: scores are clipped to ``±eval_limit`` (at most 32767, int16).
        mate_score: a mate in ``n`` plies scores ``mate_score - n`` (YaneuraOu's
            ``VALUE_MATE`` is 32000), clipped by ``eval_limit`` after.
        require_evaluation: leave out positions whose move carries no evaluation.
        unfinished: keep games without a result (中断, no special), written as draws.
    """

    min_plies: int = field(default=0, validator=validators.ge(0))
    min_rating: float | None = None
    ratings: Ratings | None = field(default=None, eq=False)
    end_reasons: frozenset[SpecialKind] | None = field(default=None, converter=_kinds)
    eval_limit: int = field(default=32000, validator=_check_limit)
    mate_score: int = field(default=32000, validator=_check_limit)
    require_evaluation: bool = False
    unfinished: bool = False

    def clip(self, value: int) -> int:
        """``value`` bounded to ``±eval_limit``."""
        return max(-self.eval_limit, min(self.eval_limit, value))

    def leaves_out(self, game: Game, result: Outcome) -> str | None:
        """Why the filter leaves ``game`` out (a :class:`TrainingStats` counter), or
        ``None`` when it keeps it."""
        if self.min_plies:
            plies = sum(1 for n in game.mainline() if n.move is not None)
            if plies < self.min_plies:
                return "plies"
        if self.end_reasons is not None and result.end not in self.end_reasons:
            return "end_reason"
        if not result.decided and not self.unfinished:
            return "unfinished"
        if self.min_rating is not None:
            rated = (self.ratings or ratings)(game)
            if any(r is None or r < self.min_rating for r in rated):
                return "rating"
        return None


@define
class TrainingStats:
    """What a run wrote and left out, for its summary; add runs with :meth:`merge`.

    Attributes:
        games: games seen.
        games_written: games that gave at least one record.
        records: records written.
        skipped_games: games left out, by reason (``plies``, ``end_reason``,
            ``unfinished``, ``rating``, ``variant``, ``kings``).
        skipped_positions: positions left out, by reason (``variant``, ``kings``,
            ``foul`` for a move the read let through against the rules or not the side to
            move's, ``evaluation`` without one).
    """

    games: int = 0
    games_written: int = 0
    records: int = 0
    skipped_games: Counter[str] = field(factory=Counter)
    skipped_positions: Counter[str] = field(factory=Counter)

    def merge(self, other: TrainingStats) -> None:
        """Add ``other``'s counts to these."""
        self.games += other.games
        self.games_written += other.games_written
        self.records += other.records
        self.skipped_games.update(other.skipped_games)
        self.skipped_positions.update(other.skipped_positions)

    def to_dict(self) -> dict[str, object]:
        """The counts as a JSON-ready dict (reasons sorted)."""
        return {
            "games": self.games,
            "games_written": self.games_written,
            "records": self.records,
            "skipped_games": dict(sorted(self.skipped_games.items())),
            "skipped_positions": dict(sorted(self.skipped_positions.items())),
        }


# --- one record ----------------------------------------------------------------------------


def hcpe_record(position: Position, move: Move, *, eval: int = 0, result: int = DRAW) -> bytes:
    """One 38-byte HCPE record: ``position`` with ``move`` played from it, ``eval`` (the
    side to move's, int16) and ``result`` (:data:`BLACK_WIN`, :data:`WHITE_WIN`,
    :data:`DRAW`).

    Raises:
        UnsupportedFeatureError: for a position or move the format cannot hold.
        ValueError: for an ``eval`` or ``result`` out of range.
    """
    if result not in (DRAW, BLACK_WIN, WHITE_WIN):
        raise ValueError(f"result: expected 0, 1 or 2 (cshogi's GameResult), got {result}")
    return _HCPE.pack(hcp(position), _int16(eval), hcp_move16(move), result)


def psv_record(
    position: Position, move: Move, *, score: int = 0, result: int = 0, ply: int | None = None
) -> bytes:
    """One 40-byte PSV record: ``position`` with ``move`` played from it, ``score`` (the
    side to move's, int16), ``result`` (1 the side to move won, 0 draw, -1 lost) and
    ``ply`` (``gamePly``; the position's move number when not given).

    Raises:
        UnsupportedFeatureError: for a position or move the format cannot hold.
        ValueError: for a ``score``, ``result`` or ``ply`` out of range.
    """
    if result not in (-1, 0, 1):
        raise ValueError(f"result: expected -1, 0 or 1, got {result}")
    number = position.ply if ply is None else ply
    if not 0 <= number <= 0xFFFF:
        raise ValueError(f"ply: expected 0 to 65535 (a uint16), got {number}")
    return _PSV.pack(packed_sfen(position), _int16(score), psv_move16(move), number, result)


def _int16(value: int) -> int:
    if not -32768 <= value <= 32767:
        raise ValueError(f"score: expected an int16, got {value}")
    return value


@frozen
class HcpeRecord:
    """One HCPE record read back (:func:`read_hcpe`); ``move`` is ``None`` for move 0."""

    position: Position
    move: Move | None
    eval: int
    result: int


@frozen
class PsvRecord:
    """One PSV record read back (:func:`read_psv`); ``move`` is ``None`` for move 0."""

    position: Position
    move: Move | None
    score: int
    ply: int
    result: int


def read_hcpe(data: bytes) -> Iterator[HcpeRecord]:
    """The records of HCPE bytes (a whole file's), in order.

    Raises:
        InvalidRecordError: for a length that is not a multiple of 38, or a record that
            holds no position or no move of it.
    """
    view = memoryview(data)
    _check_length(len(view), HCPE_SIZE, "hcpe")
    for offset in range(0, len(view), HCPE_SIZE):
        packed, value, move16, result = _HCPE.unpack_from(view, offset)
        position = position_from_hcp(packed)
        move = move_from_hcp_move16(move16, position) if move16 else None
        yield HcpeRecord(position, move, value, result)


def read_psv(data: bytes) -> Iterator[PsvRecord]:
    """The records of PSV bytes (a whole file's), in order; each position's move number
    is the record's ``gamePly``.

    Raises:
        InvalidRecordError: for a length that is not a multiple of 40, or a record that
            holds no position or no move of it.
    """
    view = memoryview(data)
    _check_length(len(view), PSV_SIZE, "psv")
    for offset in range(0, len(view), PSV_SIZE):
        packed, value, move16, ply, result = _PSV.unpack_from(view, offset)
        position = position_from_packed_sfen(packed, max(ply, 1))
        move = move_from_psv_move16(move16, position) if move16 else None
        yield PsvRecord(position, move, value, ply, result)


def _check_length(length: int, size: int, name: str) -> None:
    if length % size:
        raise InvalidRecordError(
            f"{length} bytes are not a whole number of {size}-byte {name} records",
            format=name,
            code="BAD_LENGTH",
            hint="the file is cut short or is not of this format",
        )


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
