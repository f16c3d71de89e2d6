"""``kifu-lark validate``: check records strictly, for people and for CI.

Exit status 0 when every file is valid, 1 when one is not, 2 on a usage error. The files
are read by the export machinery (``kifu_lark.dataset``): folders, globs, ``@list`` files and
archives as sources, in this process, on a process pool (``-j``) or on Dask.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
from typing import Any

from kifu_lark.cli.common import (
    WALK_HELP,
    add_read_options,
    add_verdict_options,
    check_read_options,
    issue_item,
    jobs_count,
    no_record_files,
    read_records,
    report_line,
    tolerate_list,
    verdict_rule,
)
from kifu_lark.dataset.engines import ENGINES, Progress
from kifu_lark.dataset.engines import run as run_shards
from kifu_lark.dataset.shards import SHARD_SIZE, plan
from kifu_lark.dataset.sources import archive_kind, expand_sources
from kifu_lark.dataset.tasks import ReadOptions, ValidateTask, validity_report
from kifu_lark.errors import KifuError

NAME = "validate"
HELP = "check records strictly; exit 0 valid, 1 invalid, 2 usage"
EPILOG = (
    WALK_HELP
    + "; globs, @FILE (a list of sources, one a line) and archives (.zip, .tar.gz, .7z) are read "
    "too, archive members named ARCHIVE/MEMBER. Misspelled options (--from, --tolerate, "
    "--encoding) are usage errors. --verdicts also weighs each main line's ending (投了, 詰み, "
    "千日手, 入玉宣言 …), and that of every variation ending with one, against the rules: one "
    "they contradict makes the record invalid (code VERDICT, on the ending's line, naming "
    "the variation), see docs/endings.md."
)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="record files, folders (recursive), globs, @lists, archives; - for standard input",
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
    add_verdict_options(parser)
    parser.add_argument(
        "-j", "--jobs", type=int, default=1, help="parallel jobs (0 = one per core)"
    )
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        help="serial, pool (-j processes) or dask (needs kifu-lark[dask]); default: serial, "
        "or pool with -j other than 1",
    )
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="a running Dask scheduler (implies --engine dask)"
    )
    parser.add_argument(
        "--work-dir",
        metavar="DIR",
        help="where the list of files to check is kept while they are (default: a temporary "
        "folder); on a Dask cluster, a folder every worker sees",
    )


def _check(job: tuple[str, argparse.Namespace]) -> dict[str, Any]:
    path, args = job
    rule = verdict_rule(args)
    try:
        records = read_records(path, args.source_format, args.encoding, args.tolerate)
    except KifuError as err:
        failed = {"file": path, "valid": False, "errors": [err.to_dict()], "warnings": []}
        return {**failed, "games": 0, **({} if rule is None else {"verdicts": []})}
    warnings = [issue_item(w) for r in records for w in getattr(r, "warnings", [])]
    return validity_report(path, records, warnings, rule)


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
    verdict_rule(args)  # --impasse without --verdicts: refused before any file is read
    style = "json" if args.json else args.output_format
    skipped: list[str] = []
    results = _validate(args, skipped)
    for result in results:  # the library's words for its settings, said as options here
        result["errors"] = [args.words.report(err) for err in result["errors"]]
    valid = sum(1 for r in results if r["valid"])
    summary = f"{len(results)} files, {valid} valid, {len(results) - valid} invalid"
    if skipped:
        summary += f", {len(skipped)} skipped"
    if style == "json":
        print(
            json.dumps(
                {
                    "files": results,
                    "skipped": skipped,
                    "summary": {
                        "files": len(results),
                        "valid": valid,
                        "invalid": len(results) - valid,
                        "skipped": len(skipped),
                    },
                },
                ensure_ascii=False,
                indent=1,
            )
        )
    else:
        _name_skipped(skipped, args)
        line = _github_line if style == "github" else report_line
        for result in results:
            for err in result["errors"]:
                print(line(result["file"], err, "error"))
            for warn in result["warnings"]:
                print(line(result["file"], warn, "warning"))
        print(summary, file=sys.stderr if style == "github" else sys.stdout)
    return 0 if valid == len(results) else 1


#: Skipped files named one a line; past that, a count.
SKIPPED_NAMED = 20


def _name_skipped(skipped: list[str], args: argparse.Namespace) -> None:
    """Say on standard error which files of the folders were not read, and why."""
    for path in skipped[:SKIPPED_NAMED]:
        if archive_kind(path) is not None:
            why = "an archive in a folder is not opened (name it to read it)"
        elif args.globs:
            why = "matches no --glob"
        else:
            why = "not a record file (--glob takes it)"
        print(f"{path}: skipped: {why}", file=sys.stderr)
    if len(skipped) > SKIPPED_NAMED:
        more = len(skipped) - SKIPPED_NAMED
        print(f"kifu-lark: {more} more files skipped (--json lists them all)", file=sys.stderr)


def _validate(args: argparse.Namespace, skipped: list[str]) -> list[dict[str, Any]]:
    """One report per file or archive member, standard input first, then sorted by name;
    the files the folder walks passed over are appended to ``skipped``."""
    sources = [f for f in args.files if f != "-"]
    entries = (
        expand_sources(sources, args.source_format, args.globs or (), skipped=skipped)
        if sources
        else []
    )
    results = [_check(("-", args))] if "-" in args.files else []
    if not entries and not results:
        raise no_record_files()
    jobs = jobs_count(args.jobs)
    engine = args.engine or ("dask" if args.scheduler else "pool" if jobs != 1 else "serial")
    # The reports do not depend on the shards: cut them small enough to keep every worker busy.
    size = min(SHARD_SIZE, max(1, math.ceil(len(entries) / (jobs * 4))))
    task = ValidateTask(
        ReadOptions(args.source_format, args.encoding, tuple(tolerate_list(args.tolerate))),
        verdict_rule(args),
    )
    with tempfile.TemporaryDirectory(prefix="kifu-lark-validate-", dir=args.work_dir) as work:
        shards = plan(entries, work, size)
        done = run_shards(
            task,
            shards,
            engine=engine,
            jobs=jobs,
            scheduler=args.scheduler,
            progress=Progress("validate", len(entries)),
        )
    return results + [report for shard in done for report in shard["reports"]]
