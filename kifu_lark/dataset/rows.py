"""The rows of the ``games`` and ``positions`` tables, gathered column by column.

Columns (see docs/datasets.md for their types):

``games``: ``game_id``, ``source``, ``member``, ``index``, ``format``, ``encoding``,
``headers`` (key/value pairs in order), ``winner``, ``end_reason``, ``termination``,
``verdict_agrees``, ``start_sfen``, ``moves`` (USI), ``plies``, ``ratings``, ``tactics``,
``warnings``, ``error``.

``positions`` (one row per main-line move): ``game_id``, ``ply``, ``sfen`` (before the
move), ``move`` (USI), ``side_to_move``, ``evaluation``, ``result`` (+1 / 0 / -1 for the side
to move, null without a result).
"""

from __future__ import annotations

from typing import Any, Final

from kifu_lark.dataset.replay import replay
from kifu_lark.dataset.verdict_reports import verdict_columns
from kifu_lark.errors import KifuError
from kifu_lark.model.game import Game
from kifu_lark.model.headers import Headers
from kifu_lark.rating import ratings

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
    "termination",
    "verdict_agrees",
    "start_sfen",
    "moves",
    "plies",
    "ratings",
    "tactics",
    "warnings",
    "error",
)
POSITION_COLUMNS = ("game_id", "ply", "sfen", "move", "side_to_move", "evaluation", "result")
#: How :class:`Tables` gathers the ``positions`` columns: ``evaluation`` as two columns of
#: numbers (a dict a row cost more than the row's SFEN); the writers join them.
GATHERED_POSITION_COLUMNS = (
    "game_id",
    "ply",
    "sfen",
    "move",
    "side_to_move",
    "score",
    "mate",
    "result",
)

_SIDES: Final = ("black", "white")
_RESULT_FOR_BLACK: Final = {"black": 1, "white": -1, "draw": 0}


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
            {name: [] for name in GATHERED_POSITION_COLUMNS} if positions else None
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
        impasse: str = "27",
    ) -> int:
        """The rows of one game read; returns its number of main-line moves. ``impasse``:
        the impasse rule of the ``termination`` and ``verdict_agrees`` columns
        (``verdict_columns``, judged on the board of this replay of the main line)."""
        gid = game_id(source, member, index)
        winner, reason = outcome
        replayed = replay(game, self.positions is not None)
        verdict = verdict_columns(game, impasse, replayed)
        moves = replayed.moves
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
        g["termination"].append(verdict[0])
        g["verdict_agrees"].append(verdict[1])
        g["start_sfen"].append(replayed.start)
        g["moves"].append(moves)
        g["plies"].append(len(moves))
        black_rate, white_rate = ratings(game)
        no_rating = black_rate is None and white_rate is None
        g["ratings"].append(None if no_rating else {"black": black_rate, "white": white_rate})
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
            sides = replayed.sides
            p["sfen"].extend(replayed.sfens)
            p["move"].extend(moves)
            p["side_to_move"].extend([_SIDES[s] for s in sides])
            p["score"].extend(replayed.scores)
            p["mate"].extend(replayed.mates)
            if black is None:
                p["result"].extend([None] * len(sides))
            else:
                by_side = (black, -black)
                p["result"].extend([by_side[s] for s in sides])
        return len(moves)

    def position_rows(self) -> int:
        """The ``positions`` rows gathered since the last :meth:`take_positions`."""
        return 0 if self.positions is None else len(self.positions["game_id"])

    def take_positions(self) -> dict[str, list[Any]]:
        """The ``positions`` columns gathered so far, handed over: gathering starts again."""
        taken = self.positions
        if taken is None:
            raise ValueError("these tables gather no positions")
        self.positions = {name: [] for name in GATHERED_POSITION_COLUMNS}
        return taken

    def __len__(self) -> int:
        return len(self.games["game_id"])


def header_pairs(headers: Headers) -> list[tuple[str, str]]:
    """Every header as ``(name, value)``, in order, repeated keys kept."""
    return [(Headers.key_name(k), v) for k, v in headers.entries]
