"""``kifu-lark export``: records to Parquet or JSON lines tables, or HCPE / PSV / HCPE3 training
data
(see docs/datasets.md).

Exit status 0 when every record read, 1 when some did not (the export is complete: they
are rows with ``error`` set), 2 on a usage error or a missing optional library.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from kifu_lark.cli.common import (
    add_read_options,
    add_verdict_options,
    check_read_options,
    jobs_count,
    tolerate_list,
    verdict_rule,
)
from kifu_lark.dataset.engines import ENGINES
from kifu_lark.dataset.export import OUTPUTS, export
from kifu_lark.dataset.output import TRAINING
from kifu_lark.dataset.shards import MIN_SHARD, SHARD_SIZE, SHARDS
from kifu_lark.dataset.training_filter import Split, TrainingFilter
from kifu_lark.errors import KifuError
from kifu_lark.files import write_atomically
from kifu_lark.formats.japanese import special_kind
from kifu_lark.model.move import SpecialKind

NAME = "export"
HELP = (
    "export records to Parquet or JSON lines tables, or HCPE / PSV / HCPE3 training data; exit "
    "0 all "
    "read, 1 some failed, 2 usage"
)
EPILOG = (
    "SOURCES are files, folders (walked recursively for record files), globs ('data/**/*.csa'), "
    "@FILE (a list of sources, one a line) and archives (.zip, .tar.gz/.tgz, .7z with "
    "kifu-lark[7z]) read without unpacking. The output folder gets games/part-NNNNN and "
    "positions/part-NNNNN files (hcpe/, psv/ or hcpe3/ for --to hcpe|psv|hcpe3, and hcpe-test/ "
    "… with --split), one per shard; the same "
    "input gives the same bytes "
    "whatever the engine. A JSON summary goes to standard output (or --summary FILE)."
)
INTERRUPTED_HINT = "the same command with --resume finishes the export"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("sources", nargs="+", metavar="SOURCE", help="what to read")
    parser.add_argument("-o", "--output", required=True, metavar="OUT", help="output folder")
    parser.add_argument(
        "--to",
        choices=OUTPUTS,
        default="parquet",
        help="parquet (tables; needs kifu-lark[parquet]), jsonl (the tables as JSON lines), "
        "hcpe, psv or hcpe3 (engine training records, see docs/training-data.md); default "
        "parquet",
    )
    add_read_options(parser)
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        help="serial (this process), pool (-j processes) or dask (needs kifu-lark[dask]); "
        "default: serial, or pool with -j other than 1",
    )
    parser.add_argument(
        "-j", "--jobs", type=int, default=1, help="worker processes (0 = one per core)"
    )
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="a running Dask scheduler (implies --engine dask)"
    )
    parser.add_argument(
        "--shard-size",
        type=int,
        metavar="N",
        help="files or archive members per shard and part file (default: the files cut "
        f"into {SHARDS} shards, each of {MIN_SHARD} to {SHARD_SIZE}; the same whatever -j)",
    )
    parser.add_argument(
        "--resume", action="store_true", help="skip the shards a previous run completed"
    )
    parser.add_argument(
        "--overwrite", "--force", action="store_true", help="replace a previous export in OUT"
    )
    parser.add_argument("--no-positions", action="store_true", help="write the games table only")
    parser.add_argument(
        "--tactics", action="store_true", help="find each game's tactics (costs time)"
    )
    parser.add_argument("--summary", metavar="FILE", help="write the JSON summary to FILE")
    add_verdict_options(parser, judge=False)
    training = parser.add_argument_group("training data (--to hcpe, psv, hcpe3)")
    training.add_argument(
        "--min-plies", type=int, metavar="N", help="leave out games of fewer moves"
    )
    training.add_argument(
        "--min-rating",
        type=float,
        metavar="R",
        help="leave out games where a player's rating is below R or unknown",
    )
    training.add_argument(
        "--end-reason",
        action="append",
        metavar="END",
        help="keep only games ending so (repeatable): RESIGN, ENTERING_KING_WIN, REPETITION "
        "… or 投了, 入玉宣言, 千日手 …",
    )
    training.add_argument(
        "--eval-limit", type=int, metavar="N", help="clip scores to ±N (default 32000)"
    )
    training.add_argument(
        "--mate-score", type=int, metavar="N", help="a mate in n scores N - n (default 32000)"
    )
    training.add_argument(
        "--require-evaluation",
        action="store_true",
        help="leave out positions whose move carries no evaluation",
    )
    training.add_argument(
        "--unfinished", action="store_true", help="keep games without a result, as draws"
    )
    training.add_argument(
        "--legal-only",
        action="store_true",
        help="leave out games with an illegal move: a breach read with --tolerate, or an "
        "%%ILLEGAL_MOVE, ±ILLEGAL_ACTION or 反則 ending (counted as 'illegal')",
    )
    training.add_argument(
        "--split",
        metavar="test=F",
        help="write the share F of the files (0 < F < 1), chosen by a digest of each file's "
        "name and --seed, to OUT/hcpe-test/ (psv-test/) beside OUT/hcpe/ (psv/)",
    )
    training.add_argument("--seed", type=int, metavar="S", help="the seed of --split (default 0)")


def _end_reason(word: str) -> SpecialKind:
    """A special's name (RESIGN), CSA name (TORYO) or Japanese word (投了)."""
    for kind in SpecialKind:
        if word.upper() in (kind.name, kind.value):
            return kind
    try:
        return special_kind(word)
    except KeyError:
        pass
    raise KifuError(
        f"--end-reason {word}: no such ending",
        code="USAGE",
        hint="e.g. " + ", ".join(k.name for k in list(SpecialKind)[:6]) + ", or 投了, 千日手",
    )


def _training_filter(args: argparse.Namespace) -> TrainingFilter | None:
    """The filter the training options make, ``None`` when none is given."""
    given = {
        "min_plies": args.min_plies,
        "min_rating": args.min_rating,
        "end_reasons": [_end_reason(w) for w in args.end_reason] if args.end_reason else None,
        "eval_limit": args.eval_limit,
        "mate_score": args.mate_score,
        "require_evaluation": args.require_evaluation or None,
        "unfinished": args.unfinished or None,
        "legal_only": args.legal_only or None,
    }
    chosen = {k: v for k, v in given.items() if v is not None}
    if not chosen:
        return None
    if args.to not in TRAINING:
        flags = ", ".join("--" + k.replace("_", "-") for k in chosen)
        raise KifuError(
            f"{flags}: for --to hcpe, psv or hcpe3, not {args.to}",
            code="USAGE",
            hint="add --to hcpe or --to psv",
        )
    try:
        return TrainingFilter(**chosen)
    except ValueError as err:
        raise KifuError(str(err), code="USAGE", hint="limits are 0 … 32767") from None


def _split(args: argparse.Namespace) -> Split | None:
    """The test split ``--split test=F --seed S`` asks for, ``None`` without ``--split``."""
    if args.split is None:
        if args.seed is not None:
            raise KifuError("--seed: for --split", code="USAGE", hint="add --split test=0.1")
        return None
    name, _, share = args.split.partition("=")
    try:
        fraction = float(share)
        if name != "test":
            raise ValueError(name)
        split = Split(fraction, args.seed or 0)
    except ValueError:
        raise KifuError(
            f"--split {args.split}: expected test=F, F between 0 and 1",
            code="USAGE",
            hint="e.g. --split test=0.1",
        ) from None
    if args.to not in TRAINING:
        raise KifuError(
            f"--split: for --to hcpe, psv or hcpe3, not {args.to}",
            code="USAGE",
            hint="add --to hcpe or --to psv",
        )
    return split


def run(args: argparse.Namespace) -> int:
    check_read_options(args)
    if args.shard_size is not None and args.shard_size < 1:
        raise KifuError(
            "--shard-size must be at least 1", code="USAGE", hint="e.g. --shard-size 10000"
        )
    engine = args.engine or ("dask" if args.scheduler else "pool" if args.jobs != 1 else "serial")
    if args.scheduler and engine != "dask":
        raise KifuError(
            f"--scheduler runs on Dask, not --engine {engine}",
            code="USAGE",
            hint="drop --engine, or use --engine dask",
        )
    summary = export(
        args.sources,
        args.output,
        to=args.to,
        engine=engine,
        jobs=jobs_count(args.jobs),
        scheduler=args.scheduler,
        shard_size=args.shard_size,
        resume=args.resume,
        overwrite=args.overwrite,
        positions=not args.no_positions,
        tactics=args.tactics,
        source_format=args.source_format,
        encoding=args.encoding,
        tolerate=tolerate_list(args.tolerate),
        globs=args.globs or (),
        progress=True,
        training=_training_filter(args),
        impasse=verdict_rule(args) or "27",
        split=_split(args),
    )
    text = json.dumps(summary.to_dict(), ensure_ascii=False, indent=1)
    if args.summary:
        write_atomically(Path(args.summary), (text + "\n").encode("utf-8"))
    else:
        print(text, file=sys.stdout)
    return 1 if summary.failures else 0
