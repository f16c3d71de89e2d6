"""Writing CSA records (V3.0 by default, V2.2 on request) and their dialects (MSK).

One statement per line, no commas. Layout::

    'CSA encoding=UTF-8        (V3.0 only; the encoding the text is written in)
    V3.0
    N+black / N-white          (the standard's order: N+, N-, then the other information)
    $KEY:value                 (in the order of the game's headers)
    '#remark                   (a file remark, a KIF # line: among the headers, in order)
    PI[removals] | P1…P9 + P+00…/P-00… hands
    + | -
    '*comment before the first move
    +7776FU
    T12                          (V3.0: up to 3 decimals; V2.2: rounded to whole seconds)
    '*comment on the move
    %TORYO

Refused (``UnsupportedFeatureError``): variations unless ``mainline_only``, specials the
dialect has no ``%`` code for, header keys or values that cannot stand on one line (a ``$NOTE``
value keeps its line breaks as ``\\n``), a board of another size, a move's time of more than
:data:`TIME_DIGITS` digits of whole seconds (10**9 s, 31 years: a typo, which no CSA reader of
ours would take back; the standard sets no bound).

Written otherwise, with a ``LossyWriteWarning``: a comment entry holding line breaks (only a
game built by hand has one: readers make an entry per line) is written as its lines.

V2.2 declares no encoding: readers take Shift_JIS, so ``dump`` writes CP932 (see
:func:`encoding_rule`). Line ends are LF in every version: V2.2 leaves them to the system
that writes, floodgate and cshogi write LF, and python-shogi reads no CRLF record.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable

from kifu_lark.errors import (
    MAINLINE_ONLY,
    KifuError,
    LossyWriteWarning,
    Setting,
    UnsupportedFeatureError,
)
from kifu_lark.formats.base import WriteOptions
from kifu_lark.formats.csa_dialect import ILLEGAL_ACTION, NAME_OF_KEY, Dialect
from kifu_lark.formats.evaluation import comments_of, converted_comments
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.headers import REMARK, HeaderKey, Headers, Key
from kifu_lark.model.move import Special, SpecialKind, Time
from kifu_lark.model.piece import HAND_KINDS, PieceKind
from kifu_lark.model.position import Position

#: Digits of whole seconds a ``T`` line may have: what the grammar's TIME reads.
TIME_DIGITS = 9

_VERSIONS = {"3.0": "V3.0", "3": "V3.0", "v3.0": "V3.0", "2.2": "V2.2", "v2.2": "V2.2"}
# How V3.0's first line names an encoding (normalised names: textio.normalize_encoding).
_DECLARED_NAMES = {"utf-8": "UTF-8", "utf-8-sig": "UTF-8", "cp932": "SHIFT_JIS"}


def encoding_rule(extension: str, options: dict[str, object]) -> str | None:
    """CSA V2.2 is Shift_JIS (CP932) whatever the extension; V3.0 uses the default."""
    version = str(options.get("version", "3.0")).strip().lower()
    return "cp932" if _VERSIONS.get(version) == "V2.2" else None

# PI removals in the order the CSA standard lists handicaps: rook, bishop, gold, silver,
# knight, lance (pawns and kings last), each kind by square.
_NAME_KEYS = (HeaderKey.BLACK, HeaderKey.WHITE)
_REMOVAL_ORDER = {kind: i for i, kind in enumerate([*HAND_KINDS, PieceKind.KING])}


def special_line(dialect: Dialect, special: Special, to_move: Color) -> str:
    """The ``%`` line of ``special`` (``to_move``: the side to move when it happens, for a
    special read without its side): ``%TORYO``, ``%+ILLEGAL_ACTION``.

    Raises:
        UnsupportedFeatureError: for a special the dialect has no code for.
    """
    kind = special.kind
    color = special.color or to_move
    if dialect.illegal_action and kind is SpecialKind.ILLEGAL_LOSS:
        return f"%{color.value}{ILLEGAL_ACTION}"
    if dialect.illegal_action and kind is SpecialKind.ILLEGAL_WIN:
        return f"%{color.opponent.value}{ILLEGAL_ACTION}"
    if kind not in dialect.specials.values():
        what = kind.name if special.word is None else f"{special.word!r} ({kind.name})"
        raise UnsupportedFeatureError(
            f"{dialect.name} has no code for the special {what}",
            format=dialect.name,
            hint="known: " + ", ".join("%" + k for k in dialect.specials),
        )
    return "%" + kind.value


def comment_line(comment: str) -> str:
    """The CSA line of one comment line: ``'*`` + the comment, except that a comment read
    from a plain ``'`` line (kept as ``'text``) is written plainly again. A comment that
    merely starts with ``'*`` cannot be plain (it would read back without them): ``'*`` goes
    before it."""
    if comment.startswith("'") and not comment.startswith("'*"):
        return comment
    return "'*" + comment


#: Where the writer puts floodgate's notes (headers read from ``'key:value`` lines): the
#: game's rules before the other headers, the ratings after the side to move, the summary
#: after the moves, as floodgate does.
_NOTE_PLACES = {
    "Max_Moves": "head",
    "Least_Time_Per_Move": "head",
    "Increment": "head",
    "rating": "start",
    "black_rate": "start",
    "white_rate": "start",
    "summary": "end",
}


def _is_note(key: Key) -> bool:
    return isinstance(key, str) and key in _NOTE_PLACES


def _notes(headers: Headers) -> dict[str, list[str]]:
    """Floodgate's notes among ``headers`` as their ``'key:value`` lines, by place."""
    places: dict[str, list[str]] = {}
    for key, value in headers.entries:
        if isinstance(key, str) and key in _NOTE_PLACES and "\n" not in value:
            places.setdefault(_NOTE_PLACES[key], []).append(f"'{key}:{value}")
    return places


def writer(dialect: Dialect) -> Callable[[Game, WriteOptions], str]:
    """The writer of ``dialect``; for CSA, ``options.extra["version"]`` picks 3.0 or 2.2."""

    def write(game: Game, options: WriteOptions) -> str:
        version = dialect.version
        if dialect.name == "csa":
            asked = str(options.extra.get("version", "3.0")).strip().lower()
            if asked not in _VERSIONS:
                raise KifuError(
                    f"unknown CSA version {asked!r}", code="USAGE", hint="version='3.0' or '2.2'"
                )
            version = _VERSIONS[asked]
        return _Writer(dialect, version, options).game(game)

    write.__doc__ = f"Write ``game`` as {dialect.name.upper()} text."
    return write


class _Writer:
    def __init__(self, dialect: Dialect, version: str, options: WriteOptions) -> None:
        self.dialect = dialect
        self.version = version
        self.decimals = version == "V3.0"
        self.options = options
        self.lines: list[str] = []
        self.converted: dict[int, list[str]] = {}

    def refuse(
        self, message: str, hint: str | None = None, settings: tuple[Setting, ...] = ()
    ) -> UnsupportedFeatureError:
        return UnsupportedFeatureError(
            message, format=self.dialect.name, hint=hint, settings=settings
        )

    def game(self, game: Game) -> str:
        variant = self.dialect.variant
        if game.start.variant != variant:
            raise self.refuse(
                f"{self.dialect.name} records are played on the {variant.name} board, "
                f"this game on {game.start.variant.name}",
                f"choose a format that holds {game.start.variant.name} games",
            )
        out = self.lines
        # evaluation lines of another format, in CSA's own form ('** score pv)
        self.converted = converted_comments(game, self.dialect.name)
        if self.version == "V3.0":
            encoding = self.options.encoding or "utf-8"
            out.append("'CSA encoding=" + _DECLARED_NAMES.get(encoding, encoding.upper()))
        out.append(self.version)
        notes = _notes(game.headers) if self.dialect.name == "csa" else {}
        self.headers(game.headers, notes)
        self.position(game.start)
        out.append(game.start.turn.value)
        out += notes.get("start", ())
        self.comments(game.root)
        node = game.root
        color = game.start.turn
        ply = 0
        while node.next is not None:
            if node.variations and not self.options.mainline_only:
                raise self.refuse(
                    f"{self.dialect.name} holds one line of moves; the game has variations",
                    hint=f"pass {MAINLINE_ONLY} to drop them",
                    settings=(MAINLINE_ONLY,),
                )
            node = node.next
            ply += 1
            if node.move is not None:
                out.append(node.move.csa())
                color = node.move.color.opponent
            elif node.special is not None:
                out.append(self.special(node.special, color))
            self.time(node.time, ply)
            self.comments(node)
        out += notes.get("end", ())
        return "\n".join(out) + "\n"

    def headers(self, headers: Headers, notes: dict[str, list[str]]) -> None:
        entries = headers.entries
        if notes:  # written as their own lines
            entries = [(k, v) for k, v in entries if not (_is_note(k) and "\n" not in v)]
        names: list[tuple[Key, str]] = [(k, v) for k, v in entries if k is HeaderKey.BLACK]
        names += [(k, v) for k, v in entries if k is HeaderKey.WHITE]
        rest = [(key, value) for key, value in entries if key not in _NAME_KEYS]
        for i, (key, value) in enumerate(names + rest):
            if i == len(names):  # floodgate writes its game rules after the names
                self.lines += notes.pop("head", ())
            if key is HeaderKey.NOTE:
                value = value.replace("\\", "\\\\").replace("\n", "\\n")
            if "\n" in value or "\r" in value:
                raise self.refuse(
                    f"the header {Headers.key_name(key)!r} holds a line break",
                    hint="CSA header values are one line ($NOTE apart)",
                )
            if key == REMARK:
                # CSA's remark is a plain ' line; `'#` keeps the mark, reads back as the
                # remark, and as nothing else (a '* comment, the encoding line, a note)
                self.lines.append("'#" + value)
                continue
            if key is HeaderKey.BLACK or key is HeaderKey.WHITE:
                self.lines.append(("N+" if key is HeaderKey.BLACK else "N-") + value)
                continue
            name = NAME_OF_KEY[key] if isinstance(key, HeaderKey) else key
            if not name or any(c in name for c in ":\n\r"):
                raise self.refuse(
                    f"the header key {name!r} cannot be written as $KEY:value",
                    hint="a CSA key is one line of text without ':'",
                )
            self.lines.append(f"${name}:{value}")
        self.lines += notes.pop("head", ())

    def position(self, start: Position) -> None:
        variant = self.dialect.variant
        initial = Position.initial(variant)
        pieces = dict(start.pieces())
        standard = dict(initial.pieces())
        if not any(start.hands) and all(standard.get(sq) == p for sq, p in pieces.items()):
            removed = sorted(
                (sq for sq in standard if sq not in pieces),
                key=lambda sq: (_REMOVAL_ORDER[standard[sq].kind], sq.file, sq.rank),
            )
            self.lines.append("PI" + "".join(sq.csa() + standard[sq].kind.csa for sq in removed))
            return
        files = variant.files
        for rank in range(1, variant.ranks + 1):
            cells = []
            for file in range(files, 0, -1):
                piece = start.board[(rank - 1) * files + file - 1]
                cells.append(" * " if piece is None else piece.csa())
            self.lines.append(f"P{rank}" + "".join(cells))
        for color, hand in zip((Color.BLACK, Color.WHITE), start.hands, strict=True):
            if hand:
                held = "".join("00" + kind.csa for kind, n in hand.items() for _ in range(n))
                self.lines.append(f"P{color.value}{held}")

    def special(self, special: Special, to_move: Color) -> str:
        return special_line(self.dialect, special, to_move)

    def time(self, time: Time | None, ply: int) -> None:
        if time is None or time.spent is None:
            return
        spent = time.spent
        if not self.decimals or spent == int(spent):
            text = str(math.floor(spent + 0.5))
        else:
            text = f"{spent:.3f}".rstrip("0").rstrip(".")
        if len(text.partition(".")[0]) > TIME_DIGITS:
            raise self.refuse(
                f"move {ply} took {text} seconds: a CSA time has at most {TIME_DIGITS} digits "
                f"(T{text} would not read back)",
                hint="correct the move's time in the source (at most 999999999 s)",
            )
        self.lines.append("T" + text)

    def comments(self, node: Node) -> None:
        for comment in comments_of(node, self.converted):
            if "\n" not in comment and "\r" not in comment:
                self.lines.append(comment_line(comment))
                continue
            # An entry is one line (every reader makes one per line): one holding breaks
            # (a game built by hand) is written as its lines, each read back as an entry.
            lines = comment.replace("\r\n", "\n").replace("\r", "\n").split("\n")
            self.lines += [comment_line(line) for line in lines]
            warnings.warn(
                LossyWriteWarning(
                    f"{self.dialect.name} comments are one line each: the comment {comment!r} "
                    f"is written as {len(lines)} lines, read back as {len(lines)} comments",
                    format=self.dialect.name,
                    kind="COMMENT",
                    written="COMMENT_LINES",
                ),
                stacklevel=5,
            )
