"""SVG pictures of a position: board, pieces, hands, coordinates, last move and marks.

The picture is plain SVG 1.1 (no script, no external font or image), drawn from black's side:
file numbers across the top (the board's highest file on the left), rank labels down the
right, white's hand on the left, black's on the right; ``flipped`` draws it from white's
side. Every piece stands on a drawn five-sided piece shape pointing at the opponent (the far
side's pieces are turned upside down), and the side marks by the hands are drawn too
(filled for black, open for white): who owns what is legible with no font at all.

Only the letters need a font. ``glyphs="kanji"`` (the default) writes 歩 … 龍, the numerals
一 … 九 and full-width file digits, and asks for :data:`KANJI_FONTS`; a renderer without any
CJK font draws those as empty boxes. ``glyphs="letters"`` writes the SFEN letters (``P``,
``+R``; promoted pieces in red), files 1 … 9 and ranks a … i as USI does, and hands as
``P×3``, all in ASCII and Latin-1, asking for :data:`LETTER_FONTS`: legible with any font.

Two styles: ``style="game"`` (the default) is the board as a program shows it: wooden board,
piece shapes, promoted pieces in red, the last move and any marked squares highlighted.
``style="book"`` is a diagram as printed books and magazines draw one: black ink on white, the
pieces as their letters alone (the far side's turned upside down), no highlight and no marks;
the hands and their side marks as in the game style. Its letters need their font, as there
is no shape under them: ``glyphs="letters"`` is legible with any.

Every piece, hand entry and highlighted square carries ``class`` and ``data-*`` attributes
(``data-square="77"``, ``data-piece="+FU"``) so that tests and style sheets can find them.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Literal

from kifu_lark.drawing import CELL, COLORS, LETTER_FONTS, grid_lines, koma_path
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.move import Move
from kifu_lark.model.piece import Piece, PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square

_TOP = 28  # room for the file numbers
_HAND = 56  # width of each hand column
_RANKS_W = 26  # room for the rank numerals
_PAD = 8
_NUMERALS = "一二三四五六七八九"
_FILE_DIGITS = "１２３４５６７８９"
_RANK_LETTERS = "abcdefghi"
#: What a picture's letters can be: ``"kanji"`` (歩, needs a CJK font) or ``"letters"``.
Glyphs = Literal["kanji", "letters"]
GLYPHS: tuple[Glyphs, ...] = ("kanji", "letters")
#: How a picture is drawn: ``"game"`` (as a program shows a game) or ``"book"`` (a printed
#: diagram: black on white, no piece shapes, no highlight).
Style = Literal["game", "book"]
STYLES: tuple[Style, ...] = ("game", "book")
#: The ``font-family`` of ``glyphs="kanji"`` pictures, first choice first.
KANJI_FONTS = (
    "Noto Serif CJK JP",
    "Noto Sans CJK JP",
    "Source Han Serif JP",
    "IPAexMincho",
    "IPAMincho",
    "Hiragino Mincho ProN",
    "Yu Mincho",
    "MS Mincho",
    "serif",
)
_COUNTS = ["", "", "二", "三", "四", "五", "六", "七", "八", "九", "十"]

#: Where the board's top-left corner is in a picture, in px.
BOARD_X, BOARD_Y = _PAD + _HAND, _TOP
#: How far apart the entries of a hand's column are, in px.
HAND_STEP = 28


def font_family(glyphs: Glyphs) -> str:
    """The ``font-family`` value a picture with ``glyphs`` asks for."""
    fonts = KANJI_FONTS if glyphs == "kanji" else LETTER_FONTS
    return ", ".join(f"'{f}'" if " " in f else f for f in fonts)


def svg_board(
    position: Position,
    last_move: Move | None = None,
    marks: Iterable[Square] = (),
    *,
    title: str | None = None,
    glyphs: Glyphs = "kanji",
    flipped: bool = False,
    style: Style = "game",
) -> str:
    """An SVG picture of ``position``.

    Args:
        position: what to draw (any board size the model holds: 9x9, 5x5 …).
        last_move: highlighted (origin and destination) when given.
        marks: squares to mark, e.g. where a piece can go.
        title: the picture's ``<title>`` (defaults to the SFEN).
        glyphs: ``"kanji"`` (歩, needs a CJK font) or ``"letters"`` (``P``, legible with
            any font); see the module's docstring for the fonts each asks for.
        flipped: drawn from white's side: the board turned half a turn (file 1 on the
            left, the last rank at the top), black's hand top left and white's bottom
            right; the letters of the coordinates and hands stay upright.
        style: ``"game"`` or ``"book"`` (a printed diagram; see the module's docstring),
            which marks nothing.

    Returns:
        The SVG document as text (UTF-8 when encoded).

    Raises:
        ValueError: for ``glyphs`` other than ``"kanji"`` and ``"letters"``, a ``style``
            other than ``"game"`` and ``"book"``, and a book-style picture asked to mark
            a last move or squares.

    Example:
        >>> from kifu_lark.model import Position
        >>> svg_board(Position.initial()).startswith("<svg")
        True
    """
    marks = list(marks)
    book = _is_book(style)
    if book and (last_move is not None or marks):
        raise ValueError("a book-style picture marks nothing: pass no last_move and no marks")
    files, ranks = position.variant.files, position.variant.ranks
    board_x, board_y = BOARD_X, BOARD_Y
    out = _head(files, ranks, glyphs, title if title is not None else position.sfen(), book)

    def corner(square: Square) -> tuple[int, int]:
        column, row = cell(square, files, ranks, flipped)
        return board_x + column * CELL, board_y + row * CELL

    if last_move is not None:
        shown = [last_move.to] if last_move.from_ is None else [last_move.from_, last_move.to]
        for square in shown:
            x, y = corner(square)
            role = "to" if square == last_move.to else "from"
            out.append(
                f'<rect class="last-move {role}" data-square="{square.csa()}" x="{x}" y="{y}" '
                f'width="{CELL}" height="{CELL}" fill="{COLORS["last"]}" '
                f'fill-opacity="{0.75 if role == "to" else 0.4}"/>'
            )
    for square in marks:
        x, y = corner(square)
        out.append(
            f'<circle class="mark" data-square="{square.csa()}" cx="{x + CELL // 2}" '
            f'cy="{y + CELL // 2}" r="{CELL // 3}" fill="{COLORS["mark"]}" fill-opacity="0.35"/>'
        )
    out += grid_lines(board_x, board_y, files, ranks)
    out += _coordinates(board_x, board_y, files, ranks, glyphs, flipped)
    for square, piece in position.pieces():
        x, y = corner(square)
        turned = (piece.color is Color.WHITE) is not flipped
        out += piece_svg(
            piece, x + CELL // 2, y + CELL // 2, glyphs, turned, square.csa(), book=book
        )
    top, bottom = (Color.BLACK, Color.WHITE) if flipped else (Color.WHITE, Color.BLACK)
    (top_x, top_y), (bottom_x, bottom_y) = hand_anchors(files, ranks)
    out += _hand(position, top, top_x, top_y, 1, glyphs)
    out += _hand(position, bottom, bottom_x, bottom_y, -1, glyphs)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def board_frame(
    files: int, ranks: int, *, glyphs: Glyphs = "kanji", flipped: bool = False, title: str = ""
) -> str:
    """The picture :func:`svg_board` draws of an empty board of ``files`` x ``ranks``
    squares, with no hands, and three empty groups where a script draws the rest in the
    same places: ``<g class="last-moves">`` under the grid, ``<g class="pieces">`` and
    ``<g class="hands">`` on top (see :func:`cell`, :func:`hand_anchors`, :func:`piece_svg`,
    :func:`hand_mark_svg` and :func:`hand_label` for what goes where).

    Raises:
        ValueError: for ``glyphs`` other than ``"kanji"`` and ``"letters"``.
    """
    out = _head(files, ranks, glyphs, title)
    out.append('<g class="last-moves"></g>')
    out += grid_lines(BOARD_X, BOARD_Y, files, ranks)
    out += _coordinates(BOARD_X, BOARD_Y, files, ranks, glyphs, flipped)
    out.append('<g class="pieces"></g>')
    out.append('<g class="hands" font-size="20" text-anchor="middle"></g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _is_book(style: Style) -> bool:
    """Whether ``style`` is the book style.

    Raises:
        ValueError: for a style other than ``"game"`` and ``"book"``.
    """
    if style not in STYLES:
        raise ValueError(f"style must be one of {', '.join(STYLES)}, not {style!r}")
    return style == "book"


def _head(files: int, ranks: int, glyphs: Glyphs, title: str, book: bool = False) -> list[str]:
    """The opening of a picture: the ``<svg>`` element, its title, the background and the
    board's squares (wooden, or white in a book-style picture).

    Raises:
        ValueError: for ``glyphs`` other than ``"kanji"`` and ``"letters"``.
    """
    if glyphs not in GLYPHS:
        raise ValueError(f"glyphs must be one of {', '.join(GLYPHS)}, not {glyphs!r}")
    width, height = board_size(files, ranks)
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" '
        f'font-family="{font_family(glyphs)}">',
        f"<title>{escape(title, quote=False)}</title>",
        f'<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
        f'<rect class="board" x="{BOARD_X}" y="{BOARD_Y}" width="{files * CELL}" '
        f'height="{ranks * CELL}" fill="{"#ffffff" if book else COLORS["board"]}"/>',
    ]


def board_size(files: int, ranks: int) -> tuple[int, int]:
    """The width and height of the picture of a board of ``files`` x ``ranks`` squares."""
    return BOARD_X + files * CELL + _RANKS_W + _HAND + _PAD, BOARD_Y + ranks * CELL + _PAD


def cell(square: Square, files: int, ranks: int, flipped: bool = False) -> tuple[int, int]:
    """The (column, row) of ``square`` on the drawn board, counted from its top-left corner:
    the board's highest file on the left and rank 1 at the top, or the other way round
    when ``flipped``."""
    if flipped:
        return square.file - 1, ranks - square.rank
    return files - square.file, square.rank - 1


def hand_anchors(files: int, ranks: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The centre of the first entry (the side's mark) of the top hand, whose column runs
    down from there by the top left corner of the board, and of the bottom hand, whose
    column runs up by the bottom right corner."""
    right = BOARD_X + files * CELL + _RANKS_W + _HAND // 2
    return (_PAD + _HAND // 2, BOARD_Y + 14), (right, BOARD_Y + ranks * CELL - 14)


def piece_svg(
    piece: Piece,
    cx: int,
    cy: int,
    glyphs: Glyphs,
    turned: bool,
    square: str | None = None,
    *,
    book: bool = False,
) -> list[str]:
    """A piece centred on (cx, cy): its five-sided shape and its letter, turned half a turn
    (pointing down) when ``turned``; ``square`` (``"77"``) goes in ``data-square``. In a
    book-style picture (``book``) the letter alone, in black whether promoted or not."""
    turn = f' transform="rotate(180 {cx} {cy})"' if turned else ""
    at = "" if square is None else f' data-square="{square}"'
    promoted = piece.kind.is_promoted and not book
    fill = COLORS["promoted"] if promoted else COLORS["text"]
    if glyphs == "kanji":
        size, baseline = CELL * 3 // 4 - 4, 9
    else:
        size, baseline = (CELL // 2 if piece.kind.is_promoted else CELL * 3 // 5), 8
    shape = [
        f'<path class="koma"{at} d="{koma_path(cx, cy, CELL)}" '
        f'fill="{COLORS["piece"]}" stroke="{COLORS["line"]}" stroke-width="1"{turn}/>'
    ]
    return [
        *([] if book else shape),
        f'<text class="piece {_side(piece.color)}"{at} '
        f'data-piece="{piece.csa()}" x="{cx}" y="{cy + baseline}" font-size="{size}" '
        f'text-anchor="middle" fill="{fill}"{turn}>{_glyph(piece.kind, glyphs)}</text>',
    ]


def hand_mark_svg(color: Color, cx: int, cy: int) -> str:
    """The side's mark heading its hand, centred on (cx, cy): a small piece shape, filled
    for black (☗) and open for white (☖)."""
    fill = COLORS["text"] if color is Color.BLACK else "#ffffff"
    return (
        f'<path class="hand-mark" d="{koma_path(cx, cy, 24)}" fill="{fill}" '
        f'stroke="{COLORS["text"]}" stroke-width="1.5"/>'
    )


def hand_label(kind: PieceKind, count: int, glyphs: Glyphs) -> str:
    """A hand entry's text: 歩三 (kanji; 歩 for one), or ``P×3`` (letters; ``P`` for one)."""
    if glyphs == "kanji":
        return kind.kanji + (_COUNTS[count] if count <= 10 else str(count))
    return kind.usi + (f"×{count}" if count > 1 else "")


def game_svg(
    game: Game,
    ply: int | None = None,
    *,
    glyphs: Glyphs = "kanji",
    flipped: bool = False,
    style: Style = "game",
) -> str:
    """The SVG of ``game``'s main line after ``ply`` moves (``None``: at its end), with the
    last move highlighted (in the game style). A ``ply`` past the end draws the end.
    ``glyphs``, ``flipped`` and ``style`` as for :func:`svg_board`.

    Raises:
        ValueError: for a negative ``ply``, an unknown ``glyphs`` or ``style``.
    """
    if ply is not None and ply < 0:
        raise ValueError(f"ply must be 0 or more, not {ply}")
    line = game.mainline()
    if ply is not None:
        line = line[:ply]
    moves = [node for node in line if node.move is not None]
    if not moves:
        return svg_board(game.start, glyphs=glyphs, flipped=flipped, style=style)
    last = moves[-1]
    return svg_board(
        game.position_at(last),
        last_move=last.move if style == "game" else None,
        glyphs=glyphs,
        flipped=flipped,
        style=style,
    )


def _side(color: Color) -> str:
    return "black" if color is Color.BLACK else "white"


def _glyph(kind: PieceKind, glyphs: Glyphs) -> str:
    # One character per piece, as board diagrams print them (玉 for both kings, 全 圭 杏);
    # or the SFEN letter of black's piece (+R for 龍), which every font has.
    return kind.kanji if glyphs == "kanji" else kind.usi


def _coordinates(
    x0: int, y0: int, files: int, ranks: int, glyphs: Glyphs, flipped: bool
) -> list[str]:
    file_labels = _FILE_DIGITS if glyphs == "kanji" else "123456789"
    rank_labels = _NUMERALS if glyphs == "kanji" else _RANK_LETTERS
    out = ['<g class="coordinates" font-size="14" text-anchor="middle" fill="#333333">']
    for f in range(1, files + 1):
        x = x0 + cell(Square(f, 1), files, ranks, flipped)[0] * CELL + CELL // 2
        out.append(
            f'<text class="file" data-file="{f}" x="{x}" y="{y0 - 9}">{file_labels[f - 1]}</text>'
        )
    for r in range(1, ranks + 1):
        y = y0 + cell(Square(1, r), files, ranks, flipped)[1] * CELL + CELL // 2 + 5
        out.append(
            f'<text class="rank" data-rank="{r}" x="{x0 + files * CELL + _RANKS_W // 2}" '
            f'y="{y}">{rank_labels[r - 1]}</text>'
        )
    out.append("</g>")
    return out


def _hand(
    position: Position, color: Color, cx: int, y: int, step: int, glyphs: Glyphs
) -> list[str]:
    """The hand as a column of entries (the side's mark first), downwards for the top hand,
    upwards for the bottom one, so each side's hand sits by its own camp. The
    mark is drawn, not written (☗ filled for black, ☖ open for white): no font needed."""
    entries: list[tuple[str, PieceKind | None, int]] = [("", None, 0)]
    for held, n in position.hand(color).items():
        entries.append((hand_label(held, n, glyphs), held, n))
    if step < 0:
        entries.reverse()
    out = [f'<g class="hand {_side(color)}" font-size="20" text-anchor="middle">']
    for i, (label, kind, n) in enumerate(entries):
        ty = y + step * i * HAND_STEP
        if kind is None:
            out.append(hand_mark_svg(color, cx, ty))
            continue
        out.append(
            f'<text class="hand-piece" data-color="{_side(color)}" '
            f'data-kind="{kind.csa}" data-count="{n}" x="{cx}" y="{ty + 7}">{label}</text>'
        )
    out.append("</g>")
    return out
