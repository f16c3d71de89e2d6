"""普通式 (normal notation): 簡易式 plus turns and teems operations written in place, ``k-``,
and optional 厳密式 information (check, mate, count, axis) written short after the move."""

from __future__ import annotations

from lark import Token, v_args

from kifu_lark.formats.base import ReadOptions, WriteOptions
from kifu_lark.shelt.model import TEEMS, Ply, PlyKind, SheltRecord, Square
from kifu_lark.shelt.text import SHORT, TextTransformer, read_text, same_square, write_text
from kifu_lark.shelt.written import Info, Written

NAME = "shelt-normal"


def _at(token: Token) -> dict[str, object]:
    if token.type == "KOK":
        return {"same": True}
    return {"to": Square.parse(str(token))}


@v_args(inline=True)
class NormalTransformer(TextTransformer):
    """普通式 lines → :class:`Written` moves."""

    def normal_move(self, number: Token, move: Written, *infos: Info | list[Info]) -> Written:
        move.number, move.line, move.column = int(number), number.line, number.column
        for info in infos:
            move.infos.extend(info if isinstance(info, list) else [info])
        return move

    def leim(self, at: Token, name: Token) -> Written:
        return Written("move", piece=str(name), **_at(at))  # type: ignore[arg-type]

    def kor(self, at: Token, name: Token) -> Written:
        return Written("turn", piece=str(name), **_at(at))  # type: ignore[arg-type]

    def teems(self, at: Token, name: Token, placed: Token) -> Written:
        return Written("teems", piece=str(name), placed=str(placed), **_at(at))  # type: ignore[arg-type]

    def okke(self, sq1: Token, name1: Token, sq2: Token, name2: Token) -> Written:
        return Written(
            "okke",
            piece=str(name1),
            to=Square.parse(str(sq1)),
            partner=str(name2),
            partner_to=Square.parse(str(sq2)),
        )

    def okke_old(self, square: Token, name: Token, partner: Token) -> Written:
        return Written("okke", piece=str(name), to=Square.parse(str(square)), partner=str(partner))

    def short_named(self, mark: Token, name: Token) -> Info:
        return Info(SHORT[str(mark)], str(name), mark.column)

    def short_axis(self) -> Info:
        return Info("af")

    def short_count(self, count: Token) -> Info:
        return Info("n", str(count), count.column)

    def info_list(self, *infos: Info) -> list[Info]:
        return list(infos)


def read_normal(text: str, options: ReadOptions) -> list[SheltRecord]:
    """Read a 普通式 record."""
    return read_text(text, options, NAME, "shelt_normal.lark", NormalTransformer)


def extras(ply: Ply) -> str:
    """The short forms of what the position does not determine (=mir, ^ket, $, /2)."""
    out = "$" if ply.axis else ""
    out += "".join(f"^{x}" for x in ply.checks) + "".join(f"={x}" for x in ply.mates)
    return out + (f"/{ply.magic}" if ply.magic is not None else "")


def _line(record: SheltRecord, index: int, ply: Ply) -> str:
    at = "k-" if same_square(record, index) else str(ply.to)
    if ply.kind is PlyKind.MOVE:
        body = f"{at}{ply.piece}"
    elif ply.kind is PlyKind.OKKE:
        body = f"{ply.to}{ply.piece}&{ply.partner_to}{ply.partner}"
    elif ply.kind is PlyKind.TURN:
        body = f"{at}{ply.piece}+"
    else:
        body = f"{at}{TEEMS}*{ply.placed}"
    return f"{record.fala + index + 1}. {body}{extras(ply)}"


def write_normal(record: SheltRecord, options: WriteOptions) -> str:
    """Write a 普通式 record."""
    return write_text(record, options, NAME, _line)
