"""Moves as the notations write them, before the position resolves them (see checker)."""

from __future__ import annotations

from attrs import define, field

from kifu_lark.shelt.model import Ply, PlyKind, Side, Square


@define
class Info:
    """One piece of extra information as written: ``key`` is the 厳密式 code (``tx``, ``kr``,
    ``n`` for the magic count), ``value`` a name, kanji or count text."""

    key: str
    value: str | None = None
    column: int | None = None
    side: Side | None = None  # 漢字式 count colour (青/赤)


@define
class Written:
    """A move as a notation writes it, before the position resolves it.

    ``form`` is ``move`` (a piece to a square; also 厳密式/漢字式 heads), ``okke`` (both
    pieces written), ``turn``, ``teems`` (普通式 ``SQtem*X``: place, take back or replace,
    told apart by the position), ``place`` / ``take_back`` (簡易式 ``*X`` / ``*...``).
    Pieces may be names or (漢字式) kanji; ``same`` is ``k-``/同.
    """

    form: str
    line: int | None = None
    column: int | None = None
    text: str | None = None
    number: int | None = None
    side: Side | None = None
    piece: str | None = None
    to: Square | None = None
    from_: Square | None = None
    same: bool = False
    partner: str | None = None
    partner_from: Square | None = None
    partner_to: Square | None = None
    placed: str | None = None
    infos: list[Info] = field(factory=list)
    time: str | None = None
    comment: str | None = None


def written_of(ply: Ply) -> Written:
    """The :class:`Written` that resolves back to ``ply`` (to re-check built records)."""
    infos = [Info("kt", x) for x in ply.checks] + [Info("ss", x) for x in ply.mates]
    if ply.axis:
        infos.append(Info("af"))
    if ply.magic is not None:
        infos.append(Info("n", str(ply.magic)))
    w = Written(
        "move",
        line=ply.line,
        column=ply.column,
        piece=ply.piece,
        to=ply.to,
        infos=infos,
        time=ply.time,
        comment=ply.comment,
    )
    if ply.kind is PlyKind.MOVE:
        w.from_ = ply.from_
    elif ply.kind is PlyKind.OKKE:
        w.form, w.from_, w.partner = "okke", ply.from_, ply.partner
        w.partner_from, w.partner_to = ply.partner_from, ply.partner_to
    elif ply.kind is PlyKind.TURN:
        w.form = "turn"
    else:
        key = {PlyKind.PLACE: "ev", PlyKind.TAKE_BACK: "sd", PlyKind.REPLACE: "ft"}[ply.kind]
        infos.append(Info(key, ply.placed))
    return w
