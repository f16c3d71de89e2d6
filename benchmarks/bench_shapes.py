"""No cliffs: each record shape real programs write, timed beside the same moves without it.

For each shape of :mod:`benchmarks.shapes` (comment lines before CSA's version line, ``'**``
engine lines, V3.0's encoding line, several CSA records to a text, Kifu for Windows' analysis
lines, a board-diagram start, variations, a 1 MB line): the moves/s of our reader (public
``loads_all``) with the feature and without it, timed in turn, and their ratio against the
bar of 1.25x (issue 33). The way each set is read is printed too (the whole-record pattern,
the scanning parse or the grammar as written) with the grammar's own speed (``scan=False``),
so that a shape over the bar shows where its time goes. The same ratios in instructions,
which do not depend on a busy machine: ``python -m benchmarks.instructions --shapes``.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import kifu_lark
from benchmarks.common import in_turn, rounds_in_turn
from benchmarks.shapes import BAR, Shape, shapes
from kifu_lark.errors import KifuError
from kifu_lark.formats import csa, engine, ki2_read, kif_read
from kifu_lark.formats.base import ReadOptions
from kifu_lark.formats.csa_dialect import CSA

RECORDS = int(os.environ.get("BENCH_SHAPES_RECORDS", "60"))
"""Records of each shape (the long-line shapes hold fewer: ``shapes.LONG_RECORDS``)."""

ROUNDS = int(os.environ.get("BENCH_SHAPES_ROUNDS", "15"))
"""Rounds each shape is timed in, with and without its feature in turn: a set of records
reads in a few hundredths of a second, where a shared machine's moments weigh."""

_OPTIONS = ReadOptions()

#: Per format: its declaration, the engine's build and the reader with its ``scan`` switch.
_WAYS: dict[str, tuple[engine.Declaration, Callable[..., Any], Callable[..., Any]]] = {
    "csa": (csa.declaration(CSA), csa.builder(CSA, _OPTIONS), csa.reader(CSA)),
    "kif": (kif_read.DECLARATION, kif_read.builder(_OPTIONS), kif_read.read_kif),
    "ki2": (ki2_read.DECLARATION, ki2_read.builder(_OPTIONS), ki2_read.read_ki2),
}


def path(fmt: str, text: str) -> str:
    """Which of the engine's ways reads ``text``: ``whole`` (the whole-record pattern),
    ``scan`` (the scanning parse) or ``grammar`` (the grammar as written), as
    :func:`kifu_lark.formats.engine.read_fast` takes them."""
    declaration, build, _ = _WAYS[fmt]
    text = declaration.normalise(text)
    way = "whole"
    try:
        parsed = declaration.whole(text) if declaration.whole is not None else None
        if parsed is None and declaration.run is not None:
            way = "scan"
            parsed = engine.parse(declaration.scanner(), text, declaration.name)
        if parsed is None:
            return "grammar"
        build(text, parsed, True)
    except (KifuError, engine.Inexact):
        return "grammar"
    return way


def paths(fmt: str, texts: Sequence[str]) -> str:
    """How many of ``texts`` each way reads, e.g. ``whole 60`` or ``scan 3, grammar 57``."""
    found = Counter(path(fmt, t) for t in texts)
    return ", ".join(f"{way} {found[way]}" for way in ("whole", "scan", "grammar") if found[way])


def _reading(fmt: str, texts: Sequence[str]) -> Callable[[], object]:
    return lambda: [kifu_lark.loads_all(t, fmt) for t in texts]


def _grammar(fmt: str, texts: Sequence[str]) -> Callable[[], object]:
    read = _WAYS[fmt][2]
    return lambda: [read(t, _OPTIONS, False) for t in texts]


def _forced(fmt: str, way: str, texts: Sequence[str]) -> Callable[[], object] | None:
    """Reading ``texts`` the engine's way ``way`` only; ``None`` where it does not read
    them all."""
    declaration, build, _ = _WAYS[fmt]
    if way == "grammar":
        return _grammar(fmt, texts)
    normalised = [declaration.normalise(t) for t in texts]

    def parse(text: str) -> Any:
        if way == "scan":
            return engine.parse(declaration.scanner(), text, declaration.name)
        parsed = declaration.whole(text) if declaration.whole is not None else None
        if parsed is None:
            raise engine.Inexact("the whole-record pattern does not match")
        return parsed

    def run() -> object:
        return [build(t, parse(t), True) for t in normalised]

    try:
        run()
    except (KifuError, engine.Inexact):
        return None
    return run


def per_way(shape: Shape, repeat: int = 3) -> None:
    """The long line against the same characters in ordinary lines, on each of the engine's
    ways forced (the whole-record pattern, the scanning parse, the grammar as written), then
    the long line's dearest way against its cheapest: a long line should cost the same per
    character on every way."""
    long: dict[str, float] = {}
    for way in ("whole", "scan", "grammar"):
        runs = [_forced(shape.format, way, t) for t in (shape.with_feature, shape.without)]
        if runs[0] is None or runs[1] is None:
            print(f"  {way} alone: does not read both", flush=True)
            continue
        with_feature, without = in_turn([runs[0], runs[1]], repeat)
        long[way] = with_feature
        print(
            f"  {way} alone: long line {with_feature:.3f} s, short lines {without:.3f} s: "
            f"{shape.ratio(with_feature, without):.2f}x",
            flush=True,
        )
    dearest, cheapest = max(long, key=long.__getitem__), min(long, key=long.__getitem__)
    print(
        f"  the long line, {dearest} over {cheapest}: {long[dearest] / long[cheapest]:.2f}x",
        flush=True,
    )


def line(shape: Shape, repeat: int = ROUNDS) -> float:
    """Time ``shape`` with and without its feature (in turn, ``repeat`` rounds), print both
    and the ratio of the best times (what the bar is held to: a busy moment only adds
    time) beside the median of the rounds' own ratios (a round's runs follow each other, so
    a drifting machine moves it less); returns the ratio of the best times."""
    fmt = shape.format
    runs = [_reading(fmt, shape.with_feature), _reading(fmt, shape.without)]
    (with_feature, without), (_, without_over_with) = rounds_in_turn(runs, repeat)
    grammar_with, grammar_without = in_turn(
        [_grammar(fmt, shape.with_feature), _grammar(fmt, shape.without)], 3
    )
    ratio = shape.ratio(with_feature, without)
    # the rounds' median of without/with, turned into the shape's ratio as ``ratio`` is
    median = shape.ratio(1.0, without_over_with) if without_over_with > 0 else float("inf")
    verdict = "holds" if ratio <= BAR else "OVER THE BAR"
    print(f"{shape.name}: {shape.feature} (per {shape.per})", flush=True)
    print(
        f"  with: {shape.moves_with / with_feature:,.0f} moves/s "
        f"({len(shape.with_feature)} texts; {paths(fmt, shape.with_feature)}; "
        f"grammar path {shape.moves_with / grammar_with:,.0f} moves/s)"
    )
    print(
        f"  without: {shape.moves_without / without:,.0f} moves/s "
        f"({len(shape.without)} texts; {paths(fmt, shape.without)}; "
        f"grammar path {shape.moves_without / grammar_without:,.0f} moves/s)"
    )
    print(
        f"  ratio {ratio:.2f}x best of {repeat} (bar {BAR:.2f}x): {verdict}; "
        f"{median:.2f}x the median of the rounds",
        flush=True,
    )
    if shape.per == "character":
        per_way(shape)
    return ratio


#: Per format, records ending in a 1 MB line that no move reads (issue 37, item 18): the
#: readers' cuts must stop where the moves stop, as the grammar's lexer does.
BAD_LINES: dict[str, tuple[str, ...]] = {
    "csa": ("V2.2\nPI\n+\n+7776FU{x}\n", "V2.2\nPI\n+\n+7776FU\n+{d}\n", "V2.2\nPI\n+\nT{d}\n"),
    "kif": (
        "手合割：平手\n手数----指手--\n{d}\n",
        "手合割：平手\n手数----指手--\n1 ７六歩(77){x}\n",
    ),
    "ki2": ("手合割：平手\n▲７六歩{x}\n", "手合割：平手\n▲{d}\n"),
}
_MB = 1_000_000


def bad_lines(repeat: int = 3) -> None:
    """Each record of :data:`BAD_LINES`: ms a MB on the default way and on the grammar as
    written (which stops at the first character it cannot read)."""
    print("a 1 MB line no move reads (ms a MB: default way, grammar as written):", flush=True)
    for fmt, shapes_ in BAD_LINES.items():
        read = _WAYS[fmt][2]
        for i, shape in enumerate(shapes_):
            text = shape.format(x="x" * _MB, d="1" * _MB)

            def run(
                scan: bool, text: str = text, read: Callable[..., Any] = read
            ) -> Callable[[], object]:
                def once() -> object:
                    try:
                        return read(text, _OPTIONS, scan)
                    except KifuError as err:
                        return err

                return once

            default, grammar = in_turn([run(True), run(False)], repeat)
            print(f"  {fmt} {i + 1}: {default * 1000:8.1f} {grammar * 1000:8.1f}", flush=True)


def main() -> None:
    """A line per shape, the shapes over the bar, then the long lines no move reads."""
    over = [shape.name for shape in shapes(RECORDS) if line(shape) > BAR]
    print(f"over the bar of {BAR:.2f}x: {', '.join(over) if over else 'none'}", flush=True)
    bad_lines()
