"""Hypothesis strategies for シェルト records.

The movement rules are unknown, so plies are drawn from what the checker allows: any piece of
the side to move (or teems) to any square not holding one of its own pieces, 随伴 of adjacent
front pieces, turns, and teems operations with captured pieces. Every record is built through
the checker, so it is one the readers must accept.
"""

from __future__ import annotations

from hypothesis import strategies as st

from kifu_lark.shelt.checker import Checker, apply
from kifu_lark.shelt.model import (
    FRONT,
    MAGIC,
    MOON,
    RESULT_KINDS,
    SIDE_OF,
    TEEMS,
    TURNABLE,
    Ply,
    Result,
    SheltRecord,
    Side,
    Square,
    State,
    Variation,
)
from kifu_lark.shelt.written import Info, Written

SQUARES = [Square(r, f) for r in range(7) for f in range(1, 8)]
STEPS = [(dr, df) for dr in (-1, 0, 1) for df in (-1, 0, 1) if (dr, df) != (0, 0)]


def _own(state: State, name: str | None) -> bool:
    return name is not None and (name == TEEMS or SIDE_OF[name] is state.side)


def _okke_options(state: State) -> list[Written]:
    out = []
    for a in SQUARES:
        lead = state.at(a)
        if not _own(state, lead):
            continue
        for b in SQUARES:
            partner = state.at(b)
            if (
                b == a
                or not _own(state, partner)
                or abs(a.rank - b.rank) + abs(a.file - b.file) != 1
            ):
                continue
            if any(
                n not in FRONT and not (n == TEEMS and state.placed_by(state.side) in FRONT)
                for n in (lead, partner)
            ):
                continue
            for dr, df in STEPS:
                ta = Square.inside(a.rank + dr, a.file + df)
                tb = Square.inside(b.rank + dr, b.file + df)
                if ta is None or tb is None:
                    continue
                if all(state.at(t) is None or t in (a, b) for t in (ta, tb)):
                    out.append(
                        Written(
                            "okke",
                            piece=lead,
                            from_=a,
                            to=ta,
                            partner=partner,
                            partner_from=b,
                            partner_to=tb,
                        )
                    )
    return out


@st.composite
def plies_written(draw: st.DrawFn, state: State, *, replace: bool) -> Written:
    """One structurally allowed move in ``state``."""
    side = state.side
    pool, placed = state.pool(side), state.placed_by(side)
    kinds = ["move", "move", "move", "turn"]
    okke = _okke_options(state)
    if okke:
        kinds.append("okke")
    if pool and placed is None:
        kinds.append("place")
    if placed is not None:
        kinds.append("take_back")
    if replace and pool and placed is not None:
        kinds.append("replace")
    kind = draw(st.sampled_from(kinds))
    if kind == "okke":
        return draw(st.sampled_from(okke))
    if kind == "place":
        return Written("move", piece=TEEMS, infos=[Info("ev", draw(st.sampled_from(pool)))])
    if kind == "take_back":
        return Written("move", piece=TEEMS, infos=[Info("sd", placed)])
    if kind == "replace":
        return Written("move", piece=TEEMS, infos=[Info("ft", draw(st.sampled_from(pool)))])
    own = [sq for sq in SQUARES if _own(state, state.at(sq))]
    if kind == "turn":
        turnable = [sq for sq in own if state.at(sq) in TURNABLE]
        if turnable:
            square = draw(st.sampled_from(turnable))
            return Written("turn", piece=state.at(square), to=square)
    start = draw(st.sampled_from(own))
    # Any square but the start and those of the mover's own pieces (teems counts as its own
    # when it is the piece moving).
    targets = [
        sq
        for sq in SQUARES
        if sq != start and not (_own(state, state.at(sq)) and state.at(sq) != TEEMS)
    ]
    if state.at(start) == TEEMS:
        targets = [sq for sq in targets if state.at(sq) != TEEMS]
    return Written("move", piece=state.at(start), from_=start, to=draw(st.sampled_from(targets)))


@st.composite
def ply_infos(
    draw: st.DrawFn, state: State, counts: dict[Side, int], captured: str | None
) -> list[Info]:
    """Check, mate, axis and count information that the checker accepts."""
    enemy: list[str] = [
        n
        for row in state.board
        for n in row
        if n is not None and n in MAGIC | MOON and SIDE_OF[n] is state.side.opponent
        if n != captured
    ]
    infos: list[Info] = []
    if enemy and draw(st.integers(0, 1)) == 1:
        infos.append(Info("kt", draw(st.sampled_from(enemy))))
    if enemy and draw(st.integers(0, 5)) == 0:
        infos.append(Info("ss", draw(st.sampled_from(enemy))))
    if draw(st.integers(0, 5)) == 0:
        infos.append(Info("af"))
    low = counts.get(state.side, 1) or 1
    if draw(st.integers(0, 3)) == 0:
        infos.append(Info("n", str(draw(st.integers(low, 4)))))
    return infos


_TEXT = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp", "Zs")),
    min_size=1,
    max_size=12,
)
_KEY = st.from_regex(r"[a-z][a-z_]{0,7}", fullmatch=True).filter(
    lambda k: k not in ("start", "result")
)


@st.composite
def records(
    draw: st.DrawFn,
    *,
    annotated: bool = True,
    replace: bool = True,
    timed: bool = False,
    max_plies: int = 14,
) -> SheltRecord:
    """A record the checker accepts, within what a format holds.

    Args:
        annotated: add check, mate, axis and count information.
        replace: allow replacing the piece on teems (no 簡易式 or MSF form).
        timed: add MSF times and comments.
        max_plies: at most this many plies after the start.
    """
    checker = Checker(State.initial(), "test")
    counts: dict[Side, int] = {}
    # A custom start: some plies from the initial position, then start from there.
    lead_in = draw(st.integers(0, 6)) if draw(st.booleans()) else 0
    for _ in range(lead_in):
        checker.push(draw(plies_written(checker.state, replace=replace)))
    start, fala = checker.state, lead_in
    checker = Checker(start, "test", fala=fala)
    for _ in range(draw(st.integers(0, max_plies))):
        w = draw(plies_written(checker.state, replace=replace))
        if annotated:
            captured = checker.resolve(w).captured
            w.infos.extend(draw(ply_infos(checker.state, counts, captured)))
        if timed:
            w.time = draw(st.none() | st.just("2020-01-01T10:00:00+09:00"))
            w.comment = draw(st.none() | _TEXT)
        ply = checker.push(w)
        if ply.magic is not None:
            counts[ply.side] = ply.magic
    tags = tuple(draw(st.lists(st.tuples(_KEY, _TEXT), max_size=3, unique_by=lambda t: t[0])))
    kind = draw(st.sampled_from(RESULT_KINDS))
    winner = None if kind == "daim" else draw(st.sampled_from(list(Side)))
    points = draw(st.integers(0, 4)) if kind == "artansoldes" else None
    result = Result(kind, winner, points)
    record = SheltRecord(
        tags=tags, start=start, fala=fala, plies=tuple(checker.plies), result=result
    )
    if timed:
        record.start_time = draw(st.none() | st.just("2020-01-01T09:00:00+09:00"))
        record.start_comment = draw(st.none() | _TEXT)
        record.result = Result(kind, winner, points, draw(st.none() | _TEXT), None)
    return record


@st.composite
def variations(
    draw: st.DrawFn,
    start: State,
    fala: int,
    plies: tuple[Ply, ...],
    *,
    nested: bool = True,
    min_at: int = 0,
) -> tuple[Variation, ...]:
    """Variations of the line ``plies`` from ``start``, sorted by where they branch.

    Variations of a variation branch after its first ply at the earliest (``min_at``): MSF
    keeps alternatives to a variation's first ply beside the variation itself.
    """
    states = [start]
    for ply in plies:
        states.append(apply(states[-1], ply))
    if min_at > len(plies):
        return ()
    out = []
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(min_at, len(plies)))
        checker = Checker(states[at], "test", fala=fala + at)
        for _ in range(draw(st.integers(1, 4))):
            checker.push(draw(plies_written(checker.state, replace=False)))
        line = tuple(checker.plies)
        inner = (
            draw(variations(states[at], fala + at, line, nested=False, min_at=1)) if nested else ()
        )
        kind = draw(st.sampled_from(["daim", "teomsast"]))
        result = Result(kind, None if kind == "daim" else draw(st.sampled_from(list(Side))))
        out.append(Variation(at, line, result, inner))
    return tuple(sorted(out, key=lambda v: v.at))


@st.composite
def records_with_variations(draw: st.DrawFn) -> SheltRecord:
    """A record (no annotations, no replacing) with variations, as MSF holds them."""
    record = draw(records(annotated=False, replace=False, max_plies=8))
    record.variations = draw(variations(record.start, record.fala, record.plies))
    return record
