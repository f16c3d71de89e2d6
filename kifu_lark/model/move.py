"""Moves, terminal events (specials) and time."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from attrs import field, frozen

from kifu_lark.model.color import Color
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square

if TYPE_CHECKING:
    from kifu_lark.model.position import Position


@frozen
class Move:
    """A move as played: a board move (``from_`` set) or a drop (``from_`` is ``None``).

    Attributes:
        color: the side that moves.
        to: the destination.
        piece: the kind that moves, before any promotion (the dropped kind for a drop).
        from_: the origin, ``None`` for a drop.
        promote: whether the piece promotes on this move.
        captured: the kind captured on ``to`` as it stood there (possibly promoted), or ``None``.
    """

    color: Color
    to: Square
    piece: PieceKind
    from_: Square | None = None
    promote: bool = False
    captured: PieceKind | None = None

    @property
    def is_drop(self) -> bool:
        """True for a drop (打)."""
        return self.from_ is None

    @property
    def piece_after(self) -> PieceKind:
        """The kind standing on ``to`` after the move."""
        return self.piece.promoted() if self.promote else self.piece

    def usi(self) -> str:
        """The USI string: ``7g7f``, ``8h2b+`` or ``P*5e``."""
        if self.from_ is None:
            return f"{self.piece.usi}*{self.to.usi()}"
        return self.from_.usi() + self.to.usi() + ("+" if self.promote else "")

    def csa(self) -> str:
        """The CSA move: ``+7776FU`` (``00`` as origin of a drop)."""
        origin = "00" if self.from_ is None else self.from_.csa()
        return f"{self.color.value}{origin}{self.to.csa()}{self.piece_after.csa}"

    @classmethod
    def from_usi(cls, text: str, position: Position) -> Move:
        """The move a USI string (``7g7f``, ``8h2b+``, ``P*5e``) means in ``position``:
        USI names squares only, so the piece and the mover are read from the position (the
        side to move). The move is not checked against the rules (``Board.push`` does).

        Raises:
            ValueError: for a text that is not a USI move, a square off the board, or an
                origin that holds no piece of the side to move.

        Example:
            >>> from kifu_lark.model import Position
            >>> Move.from_usi("7g7f", Position.initial()).csa()
            '+7776FU'
        """
        from_, to, dropped, promote = usi_parts(text)
        variant = position.variant
        for square in (to,) if from_ is None else (from_, to):
            if not variant.contains(square):
                raise ValueError(f"{square.usi()} is off the {variant.name} board")
        if dropped is not None:
            return cls(position.turn, to, dropped)
        assert from_ is not None
        piece = position[from_]
        if piece is None:
            raise ValueError(f"no piece on {from_.usi()}")
        if piece.color is not position.turn:
            # Such a move could only be written as the mover's, moving the opponent's piece.
            raise ValueError(f"the piece on {from_.usi()} is not {position.turn.name}'s to move")
        return cls(position.turn, to, piece.kind, from_, promote)

    def __str__(self) -> str:
        return self.usi()


def usi_parts(text: str) -> tuple[Square | None, Square, PieceKind | None, bool]:
    """A USI move taken apart: (origin or ``None`` for a drop, destination, dropped kind or
    ``None``, promotes).

    Raises:
        ValueError: for a text that is not a USI move.
    """
    try:
        if len(text) == 4 and text[1] == "*":
            kind = PieceKind.from_usi(text[0])
            if kind.is_promoted or kind is PieceKind.KING or not text[0].isupper():
                raise ValueError(text)
            return None, Square.from_usi(text[2:]), kind, False
        if len(text) in (4, 5) and text[4:] in ("", "+"):
            return Square.from_usi(text[:2]), Square.from_usi(text[2:4]), None, len(text) == 5
    except (KeyError, ValueError):
        pass
    raise ValueError(f"not a USI move: {text!r}")


class SpecialKind(enum.Enum):
    """Terminal and other non-move events a record can hold; values are CSA names."""

    RESIGN = "TORYO"
    INTERRUPT = "CHUDAN"
    REPETITION = "SENNICHITE"
    TIME_UP = "TIME_UP"
    ILLEGAL_MOVE = "ILLEGAL_MOVE"
    ILLEGAL_WIN = "ILLEGAL_WIN"  # 反則勝ち: the side to move wins, the other side fouled
    ILLEGAL_LOSS = "ILLEGAL_LOSS"  # 反則負け: the side to move fouled and loses
    IMPASSE = "JISHOGI"
    MAX_MOVES = "MAX_MOVES"
    ENTERING_KING_WIN = "KACHI"
    DRAW_DECLARATION = "HIKIWAKE"
    MATTA = "MATTA"
    MATE = "TSUMI"
    NO_MATE = "FUZUMI"
    ERROR = "ERROR"
    SEALED = "FUUJITE"
    DEFAULT_WIN = "FUSENSHO"
    DEFAULT_LOSS = "FUSENPAI"
    PERPETUAL_CHECK = "OUTE_SENNICHITE"
    #: A word no kind above names (a program's own, such as 指し直し), kept as read in
    #: :attr:`Special.word` and written back as that word by the formats that can hold it.
    OTHER = "OTHER"


def _check_word(instance: Special, attribute: object, value: str | None) -> None:
    """``word`` is set exactly for :attr:`SpecialKind.OTHER`, and never empty."""
    if instance.kind is SpecialKind.OTHER:
        if not isinstance(value, str) or not value:
            raise ValueError(f"'word' must be a non-empty str for OTHER (got {value!r})")
    elif value is not None:
        raise ValueError(f"'word' must be None for {instance.kind.name} (got {value!r})")


@frozen(repr=False)
class Special:
    """A special (terminal) event such as 投了.

    Attributes:
        kind: what happened.
        color: the side to move when it happened (the one who resigns, runs out of time,
            declares, or wins by the other side's foul); ``None`` when unknown.
        word: for :attr:`SpecialKind.OTHER` only, the word as the record wrote it
            (``"指し直し"``); ``None`` for every other kind.
    """

    kind: SpecialKind
    color: Color | None = None
    word: str | None = field(default=None, validator=_check_word)

    def __repr__(self) -> str:
        # the word only where there is one (OTHER): the other kinds read as they always did
        word = "" if self.word is None else f", word={self.word!r}"
        return f"Special(kind={self.kind!r}, color={self.color!r}{word})"


@frozen
class Time:
    """Time used for a move and, when known, the mover's running total, in seconds."""

    spent: float | None = None
    total: float | None = field(default=None)
