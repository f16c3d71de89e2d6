"""``kifu-lark versus``: two computer players play a game; the record is printed and saved."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TextIO

from kifu_lark.api import dump, dumps
from kifu_lark.cli.pieces import variant_arg
from kifu_lark.errors import KifuError
from kifu_lark.explore import board_text, move_text
from kifu_lark.formats.base import Format
from kifu_lark.formats.registry import all_formats, format_for_path, get_format
from kifu_lark.model.game import Game
from kifu_lark.model.move import Move
from kifu_lark.model.position import SFEN_HINT, Position
from kifu_lark.players import OnMove, Player, SearchPlayer, play, player_from_spec

NAME = "versus"
HELP = "let two computer players (random, search:N) play a game and save the record"


def configure(parser: argparse.ArgumentParser) -> None:
    add = parser.add_argument
    add("--black", default="random", metavar="PLAYER", help="random (default) or search:N")
    add("--white", default="random", metavar="PLAYER", help="random (default) or search:N")
    add("--variant", default="standard", help="standard (default), minishogi, or a size: 3x3")
    add("--sfen", help="start from this position instead of the variant's usual start")
    add("--max-plies", type=int, default=256, metavar="N", help="stop (中断) after N moves")
    add("--seed", type=int, default=0, help="seed of the random players (white: seed+1)")
    add("-o", "--output", metavar="FILE", help="write the record to FILE (- for stdout)")
    add("--to", dest="target_format", metavar="FMT", help="record format (default: by extension)")
    add("--trace", action="store_true", help="print the search players' search logs")
    add("-q", "--quiet", action="store_true", help="print nothing but errors")


def _player(spec: str, seed: int, trace: TextIO | None) -> Player:
    def log(line: str) -> None:
        print(line, file=trace)

    try:
        return player_from_spec(spec, seed, log if trace else None)
    except ValueError as err:
        raise KifuError(str(err), code="USAGE", hint="a player is random or search:N") from None


def _start(args: argparse.Namespace) -> Position:
    variant = variant_arg(args.variant)
    if args.sfen:
        try:
            return Position.from_sfen(args.sfen, variant if args.variant != "standard" else None)
        except ValueError as err:
            raise KifuError(f"bad --sfen: {err}", code="USAGE", hint=SFEN_HINT) from None
    if variant.start_sfen is None:
        raise KifuError(
            f"the {variant.name} board has no usual start position",
            code="USAGE",
            hint="give one with --sfen",
        )
    return Position.initial(variant)


def _output_format(args: argparse.Namespace, start: Position) -> Format | None:
    """The format to save in, checked before the game is played."""
    if not args.output:
        return None
    if args.target_format:
        fmt: Format | None = get_format(args.target_format)
    else:
        fmt = None if args.output == "-" else format_for_path(args.output)
    if fmt is None:
        raise KifuError(
            f"cannot tell the format of {args.output}", code="USAGE", hint="name it with --to"
        )
    if fmt.writer is None:
        raise KifuError(
            f"format {fmt.name!r} cannot be written",
            code="USAGE",
            hint="kifu-lark formats lists the formats that write",
        )
    if not fmt.holds_variant(start.variant.name):
        raise KifuError(
            f"{fmt.name} cannot hold {start.variant.name} games",
            code="USAGE",
            hint="formats for it: " + ", ".join(_formats_for(start)),
        )
    return fmt


def _formats_for(start: Position) -> list[str]:
    return [
        f.name for f in all_formats() if f.writer and f.holds_variant(start.variant.name)
    ]


def _printer(quiet: bool, out: TextIO) -> OnMove:
    def on_move(ply: int, move: Move, player: Player) -> None:
        if quiet:
            return
        line = f"{ply:>4} {move_text(move)}  {move.usi()}"
        if isinstance(player, SearchPlayer) and player.last is not None:
            line += f"  score {player.last.score:+d}  nodes {player.last.nodes}"
        print(line, file=out, flush=True)

    return on_move


def _fit(game: Game, fmt: Format) -> Game:
    """Drop the final special when ``fmt`` cannot hold it (the moves are what matters)."""
    last = game.mainline()[-1] if game.mainline() else None
    caps = fmt.capabilities
    if last is not None and last.special is not None:
        kinds = caps.special_kinds
        held = caps.specials and (kinds is None or last.special.kind in kinds)
        if not held and last.parent is not None:
            last.parent.children.remove(last)
            last.parent = None
    return game


def run(args: argparse.Namespace) -> int:
    if args.max_plies < 1:
        raise KifuError("--max-plies must be 1 or more", code="USAGE", hint="e.g. --max-plies 200")
    # With the record on stdout, the running commentary goes to stderr.
    out = sys.stderr if args.output == "-" else sys.stdout
    trace = out if args.trace and not args.quiet else None
    black = _player(args.black, args.seed, trace)
    white = _player(args.white, args.seed + 1, trace)
    start = _start(args)
    fmt = _output_format(args, start)
    on_move = _printer(args.quiet, out)
    game = play(black, white, start, max_plies=args.max_plies, on_move=on_move)
    line = game.mainline()
    plies = sum(1 for node in line if node.move is not None)
    end = line[-1].special if line else None
    if not args.quiet:
        print(file=out)
        print(board_text(game.final_position()), end="", file=out)
        if end is not None:
            who = "" if end.color is None else f" ({end.color.kanji} to move)"
            print(f"{end.kind.name.lower()} after {plies} moves{who}", file=out)
    if fmt is not None and args.output == "-":
        sys.stdout.write(dumps(_fit(game, fmt), fmt))
    elif fmt is not None:
        dump(_fit(game, fmt), args.output, fmt)
        if not args.quiet:
            print(f"wrote {os.fspath(args.output)} ({fmt.name})", file=sys.stderr)
    return 0
