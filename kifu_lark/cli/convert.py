"""``kifu-lark convert``: convert a record, or a folder of records, to another format."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from kifu_lark.api import dumps
from kifu_lark.cli.common import (
    add_read_options,
    expand,
    jobs_count,
    parallel_map,
    read_records,
)
from kifu_lark.errors import KifuError, UnsupportedFeatureError
from kifu_lark.formats.registry import format_for_path, get_format
from kifu_lark.textio import encode

NAME = "convert"
HELP = "convert a record (or a folder of records) to another format"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="IN", help="record file, folder, or - for stdin")
    parser.add_argument(
        "-o", "--output", metavar="OUT", default="-", help="file, folder, or - for stdout (default)"
    )
    parser.add_argument(
        "--to",
        dest="target_format",
        metavar="FORMAT",
        help="output format (default: from OUT's extension)",
    )
    add_read_options(parser)
    parser.add_argument(
        "--mainline-only", action="store_true", help="drop variations the output format cannot hold"
    )
    parser.add_argument(
        "--game", type=int, metavar="N", help="convert only the N-th game of a multi-game input"
    )
    parser.add_argument(
        "--out-encoding", help="output encoding (default: the format's, by extension)"
    )
    parser.add_argument("--force", action="store_true", help="overwrite existing output files")
    parser.add_argument(
        "-j", "--jobs", type=int, default=1, help="parallel jobs for folders (0 = one per core)"
    )


def _target(args: argparse.Namespace) -> str:
    if args.target_format:
        return str(get_format(args.target_format).name)
    if args.output != "-" and not _is_folder(args.output):
        by_ext = format_for_path(args.output)
        if by_ext is not None:
            return by_ext.name
    raise KifuError("no output format", code="USAGE", hint="pass --to FORMAT")


def _is_folder(name: str) -> bool:
    return name.endswith(("/", "\\")) or Path(name).is_dir()


def _pick(records: list[Any], game: int | None, source: str) -> list[Any]:
    if game is not None:
        if not 1 <= game <= len(records):
            raise KifuError(f"{source} holds {len(records)} game(s), not {game}", code="USAGE")
        return [records[game - 1]]
    return records


def _write(text: str, path: Path, target: str, encoding: str | None, force: bool) -> None:
    if path.exists() and not force:
        raise KifuError(f"{path} exists", code="EXISTS", hint="pass --force to overwrite")
    fmt = get_format(target)
    data = encode(text, encoding or fmt.encoding_for(path.suffix), target)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _convert_one(job: tuple[str, str, argparse.Namespace]) -> tuple[str, str | None]:
    """Convert one file of a folder; returns (input, error message or None)."""
    source, target, args = job
    try:
        records = _pick(
            read_records(source, args.source_format, args.encoding, args.tolerate),
            args.game,
            source,
        )
        fmt = get_format(target)
        out_dir = Path(args.output)
        rel = Path(source).relative_to(args.input)
        for i, record in enumerate(records):
            suffix = f"-{i + 1}" if len(records) > 1 else ""
            path = out_dir / rel.parent / (rel.stem + suffix + fmt.extensions[0])
            text = dumps(record, target, mainline_only=args.mainline_only)
            _write(text, path, target, args.out_encoding, args.force)
    except KifuError as err:
        return source, str(err).splitlines()[0]
    return source, None


def run(args: argparse.Namespace) -> int:
    target = _target(args)
    if args.input != "-" and Path(args.input).is_dir():
        if args.output == "-":
            raise KifuError("a folder converts into a folder", code="USAGE", hint="pass -o OUTDIR")
        files = [str(p) for p in expand([args.input])]
        results = parallel_map(
            _convert_one, [(f, target, args) for f in files], jobs_count(args.jobs), "convert"
        )
        failed = [(src, msg) for src, msg in results if msg]
        for src, msg in failed:
            print(f"{src}: {msg}", file=sys.stderr)
        print(
            f"{len(files)} files, {len(files) - len(failed)} converted, {len(failed)} failed",
            file=sys.stderr,
        )
        return 1 if failed else 0
    records = _pick(
        read_records(args.input, args.source_format, args.encoding, args.tolerate),
        args.game,
        args.input,
    )
    texts = [dumps(r, target, mainline_only=args.mainline_only) for r in records]
    if args.output == "-":
        if len(texts) > 1:
            raise UnsupportedFeatureError(
                f"the input holds {len(texts)} games",
                hint="pass --game N, or -o FOLDER/ to write one file per game",
            )
        sys.stdout.write("".join(texts))
        return 0
    if _is_folder(args.output):
        stem = Path(args.input).stem if args.input != "-" else "record"
        fmt = get_format(target)
        for i, text in enumerate(texts):
            suffix = f"-{i + 1}" if len(texts) > 1 else ""
            _write(
                text,
                Path(args.output) / (stem + suffix + fmt.extensions[0]),
                target,
                args.out_encoding,
                args.force,
            )
        return 0
    if len(texts) > 1:
        raise UnsupportedFeatureError(
            f"the input holds {len(texts)} games",
            hint="pass --game N, or -o FOLDER/ to write one file per game",
        )
    _write(texts[0], Path(args.output), target, args.out_encoding, args.force)
    return 0
