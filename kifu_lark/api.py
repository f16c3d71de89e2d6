"""The public functions: load / loads / dump / dumps and friends."""

from __future__ import annotations

import contextlib
import gc
import os
import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from kifu_lark.errors import (
    IllegalMoveError,
    KifuError,
    LossyWriteWarning,
    UnknownFormatError,
    UnsupportedFeatureError,
)
from kifu_lark.files import write_atomically
from kifu_lark.formats.base import Format, ReadOptions, WriteOptions
from kifu_lark.formats.registry import (
    all_formats,
    detect_format,
    format_for_path,
    get_format,
)
from kifu_lark.model.game import Game
from kifu_lark.rules.replay import FOUL_DECLARATIONS, check_tree, tolerance
from kifu_lark.rules.violations import Violation
from kifu_lark.textio import decode, encode, normalize_encoding

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
        KifuError: any problem in the text, located by line and column; ``EMPTY`` for a
            text with nothing but blanks (no format holds a record in it).
    """
    body = text.lstrip("\ufeff")  # the same object when there is no BOM: no copy
    if not body or body.isspace():
        raise KifuError(
            "the text is empty: it holds no record",
            code="EMPTY",
            format=None if format is None else _format(format).name,
            line=1,
            column=1,
            hint="a record has at least a move, a position or a header line",
        )
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
    encoding: str | None = None,
    validate: bool = False,
    **options: Any,
) -> str:
    """Write ``game`` as text in ``format``.

    ``encoding`` names the encoding the text is meant for: formats that declare their
    encoding in the text (KIF/KI2 ``#KIF … encoding=``, CSA V3.0 ``'CSA encoding=``) declare
    that one; without it the text holds no declaration (CSA V3.0: UTF-8).

    So that no writer writes a record its own reader refuses, the tree is checked first: a
    game built by hand (``game.format`` is None) or any game with ``validate=True`` is
    replayed with the rules engine; a game a reader built, already checked move by move,
    only has its turns checked (a move added by the side not to move).

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
        try:
            # A game a reader built was checked move by move: only what editing it could
            # most easily break (the turn) is checked again, unless asked for all of it.
            check_tree(game, full=validate or game.format is None)
        except IllegalMoveError as err:
            err.format = err.format or fmt.name
            raise
    return fmt.writer(game, WriteOptions(mainline_only, dict(options), encoding))


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
    if not caps.start_ply and game.start.ply != 1:
        warnings.warn(
            LossyWriteWarning(
                f"{fmt.name} has no move number for the start position: "
                f"move {game.start.ply} is written as move 1",
                format=fmt.name,
                kind="START_PLY",
                written=None,
            ),
            stacklevel=4,
        )
    if not caps.branches and not mainline_only and any(
        node.variations for node in (game.root, *game.root.walk())
    ):
        raise UnsupportedFeatureError(
            f"{fmt.name} holds one line of moves; the game has variations",
            format=fmt.name,
            hint="pass mainline_only=True (CLI: --mainline-only) to drop them",
        )
    kinds = caps.special_kinds
    if not caps.specials or (kinds is not None and not FOUL_DECLARATIONS <= kinds):
        _refuse_undeclared_fouls(game, fmt)


def _refuse_undeclared_fouls(game: Game, fmt: Format) -> None:
    """A record may end in a foul that its result declares (反則勝ち after an illegal move):
    a format that cannot write that declaration would write a record its reader refuses."""
    from kifu_lark.rules.board import Board

    caps = fmt.capabilities
    for node in game.root.walk():
        special = node.special
        if special is None or special.kind not in FOUL_DECLARATIONS or node.parent is None:
            continue
        if caps.specials and caps.special_kinds is not None and special.kind in caps.special_kinds:
            continue
        board = Board.from_position(game.start)
        try:
            for step in node.parent.path():
                if step.move is not None:
                    board.push(step.move)
        except IllegalMoveError as err:
            raise UnsupportedFeatureError(
                f"{fmt.name} cannot declare the foul that ends this game "
                f"({special.kind.name} after move {node.parent.ply}: {err.message})",
                format=fmt.name,
                hint="write it in a format that declares fouls (KIF, KI2, CSA, JKF)",
            ) from None


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
    encoding from the format (CP932 for ``.kif``/``.ki2`` and CSA V2.2, UTF-8 otherwise)
    unless given. A declaration in the text always names the encoding written."""
    name = os.fspath(path)
    fmt = _format(format, path=name)
    data = encoded(game, fmt, os.path.splitext(name)[1], encoding, mainline_only, options)
    write_atomically(path, data)


def encoded(
    game: Any,
    fmt: Format,
    extension: str,
    encoding: str | None = None,
    mainline_only: bool = False,
    options: dict[str, Any] | None = None,
) -> bytes:
    """``game`` written in ``fmt`` as the bytes of a file with ``extension``: the encoding
    (given, or the format's for that extension and options) is the one the text declares.

    Raises:
        KifuEncodingError: for characters the encoding cannot hold.
    """
    options = options or {}
    chosen = normalize_encoding(encoding or fmt.encoding_for(extension, options))
    text = dumps(game, fmt, mainline_only=mainline_only, encoding=chosen, **options)
    return encode(text, chosen, fmt.name)
