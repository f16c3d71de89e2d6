"""An SVG picture of a シェルト position, for ``kifu-lark show --svg`` and notebooks.

Drawn as :func:`kifu_lark.shelt.board.draw` prints it: rank v (ソーン's side) at the top down
to rank p (アルシェ's), files 1 to 7 from the left. Each piece stands on a five-sided shape
pointing at the opponent and is written by its name (``pal``, ``tan``) in its side's colour
(blue for アルシェ, 青; red for ソーン, 赤); teems (``tem``) is a grey disc; a turned piece
has a dashed outline and a ``'``. Every text is ASCII (side names as MSF writes them:
``arxe``, ``sorn``), so the picture needs no CJK font. The squares of the last ply are
highlighted.
"""

from __future__ import annotations

from html import escape

from kifu_lark.drawing import CELL, LETTER_FONTS, grid_lines, koma_path
from kifu_lark.shelt.board import position_index
from kifu_lark.shelt.model import FILES, RANKS, SIDE_OF, TEEMS, Ply, SheltRecord, Side, State

_LEFT = 12
_TOP = 52  # file numbers and sorn's holdings
_BOTTOM = 48  # arxe's holdings and the side to move
_RANKS_W = 24
_SIDE_COLORS = {Side.ARXE: "#1f4fb8", Side.SORN: "#b8231f"}
_TEEMS_COLOR = "#8a8a8a"
_LAST = "#f7a35c"


def _fonts() -> str:
    return ", ".join(f"'{f}'" if " " in f else f for f in LETTER_FONTS)


def svg_state(state: State, last: Ply | None = None, *, title: str | None = None) -> str:
    """An SVG picture of ``state``, highlighting the squares ``last`` (the ply that led to
    it) used.

    Example:
        >>> from kifu_lark.shelt.model import State
        >>> svg_state(State.initial()).startswith("<svg")
        True
    """
    x0, y0 = _LEFT, _TOP
    lines = {side: _holdings_text(state, side) for side in Side}
    # 13px text is at most ~8px a character wide in the fonts asked for: room for the longest
    board_width = x0 + FILES * CELL + _RANKS_W + _LEFT
    width = max(board_width, *(2 * x0 + 8 * len(t) for t in lines.values()))
    height = y0 + len(RANKS) * CELL + _BOTTOM
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" font-family="{_fonts()}">',
        f"<title>{escape(title or 'shelt position', quote=False)}</title>",
        f'<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
        f'<rect class="board" x="{x0}" y="{y0}" width="{FILES * CELL}" '
        f'height="{len(RANKS) * CELL}" fill="#f3d28b"/>',
    ]
    if last is not None:
        squares = [last.from_, last.to, last.partner_from, last.partner_to]
        for square in dict.fromkeys(s for s in squares if s is not None):
            role = "to" if square == last.to else "from"
            out.append(
                f'<rect class="last-move {role}" data-square="{square.name}" '
                f'x="{x0 + (square.file - 1) * CELL}" y="{y0 + square.rank * CELL}" '
                f'width="{CELL}" height="{CELL}" fill="{_LAST}" '
                f'fill-opacity="{0.75 if role == "to" else 0.4}"/>'
            )
    out += grid_lines(x0, y0, FILES, len(RANKS))
    out.append('<g class="coordinates" font-size="14" text-anchor="middle" fill="#333333">')
    for f in range(1, FILES + 1):
        out.append(
            f'<text class="file" x="{x0 + (f - 1) * CELL + CELL // 2}" y="{y0 - 8}">{f}</text>'
        )
    for r, letter in enumerate(RANKS):
        out.append(
            f'<text class="rank" x="{x0 + FILES * CELL + _RANKS_W // 2}" '
            f'y="{y0 + r * CELL + CELL // 2 + 5}">{letter}</text>'
        )
    out.append("</g>")
    for r, row in enumerate(state.board):
        for f, name in enumerate(row, start=1):
            if name is not None:
                out += _piece(state, name, x0 + (f - 1) * CELL, y0 + r * CELL, f"{RANKS[r]}{f}")
    for side, y in ((Side.SORN, 22), (Side.ARXE, y0 + len(RANKS) * CELL + 20)):
        out.append(
            f'<text class="holdings {side.msf}" x="{x0}" y="{y}" font-size="13" '
            f'fill="{_SIDE_COLORS[side]}">{escape(lines[side], quote=False)}</text>'
        )
    mover = state.side.msf
    out.append(
        f'<text class="to-move" x="{x0}" y="{y0 + len(RANKS) * CELL + 40}" font-size="13" '
        f'fill="{_SIDE_COLORS[state.side]}">to move: {mover}</text>'
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _piece(state: State, name: str, x: int, y: int, square: str) -> list[str]:
    cx, cy = x + CELL // 2, y + CELL // 2
    turned = name in state.turned
    dash = ' stroke-dasharray="3 2"' if turned else ""
    label = name + ("'" if turned else "")
    if name == TEEMS:
        color = _TEEMS_COLOR
        shape = (
            f'<circle class="shape" data-square="{square}" cx="{cx}" cy="{cy}" r="{CELL * 0.42:g}" '
            f'fill="#eeeeee" stroke="{color}" stroke-width="2"{dash}/>'
        )
        side = "teems"
    else:
        owner = SIDE_OF[name]
        color, side = _SIDE_COLORS[owner], owner.msf
        turn = f' transform="rotate(180 {cx} {cy})"' if owner is Side.SORN else ""
        shape = (
            f'<path class="shape" data-square="{square}" d="{koma_path(cx, cy, CELL)}" '
            f'fill="#fdf3dc" stroke="{color}" stroke-width="2"{dash}{turn}/>'
        )
    return [
        shape,
        f'<text class="piece {side}{" turned" if turned else ""}" data-square="{square}" '
        f'data-piece="{name}" x="{cx}" y="{cy + 5}" font-size="14" text-anchor="middle" '
        f'fill="{color}">{label}</text>',
    ]


def _holdings_text(state: State, side: Side) -> str:
    captured = " ".join(state.pool(side)) or "-"
    return f"{side.msf}: captured {captured}; on teems {state.placed_by(side) or '-'}"


def board_svg(record: SheltRecord, ply: int | None = None) -> str:
    """The picture of ``record`` after ``ply`` plies (the end when None), the last ply
    highlighted.

    Raises:
        KifuError: ``USAGE`` for a ``ply`` outside 0 … the number of plies.
    """

    states = record.positions()
    index = position_index(record, ply, len(states))
    last = record.plies[index - 1] if index else None
    return svg_state(states[index], last, title=f"shelt position after {index} plies")
