"""Instructions per move, counted with valgrind's callgrind:
``python -m benchmarks.instructions [--records N] [--readers | --shapes | --tactics] …``.

The machines we run on are noisy: two timed runs of the same code differ by a quarter, more
than most changes we make. Counted instructions do not: with the hash seed fixed they repeat
to a few parts in a thousand, so a change of 5 % shows. Not a speed (memory and caches count
too): the timed figures stay ``python -m benchmarks``. Three counts:

- (default) floodgate-shaped CSA read plainly and by the export (games, then positions, then
  ``--to hcpe``): the export's targets (issues 17 and 34) are ratios of two speeds.
- ``--readers``: reading, per reader, the same real-shaped games written by our writers:
  CSA (``+7776FU,T12``, no engine lines), floodgate-shaped CSA, KIF, KI2 and JKF. ``--pure``
  counts the pure-Python build too; ``--save FILE`` keeps the figures as JSON, ``--compare
  FILE`` prints them beside the file's and exits 1 when a reader is more than 5 % above it
  (issue 33: no reader above the instructions per move before it began,
  ``benchmarks/baseline-instructions.json``). ``--python PATH`` counts another install's
  ``kifu_lark`` (another checkout's virtual environment) on texts written by this one: the
  reading child uses ``kifu_lark.loads_all`` and ``kifu_lark.compiled`` only.
- ``--tactics``: reading real-shaped KIF records (written by our KIF writer) against reading
  them and naming their tactics (``kifu_lark.tactics.find``, every shipped tactic and note):
  issue 38's target is a ratio of the two (``find`` adding at most 30 % to reading). With
  ``--hot`` the warm-up reads the measured texts themselves, as the timed
  ``python -m benchmarks tactics`` in effect does (reading then costs less, ``find`` not).
- ``--shapes``: each record shape of :mod:`benchmarks.shapes` against the same moves without
  its feature; exits 1 when one costs more than 1.25x a move (issue 33, step 6). ``--hot``
  warms up on the measured texts themselves (the readers' memo tables hot, as in the timed
  ``python -m benchmarks shapes``, which reads the same texts again and again).

Each set of records is counted twice in a child process under callgrind, once warming up only
(imports, grammars, the patterns; on other records of the same shape) and once warming up then
reading the records: the difference is what they cost. Needs valgrind (``apt install
valgrind``; the export also pyarrow); prints what is missing otherwise.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import warnings
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

WAYS = ("plain", "games", "positions", "hcpe")
READERS = ("csa", "csa-floodgate", "kif", "ki2", "jkf")
"""The readers ``--readers`` counts; each reads the format before the dash."""
LIMIT = 1.05
"""The most a reader may cost over the compared file's figure (``--compare``)."""
_WARM_UP = 10
_SCRIPT = Path(__file__).resolve()
_COLLECTED = re.compile(r"Collected : (\d+)")


# ---------------------------------------------------------------------------------------
# The children: what runs under callgrind (only the standard library and kifu_lark's public
# names, so that an older checkout's install runs them too)


def _child(way: str, folder: Path, measure: bool) -> None:
    """The export's child: the warm-up, then (with ``measure``) the records."""
    import kifu_lark
    from kifu_lark.dataset import export

    def run(source: Path, out: Path) -> None:
        if way == "plain":
            for path in sorted(source.iterdir()):
                kifu_lark.load(path)
        else:
            to = "hcpe" if way == "hcpe" else "parquet"
            export([str(source)], str(out), to=to, shard_size=100_000, positions=way == "positions")

    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as tmp:
        run(folder / "warm-up", Path(tmp) / "warm-up")
        if measure:
            run(folder / "measured", Path(tmp) / "measured")


def _build_lexers() -> None:
    """Build every lexer lark's contextual lexers build on first use (one a parser state):
    which parser states the warm-up records happened to reach must not move the count of
    the measured ones. A record the whole-record pattern takes never reaches the scanning
    parser, so a warm-up of such records would leave the scanners' one-off build to the
    first measured record that needs the scanning parse."""
    from lark.lexer import ContextualLexer

    for found in gc.get_objects():
        if isinstance(found, ContextualLexer):
            for lexer in {id(lx): lx for lx in found.lexers.values()}.values():
                getattr(lexer, "scanner", None)


def _child_read(fmt: str, folder: Path, measure: bool) -> None:
    """The reading child: every text of ``folder`` taken in first (both runs pay for that
    alike), the warm-up texts read, the heap so far frozen, then (with ``measure``) the
    measured texts read; prints which build ran and where ``kifu_lark`` was imported from."""
    import kifu_lark

    def texts(part: str) -> list[str]:
        return [p.read_text(encoding="utf-8") for p in sorted((folder / part).iterdir())]

    warm_up, measured = texts("warm-up"), texts("measured")
    for text in warm_up:
        kifu_lark.loads_all(text, fmt)
    _build_lexers()
    # What the warm-up left (modules, grammars, tables) out of the collector's way: a full
    # collection costs as much as the heap is large, and whether one falls inside the
    # measured reading or just after it would move a small count by several times.
    gc.collect()
    gc.freeze()
    if measure:
        for text in measured:
            kifu_lark.loads_all(text, fmt)
    print(json.dumps({"compiled": bool(kifu_lark.compiled), "kifu_lark": kifu_lark.__file__}))


def _child_tactics(way: str, folder: Path) -> None:
    """The tactics child: as the reading child, the warm-up texts read and searched for
    tactics (the shipped set read, its index built), then the measured texts read (``way``
    ``read``), read and searched (``find``), or neither (``warm``)."""
    import kifu_lark
    from kifu_lark import tactics

    def texts(part: str) -> list[str]:
        return [p.read_text(encoding="utf-8") for p in sorted((folder / part).iterdir())]

    warm_up, measured = texts("warm-up"), texts("measured")
    for text in warm_up:
        tactics.find(kifu_lark.loads(text, "kif"))
    _build_lexers()
    gc.collect()
    gc.freeze()
    if way == "read":
        for text in measured:
            kifu_lark.loads(text, "kif")
    elif way == "find":
        for text in measured:
            tactics.find(kifu_lark.loads(text, "kif"))
    print(json.dumps({"compiled": bool(kifu_lark.compiled), "kifu_lark": kifu_lark.__file__}))


# ---------------------------------------------------------------------------------------
# Counting


#: The child commands run once natively (see :func:`_callgrind`), one at a time.
_PRIMED: set[tuple[str, tuple[str, ...], bool]] = set()
_PRIMING = threading.Lock()


def _callgrind(python: str, args: Sequence[str], pure: bool = False) -> tuple[int, str]:
    """Instructions ``python`` executes running this script with ``args``, and its output.
    The hash seed is fixed (sets and dicts of strings iterate alike in every run).

    Each command first runs once without callgrind, one command at a time: what a first run
    leaves on disk (the parser cache, after a new build or grammar) is then there for every
    counted run. Otherwise the runs in parallel race to build it, and whichever builds it
    counts the building (a count of thousands of instructions a move too many)."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("KIFU_LARK_PURE", None)
    if pure:
        env["KIFU_LARK_PURE"] = "1"
    key = (python, tuple(args), pure)
    with _PRIMING:
        if key not in _PRIMED:
            subprocess.run([python, str(_SCRIPT), *args], capture_output=True, check=False, env=env)
            _PRIMED.add(key)
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python]
    done = subprocess.run(
        [*command, str(_SCRIPT), *args], capture_output=True, text=True, check=False, env=env
    )
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"callgrind run failed ({' '.join(args)}): {done.stderr[-2000:]}")
    return int(found.group(1)), done.stdout


def _count(way: str, folder: Path, measure: bool) -> int:
    """Instructions the export's child executes."""
    args = ["--child", way, str(folder)]
    return _callgrind(sys.executable, [*args, "--measure"] if measure else args)[0]


def _cost(python: str, fmt: str, folder: Path, pure: bool) -> tuple[int, dict[str, Any]]:
    """Instructions reading the measured texts of ``folder`` costs, and the child's report
    (its build and ``kifu_lark``'s file)."""
    args = ["--child-read", fmt, str(folder)]
    warm, _ = _callgrind(python, args, pure)
    measured, out = _callgrind(python, [*args, "--measure"], pure)
    return measured - warm, json.loads(out.strip().splitlines()[-1])


def _write_set(folder: Path, warm_up: Iterable[str], measured: Iterable[str]) -> Path:
    """``folder`` with the texts as files, ``warm-up/`` and ``measured/``."""
    for part, texts in (("warm-up", warm_up), ("measured", measured)):
        (folder / part).mkdir(parents=True)
        for n, text in enumerate(texts):
            (folder / part / f"{n:05d}.txt").write_text(text, encoding="utf-8")
    return folder


def _in_parallel(jobs: int, runs: Sequence[Callable[[], Any]]) -> list[Any]:
    with ThreadPoolExecutor(jobs) as pool:
        return list(pool.map(lambda run: run(), runs))


def _builds(options: argparse.Namespace) -> list[bool]:
    """The builds to count, as ``pure`` flags: the installed one, and the pure-Python one
    with ``--pure``."""
    return [False, True] if options.pure else [False]


def _build_name(report: dict[str, Any]) -> str:
    return "compiled" if report["compiled"] else "pure"


def _revision(report: dict[str, Any]) -> str:
    """The commit of the checkout the child's ``kifu_lark`` came from (``-dirty`` with
    changes in ``kifu_lark/`` or ``grammars/``), else its file."""
    folder = Path(report["kifu_lark"]).parent.parent
    git = ["git", "-C", str(folder)]
    head = subprocess.run([*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    if head.returncode != 0:
        return str(report["kifu_lark"])
    changed = subprocess.run(
        [*git, "status", "--porcelain", "--untracked-files=no", "--", "kifu_lark", "grammars"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    return head.stdout.strip() + ("-dirty" if changed else "")


# ---------------------------------------------------------------------------------------
# --readers


def reader_text(reader: str, plan: Any) -> str:
    """``plan`` (a :class:`benchmarks.realistic.Plan`) as ``reader`` reads it, written by our
    writers (the same texts whichever libraries are installed)."""
    import kifu_lark
    from benchmarks import realistic
    from kifu_lark.errors import LossyWriteWarning

    with warnings.catch_warnings():  # no move number for a diagram's start: fine here
        warnings.simplefilter("ignore", LossyWriteWarning)
        if reader in ("csa", "csa-floodgate"):
            return realistic.decorated_csa(plan, floodgate=reader == "csa-floodgate")
        return kifu_lark.dumps(realistic.game(plan), reader)


def count_readers(
    records: int,
    python: str,
    builds: Sequence[bool],
    jobs: int,
    names: Sequence[str] = READERS,
) -> tuple[dict[str, Any], int]:
    """Instructions per move of each reader of ``names`` on ``records`` real-shaped records,
    for each build (``pure`` flags), as ``{build: {reader: figure}, "about": …}``, and the
    moves."""
    from benchmarks import realistic

    plans = realistic.plans(records + _WARM_UP)
    moves = sum(len(p.moves) for p in plans[:records])
    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as tmp:
        folders = {
            reader: _write_set(
                Path(tmp) / reader,
                (reader_text(reader, p) for p in plans[records:]),
                (reader_text(reader, p) for p in plans[:records]),
            )
            for reader in names
        }
        runs = [(reader, pure) for pure in builds for reader in names]
        found = _in_parallel(
            jobs,
            [
                partial(_cost, python, reader.split("-")[0], folders[reader], pure)
                for reader, pure in runs
            ],
        )
    result: dict[str, Any] = {}
    for (reader, pure), (cost, report) in zip(runs, found, strict=True):
        build = _build_name(report)
        if pure and build != "pure":
            raise RuntimeError(f"KIFU_LARK_PURE=1 ran the {build} build of {report}")
        result.setdefault(build, {})[reader] = round(cost / moves)
        result["about"] = {"kifu_lark": _revision(report), "records": records, "moves": moves}
    return result, moves


def compare(measured: dict[str, Any], saved: dict[str, Any], name: str) -> bool:
    """Print ``measured`` beside ``saved`` (from the file ``name``), each reader's change in
    %; true when none is more than ``LIMIT`` over the saved figure."""
    then = saved.get("about", {}).get("kifu_lark", "?")
    now = measured.get("about", {}).get("kifu_lark", "?")
    holds = True
    for build in ("compiled", "pure"):
        if build not in measured or build not in saved:
            if build in saved:
                print(f"{build}: not measured now (--pure counts the pure build)")
            continue
        print(f"{build}: instructions per move, {name} ({then}) → now ({now})")
        for reader in READERS:
            old, new = saved[build].get(reader), measured[build].get(reader)
            if old is None or new is None:
                print(f"  {reader:<14} {old or '-':>9} {new or '-':>9}")
                continue
            change = new / old - 1
            over = new > old * LIMIT
            holds = holds and not over
            mark = f"  OVER +{LIMIT - 1:.0%}" if over else ""
            print(f"  {reader:<14} {old:>9,} {new:>9,} {change:>+7.1%}{mark}")
    return holds


def readers(options: argparse.Namespace) -> int:
    """``--readers``: count, print, save and compare."""
    records = options.records or 100
    names = options.only or READERS
    unknown = sorted(set(names) - set(READERS))
    if unknown:
        print(f"no such reader: {', '.join(unknown)}; readers: {', '.join(READERS)}")
        return 2
    result, moves = count_readers(records, options.python, _builds(options), options.jobs, names)
    print(
        f"{records} real-shaped records, {moves} moves a reader, kifu_lark "
        f"{result['about']['kifu_lark']} (callgrind, instructions per move of reading):"
    )
    for build in ("compiled", "pure"):
        for reader, figure in result.get(build, {}).items():
            print(f"  {build:<8} {reader:<14} {figure:>9,}")
    if options.save:
        ordered = {key: result[key] for key in ("about", "compiled", "pure") if key in result}
        Path(options.save).write_text(json.dumps(ordered, indent=2) + "\n", encoding="utf-8")
        print(f"saved to {options.save}")
    if options.compare:
        saved = json.loads(Path(options.compare).read_text(encoding="utf-8"))
        if not compare(result, saved, Path(options.compare).name):
            print(f"a reader costs more than {LIMIT - 1:.0%} over {options.compare}")
            return 1
    return 0


# ---------------------------------------------------------------------------------------
# --shapes


def count_shapes(
    records: int,
    python: str,
    pure: bool,
    jobs: int,
    names: Sequence[str] | None = None,
    hot: bool = False,
) -> list[tuple[Any, int, int]]:
    """Each shape of :func:`benchmarks.shapes.shapes` (those of ``names``, or all) on
    ``records`` records, with the instructions its texts with and without the feature cost
    (each set counted once). The warm-up reads two other records of the same shape, or with
    ``hot`` the measured texts themselves: the readers' memo tables then know every move and
    time text, as when the timed benchmark reads the same texts again."""
    from benchmarks import shapes

    chosen = names or shapes.SHAPES
    found = shapes.shapes(records, names=chosen)
    warm_ups = {s.name: s for s in (found if hot else shapes.shapes(2, 90_000, chosen))}
    sets: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {}

    def key(fmt: str, warm_up: tuple[str, ...], texts: tuple[str, ...]) -> str:
        digest = hashlib.sha256(fmt.encode())
        for text in (*warm_up, "\0", *texts):
            digest.update(text.encode() + b"\0")
        sets[digest.hexdigest()] = (fmt, warm_up, texts)
        return digest.hexdigest()

    pairs = [
        (
            key(s.format, warm_ups[s.name].with_feature, s.with_feature),
            key(s.format, warm_ups[s.name].without, s.without),
        )
        for s in found
    ]
    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as tmp:
        folders = {
            name: (fmt, _write_set(Path(tmp) / name, warm_up, texts))
            for name, (fmt, warm_up, texts) in sets.items()
        }
        names = list(folders)
        costs = _in_parallel(
            jobs, [partial(_cost, python, folders[n][0], folders[n][1], pure) for n in names]
        )
    cost = {name: found[0] for name, found in zip(names, costs, strict=True)}
    return [(s, cost[w], cost[wo]) for s, (w, wo) in zip(found, pairs, strict=True)]


def shapes_table(options: argparse.Namespace) -> int:
    """``--shapes``: a line per shape; 1 when one is over the bar."""
    from benchmarks.shapes import BAR, SHAPES

    records = options.records or 30
    unknown = sorted(set(options.only or ()) - set(SHAPES))
    if unknown:
        print(f"no such shape: {', '.join(unknown)}; shapes: {', '.join(SHAPES)}")
        return 2
    over = []
    for pure in _builds(options):
        build = "pure" if pure else "installed build"
        memo = "; warmed up on the same texts" if options.hot else ""
        print(f"shapes, {records} records each ({build}{memo}; callgrind, instructions per move):")
        for shape, with_feature, without in count_shapes(
            records, options.python, pure, options.jobs, options.only, options.hot
        ):
            ratio = shape.ratio(with_feature, without)
            if ratio > BAR:
                over.append(f"{shape.name} ({build})")
            print(
                f"  {shape.name:<20} {with_feature / shape.moves_with:>9,.0f} with, "
                f"{without / shape.moves_without:>9,.0f} without: {ratio:.2f}x per "
                f"{shape.per}{'  OVER THE BAR' if ratio > BAR else ''}",
                flush=True,
            )
    print(f"over the bar of {BAR:.2f}x: {', '.join(over) if over else 'none'}")
    return 1 if over else 0


# ---------------------------------------------------------------------------------------
# --tactics


def tactics_cost(options: argparse.Namespace) -> int:
    """``--tactics``: instructions a move of reading KIF records, and of reading them and
    finding their tactics, per build; ``find``'s share over reading."""
    from benchmarks import realistic

    records = options.records or 100
    plans = realistic.plans(records + _WARM_UP)
    moves = sum(len(p.moves) for p in plans[:records])
    ways = ("warm", "read", "find")
    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as tmp:
        # --hot: warmed up on the measured texts (the readers' memo tables knowing every
        # move and time text, as in the timed benchmark, which reads the same texts again).
        warm_up = plans[:records] if options.hot else plans[records:]
        folder = _write_set(
            Path(tmp) / "kif",
            (reader_text("kif", p) for p in warm_up),
            (reader_text("kif", p) for p in plans[:records]),
        )
        runs = [(way, pure) for pure in _builds(options) for way in ways]
        found = _in_parallel(
            options.jobs,
            [
                partial(_callgrind, options.python, ["--child-tactics", way, str(folder)], pure)
                for way, pure in runs
            ],
        )
    counts = {run: count for run, (count, _) in zip(runs, found, strict=True)}
    report = json.loads(found[-1][1].strip().splitlines()[-1])
    hot = "; warmed up on the same texts" if options.hot else ""
    print(
        f"{records} real-shaped KIF records, {moves} moves, kifu_lark {_revision(report)} "
        f"(callgrind, instructions per move{hot}):"
    )
    for pure in _builds(options):
        build = "pure" if pure else "installed build"
        read = (counts["read", pure] - counts["warm", pure]) / moves
        find = (counts["find", pure] - counts["read", pure]) / moves
        print(
            f"  {build}: read+validate {read:,.0f}, find {find:,.0f} more: "
            f"find adds {find / read:.1%} to reading"
        )
    return 0


# ---------------------------------------------------------------------------------------
# The export (the default)


def _write(folder: Path, records: int) -> int:
    """``records`` floodgate-shaped CSA files in ``folder/measured`` and a few more in
    ``folder/warm-up``; returns the measured ones' moves."""
    from benchmarks import realistic

    moves = 0
    (folder / "measured").mkdir()
    (folder / "warm-up").mkdir()
    for n, plan in enumerate(realistic.plans(records + _WARM_UP)):
        text = realistic.csa_text(plan, floodgate=True)
        if n < records:
            (folder / "measured" / f"{n:05d}.csa").write_text(text)
            moves += len(plan.moves)
        else:
            (folder / "warm-up" / f"{n:05d}.csa").write_text(text)
    return moves


def export_ways(options: argparse.Namespace) -> int:
    """Instructions per move of each way and the export's ratios to plain reading."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        print("pyarrow is not installed (pip install -e '.[parquet]'): nothing to count")
        return 0
    records = options.records or 100
    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as tmp:
        folder = Path(tmp)
        moves = _write(folder, records)
        # plain reading always: the others are given as its ratio
        ways = [w for w in WAYS if w == "plain" or not options.only or w in options.only]
        runs = [(way, measure) for way in ways for measure in (False, True)]
        found = _in_parallel(
            options.jobs, [partial(_count, way, folder, measure) for way, measure in runs]
        )
        counts = dict(zip(runs, found, strict=True))
    cost = {way: counts[way, True] - counts[way, False] for way in ways}
    print(f"{records} floodgate-shaped CSA records, {moves} moves (callgrind):")
    labels = (
        "plain reading (load)",
        "export parquet, games only",
        "export parquet + positions",
        "export hcpe",
    )
    for way, label in zip(WAYS, labels, strict=True):
        if way not in cost:
            continue
        ratio = cost["plain"] / cost[way]
        print(f"  {label}: {cost[way] / moves:,.0f} instructions per move ({ratio:.0%} of plain)")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Count what the options ask for (the export's ways by default)."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.instructions",
        description="Instructions per move (callgrind) of reading and of the export.",
    )
    parser.add_argument(
        "--records", type=int, help="records measured (100; 30 a shape with --shapes)"
    )
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--readers", action="store_true", help="reading, per reader")
    what.add_argument("--shapes", action="store_true", help="each shape against its plain one")
    what.add_argument("--tactics", action="store_true", help="KIF reading against reading+find")
    parser.add_argument("--pure", action="store_true", help="the pure-Python build too")
    parser.add_argument(
        "--hot",
        action="store_true",
        help="--shapes, --tactics: warm up on the measured texts themselves",
    )
    parser.add_argument(
        "--only",
        action="append",
        metavar="NAME",
        help="only this reader, shape or export way (repeatable)",
    )
    parser.add_argument("--save", metavar="FILE", help="--readers: keep the figures as JSON")
    parser.add_argument(
        "--compare", metavar="FILE", help="--readers: beside FILE's; 1 when >5 %% above"
    )
    parser.add_argument(
        "--python", default=sys.executable, help="the interpreter whose kifu_lark is counted"
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="callgrind runs at once"
    )
    parser.add_argument("--child", nargs=2, metavar=("WAY", "FOLDER"), help=argparse.SUPPRESS)
    parser.add_argument("--child-read", nargs=2, metavar=("FMT", "FOLDER"), help=argparse.SUPPRESS)
    parser.add_argument(
        "--child-tactics", nargs=2, metavar=("WAY", "FOLDER"), help=argparse.SUPPRESS
    )
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.child:
        _child(options.child[0], Path(options.child[1]), options.measure)
        return 0
    if options.child_read:
        _child_read(options.child_read[0], Path(options.child_read[1]), options.measure)
        return 0
    if options.child_tactics:
        _child_tactics(options.child_tactics[0], Path(options.child_tactics[1]))
        return 0
    if (options.save or options.compare) and not options.readers:
        parser.error("--save and --compare go with --readers")
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt install valgrind): nothing to count")
        return 0
    if options.readers:
        return readers(options)
    if options.shapes:
        return shapes_table(options)
    if options.tactics:
        return tactics_cost(options)
    return export_ways(options)


if __name__ == "__main__":
    sys.exit(main())
