"""The public functions: load / loads / dump / dumps and friends."""

from __future__ import annotations

import contextlib
import gc
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from kifu_lark.errors import KifuError, UnknownFormatError, UnsupportedFeatureError
from kifu_lark.formats.base import Format, ReadOptions, WriteOptions
from kifu_lark.formats.registry import (
    all_formats,
    detect_format,
    format_for_path,
    get_format,
)
from kifu_lark.model.game import Game
from kifu_lark.rules.replay import tolerance
from kifu_lark.rules.violations import Violation
from kifu_lark.textio import decode, encode

PathLike = str | os.PathLike[str]


def formats() -> list[str]:
    """The names of every registered format (built-ins and plugins).

    >>> "csa" in formats() or "sfen" in formats()
    True
    """
    return [f.name for f in all_formats()]


def _format(
    format: str | Format | None, text: str | None = None, path: str | None = None
) -> Format:
    if isinstance(format, Format):
        return format
    if format is not None:
        return get_format(format)
    if path is not None:
        by_ext = format_for_path(path)
        if by_ext is not None:
            return by_ext
    if text is not None:
        return detect_format(text)
    raise UnknownFormatError("no format given and none can be inferred", hint="pass format=…")


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while one text is read.

    Reading builds a tree of many small objects and frees almost nothing, so the collector's
    passes over them during the read find no garbage; with many records in memory they cost
    as much as the read itself (measured: KIF read 52 000 → 108 000 moves/s). The collector
    runs again as soon as the read ends, and is left alone if it was already off.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def loads_all(
    text: str,
    format: str | Format | None = None,
    *,
    tolerate: Iterable[str | Violation] = (),
    **options: Any,
) -> list[Game]:
    """Read every game in ``text``.

    Args:
        text: the record text.
        format: a format name (``"csa"``); detected from the text when omitted.
        tolerate: rule breaches to let through (``"two_pawns"``, ``"wrong_turn"`` …);
            each is reported on ``game.warnings``.
        options: format-specific reader options.

    Raises:
        KifuError: any problem in the text, located by line and column.
    """
    fmt = _format(format, text=text)
    with _collector_paused():
        games = fmt.reader(text, ReadOptions(tolerance(tolerate), dict(options)))
    for game in games:
        game.format = fmt.name
    return games


def loads(
    text: str,
    format: str | Format | None = None,
    *,
    tolerate: Iterable[str | Violation] = (),
    **options: Any,
) -> Game:
    """Read one game (the first, for texts holding several).

    >>> game = loads("position startpos moves 7g7f 3c3d", "usi")
    >>> [node.move.usi() for node in game.mainline()]
    ['7g7f', '3c3d']
    """
    games = loads_all(text, format, tolerate=tolerate, **options)
    if not games:
        raise KifuError("the text holds no game", code="EMPTY", format=_format(format, text).name)
    return games[0]


def _read_path(path: PathLike, encoding: str | None) -> tuple[str, str]:
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise KifuError(f"cannot read {os.fspath(path)}: {err.strerror}", code="IO") from None
    return decode(data, encoding)


def load_all(
    path: PathLike,
    format: str | Format | None = None,
    encoding: str | None = None,
    *,
    tolerate: Iterable[str | Violation] = (),
    **options: Any,
) -> list[Game]:
    """Read every game in the file at ``path``; the encoding is detected unless given and
    recorded on each game as ``game.encoding``."""
    text, used = _read_path(path, encoding)
    fmt = _format(format, text=text, path=os.fspath(path))
    games = loads_all(text, fmt, tolerate=tolerate, **options)
    for game in games:
        game.encoding = used
    return games


def load(
    path: PathLike,
    format: str | Format | None = None,
    encoding: str | None = None,
    *,
    tolerate: Iterable[str | Violation] = (),
    **options: Any,
) -> Game:
    """Read the (first) game in the file at ``path``. See :func:`load_all`."""
    games = load_all(path, format, encoding, tolerate=tolerate, **options)
    if not games:
        raise KifuError("the file holds no game", code="EMPTY")
    return games[0]


def dumps(
    game: Game,
    format: str | Format,
    *,
    mainline_only: bool = False,
    **options: Any,
) -> str:
    """Write ``game`` as text in ``format``.

    Raises:
        UnsupportedFeatureError: when the format cannot hold part of the game (variations
            in CSA …) and ``mainline_only`` does not allow dropping it.

    >>> game = loads("position startpos moves 7g7f", "usi")
    >>> dumps(game, "sfen")
    'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n'
    """
    fmt = _format(format)
    if fmt.writer is None:
        raise UnknownFormatError(f"format {fmt.name!r} cannot be written", code="READ_ONLY")
    is_shogi = isinstance(game, Game)
    if is_shogi != (fmt.game == "shogi"):
        kind = "a shogi game" if is_shogi else f"a {getattr(game, 'game', 'non-shogi')} record"
        raise UnsupportedFeatureError(
            f"{fmt.name} holds {fmt.game} records, not {kind}", format=fmt.name
        )
    if is_shogi and not fmt.holds_variant(game.start.variant.name):
        raise UnsupportedFeatureError(
            f"{fmt.name} cannot hold {game.start.variant.name} games",
            format=fmt.name,
            hint="variants it holds: " + ", ".join(sorted(fmt.variants)),
        )
    if is_shogi:
        _check_capabilities(game, fmt, mainline_only)
    return fmt.writer(game, WriteOptions(mainline_only, dict(options)))


def _check_capabilities(game: Game, fmt: Format, mainline_only: bool) -> None:
    """Refuse, for every writer alike, what a format declares it cannot hold: variations
    (unless ``mainline_only``) and start positions other than the variant's usual one."""
    caps = fmt.capabilities
    if not caps.start_positions and game.start.sfen(ply=1) != game.start.variant.start_sfen:
        raise UnsupportedFeatureError(
            f"{fmt.name} holds games from the usual start position only",
            format=fmt.name,
            hint=f"this game starts from {game.start.sfen()}",
        )
    if not caps.branches and not mainline_only and any(
        node.variations for node in (game.root, *game.root.walk())
    ):
        raise UnsupportedFeatureError(
            f"{fmt.name} holds one line of moves; the game has variations",
            format=fmt.name,
            hint="pass mainline_only=True (CLI: --mainline-only) to drop them",
        )


def dump(
    game: Game,
    path: PathLike,
    format: str | Format | None = None,
    encoding: str | None = None,
    *,
    mainline_only: bool = False,
    **options: Any,
) -> None:
    """Write ``game`` to ``path``; the format comes from the extension unless given, the
    encoding from the format (CP932 for ``.kif``/``.ki2``, UTF-8 otherwise) unless given."""
    name = os.fspath(path)
    fmt = _format(format, path=name)
    text = dumps(game, fmt, mainline_only=mainline_only, **options)
    ext = os.path.splitext(name)[1]
    data = encode(text, encoding or fmt.encoding_for(ext), fmt.name)
    Path(path).write_bytes(data)
