"""Words shared by the Japanese notations (KIF, KI2, BOD) and the ``まで…`` summary line.

Numerals (full-width, kanji), piece names and aliases, special-move words, comment lines
and the summary line that closes the moves, read and written. The grammars
(``grammars/common.lark``) define what the text may look like; this module gives the
meaning of the words they accept and the spelling writers use. The header section (``キー：値``
lines and the start position) is :mod:`kifu_lark.formats.japanese_head`'s.
"""

from __future__ import annotations

import re
import unicodedata

from kifu_lark.errors import UnsupportedFeatureError
from kifu_lark.model.color import Color
from kifu_lark.model.move import SpecialKind
from kifu_lark.model.piece import PieceKind

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


def read_special(word: str) -> tuple[SpecialKind, str | None]:
    """A move line's special word as (kind, word kept): a known word's kind and ``None``,
    or ``OTHER`` and the word itself (one the grammar's ``OTHER_SPECIAL`` took)."""
    kind = SPECIAL_NAMES.get(word)
    if kind is None:
        return SpecialKind.OTHER, word
    return kind, None


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
    # a known word ends where the word ends (封じ手開封 is a word of its own)
    r"|(?P<word>(?:中断|千日手|持将棋|詰み|不詰|封じ手|王手千日手|引き分け|反則負け|反則勝ち)"
    r"(?![\u3041-\u30ff\u3005\u4e00-\u9fff])|[^\s]+))"
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


def summary_word(text: str) -> str | None:
    """The word a ``まで…`` line ends with when it names no result :func:`read_summary`
    knows (``まで75手で指し直し`` → ``指し直し``); ``None`` for any other line."""
    text = text.strip()
    m = _SUMMARY.match(text)
    if m is None or text[m.end() :]:
        return None
    word = m.group("word")
    return None if word is None or word in SPECIAL_NAMES else word


def write_summary(
    plies: int, kind: SpecialKind, color: Color | None, handicap: bool, word: str | None = None
) -> str:
    """The ``まで…`` line after a main line of ``plies`` moves ending with ``kind``.

    ``color`` is the side to move at the end (the special's color); ``word`` is an
    ``OTHER`` special's word, written as read (``まで75手で指し直し``).
    """
    head = f"まで{plies}手"
    if kind is SpecialKind.OTHER:
        if word is None:
            raise KeyError(kind)  # no word to write
        return f"{head}で{word}"
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
