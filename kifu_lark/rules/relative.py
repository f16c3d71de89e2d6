"""KI2 relative words (右 左 上 引 寄 直) narrowing a set of candidate origins.

Directions are taken from the mover's point of view. This module is the place where the
official rules for 龍 and 馬 live as they are filled in.
"""

from __future__ import annotations

from kifu_lark.model.color import Color
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square
from kifu_lark.rules.board import Board


def narrow(
    board: Board,
    color: Color,
    to: Square,
    kind: PieceKind,
    candidates: list[Square],
    words: str,
) -> list[Square]:
    """The candidates that fit every word in ``words``."""
    sign = 1 if color is Color.BLACK else -1
    result = list(candidates)
    for word in words:
        if word == "上":  # moves forward
            result = [s for s in result if (s.rank - to.rank) * sign > 0]
        elif word == "引":  # moves backward
            result = [s for s in result if (s.rank - to.rank) * sign < 0]
        elif word == "寄":  # moves sideways
            result = [s for s in result if s.rank == to.rank]
        elif word == "直":  # straight forward
            result = [s for s in result if s.file == to.file and (s.rank - to.rank) * sign == 1]
        elif word in "右左":
            result = _side(result, word, sign)
    return result


def _side(candidates: list[Square], word: str, sign: int) -> list[Square]:
    if not candidates:
        return candidates
    # 右 = the mover's right: lower file numbers for black, higher for white.
    key = [s.file * sign for s in candidates]
    best = min(key) if word == "右" else max(key)
    return [s for s, k in zip(candidates, key, strict=True) if k == best]
