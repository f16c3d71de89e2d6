"""漢字式 (kanji notation, faras): 厳密式 with kanji for pieces and two-character items.

The kanji of a piece is shared by a counterpart pair, so the reader gives each kanji the side
its role implies (the mover's own piece, an enemy piece, a piece the mover captured …); the
checker does that with the position at hand.
"""

from __future__ import annotations

from lark import Token, v_args

from kifu_lark.formats.base import ReadOptions, WriteOptions
from kifu_lark.shelt.model import KANJI_OF, SIDE_OF, Ply, SheltRecord, Side, Square
from kifu_lark.shelt.strict import infos
from kifu_lark.shelt.text import TextTransformer, read_text, same_square, write_text
from kifu_lark.shelt.written import Info, Written

NAME = "shelt-kanji"
_PREFIX = {"伴": "ok", "取": "tx", "張": "ev", "費": "yx", "落": "yx", "剥": "sd", "替": "ft"}
_SUFFIX = {"手": "kt", "詰": "ss"}
NUMERALS = "壱弐参四"


@v_args(inline=True)
class KanjiTransformer(TextTransformer):
    """漢字式 lines → :class:`Written` moves (pieces still as kanji)."""

    def kanji_move(self, number: Token, at: Token, kanji: Token, *items: Info) -> Written:
        w = Written("move", number.line, number.column, number=int(number), piece=str(kanji))
        if at.type == "SAME":
            w.same = True
        else:
            w.to = Square.parse(str(at))
        w.infos = list(items)
        return w

    def prefixed(self, prefix: Token, kanji: Token) -> Info:
        return Info(_PREFIX[str(prefix)], str(kanji), prefix.column)

    def suffixed(self, kanji: Token, suffix: Token) -> Info:
        return Info(_SUFFIX[str(suffix)], str(kanji), kanji.column)

    def turned(self, token: Token) -> Info:
        return Info("kr", None, token.column)

    def axis(self, token: Token) -> Info:
        return Info("af", None, token.column)

    def magic_count(self, color: Token, numeral: Token) -> Info:
        # The colour repeats who moves: the checker rejects the wrong one.
        side = Side.ARXE if str(color) == "青" else Side.SORN
        return Info("n", str(NUMERALS.index(str(numeral)) + 1), color.column, side)


def read_kanji(text: str, options: ReadOptions) -> list[SheltRecord]:
    """Read a 漢字式 record."""
    return read_text(text, options, NAME, "shelt_kanji.lark", KanjiTransformer)


def _line(record: SheltRecord, index: int, ply: Ply) -> str:
    at = "同" if same_square(record, index) else str(ply.to)
    items = []
    for key, value in infos(ply):
        if key == "n":
            assert value is not None
            items.append(ply.side.kanji + NUMERALS[int(value) - 1])
        elif key == "kr":
            items.append("転向")
        elif key == "af":
            items.append("移軸")
        elif key in ("kt", "ss"):
            assert value is not None
            items.append(KANJI_OF[value] + ("手" if key == "kt" else "詰"))
        else:
            assert value is not None
            if key == "yx":  # 費: the mover's placed piece is used; 落: the opponent's is lost
                prefix = "落" if SIDE_OF[value] is ply.side else "費"
            else:
                prefix = {v: k for k, v in _PREFIX.items() if k != "落"}[key]
            items.append(prefix + KANJI_OF[value])
    return " ".join([f"{record.fala + index + 1}. {at}{KANJI_OF[ply.piece]}", *items])


def write_kanji(record: SheltRecord, options: WriteOptions) -> str:
    """Write a 漢字式 record."""
    return write_text(record, options, NAME, _line)
