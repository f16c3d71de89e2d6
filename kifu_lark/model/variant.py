"""Board sizes and piece sets: the geometry every position and rule is relative to."""

from __future__ import annotations

from attrs import field, frozen

from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square

_ALL_KINDS = frozenset(PieceKind)
_MINI_KINDS = frozenset(PieceKind) - {
    PieceKind.LANCE,
    PieceKind.KNIGHT,
    PieceKind.PROM_LANCE,
    PieceKind.PROM_KNIGHT,
}


@frozen
class Variant:
    """A shogi variant: board size, promotion zone depth and the kinds of piece in play.

    Attributes:
        name: the variant's name (``standard``, ``minishogi`` or ``NxM`` for other sizes).
        files: number of files (columns).
        ranks: number of ranks (rows).
        zone: depth of the promotion zone in ranks.
        kinds: the piece kinds that may appear.
        start_sfen: the usual start position, or ``None`` when the variant has none.
    """

    name: str
    files: int
    ranks: int
    zone: int
    kinds: frozenset[PieceKind] = field(default=_ALL_KINDS, repr=False)
    start_sfen: str | None = field(default=None, repr=False)

    def contains(self, square: Square) -> bool:
        """True when ``square`` lies on this board."""
        return square.file <= self.files and square.rank <= self.ranks

    def squares(self) -> list[Square]:
        """Every square, rank by rank from the top, each rank from the highest file down."""
        return [Square(f, r) for r in range(1, self.ranks + 1) for f in range(self.files, 0, -1)]


STANDARD = Variant(
    "standard",
    9,
    9,
    3,
    start_sfen="lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
)
MINISHOGI = Variant("minishogi", 5, 5, 1, _MINI_KINDS, start_sfen="rbsgk/4p/5/P4/KGSBR b - 1")

_BY_NAME = {
    "standard": STANDARD,
    "shogi": STANDARD,
    "9x9": STANDARD,
    "minishogi": MINISHOGI,
    "5x5": MINISHOGI,
    "gogo": MINISHOGI,
}


def board_variant(files: int, ranks: int | None = None) -> Variant:
    """The variant for a board of the given size: standard, minishogi or a custom size.

    Custom boards use every piece kind and, as bioshogi does, the usual three-rank
    promotion zone (the whole board when it has three ranks or fewer).
    """
    ranks = files if ranks is None else ranks
    for known in (STANDARD, MINISHOGI):
        if (known.files, known.ranks) == (files, ranks):
            return known
    if files < 1 or ranks < 1 or files > 9 or ranks > 9:
        raise ValueError(f"unsupported board size {files}x{ranks} (1 to 9 files and ranks)")
    return Variant(f"{files}x{ranks}", files, ranks, min(3, ranks))


def find_variant(name: str) -> Variant:
    """Look a variant up by name or alias (``standard``, ``minishogi``, ``5x5``, ``3x3`` …).

    Raises:
        KeyError: when the name is unknown.
    """
    key = name.strip().lower()
    if key in _BY_NAME:
        return _BY_NAME[key]
    files, sep, ranks = key.partition("x")
    if sep and files.isdigit() and ranks.isdigit():
        try:
            return board_variant(int(files), int(ranks))
        except ValueError:
            pass
    raise KeyError(f"unknown variant {name!r}; known: standard, minishogi, NxM")
