"""Tables and helpers shared by the Japanese notations (KIF, KI2, BOD).

Numerals (full-width, kanji), piece names and aliases, special-move words, header keys,
handicap names, the header section (``キー：値`` lines) and the ``まで…`` summary line.
The grammars (``grammars/common.lark``) define what the text may look like; this module gives
the meaning of the words they accept and the spelling writers use.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Protocol

from kifu_lark.errors import KifuSyntaxError, UnsupportedFeatureError
from kifu_lark.formats import _lark
from kifu_lark.model.color import Color
from kifu_lark.model.handicap import (
    HANDICAP_ALIASES,
    HANDICAPS,
    MINISHOGI_NAME,
    NOT_EVERYWHERE,
    handicap_name,
    handicap_position,
)
from kifu_lark.model.headers import HeaderKey, Headers, Key
from kifu_lark.model.move import SpecialKind
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.position import Position

# --- numerals -------------------------------------------------------------------------------

#: Full-width digits 1-9 as KIF writes files (index = value - 1).
ZEN_DIGITS = "１２３４５６７８９"
#: Kanji digits 1-9 as KIF/KI2 write ranks (index = value - 1).
KANJI_DIGITS = "一二三四五六七八九"

_DIGIT_VALUE: dict[str, int] = {}
for _i in range(9):
    _DIGIT_VALUE[ZEN_DIGITS[_i]] = _i + 1
    _DIGIT_VALUE[KANJI_DIGITS[_i]] = _i + 1
    _DIGIT_VALUE[str(_i + 1)] = _i + 1
_DIGIT_VALUE["０"] = 0
_DIGIT_VALUE["0"] = 0
_DIGIT_VALUE["〇"] = 0


def digit_value(ch: str) -> int:
    """The value of one ASCII, full-width or kanji digit (``'７'`` → 7, ``'六'`` → 6).

    Raises:
        KeyError: for a character that is not a digit.
    """
    return _DIGIT_VALUE[ch]


def display_width(text: str) -> int:
    """Columns ``text`` takes in a fixed-width Japanese font: ASCII one, the rest two."""
    return sum(1 if ord(ch) < 0x80 else 2 for ch in text)


def kanji_number(text: str) -> int:
    """The value of a number in kanji (``十八`` → 18, ``百二`` → 102) or in ASCII/full-width
    digits (``１２`` → 12).

    Raises:
        ValueError: when ``text`` is not a number.
    """
    if not text:
        raise ValueError("empty number")
    normalized = unicodedata.normalize("NFKC", text)
    if normalized.isdigit():
        return int(normalized)
    total = 0
    current = 0
    for ch in text:
        if ch in ("十", "百", "千"):
            unit = {"十": 10, "百": 100, "千": 1000}[ch]
            total += (current or 1) * unit
            current = 0
        elif ch in _DIGIT_VALUE:
            current = current * 10 + _DIGIT_VALUE[ch]
        else:
            raise ValueError(f"not a number: {text!r}")
    return total + current


def kanji_numeral(n: int) -> str:
    """``n`` (1-99) in kanji as hand counts are written: 2 → ``二``, 18 → ``十八``."""
    if not 0 < n < 100:
        raise ValueError(f"out of range: {n}")
    tens, ones = divmod(n, 10)
    text = ""
    if tens:
        text += ("" if tens == 1 else KANJI_DIGITS[tens - 1]) + "十"
    if ones:
        text += KANJI_DIGITS[ones - 1]
    return text


def zen_number(n: int) -> str:
    """``n`` in full-width digits (12 → ``１２``)."""
    return str(n).translate(_TO_ZEN)


_TO_ZEN = str.maketrans("0123456789", "０１２３４５６７８９")


# --- pieces ---------------------------------------------------------------------------------

#: Every piece name a move may use (piece before moving), aliases included.
PIECE_NAMES: dict[str, PieceKind] = {
    "歩": PieceKind.PAWN,
    "香": PieceKind.LANCE,
    "桂": PieceKind.KNIGHT,
    "銀": PieceKind.SILVER,
    "金": PieceKind.GOLD,
    "角": PieceKind.BISHOP,
    "飛": PieceKind.ROOK,
    "玉": PieceKind.KING,
    "王": PieceKind.KING,
    "と": PieceKind.PROM_PAWN,
    "成香": PieceKind.PROM_LANCE,
    "杏": PieceKind.PROM_LANCE,
    "成桂": PieceKind.PROM_KNIGHT,
    "圭": PieceKind.PROM_KNIGHT,
    "成銀": PieceKind.PROM_SILVER,
    "全": PieceKind.PROM_SILVER,
    "馬": PieceKind.HORSE,
    "龍": PieceKind.DRAGON,
    "竜": PieceKind.DRAGON,
}
#: The name writers use in moves (Kifu for Windows spelling: 成銀 成桂 成香, 龍, 玉).
PIECE_MOVE_NAME: dict[PieceKind, str] = {
    PieceKind.PAWN: "歩",
    PieceKind.LANCE: "香",
    PieceKind.KNIGHT: "桂",
    PieceKind.SILVER: "銀",
    PieceKind.GOLD: "金",
    PieceKind.BISHOP: "角",
    PieceKind.ROOK: "飛",
    PieceKind.KING: "玉",
    PieceKind.PROM_PAWN: "と",
    PieceKind.PROM_LANCE: "成香",
    PieceKind.PROM_KNIGHT: "成桂",
    PieceKind.PROM_SILVER: "成銀",
    PieceKind.HORSE: "馬",
    PieceKind.DRAGON: "龍",
}
#: One-character names used in board diagrams and hands (``PieceKind.kanji``), aliases too.
BOARD_PIECE_NAMES: dict[str, PieceKind] = {k: v for k, v in PIECE_NAMES.items() if len(k) == 1}


def piece_kind(name: str) -> PieceKind:
    """The kind of a piece name or alias (``'竜'`` → DRAGON).

    Raises:
        KeyError: for an unknown name.
    """
    return PIECE_NAMES[name]


# --- specials -------------------------------------------------------------------------------

#: Special-move words → kind. ``color`` of the special is always the side to move.
SPECIAL_NAMES: dict[str, SpecialKind] = {
    "投了": SpecialKind.RESIGN,
    "中断": SpecialKind.INTERRUPT,
    "千日手": SpecialKind.REPETITION,
    "持将棋": SpecialKind.IMPASSE,
    "切れ負け": SpecialKind.TIME_UP,
    "時間切れ": SpecialKind.TIME_UP,
    "反則勝ち": SpecialKind.ILLEGAL_WIN,
    "反則負け": SpecialKind.ILLEGAL_LOSS,
    "入玉勝ち": SpecialKind.ENTERING_KING_WIN,
    "宣言勝ち": SpecialKind.ENTERING_KING_WIN,
    "入玉宣言": SpecialKind.ENTERING_KING_WIN,
    "不戦勝": SpecialKind.DEFAULT_WIN,
    "不戦敗": SpecialKind.DEFAULT_LOSS,
    "詰み": SpecialKind.MATE,
    "詰": SpecialKind.MATE,
    "不詰": SpecialKind.NO_MATE,
    "封じ手": SpecialKind.SEALED,
    "王手千日手": SpecialKind.PERPETUAL_CHECK,
    "引き分け": SpecialKind.DRAW_DECLARATION,
    "引分け": SpecialKind.DRAW_DECLARATION,
    "待った": SpecialKind.MATTA,
    "エラー": SpecialKind.ERROR,
}
#: The word writers use for each kind (the first spelling above; MAX_MOVES has its own).
SPECIAL_WORDS: dict[SpecialKind, str] = {}
for _word, _kind in SPECIAL_NAMES.items():
    SPECIAL_WORDS.setdefault(_kind, _word)
#: Specials KIF and KI2 have no word for, written as the nearest they have (with a
#: ``LossyWriteWarning``): an illegal move loses (反則負け); a game stopped at the move limit
#: is written 持将棋, as Kifu for Windows does.
SPECIAL_FOLDS: dict[SpecialKind, SpecialKind | None] = {
    SpecialKind.ILLEGAL_MOVE: SpecialKind.ILLEGAL_LOSS,
    SpecialKind.MAX_MOVES: SpecialKind.IMPASSE,
}


def special_kind(word: str) -> SpecialKind:
    """The kind of a special-move word (``'投了'`` → RESIGN); ``KeyError`` when unknown."""
    return SPECIAL_NAMES[word]


# --- headers --------------------------------------------------------------------------------

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
HANDICAP_NAMES: tuple[str, ...] = (*HANDICAPS, MINISHOGI_NAME)
HANDICAP_NAME_ALIASES = HANDICAP_ALIASES


def header_key(name: str) -> Key:
    """The model key of a header name: a ``HeaderKey`` for standard names, else verbatim."""
    return HEADER_KEYS.get(name, name)


def split_header_line(line: str) -> tuple[str, str]:
    """``'棋戦：竜王戦'`` → ``('棋戦', '竜王戦')``: key before the first (full-width) colon,
    value after it with trailing blanks (ASCII and full-width) removed."""
    text = line.rstrip("\r\n")
    # the first colon of either width: two finds cost a head half of what a regex split did
    at = text.find("：")
    first_ascii = text.find(":", 0, len(text) if at < 0 else at)
    if first_ascii >= 0:
        at = first_ascii
    if at < 0:
        return text.strip(" \t　"), ""
    return text[:at].strip(" \t　"), text[at + 1 :].rstrip(" \t　")


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


def one_line(text: str, fmt: str = "kif") -> str:
    """``text`` when it holds no line break: KIF, KI2 and BOD write a comment or a header on
    one line, and a break would read back as another line (or not at all).

    Raises:
        UnsupportedFeatureError: naming the text, for a CR or LF inside it.
    """
    if "\n" in text or "\r" in text:
        raise UnsupportedFeatureError(
            f"a line break inside {text!r}: comments and headers are one line each",
            format=fmt,
            hint="give each comment line its own entry in node.comments",
        )
    return text


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
            "holds no ： or line break, and is none of 先手の持駒, 変化, 手数----指手",
        )
    return line


def _reads_as_header(name: str, line: str) -> bool:
    """Whether ``line`` (``name：value``) reads back as that header: the grammar's HEADER_LINE
    takes it whole, and no line of higher priority (hand, moves header) takes it first."""
    from kifu_lark.formats.bod import terminal_regex  # bod builds on this module

    text = line + "\n"
    return (
        name not in HAND_KEYS
        and name == name.strip()  # readers strip the blanks around a key
        and "：" not in name
        and ":" not in name
        and not name.startswith("手数")
        and terminal_regex("kif.lark", "HEADER_LINE").fullmatch(text) is not None
        and terminal_regex("kif.lark", "MOVES_HEADER").match(text) is None
    )


def side_name(color: Color, handicap: bool = False) -> str:
    """先手/後手, or 下手/上手 in a handicap game."""
    if handicap:
        return "下手" if color is Color.BLACK else "上手"
    return "先手" if color is Color.BLACK else "後手"


# --- comments -------------------------------------------------------------------------------


def comment_text(line: str) -> str:
    """The comment held by a ``*`` line: everything after the first ``*``, trailing line
    break removed (a second ``*`` of ``**`` lines is kept as written)."""
    text = line.rstrip("\r\n")
    return text[1:] if text.startswith("*") else text


def write_comment(text: str, fmt: str = "kif") -> str:
    """The ``*`` line for one comment entry.

    Raises:
        UnsupportedFeatureError: for a comment entry holding a line break.
    """
    return "*" + one_line(text, fmt)


# --- the まで summary line ----------------------------------------------------------------

_SUMMARY = re.compile(
    r"まで(?P<n>[0-9０-９]+)手"
    r"(?:で(?:(?P<cause>時間切れにより)?(?P<side>先手|後手|下手|上手)の(?P<result>勝ち|反則勝ち|反則負け|入玉勝ち|不戦勝|不戦敗)"
    r"|(?P<word>中断|千日手|持将棋|詰み|不詰|封じ手|王手千日手|引き分け|反則負け|反則勝ち|[^\s]+))"
    r"|(?P<tsumi>詰))?"
)
_SIDES = {"先手": Color.BLACK, "下手": Color.BLACK, "後手": Color.WHITE, "上手": Color.WHITE}


#: The hint of the error :func:`read_summary` raises.
SUMMARY_HINT = "the まで line closes the moves: write the move on its own line, before it"


def read_summary(text: str) -> tuple[int, SpecialKind | None, Color | None] | None:
    """Interpret a ``まで…`` line: (number of moves, special kind, side to move at the end).

    ``まで64手で先手の勝ち`` → (64, RESIGN, WHITE): the loser is to move and resigned.
    Returns ``None`` when the line is not a summary; kind and side are ``None`` when the
    summary names no result we know.

    Raises:
        ValueError: for a move written after a result (``まで2手で中断▲２六歩``), which
            would otherwise be lost.
    """
    text = text.strip()
    m = _SUMMARY.match(text)
    if not m:
        return None
    rest = text[m.end() :]
    if any(mark in rest for mark in "▲△☗☖▼▽"):
        raise ValueError(f"a move after the まで line's result: {rest!r}")
    n = kanji_number(m.group("n"))
    to_move = Color.BLACK if n % 2 == 0 else Color.WHITE  # plain games; callers may fix
    if m.group("tsumi"):
        return n, SpecialKind.MATE, to_move
    result = m.group("result")
    if result:
        side = _SIDES[m.group("side")]
        if result == "勝ち":
            kind = SpecialKind.TIME_UP if m.group("cause") else SpecialKind.RESIGN
            return n, kind, side.opponent
        if result == "反則勝ち":
            return n, SpecialKind.ILLEGAL_WIN, side
        if result == "反則負け":
            return n, SpecialKind.ILLEGAL_LOSS, side
        if result == "入玉勝ち":
            return n, SpecialKind.ENTERING_KING_WIN, side
        if result == "不戦勝":
            return n, SpecialKind.DEFAULT_WIN, side
        return n, SpecialKind.DEFAULT_LOSS, side
    word = m.group("word")
    if word in SPECIAL_NAMES:
        return n, SPECIAL_NAMES[word], to_move
    return n, None, None


def write_summary(plies: int, kind: SpecialKind, color: Color | None, handicap: bool) -> str:
    """The ``まで…`` line after a main line of ``plies`` moves ending with ``kind``.

    ``color`` is the side to move at the end (the special's color).
    """
    head = f"まで{plies}手"
    mover = color if color is not None else (Color.BLACK if plies % 2 == 0 else Color.WHITE)
    if kind is SpecialKind.RESIGN:
        return f"{head}で{side_name(mover.opponent, handicap)}の勝ち"
    if kind is SpecialKind.TIME_UP:
        return f"{head}で時間切れにより{side_name(mover.opponent, handicap)}の勝ち"
    if kind is SpecialKind.ILLEGAL_WIN:
        return f"{head}で{side_name(mover, handicap)}の反則勝ち"
    if kind is SpecialKind.ILLEGAL_LOSS:
        return f"{head}で{side_name(mover, handicap)}の反則負け"
    if kind is SpecialKind.ENTERING_KING_WIN:
        return f"{head}で{side_name(mover, handicap)}の入玉勝ち"
    if kind is SpecialKind.DEFAULT_WIN:
        return f"{head}で{side_name(mover, handicap)}の不戦勝"
    if kind is SpecialKind.DEFAULT_LOSS:
        return f"{head}で{side_name(mover, handicap)}の不戦敗"
    return f"{head}で{SPECIAL_WORDS[kind]}"


# --- the header section: headers and the start position ------------------------------------


def head_lines(grammar: str) -> re.Pattern[str]:
    """The pattern cutting a HEAD_BLOCK token of ``grammar`` (KIF's or KI2's: a run of
    header, ``#``, ``*`` and ``&`` lines, blank lines between) back into those lines."""
    names = ("HEADER_LINE", "HASH_LINE", "COMMENT_LINE", "BOOKMARK_LINE", "BLANK_LINE")
    return _lark.pieces_pattern(grammar, names)


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
        # Headers.add, inlined: an interpreted call a header line cost a record ~2 µs
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
    """What :meth:`HeaderSection.start` needs of a board-diagram reader (``bod.DiagramReader``)."""

    @property
    def seen(self) -> bool:
        """True when a diagram line was read."""

    @property
    def last_move(self) -> str | None:
        """The text after ``手数＝N`` (``▲６二角成  まで``), if any."""

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
    from kifu_lark.formats.bod import terminal_regex, write_diagram  # bod builds on this

    handicap = is_handicap(start)
    name = handicap_name(start)
    kept = HANDICAP_KEY in headers
    if name is not None and name != MINISHOGI_NAME and start.ply == 1 and not kept:
        block = [f"{HANDICAP_KEY}：{name}"]
        if name in NOT_EVERYWHERE:  # the diagram too, for readers that lack the name
            block += write_diagram(start, handicap)
    else:
        block = write_diagram(start, handicap)
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
        lines.append(write_header(key, value, handicap, fmt))
    if not placed:
        lines += block
    return lines
