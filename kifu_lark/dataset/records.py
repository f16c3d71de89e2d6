"""One entry's bytes to games, as ``kifu_lark.load`` reads a file, and a game's outcome."""

from __future__ import annotations

from collections.abc import Iterable

from kifu_lark.api import loads_all
from kifu_lark.errors import KifuError
from kifu_lark.formats.registry import format_for_path
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.move import SpecialKind
from kifu_lark.textio import decode


def read_games(
    data: bytes,
    name: str,
    source_format: str | None = None,
    encoding: str | None = None,
    tolerate: Iterable[str] = (),
) -> list[Game]:
    """Every game of one file's bytes: the format from ``source_format``, else ``name``'s
    extension, else the text; the encoding from ``encoding``, else detected. Fully
    validated, as ``kifu_lark.load_all`` reads.

    Raises:
        KifuError: anything wrong in the record, located; ``EMPTY`` when it holds none.
    """
    by_ext = format_for_path(name)
    fmt = source_format or (by_ext.name if by_ext else None)
    text, used = decode(data, encoding)
    games = loads_all(text, fmt, tolerate=tuple(tolerate))
    if not games:
        raise KifuError(
            "the text holds no record",
            code="EMPTY",
            format=fmt,
            line=1,
            column=1,
            hint="check that this is a record, and its format (--from)",
        )
    for game in games:
        game.encoding = used
    return games


# Who wins when a line ends with each special, from the side to move when it happens
# (``Special.color``): "mover" wins, "other" wins, a draw, or no result.
_WINNER = {
    SpecialKind.RESIGN: "other",
    SpecialKind.TIME_UP: "other",
    SpecialKind.MATE: "other",  # 詰み: the side to move is mated
    SpecialKind.ILLEGAL_LOSS: "other",
    SpecialKind.DEFAULT_LOSS: "other",
    SpecialKind.ILLEGAL_WIN: "mover",
    SpecialKind.ILLEGAL_MOVE: "mover",  # CSA %ILLEGAL_MOVE: the last move was the foul
    SpecialKind.ENTERING_KING_WIN: "mover",  # 入玉宣言 by the side to move
    SpecialKind.DEFAULT_WIN: "mover",
    # 王手千日手: the side giving check loses; the repetition closes with its check, so
    # the side to move is the one checked.
    SpecialKind.PERPETUAL_CHECK: "mover",
    SpecialKind.REPETITION: "draw",
    SpecialKind.IMPASSE: "draw",
    SpecialKind.MAX_MOVES: "draw",
    SpecialKind.DRAW_DECLARATION: "draw",
}


def outcome(game: Game) -> tuple[str | None, str | None]:
    """``(winner, end reason)`` from the special that ends the main line.

    The winner is ``"black"``, ``"white"``, ``"draw"`` or ``None`` (no result: 中断, 封じ手,
    no special, or a side that is not known); the reason is the special's
    :class:`~kifu_lark.model.move.SpecialKind` name (``"RESIGN"``), ``None`` without one.

    Example:
        >>> import kifu_lark
        >>> outcome(kifu_lark.loads("PI\\n+\\n+7776FU\\n-3334FU\\n%TORYO\\n", "csa"))
        ('white', 'RESIGN')
    """
    line = game.mainline()
    special = line[-1].special if line else None
    if special is None:
        return None, None
    rule = _WINNER.get(special.kind)
    mover = special.color
    if rule is None:
        return None, special.kind.name
    if rule == "draw":
        return "draw", special.kind.name
    if mover is None:
        return None, special.kind.name
    winner = mover if rule == "mover" else mover.opponent
    return ("black" if winner is Color.BLACK else "white"), special.kind.name
