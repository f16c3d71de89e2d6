"""簡易式 (simple notation): moves only, no captures, sides or extra information."""

from __future__ import annotations

from lark import Token, v_args

from kifu_lark.errors import UnsupportedFeatureError
from kifu_lark.formats.base import ReadOptions, WriteOptions
from kifu_lark.shelt.model import RANKS, Ply, PlyKind, SheltRecord, Square
from kifu_lark.shelt.text import TextTransformer, read_text, write_text
from kifu_lark.shelt.written import Written

NAME = "shelt-simple"


def _before(token: Token) -> int | None:
    """The column of the mark written just before ``token`` (+ or *)."""
    return token.column - 1 if token.column is not None else None


@v_args(inline=True)
class SimpleTransformer(TextTransformer):
    """簡易式 lines → :class:`Written` moves."""

    def simple_move(self, *items: Token | Written) -> Written:
        move = items[-1]
        assert isinstance(move, Written)
        if len(items) == 2:
            number = items[0]
            assert isinstance(number, Token)
            move.number, move.line, move.column = int(number), number.line, number.column
        return move

    def leim(self, square: Token, name: Token) -> Written:
        return Written(
            "move", square.line, square.column, piece=str(name), to=Square.parse(str(square))
        )

    def leim_reversed(self, name: Token, square: Token) -> Written:
        text = str(square)
        return Written(
            "move",
            name.line,
            name.column,
            piece=str(name),
            to=Square(RANKS.index(text[1]), int(text[0])),
        )

    def okke(self, sq1: Token, name1: Token, sq2: Token, name2: Token) -> Written:
        return Written(
            "okke",
            sq1.line,
            sq1.column,
            piece=str(name1),
            to=Square.parse(str(sq1)),
            partner=str(name2),
            partner_to=Square.parse(str(sq2)),
        )

    def kor(self, name: Token) -> Written:
        return Written("turn", name.line, _before(name), piece=str(name))

    def ev(self, name: Token) -> Written:
        return Written("place", name.line, _before(name), placed=str(name))

    def sed(self, token: Token) -> Written:
        return Written("take_back", token.line, token.column)


def read_simple(text: str, options: ReadOptions) -> list[SheltRecord]:
    """Read a 簡易式 record."""
    return read_text(text, options, NAME, "shelt_simple.lark", SimpleTransformer)


def _line(record: SheltRecord, index: int, ply: Ply) -> str:
    number = record.fala + index + 1
    if ply.kind is PlyKind.MOVE:
        body = f"{ply.to}{ply.piece}"
    elif ply.kind is PlyKind.OKKE:
        body = f"{ply.to}{ply.piece}&{ply.partner_to}{ply.partner}"
    elif ply.kind is PlyKind.TURN:
        body = f"+{ply.piece}"
    elif ply.kind is PlyKind.PLACE:
        body = f"*{ply.placed}"
    elif ply.kind is PlyKind.TAKE_BACK:
        body = "*..."
    else:
        raise UnsupportedFeatureError(
            f"{NAME} has no form for replacing the piece on teems (move {number})",
            format=NAME,
            hint="write it in shelt-normal, shelt-strict, shelt-kanji",
        )
    return f"{number}. {body}"


def write_simple(record: SheltRecord, options: WriteOptions) -> str:
    """Write a 簡易式 record (``N. move`` per line); check, mate, count and axis information
    has no place in it and is left out."""
    return write_text(record, options, NAME, _line)
