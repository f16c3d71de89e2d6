"""SVG drawing primitives shared by every board picture (shogi's, in :mod:`kifu_lark.render`,
and シェルト's, in :mod:`kifu_lark.shelt.svg`): the square's size, the palette, the fonts of
letter pictures, a piece's outline and a board's grid. Plain functions of numbers to SVG
text; they import nothing from the package, so the pictures of any layer can use them.
"""

from __future__ import annotations

__all__ = ["CELL", "COLORS", "LETTER_FONTS", "grid_lines", "koma_path"]

#: One square, in px.
CELL = 40
#: The ``font-family`` of ``glyphs="letters"`` pictures (ASCII and Latin-1 only).
LETTER_FONTS = ("DejaVu Sans", "Verdana", "Arial", "Helvetica", "sans-serif")
#: The colours of the pictures' parts.
COLORS = {
    "board": "#f3d28b",
    "line": "#3b2a14",
    "last": "#f7a35c",
    "mark": "#4f8fd9",
    "promoted": "#b0101a",
    "text": "#111111",
    "piece": "#fdf3dc",
}


def koma_path(cx: float, cy: float, size: float) -> str:
    """The path of a piece's five-sided shape centred on (cx, cy), ``size`` the square's
    side, pointing up (towards white); turned for white's pieces."""
    h = size / 2
    points = [
        (0.0, -0.43),
        (0.30, -0.28),
        (0.38, 0.42),
        (-0.38, 0.42),
        (-0.30, -0.28),
    ]
    xy = [f"{cx + dx * 2 * h:g} {cy + dy * 2 * h:g}" for dx, dy in points]
    return "M" + "L".join(xy) + "Z"


def grid_lines(x0: int, y0: int, files: int, ranks: int) -> list[str]:
    """The frame and grid lines of a board of ``files`` x ``ranks`` squares whose top-left
    corner is (x0, y0), with the star points of a 9x9 board."""
    line = COLORS["line"]
    out = [
        f'<rect class="frame" x="{x0}" y="{y0}" width="{files * CELL}" height="{ranks * CELL}" '
        f'fill="none" stroke="{line}" stroke-width="2"/>'
    ]
    path = "".join(f"M{x0 + i * CELL} {y0}v{ranks * CELL}" for i in range(1, files))
    path += "".join(f"M{x0} {y0 + j * CELL}h{files * CELL}" for j in range(1, ranks))
    out.append(f'<path class="grid" d="{path}" stroke="{line}" stroke-width="1" fill="none"/>')
    if files == 9 and ranks == 9:  # the four star points (星) of the 9x9 board
        for i in (3, 6):
            for j in (3, 6):
                out.append(
                    f'<circle class="star" cx="{x0 + i * CELL}" cy="{y0 + j * CELL}" r="3" '
                    f'fill="{line}"/>'
                )
    return out
