"""SVG boards: well-formed, pieces and hands where the position has them, highlights, PNG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import kifu_lark
from kifu_lark.model import MINISHOGI, Color, Position, Square
from kifu_lark.render import game_svg, svg_board

_NS = {"svg": "http://www.w3.org/2000/svg"}


def _tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _pieces(root: ET.Element) -> dict[str, str]:
    """data-square → data-piece of every piece drawn."""
    return {
        t.attrib["data-square"]: t.attrib["data-piece"]
        for t in root.iterfind(".//svg:text", _NS)
        if "piece" in t.attrib.get("class", "").split()
    }


def _expected(position: Position) -> dict[str, str]:
    return {square.csa(): piece.csa() for square, piece in position.pieces()}


def _game() -> kifu_lark.Game:
    return kifu_lark.loads("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e", "usi")


def test_initial_position_is_well_formed_with_every_piece_on_its_square() -> None:
    """The start position parses as XML and shows 40 pieces on their squares."""
    position = Position.initial()
    root = _tree(svg_board(position))
    assert "{http://www.w3.org/2000/svg}svg" == root.tag
    assert _expected(position) == _pieces(root)
    assert 40 == len(_pieces(root))


def test_minishogi_board_has_five_files_and_ranks() -> None:
    """A 5x5 board draws 5 file numbers, 5 rank numerals and its 12 pieces."""
    position = Position.initial(MINISHOGI)
    root = _tree(svg_board(position))
    files = root.findall(".//svg:text[@class='file']", _NS)
    ranks = root.findall(".//svg:text[@class='rank']", _NS)
    assert (5, 5) == (len(files), len(ranks))
    assert _expected(position) == _pieces(root)


def test_pieces_are_placed_by_file_and_rank() -> None:
    """File 9 is the leftmost column and rank 1 the top row; white's pieces are turned."""
    root = _tree(svg_board(Position.initial()))
    texts = {
        t.attrib["data-square"]: t
        for t in root.iterfind(".//svg:text", _NS)
        if "piece" in t.attrib.get("class", "")
    }
    assert float(texts["99"].attrib["x"]) < float(texts["19"].attrib["x"])
    assert float(texts["51"].attrib["y"]) < float(texts["59"].attrib["y"])
    assert "rotate(180" in texts["51"].attrib["transform"]
    assert "transform" not in texts["59"].attrib
    assert "玉" == texts["59"].text


def test_flipped_board_is_seen_from_whites_side() -> None:
    """flipped: file 1 on the left, the last rank on top, black's pieces turned, black's
    hand on top; the same pieces, highlights and hands as unflipped."""
    game = _game()
    position = game.final_position()
    root = _tree(svg_board(position, last_move=game.mainline()[-1].move, flipped=True))
    texts = {
        t.attrib["data-square"]: t
        for t in root.iterfind(".//svg:text", _NS)
        if "piece" in t.attrib.get("class", "").split()
    }
    assert float(texts["19"].attrib["x"]) < float(texts["99"].attrib["x"])
    assert float(texts["59"].attrib["y"]) < float(texts["51"].attrib["y"])
    assert "rotate(180" in texts["59"].attrib["transform"]
    assert "transform" not in texts["51"].attrib
    assert _expected(position) == _pieces(root)
    x = {
        t.attrib["data-file"]: float(t.attrib["x"])
        for t in root.iterfind(".//svg:text[@class='file']", _NS)
    }
    assert x["1"] < x["9"]
    hands = [g.attrib["class"] for g in root.iterfind(".//svg:g", _NS)
             if g.attrib.get("class", "").startswith("hand ")]
    assert ["hand black", "hand white"] == hands  # the top hand first


def test_last_move_and_hands() -> None:
    """After a drop the destination is highlighted; hands list what each side holds."""
    game = _game()
    root = _tree(game_svg(game))
    highlighted = [r.attrib["data-square"] for r in root.iterfind(".//svg:rect", _NS)
                   if "last-move" in r.attrib.get("class", "")]
    assert ["45"] == highlighted
    hands = {
        (t.attrib["data-color"], t.attrib["data-kind"]): int(t.attrib["data-count"])
        for t in root.iterfind(".//svg:text[@class='hand-piece']", _NS)
    }
    assert {("white", "KA"): 1} == hands
    assert _expected(game.final_position()) == _pieces(root)


def test_board_move_highlights_origin_and_destination() -> None:
    """A board move highlights both squares, the destination marked ``to``."""
    root = _tree(game_svg(_game(), ply=1))
    roles = {
        r.attrib["data-square"]: r.attrib["class"]
        for r in root.iterfind(".//svg:rect", _NS)
        if "last-move" in r.attrib.get("class", "")
    }
    assert {"77": "last-move from", "76": "last-move to"} == roles


def test_marks_are_drawn_on_their_squares() -> None:
    """Marked squares (e.g. where a piece can go) get a mark each."""
    marks = [Square(7, 6), Square(7, 5)]
    root = _tree(svg_board(Position.initial(), marks=marks))
    found = [c.attrib["data-square"] for c in root.iterfind(".//svg:circle[@class='mark']", _NS)]
    assert ["76", "75"] == found


def test_many_pieces_in_hand_are_counted() -> None:
    """Counts above ten are written in digits; the counts are data attributes too."""
    position = Position.from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 18P2r 1")
    root = _tree(svg_board(position))
    entries = root.iterfind(".//svg:text[@class='hand-piece']", _NS)
    texts = {t.attrib["data-kind"]: t for t in entries}
    assert ("歩18", "18") == (texts["FU"].text, texts["FU"].attrib["data-count"])
    assert ("飛二", "white") == (texts["HI"].text, texts["HI"].attrib["data-color"])
    assert Color.BLACK is position.turn


def test_title_is_escaped() -> None:
    """A title with markup characters stays well-formed."""
    root = _tree(svg_board(Position.initial(), title="<a & b>"))
    assert "<a & b>" == root.find("svg:title", _NS).text  # type: ignore[union-attr]


def test_negative_ply_is_refused() -> None:
    """game_svg needs a ply of 0 or more."""
    with pytest.raises(ValueError):
        game_svg(_game(), ply=-1)
