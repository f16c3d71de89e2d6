"""``kifu-lark html FOLDER -o OUTDIR``: a viewer page per record of a folder, and an
``index.html`` listing them.

The pages mirror the folder: ``a/X.kif`` becomes ``OUTDIR/a/X.html``; inputs whose pages
would collide (``X.kif`` and ``X.kifu``) keep their extension (``X.kif.html``), as
``convert`` names its outputs; a file of several games gives ``X-1.html``, ``X-2.html`` …
(only the N-th with ``--game N``). Every file, the index last, is written to a temporary
name and renamed into place, and an existing file is replaced only with ``--overwrite``:
without it, that record fails (``EXISTS``) and the others go on. A record that fails is
reported on its own line and left out of the index.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from kifu_lark.cli.common import USAGE_CODES, expand, no_record_files, read_records
from kifu_lark.cli.convert import plan_targets
from kifu_lark.errors import KifuError
from kifu_lark.files import write_atomically
from kifu_lark.model.game import Game
from kifu_lark.render.index import IndexRow, index_html, index_row
from kifu_lark.render.marks import tactic_marks
from kifu_lark.render.tsume import is_problem
from kifu_lark.render.viewer import html

__all__ = ["INDEX", "write_folder"]

#: The index's name in the output folder.
INDEX = Path("index.html")


def write_folder(args: argparse.Namespace) -> int:
    """Write the pages and the index; returns the exit status: 0 all written, 1 some
    record did not read, 2 some output could not be written or exists (or a usage error).

    Raises:
        KifuError: ``USAGE`` when the folder holds no record, or a record's page would be
            the index.
    """
    source = Path(args.file)
    files = list(expand([args.file], args.source_format, args.globs))
    if not files:
        raise no_record_files()
    plan = plan_targets(files, source, ".html")
    for src, out in plan.items():
        if out == INDEX:
            raise KifuError(
                f"{src}'s page would be the folder's index, {INDEX}",
                code="USAGE",
                hint="rename that record, or leave it out with --glob",
            )
    out_dir = Path(args.output)
    claimed = {INDEX, *plan.values()}  # no record's extra game may take these
    rows: list[IndexRow] = []
    failures: list[KifuError] = []
    for src in files:
        try:
            _write_record(src, plan[src], claimed, out_dir, args, rows)
        except KifuError as err:
            failures.append(err)
            print(f"{src}: {err.reword(args.words).headline()}", file=sys.stderr)
    title = args.title or source.resolve().name or "kifu-lark"
    index = out_dir / INDEX
    failed = len(failures)  # the records'; the index's own failure is said apart
    try:
        data = index_html(rows, title=title).encode("utf-8")
        write_atomically(index, data, overwrite=args.overwrite)
        said = f"index: {index}"
    except KifuError as err:
        print(f"{index}: {err.reword(args.words).headline()}", file=sys.stderr)
        said = "index not written"
        failures.append(err)
    summary = f"{len(files)} files, {len(rows)} pages written, {failed} failed; {said}"
    print(summary, file=sys.stderr)
    if any(err.code in USAGE_CODES for err in failures):
        return 2
    return 1 if failures else 0


def _write_record(
    src: Path,
    out: Path,
    claimed: set[Path],
    out_dir: Path,
    args: argparse.Namespace,
    rows: list[IndexRow],
) -> None:
    """Write the pages of one file's games, adding each page's row to ``rows`` once it is
    written (a game that fails after others leaves theirs listed)."""
    records: list[Any] = read_records(str(src), args.source_format, args.encoding, args.tolerate)
    numbered = list(enumerate(records, start=1))
    if args.game is not None:
        if not 1 <= args.game <= len(records):
            raise KifuError(
                f"{src} holds {len(records)} game(s), not {args.game}",
                code="USAGE",
                hint=f"--game counts from 1 to {len(records)}",
            )
        numbered = [numbered[args.game - 1]]
    pages: list[tuple[Path, Game]] = []
    for number, record in numbered:
        if not isinstance(record, Game):
            raise KifuError(
                f"{src} is a {record.format} record: the pages show shogi records",
                code="USAGE",
                hint="leave it out with --glob",
            )
        path = out
        if len(records) > 1 and args.game is None:
            path = out.with_name(f"{out.stem}-{number}{out.suffix}")
            if path in claimed:
                raise KifuError(
                    f"game {number} would be written to {out_dir / path}, another page",
                    code="EXISTS",
                    hint="make this file's pages on their own, or pass --game N",
                )
            claimed.add(path)
        pages.append((path, record))
    for path, game in pages:
        problem = is_problem(game) if args.tsume is None else args.tsume
        marks = tactic_marks(game) if args.tactics and not problem else []  # found once
        page = html(
            game, notation=args.notation, glyphs=args.glyphs, tactics=marks, tsume=problem
        )
        write_atomically(out_dir / path, page.encode("utf-8"), overwrite=args.overwrite)
        rows.append(index_row(path.as_posix(), game, marks))
