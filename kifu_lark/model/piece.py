"""Piece kinds and pieces.

Kinds are named in English and valued by their CSA codes, the most compact spelling every
notation can be mapped from.
"""

from __future__ import annotations

import enum

from attrs import frozen

from kifu_lark.model.color import Color


class PieceKind(enum.Enum):
    """A kind of piece, promoted kinds included; the value is the CSA code."""

    PAWN = "FU"
    LANCE = "KY"
    KNIGHT = "KE"
    SILVER = "GI"
    GOLD = "KI"
    BISHOP = "KA"
    ROOK = "HI"
    KING = "OU"
    PROM_PAWN = "TO"
    PROM_LANCE = "NY"
    PROM_KNIGHT = "NK"
    PROM_SILVER = "NG"
    HORSE = "UM"
    DRAGON = "RY"

    # Members are singletons: identity hashing is correct and much faster than Enum's
    # name-based __hash__, which sits on the rules engine's hot path.
    __hash__ = object.__hash__

    @property
    def csa(self) -> str:
        """The two-letter CSA code."""
        return self.value

    @property
    def is_promoted(self) -> bool:
        """True for the six promoted kinds."""
        return self in _UNPROMOTE

    @property
    def can_promote(self) -> bool:
        """True for the kinds that have a promoted form."""
        return self in _PROMOTE

    def promoted(self) -> PieceKind:
        """The promoted form; raises ``ValueError`` for a kind that has none."""
        try:
            return _PROMOTE[self]
        except KeyError:
            raise ValueError(f"{self.name} has no promoted form") from None

    def unpromoted(self) -> PieceKind:
        """The kind a captured piece of this kind becomes in hand (itself when unpromoted)."""
        return _UNPROMOTE.get(self, self)

    @property
    def usi(self) -> str:
        """The USI/SFEN letter of black's piece, with ``+`` for promoted kinds (``+R``)."""
        base = _USI_LETTER[self.unpromoted()]
        return "+" + base if self.is_promoted else base

    @property
    def kanji(self) -> str:
        """The one-character kanji used in KIF/KI2 (``歩`` … ``龍``; ``全`` ``圭`` ``杏`` for
        the promoted minor pieces as in board diagrams)."""
        return _KANJI[self]

    @property
    def english(self) -> str:
        """An English name, e.g. ``promoted silver``."""
        return self.name.lower().replace("prom_", "promoted ")

    @classmethod
    def from_csa(cls, code: str) -> PieceKind:
        """The kind of a CSA code; ``ValueError`` when unknown."""
        return cls(code)

    @classmethod
    def from_usi(cls, letter: str) -> PieceKind:
        """The kind of an SFEN letter (either case, optional leading ``+``)."""
        promoted = letter.startswith("+")
        kind = _FROM_USI_LETTER[letter[-1].upper()]
        return kind.promoted() if promoted else kind


_PROMOTE = {
    PieceKind.PAWN: PieceKind.PROM_PAWN,
    PieceKind.LANCE: PieceKind.PROM_LANCE,
    PieceKind.KNIGHT: PieceKind.PROM_KNIGHT,
    PieceKind.SILVER: PieceKind.PROM_SILVER,
    PieceKind.BISHOP: PieceKind.HORSE,
    PieceKind.ROOK: PieceKind.DRAGON,
}
_UNPROMOTE = {v: k for k, v in _PROMOTE.items()}
_USI_LETTER = {
    PieceKind.PAWN: "P",
    PieceKind.LANCE: "L",
    PieceKind.KNIGHT: "N",
    PieceKind.SILVER: "S",
    PieceKind.GOLD: "G",
    PieceKind.BISHOP: "B",
    PieceKind.ROOK: "R",
    PieceKind.KING: "K",
}
_FROM_USI_LETTER = {v: k for k, v in _USI_LETTER.items()}
_KANJI = {
    PieceKind.PAWN: "歩",
    PieceKind.LANCE: "香",
    PieceKind.KNIGHT: "桂",
    PieceKind.SILVER: "銀",
    PieceKind.GOLD: "金",
    PieceKind.BISHOP: "角",
    PieceKind.ROOK: "飛",
    PieceKind.KING: "玉",
    PieceKind.PROM_PAWN: "と",
    PieceKind.PROM_LANCE: "杏",
    PieceKind.PROM_KNIGHT: "圭",
    PieceKind.PROM_SILVER: "全",
    PieceKind.HORSE: "馬",
    PieceKind.DRAGON: "龍",
}

#: Kinds that can be held in hand, in the canonical SFEN/KIF order (飛 角 金 銀 桂 香 歩).
HAND_KINDS: tuple[PieceKind, ...] = (
    PieceKind.ROOK,
    PieceKind.BISHOP,
    PieceKind.GOLD,
    PieceKind.SILVER,
    PieceKind.KNIGHT,
    PieceKind.LANCE,
    PieceKind.PAWN,
)


@frozen
class Piece:
    """A piece on the board: a kind and the side that owns it."""

    kind: PieceKind
    color: Color

    def sfen(self) -> str:
        """The SFEN token: upper case for black, lower case for white (``+r`` for white's 龍)."""
        token = self.kind.usi
        return token if self.color is Color.BLACK else token.lower()

    def csa(self) -> str:
        """The CSA token, e.g. ``+FU`` or ``-RY``."""
        return self.color.value + self.kind.value
