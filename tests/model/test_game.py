"""The game tree: main line, variations, positions at nodes, equality."""

from __future__ import annotations

import kifu_lark
from kifu_lark.model import Color, Game, HeaderKey, Headers, Move, Node, PieceKind, Square


def _pawn(color: Color, frm: str, to: str) -> Move:
    return Move(
        color, Square(int(to[0]), int(to[1])), PieceKind.PAWN, Square(int(frm[0]), int(frm[1]))
    )


def _game() -> Game:
    game = Game()
    first = game.root.add_variation(_pawn(Color.BLACK, "77", "76"))
    first.add_variation(_pawn(Color.WHITE, "33", "34"))
    first.add_variation(_pawn(Color.WHITE, "83", "84"))
    game.root.add_variation(_pawn(Color.BLACK, "27", "26"))
    return game


def test_mainline_follows_first_children() -> None:
    """mainline() is the first child after first child."""
    assert ["7g7f", "3c3d"] == [n.move.usi() for n in _game().mainline() if n.move]


def test_position_at_a_variation_node() -> None:
    """position_at replays the path to the node, variations included."""
    game = _game()
    node = game.root.children[0].children[1]
    assert (
        "lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
        == game.position_at(node).sfen()
    )
    assert 2 == node.ply


def test_promote_to_main_reorders_children() -> None:
    """A variation promoted becomes children[0]."""
    game = _game()
    game.root.children[1].promote_to_main()
    assert "2g2f" == game.mainline()[0].move.usi()  # type: ignore[union-attr]


def test_equality_ignores_source_locations_and_reading_details() -> None:
    """Games compare by content: line numbers, encoding and format do not count."""
    a, b = _game(), _game()
    a.root.children[0].line = 12
    a.encoding, b.format = "cp932", "kif"
    assert a == b
    b.root.children[0].comments.append("a comment")
    assert a != b


def test_headers_keep_order_and_unknown_keys() -> None:
    """Standard keys are enum members, unknown ones verbatim, all in order."""
    headers = Headers()
    headers.add("棋譜ID", "123")
    headers.add(HeaderKey.BLACK, "羽生")
    headers.set("棋譜ID", "124")
    assert [("棋譜ID", "124"), (HeaderKey.BLACK, "羽生")] == list(headers)
    assert "羽生" == headers[HeaderKey.BLACK]


def test_walk_visits_every_node_depth_first() -> None:
    """walk() yields main line before variations."""
    moves = [n.move.usi() for n in _game().root.walk() if n.move]
    assert ["7g7f", "3c3d", "8c8d", "2g2f"] == moves


def test_node_parent_is_set_by_add() -> None:
    """Children know their parent."""
    root = Node()
    child = root.add_variation(_pawn(Color.BLACK, "77", "76"))
    assert root is child.parent
    assert kifu_lark.Game().mainline() == []
