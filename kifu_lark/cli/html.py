"""``kifu-lark html``: a record as one offline HTML page to step through
(:func:`kifu_lark.render.html`; keys and script API in ``docs/viewer.md``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from kifu_lark.cli.common import add_read_options, check_read_options, read_records
from kifu_lark.errors import KifuError
from kifu_lark.files import write_atomically
from kifu_lark.formats.move_text import NOTATIONS
from kifu_lark.model.game import Game
from kifu_lark.render.svg import GLYPHS
from kifu_lark.render.viewer import html

NAME = "html"
HELP = "write a record as one HTML page that works offline: board, moves, variations, comments"
EPILOG = (
    "keys on the page: ←/→ or k/j one move, Home/End the ends, ↑/↓ the other variations at a "
    "branch, f flips the board; exit status: 0 written, 1 invalid record, 2 usage or I/O error"
)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="record file, or - for stdin")
    parser.add_argument(
        "-o", "--output", metavar="OUT", required=True, help="the page to write (e.g. game.html)"
    )
    parser.add_argument(
        "--game", type=int, default=1, metavar="N", help="the N-th game of the file"
    )
    parser.add_argument(
        "--notation",
        choices=NOTATIONS,
        help="the move list's words (default: kif for a KIF record, ki2 for any other)",
    )
    parser.add_argument(
        "--glyphs",
        choices=GLYPHS,
        default="kanji",
        help="the board's letters: kanji (default; needs a CJK font in the browser) or "
        "letters (P, +R: legible with any font)",
    )
    parser.add_argument("--title", help="the page's title (default: the players)")
    add_read_options(parser)


def run(args: argparse.Namespace) -> int:
    check_read_options(args)
    records = read_records(args.file, args.source_format, args.encoding, args.tolerate)
    if not 1 <= args.game <= len(records):
        raise KifuError(
            f"{args.file} holds {len(records)} game(s)",
            code="USAGE",
            hint=f"--game counts from 1 to {len(records)}",
        )
    record: Any = records[args.game - 1]
    if not isinstance(record, Game):
        raise KifuError(
            f"{args.file} is a {record.format} record: the page shows shogi records",
            code="USAGE",
            hint="kifu-lark show draws its board",
        )
    page = html(record, notation=args.notation, glyphs=args.glyphs, title=args.title)
    # through a temporary file renamed into place: an interrupted run leaves no half page
    write_atomically(Path(args.output), page.encode("utf-8"))
    print(f"wrote {args.output} (HTML)", file=sys.stderr)
    return 0
