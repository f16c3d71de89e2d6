"""What runs on a worker: one function per shard, the same under every engine, so that the
output does not depend on the engine (issue 17)."""

from __future__ import annotations

import contextlib
import os
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kifu_lark.dataset.collector import PausedCollector
from kifu_lark.dataset.engine_pack import MainLinePacks
from kifu_lark.dataset.output import (
    ROW_GROUP_ROWS,
    TRAINING,
    positions_part,
    read_marker,
    write_games_part,
    write_marker,
    write_training_part,
)
from kifu_lark.dataset.records import outcome, read_games
from kifu_lark.dataset.replay import node_evaluation
from kifu_lark.dataset.rows import Tables, display_name
from kifu_lark.dataset.shards import Shard
from kifu_lark.dataset.sources import Entry, read_entries
from kifu_lark.dataset.ticks import Ticker
from kifu_lark.dataset.training import training_records
from kifu_lark.dataset.training_filter import BREACH_CODES, Split, TrainingFilter, TrainingStats
from kifu_lark.dataset.verdict_reports import verdict_reports
from kifu_lark.errors import KifuError
from kifu_lark.model.game import Game
from kifu_lark.record import watch_reads


@dataclass(frozen=True)
class ReadOptions:
    """How records are read: as ``kifu-lark validate``'s ``--from``, ``--encoding`` and
    ``--tolerate`` say."""

    source_format: str | None = None
    encoding: str | None = None
    tolerate: tuple[str, ...] = ()


def _read(shard: Shard, options: ReadOptions) -> Iterator[tuple[Entry, list[Game] | KifuError]]:
    """Each entry of ``shard`` with its games, or the error that stopped its reading."""
    for entry, data in read_entries(shard.entries(), shard.base):
        source, member = entry
        name = member if member is not None else source
        if isinstance(data, OSError):
            reason = data.strerror or str(data)
            yield (
                entry,
                KifuError(
                    f"cannot read {display_name(source, member)}: {reason}",
                    code="IO",
                    hint="check the path and the archive",
                ),
            )
            continue
        try:
            games = read_games(
                data, name, options.source_format, options.encoding, options.tolerate
            )
        except KifuError as err:
            yield entry, err
            continue
        yield entry, games


@dataclass(frozen=True)
class ExportTask:
    """Export one shard: read its records, write its part files and marker; returns the
    shard's counts (``records``, ``games``, ``plies``, ``failures`` by code, ``files``)."""

    out: str
    to: str
    read: ReadOptions = ReadOptions()
    positions: bool = True
    tactics: bool = False
    training: TrainingFilter | None = None
    impasse: str = "27"  # the impasse rule of the verdict columns
    split: Split | None = None  # the test share of the files, for training records

    def __call__(self, shard: Shard) -> dict[str, Any]:
        if self.to in TRAINING:
            return self._training(shard)
        started = time.perf_counter()
        tables = Tables(self.positions)
        failures: Counter[str] = Counter()
        plies = 0
        ticker = Ticker(shard.index)
        with contextlib.ExitStack() as stack:
            collector = stack.enter_context(PausedCollector())
            positions = (
                stack.enter_context(positions_part(self.out, self.to, shard.index))
                if self.positions
                else None
            )
            for (source, member), found in _read(shard, self.read):
                if isinstance(found, KifuError):
                    tables.add_error(source, member, found)
                    failures[found.code] += 1
                    ticker.step(1, True)
                    continue
                err = _not_shogi(found)
                if err is not None:
                    tables.add_error(source, member, err)
                    failures[err.code] += 1
                    ticker.step(1, True)
                    continue
                for index, game in enumerate(found):
                    plies += tables.add_game(
                        source,
                        member,
                        index,
                        game,
                        outcome(game),
                        self._tactics(game),
                        self.impasse,
                    )
                ticker.step(len(found), False)
                collector.step()
                if positions is not None and tables.position_rows() >= ROW_GROUP_ROWS:
                    positions.write(tables.take_positions())
            if positions is not None and (tables.position_rows() or not positions.writes):
                positions.write(tables.take_positions())
        files = write_games_part(self.out, self.to, shard.index, tables)
        if positions is not None:
            files[positions.rel] = os.path.getsize(Path(self.out) / positions.rel)
        result: dict[str, Any] = {
            "index": shard.index,
            "records": len(tables),
            "games": len(tables) - sum(failures.values()),
            "plies": plies,
            "failures": dict(sorted(failures.items())),
            "files": files,
        }
        write_marker(self.out, shard.index, shard.fingerprint, result)
        # the seconds are not in the marker: it would differ from run to run
        return {**result, "seconds": time.perf_counter() - started}

    def _training(self, shard: Shard) -> dict[str, Any]:
        """The shard's HCPE or PSV records in one part file, and the test share's in
        another when the task splits."""
        started = time.perf_counter()
        train, test = bytearray(), bytearray()
        stats = TrainingStats()
        failures: Counter[str] = Counter()
        records = plies = 0
        split = self.split
        counts = {"files": 0, "games": 0, "records": 0}
        legal_only = self.training is not None and self.training.legal_only
        ticker = Ticker(shard.index)
        # The positions come packed from the reader's own replay of each main line: the
        # records take them rather than replaying the game again (a game whose line does not
        # fit, line_for's None, is replayed).
        packs = MainLinePacks(self.to != "psv")
        with watch_reads(packs), PausedCollector() as collector:
            for (source, member), found in _read(shard, self.read):
                if not isinstance(found, KifuError):
                    found = _not_shogi(found) or found
                if isinstance(found, KifuError):
                    packs.clear()
                    failures[found.code] += 1
                    records += 1
                    if legal_only and found.code in BREACH_CODES:
                        stats.skipped_games["illegal"] += 1
                    ticker.step(1, True)
                    continue
                tested = split is not None and split.tests(source, member)
                data = test if tested else train
                written = stats.records
                for game in found:
                    records += 1
                    line = packs.line_for(game.root)
                    # a line that fits holds a node for each main-line move
                    plies += (
                        len(line.nodes)
                        if line is not None
                        else sum(1 for node in game.mainline() if node.move is not None)
                    )
                    for record in training_records(
                        game,
                        self.to,
                        self.training,
                        evaluations=node_evaluation,
                        stats=stats,
                        positions=line,
                    ):
                        data += record
                packs.clear()
                if tested:
                    counts["files"] += 1
                    counts["games"] += len(found)
                    counts["records"] += stats.records - written
                ticker.step(len(found), False)
                collector.step()
        files = write_training_part(self.out, self.to, shard.index, bytes(train))
        if split is not None:
            files.update(write_training_part(self.out, self.to, shard.index, bytes(test), True))
        result: dict[str, Any] = {
            "index": shard.index,
            "records": records,
            "games": records - sum(failures.values()),
            "plies": plies,
            "failures": dict(sorted(failures.items())),
            "files": files,
            "training": stats.to_dict(),
        }
        if split is not None:
            result["test"] = counts
        write_marker(self.out, shard.index, shard.fingerprint, result)
        return {**result, "seconds": time.perf_counter() - started}

    def warm_up(self, shard: Shard) -> None:
        """Read the shard's first entry and drop it: what a first read builds (the grammar's
        parsers) is then built once, in the process a pool's workers are forked from."""
        _warm_up(shard, self.read)

    def done(self, shard: Shard) -> dict[str, Any] | None:
        """The shard's result when a previous run completed it, else ``None``."""
        return read_marker(self.out, shard.index, shard.fingerprint)

    def _tactics(self, game: Game) -> list[dict[str, Any]] | None:
        if not self.tactics:
            return None
        # the tactic files load in an export that asks for them, not in every export
        from kifu_lark.tactics import find  # noqa: PLC0415

        return [
            {
                "side": "black" if f.side.value == "+" else "white",
                "category": f.category,
                "name": f.name,
                "ply": f.ply,
            }
            for f in find(game)
        ]


def _warm_up(shard: Shard, options: ReadOptions) -> None:
    """Read ``shard``'s first entry and drop what it gives."""
    first = Shard(shard.index, shard.manifest, shard.offset, 1, shard.base, shard.fingerprint)
    for _ in _read(first, options):
        pass


def _not_shogi(games: list[Game]) -> KifuError | None:
    """The error for a file of another game's records (シェルト): export writes shogi."""
    if all(game.game == "shogi" for game in games):
        return None
    return KifuError(
        f"a {games[0].game} record: export writes shogi records",
        code="UNSUPPORTED",
        format=games[0].format,
        hint="leave it out of the sources",
    )


@dataclass(frozen=True)
class ValidateTask:
    """Validate one shard: one report per entry, as ``kifu-lark validate`` prints them
    (``file``, ``valid``, ``errors``, ``warnings``, ``games``). With ``verdicts`` (an
    impasse rule, ``"27"`` or ``"24"``), each game's ending is weighed against the rules
    too: a contradicted one is an error (``VERDICT``), and the report lists every verdict
    (``verdicts``)."""

    read: ReadOptions = ReadOptions()
    verdicts: str | None = None

    def warm_up(self, shard: Shard) -> None:
        """As :meth:`ExportTask.warm_up`."""
        _warm_up(shard, self.read)

    def __call__(self, shard: Shard) -> dict[str, Any]:
        reports: list[dict[str, Any]] = []
        failures: Counter[str] = Counter()
        records = 0
        ticker = Ticker(shard.index)
        for (source, member), found in _read(shard, self.read):
            name = display_name(source, member)
            if isinstance(found, KifuError):
                failures[found.code] += 1
                records += 1
                ticker.step(1, True)
                report: dict[str, Any] = {
                    "file": name,
                    "valid": False,
                    "errors": [found.to_dict()],
                    "warnings": [],
                    "games": 0,
                }
                if self.verdicts is not None:
                    report["verdicts"] = []
                reports.append(report)
                continue
            records += len(found)
            warnings = [
                {
                    "code": w.code,
                    "message": w.message,
                    "ply": w.ply,
                    "line": w.line,
                    "column": w.column,
                    "hint": getattr(w, "hint", None),
                }
                for game in found
                for w in game.warnings
            ]
            report = validity_report(name, found, warnings, self.verdicts)
            failures.update(err["code"] for err in report["errors"])
            ticker.step(len(found), bool(report["errors"]))
            reports.append(report)
        return {
            "index": shard.index,
            "records": records,
            "failures": dict(sorted(failures.items())),
            "reports": reports,
        }


def validity_report(
    name: str, games: list[Game], warnings: list[dict[str, Any]], verdicts: str | None
) -> dict[str, Any]:
    """The report of an entry read: valid unless ``verdicts`` (an impasse rule) is given and
    the rules contradict an ending; ``verdicts`` lists each game's verdict then."""
    report: dict[str, Any] = {
        "file": name,
        "valid": True,
        "errors": [],
        "warnings": warnings,
        "games": len(games),
    }
    if verdicts is not None:
        errors, items = verdict_reports(games, verdicts)
        report.update(valid=not errors, errors=errors, verdicts=items)
    return report
