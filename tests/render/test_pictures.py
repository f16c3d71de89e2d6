"""Pictures drawn to PNG by a real renderer: grid, pieces, owners, kinds and the last move
are visible as pixels, with and without a CJK font (``glyphs="letters"``)."""

from __future__ import annotations

import pytest
from PIL import Image

import kifu_lark
from kifu_lark.drawing import CELL, COLORS
from kifu_lark.model import Position, Square
from kifu_lark.render import svg_board
from kifu_lark.render.svg import Glyphs
from tests.render.raster import (
    Box,
    blend,
    crop,
    difference,
    far_from,
    luminance,
    pixel,
    rect,
    render,
)

BOARD = blend(COLORS["board"], COLORS["board"], 1.0)


class Picture:
    """A rendered board and where its squares are, read from the SVG's own board rect."""

    def __init__(self, svg: str, files: int = 9) -> None:
        self.image = render(svg)
        self.x, self.y, width, _ = rect(svg, "board")
        self.files = files
        assert CELL == width / files

    def cell(self, square: Square, inset: int = 0) -> Box:
        """The square's box in pixels, ``inset`` pixels in from its lines."""
        left = int(self.x + (self.files - square.file) * CELL)
        top = int(self.y + (square.rank - 1) * CELL)
        return left + inset, top + inset, left + CELL - inset, top + CELL - inset

    def inked(self, square: Square) -> int:
        """Pixels of the square (its lines left out) that are not the board's colour."""
        left, top, right, bottom = self.cell(square, inset=3)
        return sum(
            1
            for x in range(left, right)
            for y in range(top, bottom)
            if far_from(pixel(self.image, x, y), BOARD)
        )

    def row_width(self, square: Square, dy: int) -> int:
        """How many pixels of the row ``dy`` below the square's centre are inked."""
        left, top, right, _ = self.cell(square, inset=2)
        y = top - 2 + CELL // 2 + dy
        return sum(1 for x in range(left, right) if far_from(pixel(self.image, x, y), BOARD))


@pytest.fixture(params=["kanji", "letters"])
def glyphs(request: pytest.FixtureRequest) -> Glyphs:
    value: Glyphs = request.param
    return value


def test_grid_lines_are_dark_between_squares(glyphs: Glyphs) -> None:
    """Every inner grid line is drawn dark across the empty middle rank; beside it, board."""
    picture = Picture(svg_board(Position.initial(), glyphs=glyphs))
    y_mid = picture.y + 4 * CELL + CELL / 2  # rank 5: empty at the start
    x_mid = picture.x + 4 * CELL + CELL / 2  # file 5
    for i in range(1, 9):
        x = picture.x + i * CELL
        darkest = min(luminance(pixel(picture.image, x + d, y_mid)) for d in (-1, 0, 1))
        assert darkest < luminance(BOARD) - 60, f"vertical line {i}"
        assert not far_from(pixel(picture.image, x + CELL / 4, y_mid), BOARD)
        y = picture.y + i * CELL
        darkest = min(luminance(pixel(picture.image, x_mid + 12, y + d)) for d in (-1, 0, 1))
        assert darkest < luminance(BOARD) - 60, f"horizontal line {i}"


def test_a_square_with_a_piece_differs_from_an_empty_one(glyphs: Glyphs) -> None:
    """An occupied square is largely inked (shape and letter); an empty one is bare board."""
    picture = Picture(svg_board(Position.initial(), glyphs=glyphs))
    assert 0 == picture.inked(Square(5, 5))
    assert 0 == picture.inked(Square(7, 6))
    assert picture.inked(Square(7, 7)) > 400  # a pawn: 34 x 34 pixels of which most inked
    assert picture.inked(Square(5, 9)) > 400


def test_owners_are_told_apart_by_the_turned_shape_with_no_font_needed(glyphs: Glyphs) -> None:
    """Black's piece shape is narrow at the top (it points at white), white's at the bottom;
    white's pawn is black's pawn turned half round."""
    picture = Picture(svg_board(Position.initial(), glyphs=glyphs))
    black, white = Square(7, 7), Square(7, 3)
    assert picture.row_width(black, -15) < picture.row_width(black, 15) - 10
    assert picture.row_width(white, 15) < picture.row_width(white, -15) - 10
    black_cell = crop(picture.image, picture.cell(black))
    white_cell = crop(picture.image, picture.cell(white))
    turned = black_cell.transpose(Image.Transpose.ROTATE_180)
    assert difference(turned, white_cell) < difference(black_cell, white_cell) / 3


def test_letters_tell_every_kind_apart_without_a_cjk_font() -> None:
    """With glyphs="letters" the 14 kinds give 14 different pictures whatever fonts exist
    (kanji need a CJK font: without one every kind is the same empty box)."""
    position = Position.from_sfen("9/9/9/9/9/9/P+PL+LN+NS+SG/B+BR+RK4/9 b - 1")
    picture = Picture(svg_board(position, glyphs="letters"))
    cells = {
        piece.csa(): crop(picture.image, picture.cell(square, inset=3))
        for square, piece in position.pieces()
    }
    assert 14 == len(cells)
    names = sorted(cells)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert difference(cells[a], cells[b]) > 2, f"{a} and {b} look the same"


def test_last_move_squares_are_highlighted() -> None:
    """After 7g7f the origin and destination are orange (the destination stronger); an
    untouched empty square keeps the board's colour."""
    board = kifu_lark.Board()
    board.push_usi("7g7f")
    picture = Picture(board._repr_svg_())

    def corner(square: Square) -> tuple[int, int, int]:
        left, top, _, _ = picture.cell(square, inset=3)
        return pixel(picture.image, left, top)

    to, origin = corner(Square(7, 6)), corner(Square(7, 7))
    assert not far_from(to, blend(COLORS["last"], COLORS["board"], 0.75), 12)
    assert not far_from(origin, blend(COLORS["last"], COLORS["board"], 0.4), 12)
    assert not far_from(corner(Square(6, 6)), BOARD, 8)
    assert far_from(to, BOARD, 25) and far_from(origin, BOARD, 10)
    assert luminance(to) < luminance(origin) < luminance(BOARD)


def test_hand_marks_are_drawn_filled_for_black_and_open_for_white() -> None:
    """The side marks by the hands are shapes, not ☗/☖ characters: black's is filled dark,
    white's is white inside."""
    svg = svg_board(Position.initial(), glyphs="letters")
    image = render(svg)
    x, y, width, height = rect(svg, "board")
    white_mark = pixel(image, x - 28, y + 14 + 2)  # the centre of the white hand's mark
    black_mark = pixel(image, x + width + 26 + 28, y + height - 14 + 2)
    assert luminance(black_mark) < 60
    assert luminance(white_mark) > 200
