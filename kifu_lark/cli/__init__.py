"""The ``kifu-lark`` command line.

Each sub-command lives in its own module of this package exposing ``NAME``, ``HELP``,
``configure(parser)`` and ``run(args) -> int`` (and may set ``INTERRUPTED_HINT``, what to
do after an interrupted run); :data:`COMMANDS` lists them. Exit status: 0 success, 1 invalid
record, 2 usage error; 128 + the signal's number when stopped by Ctrl-C (130) or SIGTERM
(143), after one line on standard error and with no temporary file left.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import importlib
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from types import ModuleType

from kifu_lark import __version__, compiled
from kifu_lark.cli.common import USAGE_CODES, OptionWords
from kifu_lark.errors import KifuError, KifuIOError
from kifu_lark.stopping import StopOnSignals

#: Sub-command modules of this package, in ``--help`` order.
COMMANDS: tuple[str, ...] = (
    "formats",
    "convert",
    "validate",
    "export",
    "show",
    "animate",
    "html",
    "tactics",
    "demo",
    "pieces",
    "versus",
)

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


class Interrupted(KeyboardInterrupt):
    """SIGINT or SIGTERM while a command runs: raised where the command is, so that it
    unwinds (a file being written is removed) before :func:`main` reports it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def _stopping_cleanly() -> Iterator[None]:
    """SIGINT and SIGTERM raise :class:`Interrupted` in the block (SIGTERM would otherwise
    end the process where it stands, temporary files and workers left behind); the
    handlers before are restored after it. Signals are only for the main thread."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    stops = StopOnSignals(Interrupted)
    stops.start()
    try:
        yield
    finally:
        stops.stop()


def _interrupted_line(stop: KeyboardInterrupt, hint: str | None) -> tuple[str, int]:
    """The one line said when a command is interrupted, and the exit status."""
    signum = getattr(stop, "signum", signal.SIGINT)
    name = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
    line = f"kifu-lark: interrupted by {name}; no file was left half-written"
    return line + (f" ({hint})" if hint else ""), 128 + signum


def _add_commands(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], names: Sequence[str]
) -> dict[str, argparse.ArgumentParser]:
    """The sub-commands ``names`` added to ``sub``, by name (each command's module is
    imported here)."""
    children: dict[str, argparse.ArgumentParser] = {}
    for name in names:
        module: ModuleType = importlib.import_module(f"kifu_lark.cli.{name}")
        child = sub.add_parser(
            module.NAME,
            help=module.HELP,
            description=module.HELP,
            epilog=getattr(module, "EPILOG", None),
        )
        module.configure(child)
        child.set_defaults(
            run=module.run, interrupted_hint=getattr(module, "INTERRUPTED_HINT", None)
        )
        children[name] = child
    return children


def _other_commands(name: str) -> list[argparse.ArgumentParser]:
    """Every command's parser but ``name``'s, built for :class:`OptionWords`."""
    sub = argparse.ArgumentParser(prog="kifu-lark").add_subparsers()
    return list(_add_commands(sub, [other for other in COMMANDS if other != name]).values())


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every sub-command; with ``command`` (one of
    :data:`COMMANDS`), with that one alone, which is all a run of it parses: the other
    commands' modules are not imported unless a message names one of their options."""

    parser = argparse.ArgumentParser(
        prog="kifu-lark",
        description="Read, convert and validate shogi game records.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"kifu-lark {__version__} ({'compiled' if compiled else 'pure Python'})",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    names = (command,) if command in COMMANDS else COMMANDS
    children = _add_commands(sub, names)
    # The library's messages name settings in Python's words; each command says its options
    # (another command's when it has none for a setting).
    for name, child in children.items():
        child.set_defaults(words=OptionWords(child, functools.partial(_other_commands, name)))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``kifu-lark``; returns the exit status."""
    args_given = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(args_given[0] if args_given else None)
    try:
        args = parser.parse_args(args_given)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        with _stopping_cleanly():
            status: int = args.run(args)
    except KeyboardInterrupt as stop:
        line, status = _interrupted_line(stop, args.interrupted_hint)
        print(line, file=sys.stderr)
        return status
    except KifuError as err:
        print(f"kifu-lark: {err.reword(args.words)}", file=sys.stderr)
        return EXIT_USAGE if err.code in USAGE_CODES else EXIT_INVALID
    except BrokenPipeError:
        return EXIT_OK
    except OSError as err:  # the system refused a file operation: say so, not a traceback
        where = f"{err.filename}: " if err.filename else ""
        refused = KifuIOError(
            f"{where}{err.strerror or err}",
            hint="check that the path exists and that you may read or write there",
        )
        print(f"kifu-lark: {refused}", file=sys.stderr)
        return EXIT_USAGE
    return status


def console() -> int:
    """The ``kifu-lark`` command and ``python -m kifu_lark``: :func:`main` on ``sys.argv``,
    its exit status returned for ``sys.exit``.

    The objects left at the end are frozen (``gc.freeze``) so that the interpreter's last
    full collection, as the process exits, does not go over every one of them: a run has
    closed every file it wrote by then (each written to a temporary name and renamed, in a
    ``with`` block), so that pass would only free memory the process is giving back. Exit
    handlers still run. :func:`main` itself, which tests and programs call in their own
    process, freezes nothing.
    """
    status = main()
    gc.freeze()
    return status


if __name__ == "__main__":
    sys.exit(console())
