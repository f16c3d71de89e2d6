"""Piece names as each notation writes them, and error messages that name pieces so.

The rules engine names pieces by their English enum names (``PAWN``, ``PROM_SILVER``);
a message about a KIF record names them as KIF does (歩, 成銀), one about a CSA record by
their CSA codes (FU, NG).
"""

from __future__ import annotations

import re

from kifu_lark.errors import KifuError
from kifu_lark.formats.japanese import PIECE_MOVE_NAME
from kifu_lark.model.piece import PieceKind

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
