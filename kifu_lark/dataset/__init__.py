"""Archives at scale: records to tables and engine training data, on one machine or a
Dask cluster.

:func:`export` reads files, folders, globs, ``@list`` files and archives (``.zip``,
``.tar.gz``, ``.7z``) with full validation and writes the ``games`` and ``positions``
tables as Parquet (pyarrow, ``kifu-lark[parquet]``) or JSON lines, one part file per shard
of records; records that do not read are rows with ``error`` set. The work runs in this
process, on a process pool or on Dask (``kifu-lark[dask]``), with the same output byte for
byte. :mod:`kifu_lark.dataset.training` writes HCPE and PSV records (``to="hcpe"``,
``to="psv"``). See docs/datasets.md and docs/training-data.md.

Example:
    >>> import kifu_lark.dataset as dataset
    >>> summary = dataset.export(["fixtures/csa"], "out", to="jsonl")  # doctest: +SKIP
    >>> summary.records, summary.failures  # doctest: +SKIP
    (42, {})
"""

from __future__ import annotations

from kifu_lark.dataset.engines import ENGINES, Progress, run
from kifu_lark.dataset.export import OUTPUTS, Summary, export
from kifu_lark.dataset.records import read_games
from kifu_lark.dataset.shards import SHARD_SIZE, Shard, plan
from kifu_lark.dataset.sources import Entry, expand_sources
from kifu_lark.dataset.tasks import ExportTask, ReadOptions, ValidateTask

__all__ = [
    "ENGINES",
    "OUTPUTS",
    "SHARD_SIZE",
    "Entry",
    "ExportTask",
    "Progress",
    "ReadOptions",
    "Shard",
    "Summary",
    "ValidateTask",
    "expand_sources",
    "export",
    "plan",
    "read_games",
    "run",
]
