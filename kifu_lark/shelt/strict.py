"""厳密式 (strict notation, faras): ``[N side]square-name(info/…)`` with every operation and
its consequences spelled out. Conversions fill in what the position determines."""

from __future__ import annotations

from lark import Token, v_args

from kifu_lark.formats.base import ReadOptions, WriteOptions
from kifu_lark.shelt.model import Ply, PlyKind, SheltRecord, Side, Square
from kifu_lark.shelt.text import SHORT, TextTransformer, read_text, same_square, write_text
from kifu_lark.shelt.written import Info, Written

NAME = "shelt-strict"


@v_args(inline=True)
class StrictTransformer(TextTransformer):
    """厳密式 lines → :class:`Written` moves."""

    def strict_move(self, head: Token, *rest: Token | Info) -> Written:
        text = str(head)
        w = Written("move", head.line, head.column, number=int(text[1:-2]), side=Side(text[-2]))
        at, name, *infos = rest
        assert isinstance(at, Token) and isinstance(name, Token)
        if at.type == "KOK":
            w.same = True
        else:
            w.to = Square.parse(str(at))
        w.piece = str(name)
        w.infos = [i for i in infos if isinstance(i, Info)]
        return w

    def strict_info(self, info: Info) -> Info:
        return info

    def short_named(self, mark: Token, name: Token) -> Info:
        return Info(SHORT[str(mark)], str(name), mark.column)

    def short_ok(self, name: Token) -> Info:
        return Info("ok", str(name), name.column)

    def short_turn(self) -> Info:
        return Info("kr")

    def short_axis(self) -> Info:
        return Info("af")


def read_strict(text: str, options: ReadOptions) -> list[SheltRecord]:
    """Read a 厳密式 record."""
    return read_text(text, options, NAME, "shelt_strict.lark", StrictTransformer)


def infos(ply: Ply) -> list[tuple[str, str | None]]:
    """The information of ``ply`` in 厳密式 order: (code, name or count), code ``n`` = count."""
    out: list[tuple[str, str | None]] = []
    if ply.kind is PlyKind.OKKE:
        out.append(("ok", ply.partner))
    teems = {PlyKind.PLACE: "ev", PlyKind.TAKE_BACK: "sd", PlyKind.REPLACE: "ft"}
    if ply.kind in teems:
        out.append((teems[ply.kind], ply.placed))
    if ply.captured:
        out.append(("tx", ply.captured))
    if ply.used_up:
        out.append(("yx", ply.used_up))
    if ply.kind is PlyKind.TURN:
        out.append(("kr", None))
    if ply.axis:
        out.append(("af", None))
    out.extend(("kt", x) for x in ply.checks)
    out.extend(("ss", x) for x in ply.mates)
    if ply.magic is not None:
        out.append(("n", str(ply.magic)))
    return out


def _line(record: SheltRecord, index: int, ply: Ply) -> str:
    at = "k-" if same_square(record, index) else f"{ply.to}-"
    parts = [k if v is None else v if k == "n" else f"{k}_{v}" for k, v in infos(ply)]
    tail = f"({'/'.join(parts)})" if parts else ""
    return f"[{record.fala + index + 1}{ply.side.value}]{at}{ply.piece}{tail}"


def write_strict(record: SheltRecord, options: WriteOptions) -> str:
    """Write a 厳密式 record, with captures, used-up pieces and k- filled in."""
    return write_text(record, options, NAME, _line)
