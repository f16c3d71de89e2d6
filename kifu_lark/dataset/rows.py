"""The rows of the ``games`` and ``positions`` tables, gathered column by column.

Columns (see docs/datasets.md for their types):

``games``: ``game_id``, ``source``, ``member``, ``index``, ``format``, ``encoding``,
``headers`` (key/value pairs in order), ``winner``, ``end_reason``, ``start_sfen``,
``moves`` (USI), ``plies``, ``ratings``, ``tactics``, ``warnings``, ``error``.

``positions`` (one row per main-line move): ``game_id``, ``ply``, ``sfen`` (before the
move), ``move`` (USI), ``side_to_move``, ``evaluation``, ``result`` (+1 / 0 / -1 for the side
to move, null without a result).
"""

from __future__ import annotations

import functools
from typing import Any

from kifu_lark.errors import KifuError
from kifu_lark.model.game import Game
from kifu_lark.model.headers import Headers
from kifu_lark.model.variant import Variant
from kifu_lark.rules.board import Board
from kifu_lark.rules.geometry import HAND_CODES, KIND_CODE, KINDS, Geometry, geometry

GAME_COLUMNS = (
    "game_id",
    "source",
    "member",
    "index",
    "format",
    "encoding",
    "headers",
    "winner",
    "end_reason",
    "start_sfen",
    "moves",
    "plies",
    "ratings",
    "tactics",
    "warnings",
    "error",
)
POSITION_COLUMNS = ("game_id", "ply", "sfen", "move", "side_to_move", "evaluation", "result")

_SIDES = ("black", "white")
_RESULT_FOR_BLACK = {"black": 1, "white": -1, "draw": 0}


def display_name(source: str, member: str | None) -> str:
    """How an entry is named in reports: the file, or ``archive/member``."""
    return source if member is None else f"{source}/{member}"


def game_id(source: str, member: str | None, index: int) -> str:
    """The stable id of the ``index``-th record (from 0) of an entry."""
    return f"{display_name(source, member)}#{index}"


class Tables:
    """The columns of both tables for one shard, filled a record at a time."""

    def __init__(self, positions: bool = True) -> None:
        self.games: dict[str, list[Any]] = {name: [] for name in GAME_COLUMNS}
        self.positions: dict[str, list[Any]] | None = (
            {name: [] for name in POSITION_COLUMNS} if positions else None
        )

    def add_error(self, source: str, member: str | None, err: KifuError) -> None:
        """A row for an entry that did not read: ``error`` set, the rest null."""
        row: dict[str, Any] = dict.fromkeys(GAME_COLUMNS)
        row.update(
            game_id=game_id(source, member, 0),
            source=source,
            member=member,
            index=0,
            format=err.format,
            error={
                "code": err.code,
                "line": err.line,
                "column": err.column,
                "message": err.message,
                "hint": err.hint,
            },
        )
        for name, value in row.items():
            self.games[name].append(value)

    def add_game(
        self,
        source: str,
        member: str | None,
        index: int,
        game: Game,
        outcome: tuple[str | None, str | None],
        tactics: list[dict[str, Any]] | None,
    ) -> int:
        """The rows of one game read; returns its number of main-line moves."""
        gid = game_id(source, member, index)
        winner, reason = outcome
        moves, sfens, sides = _replay(game, self.positions is not None)
        g = self.games
        g["game_id"].append(gid)
        g["source"].append(source)
        g["member"].append(member)
        g["index"].append(index)
        g["format"].append(game.format)
        g["encoding"].append(game.encoding)
        g["headers"].append(header_pairs(game.headers))
        g["winner"].append(winner)
        g["end_reason"].append(reason)
        g["start_sfen"].append(game.start.sfen())
        g["moves"].append(moves)
        g["plies"].append(len(moves))
        g["ratings"].append(None)  # filled from the record's ratings once they are read
        g["tactics"].append(tactics)
        g["warnings"].append(
            [
                {
                    "code": w.code,
                    "message": w.message,
                    "ply": w.ply,
                    "line": w.line,
                    "column": w.column,
                }
                for w in game.warnings
            ]
        )
        g["error"].append(None)
        p = self.positions
        if p is not None:
            black = _RESULT_FOR_BLACK.get(winner or "")
            start_ply = game.start.ply
            p["game_id"].extend([gid] * len(moves))
            p["ply"].extend(range(start_ply, start_ply + len(moves)))
            p["sfen"].extend(sfens)
            p["move"].extend(moves)
            p["side_to_move"].extend(_SIDES[s] for s in sides)
            p["evaluation"].extend([None] * len(moves))  # node.evaluation, once it is read
            p["result"].extend(
                None if black is None else (black if s == 0 else -black) for s in sides
            )
        return len(moves)

    def __len__(self) -> int:
        return len(self.games["game_id"])


def header_pairs(headers: Headers) -> list[tuple[str, str]]:
    """Every header as ``(name, value)``, in order, repeated keys kept."""
    return [(Headers.key_name(k), v) for k, v in headers.entries]


def _replay(game: Game, with_positions: bool) -> tuple[list[str], list[str], list[int]]:
    """The main line's moves (USI) and, when asked, the SFEN before each and its mover.

    The moves were checked when the record was read: they are played here without checks,
    on the engine's arrays, and the SFEN is written from those arrays rather than through a
    ``Position`` per move (which cost more than reading the move).
    """
    moves: list[str] = []
    sfens: list[str] = []
    sides: list[int] = []
    board = Board.from_position(game.start) if with_positions else None
    if board is not None:
        board.hashing = False
        table = _sfen_table(game.start.variant)
    for node in game.root.mainline():
        move = node.move
        if move is None:
            continue
        moves.append(move.usi())
        if board is None:
            continue
        color = 0 if move.color.value == "+" else 1
        board.turn = color  # the mover, also in a record read with tolerate=wrong_turn
        sides.append(color)
        sfens.append(_sfen(board, table))
        g = board.g
        to = g.idx(move.to.file, move.to.rank)
        origin = move.from_
        if origin is None:
            board._make(0, to, False, KIND_CODE[move.piece])
        else:
            board._make(g.idx(origin.file, origin.rank), to, bool(move.promote), 0)
    return moves, sfens, sides


class _SfenTable:
    """What writing an SFEN from a board's arrays needs, per board size."""

    def __init__(self, g: Geometry) -> None:
        self.g = g
        # the squares row by row from rank 1, each row from the highest file (SFEN's order)
        self.rows = [[g.idx(f, r) for f in range(g.files, 0, -1)] for r in range(1, g.ranks + 1)]
        self.letters = [""] * 64
        for kind in KINDS:
            code = KIND_CODE[kind]
            self.letters[code] = kind.usi
            self.letters[code | 16] = kind.usi.lower()
        self.hand_letters = [
            [(k, KINDS[k - 1].usi) for k in HAND_CODES],
            [(k, KINDS[k - 1].usi.lower()) for k in HAND_CODES],
        ]


@functools.cache
def _sfen_table(variant: Variant) -> _SfenTable:
    return _SfenTable(geometry(variant))


def _sfen(board: Board, table: _SfenTable) -> str:
    cells = board.cells
    letters = table.letters
    parts: list[str] = []
    for row in table.rows:
        empty = 0
        text = ""
        for i in row:
            code = cells[i]
            if code:
                if empty:
                    text += str(empty)
                    empty = 0
                text += letters[code]
            else:
                empty += 1
        if empty:
            text += str(empty)
        parts.append(text)
    hand = ""
    for c in (0, 1):
        counts = board.hands[c]
        for k, letter in table.hand_letters[c]:
            n = counts[k]
            if n:
                hand += (str(n) if n > 1 else "") + letter
    turn = "b" if board.turn == 0 else "w"
    return f"{'/'.join(parts)} {turn} {hand or '-'} {board.ply}"
