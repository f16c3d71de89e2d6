"""The public functions: load / loads / dump / dumps and friends."""

from __future__ import annotations

import difflib
import gc
import os
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

from kifu_lark.board import Violation, tolerance
from kifu_lark.errors import (
    IllegalMoveError,
    KifuError,
    MultipleGamesWarning,
    Setting,
    UnknownFormatError,
    UnsupportedFeatureError,
    io_error,
)
from kifu_lark.files import write_atomically
from kifu_lark.formats.base import Format, ReadOptions, WriteOptions
from kifu_lark.formats.piece_names import name_pieces
from kifu_lark.formats.registry import (
    all_formats,
    detect_format,
    format_for_path,
    get_format,
)
from kifu_lark.model.game import Game, Issue
from kifu_lark.record import check_tree
from kifu_lark.textio import (
    READING_TOLERANCES,
    Decoded,
    decode_tolerant,
    encode,
    normalize_encoding,
)
from kifu_lark.write_checks import check_capabilities

PathLike = str | os.PathLike[str]
#: What ``load`` reads: a path, or a file object open for reading (binary or text).
Source = PathLike | IO[bytes] | IO[str]
Tolerate = str | Violation | Iterable[str | Violation]

_LOADS_OPTIONS = ("format", "tolerate", "encoding")
_DUMPS_OPTIONS = ("format", "mainline_only", "encoding", "validate", "tactics")
_EMPTY_HINT = "check that the text is a record, and its format (format=…)"


def _writable(game: str = "shogi") -> str:
    """The hint naming the formats that write ``game`` records."""
    names = [f.name for f in all_formats() if f.writer is not None and f.game == game]
    return "formats that write them: " + ", ".join(names)


def _check_options(
    function: str, fmt: Format, options: dict[str, Any], own: Iterable[str], reading: bool
) -> None:
    """Refuse keyword options neither ``function`` nor the format's reader or writer takes,
    as Python refuses an unexpected keyword argument: with a ``TypeError`` naming it."""
    accepted = fmt.read_options if reading else fmt.write_options
    unknown = sorted(set(options) - accepted)
    if not unknown:
        return
    valid = sorted({*own, *accepted})
    close = difflib.get_close_matches(unknown[0], valid, n=1)
    side = "reader" if reading else "writer"
    takes = ", ".join(sorted(accepted)) or "no options of its own"
    message = (
        f"{function}() got an unexpected keyword argument {unknown[0]!r}"
        + (f" (did you mean {close[0]!r}?)" if close else "")
        + f"; the {fmt.name} {side} takes {takes}; valid: {', '.join(valid)}"
    )
    raise TypeError(message)


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
    # With neither a text nor a path to go by, the format is the one to write.
    asked = Setting("format", writing=True)
    raise UnknownFormatError(
        "no format given and none can be inferred", hint=f"pass {asked}", settings=(asked,)
    )


class _CollectorPaused:
    """Pauses the cyclic garbage collector while one text is read (``with``).

    Reading builds a tree of many small objects and frees almost nothing, so the collector's
    passes over them during the read find no garbage, and with many records in memory they
    cost as much as the read itself (CHANGELOG.md has the figures). The collector runs again
    as soon as the read ends, and is left alone if it was already off. A class, not a
    generator-based context manager: it is entered once a record, short records included.
    """

    __slots__ = ("paused",)

    def __enter__(self) -> None:
        self.paused = gc.isenabled()
        if self.paused:
            gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.paused:
            gc.enable()


def loads_all(
    text: str | bytes,
    format: str | Format | None = None,
    *,
    tolerate: Tolerate = (),
    encoding: str | None = None,
    **options: Any,
) -> list[Game]:
    """Read every game in ``text``.

    Args:
        text: the record text, or its bytes (the encoding detected as ``load`` detects it,
            unless ``encoding`` is given, and recorded as ``game.encoding``).
        format: a format name (``"csa"``); detected from the text when omitted.
        tolerate: rule breaches to let through (``"two_pawns"``, ``"wrong_turn"`` …, one
            name or several); each is reported on ``game.warnings``. ``"truncated"``: bytes
            that end inside a character (a file cut short) give the complete lines before
            it, with a ``TRUNCATED`` warning on the last game.
        encoding: for bytes, the encoding to decode them with.
        options: format-specific reader options.

    Raises:
        KifuError: any problem in the text, located by line and column; ``EMPTY`` for a
            text with nothing but blanks (no format holds a record in it).
        TypeError: for an option neither this function nor the format's reader takes.
    """
    decoded = None
    if isinstance(text, bytes | bytearray):
        decoded = _decoded(bytes(text), encoding, tolerate)
        text = decoded.text
    elif not isinstance(text, str):
        raise TypeError(
            f"loads() reads a str or bytes, not {type(text).__name__}"
            + ("; to read a file, use load()" if hasattr(text, "read") else "")
        )
    games = _loads_all(text, format, tolerate, options, "loads")
    if decoded is not None:
        _mark_decoded(games, decoded.encoding, decoded)
    return games


def _decoded(data: bytes, encoding: str | None, tolerate: Tolerate) -> Decoded:
    """The bytes decoded; the last line left out when ``tolerate`` names ``"truncated"``
    and the bytes end inside a character."""
    names = (tolerate,) if isinstance(tolerate, str | Violation) else tolerate
    truncated = any(isinstance(n, str) and n.strip().lower() in READING_TOLERANCES for n in names)
    return decode_tolerant(data, encoding, truncated)


def _mark_decoded(games: list[Game], used: str | None, decoded: Decoded | None) -> None:
    """Record on each game the encoding its bytes were read in; warn (first of
    ``game.warnings``, code ``DECLARED_ENCODING``) when the text declares another one, and
    on the last game (``TRUNCATED``) when ``tolerate="truncated"`` left out a cut line."""
    misdeclared = decoded.misdeclared if decoded is not None else None
    for game in games:
        game.encoding = used
        if misdeclared is not None:
            issue = Issue("DECLARED_ENCODING", misdeclared.message(), None, misdeclared.line, 1)
            game.warnings.insert(0, issue)
    cut = decoded.cut if decoded is not None else None
    if cut is not None and games:
        games[-1].warnings.append(
            Issue(
                "TRUNCATED",
                f"the last line was left out: {cut.message} ({cut.text} where the bytes stop)",
                line=cut.line,
                column=cut.column,
            )
        )


def _loads_all(
    text: str,
    format: str | Format | None,
    tolerate: Tolerate,
    options: dict[str, Any],
    function: str,
) -> list[Game]:
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
    _check_options(function, fmt, options, _LOADS_OPTIONS, reading=True)
    if isinstance(tolerate, str | Violation):
        tolerate = (tolerate,)
    try:
        with _CollectorPaused():
            games = fmt.reader(text, ReadOptions(tolerance(tolerate), dict(options)))
    except KifuError as err:
        raise name_pieces(err, fmt.name) from None
    for game in games:
        game.format = fmt.name
    return games


def loads(
    text: str | bytes,
    format: str | Format | None = None,
    *,
    tolerate: Tolerate = (),
    encoding: str | None = None,
    **options: Any,
) -> Game:
    """Read one game from a ``str`` or ``bytes``. See :func:`loads_all`.

    Warns:
        MultipleGamesWarning: when the text holds several games (the first is returned;
            :func:`loads_all` returns every one).

    >>> game = loads("position startpos moves 7g7f 3c3d", "usi")
    >>> [node.move.usi() for node in game.mainline()]
    ['7g7f', '3c3d']
    >>> loads("手数----指手--\\n   1 ７六歩(77)\\n".encode("cp932")).encoding
    'cp932'
    """
    games = loads_all(text, format, tolerate=tolerate, encoding=encoding, **options)
    if not games:
        raise KifuError("the text holds no game", code="EMPTY", hint=_EMPTY_HINT)
    return _first(games, "the text", "loads")


def _first(games: list[Game], where: str, function: str) -> Game:
    """The first of ``games``; a warning naming ``function``'s ``_all`` twin when there are
    more (one game returned of several is games lost, unless the caller hears of it)."""
    if len(games) > 1:
        warnings.warn(
            MultipleGamesWarning(
                f"{where} holds {len(games)} games: {function}() returns the first, "
                f"{function}_all() every one",
                count=len(games),
            ),
            stacklevel=3,
        )
    return games[0]


def _read_source(
    source: Source, encoding: str | None, tolerate: Tolerate = ()
) -> tuple[str, str | None, Decoded | None, str | None]:
    """The text of ``source``, the encoding it was decoded with (``None`` for a text file
    object: it decoded itself), what its bytes' decoding found (the declaration they
    contradict, what ``tolerate="truncated"`` cut; ``None`` for a text file object) and its
    file name, when it has one."""
    if isinstance(source, str | os.PathLike):
        path = os.fspath(source)
        try:
            data = Path(path).read_bytes()
        except OSError as err:
            raise io_error(err, "read", path) from None
        decoded = _decoded(data, encoding, tolerate)
        return decoded.text, decoded.encoding, decoded, path
    read = getattr(source, "read", None)
    if read is None:
        raise TypeError(
            f"load() reads a path or a file object, not {type(source).__name__}"
            + ("; to read a text, use loads()" if isinstance(source, bytes) else "")
        )
    given = getattr(source, "name", None)
    name = given if isinstance(given, str) else None
    try:
        content = read()
    except OSError as err:
        raise io_error(err, "read", name or "the file") from None
    if isinstance(content, bytes | bytearray):
        decoded = _decoded(bytes(content), encoding, tolerate)
        return decoded.text, decoded.encoding, decoded, name
    if not isinstance(content, str):
        raise TypeError(f"the file object's read() gave {type(content).__name__}, not str/bytes")
    return content, getattr(source, "encoding", None), None, name


def load_all(
    source: Source,
    format: str | Format | None = None,
    encoding: str | None = None,
    *,
    tolerate: Tolerate = (),
    **options: Any,
) -> list[Game]:
    """Read every game in ``source``: a path, or a file object open for reading as
    ``json.load`` takes (binary, or text). Bytes are decoded with ``encoding`` or the one
    detected; the encoding is recorded on each game as ``game.encoding``. The format comes
    from ``format``, else the file name's extension, else the text.

    Raises:
        KifuFileNotFoundError: for a path that does not exist (a ``FileNotFoundError``).
        KifuIOError: when the file cannot be read otherwise (an ``OSError``).
        KifuError: any problem in the text, located by line and column.
        TypeError: for an option neither this function nor the format's reader takes.
    """
    text, used, decoded, name = _read_source(source, encoding, tolerate)
    fmt = _format(format, text=text, path=name)
    games = _loads_all(text, fmt, tolerate, options, "load")
    _mark_decoded(games, used, decoded)
    return games


def load(
    source: Source,
    format: str | Format | None = None,
    encoding: str | None = None,
    *,
    tolerate: Tolerate = (),
    **options: Any,
) -> Game:
    """Read the game in ``source`` (a path or a file object). See :func:`load_all`.

    Warns:
        MultipleGamesWarning: when the file holds several games (the first is returned;
            :func:`load_all` returns every one).
    """
    games = load_all(source, format, encoding, tolerate=tolerate, **options)
    if not games:
        raise KifuError("the file holds no game", code="EMPTY", hint=_EMPTY_HINT)
    if isinstance(source, str | os.PathLike):
        where = os.fspath(source)
    else:
        given = getattr(source, "name", None)
        where = given if isinstance(given, str) else "the file"
    return _first(games, where, "load")


def dumps(
    game: Game,
    format: str | Format,
    *,
    mainline_only: bool = False,
    encoding: str | None = None,
    validate: bool = False,
    tactics: bool = False,
    **options: Any,
) -> str:
    """Write ``game`` as text in ``format``.

    ``tactics=True`` writes the tactics found on the main line (``kifu_lark.tactics``) as
    headers ``先手の戦法：…`` … ``後手の備考：…`` and as comments ``▲囲い：美濃囲い`` on the
    moves where they first appear, in any format that holds headers or comments.

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
        TypeError: for an option neither this function nor the format's writer takes
            (``Format.write_options``: CSA ``version``, JKF ``dialect``, ksbp ``applet``).

    >>> game = loads("position startpos moves 7g7f", "usi")
    >>> dumps(game, "sfen")
    'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\\n'
    """
    fmt = _format(format)
    if fmt.writer is None:
        raise UnknownFormatError(
            f"format {fmt.name!r} cannot be written", code="READ_ONLY", hint=_writable()
        )
    _check_options("dumps", fmt, options, _DUMPS_OPTIONS, reading=False)
    is_shogi = isinstance(game, Game)
    if is_shogi != (fmt.game == "shogi"):
        kind = "a shogi game" if is_shogi else f"a {getattr(game, 'game', 'non-shogi')} record"
        raise UnsupportedFeatureError(
            f"{fmt.name} holds {fmt.game} records, not {kind}",
            format=fmt.name,
            hint=_writable(game=getattr(game, "game", "shogi") if not is_shogi else "shogi"),
        )
    if is_shogi and not fmt.holds_variant(game.start.variant.name):
        raise UnsupportedFeatureError(
            f"{fmt.name} cannot hold {game.start.variant.name} games",
            format=fmt.name,
            hint="variants it holds: " + ", ".join(sorted(fmt.variants)),
        )
    if tactics:
        if not is_shogi or not (fmt.capabilities.headers or fmt.capabilities.comments):
            raise UnsupportedFeatureError(
                f"{fmt.name} holds no headers or comments to write shogi tactics in",
                format=fmt.name,
                hint="write KIF, KI2, CSA or JKF",
            )

        # the tactic files load when tactics are first asked for, not with the package
        from kifu_lark.tactics.annotate import annotated  # noqa: PLC0415

        game = annotated(game)
    if is_shogi:
        check_capabilities(game, fmt, mainline_only)
        try:
            # A game a reader built was checked move by move: only what editing it could
            # most easily break (the turn) is checked again, unless asked for all of it.
            check_tree(game, full=validate or game.format is None)
        except IllegalMoveError as err:
            err.format = err.format or fmt.name
            raise
    return fmt.writer(game, WriteOptions(mainline_only, dict(options), encoding))


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
    _check_options("dump", fmt, options, _DUMPS_OPTIONS, reading=False)
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
