"""Which games and positions go into training data: a game's outcome, the filter, the counts.

:func:`outcome` reads how a game ended from the special closing its main line (who won, or
a draw, or no result); :class:`TrainingFilter` says which games and positions to keep and
bounds the scores; :class:`TrainingStats` counts what a run wrote and left out, by reason.
:mod:`kifu_lark.dataset.training` applies them to a game's records.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Iterable

from attrs import define, field, frozen, validators

from kifu_lark.board import Violation
from kifu_lark.dataset.training_format import BLACK_WIN, DRAW, WHITE_WIN
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.move import SpecialKind
from kifu_lark.rating import ratings

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


#: Endings that declare a foul: CSA's ``%ILLEGAL_MOVE`` and ``±ILLEGAL_ACTION``, 反則勝ち and
#: 反則負け.
FOUL_ENDINGS = frozenset(
    {SpecialKind.ILLEGAL_MOVE, SpecialKind.ILLEGAL_WIN, SpecialKind.ILLEGAL_LOSS}
)
#: The codes of the rules a move can break: a warning of one is a breach a lenient read let
#: through, an error of one a record that does not read past an illegal move.
BREACH_CODES = frozenset(v.value for v in Violation)


def has_illegal_move(game: Game, result: Outcome) -> bool:
    """Whether ``game`` holds an illegal move: a breach its read tolerated (a warning of
    :data:`BREACH_CODES`) or an ending that declares a foul (:data:`FOUL_ENDINGS`)."""
    return result.end in FOUL_ENDINGS or any(w.code in BREACH_CODES for w in game.warnings)


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
        legal_only: leave out games with an illegal move (:func:`has_illegal_move`).
    """

    min_plies: int = field(default=0, validator=validators.ge(0))
    min_rating: float | None = None
    ratings: Ratings | None = field(default=None, eq=False)
    end_reasons: frozenset[SpecialKind] | None = field(default=None, converter=_kinds)
    eval_limit: int = field(default=32000, validator=_check_limit)
    mate_score: int = field(default=32000, validator=_check_limit)
    require_evaluation: bool = False
    unfinished: bool = False
    legal_only: bool = False

    def clip(self, value: int) -> int:
        """``value`` bounded to ``±eval_limit``."""
        return max(-self.eval_limit, min(self.eval_limit, value))

    def leaves_out(self, game: Game, result: Outcome) -> str | None:
        """Why the filter leaves ``game`` out (a :class:`TrainingStats` counter), or
        ``None`` when it keeps it."""
        if self.legal_only and has_illegal_move(game, result):
            return "illegal"
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
        skipped_games: games left out, by reason (``illegal``, ``plies``, ``end_reason``,
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


@frozen
class Split:
    """A deterministic test split by file: each entry goes to the test share or not by a
    digest of ``seed`` and its name, so the same files go to test for the same seed
    whatever the order, engine or workers they are read with.

    Attributes:
        test: the share of files that goes to test, above 0 and below 1.
        seed: another seed gives another split.
    """

    test: float = field(validator=[validators.gt(0.0), validators.lt(1.0)])
    seed: int = 0

    def tests(self, source: str, member: str | None) -> bool:
        """Whether the entry (a file's path as the sources name it, or an archive's member
        by its name in the archive) goes to test."""
        name = source if member is None else member
        digest = hashlib.blake2b(f"{self.seed}\0{name}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big") < self.test * 2**64
