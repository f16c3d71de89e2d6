"""``kifu-lark tactics``: the 戦法, 囲い, 手筋 and 備考 found in records (``--list``: the tactics
kifu-lark knows; ``--explain``: the squares and clauses that matched; ``--stats``: counts per
side and tactic over every game read).

Exit status 0 when every file was read, 1 when one could not be, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
from collections import Counter
from typing import Any

from kifu_lark.cli.common import (
    WALK_HELP,
    add_read_options,
    check_read_options,
    expand,
    read_records,
)
from kifu_lark.errors import KifuError, UnsupportedFeatureError
from kifu_lark.model.game import Game
from kifu_lark.model.square import Square
from kifu_lark.tactics import Found, find, names, shipped

NAME = "tactics"
HELP = "list the tactics (戦法, 囲い, 手筋, 備考) each side plays in records"
EPILOG = (
    WALK_HELP + ". Text lines are FILE:PLY: ▲ CATEGORY NAME, then ← PARENTS for a tactic "
    "that refines others (game N: before them for multi-game files); --format json gives the "
    "same as objects, csv one row each. --explain adds the squares its pattern names, the "
    "squares its motion clauses matched (pieces attacked, the king checked) and its file's "
    "conditions. --stats counts, over every game read, the games where each side has each "
    "tactic. See docs/tactics.md."
)
_MARKS = {"先手": "▲", "後手": "△"}
_SIDES = ("先手", "後手")
_RANKS = "一二三四五六七八九"


def square_name(square: Square) -> str:
    """``2三``: a square as players write it (file digit, rank kanji; rank 10 and up as
    digits on larger boards)."""
    rank = _RANKS[square.rank - 1] if square.rank <= len(_RANKS) else str(square.rank)
    return f"{square.file}{rank}"


def _item(found: Found, explain: bool) -> dict[str, Any]:
    """One found tactic as a JSON object (with ``squares``, ``targets`` and ``clauses``
    when explaining)."""
    item: dict[str, Any] = {
        "side": found.side.kanji,
        "category": found.category,
        "name": found.name,
        "ply": found.ply,
        "parents": list(found.parents),
    }
    if explain:
        item["squares"] = [square_name(s) for s in found.squares]
        item["targets"] = [square_name(s) for s in found.targets]
        item["clauses"] = list(found.clauses)
    return item


def _lineage(parents: tuple[str, ...] | list[str]) -> str:
    """' ← 美濃囲い, 片美濃囲い' after a tactic that refines others, else nothing."""
    return f" ← {', '.join(parents)}" if parents else ""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", metavar="FILE", help="record files or folders")
    add_read_options(parser)
    parser.add_argument(
        "--format",
        dest="output_format",
        choices=("text", "json", "csv"),
        default="text",
        help="text (one line per tactic), json or csv",
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="with each tactic, the squares and the conditions that matched",
    )
    parser.add_argument(
        "--stats",
        action="store_true",
        help="count, over every game read, the games where each side has each tactic",
    )
    parser.add_argument(
        "--list", action="store_true", help="list every tactic that can be found, and exit"
    )


def _found(path: str, args: argparse.Namespace) -> dict[str, Any]:

    try:
        records = read_records(path, args.source_format, args.encoding, args.tolerate)
    except KifuError as err:
        return {"file": path, "error": err.reword(args.words).to_dict(), "games": []}
    if not all(isinstance(record, Game) for record in records):
        # シェルト's records read too, but the tactics are shogi's
        refusal = UnsupportedFeatureError(
            "not a shogi game record: its tactics are not looked for",
            format=getattr(records[0], "format", None),
            hint="give shogi records (KIF, KI2, CSA, JKF, USI …)",
        )
        return {"file": path, "error": refusal.to_dict(), "games": []}
    games = [[_item(f, args.explain) for f in find(record)] for record in records]
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
    failed = 1 if any(r["error"] is not None for r in results) else 0
    if args.stats:
        _print_stats(results, args.output_format)
        return failed
    if args.output_format == "json":
        print(json.dumps({"files": results}, ensure_ascii=False, indent=1))
    elif args.output_format == "csv":
        _print_csv(results, args.explain)
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
                    if args.explain:
                        _print_explained(item)
    return failed


def _print_explained(item: dict[str, Any]) -> None:
    """The indented lines ``--explain`` adds under a tactic's line."""
    if item["squares"]:
        print(f"    squares: {' '.join(item['squares'])}")
    if item["targets"]:
        print(f"    targets: {' '.join(item['targets'])}")
    for clause in item["clauses"]:
        print(f"    clause: {clause}")


def _print_csv(results: list[dict[str, Any]], explain: bool) -> None:
    """One row per tactic found (an unreadable file: one row with its error)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    head = ["file", "game", "ply", "side", "category", "name", "parents", "error"]
    writer.writerow(head + (["squares", "targets", "clauses"] if explain else []))
    for result in results:
        if result["error"] is not None:
            writer.writerow([result["file"], "", "", "", "", "", "", result["error"]["message"]])
        for number, game in enumerate(result["games"], 1):
            for item in game:
                row = [result["file"], number, item["ply"], item["side"], item["category"]]
                row += [item["name"], " ".join(item["parents"]), ""]
                if explain:
                    row += [" ".join(item["squares"]), " ".join(item["targets"])]
                    row.append("; ".join(item["clauses"]))
                writer.writerow(row)
    print(out.getvalue(), end="")


def _print_stats(results: list[dict[str, Any]], style: str) -> None:
    """The number of games where each side has each tactic, most frequent first."""
    counts: Counter[tuple[str, str, str]] = Counter()
    games = 0
    for result in results:
        for game in result["games"]:
            games += 1
            for item in game:
                counts[(item["category"], item["name"], item["side"])] += 1
    tactics = sorted({(category, name) for category, name, _ in counts})
    rows: list[dict[str, Any]] = []
    for category, name in tactics:
        black, white = counts[(category, name, "先手")], counts[(category, name, "後手")]
        row = {"category": category, "name": name, "先手": black, "後手": white}
        rows.append({**row, "total": black + white})
    rows.sort(key=lambda row: -int(row["total"]))
    errors = [r["file"] for r in results if r["error"] is not None]
    if style == "json":
        summary = {"files": len(results), "games": games, "unread": errors, "tactics": rows}
        print(json.dumps(summary, ensure_ascii=False, indent=1))
        return
    if style == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["category", "name", *_SIDES, "total"])
        for row in rows:
            writer.writerow([row["category"], row["name"], row["先手"], row["後手"], row["total"]])
        print(out.getvalue(), end="")
        return
    print(f"{len(results)} files, {games} games" + (f", {len(errors)} unread" if errors else ""))
    print("先手  後手  total  category name")
    for row in rows:
        counts_text = f"{row['先手']:>4}  {row['後手']:>4}  {row['total']:>5}"
        print(f"{counts_text}  {row['category']} {row['name']}")
    for path in errors:
        print(f"{path}: not read")
