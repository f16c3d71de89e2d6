"""Cutting the entries into shards: small picklable descriptions of work.

The plan writes every entry, one JSON line each, to a manifest file; a shard is that file, the
byte offset of its first line and a count. A task graph of a million records is then a few
hundred shards of five fields each, never a million paths, and each worker reads its own
lines from the manifest (on a cluster, the output folder, where the manifest lives, is
shared by every worker).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from kifu_lark.dataset.sources import Entry
from kifu_lark.files import write_atomically

#: The most entries a shard takes by default: a shard's part files and memory stay bounded.
SHARD_SIZE = 10_000
#: Shards the default cut makes at least, where the entries allow (:func:`shard_size_for`):
#: more than the workers of any ``-j`` a machine runs, so that they all share the work
#: and the last shard to finish is a small part of it. The cut depends on the entries
#: alone, never on the workers: the output is the same whatever the engine and ``-j``.
SHARDS = 32
#: The fewest entries a shard of the default cut takes: a shard's own cost (its task, part
#: files and marker) stays a small part of its reading.
MIN_SHARD = 50


def shard_size_for(count: int) -> int:
    """The default shard size for ``count`` entries: ``count`` cut into :data:`SHARDS`
    shards, bounded by :data:`MIN_SHARD` and :data:`SHARD_SIZE`."""
    return min(SHARD_SIZE, max(MIN_SHARD, math.ceil(count / SHARDS)))


@dataclass(frozen=True)
class Shard:
    """A range of the manifest's lines.

    Attributes:
        index: the shard's number (its part files are ``part-<index>``).
        manifest: the manifest file's absolute path.
        offset: the byte offset of the shard's first line in it.
        count: how many lines (entries) the shard takes.
        base: the folder relative sources are taken from.
        fingerprint: a digest of the shard's lines: a complete part of another plan is
            never taken for this one's.
    """

    index: int
    manifest: str
    offset: int
    count: int
    base: str
    fingerprint: str

    def entries(self) -> list[Entry]:
        """The shard's entries, read from the manifest."""
        found: list[Entry] = []
        with open(self.manifest, "rb") as handle:
            handle.seek(self.offset)
            for _ in range(self.count):
                source, member = json.loads(handle.readline())
                found.append((source, member))
        return found


def plan(entries: Sequence[Entry], work_dir: str, shard_size: int | None = None) -> list[Shard]:
    """Write the manifest of ``entries`` in ``work_dir`` and cut it into shards of
    ``shard_size`` entries (default :func:`shard_size_for` the entries), in order."""
    if shard_size is None:
        shard_size = shard_size_for(len(entries))
    if shard_size < 1:
        raise ValueError("shard_size must be at least 1")
    manifest = str(Path(work_dir).resolve() / "entries.jsonl")
    base = os.getcwd()
    lines = [
        (json.dumps([source, member], ensure_ascii=False) + "\n").encode("utf-8")
        for source, member in entries
    ]
    write_atomically(manifest, b"".join(lines))
    shards: list[Shard] = []
    offset = 0
    for n, start in enumerate(range(0, len(lines), shard_size)):
        chunk = lines[start : start + shard_size]
        digest = hashlib.sha256(b"".join(chunk)).hexdigest()[:32]
        shards.append(Shard(n, manifest, offset, len(chunk), base, digest))
        offset += sum(len(line) for line in chunk)
    return shards
