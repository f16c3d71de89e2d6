"""Writing a shard's tables as part files (Parquet with pyarrow, or JSON lines), and the
marker that says a part is complete.

Every file is written to a temporary name and renamed (``kifu_lark.files``). A shard is
complete when its marker ``_done/part-NNNNN.json`` exists, names the same shard (its
fingerprint) and the part files it lists exist with the sizes it gives: the marker is
written last, so a run stopped between two renames leaves a shard that is done again.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from kifu_lark.dataset.extras import require
from kifu_lark.dataset.rows import POSITION_COLUMNS, Tables
from kifu_lark.files import atomic_file, write_atomically

#: Output kinds and the extension of their part files.
SUFFIXES = {
    "parquet": ".parquet",
    "jsonl": ".jsonl",
    "hcpe": ".hcpe",
    "psv": ".psv",
    "hcpe3": ".hcpe3",
}
#: Outputs of engine training records (``kifu_lark.dataset.training``), one folder each.
TRAINING = ("hcpe", "psv", "hcpe3")
#: The folders of the test splits of training outputs (``--split``).
TEST_FOLDERS = tuple(f"{name}-test" for name in TRAINING)
TABLES = ("games", "positions")
DONE = "_done"
PLAN = "_plan"


def part_name(index: int) -> str:
    """``part-00042``: the stem of shard 42's files."""
    return f"part-{index:05d}"


#: Columns whose values repeat from row to row (Parquet dictionary-encodes them).
_REPEATED = (
    "game_id",
    "source",
    "format",
    "encoding",
    "winner",
    "end_reason",
    "termination",
    "side_to_move",
)


def _schemas(pa: Any) -> dict[str, Any]:
    """The Arrow schema of each table (pyarrow imported by the caller)."""
    error = pa.struct(
        [
            ("code", pa.string()),
            ("line", pa.int32()),
            ("column", pa.int32()),
            ("message", pa.string()),
            ("hint", pa.string()),
        ]
    )
    warning = pa.struct(
        [
            ("code", pa.string()),
            ("message", pa.string()),
            ("ply", pa.int32()),
            ("line", pa.int32()),
            ("column", pa.int32()),
        ]
    )
    tactic = pa.struct(
        [
            ("side", pa.string()),
            ("category", pa.string()),
            ("name", pa.string()),
            ("ply", pa.int32()),
        ]
    )
    games = pa.schema(
        [
            ("game_id", pa.string()),
            ("source", pa.string()),
            ("member", pa.string()),
            ("index", pa.int32()),
            ("format", pa.string()),
            ("encoding", pa.string()),
            ("headers", pa.map_(pa.string(), pa.string())),
            ("winner", pa.string()),
            ("end_reason", pa.string()),
            ("termination", pa.string()),
            ("verdict_agrees", pa.bool_()),
            ("start_sfen", pa.string()),
            ("moves", pa.list_(pa.string())),
            ("plies", pa.int32()),
            ("ratings", pa.struct([("black", pa.float64()), ("white", pa.float64())])),
            ("tactics", pa.list_(tactic)),
            ("warnings", pa.list_(warning)),
            ("error", error),
        ]
    )
    positions = pa.schema(
        [
            ("game_id", pa.string()),
            ("ply", pa.int32()),
            ("sfen", pa.string()),
            ("move", pa.string()),
            ("side_to_move", pa.string()),
            ("evaluation", pa.struct([("score", pa.int32()), ("mate", pa.int32())])),
            ("result", pa.int8()),
        ]
    )
    return {"games": games, "positions": positions}


def _arrow_table(pa: Any, table: str, columns: dict[str, list[Any]]) -> Any:
    """One table's columns as an Arrow table of its schema."""
    schema = _schemas(pa)[table]
    arrays = {
        name: pa.array(columns[name], type=schema.field(name).type)
        for name in schema.names
        if name in columns
    }
    if table == "positions":
        # the evaluation struct from its two gathered columns: null where both are. Its
        # validity bitmap is a boolean array's values (the same bit layout): a ``mask`` would
        # be inverted by pyarrow.compute, a library as slow to import as a small export runs
        scores, mates = columns["score"], columns["mate"]
        valid = pa.array(
            [s is not None or m is not None for s, m in zip(scores, mates, strict=True)],
            type=pa.bool_(),
        )
        arrays["evaluation"] = pa.StructArray.from_buffers(
            schema.field("evaluation").type,
            len(scores),
            [valid.buffers()[1]],
            children=[pa.array(scores, type=pa.int32()), pa.array(mates, type=pa.int32())],
        )
    return pa.table({name: arrays[name] for name in schema.names}, schema=schema)


def _parquet_writer(pa: Any, pq: Any, table: str, sink: Any) -> Any:
    schema = _schemas(pa)[table]
    return pq.ParquetWriter(
        sink,
        schema,
        compression="zstd",
        # dictionaries only where values repeat: elsewhere they cost time and bytes
        use_dictionary=[n for n in _REPEATED if n in schema.names],
    )


def parquet_bytes(table: str, columns: dict[str, list[Any]]) -> bytes:
    """One table's columns as a Parquet file's bytes, in one row group.

    Deterministic: the same columns give the same bytes (no timestamps are written; the
    metadata holds the schema and pyarrow's version).
    """
    pa = require("pyarrow", "parquet", "writing Parquet")
    pq = require("pyarrow.parquet", "parquet", "writing Parquet")
    sink = pa.BufferOutputStream()
    writer = _parquet_writer(pa, pq, table, sink)
    _write_row_group(pa, writer, table, columns)
    writer.close()
    data: bytes = sink.getvalue().to_pybytes()
    return data


def _write_row_group(pa: Any, writer: Any, table: str, columns: dict[str, list[Any]]) -> None:
    arrow = _arrow_table(pa, table, columns)
    writer.write_table(arrow, row_group_size=max(arrow.num_rows, 1))


def jsonl_bytes(table: str, columns: dict[str, list[Any]]) -> bytes:
    """One table's columns as JSON lines (one object a row, columns in order, UTF-8)."""
    if table == "positions":
        evaluations = [
            None if s is None and m is None else {"score": s, "mate": m}
            for s, m in zip(columns["score"], columns["mate"], strict=True)
        ]
        columns = {
            name: evaluations if name == "evaluation" else columns[name]
            for name in POSITION_COLUMNS
        }
    names = list(columns)
    lines = [
        json.dumps(dict(zip(names, row, strict=True)), ensure_ascii=False, separators=(",", ":"))
        for row in zip(*columns.values(), strict=True)
    ]
    return "".join(line + "\n" for line in lines).encode("utf-8")


def write_games_part(out: str, to: str, index: int, tables: Tables) -> dict[str, int]:
    """Write shard ``index``'s ``games`` table under ``out``; returns the file's path
    (relative to ``out``) and size."""
    columns = tables.games
    data = parquet_bytes("games", columns) if to == "parquet" else jsonl_bytes("games", columns)
    rel = f"games/{part_name(index)}{SUFFIXES[to]}"
    write_atomically(Path(out) / rel, data)
    return {rel: len(data)}


#: ``positions`` rows gathered before they are written out as one row group (Parquet) or
#: their lines (JSON lines): a shard's memory stays bounded, where a whole shard of 10 000
#: records (a million positions, about 1 KB each while gathered and converted) would not.
ROW_GROUP_ROWS = 65_536


class PositionsPart:
    """A shard's ``positions`` file, written as the rows come (:meth:`write`) into a
    temporary file that :func:`positions_part` renames when the shard is done."""

    def __init__(self, handle: BinaryIO, to: str, rel: str) -> None:
        self.rel = rel
        self._handle = handle
        self._writer: Any = None
        self._pa: Any = None
        if to == "parquet":
            self._pa = require("pyarrow", "parquet", "writing Parquet")
            pq = require("pyarrow.parquet", "parquet", "writing Parquet")
            self._writer = _parquet_writer(self._pa, pq, "positions", handle)
        self.rows = 0
        self.writes = 0

    def write(self, columns: dict[str, list[Any]]) -> None:
        """Append these rows (a row group in Parquet)."""
        if self._writer is not None:
            _write_row_group(self._pa, self._writer, "positions", columns)
        else:
            self._handle.write(jsonl_bytes("positions", columns))
        self.rows += len(columns["game_id"])
        self.writes += 1

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()


@contextlib.contextmanager
def positions_part(out: str, to: str, index: int) -> Iterator[PositionsPart]:
    """The ``positions`` file of shard ``index``, renamed into place when the block ends
    without an exception (and removed when it raises)."""
    rel = f"positions/{part_name(index)}{SUFFIXES[to]}"
    with atomic_file(Path(out) / rel) as handle:
        part = PositionsPart(handle, to, rel)
        try:
            yield part
        except BaseException:
            # The Parquet writer ends before its file is closed and removed: left to the
            # garbage collector, it would write its footer to a closed file, loudly.
            with contextlib.suppress(Exception):
                part.close()
            raise
        part.close()


def test_folder(to: str) -> str:
    """``hcpe-test``: the folder of the test split's part files of training output ``to``."""
    return f"{to}-test"


def write_training_part(
    out: str, to: str, index: int, data: bytes, test: bool = False
) -> dict[str, int]:
    """Write shard ``index``'s training records as ``<to>/part-<index>.<to>``, or its test
    split's as ``<to>-test/part-<index>.<to>``."""
    rel = f"{test_folder(to) if test else to}/{part_name(index)}{SUFFIXES[to]}"
    write_atomically(Path(out) / rel, data)
    return {rel: len(data)}


def write_marker(out: str, index: int, fingerprint: str, result: dict[str, Any]) -> None:
    """Record shard ``index`` as complete (after its parts are in place)."""
    body = {"fingerprint": fingerprint, **result}
    data = json.dumps(body, ensure_ascii=False, sort_keys=True, indent=1).encode("utf-8")
    write_atomically(Path(out) / DONE / f"{part_name(index)}.json", data)


def read_marker(out: str, index: int, fingerprint: str) -> dict[str, Any] | None:
    """Shard ``index``'s result when it is complete for this fingerprint, else ``None``."""
    path = Path(out) / DONE / f"{part_name(index)}.json"
    try:
        body: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if body.get("fingerprint") != fingerprint:
        return None
    for rel, size in body.get("files", {}).items():
        try:
            if os.path.getsize(Path(out) / rel) != size:
                return None
        except OSError:
            return None
    return body
