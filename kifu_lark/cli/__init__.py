"""The ``kifu-lark`` command line.

Each sub-command lives in its own module of this package exposing ``NAME``, ``HELP``,
``configure(parser)`` and ``run(args) -> int``; :data:`COMMANDS` lists them. Exit status:
0 success, 1 invalid record, 2 usage error.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType

from kifu_lark import __version__, compiled
from kifu_lark.errors import KifuError

#: Sub-command modules of this package, in ``--help`` order.
COMMANDS: tuple[str, ...] = (
    "formats",
    "convert",
    "validate",
    "export",
    "show",
    "tactics",
    "demo",
    "pieces",
    "versus",
)

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2
#: Error codes that are the request's fault, not a record's: exit status 2.
USAGE_CODES = frozenset({"USAGE", "UNKNOWN_FORMAT", "IO", "MISSING_EXTRA"})


def _modules() -> list[ModuleType]:
    return [importlib.import_module(f"kifu_lark.cli.{name}") for name in COMMANDS]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command."""

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
    for module in _modules():
        child = sub.add_parser(
            module.NAME,
            help=module.HELP,
            description=module.HELP,
            epilog=getattr(module, "EPILOG", None),
        )
        module.configure(child)
        child.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``kifu-lark``; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        status: int = args.run(args)
    except KifuError as err:
        print(f"kifu-lark: {err}", file=sys.stderr)
        return EXIT_USAGE if err.code in USAGE_CODES else EXIT_INVALID
    except BrokenPipeError:
        return EXIT_OK
    except OSError as err:  # the system refused a file operation: say so, not a traceback
        where = f"{err.filename}: " if err.filename else ""
        print(f"kifu-lark: {where}{err.strerror or err}", file=sys.stderr)
        return EXIT_USAGE
    return status


if __name__ == "__main__":
    sys.exit(main())
