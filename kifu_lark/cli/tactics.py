"""``kifu-lark tactics``: the 戦法, 囲い, 手筋 and 備考 found in records (``--list``: the tactics
kifu-lark knows).

Exit status 0 when every file was read, 1 when one could not be, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from kifu_lark.cli.common import (
    WALK_HELP,
    add_read_options,
    check_read_options,
    expand,
    read_records,
)
from kifu_lark.errors import KifuError
from kifu_lark.tactics import find, names, shipped

NAME = "tactics"
HELP = "list the tactics (戦法, 囲い, 手筋, 備考) each side plays in records"
EPILOG = (
    WALK_HELP + ". Text lines are FILE:PLY: ▲ CATEGORY NAME, then ← PARENTS for a tactic "
    "that refines others (game N: before them for multi-game files); --format json gives the "
    "same as objects. See docs/tactics.md."
)
_MARKS = {"先手": "▲", "後手": "△"}


def _lineage(parents: tuple[str, ...] | list[str]) -> str:
    """' ← 美濃囲い, 片美濃囲い' after a tactic that refines others, else nothing."""
    return f" ← {', '.join(parents)}" if parents else ""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", metavar="FILE", help="record files or folders")
    add_read_options(parser)
    parser.add_argument(
        "--format",
        dest="output_format",
        choices=("text", "json"),
        default="text",
        help="text (one line per tactic) or json",
    )
    parser.add_argument(
        "--list", action="store_true", help="list every tactic that can be found, and exit"
    )


def _found(path: str, args: argparse.Namespace) -> dict[str, Any]:

    try:
        records = read_records(path, args.source_format, args.encoding, args.tolerate)
    except KifuError as err:
        return {"file": path, "error": err.reword(args.words).to_dict(), "games": []}
    games = [
        [
            {
                "side": f.side.kanji,
                "category": f.category,
                "name": f.name,
                "ply": f.ply,
                "parents": list(f.parents),
            }
            for f in find(record)
        ]
        for record in records
    ]
    return {"file": path, "error": None, "games": games}


def _list(style: str) -> int:

    known = names()
    parents = {t.name: t.replaces for t in shipped()}
    if style == "json":
        rows = [
            {
                "category": n.category,
                "name": n.name,
                "aliases": list(n.aliases),
                "parents": list(parents.get(n.name, ())),
            }
            for n in known
        ]
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    for n in known:
        aliases = f" ({', '.join(n.aliases)})" if n.aliases else ""
        print(f"{n.category} {n.name}{aliases}{_lineage(parents.get(n.name, ()))}")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.list:
        return _list(args.output_format)
    check_read_options(args)
    if not args.files:
        raise KifuError("no record files given", code="USAGE", hint="kifu-lark tactics FILE…")
    files = [str(p) for p in expand(args.files, args.source_format, args.globs)]
    if not files:
        raise KifuError("no record files found", code="USAGE")
    results = [_found(path, args) for path in files]
    if args.output_format == "json":
        print(json.dumps({"files": results}, ensure_ascii=False, indent=1))
    else:
        for result in results:
            if result["error"] is not None:
                err = result["error"]
                where = ":".join(str(err[k]) for k in ("line", "column") if err.get(k) is not None)
                print(f"{result['file']}:{where}: error: {err['message']} [{err['code']}]")
            many = len(result["games"]) > 1
            for number, game in enumerate(result["games"], 1):
                prefix = f"game {number}: " if many else ""
                for item in game:
                    mark = _MARKS[item["side"]]
                    print(
                        f"{result['file']}:{item['ply']}: {prefix}{mark} {item['category']} "
                        f"{item['name']}{_lineage(item['parents'])}"
                    )
    return 1 if any(r["error"] is not None for r in results) else 0
