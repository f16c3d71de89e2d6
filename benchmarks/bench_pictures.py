"""PNG pictures and animations (``kifu_lark.render.png`` / ``animate``, issue 36): the time to
draw one position, and the time and file size of a 150-move game as GIF, APNG and WebP at
the picture's own size and at 300 px wide. Needs the images extra (resvg-py, Pillow).

Records: a ``benchmarks.realistic`` plan of 150 moves (players, times, 投了)."""

from __future__ import annotations

import time

import kifu_lark
from benchmarks import realistic
from kifu_lark.errors import MissingExtraError
from kifu_lark.render import animate, png
from kifu_lark.render.animation import AnimationFormat


def main() -> None:
    """One position, then the game's animations."""
    game = kifu_lark.loads(realistic.kif_text(realistic.plan(1, plies=150)), "kif")
    try:
        png(game, glyphs="letters")
    except MissingExtraError as err:
        print(f"pictures: skipped ({err.hint})", flush=True)
        return
    runs = 10
    started = time.perf_counter()
    for _ in range(runs):
        data = png(game, glyphs="letters")
    each = (time.perf_counter() - started) / runs
    print(f"png, one 9x9 position: {each * 1000:.1f} ms, {len(data) / 1000:.1f} KB", flush=True)
    frames = 1 + sum(1 for node in game.mainline() if node.move is not None)
    fmts: tuple[AnimationFormat, ...] = ("gif", "apng", "webp")
    for width in (None, 300):
        for fmt in fmts:
            started = time.perf_counter()
            try:
                data = animate(game, fmt, glyphs="letters", width=width)
            except MissingExtraError as err:
                print(f"{fmt}: skipped ({err})", flush=True)
                continue
            took = time.perf_counter() - started
            print(
                f"animate, {frames} frames, {fmt}, width {width or 'own'}: {took:.2f} s "
                f"({took / frames * 1000:.1f} ms a frame), {len(data) / 1000:.0f} KB",
                flush=True,
            )
