"""Helpers shared by the sub-commands: reading inputs, walking folders, progress, pools."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from kifu_lark.api import loads_all
from kifu_lark.errors import KifuError
from kifu_lark.formats.registry import all_formats, format_for_path
from kifu_lark.textio import decode

T = TypeVar("T")
R = TypeVar("R")


def add_read_options(parser: argparse.ArgumentParser) -> None:
    """``--from``, ``--encoding`` and ``--tolerate``."""
    parser.add_argument(
        "--from",
        dest="source_format",
        metavar="FORMAT",
        help="input format (default: from the extension or the text)",
    )
    parser.add_argument("--encoding", help="input encoding (default: detected)")
    parser.add_argument(
        "--tolerate",
        default="",
        metavar="LIST",
        help="comma-separated rule breaches to let through and report "
        "(two_pawns, wrong_turn, pawn_drop_mate, dead_piece, king_in_check)",
    )


def tolerate_list(text: str) -> list[str]:
    """The names in a ``--tolerate`` value."""
    return [t for t in (s.strip() for s in text.split(",")) if t]


def read_records(
    source: str, fmt: str | None, encoding: str | None, tolerate: str = ""
) -> list[Any]:
    """Read every record of a file, or of standard input for ``-``."""
    if source == "-":
        data = sys.stdin.buffer.read()
        path_format = None
    else:
        try:
            data = Path(source).read_bytes()
        except OSError as err:
            raise KifuError(f"cannot read {source}: {err.strerror}", code="IO") from None
        by_ext = format_for_path(source)
        path_format = by_ext.name if by_ext else None
    text, used = decode(data, encoding)
    records = loads_all(text, fmt or path_format, tolerate=tolerate_list(tolerate))
    for record in records:
        record.encoding = used
    return records


def record_extensions() -> set[str]:
    """Every extension some registered format reads."""
    return {ext for f in all_formats() for ext in f.extensions}


def expand(paths: Iterable[str]) -> Iterator[Path]:
    """Files named, and record files found recursively in folders named (sorted)."""
    extensions = record_extensions()
    for name in paths:
        path = Path(name)
        if not path.exists() and name != "-":
            raise KifuError(f"{name}: no such file or folder", code="USAGE")
        if path.is_dir():
            for child in sorted(path.rglob("*")):
                if child.is_file() and "".join(child.suffixes[-1:]).lower() in extensions:
                    yield child
        else:
            yield path


class Progress:
    """A one-line progress bar on standard error, shown only on a terminal."""

    def __init__(self, total: int, label: str) -> None:
        self.total = total
        self.done = 0
        self.label = label
        self.enabled = sys.stderr.isatty() and total > 1

    def step(self) -> None:
        """Count one item done and redraw."""
        self.done += 1
        if self.enabled:
            width = 30
            filled = width * self.done // max(self.total, 1)
            bar = "#" * filled + "-" * (width - filled)
            print(
                f"\r{self.label} [{bar}] {self.done}/{self.total}",
                end="",
                file=sys.stderr,
                flush=True,
            )

    def close(self) -> None:
        """End the bar's line."""
        if self.enabled:
            print(file=sys.stderr, flush=True)


def parallel_map(fn: Callable[[T], R], items: list[T], jobs: int, label: str) -> list[R]:
    """``[fn(x) for x in items]``, over ``jobs`` processes when more than one, with a
    progress bar; results keep the items' order."""
    progress = Progress(len(items), label)
    results: list[R] = []
    try:
        if jobs > 1 and len(items) > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for result in pool.map(fn, items, chunksize=max(1, len(items) // (jobs * 8))):
                    results.append(result)
                    progress.step()
        else:
            for item in items:
                results.append(fn(item))
                progress.step()
    finally:
        progress.close()
    return results


def jobs_count(value: int) -> int:
    """``-j 0`` means one job per core."""
    return value if value > 0 else (os.cpu_count() or 1)
