"""The replay checker: turns moves as written into checked plies, and plays them.

The movement rules of シェルト are not published, so this checks what can be checked without
them (docs/shelt.md, "What the checker checks"): names and squares, ownership, turn order, the
capture and used-up annotations against the position, ``k-``/同, turning, teems operations,
随伴 geometry, and the magic-piece counts. Every breach is an :class:`IllegalMoveError` whose
``code`` names it, located at the move (or the annotation) it comes from.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import define, evolve, field

from kifu_lark.errors import IllegalMoveError
from kifu_lark.shelt.hints import hint_for
from kifu_lark.shelt.model import (
    FRONT,
    MAX_MAGIC,
    NAME_OF_KANJI,
    SIDE_OF,
    TEEMS,
    TEEMS_KANJI,
    TURNABLE,
    Ply,
    PlyKind,
    Side,
    Square,
    State,
)
from kifu_lark.shelt.written import Info, Written


def apply(state: State, ply: Ply) -> State:
    """The position after ``ply`` (already checked: no validation here)."""
    side = ply.side
    pool, placed = state.pool(side), state.placed_by(side)
    turned = state.turned
    if ply.kind is PlyKind.MOVE:
        assert ply.from_ is not None
        target = state.at(ply.to)
        if target == TEEMS and ply.piece != TEEMS:
            # Landing on teems swaps: teems goes to the mover's square, and a piece the
            # opponent placed on it is lost.
            state = state.with_pieces({ply.to: ply.piece, ply.from_: TEEMS})
            other = side.opponent
            state = state.with_holdings(other, state.pool(other), None)
        else:
            state = state.with_pieces({ply.to: ply.piece, ply.from_: None})
            if target is not None:
                pool = (*pool, target)
                turned = tuple(t for t in turned if t != target)
            if ply.piece == TEEMS:
                placed = None  # the placed piece is consumed when teems moves
            state = state.with_holdings(side, pool, placed)
    elif ply.kind is PlyKind.OKKE:
        assert ply.from_ and ply.partner and ply.partner_from and ply.partner_to
        state = state.with_pieces({ply.from_: None, ply.partner_from: None})
        state = state.with_pieces({ply.to: ply.piece, ply.partner_to: ply.partner})
    elif ply.kind is PlyKind.TURN:
        turned = (
            tuple(t for t in turned if t != ply.piece)
            if ply.piece in turned
            else (*turned, ply.piece)
        )
    elif ply.kind is PlyKind.PLACE:
        state = state.with_holdings(side, tuple(p for p in pool if p != ply.placed), ply.placed)
    elif ply.kind is PlyKind.TAKE_BACK:
        state = state.with_holdings(side, (*pool, placed) if placed else pool, None)
    else:  # REPLACE
        rest = tuple(p for p in pool if p != ply.placed)
        state = state.with_holdings(side, (*rest, placed) if placed else rest, ply.placed)
    after = evolve(state, side=side.opponent, turned=turned)
    listed = ply.listed
    if listed is not None:
        # the order the record listed them in, when it lists the same pieces
        order = evolve(after, pools=(listed[0], listed[1]), turned=listed[2])
        if order.same_as(after):
            return order
    return after


@define
class Checker:
    """Resolves and checks written moves one after another from ``start``.

    Attributes:
        state: the current position.
        format: the format name for errors.
        source: the text being read, for the caret display.
        fala: plies played before the start (the first ply is number ``fala + 1``).
    """

    state: State
    format: str
    source: str | None = None
    fala: int = 0
    plies: list[Ply] = field(factory=list)
    magic: dict[Side, int] = field(factory=dict)

    def error(
        self,
        message: str,
        code: str,
        w: Written,
        column: int | None = None,
        hint: str | None = None,
    ) -> IllegalMoveError:
        """An IllegalMoveError at ``w`` (or at ``column`` of its line); its hint is ``hint``, or
        the code's (:mod:`kifu_lark.shelt.hints`)."""
        source_line = None
        if self.source is not None and w.line is not None:
            lines = self.source.splitlines()
            source_line = lines[w.line - 1] if 0 < w.line <= len(lines) else None
        return IllegalMoveError(
            message,
            code=code,
            format=self.format,
            line=w.line,
            column=column if column is not None else w.column,
            text=w.text,
            hint=hint or hint_for(code),
            source_line=source_line,
            ply=self.fala + len(self.plies) + 1,
        )

    def name(self, token: str, side: Side, w: Written, column: int | None = None) -> str:
        """The piece name for ``token`` (a name, or a kanji read as ``side``'s piece)."""
        if token == TEEMS_KANJI:
            return TEEMS
        if token in SIDE_OF or token == TEEMS:
            return token
        found = NAME_OF_KANJI.get((token, side))
        if found is None:
            raise self.error(f"{token!r} is not a piece", "UNKNOWN_PIECE", w, column)
        return found

    def push(self, w: Written) -> Ply:
        """Check ``w`` against the position, play it, and return the checked ply."""
        ply = self.resolve(w)
        self.state = apply(self.state, ply)
        self.plies.append(ply)
        if ply.magic is not None:
            self.magic[ply.side] = ply.magic
        return ply

    def resolve(self, w: Written) -> Ply:
        """The checked :class:`Ply` that ``w`` denotes in the current position (the checker
        does not change)."""
        side = self.state.side
        number = self.fala + len(self.plies) + 1
        if w.number is not None and w.number != number:
            raise self.error(
                f"move number {w.number} where {number} was expected",
                "WRONG_NUMBER",
                w,
                hint="plies are numbered 1, 2, 3 … across both sides",
            )
        if w.side is not None and (w.side is not side or (number % 2 == 1) != (side is Side.ARXE)):
            raise self.error(
                f"[{number}{w.side.value}]: {side.msf} is to move (odd numbers are アルシェ's)",
                "WRONG_SIDE",
                w,
            )
        infos = {i.key: i for i in w.infos}
        single = [i.key for i in w.infos if i.key not in ("kt", "ss")]
        if len(set(single)) != len(single):
            raise self.error("the same information is given twice", "BAD_ANNOTATION", w)
        to = w.to
        if w.same:
            if not self.plies:
                raise self.error("k-/同 needs a previous move", "NO_PREVIOUS", w)
            to = self.plies[-1].to
        piece = self.name(w.piece, side, w) if w.piece is not None else None
        if w.form in ("place", "take_back", "teems") or {"ev", "sd", "ft"} & infos.keys():
            self._exclusive(w, infos, "a teems operation", ("kr", "ok"))
            ply = self._teems(w, piece, to, infos)
        elif w.form == "turn" or "kr" in infos:
            self._exclusive(w, infos, "a turn", ("ok",))
            ply = self._turn(w, piece, to)
        elif w.form == "okke" or "ok" in infos:
            ply = self._okke(w, piece, to, infos)
        else:
            ply = self._move(w, piece, to)
        return self._annotate(w, ply, infos)

    # -- kinds ----------------------------------------------------------------------------

    def _exclusive(
        self, w: Written, infos: dict[str, Info], what: str, keys: tuple[str, ...]
    ) -> None:
        for key in keys:
            if key in infos:
                raise self.error(
                    f"{what} cannot also be {'随伴' if key == 'ok' else 'a turn'}",
                    "BAD_ANNOTATION",
                    w,
                    infos[key].column,
                )

    def _own(self, w: Written, piece: str | None, square: Square | None = None) -> Square:
        side = self.state.side
        if piece is None and square is not None:
            piece = self.state.at(square)
            if piece is None:
                raise self.error(f"no piece on {square}", "EMPTY_SQUARE", w)
        assert piece is not None
        where = self.state.find(piece)
        if where is None:
            raise self.error(f"{piece} is not on the board", "NOT_ON_BOARD", w)
        if piece != TEEMS and SIDE_OF[piece] is not side:
            raise self.error(
                f"{piece} is not {side.msf}'s piece",
                "NOT_YOUR_PIECE",
                w,
                hint=f"{side.msf} is to move (odd plies are arxe's)",
            )
        if square is not None and where != square:
            raise self.error(f"{piece} is on {where}, not {square}", "NOT_THERE", w)
        return where

    def _move(self, w: Written, piece: str | None, to: Square | None) -> Ply:
        side = self.state.side
        start = self._own(w, piece, w.from_)
        piece = self.state.at(start)
        assert piece is not None and to is not None
        if start == to:
            raise self.error(f"{piece} does not move", "NULL_MOVE", w)
        target = self.state.at(to)
        if target is not None and target != TEEMS and SIDE_OF[target] is side:
            raise self.error(f"{to} holds {side.msf}'s own {target}", "OWN_PIECE", w)
        if target == TEEMS and piece == TEEMS:  # pragma: no cover - teems is one piece
            raise self.error("teems cannot take itself", "OWN_PIECE", w)
        captured = target if target not in (None, TEEMS) else None
        used = None
        if target == TEEMS:
            used = self.state.placed_by(side.opponent)
        elif piece == TEEMS:
            used = self.state.placed_by(side)
        return Ply(
            PlyKind.MOVE,
            side,
            piece,
            to,
            from_=start,
            captured=captured,
            used_up=used,
            line=w.line,
            column=w.column,
        )

    def _okke(
        self, w: Written, piece: str | None, to: Square | None, infos: dict[str, Info]
    ) -> Ply:
        side = self.state.side
        lead_from = self._own(w, piece, w.from_)
        lead = self.state.at(lead_from)
        assert lead is not None and to is not None
        if "ok" in infos:
            info = infos["ok"]
            assert info.value is not None
            partner = self.name(info.value, side, w, info.column)
        elif w.partner is not None:
            partner = self.name(w.partner, side, w)
        else:
            assert w.partner_from is not None
            found = self.state.at(w.partner_from)
            if found is None:
                raise self.error(f"no piece on {w.partner_from}", "EMPTY_SQUARE", w)
            partner = found
        part_from = self._own(w, partner, w.partner_from)
        vector = (to.rank - lead_from.rank, to.file - lead_from.file)
        part_to = w.partner_to or Square.inside(
            part_from.rank + vector[0], part_from.file + vector[1]
        )
        if part_to is None:
            raise self.error(f"{partner} would leave the board", "OFF_BOARD", w)
        for name in (lead, partner):
            if name not in FRONT and not (name == TEEMS and self.state.placed_by(side) in FRONT):
                raise self.error(
                    f"{name} cannot move together (随伴): front pieces only, or teems carrying one",
                    "NOT_FRONT",
                    w,
                )
        if abs(lead_from.rank - part_from.rank) + abs(lead_from.file - part_from.file) != 1:
            raise self.error(
                f"{lead} and {partner} are not orthogonally adjacent", "NOT_ADJACENT", w
            )
        step = (part_to.rank - part_from.rank, part_to.file - part_from.file)
        if step != vector or vector == (0, 0):
            raise self.error("both pieces of 随伴 must move by the same step", "OKKE_VECTOR", w)
        for target in (to, part_to):
            if self.state.at(target) is not None and target not in (lead_from, part_from):
                raise self.error(f"{target} is not empty (随伴 cannot capture)", "OKKE_BLOCKED", w)
        return Ply(
            PlyKind.OKKE,
            side,
            lead,
            to,
            from_=lead_from,
            partner=partner,
            partner_from=part_from,
            partner_to=part_to,
            line=w.line,
            column=w.column,
        )

    def _turn(self, w: Written, piece: str | None, to: Square | None) -> Ply:
        side = self.state.side
        where = self._own(w, piece, to)
        name = self.state.at(where)
        assert name is not None
        if name not in TURNABLE:
            raise self.error(f"{name} cannot turn: front pieces and teems only", "NOT_TURNABLE", w)
        return Ply(PlyKind.TURN, side, name, where, line=w.line, column=w.column)

    def _teems(
        self, w: Written, piece: str | None, to: Square | None, infos: dict[str, Info]
    ) -> Ply:
        side = self.state.side
        where = self.state.find(TEEMS)
        assert where is not None
        if piece not in (None, TEEMS) or (to is not None and to != where):
            raise self.error(f"teems is on {where}: teems operations name it there", "NOT_TEEMS", w)
        pool, placed = self.state.pool(side), self.state.placed_by(side)
        given: str | None = None
        column = None
        keys = [k for k in ("ev", "sd", "ft") if k in infos]
        if len(keys) > 1:
            raise self.error("one teems operation per move", "BAD_ANNOTATION", w)
        if keys:
            info = infos[keys[0]]
            assert info.value is not None
            given, column = self.name(info.value, side.opponent, w, info.column), info.column
            kind = {"ev": PlyKind.PLACE, "sd": PlyKind.TAKE_BACK, "ft": PlyKind.REPLACE}[keys[0]]
        elif w.form == "take_back":
            kind = PlyKind.TAKE_BACK
        else:
            given = self.name(w.placed, side.opponent, w) if w.placed else None
            if w.form == "place" or placed is None:
                kind = PlyKind.PLACE
            else:
                kind = PlyKind.TAKE_BACK if given == placed else PlyKind.REPLACE
        named = self.name(w.placed, side.opponent, w) if w.placed is not None else given
        if given is not None and named != given:
            raise self.error(
                "the piece after * and in the annotation differ", "BAD_ANNOTATION", w, column
            )
        if kind is PlyKind.TAKE_BACK:
            if placed is None:
                raise self.error(f"{side.msf} has no piece on teems", "NOTHING_PLACED", w)
            if given is not None and given != placed:
                raise self.error(
                    f"{side.msf}'s piece on teems is {placed}, not {given}",
                    "NOTHING_PLACED",
                    w,
                    column,
                )
            given = placed
        else:
            assert given is not None
            if kind is PlyKind.PLACE and placed is not None:
                raise self.error(
                    f"{side.msf} already has {placed} on teems",
                    "ALREADY_PLACED",
                    w,
                    column,
                    hint="replace it (ft_) or take it back first",
                )
            if kind is PlyKind.REPLACE and placed is None:
                raise self.error(
                    f"{side.msf} has no piece on teems to replace", "NOTHING_PLACED", w, column
                )
            if given not in pool:
                raise self.error(f"{side.msf} has not captured {given}", "NOT_CAPTURED", w, column)
        return Ply(kind, side, TEEMS, where, placed=given, line=w.line, column=w.column)

    # -- annotations ------------------------------------------------------------------------

    def _annotate(self, w: Written, ply: Ply, infos: dict[str, Info]) -> Ply:
        side = ply.side
        for key, actual, what in (("tx", ply.captured, "captures"), ("yx", ply.used_up, "uses up")):
            if key not in infos:
                continue
            info = infos[key]
            assert info.value is not None
            owner = (
                side.opponent
                if key == "tx"
                else (side if ply.used_up and SIDE_OF.get(ply.used_up) is side else side.opponent)
            )
            said = self.name(info.value, owner, w, info.column)
            if said != actual:
                code = "CAPTURE_MISMATCH" if key == "tx" else "USED_UP_MISMATCH"
                really = f"{what} {actual}" if actual else f"{what} nothing"
                raise self.error(
                    f"the move {really}, not {said}",
                    code,
                    w,
                    info.column,
                    hint="this information may be left out: the position determines it",
                )
        checks: list[str] = []
        mates: list[str] = []
        for info in w.infos:
            if info.key not in ("kt", "ss"):
                continue
            assert info.value is not None
            name = self.name(info.value, side.opponent, w, info.column)
            gone = self.state.find(name) is None or name == ply.captured
            if name == TEEMS or SIDE_OF[name] is side or gone:
                raise self.error(
                    f"{name} is not an enemy piece on the board", "BAD_CHECK", w, info.column
                )
            (checks if info.key == "kt" else mates).append(name)
        magic = None
        if "n" in infos:
            info = infos["n"]
            assert info.value is not None
            magic = int(info.value)
            if info.side is not None and info.side is not side:
                raise self.error(
                    f"{info.side.kanji}: the count is of the side that moves ({side.kanji})",
                    "WRONG_SIDE",
                    w,
                    info.column,
                )
            if not 1 <= magic <= MAX_MAGIC:
                raise self.error(
                    f"magic-piece count {magic} is not 1..4", "MAGIC_RANGE", w, info.column
                )
            if magic < self.magic.get(side, 0):
                raise self.error(
                    f"magic-piece count {magic} is below the earlier {self.magic[side]}",
                    "MAGIC_DECREASE",
                    w,
                    info.column,
                )
        return evolve(
            ply,
            axis="af" in infos,
            checks=tuple(checks),
            mates=tuple(mates),
            magic=magic,
            time=w.time,
            comment=w.comment,
        )


def replay(
    start: State,
    moves: Iterable[Written],
    *,
    format: str,
    source: str | None = None,
    fala: int = 0,
) -> list[Ply]:
    """Check and play ``moves`` from ``start``; the checked plies."""
    checker = Checker(start, format, source, fala)
    for w in moves:
        checker.push(w)
    return checker.plies
