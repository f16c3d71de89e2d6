"""The game tree: main line, variations, positions at nodes, equality."""

from __future__ import annotations

import pytest

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
    assert [("棋譜ID", "124"), (HeaderKey.BLACK, "羽生")] == headers.entries
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


def test_add_variation_refuses_what_is_no_move() -> None:
    """add_variation("3c3d") is a TypeError naming Move.from_usi (a node knows no position
    to read USI text in); the tree is left as it was. Compiled and pure alike."""
    game = _game()
    first = game.mainline()[0]
    for wrong in ("3c3d", 33, ("3c", "3d")):
        with pytest.raises(TypeError, match=r"add_variation\(\) takes a Move.*Move\.from_usi"):
            first.add_variation(wrong)  # type: ignore[arg-type]
    assert _game() == game
    move = Move.from_usi("3c3d", game.position_at(first))
    assert move == first.add_variation(move).move


def test_children_behave_as_a_list_and_change_the_tree() -> None:
    """node.children is a live list view: index, slice, len, mutation, equality."""
    game = _game()
    root = game.root
    first, second = root.children
    assert [first, second] == root.children
    assert root.children[1:] == [second] == list(root.variations)
    assert root.next is first and first.children[-1].move.usi() == "8c8d"  # type: ignore[union-attr]
    extra = Node(move=_pawn(Color.BLACK, "57", "56"))
    root.children.insert(0, extra)
    assert [extra, first, second] == root.children
    assert root.next is extra
    root.children.remove(extra)
    assert root.children.pop() is second
    assert [first] == root.children and not root.variations
    root.children.append(second)
    del root.children[0]
    assert root.next is second and len(root.children) == 1
    root.children.clear()
    assert not root.children and root.next is None and game.mainline() == []
    root.children = [first, second]
    assert [first, second] == root.children


def test_node_makes_no_lists_until_it_needs_them() -> None:
    """Reading leaves empty comment and variation lists uncreated; using them creates them."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    node = game.mainline()[0]
    assert node.comment_lines == () and node.variations == ()
    node.comments.append("見慣れた出だし")
    assert ["見慣れた出だし"] == node.comments == list(node.comment_lines)
    assert "comments=['見慣れた出だし']" in repr(node) and "children=1" in repr(node)
    copy = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    assert copy != game
    copy.mainline()[0].comments = ["見慣れた出だし"]
    assert copy == game


def test_grow_appends_like_add_variation() -> None:
    """grow() (the readers' node maker) builds the same tree as add_variation()."""
    first = _pawn(Color.BLACK, "77", "76")
    second = _pawn(Color.BLACK, "27", "26")
    a, b = Node(), Node()
    a.add_variation(first)
    a.add_variation(second)
    grown = b.grow(first, 3, 1)
    b.grow(second, 7, 1)
    assert a == b
    assert grown.parent is b and (grown.line, grown.column) == (3, 1)
    assert grown.comment_lines == () and grown.next is None and grown.time is None
    assert [first, second] == [n.move for n in b.children]


def test_a_long_game_pickles_and_deep_copies() -> None:
    """Games of any length survive pickle and deepcopy (the tree is flattened: recursing
    node to node overflowed the stack at a few hundred moves), variations, comments,
    bookmarks, source positions and reading details included."""
    import copy
    import pickle

    moves = " ".join(["2h3h", "8b7b", "3h2h", "7b8b"] * 150)
    game = kifu_lark.loads(f"position startpos moves {moves}", "usi")
    line = game.mainline()
    line[10].comments.append("ここから千日手")
    line[10].bookmark = "mark"
    line[10].line, line[10].column = 3, 7
    line[9].add_variation(_pawn(Color.WHITE, "33", "34"))
    game.encoding, game.format = "cp932", "kif"
    copies: list[Game] = [pickle.loads(pickle.dumps(game)), copy.deepcopy(game)]
    for copied in copies:
        assert copied == game and copied is not game
        again = copied.mainline()
        assert 600 == len(again) and again[10].bookmark == "mark"
        assert (3, 7) == (again[10].line, again[10].column)
        assert again[10].parent is again[9] and 2 == len(again[9].children)
        assert (copied.encoding, copied.format) == ("cp932", "kif")
