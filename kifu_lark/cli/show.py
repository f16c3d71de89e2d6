"""``kifu-lark show``: print the board of a record at a ply (text, or SVG with ``--svg``),
then how its main line ends and whether the rules agree (``ending: 投了 (後手 wins) —
agrees: …``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from kifu_lark.cli.common import (
    add_read_options,
    add_verdict_options,
    read_records,
    verdict_rule,
)
from kifu_lark.dataset.verdict_reports import ending_word, judge
from kifu_lark.errors import KifuError
from kifu_lark.explore import destinations, mark_destinations_text
from kifu_lark.files import write_atomically
from kifu_lark.formats.base import WriteOptions
from kifu_lark.formats.registry import get_format
from kifu_lark.model.game import Game, Node
from kifu_lark.model.move import SpecialKind
from kifu_lark.model.square import Square
from kifu_lark.render.svg import GLYPHS, svg_board

NAME = "show"
HELP = "print the board of a record after a given ply (default: the end of the main line)"


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
        "--glyphs",
        choices=GLYPHS,
        help="with --svg, for shogi: kanji pieces (default; needs a CJK font where the "
        "picture is shown) or letters (P, +R: legible with any font)",
    )
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
    if args.glyphs and not args.svg:
        raise KifuError(
            "--glyphs chooses the letters of an SVG picture",
            code="USAGE",
            hint="pass --svg OUT too",
        )
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
    if args.svg:
        marks: list[Square] = []
        if args.moves:
            marks = destinations(record.position_at(node), _square(args.moves))
        svg = svg_board(
            record.position_at(node),
            last_move=node.move,
            marks=marks,
            glyphs=args.glyphs or "kanji",
        )
        _write_svg(svg, args.svg)
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


def _write_svg(svg: str, path: str) -> None:
    """Write the picture (through a temporary file renamed into place) and say where.

    Raises:
        KifuError: ``IO`` when ``path`` cannot be written, with what to check.
    """
    write_atomically(Path(path), svg.encode("utf-8"))
    print(f"wrote {path} (SVG)", file=sys.stderr)


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
    if args.svg:
        if fmt.board_svg is None:
            raise KifuError(
                f"{fmt.name} records have no SVG picture", code="USAGE", hint="leave --svg out"
            )
        _write_svg(fmt.board_svg(record, args.ply), args.svg)
        return 0
    if fmt.board_text is None:
        raise KifuError(
            f"{fmt.name} records cannot be shown",
            code="USAGE",
            hint="kifu-lark formats lists the formats that draw a board",
        )
    print(fmt.board_text(record, args.ply), end="")
    return 0
