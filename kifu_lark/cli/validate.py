"""``kifu-lark validate``: check records strictly, for people and for CI.

Exit status 0 when every file is valid, 1 when one is not, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from kifu_lark.cli.common import (
    WALK_HELP,
    add_read_options,
    check_read_options,
    expand,
    jobs_count,
    parallel_map,
    read_records,
)
from kifu_lark.errors import KifuError

NAME = "validate"
HELP = "check records strictly; exit 0 valid, 1 invalid, 2 usage"
EPILOG = WALK_HELP + ". Misspelled options (--from, --tolerate, --encoding) are usage errors."


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help="record files or folders (recursive)"
    )
    add_read_options(parser)
    parser.add_argument(
        "--format",
        dest="output_format",
        choices=("text", "json", "github"),
        default="text",
        help="report style: text (file:line:col: message), json, or github (Actions annotations)",
    )
    parser.add_argument("--json", action="store_true", help="same as --format json")
    parser.add_argument(
        "-j", "--jobs", type=int, default=1, help="parallel jobs (0 = one per core)"
    )


def _check(job: tuple[str, argparse.Namespace]) -> dict[str, Any]:
    path, args = job
    try:
        records = read_records(path, args.source_format, args.encoding, args.tolerate)
    except KifuError as err:
        return {"file": path, "valid": False, "errors": [err.to_dict()], "warnings": [], "games": 0}
    warnings = [
        {"code": w.code, "message": w.message, "ply": w.ply, "line": w.line, "column": w.column}
        for r in records
        for w in getattr(r, "warnings", [])
    ]
    return {"file": path, "valid": True, "errors": [], "warnings": warnings, "games": len(records)}


def _text_line(path: str, item: dict[str, Any], level: str) -> str:
    where = ":".join(str(item[k]) for k in ("line", "column") if item.get(k) is not None)
    prefix = f"{path}:{where}" if where else path
    ply = f"move {item['ply']}: " if item.get("ply") else ""
    code = f" [{item['code']}]" if item.get("code") else ""
    hint = f" ({item['hint']})" if item.get("hint") else ""
    return f"{prefix}: {level}: {ply}{item['message']}{code}{hint}"


def _github_line(path: str, item: dict[str, Any], level: str) -> str:
    parts = [f"file={path}"]
    if item.get("line") is not None:
        parts.append(f"line={item['line']}")
    if item.get("column") is not None:
        parts.append(f"col={item['column']}")
    message = item["message"] + (f" [{item['code']}]" if item.get("code") else "")
    message = message.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return f"::{level} {','.join(parts)}::{message}"


def run(args: argparse.Namespace) -> int:
    check_read_options(args)
    style = "json" if args.json else args.output_format
    files = [str(p) for p in expand(args.files, args.source_format, args.globs)]
    if not files:
        raise KifuError(
            "no record files found",
            code="USAGE",
            hint="check the paths; in a folder, files are found by extension (--glob)",
        )
    results = parallel_map(_check, [(f, args) for f in files], jobs_count(args.jobs), "validate")
    valid = sum(1 for r in results if r["valid"])
    summary = f"{len(results)} files, {valid} valid, {len(results) - valid} invalid"
    if style == "json":
        print(
            json.dumps(
                {
                    "files": results,
                    "summary": {
                        "files": len(results),
                        "valid": valid,
                        "invalid": len(results) - valid,
                    },
                },
                ensure_ascii=False,
                indent=1,
            )
        )
    else:
        line = _github_line if style == "github" else _text_line
        for result in results:
            for err in result["errors"]:
                print(line(result["file"], err, "error"))
            for warn in result["warnings"]:
                print(line(result["file"], warn, "warning"))
        print(summary, file=sys.stderr if style == "github" else sys.stdout)
    return 0 if valid == len(results) else 1
