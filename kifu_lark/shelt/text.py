"""What the four text notations share: the transformer base, the ``@`` extension lines, the
reading driver and the writing frame.

The published notations write moves only. Records converted from MSF also carry a start
position, a result and tags: kifu-lark writes those as ``@`` lines (an extension, described in
``docs/shelt.md``) before the moves. Times and comments have no place in the text notations:
writers leave them out, as the shogi formats without comments do.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from lark import Token, Transformer, v_args

from kifu_lark.errors import (
    MAINLINE_ONLY,
    InvalidRecordError,
    KifuError,
    UnsupportedFeatureError,
)
from kifu_lark.formats.base import ReadOptions, WriteOptions
from kifu_lark.formats.engine import parsing
from kifu_lark.shelt.checker import Checker
from kifu_lark.shelt.hints import hint_for
from kifu_lark.shelt.model import (
    ALL_NAMES,
    RANKS,
    SIDE_OF,
    TEEMS,
    TURNABLE,
    Ply,
    Result,
    SheltRecord,
    Side,
    State,
)
from kifu_lark.shelt.written import Info, Written

_CELL = re.compile(r"[a-z]{3}|[1-7]")
_ROWS_HINT = "@start's board: rows v to p split by /, each 7 squares of names and digits"


def invalid(
    message: str, token: Token, code: str, fmt: str, text: str, hint: str | None = None
) -> KifuError:
    """An InvalidRecordError at ``token`` of ``text``; its hint is ``hint``, or the code's."""
    lines = text.splitlines()
    line = token.line or 0
    return InvalidRecordError(
        message,
        code=code,
        format=fmt,
        line=token.line,
        column=token.column,
        text=str(token),
        hint=hint or hint_for(code),
        source_line=lines[line - 1] if 0 < line <= len(lines) else None,
    )


@v_args(inline=True)
class TextTransformer(Transformer[Token, Any]):
    """Directives and 厳密式 information; each notation adds its move rules."""

    def __init__(self, fmt: str, text: str) -> None:
        super().__init__()
        self.fmt = fmt
        self.text = text

    def _bad(
        self, message: str, token: Token, code: str = "BAD_POSITION", hint: str | None = None
    ) -> KifuError:
        return invalid(message, token, code, self.fmt, self.text, hint)

    # -- @ lines ----------------------------------------------------------------------------

    def start_directive(
        self,
        kw: Token,
        board: Token,
        side: Token,
        arxe: Token,
        sorn: Token,
        turned: Token,
        fala: Token,
    ) -> tuple[str, Any, Token]:
        rows: list[tuple[str | None, ...]] = []
        for row_text in str(board).split("/"):
            row: list[str | None] = []
            for cell in _CELL.findall(row_text):
                if cell.isdigit():
                    row.extend([None] * int(cell))
                elif cell in ALL_NAMES:
                    row.append(cell)
                else:
                    raise self._bad(f"{cell!r} is not a piece", board, hint=_ROWS_HINT)
            if len(row) != len(RANKS):
                raise self._bad(
                    f"board row {row_text!r} is not 7 squares wide", board, hint=_ROWS_HINT
                )
            rows.append(tuple(row))
        holds: list[tuple[tuple[str, ...], str | None]] = []
        for token in (arxe, sorn):
            pool_text, _, placed = str(token).partition("*")
            pool = tuple(pool_text.split(",")) if pool_text not in ("", "-") else ()
            holds.append((pool, placed or None))
        state = State(
            tuple(rows),
            Side(str(side)),
            (holds[0][0], holds[1][0]),
            (holds[0][1], holds[1][1]),
            tuple(str(turned).split(",")) if str(turned) != "-" else (),
        )
        problem = state_problem(state)
        if problem:
            raise self._bad(problem, kw)
        return ("start", (state, int(str(fala))), kw)

    def result_directive(self, kw: Token, kind: Token, *rest: Token) -> tuple[str, Any, Token]:
        winner = next((Side.from_msf(str(t)) for t in rest if t.type == "PLAYER"), None)
        points = next((int(str(t)) for t in rest if t.type == "COUNT"), None)
        if (kind == "daim") != (winner is None) or (points is not None) != (kind == "artansoldes"):
            raise self._bad(
                "@result: a winner for all but daim, points (0-4) for artansoldes only",
                kw,
                "BAD_RESULT",
            )
        if points is not None and points > 4:
            raise self._bad("@result: points are 0..4", kw, "BAD_RESULT")
        return ("result", Result(str(kind), winner, points), kw)

    def tag_directive(self, token: Token) -> tuple[str, Any, Token]:
        key, _, value = str(token)[1:].partition(" ")
        return ("tag", (key, value.strip()), token)

    # -- 厳密式 information ------------------------------------------------------------------

    def named_info(self, key: Token, name: Token) -> Info:
        return Info(str(key)[:-1], str(name), key.column)

    def flag_info(self, flag: Token) -> Info:
        return Info(str(flag), None, flag.column)

    def count_info(self, count: Token) -> Info:
        return Info("n", str(count), count.column)

    shelt_common__named_info = named_info
    shelt_common__flag_info = flag_info
    shelt_common__count_info = count_info

    def start(self, *items: Any) -> list[Any]:
        return list(items)


#: 厳密式 short marks → codes.
SHORT = {"&": "ok", "-": "tx", "*": "ev", "#": "yx", ":": "sd", "%": "ft", "^": "kt", "=": "ss"}


def read_text(
    text: str,
    options: ReadOptions,
    fmt: str,
    grammar: str,
    transformer: Callable[[str, str], TextTransformer],
) -> list[SheltRecord]:
    """Parse ``text`` with ``grammar``, check every move, and return the one record."""
    del options  # no format options yet; rule breaches cannot be tolerated (unknown rules)
    tree = parsing.parse(parsing.parser(grammar), text, fmt)
    items: list[Any] = parsing.transform(transformer(fmt, text), tree, text, fmt)
    record = SheltRecord(format=fmt)
    tags: list[tuple[str, str]] = []
    checker: Checker | None = None
    lines = text.splitlines()
    for item in items:
        if isinstance(item, Written):
            if checker is None:
                checker = Checker(record.start, fmt, text, record.fala)
            if item.line is not None and 0 < item.line <= len(lines):
                item.text = lines[item.line - 1].strip()
            checker.push(item)
            continue
        kind, value, token = item
        if checker is not None:
            raise invalid(f"@{kind} after the first move", token, "LATE_DIRECTIVE", fmt, text)
        if kind == "start":
            record.start, record.fala = value
        elif kind == "result":
            record.result = value
        else:
            tags.append(value)
    record.tags = tuple(tags)
    record.plies = tuple(checker.plies) if checker else ()
    return [record]


def state_problem(state: State) -> str | None:
    """Why ``state`` cannot be a position (None when it can)."""
    seen: list[str] = [p for row in state.board for p in row if p is not None]
    if seen.count(TEEMS) != 1:
        return "the board must hold teems (tem) exactly once"
    for side in Side:
        for name in (*state.pool(side), state.placed_by(side)):
            if name is None:
                continue
            if name not in SIDE_OF or SIDE_OF[name] is side:
                return f"{side.msf} cannot hold {name}: only the opponent's pieces are captured"
            seen.append(name)
    if len(set(seen)) != len(seen):
        return "a piece appears twice"
    for name in state.turned:
        if name not in TURNABLE or state.find(name) is None or state.turned.count(name) > 1:
            return f"{name} cannot be turned here"
    return None


def state_text(state: State) -> str:
    """The ``@start`` fields of ``state`` (board, side, holdings, turned)."""
    rows = []
    for row in state.board:
        out, empty = "", 0
        for cell in row:
            if cell is None:
                empty += 1
                continue
            out += (str(empty) if empty else "") + cell
            empty = 0
        rows.append(out + (str(empty) if empty else ""))
    holds = []
    for side in Side:
        pool, placed = state.pool(side), state.placed_by(side)
        holds.append((",".join(pool) + (f"*{placed}" if placed else "")) or "-")
    return " ".join(["/".join(rows), state.side.value, *holds, ",".join(state.turned) or "-"])


def write_text(
    record: SheltRecord,
    options: WriteOptions,
    fmt: str,
    line: Callable[[SheltRecord, int, Ply], str],
) -> str:
    """The ``@`` lines then one line per ply (``line(record, index, ply)``); times and
    comments are left out, variations refused unless ``mainline_only``."""
    if record.variations and not options.mainline_only:
        raise UnsupportedFeatureError(
            f"{fmt} holds one line of moves; the record has variations",
            format=fmt,
            hint=f"pass {MAINLINE_ONLY} to drop them",
            settings=(MAINLINE_ONLY,),
        )
    out = [f"@{key} {value}" for key, value in record.tags]
    result = record.result
    bare = not (record.tags or record.plies or result.kind != "daim")
    if record.start != State.initial() or record.fala or bare:
        # A record with nothing else still states its start: an empty text is no record.
        out.append(f"@start {state_text(record.start)} {record.fala}")
    if result.kind != "daim":
        parts = ["@result", result.kind, result.winner.msf if result.winner else ""]
        parts.append("" if result.points is None else str(result.points))
        out.append(" ".join(p for p in parts if p))
    out.extend(line(record, i, ply) for i, ply in enumerate(record.plies))
    return "".join(f"{x}\n" for x in out)


def same_square(record: SheltRecord, index: int) -> bool:
    """True when ply ``index`` ends where the previous ply ended (written k-/同)."""
    return index > 0 and record.plies[index - 1].to == record.plies[index].to


def iter_lines(text: str) -> Iterator[str]:
    """Non-empty lines of ``text`` (for detectors)."""
    return (x.strip() for x in text.splitlines() if x.strip())
