"""Helpers shared by the sub-commands: reading inputs, walking folders, progress, pools."""

from __future__ import annotations

import argparse
import codecs
import fnmatch
import functools
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from kifu_lark.board import TOLERABLE, tolerance
from kifu_lark.dataset.records import read_games
from kifu_lark.dataset.verdict_reports import IMPASSE_RULES
from kifu_lark.dataset.workers import WorkerPool
from kifu_lark.errors import KifuError, Setting, reword_report
from kifu_lark.formats.registry import get_format, record_extensions
from kifu_lark.model.game import Game
from kifu_lark.textio import normalize_encoding

T = TypeVar("T")
R = TypeVar("R")


#: Error codes that are the request's fault, not a record's: exit status 2.
USAGE_CODES = frozenset({"USAGE", "UNKNOWN_FORMAT", "IO", "EXISTS", "MISSING_EXTRA"})

#: What a folder walk takes, for ``--help`` and docs.
WALK_HELP = (
    "folders are walked recursively for files with an extension of the --from format (of any "
    "format without --from), or for the files matching --glob"
)


#: The options that set what an API keyword sets, where their names differ (keyword, the
#: writer's?): a command words a setting with the first of these it has, else ``--keyword``.
_DESTS: dict[tuple[str, bool], tuple[str, ...]] = {
    ("format", False): ("source_format",),
    ("format", True): ("target_format", "to"),
    ("encoding", True): ("out_encoding",),
    ("overwrite", True): ("force",),  # an output file: convert's --force
    ("to", False): ("to", "target_format"),
    ("out", False): ("output",),
}


class OptionWords:
    """How a command words the settings the library's messages name (``mainline_only=True``
    is ``--mainline-only``; ``format=…`` is ``--from FORMAT`` when read, ``--to FORMAT``
    when written): each as the option of this command that sets it, else another command's.

    Attributes:
        own: option dest → (long flag, metavar, takes a value), of this command.
    """

    def __init__(
        self,
        own: argparse.ArgumentParser,
        others: Callable[[], Iterable[argparse.ArgumentParser]],
    ):
        """``others`` gives the other commands' parsers when a setting is not this
        command's own (a run that words no such setting never builds them)."""
        self.own = _options_of([own])
        self._others = others

    @functools.cached_property
    def others(self) -> dict[str, tuple[str, str, bool]]:
        """Option dest → (long flag, metavar, takes a value), of the other commands."""
        return _options_of(self._others())

    def __call__(self, setting: Setting) -> str:
        dests = (*_DESTS.get((setting.keyword, setting.writing), ()), setting.keyword)
        found = next((self.own[d] for d in dests if d in self.own), None)
        if found is None:
            found = next((self.others[d] for d in dests if d in self.others), None)
        flag, metavar, takes_value = found or (
            "--" + setting.keyword.replace("_", "-"),
            setting.keyword.upper(),
            not isinstance(setting.value, bool),
        )
        value = setting.value
        if not takes_value or isinstance(value, bool):
            return flag
        if value is None:
            return f"{flag} {metavar}"
        return f"{flag} {value if isinstance(value, str) else ','.join(value)}"

    def report(self, item: dict[str, Any]) -> dict[str, Any]:
        """A report item (an error's ``to_dict``) in this command's words."""
        return reword_report(item, self)


def _options_of(
    parsers: Iterable[argparse.ArgumentParser],
) -> dict[str, tuple[str, str, bool]]:
    found: dict[str, tuple[str, str, bool]] = {}
    for parser in parsers:
        for action in parser._actions:  # argparse keeps no public list of a parser's options
            longs = [o for o in action.option_strings if o.startswith("--")]
            if longs and action.dest not in found:
                metavar = action.metavar if isinstance(action.metavar, str) else None
                found[action.dest] = (longs[0], metavar or action.dest.upper(), action.nargs != 0)
    return found


def add_read_options(parser: argparse.ArgumentParser) -> None:
    """``--from``, ``--encoding``, ``--tolerate`` and ``--glob``."""
    parser.add_argument(
        "--from",
        dest="source_format",
        metavar="FORMAT",
        help="input format (default: from the extension or the text); it chooses the reader",
    )
    parser.add_argument("--encoding", help="input encoding (default: detected)")
    parser.add_argument(
        "--tolerate",
        default="",
        metavar="LIST",
        help="comma-separated rule breaches to let through and report ("
        + ", ".join(sorted(TOLERABLE))
        + "), or truncated: read the complete lines of a file cut inside a character",
    )
    parser.add_argument(
        "--glob",
        dest="globs",
        action="append",
        metavar="PATTERN",
        help="in folders, take the files whose path below the folder matches PATTERN "
        "(e.g. '*.json', '**/2024*.csa'; repeatable) instead of the record extensions",
    )


def add_verdict_options(parser: argparse.ArgumentParser, judge: bool = True) -> None:
    """``--verdicts`` (when ``judge``: weigh each ending against the rules) and
    ``--impasse 27|24`` (the impasse rule they judge 入玉宣言 and 持将棋 by)."""
    if judge:
        parser.add_argument(
            "--verdicts",
            action="store_true",
            help="also weigh each main line's ending (投了, 詰み, 千日手, 入玉宣言 …) against "
            "the rules: an ending they contradict makes the record invalid (code VERDICT)",
        )
    parser.add_argument(
        "--impasse",
        choices=IMPASSE_RULES,
        help="the impasse rule for 入玉宣言 and 持将棋: 27 (CSA, computer shogi: 先手 28 "
        "points, 後手 27; the default) or 24 (JSA: 31 win, 24 to 30 draw)",
    )


def verdict_rule(args: argparse.Namespace) -> str | None:
    """The impasse rule verdicts are judged by, ``None`` when a command with
    ``--verdicts`` was not given it.

    Raises:
        KifuError: ``USAGE`` for ``--impasse`` without ``--verdicts``.
    """
    rule: str | None = getattr(args, "impasse", None)
    if getattr(args, "verdicts", True):
        return rule or IMPASSE_RULES[0]
    if rule is not None:
        raise KifuError(
            f"--impasse {rule} chooses the rule --verdicts judges by",
            code="USAGE",
            hint="add --verdicts, or leave --impasse out",
        )
    return None


def check_read_options(args: argparse.Namespace) -> None:
    """Refuse misspelled options once, before any file is read (exit 2), rather than
    reporting them against every record.

    Raises:
        KifuError: ``USAGE`` (or ``UNKNOWN_FORMAT``) naming the option and what it accepts.
    """
    if getattr(args, "source_format", None):
        get_format(args.source_format)  # UnknownFormatError with the closest name
    tolerance(tolerate_list(getattr(args, "tolerate", "") or ""))
    for option in ("encoding", "out_encoding"):
        name = getattr(args, option, None)
        if name:
            try:
                codecs.lookup(normalize_encoding(name))
            except LookupError:
                flag = "--" + option.replace("_", "-")
                raise KifuError(
                    f"{flag} {name}: no such encoding",
                    code="USAGE",
                    hint="e.g. utf-8, cp932 (Shift_JIS), euc-jp",
                ) from None


def no_record_files() -> KifuError:
    """What ``convert`` and ``validate`` say when the paths name no record (exit 2)."""
    return KifuError(
        "no record files found",
        code="USAGE",
        hint="check the paths; in a folder, files are found by extension (--glob)",
    )


def tolerate_list(text: str) -> list[str]:
    """The names in a ``--tolerate`` value."""
    return [t for t in (s.strip() for s in text.split(",")) if t]


def shogi_game(records: list[Any], number: int | None, file: str, what: str) -> Any:
    """Game ``number`` (from 1; the first when ``None``) of ``records`` read from ``file``,
    for a command that draws shogi games (``what``: what it makes of one).

    Raises:
        KifuError: ``USAGE`` for a number out of range or a record that is no shogi game.
    """
    chosen = 1 if number is None else number
    if not 1 <= chosen <= len(records):
        raise KifuError(
            f"--game {chosen}: {file} holds {len(records)} game(s)",
            code="USAGE",
            hint=f"--game counts from 1 to {len(records)}",
        )
    record = records[chosen - 1]
    if not isinstance(record, Game):
        raise KifuError(
            f"{file} is a {record.format} record: {what} shogi records",
            code="USAGE",
            hint="kifu-lark show draws its board",
        )
    return record


def read_records(
    source: str, fmt: str | None, encoding: str | None, tolerate: str = ""
) -> list[Any]:
    """Read every record of a file, or of standard input for ``-``."""
    if source == "-":
        data = sys.stdin.buffer.read()
        name = ""
    else:
        try:
            data = Path(source).read_bytes()
        except OSError as err:
            raise KifuError(
                f"cannot read {source}: {err.strerror}", code="IO", hint="check the path"
            ) from None
        name = source
    # as export reads an entry: a text of no record (CSA comments only) is refused, EMPTY
    return read_games(data, name, fmt, encoding, tolerate_list(tolerate))


def expand(
    paths: Iterable[str], source_format: str | None = None, globs: Iterable[str] | None = None
) -> Iterator[Path]:
    """Files named, and the files found recursively in folders named (sorted): those
    matching one of ``globs`` (relative to the folder) when given, else those with an
    extension of ``source_format`` (of any registered format when None)."""
    patterns = list(globs or [])
    fmt = get_format(source_format) if source_format else None
    extensions = set(fmt.extensions) if fmt is not None else record_extensions()
    for name in paths:
        path = Path(name)
        try:
            is_dir = path.is_dir()
            if not is_dir and not path.exists() and name != "-":
                raise KifuError(
                    f"{name}: no such file or folder", code="USAGE", hint="check the path"
                )
        except OSError as err:
            raise KifuError(
                f"{name}: {err.strerror}", code="USAGE", hint="check the path"
            ) from None
        if is_dir:
            for child in sorted(path.rglob("*")):
                if not child.is_file():
                    continue
                if patterns:
                    rel = child.relative_to(path)
                    if any(rel.match(p) or fnmatch.fnmatch(rel.as_posix(), p) for p in patterns):
                        yield child
                elif "".join(child.suffixes[-1:]).lower() in extensions:
                    yield child
        else:
            yield path


def issue_item(issue: Any) -> dict[str, Any]:
    """A record's :class:`~kifu_lark.model.game.Issue` (a breach let through by
    ``--tolerate`` …) as a report item."""
    return {
        "code": issue.code,
        "message": issue.message,
        "ply": issue.ply,
        "line": issue.line,
        "column": issue.column,
        "hint": getattr(issue, "hint", None),
    }


def report_line(path: str, item: dict[str, Any], level: str) -> str:
    """One report line, ``path:line:col: level: move N: message [CODE] (hint)``: how
    ``validate`` reports an error or warning, and ``convert`` a tolerated breach."""
    where = ":".join(str(item[k]) for k in ("line", "column") if item.get(k) is not None)
    prefix = f"{path}:{where}" if where else path
    ply = f"move {item['ply']}: " if item.get("ply") else ""
    code = f" [{item['code']}]" if item.get("code") else ""
    hint = f" ({item['hint']})" if item.get("hint") else ""
    return f"{prefix}: {level}: {ply}{item['message']}{code}{hint}"


def warning_lines(path: str, records: Iterable[Any]) -> list[str]:
    """The report lines of every issue the records carry (breaches ``--tolerate`` let
    through), as ``validate`` prints them."""
    return [
        report_line(path, issue_item(w), "warning")
        for record in records
        for w in getattr(record, "warnings", [])
    ]


class Progress:
    """A one-line progress bar on standard error, shown only on a terminal."""

    def __init__(self, total: int, label: str) -> None:
        self.total = total
        self.done = 0
        self.label = label
        self.enabled = sys.stderr.isatty() and total > 1

    def step(self) -> None:
        """Count one item done and redraw."""
        self.done += 1
        if self.enabled:
            width = 30
            filled = width * self.done // max(self.total, 1)
            bar = "#" * filled + "-" * (width - filled)
            print(
                f"\r{self.label} [{bar}] {self.done}/{self.total}",
                end="",
                file=sys.stderr,
                flush=True,
            )

    def close(self) -> None:
        """End the bar's line."""
        if self.enabled:
            print(file=sys.stderr, flush=True)


def parallel_map(fn: Callable[[T], R], items: list[T], jobs: int, label: str) -> list[R]:
    """``[fn(x) for x in items]``, over ``jobs`` processes when more than one, with a
    progress bar; results keep the items' order."""
    progress = Progress(len(items), label)
    results: list[R] = []
    try:
        if jobs > 1 and len(items) > 1:
            with WorkerPool(jobs) as pool:
                for result in pool.ordered(fn, items, max(1, len(items) // (jobs * 8))):
                    results.append(result)
                    progress.step()
        else:
            for item in items:
                results.append(fn(item))
                progress.step()
    finally:
        progress.close()
    return results


def jobs_count(value: int) -> int:
    """``-j 0`` means one job per core."""
    return value if value > 0 else (os.cpu_count() or 1)
