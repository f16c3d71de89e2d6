"""What ``show --png/--svg`` and ``animate`` share: their picture options, and writing a
picture through a temporary name without replacing a file unless asked."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from kifu_lark.errors import KifuError, Setting
from kifu_lark.files import write_atomically
from kifu_lark.render.raster import MAX_WIDTH, MIN_WIDTH
from kifu_lark.render.svg import GLYPHS

#: What replacing an existing output asks for (``--overwrite``, or ``--force`` as
#: ``convert`` says it).
OVERWRITE = Setting("overwrite", True, writing=True)


def bounded(low: int, high: int, unit: str) -> Callable[[str], int]:
    """An argparse type: a whole number of ``unit`` from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number of {unit}: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value}: give {low} to {high} {unit}")
        return value

    return parse


#: ``--size``'s value: a width in pixels within the range pictures are drawn at.
width = bounded(MIN_WIDTH, MAX_WIDTH, "pixels")


def add_picture_options(
    parser: argparse.ArgumentParser, what: str, sized: str | None = None
) -> None:
    """``--glyphs``, ``--flip``, ``--size`` and ``--overwrite`` (``--force``); ``what``
    names the pictures they apply to in the help, ``sized`` those ``--size`` applies to
    (default: the same)."""
    parser.add_argument(
        "--glyphs",
        choices=GLYPHS,
        help=f"{what}: kanji pieces (default; needs a CJK font where the picture is drawn or "
        "shown) or letters (P, +R: legible with any font)",
    )
    parser.add_argument(
        "--flip", action="store_true", help=f"{what}: the board seen from white's side"
    )
    parser.add_argument(
        "--size",
        type=width,
        metavar="PX",
        help=f"{sized or what}: the width in pixels ({MIN_WIDTH} to {MAX_WIDTH}; the height in "
        "proportion; default: the picture's own size, 514 for 9x9)",
    )
    parser.add_argument(
        "--overwrite",
        "--force",
        action="store_true",
        help="replace an output file that exists (without it: an error, exit 2, the file "
        "left as it was)",
    )


def refuse_existing(paths: Sequence[str], overwrite: bool) -> None:
    """Refuse before anything is drawn or written when an output exists and may not be
    replaced, so that no output of a run is written when another is refused.

    Raises:
        KifuError: ``EXISTS`` naming the first such file.
    """
    if overwrite:
        return
    for path in paths:
        if Path(path).exists():
            raise KifuError(
                f"{path} exists",
                code="EXISTS",
                hint=f"pass {OVERWRITE} to replace it",
                settings=(OVERWRITE,),
            )


def write_picture(data: bytes, path: str, kind: str, overwrite: bool) -> None:
    """Write a picture through a temporary file renamed into place, and say where.

    Raises:
        KifuError: ``EXISTS`` when ``path`` exists and ``overwrite`` is false; ``IO`` when
            it cannot be written, with what to check.
    """
    write_atomically(Path(path), data, overwrite=overwrite)
    print(f"wrote {path} ({kind})", file=sys.stderr)
