"""``kifu-lark show``: print the board of a record at a ply (text; or a picture with ``--svg``
or ``--png``, in the game or the book style), then how its main line ends and whether the
rules agree (``ending: 投了 (後手 wins) — agrees: …``)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from kifu_lark.cli.common import (
    add_read_options,
    add_verdict_options,
    read_records,
    verdict_rule,
)
from kifu_lark.cli.pictures import add_picture_options, refuse_existing, write_picture
from kifu_lark.dataset.verdict_reports import ending_word, judge
from kifu_lark.errors import KifuError
from kifu_lark.explore import destinations, mark_destinations_text
from kifu_lark.formats.base import WriteOptions
from kifu_lark.formats.registry import get_format
from kifu_lark.model.game import Game, Node
from kifu_lark.model.move import SpecialKind
from kifu_lark.model.square import Square
from kifu_lark.render.raster import svg_to_png
from kifu_lark.render.svg import STYLES, svg_board

NAME = "show"
HELP = "print the board of a record after a given ply (default: the end of the main line)"
EPILOG = (
    "pictures: --svg OUT and --png OUT (the images extra: pip install 'kifu-lark[images]') "
    "draw the board in the game style (wooden board, piece shapes, the last move marked) or "
    "with --style book as a printed diagram (black on white, letters alone, nothing "
    "marked). Each file is written to a temporary name and renamed; one that exists is "
    "replaced only with --overwrite. Exit status: 0 shown, 1 invalid record, 2 usage or I/O "
    "error (or an output that exists)"
)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="record file, or - for stdin")
    parser.add_argument("--ply", type=int, help="show the position after this many moves")
    parser.add_argument(
        "--game",
        type=int,
        metavar="N",
        help="show the N-th game of a file that holds several (CSA games parted by / lines, "
        "USI lines), counting from 1; without it the first, with a note on standard error "
        "saying how many there are",
    )
    parser.add_argument("--svg", metavar="OUT", help="write an SVG picture of the board to OUT")
    parser.add_argument(
        "--png",
        metavar="OUT",
        help="write a PNG picture of the board to OUT (needs the images extra)",
    )
    parser.add_argument(
        "--style",
        choices=STYLES,
        help="with --svg/--png, for shogi: game (default: as a program shows it, the last "
        "move marked) or book (a printed diagram: black on white, no marks)",
    )
    add_picture_options(parser, "with --svg/--png, for shogi", sized="with --png")
    parser.add_argument(
        "--moves", metavar="SQUARE", help="mark where the piece on SQUARE (e.g. 55) can go"
    )
    add_read_options(parser)
    add_verdict_options(parser, judge=False)


def node_at(game: Game, ply: int | None) -> Node:
    """The main-line node after ``ply`` moves (the last one when ``None``)."""
    line = [n for n in game.mainline() if n.move is not None]
    if ply is None:
        return line[-1] if line else game.root
    if not 0 <= ply <= len(line):
        raise KifuError(
            f"the main line has {len(line)} moves, not {ply}",
            code="USAGE",
            hint=f"--ply counts from 0 (the start) to {len(line)}",
        )
    return line[ply - 1] if ply else game.root


def _square(text: str) -> Square:
    digits = text.strip()
    if len(digits) != 2 or not digits.isdigit() or "0" in digits:
        raise KifuError(
            f"not a square: {text!r}", code="USAGE", hint="two digits, file then rank: 55"
        )
    return Square(int(digits[0]), int(digits[1]))


def board_text(game: Game, node: Node) -> str:
    """The KIF-style board diagram (via the ``bod`` format) after ``node``."""
    position = game.position_at(node)
    writer = get_format("bod").writer
    assert writer is not None
    return writer(Game(start=position), WriteOptions())


def run(args: argparse.Namespace) -> int:
    records = read_records(args.file, args.source_format, args.encoding, args.tolerate)
    count = len(records)
    games = f"{count} game{'s' if count != 1 else ''}"
    name = "standard input" if args.file == "-" else args.file
    number = 1 if args.game is None else args.game
    # The file read (read_records refuses one of no game): a number it does not hold is the
    # request's mistake (USAGE, exit 2), as --ply beyond the line is.
    if not 1 <= number <= count:
        raise KifuError(
            f"--game {number}: {name} holds {games}",
            code="USAGE",
            hint=f"--game counts from 1 to {count}",
        )
    _check_picture_options(args)
    if args.game is None and count > 1:
        print(f"{name}: {games}; showing the first (--game N shows game N)", file=sys.stderr)
    record: Any = records[number - 1]
    if not isinstance(record, Game):
        return _show_other(record, args)
    node = node_at(record, args.ply)
    if args.moves:
        square = _square(args.moves)
        if record.position_at(node)[square] is None:
            raise KifuError(
                f"no piece on {args.moves} at this ply",
                code="USAGE",
                hint="name a square holding a piece (see the board without --moves)",
            )
    if args.svg or args.png:
        marks: list[Square] = []
        if args.moves:
            marks = destinations(record.position_at(node), _square(args.moves))
        book = args.style == "book"
        svg = svg_board(
            record.position_at(node),
            last_move=None if book else node.move,
            marks=marks,
            glyphs=args.glyphs or "kanji",
            flipped=args.flip,
            style=args.style or "game",
        )
        _write_pictures(svg, args)
        return 0
    if args.moves:
        print(mark_destinations_text(record.position_at(node), _square(args.moves)), end="")
        return 0
    print(board_text(record, node), end="")
    ending = ending_line(record, verdict_rule(args) or "27")
    if ending is not None:
        print(ending)
    return 0


#: Endings that are draws: a verdict names no winner for them.
_DRAWS = frozenset(
    {
        SpecialKind.REPETITION,
        SpecialKind.IMPASSE,
        SpecialKind.MAX_MOVES,
        SpecialKind.DRAW_DECLARATION,
    }
)


def ending_line(game: Game, impasse: str = "27") -> str | None:
    """How the main line ends and what the rules say of it (``kifu_lark.verdict``):
    ``ending: 投了 (後手 wins) — agrees: 先手, to move, resigns``, ``— contradicted: …`` or
    ``— not judged: …``; ``None`` for another game's record."""
    found = judge(game, impasse)
    if found is None:
        return None
    said = {True: "agrees", False: "contradicted", None: "not judged"}[found.agrees]
    declared = found.declared
    if declared is None:
        return f"ending: none — {found.reason}"
    if found.winner is not None:
        result = f" ({found.winner.kanji} wins)"
    else:
        result = " (draw)" if declared.kind in _DRAWS else ""
    return f"ending: {ending_word(declared.kind)}{result} — {said}: {found.reason}"


def _check_picture_options(args: argparse.Namespace) -> None:
    """Refuse a picture option without a picture to apply to, and marks in a book diagram.

    Raises:
        KifuError: ``USAGE`` naming the option and what it needs.
    """
    picture = args.svg or args.png
    for option, given in (
        ("--glyphs", args.glyphs),
        ("--style", args.style),
        ("--flip", args.flip),
        ("--size", args.size),
    ):
        if given and not picture:
            raise KifuError(
                f"{option} sets how a picture is drawn",
                code="USAGE",
                hint="pass --svg OUT or --png OUT too",
            )
    if args.size and not args.png:
        raise KifuError(
            "--size sets a PNG picture's width (an SVG scales to any size)",
            code="USAGE",
            hint="pass --png OUT too",
        )
    if args.style == "book" and args.moves and picture:
        raise KifuError(
            "a book-style diagram marks nothing: --moves cannot be drawn",
            code="USAGE",
            hint="leave --moves out, or draw the game style",
        )


def _write_pictures(svg: str, args: argparse.Namespace) -> None:
    """Write the SVG and/or its PNG (each through a temporary file renamed into place) and
    say where; an output that exists is refused before either is written.

    Raises:
        KifuError: ``EXISTS`` for an output that exists (without ``--overwrite``); ``IO``
            when one cannot be written; ``MISSING_EXTRA`` for a PNG without resvg-py.
    """
    refuse_existing([p for p in (args.svg, args.png) if p], args.overwrite)
    data = svg_to_png(svg, width=args.size) if args.png else b""
    if args.svg:
        write_picture(svg.encode("utf-8"), args.svg, "SVG", args.overwrite)
    if args.png:
        write_picture(data, args.png, "PNG", args.overwrite)


def _show_other(record: Any, args: argparse.Namespace) -> int:
    """``show`` for a record of another game (シェルト): its format's text drawing, or its
    picture with ``--svg``; what the format cannot draw is refused (exit 2), never skipped."""
    fmt = get_format(record.format)
    game = fmt.game
    if args.moves:
        raise KifuError(
            f"--moves marks where a shogi piece can go; not available for {game} records",
            code="USAGE",
            hint="leave --moves out",
        )
    for option, given in (("--style", args.style), ("--flip", args.flip)):
        if given:
            raise KifuError(
                f"{option} draws a shogi board; not available for {game} records",
                code="USAGE",
                hint=f"leave {option} out",
            )
    if args.svg or args.png:
        if fmt.board_svg is None:
            raise KifuError(
                f"{fmt.name} records have no picture",
                code="USAGE",
                hint="leave --svg and --png out",
            )
        _write_pictures(fmt.board_svg(record, args.ply), args)
        return 0
    if fmt.board_text is None:
        raise KifuError(
            f"{fmt.name} records cannot be shown",
            code="USAGE",
            hint="kifu-lark formats lists the formats that draw a board",
        )
    print(fmt.board_text(record, args.ply), end="")
    return 0
