"""``kifu-lark convert``: convert a record, or a folder of records, to another format."""

from __future__ import annotations

import argparse
import bisect
import sys
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from kifu_lark.api import dumps, encoded
from kifu_lark.cli.common import (
    USAGE_CODES,
    WALK_HELP,
    add_read_options,
    check_read_options,
    expand,
    jobs_count,
    no_record_files,
    parallel_map,
    read_records,
    warning_lines,
)
from kifu_lark.errors import KifuError, LossyWriteWarning, UnsupportedFeatureError
from kifu_lark.files import write_atomically
from kifu_lark.formats.registry import all_formats, format_for_path, get_format
from kifu_lark.model.game import Game
from kifu_lark.textio import encode, normalize_encoding

NAME = "convert"
HELP = "convert a record (or a folder of records) to another format"
EPILOG = (
    WALK_HELP + ". Outputs mirror the input folder: X.kif becomes X.csa (--to kifu writes "
    "X.kifu, in UTF-8 as -o X.kifu does; --to kif X.kif, in CP932); inputs whose outputs "
    "would collide (X.kif and X.kifu) keep their extension (X.kif.csa, X.kifu.csa); a "
    "multi-game input gives X-1.csa, X-2.csa … Each file is written to a temporary name "
    "and renamed, so an interrupted run leaves no half file; the summary counts the files "
    "written. What a format cannot hold exactly (a special it has no word for) is written as "
    "its documented nearest form and reported as a warning."
)

_T = TypeVar("_T")


def noting_losses(write: Callable[[], _T]) -> tuple[_T, list[str]]:
    """Run ``write`` and return what it returned and its ``LossyWriteWarning``s, one line
    per distinct message with how often it occurred."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", LossyWriteWarning)
        result = write()
    counts = Counter(str(w.message) for w in caught if issubclass(w.category, LossyWriteWarning))
    notes = [f"{msg} ({n} times)" if n > 1 else msg for msg, n in counts.items()]
    return result, notes


def _loss_lines(source: str, notes: list[str]) -> list[str]:
    return [f"{source}: warning: {note}" for note in notes]


def _warn(lines: list[str]) -> None:
    for line in lines:
        print(line, file=sys.stderr)


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
        "--every-ply",
        action="store_true",
        help="with --to sfen: one SFEN line per position of the main line, the start first "
        "(default: the final position only)",
    )
    parser.add_argument(
        "--tactics",
        action="store_true",
        help="write the tactics found (戦法, 囲い, 手筋, 備考) as headers 先手の戦法：… and as "
        "comments on their moves (formats with headers or comments)",
    )
    parser.add_argument(
        "--game", type=int, metavar="N", help="convert only the N-th game of a multi-game input"
    )
    parser.add_argument(
        "--out-encoding", help="output encoding (default: the format's, by extension)"
    )
    parser.add_argument(
        "--force", "--overwrite", action="store_true", help="overwrite existing output files"
    )
    parser.add_argument(
        "-j", "--jobs", type=int, default=1, help="parallel jobs for folders (0 = one per core)"
    )


def _target(args: argparse.Namespace) -> str:
    target = _chosen_target(args)
    if args.every_ply and target != "sfen":
        raise KifuError(
            f"--every-ply writes SFEN positions, not {target}",
            code="USAGE",
            hint="pass --to sfen (or an output file ending in .sfen)",
        )
    caps = get_format(target).capabilities
    if args.tactics and (args.every_ply or not (caps.headers or caps.comments)):
        raise KifuError(
            f"--tactics needs headers or comments, which {target} does not hold",
            code="USAGE",
            hint="write kif, ki2, csa or jkf",
        )
    return target


def _chosen_target(args: argparse.Namespace) -> str:
    if args.target_format:
        return str(get_format(args.target_format).name)
    if args.output != "-" and not _is_folder(args.output):
        by_ext = format_for_path(args.output)
        if by_ext is not None:
            return by_ext.name
    raise KifuError("no output format", code="USAGE", hint="pass --to FORMAT")


def output_extension(args: argparse.Namespace, target: str) -> str:
    """The extension of the files written into a folder: the one ``--to`` names when it
    names one of the format's (``--to kifu`` writes ``.kifu``, UTF-8, as ``-o x.kifu``
    does), else the format's first."""
    extensions = get_format(target).extensions
    asked = "." + (args.target_format or "").strip().lower().lstrip(".")
    return asked if asked in extensions else extensions[0]


def _is_folder(name: str) -> bool:
    if name.endswith(("/", "\\")):
        return True
    try:
        return Path(name).is_dir()
    except OSError:  # a name too long, a path through a file …: not a folder
        return False


def _pick(records: list[Any], game: int | None, source: str, target: str) -> list[Any]:
    if game is not None:
        if not 1 <= game <= len(records):
            raise KifuError(
                f"{source} holds {len(records)} game(s), not {game}",
                code="USAGE",
                hint=f"--game counts from 1 to {len(records)}",
            )
        records = [records[game - 1]]
    fmt = get_format(target)
    for record in records:
        if record.game != fmt.game:
            # e.g. a シェルト record to CSA: no record of that game fits, whatever it holds
            fitting = [f.name for f in all_formats() if f.game == record.game and f.writer]
            raise KifuError(
                f"{source} is a {record.game} record; {fmt.name} holds {fmt.game} records",
                code="USAGE",
                hint="formats for it: " + ", ".join(fitting) if fitting else None,
            )
    return records


def _write(record: Any, path: Path, target: str, args: argparse.Namespace) -> list[str]:
    """Encode ``record`` and write it through a temporary file renamed into place; returns
    the losses the writer reported."""
    if args.every_ply:
        data = encode(every_ply(record), normalize_encoding(args.out_encoding or "utf-8"), target)
        notes: list[str] = []
    else:
        fmt = get_format(target)
        data, notes = noting_losses(
            lambda: encoded(
                record, fmt, path.suffix, args.out_encoding, args.mainline_only, _options(args)
            )
        )
    write_atomically(path, data, overwrite=args.force)
    return notes


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The writer options the command line asks for."""
    return {"tactics": True} if args.tactics else {}


def every_ply(record: Any) -> str:
    """The SFEN of every position of ``record``'s main line, the start first, one a line
    (a special such as 投了 adds no position). Variations are left out: this is a list of
    positions, not a record.

    Raises:
        UnsupportedFeatureError: for a record that is not a shogi game (シェルト).
    """
    if not isinstance(record, Game):
        raise UnsupportedFeatureError(
            f"--every-ply lists shogi positions, not {type(record).__name__} ones",
            hint="leave --every-ply out",
        )
    return "".join(
        position.sfen() + "\n"
        for node, position in record.positions()
        if node.move is not None or node.parent is None
    )


def plan_targets(sources: list[Path], root: Path, extension: str) -> dict[Path, Path]:
    """The output path of each source below ``root`` (relative to the output folder): its
    stem with ``extension``; sources whose outputs would collide (``X.kif`` and ``X.kifu``)
    keep their own extension instead (``X.kif.csa``, ``X.kifu.csa``).

    Raises:
        KifuError: ``USAGE`` listing the outputs that still collide.
    """
    base = {src: src.relative_to(root).with_suffix(extension) for src in sources}
    seen = Counter(base.values())
    plan = {
        src: src.relative_to(root).with_name(src.name + extension) if seen[out] > 1 else out
        for src, out in base.items()
    }
    clashes = sorted({str(out) for out, n in Counter(plan.values()).items() if n > 1})
    if clashes:
        raise KifuError(
            "several inputs would be written to the same file: " + ", ".join(clashes[:5]),
            code="USAGE",
            hint="rename the inputs, or convert them with --glob in separate runs",
        )
    return plan


def _reserved(plan: dict[Path, Path]) -> dict[Path, frozenset[Path]]:
    """For each source, the outputs planned for other sources that its extra games'
    outputs (``stem-2.csa`` …) could take: the same folder, names starting ``stem-``."""
    names = sorted(plan.values())
    found: dict[Path, frozenset[Path]] = {}
    for src, out in plan.items():
        prefix = str(out.with_suffix("")) + "-"
        i = bisect.bisect_left(names, Path(prefix))
        near = set()
        while i < len(names) and str(names[i]).startswith(prefix):
            near.add(names[i])
            i += 1
        found[src] = frozenset(near)
    return found


_Job = tuple[str, Path, frozenset[Path], str, argparse.Namespace]


def _convert_one(job: _Job) -> tuple[str, KifuError | None, int, list[str]]:
    """Convert one file of a folder; returns (input, the error or None, files written,
    warning lines: the breaches let through, then what the writer could not hold)."""
    source, out, reserved, target, args = job
    written = 0
    notes: list[str] = []
    lines: list[str] = []
    try:
        records = _pick(
            read_records(source, args.source_format, args.encoding, args.tolerate),
            args.game,
            source,
            target,
        )
        lines = warning_lines(source, records)
        out_dir = Path(args.output)
        for i, record in enumerate(records):
            path = out
            if len(records) > 1:
                path = out.with_name(f"{out.stem}-{i + 1}{out.suffix}")
                if path in reserved:
                    raise KifuError(
                        f"game {i + 1} would be written to {out_dir / path}, the output of "
                        "another input",
                        code="EXISTS",
                        hint="convert this file on its own, or pass --game N",
                    )
            notes += _write(record, out_dir / path, target, args)
            written += 1
    except KifuError as err:
        return source, err, written, lines + _loss_lines(source, notes)
    return source, None, written, lines + _loss_lines(source, notes)


def run(args: argparse.Namespace) -> int:
    check_read_options(args)
    target = _target(args)
    if args.input != "-" and Path(args.input).is_dir():
        if args.output == "-":
            raise KifuError("a folder converts into a folder", code="USAGE", hint="pass -o OUTDIR")
        files = list(expand([args.input], args.source_format, args.globs))
        if not files:
            raise no_record_files()
        plan = plan_targets(files, Path(args.input), output_extension(args, target))
        reserved = _reserved(plan)
        jobs = [(str(f), plan[f], reserved[f], target, args) for f in files]
        results = parallel_map(_convert_one, jobs, jobs_count(args.jobs), "convert")
        for _, _, _, lines in results:
            _warn(lines)
        failed = [(src, err) for src, err, _, _ in results if err is not None]
        for src, err in failed:
            _fail(src, err, args)
        written = sum(n for _, _, n, _ in results)
        warned = sum(1 for *_, notes in results if notes)
        print(
            f"{len(files)} files, {len(files) - len(failed)} converted, {len(failed)} failed, "
            f"{written} files written, {warned} with warnings",
            file=sys.stderr,
        )
        return _status([err for _, err in failed])
    records = _pick(
        read_records(args.input, args.source_format, args.encoding, args.tolerate),
        args.game,
        args.input,
        target,
    )
    _warn(warning_lines(args.input, records))
    if args.output == "-":
        if len(records) > 1:
            raise UnsupportedFeatureError(
                f"the input holds {len(records)} games",
                hint="pass --game N, or -o FOLDER/ to write one file per game",
            )
        record = records[0]
        if args.every_ply:
            sys.stdout.write(every_ply(record))
            return 0
        text, notes = noting_losses(
            lambda: dumps(record, target, mainline_only=args.mainline_only, **_options(args))
        )
        _warn(_loss_lines(args.input, notes))
        sys.stdout.write(text)
        return 0
    if _is_folder(args.output):
        stem = Path(args.input).stem if args.input != "-" else "record"
        extension = output_extension(args, target)
        paths = [
            Path(args.output) / (stem + (f"-{i}" if len(records) > 1 else "") + extension)
            for i in range(1, len(records) + 1)
        ]
    elif len(records) > 1:
        raise UnsupportedFeatureError(
            f"the input holds {len(records)} games",
            hint="pass --game N, or -o FOLDER/ to write one file per game",
        )
    else:
        paths = [Path(args.output)]
    for record, path in zip(records, paths, strict=True):
        try:
            _warn(_loss_lines(args.input, _write(record, path, target, args)))
        except KifuError as err:  # as a folder's file reports it, and with its status
            _fail(args.input, err, args)
            return _status([err])
    return 0


def _fail(source: str, err: KifuError, args: argparse.Namespace) -> None:
    """Say that ``source`` failed: one line, ``SOURCE: what [CODE] (hint)``, in a folder's
    report and for a single file alike."""
    print(f"{source}: {err.reword(args.words).headline()}", file=sys.stderr)


def _status(failures: list[KifuError]) -> int:
    """The exit status of a conversion with these failures: 2 when one is the request's
    fault (an output that cannot be written, or exists), else 1 for invalid records."""
    if any(err.code in USAGE_CODES for err in failures):
        return 2
    return 1 if failures else 0
