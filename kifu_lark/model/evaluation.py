"""An engine's evaluation of a position, as records carry it in comments.

Programs write what their engine thinks after a move as comment lines: floodgate's
``'** 113 -3334FU +2625FU …``, ShogiHome's ``*#評価値=159`` / ``*#読み筋=▲７六歩…``, Kifu for
Windows' ``**解析 0 … 評価値 -101 読み筋 …``. :attr:`Node.evaluation
<kifu_lark.model.game.Node.evaluation>` reads them into an :class:`Evaluation` when asked
(the comment lines stay as read: nothing is parsed while a record is read); the syntax is
``grammars/evaluation.lark``, read by :mod:`kifu_lark.formats.evaluation`.

The PV is kept as the tokens the record wrote (``+2625FU``, ``2g2f``, ``▲２五歩(26)``,
``△同　歩``): :meth:`Evaluation.resolve` turns them into moves against the position after the
node's move, and ``Game.evaluations()`` does so along a line.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from attrs import evolve, field, frozen

from kifu_lark.errors import PVError
from kifu_lark.model.color import Color
from kifu_lark.model.move import Move
from kifu_lark.model.position import Position
from kifu_lark.model.views import views

#: A mate whose length the engine did not give (ShogiHome's ``詰み=先手勝ち``): the sign says
#: who mates, as for a known length.
MATE_UNKNOWN_LENGTH = math.inf


def _tokens(pv: Iterable[str | Move]) -> tuple[str, ...]:
    """A PV as tokens: texts as given, moves in CSA notation (which needs no position)."""
    return tuple(item if isinstance(item, str) else item.csa() for item in pv)


def _lines(lines: Iterable[str]) -> tuple[str, ...]:
    return tuple(lines)


@frozen
class Evaluation:
    """What an engine said about the position after a move.

    Attributes:
        score: centipawns (``None`` when only a mate is given).
        mate: plies to mate, counted from the position after the move: positive when
            ``side`` mates, negative when ``side`` is mated. ``±MATE_UNKNOWN_LENGTH``
            (``±math.inf``) is a mate whose length was not given (``詰み=先手勝ち``).
            ``None``: no mate announced.
        side: whose point of view ``score`` and ``mate`` take. Every program seen writes
            black's (先手's), whichever side its engine plays: in a floodgate record both
            engines' ``'**`` scores grow positive as black wins (to +4370 before 後手's
            resignation), and ShogiHome's bridge, playing 後手 and being mated, writes
            ``**評価値=3509`` beside ``**詰み=先手勝ち:10手``. The readers set
            ``Color.BLACK``; :meth:`for_side` turns the numbers round.
        depth: search depth, when given.
        nodes: nodes searched, when given.
        pv: the principal variation as the record wrote it, one token per move (``+2625FU``,
            ``2g2f``, ``▲２五歩(26)``, ``△同　歩``, ``%TORYO``); :meth:`resolve` makes moves
            of it. Given moves (``Move`` values) are kept as CSA tokens.
        engine: the engine's name, when given (ShogiHome's ``エンジン=``).
        lines: the comment lines it was read from (empty for a value built in code). Not
            compared: two evaluations are equal when they say the same thing.
    """

    score: int | None = None
    mate: int | float | None = None
    side: Color = Color.BLACK
    depth: int | None = None
    nodes: int | None = None
    pv: tuple[str, ...] = field(default=(), converter=_tokens)
    engine: str | None = None
    lines: tuple[str, ...] = field(default=(), converter=_lines, eq=False)

    def for_side(self, side: Color) -> Evaluation:
        """The same evaluation from ``side``'s point of view (score and mate negated when
        ``side`` is not :attr:`side`)."""
        if side is self.side:
            return self
        return evolve(
            self,
            score=None if self.score is None else -self.score,
            mate=None if self.mate is None else -self.mate,
            side=side,
        )

    def value(self, side: Color = Color.BLACK, *, mate_score: int = 100_000) -> int | None:
        """One number from ``side``'s view for training and sorting: the score, or for a
        mate ``±(mate_score - plies)`` (a shorter mate counts more; a mate of unknown
        length ``±mate_score``). ``None`` when the evaluation gives neither."""
        turned = self.for_side(side)
        if turned.mate is not None:
            plies = 0 if math.isinf(turned.mate) else int(abs(turned.mate))
            return mate_score - plies if turned.mate > 0 else -(mate_score - plies)
        return turned.score

    @property
    def pv_notation(self) -> str | None:
        """The notation of the PV's first token: ``csa``, ``usi`` or ``japanese`` (KIF and
        KI2 words); ``None`` without a PV."""
        if not self.pv:
            return None
        return token_notation(self.pv[0])

    def resolve(self, position: Position, previous: Move | None = None) -> tuple[Move, ...]:
        """The PV as moves, played from ``position`` (the position after the node's move;
        ``previous``, that move, is what a first ``同`` refers to).

        A special token (``%TORYO``, ``+PASS``, ``▲投了``) ends the PV. Some programs (aobazero
        on floodgate) start the PV with the move just played: a first token that is
        ``previous`` in CSA or USI text is skipped.

        Raises:
            PVError: for a token that is not a move or a move that is illegal there, with the
                token, its index and a hint.
        """
        return views().resolve_pv(self, position, previous)


_new = object.__new__
_set = object.__setattr__


def read_evaluation(
    score: int | None,
    mate: int | float | None,
    depth: int | None,
    nodes: int | None,
    pv: tuple[str, ...],
    engine: str | None,
    lines: tuple[str, ...],
) -> Evaluation:
    """An :class:`Evaluation` from black's view, for readers: the fields are set as given,
    without the converters (a reader's values are already tuples of texts, and reading an
    archive's evaluations calls this once a move)."""
    evaluation: Evaluation = _new(Evaluation)
    _set(evaluation, "score", score)
    _set(evaluation, "mate", mate)
    _set(evaluation, "side", Color.BLACK)
    _set(evaluation, "depth", depth)
    _set(evaluation, "nodes", nodes)
    _set(evaluation, "pv", pv)
    _set(evaluation, "engine", engine)
    _set(evaluation, "lines", lines)
    return evaluation


def token_notation(token: str) -> str:
    """``csa``, ``usi`` or ``japanese``: the notation a PV token is written in."""
    first = token[:1]
    if first in "+-%":
        return "csa"
    if first.isascii():
        return "usi"
    return "japanese"


__all__: Sequence[str] = (
    "MATE_UNKNOWN_LENGTH",
    "Evaluation",
    "PVError",
    "token_notation",
)
