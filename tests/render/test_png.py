"""kifu_lark.render.png: a position, a board or a game's position as PNG, in the game and
the book style, at a given width (test_missing_extra.py: without the images extra)."""

from __future__ import annotations

import pytest
from PIL import Image

import kifu_lark
from kifu_lark.drawing import COLORS
from kifu_lark.model import Position, Square
from kifu_lark.render import picture_svg, png, svg_board
from kifu_lark.render.svg import BOARD_X, BOARD_Y, board_size
from tests.render.images import FIXTURES, decode, need_images_extra, same_pixels
from tests.render.raster import blend, far_from, pixel

CELL = 40


@pytest.fixture(autouse=True)
def _images() -> None:
    need_images_extra()


def rgb(data: bytes) -> Image.Image:
    return decode(data).convert("RGB")


def at(image: Image.Image, column: int, row: int) -> tuple[int, int, int]:
    """The colour just inside the top-left corner of the drawn board's square at (column,
    row), counted from the board's top-left corner."""
    return pixel(image, BOARD_X + column * CELL + 3, BOARD_Y + row * CELL + 3)


def inked(image: Image.Image, column: int, row: int) -> int:
    """Pixels of the drawn square at (column, row), its lines left out, that are not the
    wooden board's colour."""
    left, top = BOARD_X + column * CELL, BOARD_Y + row * CELL
    return sum(
        1
        for x in range(left + 3, left + CELL - 3)
        for y in range(top + 3, top + CELL - 3)
        if far_from(pixel(image, x, y), WOOD)
    )


WOOD = blend(COLORS["board"], COLORS["board"], 1)
LAST = blend(COLORS["last"], COLORS["board"], 0.75)


def test_a_png_is_the_pictures_size_and_not_blank() -> None:
    """The PNG is as large as the SVG says, holds many colours, and its board is wooden
    where empty and inked where a piece stands."""
    data = png(Position.initial(), glyphs="letters")
    assert b"\x89PNG\r\n\x1a\n" == data[:8]
    image = rgb(data)
    assert board_size(9, 9) == image.size
    colours = image.getcolors(maxcolors=1 << 16)
    assert colours is not None and len(colours) > 20
    assert 0 == inked(image, 4, 4)  # 5e: empty
    assert inked(image, 2, 6) > 300  # 7g: a pawn's shape and letter


@pytest.mark.parametrize("width", [257, 1028, 64])
def test_width_scales_the_picture(width: int) -> None:
    """width= sets the PNG's width; its height stays in proportion."""
    full_w, full_h = board_size(9, 9)
    image = rgb(png(Position.initial(), glyphs="letters", width=width))
    assert width == image.size[0]
    assert abs(full_h * width / full_w - image.size[1]) <= 1


@pytest.mark.parametrize("width", [0, 63, 4097])
def test_a_width_out_of_range_is_refused(width: int) -> None:
    """A width under 64 or over 4096 pixels: ValueError naming the range."""
    with pytest.raises(ValueError, match="64 to 4096"):
        png(Position.initial(), width=width)


def test_game_style_marks_the_last_move_book_style_does_not() -> None:
    """After 7g7f the game style colours 7f orange; the book style leaves the board white
    there and everywhere empty, with no piece shapes."""
    game = kifu_lark.loads("position startpos moves 7g7f", "usi")
    played = rgb(png(game, glyphs="letters"))
    book = rgb(png(game, style="book", glyphs="letters"))
    assert not far_from(at(played, 2, 5), LAST, 12)
    assert not far_from(at(book, 2, 5), (255, 255, 255), 4)
    assert not far_from(at(book, 4, 4), (255, 255, 255), 4)
    # 8g's pawn: the shape's fill colour is on the game picture, not on the book's
    piece = blend(COLORS["piece"], COLORS["piece"], 1)
    left, top = BOARD_X + 1 * CELL, BOARD_Y + 6 * CELL
    box = [(left + dx, top + dy) for dx in range(6, 34) for dy in range(6, 34)]
    assert any(not far_from(pixel(played, x, y), piece, 3) for x, y in box)
    assert all(far_from(pixel(book, x, y), piece, 3) for x, y in box)


def test_book_style_refuses_marks() -> None:
    """A book diagram marks nothing: a last move or marked squares are a ValueError."""
    board = kifu_lark.Board()
    board.push_usi("7g7f")
    with pytest.raises(ValueError, match="book-style picture marks nothing"):
        svg_board(board.position, last_move=board.peek(), style="book")
    with pytest.raises(ValueError, match="book-style"):
        png(board, style="book", marks=[Square(5, 5)])
    assert "last-move" not in picture_svg(board, style="book")


def test_a_board_a_game_and_a_position_give_the_same_picture() -> None:
    """png(board) is png(game after the same moves): the last move marked on both; the
    position alone has no mark."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    board = kifu_lark.Board()
    board.push_usi("7g7f")
    board.push_usi("3c3d")
    assert same_pixels(rgb(png(game)), rgb(png(board)))
    assert not same_pixels(rgb(png(game)), rgb(png(board.position)))
    assert same_pixels(rgb(png(game, 0)), rgb(png(Position.initial())))


def test_ply_is_for_games() -> None:
    """A ply with a position is a ValueError; a negative ply too."""
    with pytest.raises(ValueError, match="ply counts a game's moves"):
        png(Position.initial(), 3)
    game = kifu_lark.loads("position startpos moves 7g7f", "usi")
    with pytest.raises(ValueError, match="ply must be 0 or more"):
        png(game, -1)


def test_flipped_turns_the_board() -> None:
    """After 9g9f: drawn from black's side 9f is the left column's sixth square; flipped,
    the right column's fourth."""
    game = kifu_lark.loads("position startpos moves 9g9f", "usi")
    plain = rgb(png(game, glyphs="letters"))
    flipped = rgb(png(game, flipped=True, glyphs="letters"))
    assert not far_from(at(plain, 0, 5), LAST, 12) and not far_from(at(plain, 8, 3), WOOD, 6)
    assert not far_from(at(flipped, 8, 3), LAST, 12) and not far_from(at(flipped, 0, 5), WOOD, 6)


def test_minishogi_and_a_handicap_start() -> None:
    """A 5x5 game is drawn at its own size, its pieces where the record has them; a lance
    handicap's start has no lance on 1a and one on 9a."""
    mini = kifu_lark.load(FIXTURES / "kif" / "canonical" / "minishogi.kifu")
    image = rgb(png(mini, 0, glyphs="letters"))
    assert board_size(5, 5) == image.size
    assert inked(image, 0, 0) > 300 and inked(image, 4, 1) > 300  # 5a rook, 1b pawn
    assert 0 == inked(image, 2, 2)  # 3c: empty
    handicap = kifu_lark.load(FIXTURES / "kif" / "canonical" / "handicap.kifu")
    start = rgb(png(handicap, 0, glyphs="letters"))
    assert 0 == inked(start, 8, 0)  # 1a: the lance given up
    assert inked(start, 0, 0) > 300  # 9a
