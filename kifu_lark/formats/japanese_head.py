"""The header section of a KIF or KI2 record, read and written.

``キー：値`` lines (keys and their spellings, 下手/上手 in a handicap game), ``#`` lines, the
pattern that cuts a HEAD_BLOCK token back into its lines, and the start position: from
``手合割`` and/or a board diagram when read (:class:`HeaderSection`), placed where Kifu for
Windows puts it when written (:func:`write_header_section`), with the ``#KIF`` encoding
declaration.
"""

from __future__ import annotations

import functools
import re
from typing import Protocol

from kifu_lark.errors import KifuSyntaxError, UnsupportedFeatureError
from kifu_lark.formats.diagram import write_diagram
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.engine.parsing import terminal_regex
from kifu_lark.formats.japanese import one_line
from kifu_lark.model.color import Color
from kifu_lark.model.handicap import (
    MINISHOGI_NAME,
    NOT_EVERYWHERE,
    handicap_name,
    handicap_position,
)
from kifu_lark.model.headers import ROTATED, HeaderKey, Headers, Key
from kifu_lark.model.position import Position

# --- header keys ----------------------------------------------------------------------------

#: Header key spellings → ``HeaderKey``. 下手/上手 are the handicap names of 先手/後手.
HEADER_KEYS: dict[str, HeaderKey] = {key.value: key for key in HeaderKey}
HEADER_KEYS["下手"] = HeaderKey.BLACK
HEADER_KEYS["上手"] = HeaderKey.WHITE
HEADER_KEYS["下手省略名"] = HeaderKey.BLACK_SHORT
HEADER_KEYS["上手省略名"] = HeaderKey.WHITE_SHORT
#: Keys that describe the start position rather than the game (consumed by readers).
HANDICAP_KEY = "手合割"
HAND_KEYS: dict[str, Color] = {
    "先手の持駒": Color.BLACK,
    "下手の持駒": Color.BLACK,
    "後手の持駒": Color.WHITE,
    "上手の持駒": Color.WHITE,
}
#: Handicap names KIF writes, the 17 of ``model.handicap`` and 5五将棋.


def header_key(name: str) -> Key:
    """The model key of a header name: a ``HeaderKey`` for standard names, else verbatim."""
    return HEADER_KEYS.get(name, name)


def split_header_line(line: str) -> tuple[str, str]:
    """``'棋戦：竜王戦'`` → ``('棋戦', '竜王戦')``: key before the first (full-width) colon,
    value after it with trailing blanks (ASCII and full-width) removed."""
    text = line.rstrip("\r\n")
    # the first colon of either width, found with two finds rather than a regex split
    at = text.find("：")
    first_ascii = text.find(":", 0, len(text) if at < 0 else at)
    if first_ascii >= 0:
        at = first_ascii
    if at < 0:
        return text.strip(" \t　"), ""
    return text[:at].strip(" \t　"), text[at + 1 :].rstrip(" \t　")


def handicap_among_moves(err: KifuSyntaxError) -> KifuSyntaxError:
    """``err`` said plainly when its line is a ``手合割：`` line the grammar refused because
    the moves had begun (TRAILING_HEADER_LINE leaves it out): the start position is set
    before the first move, and read after it the line would name a position the moves were
    not played from."""
    line = err.source_line
    if line is None or err.column != 1 or split_header_line(line)[0] != HANDICAP_KEY:
        return err
    err.message = "手合割 among the moves: the start position is set before them"
    err.args = (err.message,)
    err.text = line.rstrip("\r\n")
    err.hint = "move the 手合割 line up among the headers, before the first move, or remove it"
    return err


def player_key_name(key: HeaderKey, handicap: bool) -> str:
    """How to write a player key: 先手/後手, or 下手/上手 in a handicap game."""
    if handicap:
        return {
            HeaderKey.BLACK: "下手",
            HeaderKey.WHITE: "上手",
            HeaderKey.BLACK_SHORT: "下手省略名",
            HeaderKey.WHITE_SHORT: "上手省略名",
        }.get(key, key.value)
    return key.value


def check_not_a_hand(key: str, line: str, fmt: str) -> None:
    """Refuse a ``先手の持駒：…`` line that reached the header rule (see ``add_line``)."""
    if key in HAND_KEYS:
        raise KifuSyntaxError(
            f"{key}: the hand does not read as pieces and counts",
            format=fmt,
            line=getattr(line, "line", None),
            column=getattr(line, "column", None),
            text=line.rstrip("\r\n"),
            hint="pieces with kanji counts from 二 to 十八 (歩十八, 金二) or なし",
        )


def write_header(key: Key, value: str, handicap: bool = False, fmt: str = "kif") -> str:
    """One header line ``キー：値`` (full-width colon); ``#`` entries are written as ``#値``.

    Raises:
        UnsupportedFeatureError: for a value holding a line break.
    """
    one_line(value, fmt)
    if key == "#":
        return "#" + value
    name = player_key_name(key, handicap) if isinstance(key, HeaderKey) else key
    line = f"{name}：{value}"
    if not _reads_as_header(name, line):
        raise UnsupportedFeatureError(
            f"the header key {name!r} would not read back as a header",
            format=fmt,
            hint="a key starts with no digit, ▲/△ or * # & | +, has no blank at either end, "
            "holds no ： or line break, and is none of 先手の持駒, 変化, 手数＝, 手数----指手",
        )
    return line


def _reads_as_header(name: str, line: str) -> bool:
    """Whether ``line`` (``name：value``) reads back as that header: the grammar's HEADER_LINE
    takes it whole, no line of higher priority (a hand, ``手数＝N``, the moves header …) takes
    it first, and the key does not start as the moves header does (``手数-``: format
    detection, ours and other programs', finds the moves by it). Any other key starting with
    手数 is a header like the rest: tsume records give the problem's length as ``手数：9``."""
    text = line + "\n"
    return (
        name not in HAND_KEYS
        and name == name.strip()  # readers strip the blanks around a key
        and "：" not in name
        and ":" not in name
        and terminal_regex("kif.lark", "HEADER_LINE").fullmatch(text) is not None
        and not any(terminal_regex("kif.lark", first).match(text) for first in _TAKEN_FIRST)
        and _MOVES_HEADER_START.match(name) is None
    )


#: How the moves header ``手数----指手--`` starts (the dashes of either width).
_MOVES_HEADER_START = re.compile("手数[-－―ー]")


#: The line terminals of kif.lark and ki2.lark that lark's lexer tries before HEADER_LINE
#: (priority 2) where a header may stand.
_TAKEN_FIRST = (
    "ENCODING_LINE",
    "HAND_LINE",
    "TURN_LINE",
    "MOVE_COUNT_LINE",
    "ROTATED_LINE",
    "VARIATION_LINE",
    "MOVES_HEADER",
)


# --- the header section: headers and the start position ------------------------------------


def head_lines(grammar: str) -> re.Pattern[str]:
    """The pattern cutting a HEAD_BLOCK token of ``grammar`` (KIF's or KI2's: a run of
    header, ``#``, ``*`` and ``&`` lines, blank lines between) back into those lines."""
    names = ("HEADER_LINE", "HASH_LINE", "COMMENT_LINE", "BOOKMARK_LINE", "BLANK_LINE")
    return parsing.pieces_pattern(grammar, names)


class HeaderSection:
    """Reads the header section of a KIF/KI2 record: ``キー：値`` lines (in order, values as
    written), ``#`` lines (key ``"#"``), and the start position from ``手合割`` and/or a
    board diagram (given to :meth:`start`).

    Example:
        >>> section = HeaderSection()
        >>> section.add_line("手合割：香落ち\\n")
        >>> section.add_line("先手：羽生\\n")
        >>> section.start(None).turn.name, section.headers.entries
        ('WHITE', [(<HeaderKey.BLACK: '先手'>, '羽生')])
    """

    def __init__(self, fmt: str = "kif") -> None:
        self.fmt = fmt
        self.headers = Headers()
        self.handicap: str | None = None

    def add_line(self, line: str) -> None:
        """Add one ``キー：値`` line.

        Raises:
            KifuSyntaxError: for a hand line (``先手の持駒：…``) the grammar's HAND_LINE did
                not read: its items are no pieces and counts, and taking it as a header
                would drop the hand silently.
        """
        key, value = split_header_line(line)
        check_not_a_hand(key, line, self.fmt)
        if key == HANDICAP_KEY and self.handicap is None:
            self.handicap = value
        # Headers.add, inlined: an attrs class's method runs interpreted in the compiled
        # build, and this runs for every header line
        self.headers.entries.append((header_key(key), value))

    def add_hash(self, line: str) -> None:
        """Add one ``#`` line as a ``"#"`` entry."""
        self.headers.add("#", line.rstrip("\r\n")[1:])

    def start(self, diagram: DiagramLike | None) -> Position:
        """The start position: the diagram's when there is one, else the handicap's (平手
        when none); the ``手合割`` entry is dropped from the headers when it names exactly
        that position (it is then implied), kept as written otherwise."""
        named = None if self.handicap is None else _handicap_start(self.handicap)
        base = named or _INITIAL
        start = diagram.position(base) if diagram is not None and diagram.seen else base
        if diagram is not None and diagram.last_move is not None:
            self.headers.add(LAST_MOVE_KEY, diagram.last_move)
        if diagram is not None and diagram.rotated:
            self.headers.add(ROTATED, "")
        # identity first: a Position's == is attrs' interpreted comparison of its fields
        if named is not None and (start is named or start == named):
            self.headers.entries = [(k, v) for k, v in self.headers.entries if k != HANDICAP_KEY]
        return start


_INITIAL = Position.initial()
#: Header key keeping the last-move text some diagrams add after ``手数＝N``: the position
#: alone cannot check it, but nothing read is dropped.
LAST_MOVE_KEY = "最終手"


@functools.cache
def _handicap_start(name: str) -> Position | None:
    """``handicap_position`` once per name (positions are immutable)."""
    return handicap_position(name)


class DiagramLike(Protocol):
    """What :meth:`HeaderSection.start` needs of a board-diagram reader
    (``diagram.DiagramReader``)."""

    @property
    def seen(self) -> bool:
        """True when a diagram line was read."""

    @property
    def last_move(self) -> str | None:
        """The text after ``手数＝N`` (``▲６二角成  まで``), if any."""

    @property
    def rotated(self) -> bool:
        """True when a ``盤面回転`` line was read."""

    @property
    def rest(self) -> Color | None:
        """The side whose hand was written as "the rest of the pieces", if any."""

    def position(self, base: Position) -> Position:
        """The position described, ``base`` completed by what was read."""


def is_handicap(position: Position) -> bool:
    """True for the start of a standard handicap other than 平手 (players are 下手/上手)."""
    name = handicap_name(position)
    return name is not None and name not in ("平手", MINISHOGI_NAME)


# The names the ``#KIF`` declaration gives the encodings (normalised names of textio).
_DECLARED_NAMES = {"utf-8": "UTF-8", "utf-8-sig": "UTF-8", "cp932": "Shift_JIS", "euc-jp": "EUC-JP"}


def encoding_declaration(encoding: str) -> str:
    """The ``#KIF version=2.0 encoding=…`` line declaring ``encoding`` (a normalised name)."""
    return "#KIF version=2.0 encoding=" + _DECLARED_NAMES.get(encoding, encoding)


def write_header_section(
    headers: Headers, start: Position, encoding: str | None = None, fmt: str = "kif"
) -> list[str]:
    """Header lines in order with the start position where Kifu for Windows puts it (before
    the players): ``手合割：…`` for a standard start (plus the diagram for the handicaps in
    ``model.handicap.NOT_EVERYWHERE``), else a board diagram (always when a ``手合割`` entry is kept
    verbatim, so that the diagram wins on reading back; and for 5x5 boards, which only a
    diagram describes portably). With an ``encoding`` other than Shift_JIS (the formats'
    default, which needs no declaration and which json-kifu-format's KI2 reader requires
    undeclared), the first line declares it; a ``#`` entry that is itself a declaration
    (from a hand-built header) is not written."""
    handicap = is_handicap(start)
    name = handicap_name(start)
    kept = HANDICAP_KEY in headers
    if name is not None and name != MINISHOGI_NAME and start.ply == 1 and not kept:
        block = [f"{HANDICAP_KEY}：{name}"]
        if name in NOT_EVERYWHERE:  # the diagram too, for readers that lack the name
            block += write_diagram(start, handicap)
    else:
        block = write_diagram(start, handicap)
    # the display flag (盤面回転 with no value: a value makes it a header), written where
    # Kifu for Windows reads it
    if (ROTATED, "") in headers.entries:
        block = [ROTATED, *block]
    declared = encoding is not None and encoding != "cp932"
    lines: list[str] = [encoding_declaration(encoding)] if declared and encoding else []
    declaration = terminal_regex("kif.lark", "ENCODING_LINE").fullmatch
    placed = False
    for key, value in headers.entries:
        if not placed and key in (HeaderKey.BLACK, HeaderKey.WHITE):
            lines += block
            placed = True
        if key == "#" and declaration(f"#{value}\n"):
            continue  # syntax, not a header: the declaration written is the one above
        if key == ROTATED and value == "":
            continue  # written with the diagram
        lines.append(write_header(key, value, handicap, fmt))
    if not placed:
        lines += block
    return lines
