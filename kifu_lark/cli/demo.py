"""``kifu-lark demo``: convert a record to every format that can hold it, then show the
final board — what ``make demo`` runs."""

from __future__ import annotations

import argparse
from functools import partial
from typing import Any

from kifu_lark.api import dumps
from kifu_lark.cli.common import read_records
from kifu_lark.cli.convert import noting_losses
from kifu_lark.cli.show import board_text, node_at
from kifu_lark.errors import KifuError
from kifu_lark.formats.registry import all_formats, get_format
from kifu_lark.model.game import Game

NAME = "demo"
HELP = (
    "convert a record to every registered format of its game that can hold it and show its "
    "final board"
)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a shogi (or シェルト) record")


def run(args: argparse.Namespace) -> int:
    record: Any = read_records(args.file, None, None)[0]
    game = record.game  # "shogi", or another game's name (シェルト records: "shelt")
    if isinstance(record, Game):
        count = f"{sum(1 for node in record.mainline() if node.move is not None)} moves"
    else:
        count = f"{len(record.plies)} plies"
    print(f"# {args.file}: {count}, read as {record.format} ({record.encoding})")
    for fmt in all_formats():
        if fmt.writer is None or fmt.game != game:
            continue
        print(f"\n## {fmt.name}")
        # variations are dropped only where the format cannot hold them, and that is said
        branched = isinstance(record, Game) and any(
            node.variations for node in (record.root, *record.root.walk())
        )
        mainline_only = branched and not fmt.capabilities.branches
        try:
            text, notes = noting_losses(
                partial(dumps, record, fmt.name, mainline_only=mainline_only)
            )
        except KifuError as err:
            print(f"(cannot hold this record: {err.message})")
            continue
        if mainline_only:
            print(f"(main line only: {fmt.name} holds no variations)")
        for note in notes:
            print(f"(note: {note})")
        print(text, end="")
    print("\n## final position")
    if isinstance(record, Game):
        print(board_text(record, node_at(record, None)), end="")
        return 0
    draw = get_format(record.format).board_text
    if draw is None:
        raise KifuError(
            f"{record.format} records cannot be shown",
            code="USAGE",
            hint="kifu-lark formats lists the formats that draw a board",
        )
    print(draw(record, None), end="")
    return 0
