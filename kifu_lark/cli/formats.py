"""``kifu-lark formats``: list the registered formats and what each can hold."""

from __future__ import annotations

import argparse
import json

from kifu_lark.formats.base import Format
from kifu_lark.formats.registry import all_formats

NAME = "formats"
HELP = "list the registered formats and what each can hold"

_HOLDS = (
    "branches",
    "comments",
    "times",
    "start_positions",
    "headers",
    "specials",
    "multiple_games",
)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--names", action="store_true", help="print the names only")
    parser.add_argument("--game", help="only the formats of this game (shogi, shelt …)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _row(fmt: Format) -> dict[str, object]:
    caps = fmt.capabilities
    return {
        "name": fmt.name,
        "aliases": list(fmt.aliases),
        "extensions": list(fmt.extensions),
        "game": fmt.game,
        "writes": fmt.writer is not None,
        "variants": sorted(fmt.variants),
        "min_ranks": fmt.min_ranks,
        "holds": [h for h in _HOLDS if getattr(caps, h)],
        "description": fmt.description,
    }


def variants(fmt: Format) -> str:
    """The variants a format holds, as ``kifu-lark formats`` says them (``any``; ``any, 2
    ranks or more``)."""
    shown = ", ".join(sorted(fmt.variants))
    return shown + (f", {fmt.min_ranks} ranks or more" if fmt.min_ranks > 1 else "")


def run(args: argparse.Namespace) -> int:
    chosen = [f for f in all_formats() if args.game is None or f.game == args.game]
    if args.names:
        print("\n".join(f.name for f in chosen))
    elif args.json:
        print(json.dumps([_row(f) for f in chosen], ensure_ascii=False, indent=1))
    else:
        for fmt in chosen:
            row = _row(fmt)
            rw = "read/write" if fmt.writer else "read"
            print(f"{fmt.name:14} {' '.join(fmt.extensions):18} {rw:10} {fmt.description}")
            holds = ", ".join(row["holds"]) or "moves only"  # type: ignore[arg-type]
            print(f"{'':14} holds: {holds}; variants: {variants(fmt)}")
    return 0
