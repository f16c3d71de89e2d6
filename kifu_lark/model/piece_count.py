"""What a variant's set of pieces holds, and what a position holds beyond it.

Every position made is checked against its set (a reader makes one for each board diagram
and SFEN it reads), so the check runs in the compiled build (``_build.py``); the same source
runs interpreted.
"""

from __future__ import annotations

import re
from typing import Final

from kifu_lark.model.hand import Hand
from kifu_lark.model.piece import HAND_KINDS, Piece, PieceKind
from kifu_lark.model.variant import STANDARD, Variant

#: A piece letter of an SFEN board (a ``+`` before it promotes it: the same kind in hand).
_SFEN_LETTER: Final = re.compile(r"[A-Za-z]")
_SETS: dict[str, dict[PieceKind, int]] = {}
#: The kinds a set is counted by: those a hand holds (in ``HAND_KINDS`` order, a hand's
#: ``counts``) and the king.
_BASES: Final = (*HAND_KINDS, PieceKind.KING)
#: Each kind → the index in ``_BASES`` of the kind it is counted as (the one a capture puts
#: in hand).
_BASE_INDEX: Final[dict[PieceKind, int]] = {
    kind: _BASES.index(kind.unpromoted()) for kind in PieceKind
}


def piece_set(variant: Variant) -> dict[PieceKind, int]:
    """How many pieces of each (unpromoted) kind the variant's set holds: those of its usual
    start, or the standard set for board sizes without one. The table is shared: do not
    change it."""
    found = _SETS.get(variant.name)
    if found is None:
        start = (variant.start_sfen or STANDARD.start_sfen or "").split()[0]
        found = {}
        for letter in _SFEN_LETTER.findall(start):
            kind = PieceKind.from_usi(letter).unpromoted()
            found[kind] = found.get(kind, 0) + 1
        if len(_SETS) < 64:
            _SETS[variant.name] = found
    return found


def over_the_set(
    variant: Variant, board: tuple[Piece | None, ...], hands: tuple[Hand, Hand]
) -> str | None:
    """What a position holds beyond its variant's set (``3 飛 (HI) on the board and in
    hand, where the set has 2``), or ``None``. Where several kinds are over, the first in
    the set's order is named, then the first met on the board, then in the hands."""
    held = [0] * len(_BASES)
    index = _BASE_INDEX
    for piece in board:
        if piece is not None:
            held[index[piece.kind]] += 1
    for hand in hands:
        for i, n in enumerate(hand.counts):
            held[i] += n
    have = piece_set(variant)
    for i, n in enumerate(held):
        if n > have.get(_BASES[i], 0):
            return _first_over(have, board, hands)
    return None


def _first_over(
    have: dict[PieceKind, int], board: tuple[Piece | None, ...], hands: tuple[Hand, Hand]
) -> str | None:
    """:func:`over_the_set`'s message, the kinds counted in the order it names them."""
    left = dict(have)
    for piece in board:
        if piece is not None:
            base = _BASES[_BASE_INDEX[piece.kind]]
            left[base] = left.get(base, 0) - 1
    for hand in hands:
        for kind, n in hand.items():
            left[kind] = left.get(kind, 0) - n
    for kind, n in left.items():
        if n < 0:
            return (
                f"{have.get(kind, 0) - n} {kind.kanji} ({kind.value}) on the board and in "
                f"hand, where the set has {have.get(kind, 0)}"
            )
    return None
