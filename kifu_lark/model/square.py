"""Squares, numbered as shogi players do: file 1 is black's right edge, rank 1 white's edge."""

from __future__ import annotations

from attrs import field, frozen, validators

_ONE_OR_MORE = validators.and_(validators.instance_of(int), validators.ge(1))


@frozen(order=True, cache_hash=True)
class Square:
    """A board square by ``file`` (筋, counted from black's right) and ``rank`` (段, from the top).

    Whether the square is on the board depends on the board size: see ``Variant.contains``.
    """

    file: int = field(validator=_ONE_OR_MORE)
    rank: int = field(validator=_ONE_OR_MORE)

    def usi(self) -> str:
        """The USI coordinate: file digit and rank letter (``7g``)."""
        return f"{self.file}{chr(ord('a') + self.rank - 1)}"

    def csa(self) -> str:
        """The CSA coordinate: two digits (``77``)."""
        return f"{self.file}{self.rank}"

    @classmethod
    def from_usi(cls, text: str) -> Square:
        """Parse ``7g``; ``ValueError`` when malformed."""
        if len(text) != 2 or not text[0].isdigit() or not "a" <= text[1] <= "z":
            raise ValueError(f"not a USI square: {text!r}")
        return cls(int(text[0]), ord(text[1]) - ord("a") + 1)

    def __str__(self) -> str:
        return self.csa()
