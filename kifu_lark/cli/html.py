"""``kifu-lark html``: a record as one offline HTML page to step through
(:func:`kifu_lark.render.html`; keys and script API in ``docs/viewer.md``), or a folder of
records as a folder of pages with an ``index.html`` (:mod:`kifu_lark.cli.html_folder`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kifu_lark.cli.common import (
    WALK_HELP,
    add_read_options,
    check_read_options,
    read_records,
    shogi_game,
)
from kifu_lark.cli.html_folder import write_folder
from kifu_lark.files import write_atomically
from kifu_lark.formats.move_text import NOTATIONS
from kifu_lark.model.game import Game
from kifu_lark.render.svg import GLYPHS
from kifu_lark.render.viewer import html

NAME = "html"
HELP = (
    "write a record as one HTML page that works offline: board, moves, variations, comments, "
    "evaluation graph and time chart (a folder: a page per record and an index.html)"
)
EPILOG = (
    "keys on the page: ←/→ or k/j one move, Home/End the ends, ↑/↓ or Shift+←/→ the other "
    "variations at a branch, f flips the board, a shows a problem's answer. The tactics found "
    "(戦法, 囲い, 手筋, 備考) are marked on their moves. A problem (手合割：詰将棋, or a start "
    "where only the side not to move has a king) opens with its answer hidden. A folder in: "
    + WALK_HELP + "; the pages mirror the folder in OUT (X.kif becomes OUT/X.html, a file of "
    "several games X-1.html …) beside an index.html listing players, date, result, moves and "
    "tactics. Each file is written to a temporary name and renamed, and an existing one is "
    "replaced only with --overwrite. Exit status: 0 written, 1 invalid record, 2 usage or I/O "
    "error (or an output that exists)"
)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="record file or folder, or - for stdin")
    parser.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        required=True,
        help="the page to write (e.g. game.html); for a folder, the folder of pages",
    )
    parser.add_argument(
        "--game",
        type=int,
        metavar="N",
        help="the N-th game of the file (default: the first; in a folder, every game)",
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
    parser.add_argument(
        "--title",
        help="the page's title (default: the players); for a folder, the index's (default: "
        "the folder's name)",
    )
    parser.add_argument(
        "--overwrite",
        "--force",
        action="store_true",
        help="replace a page (for a folder: pages and an index.html) that exists",
    )
    parser.add_argument(
        "--no-tactics",
        dest="tactics",
        action="store_false",
        help="do not look for tactics: no marks on the moves, none in the index",
    )
    parser.add_argument(
        "--tsume",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="open the page as a problem, its answer hidden until asked (--no-tsume: never; "
        "default: when the record is one)",
    )
    add_read_options(parser)


def run(args: argparse.Namespace) -> int:
    check_read_options(args)
    if args.file != "-" and Path(args.file).is_dir():
        return write_folder(args)
    records = read_records(args.file, args.source_format, args.encoding, args.tolerate)
    record: Game = shogi_game(records, args.game, args.file, "the page shows")
    page = html(
        record,
        notation=args.notation,
        glyphs=args.glyphs,
        title=args.title,
        tactics=args.tactics,
        tsume=args.tsume,
    )
    # through a temporary file renamed into place: an interrupted run leaves no half page,
    # and an existing page is refused (EXISTS, exit 2) unless asked, as convert does
    write_atomically(Path(args.output), page.encode("utf-8"), overwrite=args.overwrite)
    print(f"wrote {args.output} (HTML)", file=sys.stderr)
    return 0
