"""``kifu-lark animate``: a record's main line as an animated GIF, APNG or WebP, a frame per
position with the last move marked (:func:`kifu_lark.render.animate`)."""

from __future__ import annotations

import argparse

from kifu_lark.cli.common import (
    add_read_options,
    check_read_options,
    read_records,
    shogi_game,
)
from kifu_lark.cli.pictures import (
    add_picture_options,
    bounded,
    refuse_existing,
    write_picture,
)
from kifu_lark.errors import KifuError
from kifu_lark.model.game import Game, Node
from kifu_lark.render.animation import (
    ANIMATION_FORMATS,
    DELAY_RANGE,
    SUFFIXES,
    TIMED_RANGE,
    AnimationFormat,
    animate,
    animation_format,
)

NAME = "animate"
HELP = (
    "write a record's main line (or --line) as an animation (GIF, APNG or WebP): the start "
    "and a frame after each move, the last move marked"
)
EPILOG = (
    "the format comes from OUT's suffix (.gif; .png or .apng: APNG; .webp) or --format. "
    "Needs the images extra: pip install 'kifu-lark[images]'. Each frame shows for --delay "
    "ms, or with --delay-from times for the time the player to move took over the next "
    f"move, times --time-scale, within {TIMED_RANGE[0]} to {TIMED_RANGE[1]} ms; the last "
    "frame for --end-delay ms. The file is written to a temporary name and renamed; one "
    "that exists is replaced only with --overwrite. Exit status: 0 written, 1 invalid "
    "record, 2 usage or I/O error (or an output that exists)"
)


_delay = bounded(*DELAY_RANGE, "ms")


def _scale(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value <= 100:
        raise argparse.ArgumentTypeError(f"{value}: give a number above 0, at most 100")
    return value


def _choices(text: str) -> list[tuple[int, int]]:
    """``--line``'s value: (move, alternative) pairs, moves in increasing order."""
    found = []
    for part in text.split(","):
        ply, _, n = part.strip().partition(":")
        if not (ply.isdigit() and n.isdigit() and int(ply) >= 1 and int(n) >= 1):
            raise argparse.ArgumentTypeError(f"{part!r}: give PLY:N, e.g. 4:2")
        found.append((int(ply), int(n)))
    if [ply for ply, _ in found] != sorted({ply for ply, _ in found}):
        raise argparse.ArgumentTypeError("give each move once, in increasing order: 4:2,7:2")
    return found


def line_node(game: Game, choices: list[tuple[int, int]]) -> Node:
    """The node at the end of the choices of ``--line``: from the start along first
    continuations, at each chosen move its N-th alternative.

    Raises:
        KifuError: ``USAGE`` when the line is shorter than a move chosen or has fewer
            alternatives there.
    """
    node = game.root
    for ply, n in choices:
        while node.ply < ply - 1 and node.children:
            node = node.children[0]
        written = list(node.children)  # a special (投了) written there counts too
        if node.ply < ply - 1 or not written:
            moves = sum(1 for step in node.path() if step.move is not None)
            raise KifuError(
                f"--line {ply}:{n}: the line ends before move {ply}",
                code="USAGE",
                hint=f"the line has {moves} moves",
            )
        if n > len(written):
            raise KifuError(
                f"--line {ply}:{n}: move {ply} has {len(written)} alternative(s) there",
                code="USAGE",
                hint=f"N counts from 1 (the line's own move) to {len(written)}",
            )
        node = written[n - 1]
    return node


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="record file, or - for stdin")
    parser.add_argument(
        "-o", "--output", metavar="OUT", required=True, help="the animation to write"
    )
    parser.add_argument(
        "--format",
        choices=ANIMATION_FORMATS,
        help="gif, apng or webp (default: from OUT's suffix)",
    )
    parser.add_argument(
        "--game", type=int, metavar="N", help="the N-th game of the file (default: the first)"
    )
    parser.add_argument(
        "--line",
        type=_choices,
        metavar="PLY:N[,PLY:N…]",
        help="a variation: at move PLY take the N-th move written there (1 is the main "
        "line's, 2 the first variation's), then on along each move's first continuation; "
        "e.g. 4:2 or 4:2,7:2 (default: the main line)",
    )
    parser.add_argument(
        "--delay",
        type=_delay,
        default=1000,
        metavar="MS",
        help="how long each frame shows, in ms (default 1000; rounded to 10 ms)",
    )
    parser.add_argument(
        "--delay-from",
        choices=("times",),
        help="times: each position shows for the time the next move took (a move without a "
        "time: --delay)",
    )
    parser.add_argument(
        "--time-scale",
        type=_scale,
        default=0.1,
        metavar="X",
        help="with --delay-from times: ms shown per ms thought (default 0.1: a minute's "
        "thought shows for 6 s)",
    )
    parser.add_argument(
        "--end-delay",
        type=_delay,
        default=3000,
        metavar="MS",
        help="how long the last frame shows before the animation starts again (default 3000)",
    )
    add_picture_options(parser, "the frames")
    add_read_options(parser)


def run(args: argparse.Namespace) -> int:
    check_read_options(args)
    kind = args.format or _format_of(args.output)
    refuse_existing([args.output], args.overwrite)
    records = read_records(args.file, args.source_format, args.encoding, args.tolerate)
    record: Game = shogi_game(records, args.game, args.file, "animate draws")
    data = animate(
        record,
        kind,
        line=line_node(record, args.line) if args.line else None,
        delay=args.delay,
        delay_from=args.delay_from,
        time_scale=args.time_scale,
        end_delay=args.end_delay,
        width=args.size,
        flipped=args.flip,
        glyphs=args.glyphs or "kanji",
    )
    write_picture(data, args.output, kind.upper(), args.overwrite)
    return 0


def _format_of(path: str) -> AnimationFormat:
    """The format OUT's suffix names.

    Raises:
        KifuError: ``USAGE`` for a suffix that names none.
    """
    try:
        return animation_format(path)
    except ValueError as err:
        raise KifuError(
            str(err),
            code="USAGE",
            text=path,
            hint=f"name the file {' or '.join(SUFFIXES)}, or pass --format",
        ) from None
