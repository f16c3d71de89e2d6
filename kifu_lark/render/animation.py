"""A game as an animation: one frame per position of a line (the start, then after each
move, its last move marked), as GIF, APNG or WebP.

Each frame is the PNG :func:`kifu_lark.render.png` draws of that position (the same
renderer, so the last frame is the final position drawn alone); Pillow puts the frames
together. Both come with the ``kifu-lark[images]`` extra.

How long each frame shows:

- a fixed ``delay`` (milliseconds), every frame alike;
- or ``delay_from="times"``: as long as the player to move took over the next move (the
  time the position stood on the board), times ``time_scale`` (0.1: a minute's thought
  shows for six seconds) and clipped to :data:`TIMED_RANGE`; a move without a time shows
  for ``delay``.

The last frame shows for ``end_delay``, a pause before the animation starts again. Every
duration is rounded to hundredths of a second, the unit GIF counts in, so each format holds
the same ones.

A GIF holds at most 256 colours a frame, and a board picture has a few hundred, most of
them blends at the edges of letters and shapes. Every frame of a GIF is put on one palette:
the most common colours of a few frames spread over the game (whole areas: board, lines,
pieces, highlights) exactly, the rest chosen by Pillow's median cut over the same frames,
without dithering (which would speckle the flat board); the blends move to a near colour.
APNG and WebP (lossless) keep every pixel.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import PurePath
from typing import Any, Literal

from kifu_lark.errors import MissingExtraError
from kifu_lark.extras import require
from kifu_lark.model.game import Game
from kifu_lark.model.node import Node
from kifu_lark.render.raster import EXTRA, check_width, svg_to_png
from kifu_lark.render.svg import Glyphs, svg_board

__all__ = [
    "ANIMATION_FORMATS",
    "SUFFIXES",
    "TIMED_RANGE",
    "AnimationFormat",
    "animate",
    "animation_format",
    "frame_delays",
]

AnimationFormat = Literal["gif", "apng", "webp"]
#: The formats :func:`animate` writes.
ANIMATION_FORMATS: tuple[AnimationFormat, ...] = ("gif", "apng", "webp")
#: A file's suffix → the format written to it.
SUFFIXES: dict[str, AnimationFormat] = {
    ".gif": "gif",
    ".png": "apng",
    ".apng": "apng",
    ".webp": "webp",
}
#: The shortest and longest a frame timed by the moves' times shows, in milliseconds.
TIMED_RANGE = (200, 5000)
#: The range of a given delay, in milliseconds (browsers slow a GIF frame shorter than the
#: low end down to a tenth of a second).
DELAY_RANGE = (20, 60_000)
DelayFrom = Literal["times"]


def animation_format(path: str | PurePath) -> AnimationFormat:
    """The format a file's suffix names (``.gif``; ``.png`` and ``.apng``: APNG; ``.webp``).

    Raises:
        ValueError: for another suffix.
    """
    suffix = PurePath(path).suffix.lower()
    if suffix not in SUFFIXES:
        raise ValueError(
            f"no animation format for the suffix {suffix or '(none)'!r}: "
            f"{', '.join(SUFFIXES)} name one"
        )
    return SUFFIXES[suffix]


def frame_delays(
    nodes: Sequence[Node],
    *,
    delay: int = 1000,
    delay_from: DelayFrom | None = None,
    time_scale: float = 0.1,
    end_delay: int = 3000,
) -> list[int]:
    """How long each frame of an animation of ``nodes`` (the moves' nodes, first move first)
    shows, in milliseconds: one per frame, the start's first (see the module's docstring).

    Raises:
        ValueError: for a ``delay`` or ``end_delay`` out of :data:`DELAY_RANGE`, a
            ``time_scale`` not above 0, or a ``delay_from`` other than ``"times"``.
    """
    for name, value in (("delay", delay), ("end_delay", end_delay)):
        low, high = DELAY_RANGE
        if not low <= value <= high:
            raise ValueError(f"{name} must be {low} to {high} ms, not {value}")
    if delay_from not in (None, "times"):
        raise ValueError(f"delay_from must be 'times' or None, not {delay_from!r}")
    if not time_scale > 0:
        raise ValueError(f"time_scale must be above 0, not {time_scale}")
    out = []
    for node in nodes:
        spent = node.time.spent if delay_from and node.time is not None else None
        if spent is None:
            out.append(_tens(delay))
        else:
            low, high = TIMED_RANGE
            out.append(_tens(min(max(spent * 1000 * time_scale, low), high)))
    out.append(_tens(end_delay))
    return out


def _tens(ms: float) -> int:
    return round(ms / 10) * 10


def animate(
    game: Game,
    format: AnimationFormat = "gif",
    *,
    line: Node | None = None,
    delay: int = 1000,
    delay_from: DelayFrom | None = None,
    time_scale: float = 0.1,
    end_delay: int = 3000,
    width: int | None = None,
    flipped: bool = False,
    glyphs: Glyphs = "kanji",
) -> bytes:
    """An animation of a line of ``game``: a frame for the start and one after each move,
    its last move marked (a special adds none).

    Args:
        game: the record.
        format: ``"gif"``, ``"apng"`` or ``"webp"`` (when Pillow has WebP).
        line: the line through this node (see :meth:`kifu_lark.Game.line`); ``None``: the
            main line.
        delay, delay_from, time_scale, end_delay: how long frames show, in milliseconds
            (see :func:`frame_delays`).
        width: the frames' width in pixels (``None``: the picture's own size).
        flipped, glyphs: as for :func:`kifu_lark.render.svg_board`.

    Returns:
        The file's bytes; it loops for ever.

    Raises:
        MissingExtraError: when resvg-py or Pillow is not installed, or this Pillow cannot
            write WebP.
        ValueError: for an unknown format, a ``line`` not in the game, or an option out
            of range.
    """
    if format not in ANIMATION_FORMATS:
        raise ValueError(f"format must be one of {', '.join(ANIMATION_FORMATS)}, not {format!r}")
    check_width(width)
    image = require("PIL.Image", EXTRA, "making an animation")
    if format == "webp":
        features = require("PIL.features", EXTRA, "making an animation")
        if not features.check("webp"):
            raise MissingExtraError(
                "this Pillow was built without WebP",
                extra=EXTRA,
                hint="write .gif or .png (APNG), or install a Pillow with WebP "
                "(PyPI's wheels have it)",
            )
    # the root and each move: a special repeats the position before it
    steps = [
        (node, position)
        for node, position in game.positions(line)
        if node.move is not None or node.parent is None
    ]
    delays = frame_delays(
        [node for node, _ in steps[1:]],
        delay=delay,
        delay_from=delay_from,
        time_scale=time_scale,
        end_delay=end_delay,
    )
    frames = []
    for node, position in steps:
        svg = svg_board(position, last_move=node.move, glyphs=glyphs, flipped=flipped)
        frames.append(image.open(io.BytesIO(svg_to_png(svg, width=width))).convert("RGB"))
    return _save(image, frames, delays, format)


def _save(image: Any, frames: list[Any], delays: list[int], format: AnimationFormat) -> bytes:
    """The frames as one looping file of ``format``."""
    out = io.BytesIO()
    options: dict[str, Any] = {"save_all": True, "duration": delays, "loop": 0}
    if format == "gif":
        frames = _palette_frames(image, frames)
        options.update(format="GIF", optimize=False)
    elif format == "apng":
        options.update(format="PNG")
    else:
        options.update(format="WEBP", lossless=True, quality=100, method=4)
    if len(frames) == 1:  # one frame: a duration list longer than the frames is refused
        options["duration"] = delays[0]
    frames[0].save(out, append_images=frames[1:], **options)
    return out.getvalue()


#: How many frames, spread over the game, choose a GIF's palette; how many of its colours
#: are the sample's most common ones, kept exactly.
_PALETTE_SAMPLE, _KEPT = 8, 32


def _palette_frames(image: Any, frames: list[Any]) -> list[Any]:
    """The frames as palette images for GIF, all on one palette of 256 colours chosen over
    a few frames spread over the game: their most common colours (the background, the
    board, the lines, the pieces, the highlights: whole areas) exactly, the rest by median
    cut. One palette keeps the pixels of the squares a move leaves alone the same from
    frame to frame, so each frame stores only what changed. No dithering: it would speckle
    the flat board."""
    step = max(1, len(frames) // _PALETTE_SAMPLE)
    sample = [*frames[::step][:_PALETTE_SAMPLE], frames[-1]]
    width, height = frames[0].size
    montage = image.new("RGB", (width * len(sample), height))
    for index, frame in enumerate(sample):
        montage.paste(frame, (index * width, 0))
    counted = montage.getcolors(maxcolors=width * height * len(sample))
    common = [colour for _, colour in sorted(counted, reverse=True)[:_KEPT]]
    rest = montage.quantize(256 - len(common), dither=image.Dither.NONE).getpalette() or []
    entries = [c for colour in common for c in colour] + rest[: (256 - len(common)) * 3]
    palette = image.new("P", (1, 1))
    palette.putpalette(entries + [0] * (768 - len(entries)))
    return [frame.quantize(palette=palette, dither=image.Dither.NONE) for frame in frames]
