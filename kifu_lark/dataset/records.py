"""One entry's bytes to games, as ``kifu_lark.load`` reads a file, and a game's outcome."""

from __future__ import annotations

from collections.abc import Iterable

from kifu_lark.api import loads_all
from kifu_lark.dataset.training_filter import outcome as game_outcome
from kifu_lark.errors import KifuError, Setting
from kifu_lark.formats.registry import format_for_path
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game

_FORMAT = Setting("source_format")


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
    # bytes: loads_all decodes them (tolerate="truncated" included), sets game.encoding and
    # warns of a declaration the bytes contradict
    games = loads_all(data, fmt, tolerate=tuple(tolerate), encoding=encoding)
    if not games:
        raise KifuError(
            "the text holds no record",
            code="EMPTY",
            format=fmt,
            line=1,
            column=1,
            hint=f"check that this is a record, and its format ({_FORMAT})",
            settings=(_FORMAT,),
        )
    return games


def outcome(game: Game) -> tuple[str | None, str | None]:
    """``(winner, end reason)`` from the special that ends the main line, as the ``games``
    table holds them (the training records' :func:`~kifu_lark.dataset.training.outcome`).

    The winner is ``"black"``, ``"white"``, ``"draw"`` or ``None`` (no result: 中断, 封じ手,
    no special); the reason is the special's :class:`~kifu_lark.model.move.SpecialKind`
    name (``"RESIGN"``), ``None`` without one.

    Example:
        >>> import kifu_lark
        >>> outcome(kifu_lark.loads("PI\\n+\\n+7776FU\\n-3334FU\\n%TORYO\\n", "csa"))
        ('white', 'RESIGN')
    """
    ended = game_outcome(game)
    reason = None if ended.end is None else ended.end.name
    if ended.winner is not None:
        return ("black" if ended.winner is Color.BLACK else "white"), reason
    return ("draw" if ended.decided else None), reason
