"""The piece table: every kind's names in each notation, its promotion and its movement.

Movement is read from the rules engine's geometry tables (:mod:`kifu_lark.rules.geometry`),
never written out a second time here, so the table and the rules cannot disagree.

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
import re

from attrs import frozen

from kifu_lark.errors import KifuError
from kifu_lark.formats.japanese import PIECE_MOVE_NAME
from kifu_lark.model.piece import HAND_KINDS, PieceKind
from kifu_lark.model.variant import STANDARD, Variant
from kifu_lark.rules.geometry import KIND_CODE, geometry

#: An offset as seen by black: (squares to the right, squares forward).
Offset = tuple[int, int]

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


def _offset(delta: int, width: int) -> Offset:
    """(right, forward) of a padded-board index delta of black's (see rules/geometry.py)."""
    ranks = round(delta / width)
    files = delta - ranks * width
    # Higher files lie to black's left; lower ranks lie ahead of black.
    return -files, -ranks


@functools.cache
def piece_info(kind: PieceKind) -> PieceInfo:
    """The table row of ``kind``."""
    # Movement is the same on every board size; the standard geometry has room for every
    # delta to decode unambiguously.
    g = geometry(STANDARD)
    code = KIND_CODE[kind]
    steps = frozenset(_offset(d, g.width) for d in g.steps[0][code])
    slides = frozenset(_offset(d, g.width) for d in g.slides[0][code])
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


#: Notations whose messages name pieces their way: KIF move names (歩, 成銀) or CSA codes.
_JAPANESE = frozenset({"kif", "ki2", "bod", "ksbp"})
_CSA = frozenset({"csa", "msk", "jkf"})
_NAMES = sorted((kind.name for kind in PieceKind), key=len, reverse=True)  # PROM_PAWN first
_ENGLISH = re.compile(r"\b(" + "|".join(_NAMES) + r")\b")


def piece_name(kind: PieceKind, notation: str | None) -> str:
    """``kind`` as ``notation`` writes it: ``歩`` for KIF/KI2/BOD, ``FU`` for CSA/MSK/JKF,
    the enum name (``PAWN``) otherwise.

    >>> piece_name(PieceKind.PROM_SILVER, "ki2"), piece_name(PieceKind.PAWN, "csa")
    ('成銀', 'FU')
    """
    if notation in _JAPANESE:
        return PIECE_MOVE_NAME[kind]
    if notation in _CSA:
        return kind.csa
    return kind.name


def name_pieces(err: KifuError, notation: str | None) -> KifuError:
    """Rewrite the piece names in ``err``'s message and hint (the rules engine's English
    enum names) as ``notation`` writes them; returns ``err``."""
    if notation not in _JAPANESE and notation not in _CSA:
        return err

    def named(match: re.Match[str]) -> str:
        return piece_name(PieceKind[match.group(1)], notation)

    err.message = _ENGLISH.sub(named, err.message)
    if err.hint:
        err.hint = _ENGLISH.sub(named, err.hint)
    err.args = (err.message, *err.args[1:])
    return err
