"""Pieces in hand (持ち駒)."""

from __future__ import annotations

from collections.abc import Iterator

from attrs import field, frozen

from kifu_lark.model.piece import HAND_KINDS, PieceKind

_INDEX = {kind: i for i, kind in enumerate(HAND_KINDS)}
_DIGITS = "〇一二三四五六七八九"
# Counts as KIF writes them (二 … 十八); a hand of one game holds at most 18 of a kind, but
# any count is written (variants and hand-built hands).
_KANJI_COUNTS = {
    n: ("" if n < 10 else ("十" if n < 20 else _DIGITS[n // 10] + "十"))
    + (_DIGITS[n % 10] if n % 10 else "")
    for n in range(1, 100)
}


def _counts(value: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(value)


@frozen(repr=False)
class Hand:
    """How many pieces of each droppable kind a side holds.

    ``counts`` follows ``HAND_KINDS`` order (飛 角 金 銀 桂 香 歩).
    """

    counts: tuple[int, ...] = field(default=(0,) * len(HAND_KINDS), converter=_counts)

    @counts.validator
    def _check(self, _attribute: object, value: tuple[int, ...]) -> None:
        if len(value) != len(HAND_KINDS) or any(c < 0 for c in value):
            raise ValueError(f"counts: expected {len(HAND_KINDS)} non-negative ints, got {value}")

    @classmethod
    def of(cls, pieces: dict[PieceKind, int]) -> Hand:
        """A hand from a mapping of kind to count (promoted kinds count as unpromoted)."""
        counts = [0] * len(HAND_KINDS)
        for kind, n in pieces.items():
            counts[_INDEX[kind.unpromoted()]] += n
        return cls(tuple(counts))

    def __getitem__(self, kind: PieceKind) -> int:
        index = _INDEX.get(kind)
        return 0 if index is None else self.counts[index]

    def items(self) -> Iterator[tuple[PieceKind, int]]:
        """(kind, count) for each kind held, in canonical order."""
        for kind, n in zip(HAND_KINDS, self.counts, strict=True):
            if n:
                yield kind, n

    def add(self, kind: PieceKind, n: int = 1) -> Hand:
        """A hand with ``n`` more pieces of ``kind`` (promoted kinds are demoted first)."""
        counts = list(self.counts)
        counts[_INDEX[kind.unpromoted()]] += n
        return Hand(tuple(counts))

    def remove(self, kind: PieceKind) -> Hand:
        """A hand with one piece of ``kind`` fewer; ``ValueError`` when there is none."""
        index = _INDEX[kind]
        if not self.counts[index]:
            raise ValueError(f"no {kind.name} in hand")
        counts = list(self.counts)
        counts[index] -= 1
        return Hand(tuple(counts))

    def total(self) -> int:
        """The number of pieces held."""
        return sum(self.counts)

    def __bool__(self) -> bool:
        return any(self.counts)

    def __repr__(self) -> str:
        """``Hand.of({PieceKind.ROOK: 1, PieceKind.PAWN: 3})``: what it holds, by kind."""
        held = ", ".join(f"PieceKind.{kind.name}: {n}" for kind, n in self.items())
        return f"Hand.of({{{held}}})"

    def __str__(self) -> str:
        """The hand as KIF writes it: ``飛 歩三``, ``なし`` when empty."""
        if not self:
            return "なし"
        return " ".join(
            kind.kanji + (_KANJI_COUNTS.get(n, str(n)) if n > 1 else "") for kind, n in self.items()
        )
