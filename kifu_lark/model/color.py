"""The two sides of a game."""

from __future__ import annotations

import enum


class Color(enum.Enum):
    """A side. ``BLACK`` (先手/下手) moves first in an even game; ``WHITE`` is 後手/上手."""

    BLACK = "+"
    WHITE = "-"

    __hash__ = object.__hash__  # singletons: identity hashing is correct and fast

    @property
    def opponent(self) -> Color:
        """The other side."""
        return Color.WHITE if self is Color.BLACK else Color.BLACK

    @property
    def sign(self) -> int:
        """+1 for black, -1 for white: the direction black's pieces advance is -1 in rank."""
        return 1 if self is Color.BLACK else -1

    @property
    def usi(self) -> str:
        """``b`` or ``w`` as written in SFEN."""
        return "b" if self is Color.BLACK else "w"

    @property
    def kanji(self) -> str:
        """``先手`` or ``後手``."""
        return "先手" if self is Color.BLACK else "後手"
