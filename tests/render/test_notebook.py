"""Notebook pictures: ``_repr_svg_`` of Position, Board, Game (and シェルト records) and
``Game._repr_html_``, drawn with :data:`kifu_lark.render.options`."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import kifu_lark
from kifu_lark import shelt
from kifu_lark.model import HeaderKey, Position
from kifu_lark.render import LETTER_FONTS, game_svg, options, svg_board
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


def _listed(html: str) -> list[str]:
    return re.findall(r"<li>(.*?)</li>", html)


def test_game_html_has_the_board_and_the_move_list() -> None:
    """The HTML holds the final board's SVG and the main line in KI2, or KIF when chosen."""
    game = _game()
    html = game._repr_html_()
    assert game._repr_svg_() in html
    assert game.move_texts("ki2") == _listed(html)
    options.notation, options.marks = "kif", "▲▽"
    assert game.move_texts("kif", marks="▲▽") == _listed(game._repr_html_())


def test_game_html_numbers_from_the_start_and_keeps_specials() -> None:
    """A special ends the list in its word; the list numbers from the start's move number."""
    game = kifu_lark.loads("▲７六歩\n△３四歩\nまで2手で中断\n", "ki2")
    html = game._repr_html_()
    assert ["▲７六歩", "△３四歩", "中断"] == _listed(html)
    assert '<ol class="moves" start="1"' in html
    options.notation = "usi"  # USI has no word for 中断: the picture still draws
    assert ["7g7f", "3c3d", "interrupt"] == _listed(game._repr_html_())


def test_game_html_escapes_what_the_record_says() -> None:
    """Player names from a file are text, never markup."""
    game = _game()
    game.headers.set(HeaderKey.BLACK, "<script>alert(1)</script>")
    html = game._repr_html_()
    assert "<script>" not in html
    assert "▲&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_game_without_moves_draws_the_start() -> None:
    """An empty game shows its start position and says it has no moves."""
    game = kifu_lark.Game()
    assert svg_board(Position.initial()) == game._repr_svg_()
    assert "(no moves)" in game._repr_html_()


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
