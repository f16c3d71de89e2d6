"""``kifu-lark pieces``: the piece table, with each kind's names and movement."""

from __future__ import annotations

import argparse
import json

from kifu_lark.errors import KifuError
from kifu_lark.model.variant import STANDARD, Variant, find_variant
from kifu_lark.pieces import PieceInfo, piece_table

NAME = "pieces"
HELP = "list every piece kind: names in each notation, promotion and movement"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--variant", default="standard", help="standard (default), minishogi, or a size like 3x3"
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def variant_arg(name: str) -> Variant:
    """The variant named on the command line; a usage error when unknown."""
    try:
        return find_variant(name)
    except KeyError:
        raise KifuError(
            f"unknown variant {name!r}", code="USAGE", hint="standard, minishogi or NxM (3x3)"
        ) from None


def _row(info: PieceInfo) -> dict[str, object]:
    return {
        "kind": info.kind.name,
        "kanji": info.kanji,
        "kif": info.kif,
        "csa": info.csa,
        "usi": info.usi,
        "english": info.english,
        "promoted": info.promoted.name if info.promoted else None,
        "droppable": info.droppable,
        "steps": sorted(info.steps),
        "slides": sorted(info.slides),
        "grid": info.grid(),
    }


def _block(info: PieceInfo) -> list[str]:
    promotion = (
        f"promotes to {info.promoted.kanji} ({info.promoted.csa})" if info.promoted else ""
    )
    if info.kind.is_promoted:
        promotion = f"promoted {info.unpromoted.kanji}; captured as {info.unpromoted.kanji}"
    head = (
        f"{info.kanji}  {info.english:<16} CSA {info.csa}  USI {info.usi:<2}  "
        f"KIF {info.kif}  {promotion}"
    )
    return [head.rstrip(), *("    " + row for row in info.grid())]


def run(args: argparse.Namespace) -> int:
    variant = variant_arg(args.variant) if args.variant else STANDARD
    table = piece_table(variant)
    if args.json:
        print(json.dumps([_row(info) for info in table], ensure_ascii=False, indent=1))
        return 0
    print(f"{variant.name}: {len(table)} kinds. 〇 one step, ｜－／＼ any distance, ahead is up.")
    for info in table:
        print()
        print("\n".join(_block(info)))
    return 0
