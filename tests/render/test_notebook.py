"""Notebook pictures: ``_repr_svg_`` of Position, Board, Game (and シェルト records) and
``_repr_html_`` of Game and Board (the viewer in a frame), drawn with
:data:`kifu_lark.render.options`."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html import unescape

import pytest

import kifu_lark
from kifu_lark import shelt
from kifu_lark.model import HeaderKey, Position
from kifu_lark.render import LETTER_FONTS, game_svg, options, svg_board
from kifu_lark.render import html as viewer_html
from kifu_lark.shelt.model import RANKS
from tests.conftest import FIXTURES

_NS = {"svg": "http://www.w3.org/2000/svg"}


@pytest.fixture(autouse=True)
def _default_options() -> Iterator[None]:
    yield
    options.glyphs, options.notation, options.marks = "kanji", "ki2", "▲△"


def _game() -> kifu_lark.Game:
    return kifu_lark.loads("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e", "usi")


def test_position_board_and_game_draw_their_board() -> None:
    """Each _repr_svg_ is svg_board of what the object holds, last move highlighted."""
    game = _game()
    board = kifu_lark.Board()
    for node in game.mainline():
        assert node.move is not None
        board.push(node.move)
    final = game.final_position()
    last = game.mainline()[-1].move
    assert svg_board(Position.initial()) == Position.initial()._repr_svg_()
    assert svg_board(final, last_move=last) == board._repr_svg_()
    assert game_svg(game) == game._repr_svg_()
    assert svg_board(Position.initial()) == kifu_lark.Board()._repr_svg_()


def test_letters_option_gives_a_picture_without_cjk_characters() -> None:
    """With options.glyphs = "letters" nothing in the picture needs more than Latin-1, and
    it asks for the documented Latin fonts."""
    options.glyphs = "letters"
    board = kifu_lark.Board.from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 18P2r 1")
    for svg in (board._repr_svg_(), _game()._repr_svg_(), Position.initial()._repr_svg_()):
        assert max(map(ord, svg)) <= 0xFF
        root = ET.fromstring(svg)
        assert root.attrib["font-family"].startswith("'DejaVu Sans'")
        assert LETTER_FONTS[-1] == root.attrib["font-family"].split(", ")[-1]
    hand = ET.fromstring(board._repr_svg_()).findall(".//svg:text[@class='hand-piece']", _NS)
    assert {"P×18", "R×2"} == {t.text for t in hand}


def test_options_refuse_unknown_values() -> None:
    """A misspelled option raises at once and leaves the option as it was."""
    with pytest.raises(ValueError):
        options.glyphs = "latin"  # type: ignore[assignment]
    with pytest.raises(ValueError):
        options.notation = "pgn"
    with pytest.raises(ValueError):
        options.marks = "▲"
    assert ("kanji", "ki2", "▲△") == (options.glyphs, options.notation, options.marks)
    with pytest.raises(ValueError):
        svg_board(Position.initial(), glyphs="latin")  # type: ignore[arg-type]


def _framed(html: str) -> str:
    """The page inside a notebook HTML: the frame's srcdoc, unescaped; the frame is the only
    element of the HTML itself."""
    assert ["iframe"] == re.findall(r"<(\w+)", html)
    (srcdoc,) = re.findall(r'srcdoc="([^"]*)"', html)
    return unescape(srcdoc)


def test_game_html_is_the_viewer_opened_at_the_end() -> None:
    """Game._repr_html_ is the viewer page of the game, in KI2 or the notation chosen,
    opened at the end of the main line, in a sandboxed frame that runs its script."""
    game = _game()
    html = game._repr_html_()
    assert 'sandbox="allow-scripts"' in html
    expected = viewer_html(game, notation="ki2", ply=len(game.mainline()))
    assert expected == _framed(html)
    assert 'data-start="5"' in expected and ">△同　銀<" in expected
    options.notation, options.marks = "kif", "▲▽"
    assert ">▽同　銀(31)<" in _framed(game._repr_html_())


def test_board_html_is_the_viewer_of_its_moves() -> None:
    """Board._repr_html_ is the viewer of board.to_game(), opened at the board's position."""
    board = kifu_lark.Board()
    for usi in ("7g7f", "3c3d", "8h2b+"):
        board.push_usi(usi)
    page = _framed(board._repr_html_())
    assert viewer_html(board.to_game(), notation="ki2", ply=3) == page


def test_game_html_escapes_what_the_record_says() -> None:
    """Player names from a file are text in the page, and the page is one attribute: no tag
    of the record's reaches the notebook."""
    game = _game()
    game.headers.set(HeaderKey.BLACK, "<script>alert(1)</script>")
    html = game._repr_html_()
    assert "<script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in _framed(html)
    assert "<script>alert" not in _framed(html)


def test_game_without_moves_is_a_viewer_of_its_start() -> None:
    """An empty game shows its start position (the same picture as _repr_svg_'s start)."""
    game = kifu_lark.Game()
    assert svg_board(Position.initial()) == game._repr_svg_()
    page = _framed(game._repr_html_())
    assert f'data-sfen="{Position.initial().sfen()}"' in page


def test_shelt_record_draws_its_final_position_in_ascii() -> None:
    """A シェルト record's picture has every piece of its last position on its square, and
    needs no CJK font."""
    record = shelt.load(FIXTURES / "msf" / "listed_order.msf")
    svg = record._repr_svg_()
    assert max(map(ord, svg)) < 0x80
    root = ET.fromstring(svg)
    drawn = {
        t.attrib["data-square"]: t.attrib["data-piece"]
        for t in root.iterfind(".//svg:text", _NS)
        if "piece" in t.attrib.get("class", "").split()
    }
    final = record.positions()[-1]
    expected = {
        f"{RANKS[r]}{f}": name
        for r, row in enumerate(final.board)
        for f, name in enumerate(row, start=1)
        if name is not None
    }
    assert expected == drawn
    last = record.plies[-1]
    highlighted = {
        r.attrib["data-square"]
        for r in root.iterfind(".//svg:rect", _NS)
        if "last-move" in r.attrib.get("class", "")
    }
    assert last.to.name in highlighted
