"""Which build runs: modules compiled with mypyc, or the same modules as Python source.

A compiled install keeps each compiled module's ``.py`` beside its extension module, and
Python prefers the extension. ``KIFU_LARK_PURE=1`` in the environment (read once, when
``kifu_lark`` is first imported) makes this package load its own ``.py`` files instead, so
that one install runs either build: the test suite runs its pure-Python pass that way. This
module is never compiled itself (it must run before any compiled module loads).
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import (
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    ModuleSpec,
    SourceFileLoader,
)
from pathlib import Path
from types import ModuleType

PURE_ENV = "KIFU_LARK_PURE"
"""The environment variable that asks for the pure-Python build (at install and at run)."""

COMPILED = (
    "rules/board.py",
    "rules/board_state.py",
    "rules/geometry.py",
    "rules/movegen.py",
    "rules/relative.py",
    "rules/replay.py",
    "rules/record_builder.py",
    "rules/written_move.py",
    "rules/fouls.py",
    "rules/resolve.py",
    "record/tree_check.py",
    "record/line.py",
    "model/node.py",
    "model/piece_count.py",
    "model/clock.py",
    "model/times.py",
    "formats/engine/memo.py",
    "formats/engine/tokens.py",
    "formats/csa.py",
    "formats/csa_start.py",
    "formats/csa_moves.py",
    "formats/kif_read.py",
    "formats/kif_moves.py",
    "formats/ki2.py",
    "formats/ki2_read.py",
    "formats/ki2_write.py",
    "formats/japanese.py",
    "formats/japanese_head.py",
    "formats/japanese_move.py",
    "formats/bod.py",
    "formats/diagram.py",
    "formats/evaluation_fast.py",
    "dataset/replay.py",
    "dataset/rows.py",
    "dataset/engine_pack.py",
    "dataset/training_line.py",
    "tactics/index.py",
    "tactics/match.py",
    "tactics/motion.py",
    "tactics/notes.py",
)
"""The modules a compiled build compiles, relative to the package (setup.py reads this list).

The readers' hot path: the rules engine, the record tree's node (a native class: a kept move
takes less memory than in the interpreted class's slots) and the CSA, KIF and KI2 readers
with the board diagram's (handicap games, problems and games from a set position start from
one); the replay that writes the export's ``positions`` table, and the packing of the
training records (HCPE, PSV) from the engine's arrays; the tactics matcher's replay (its
index, motion clauses and notes). Modules that define attrs
classes (the rest of ``model/``) stay interpreted, as do those the readers spend little
time in (see README, "Compiled build")."""

_PACKAGE = "kifu_lark"
_HERE = Path(__file__).parent
_SLACK = 2.0
"""Seconds a source may be newer than its extension module without being an edit (an
install writes both in turn)."""


def pure_requested() -> bool:
    """True when ``KIFU_LARK_PURE`` is set to anything but empty or ``0``."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


class SourceOnly:
    """A meta-path finder that loads this package's modules from ``.py`` files only, so
    that compiled extension modules beside them are left alone."""

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The spec of ``name``'s ``.py`` file, for submodules of this package only."""
        if path is None or not name.startswith(_PACKAGE + "."):
            return None
        for entry in path:
            finder = FileFinder(entry, (SourceFileLoader, SOURCE_SUFFIXES))
            spec = finder.find_spec(name, target)
            if spec is not None and spec.loader is not None:
                return spec
        return None


def install_source_only() -> None:
    """Put :class:`SourceOnly` first on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, SourceOnly) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceOnly())


def is_compiled(module: ModuleType) -> bool:
    """True when ``module`` was loaded from a compiled extension module."""
    return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))


def stale() -> list[str]:
    """The compiled modules whose ``.py`` was edited after their extension module was built
    (an editable install not rebuilt since): running them would run old code."""
    found = []
    for relative in COMPILED:
        source = _HERE / relative
        for suffix in EXTENSION_SUFFIXES:
            built = source.with_suffix(suffix)
            try:
                if source.stat().st_mtime > built.stat().st_mtime + _SLACK:
                    found.append(relative)
            except OSError:  # not built (pure install) or no source: nothing to compare
                continue
    return found


if __name__ == "__main__":  # the Makefile's list of what a compiled build depends on
    print(" ".join(f"{_PACKAGE}/{relative}" for relative in COMPILED))
elif __name__ != f"{_PACKAGE}._build":
    pass  # loaded by setup.py for COMPILED alone: nothing to switch in a build
elif pure_requested():
    install_source_only()
elif edited := stale():
    warnings.warn(
        f"kifu-lark: {', '.join(edited)} changed since the compiled build; running pure "
        "Python (rebuild with `pip install -e .` or `make`)",
        stacklevel=2,
    )
    install_source_only()
