"""``kifu-lark demo``: convert a record to every format that can hold it, then show the
final board — what ``make demo`` runs."""

from __future__ import annotations

import argparse

from kifu_lark.api import dumps
from kifu_lark.cli.common import read_records
from kifu_lark.cli.show import board_text, node_at
from kifu_lark.errors import KifuError
from kifu_lark.formats.registry import all_formats

NAME = "demo"
HELP = "convert a record to every registered format that can hold it and show its final board"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a shogi record")


def run(args: argparse.Namespace) -> int:
    game = read_records(args.file, None, None)[0]
    moves = sum(1 for node in game.mainline() if node.move is not None)
    print(f"# {args.file}: {moves} moves, read as {game.format} ({game.encoding})")
    for fmt in all_formats():
        if fmt.writer is None or fmt.game != "shogi":
            continue
        print(f"\n## {fmt.name}")
        try:
            print(dumps(game, fmt.name, mainline_only=True), end="")
        except KifuError as err:
            print(f"(cannot hold this record: {err.message})")
    print("\n## final position")
    print(board_text(game, node_at(game, None)), end="")
    return 0
