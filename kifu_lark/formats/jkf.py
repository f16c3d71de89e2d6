"""JKF, the JSON kifu format of na2hiro's json-kifu-format (Kifu for JS and most web viewers).

JSON's grammar is the json module's: the text is parsed with :func:`json.loads`, whose
:class:`json.JSONDecodeError` becomes a :class:`KifuSyntaxError` at the same line and column.
``grammars/jkf.lark`` is a JSON grammar used only after a failure, to locate the value a JKF
field error or an illegal move points at (the json module keeps no positions).

What is read: ``header`` (keys that are standard KIF names become ``HeaderKey`` members, the
others stay verbatim; a repeated key is kept), ``initial`` (a preset or ``OTHER`` with
``data``), and ``moves`` with ``forks`` (variations), ``comments`` (a comment starting with
``&`` is a bookmark, as json-kifu-format stores KIF ``&`` lines, and one starting with ``&&``
a comment starting with ``&``, as the writer escapes it; a string holding line breaks is a
comment of several lines, LF, CRLF or CR alike), ``time`` (``now`` and
``total``) and ``special``. Every move goes through the rules engine. Moves may be
"normalized" (``from``, ``capture`` … filled in) or not (``same`` without ``to``, a board move
without ``from`` but with ``relative``, as json-kifu-format's parsers emit them).

What is written: a record that validates against the JKF JSON Schema, normalized (``from``,
``capture``, ``same`` filled in; ``promote`` is ``false`` when a promotion was possible and
declined; ``relative`` when :func:`kifu_lark.rules.relative.relative_words` exists), one
array element per line. Specials JKF lacks are folded (see :data:`FOLDED_SPECIALS`);
不戦勝/不戦敗 are refused. A bookmark is the comment ``&text`` (json-kifu-format's form), so a
comment starting with ``&`` is written with one ``&`` more; a bookmark whose text starts with
``&`` cannot be told from such a comment and is written as one, with a ``LossyWriteWarning``.
File remarks (KIF ``#`` lines, header key ``"#"``) have no place in JKF: they are left out,
with a ``LossyWriteWarning``.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from kifu_lark.errors import InvalidRecordError, KifuError
from kifu_lark.formats.base import Format, ReadOptions
from kifu_lark.formats.jkf_write import (
    CAPABILITIES,
    EXTENDED_SPECIALS,
    FOLDED_SPECIALS,
    JKF_SPECIALS,
    PRESETS,
    write_jkf,
)
from kifu_lark.formats.json_locate import PATH as _PATH
from kifu_lark.formats.json_locate import JsonChecker, at, dotted
from kifu_lark.formats.json_text import load_json
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.hand import Hand
from kifu_lark.model.handicap import handicap_position
from kifu_lark.model.headers import HeaderKey, Headers
from kifu_lark.model.move import SpecialKind, Time
from kifu_lark.model.piece import HAND_KINDS, Piece, PieceKind
from kifu_lark.model.position import SET_HINT, Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import STANDARD
from kifu_lark.rules.board import illegal
from kifu_lark.rules.replay import GameBuilder
from kifu_lark.rules.violations import Violation

# The most a time field (h, m or s) may hold: beyond it a record is hostile, not long.
_MOST_TIME = 999_999_999

__all__ = ["FOLDED_SPECIALS", "FORMAT", "read_jkf", "write_jkf"]

_NAME = "jkf"
_STANDARD_KEYS = {key.value: key for key in HeaderKey}
_SPECIALS = {
    name: kind
    for kind, name in (*JKF_SPECIALS.items(), *EXTENDED_SPECIALS.items())
    if "ILLEGAL_ACTION" not in name
}
_PRESETS = {preset: name for name, preset in PRESETS.items()}
# KI2 relative words as JKF spells them (position L/C/R, movement U/M/D, H for 打).
_RELATIVE = {"L": "左", "C": "直", "R": "右", "U": "上", "M": "寄", "D": "引", "H": "打"}
_RELATIVE_PATTERN = re.compile(r"[LCR]|[UMD]|[LCR][UD]|[LR]M|H")
_LINE_BREAK = re.compile(r"\r\n?|\n")
_MOVE_KEYS = frozenset({"color", "from", "to", "piece", "same", "promote", "capture", "relative"})
_ELEMENT_KEYS = frozenset({"comments", "move", "time", "special", "forks"})
_SQUARES = {(x, y): Square(x, y) for x in range(1, 10) for y in range(1, 10)}
# How many pieces of each kind a set holds: no hand can hold more.
_SET_COUNTS = dict(zip(HAND_KINDS, (2, 2, 4, 4, 4, 4, 18), strict=True))


class _Pairs(dict[str, Any]):
    """A JSON object whose keys repeat: the dict holds the last value (as ``json`` does),
    ``pairs`` all of them in order (only headers use them)."""

    pairs: list[tuple[str, Any]]


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        repeated = _Pairs(obj)
        repeated.pairs = pairs
        return repeated
    return obj


@functools.cache
def _preset_position(preset: str) -> Position | None:
    """The start of a preset, built once (positions are immutable, so no SFEN is read per
    record, and a shared start lets the engine reuse its set-up)."""
    return handicap_position(_PRESETS[preset])


def read_jkf(text: str, options: ReadOptions) -> list[Game]:
    """Read one JKF record.

    Raises:
        KifuSyntaxError: the text is not JSON.
        InvalidRecordError: a field has the wrong shape (code ``BAD_FIELD``).
        IllegalMoveError: a move breaks a rule.
    """
    text = text.removeprefix("\ufeff")
    hint = "JKF is JSON: check commas, quotes and brackets"
    data = load_json(text, _NAME, hint, object_pairs_hook=_object)
    return [_Reader(text, options).game(data)]


_BOARD = "board[x - 1][y - 1] is square x, y: {} when empty, else {color, kind}"


class _Reader(JsonChecker):
    """Turns the decoded JSON into a game; ``path`` locates values for errors."""

    shape = (
        "JKF is {header, initial: {preset, data}, moves: [{comments}, "
        "{move, time, special, comments, forks}, …]}"
    )

    def __init__(self, text: str, options: ReadOptions) -> None:
        super().__init__(text, _NAME)
        self.options = options
        self.builder: GameBuilder | None = None

    # --- the record ------------------------------------------------------------------------

    def game(self, data: Any) -> Game:
        data = self.expect(data, dict, (), "an object")
        for key in data:
            if key not in ("header", "initial", "moves"):
                raise self.bad(f"unknown field {key!r}", (key,), "JKF has header, initial, moves")
        headers = self.headers(data.get("header", {}))
        start = self.initial(data.get("initial"))
        moves = self.expect(data.get("moves", [{}]), list, ("moves",), "an array")
        self.builder = GameBuilder(start, format=_NAME, tolerate=self.options.tolerate)
        if moves:
            self.first(moves[0])
            self.line(moves, 1, ("moves",))
        return self.builder.finish(headers)

    def headers(self, data: Any) -> Headers:
        data = self.expect(data, dict, ("header",), "an object")
        pairs = data.pairs if isinstance(data, _Pairs) else data.items()
        headers = Headers()
        for key, value in pairs:
            self.expect(value, str, ("header", key), "a string")
            headers.add(_STANDARD_KEYS.get(key, key), value)
        return headers

    def initial(self, data: Any) -> Position:
        if data is None:
            return Position.initial(STANDARD)
        data = self.expect(data, dict, ("initial",), "an object or null")
        preset = self.expect(data.get("preset"), str, ("initial", "preset"), "a preset name")
        if preset in _PRESETS:
            position = _preset_position(preset)
            assert position is not None  # every preset but OTHER names a position
            return position
        if preset != "OTHER":
            raise self.bad(
                f"unknown preset {preset!r}", ("initial", "preset"), "known: " + ", ".join(
                    [*_PRESETS, "OTHER"])
            )
        state = self.expect(data.get("data"), dict, ("initial", "data"), "an object")
        return self.state(state, ("initial", "data"))

    def state(self, data: dict[str, Any], path: _PATH) -> Position:
        color = self.color(data.get("color"), at(path, "color"))
        board = self.expect(data.get("board"), (list, dict), at(path, "board"), "a 9x9 array")
        position = Position.empty(STANDARD)
        if isinstance(board, dict):  # the schema's "no piece at all" form
            board = [[{}] * 9] * 9 if not board else None
        if board is None or len(board) != STANDARD.files:
            raise self.bad("the board must be 9 files of 9 squares", at(path, "board"), _BOARD)
        cells: list[Piece | None] = list(position.board)
        for x, column in enumerate(board, start=1):
            where = at(path, "board", x - 1)
            if not isinstance(column, list) or len(column) != STANDARD.ranks:
                raise self.bad("the board must be 9 files of 9 squares", where, _BOARD)
            for y, square in enumerate(column, start=1):
                here = at(where, y - 1)
                self.expect(square, dict, here, "an object")
                if square.get("kind") is None:
                    continue
                kind = self.kind(square["kind"], (*here, "kind"))
                owner = self.color(square.get("color"), (*here, "color"))
                cells[position.index(Square(x, y))] = Piece(kind, owner)
        hands = self.expect(data.get("hands"), list, at(path, "hands"), "an array")
        if len(hands) != 2:
            raise self.bad(
                "hands must hold two objects (black's, white's)",
                at(path, "hands"),
                'e.g. [{"FU": 2}, {}]: a piece code and how many are held',
            )
        held = tuple(self.hand(hand, at(path, "hands", i)) for i, hand in enumerate(hands))
        try:
            return Position(STANDARD, tuple(cells), (held[0], held[1]), color)
        except ValueError as err:  # more pieces than the set
            found = InvalidRecordError(str(err), code="BAD_POSITION", hint=SET_HINT)
            raise self.locate(found, path) from None

    def hand(self, data: Any, path: _PATH) -> Hand:
        data = self.expect(data, dict, path, "an object")
        counts: dict[PieceKind, int] = {}
        for code, n in data.items():
            kind = self.kind(code, at(path, code))
            if kind.unpromoted() not in HAND_KINDS:
                raise self.bad(
                    f"{code} cannot be held in hand",
                    at(path, code),
                    "hands hold FU KY KE GI KI KA HI",
                )
            limit = _SET_COUNTS[kind.unpromoted()]
            if not 0 <= self.expect(n, int, at(path, code), "a count") <= limit:
                raise self.bad(
                    f"a count of {code} is 0 to {limit}",
                    at(path, code),
                    f"a hand maps a piece code to how many are held: the set has {limit} {code}",
                )
            counts[kind.unpromoted()] = counts.get(kind.unpromoted(), 0) + n
        return Hand.of(counts)

    def color(self, value: Any, path: _PATH) -> Color:
        if value not in (0, 1) or isinstance(value, bool):
            raise self.bad(f"{dotted(path)} must be 0 (black) or 1 (white)", path)
        return Color.BLACK if value == 0 else Color.WHITE

    def kind(self, value: Any, path: _PATH) -> PieceKind:
        try:
            return PieceKind.from_csa(self.expect(value, str, path, "a piece code"))
        except ValueError:
            raise self.bad(f"unknown piece {value!r}", path, "CSA codes: FU KY … RY") from None

    def square(self, value: Any, path: _PATH) -> Square:
        value = self.expect(value, dict, path, "an object {x, y}")
        x, y = value.get("x"), value.get("y")
        # type() rather than isinstance: true is no coordinate.
        square = _SQUARES.get((x, y)) if type(x) is int and type(y) is int else None
        if square is None:
            raise self.bad(f"{dotted(path)} must be {{x, y}} with 1 ≤ x, y ≤ 9", path)
        return square

    # --- moves -----------------------------------------------------------------------------

    def first(self, element: Any) -> None:
        """``moves[0]``: comments before the first move (the schema's ``comment`` too)."""
        path: _PATH = ("moves", 0)
        element = self.expect(element, dict, path, "an object")
        for key in element:
            if key not in ("comments", "comment"):
                raise self.bad(
                    f"moves[0] holds the start position's comments, not {key!r}",
                    at(path, key),
                    "the first move is moves[1]: moves[0] is {} or {comments}",
                )
        if "comment" in element:
            comment = self.expect(element["comment"], str, at(path, "comment"), "a string")
            self.comments([comment], at(path, "comment"))
        self.comments(element.get("comments"), at(path, "comments"))

    def line(self, elements: list[Any], begin: int, path: _PATH) -> None:
        """Play ``elements[begin:]`` from the current node, then their forks."""
        builder = self.builder
        assert builder is not None
        branch_points: list[tuple[int, int, list[Any]]] = []
        for i in range(begin, len(elements)):
            element = elements[i]
            if type(element) is not dict:
                self.expect(element, dict, at(path, i), "an object")
            depth = builder.ply
            self.element(element, at(path, i))
            forks = element.get("forks")
            if forks:
                branch_points.append((depth, i, forks))
        # Variations are read after the line they branch from, latest first, so each branch
        # point is still on the current path (GameBuilder.back_to).
        for depth, i, forks in reversed(branch_points):
            where = at(path, i, "forks")
            self.expect(forks, list, where, "an array")
            for j, fork in enumerate(forks):
                self.expect(fork, list, at(where, j), "an array")
                builder.back_to(depth)
                self.line(fork, 0, at(where, j))

    def element(self, element: dict[str, Any], path: _PATH) -> None:
        builder = self.builder
        assert builder is not None
        for key in element:
            if key not in _ELEMENT_KEYS:
                raise self.bad(
                    f"unknown field {key!r}",
                    at(path, key),
                    "known: " + ", ".join(sorted(_ELEMENT_KEYS)),
                )
        move = element.get("move")
        special = element.get("special")
        try:
            if move is not None:
                if special is not None:
                    raise self.bad("an element holds a move or a special, not both", path)
                self.move(move, at(path, "move"))
            elif special is not None:
                self.special(special, at(path, "special"))
            else:
                raise self.bad("an element after moves[0] needs a move or a special", path)
        except KifuError as err:
            if err.line is None:
                raise self.locate(err, path) from None
            raise
        if builder.pending_foul is not None:  # raised later unless a special declares it
            self.locate(builder.pending_foul, path)
        self.comments(element.get("comments"), at(path, "comments"))
        time = element.get("time")
        if time is not None:
            builder.time(self.time(time, at(path, "time")))

    def move(self, move: Any, path: _PATH) -> None:
        builder = self.builder
        assert builder is not None
        move = self.expect(move, dict, path, "an object")
        for key in move:
            if key not in _MOVE_KEYS:
                raise self.bad(
                    f"unknown move field {key!r}",
                    at(path, key),
                    "known: " + ", ".join(sorted(_MOVE_KEYS)),
                )
        # Normalized JKF always has a color; json-kifu-format's parsers may leave it out.
        written = move.get("color")
        color = builder.color if written is None else self.color(written, at(path, "color"))
        kind = self.kind(move.get("piece"), at(path, "piece"))
        to = move.get("to")
        same = move.get("same")
        target = None if to is None and same else self.square(to, at(path, "to"))
        origin = move.get("from")
        relative = move.get("relative") or ""
        if relative and not (isinstance(relative, str) and _RELATIVE_PATTERN.fullmatch(relative)):
            raise self.bad(f"bad relative {relative!r}", at(path, "relative"), "e.g. RU, LM, C, H")
        promote = move.get("promote")
        if promote is not None:
            self.expect(promote, bool, at(path, "promote"), "true, false or null")
        drop: bool | None = None
        if origin is None and relative in ("", "H"):
            # No origin is a drop in normalized JKF; json-kifu-format's KI2 parser also leaves
            # out the origin of unambiguous board moves, so a piece not in hand moves instead.
            drop = relative == "H" or builder.board.hand_of(color).get(kind, 0) > 0
        node = builder.move(
            target,
            color=color,
            from_=None if origin is None else self.square(origin, at(path, "from")),
            piece=kind,
            promote=promote,
            drop=drop,
            relative="".join(_RELATIVE[letter] for letter in relative if letter != "H"),
        )
        capture = move.get("capture")
        if capture is not None:
            taken = self.kind(capture, at(path, "capture"))
            assert node.move is not None
            if taken is not node.move.captured:
                found = node.move.captured.value if node.move.captured else "nothing"
                err = illegal(Violation.CAPTURE_MISMATCH, f"{taken.value} named, {found} taken")
                err.ply = builder.ply
                raise self.locate(err, at(path, "capture"))

    def special(self, name: Any, path: _PATH) -> None:
        builder = self.builder
        assert builder is not None
        name = self.expect(name, str, path, "a special name")
        if name.endswith("ILLEGAL_ACTION"):
            # +ILLEGAL_ACTION: black acted illegally. Bare: json-kifu-format's KIF 反則勝ち,
            # a win of the side to move.
            if name == "ILLEGAL_ACTION":
                offender = builder.color.opponent
            elif name in ("+ILLEGAL_ACTION", "-ILLEGAL_ACTION"):
                offender = Color(name[0])
            else:
                raise self.bad(f"unknown special {name!r}", path, "+ILLEGAL_ACTION or -…")
            kind = SpecialKind.ILLEGAL_LOSS
            if offender is not builder.color:
                kind = SpecialKind.ILLEGAL_WIN
            builder.special(kind)
            return
        if name not in _SPECIALS:
            raise self.bad(f"unknown special {name!r}", path, "e.g. TORYO, CHUDAN, SENNICHITE")
        builder.special(_SPECIALS[name])

    def comments(self, value: Any, path: _PATH) -> None:
        if value is None:
            return
        builder = self.builder
        assert builder is not None
        self.expect(value, list, path, "an array of strings")
        for i, comment in enumerate(value):
            self.expect(comment, str, at(path, i), "a string")
            if comment.startswith("&&"):
                comment = comment[1:]  # a comment that starts with & (see jkf_write)
            elif comment.startswith("&") and builder.node.bookmark is None:
                builder.node.bookmark = comment[1:]
                continue
            # The model keeps one entry per line, whichever line break ends it (CR alone too:
            # no notation keeps a CR inside a line).
            for line in _LINE_BREAK.split(comment) if "\r" in comment else comment.split("\n"):
                builder.comment(line)

    def time(self, value: Any, path: _PATH) -> Time:
        value = self.expect(value, dict, path, "an object {now, total}")
        now, total = value.get("now"), value.get("total")
        return Time(
            None if now is None else self.seconds(now, at(path, "now")),
            None if total is None else self.seconds(total, at(path, "total")),
        )

    def seconds(self, value: Any, path: _PATH) -> float:
        value = self.expect(value, dict, path, "an object {h, m, s}")
        total = 0
        for unit, scale in (("h", 3600), ("m", 60), ("s", 1)):
            n = value.get(unit)
            if n is None:
                continue
            self.expect(n, int, at(path, unit), "an integer")
            if not 0 <= n <= _MOST_TIME:
                # Checked here, not left to float(): a number past 1e308 would overflow it.
                raise self.bad(
                    f"{dotted(at(path, unit))} must be from 0 to {_MOST_TIME}",
                    at(path, unit),
                )
            total += n * scale
        return float(total)


def _detect(text: str) -> float:
    head = text.lstrip("\ufeff \t\r\n")[:4000]
    if not head.startswith("{"):
        return 0.0
    return 0.95 if '"moves"' in head or '"header"' in head else 0.3


FORMAT = Format(
    name=_NAME,
    description="JSON kifu format (json-kifu-format, Kifu for JS): the web viewers' format",
    extensions=(".jkf",),
    reader=read_jkf,
    writer=write_jkf,
    aliases=("json-kifu", "json-kifu-format"),
    grammar="jkf.lark",
    capabilities=CAPABILITIES,
    detect=_detect,
    write_options=frozenset({"dialect"}),
)
