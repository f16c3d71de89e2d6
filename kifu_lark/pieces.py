"""The piece table: every kind's names in each notation, its promotion and its movement.

Movement is the rules engine's own (:func:`kifu_lark.board.piece_movement`), never written
out a second time here, so the table and the rules cannot disagree. Piece names in each
notation's messages are :mod:`kifu_lark.formats.piece_names`' (:func:`piece_name` and
:func:`name_pieces` are given here too).

Example:
    >>> from kifu_lark.model import PieceKind
    >>> info = piece_info(PieceKind.KNIGHT)
    >>> (info.kanji, info.csa, info.usi, info.english, info.promoted)
    ('桂', 'KE', 'N', 'knight', <PieceKind.PROM_KNIGHT: 'NK'>)
    >>> print("\\n".join(info.grid()))
    ・〇・〇・
    ・・・・・
    ・・桂・・
    ・・・・・
    ・・・・・
"""

from __future__ import annotations

import functools

from attrs import frozen

from kifu_lark.board import Offset, piece_movement
from kifu_lark.formats.japanese import PIECE_MOVE_NAME
from kifu_lark.formats.piece_names import name_pieces, piece_name
from kifu_lark.model.piece import HAND_KINDS, PieceKind
from kifu_lark.model.variant import STANDARD, Variant

# Grid cells, all full width so that rows line up in a terminal.
_EMPTY, _STEP = "・", "〇"
_RAY = {(0, 1): "｜", (0, -1): "｜", (1, 0): "－", (-1, 0): "－",
        (1, 1): "／", (-1, -1): "／", (-1, 1): "＼", (1, -1): "＼"}  # fmt: skip


@frozen
class PieceInfo:
    """One row of the piece table.

    Attributes:
        kind: the kind.
        kanji: the one-character name used on board diagrams (KIF/KI2/BOD).
        kif: the name in KIF/KI2 move text (``成香`` where the board says ``杏``).
        csa: the CSA code.
        usi: the USI/SFEN letter of black's piece (``+P`` for と).
        english: an English name.
        promoted: the kind it promotes to, ``None`` when it cannot promote.
        unpromoted: the kind it returns to when captured (itself when unpromoted).
        droppable: whether it can be held in hand and dropped.
        steps: squares it reaches in one step, as black sees them (right, forward).
        slides: directions it slides along any number of empty squares.
    """

    kind: PieceKind
    kanji: str
    kif: str
    csa: str
    usi: str
    english: str
    promoted: PieceKind | None
    unpromoted: PieceKind
    droppable: bool
    steps: frozenset[Offset]
    slides: frozenset[Offset]

    def grid(self, radius: int = 2) -> list[str]:
        """The movement drawn on a (2·radius+1)² grid, black's side at the bottom.

        ``〇`` is a square reached in one step, ``｜－／＼`` mark slides (drawn up to the grid's
        edge), ``・`` a square out of reach; the piece's kanji is at the centre.
        """
        rows = []
        for forward in range(radius, -radius - 1, -1):
            row = []
            for right in range(-radius, radius + 1):
                row.append(self._cell(right, forward))
            rows.append("".join(row))
        return rows

    def _cell(self, right: int, forward: int) -> str:
        if (right, forward) == (0, 0):
            return self.kanji
        if (right, forward) in self.steps:
            return _STEP
        n = max(abs(right), abs(forward))
        unit = (right // n, forward // n)
        if unit in self.slides and (unit[0] * n, unit[1] * n) == (right, forward):
            return _RAY[unit]
        return _EMPTY


@functools.cache
def piece_info(kind: PieceKind) -> PieceInfo:
    """The table row of ``kind``."""
    steps, slides = piece_movement(kind)
    return PieceInfo(
        kind=kind,
        kanji=kind.kanji,
        kif=PIECE_MOVE_NAME[kind],
        csa=kind.csa,
        usi=kind.usi,
        english=kind.english,
        promoted=kind.promoted() if kind.can_promote else None,
        unpromoted=kind.unpromoted(),
        droppable=kind in HAND_KINDS,
        steps=steps,
        slides=slides,
    )


def piece_table(variant: Variant = STANDARD) -> list[PieceInfo]:
    """Every kind that appears in ``variant``, in the order of :class:`PieceKind`."""
    return [piece_info(kind) for kind in PieceKind if kind in variant.kinds]


__all__ = [
    "Offset",
    "PieceInfo",
    "name_pieces",
    "piece_info",
    "piece_name",
    "piece_table",
]
