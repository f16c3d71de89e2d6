"""Move texts: Game.move_text / move_texts and Board.move_text in KIF, KI2, CSA and USI, the
same texts the writers put in a record."""

from __future__ import annotations

import re

import pytest
from hypothesis import given

import kifu_lark
from kifu_lark import Board, Game, KifuError, UnknownFormatError
from kifu_lark.formats.registry import get_format
from tests.strategies import games

# Two black horses reach 4二 (from 7五 and 1五) after white's gold moves there.
_HORSES = "position sfen 4k1g2/9/9/9/2+B5+B/9/9/9/4K4 w - 1 moves 3a4b 7e4b"


def test_recapture_with_a_horse_in_each_notation() -> None:
    """The horse from 7五 taking on 4二: 同 in KIF and KI2, 左 in KI2 only."""
    game = kifu_lark.loads(_HORSES, "usi")
    last = game.mainline()[-1]
    assert "▲同　馬(75)" == game.move_text(last, "kif")
    assert "▲同馬左" == game.move_text(last, "ki2")
    assert "+7542UM" == game.move_text(last, "csa")
    assert "7e4b" == game.move_text(last, "usi")
    assert "同馬左" == game.move_text(last, "KI2", marks="")
    assert "△４二金(31)" == game.move_text(game.mainline()[0])


def test_board_move_text_of_a_move_not_yet_played() -> None:
    """Board.move_text writes a move from the current position without playing it."""
    board = Board.from_sfen("4k1g2/9/9/9/2+B5+B/9/9/9/4K4 w - 1")
    board.push_usi("3a4b")
    move = board.parse_usi("1e4b")
    assert "▲同馬右" == board.move_text(move, "ki2")
    assert "☗同　馬(15)" == board.move_text(move, "kif", marks="☗☖")
    assert 1 == len(board.moves)
    with pytest.raises(kifu_lark.IllegalMoveError):
        board.move_text(board.parse_usi("5i5g"), "kif")


def test_bad_notation_or_marks() -> None:
    """An unknown notation is UnknownFormatError; marks other than two characters USAGE."""
    game = kifu_lark.loads(_HORSES, "usi")
    with pytest.raises(UnknownFormatError):
        game.move_texts("pgn")
    with pytest.raises(KifuError) as caught:
        game.move_texts("kif", marks="▲")
    assert "USAGE" == caught.value.code


def test_specials_and_the_root() -> None:
    """A special gives its word in each notation; the root has no move."""
    game = kifu_lark.loads("position startpos moves 7g7f resign", "usi")
    end = game.mainline()[-1]
    assert ["投了", "投了", "%TORYO", "resign"] == [
        game.move_text(end, n) for n in ("kif", "ki2", "csa", "usi")
    ]
    with pytest.raises(ValueError):
        game.move_text(game.root)
    other = kifu_lark.loads("position startpos moves 7g7f", "usi")
    with pytest.raises(ValueError):
        game.move_text(other.mainline()[0])


def _kif_column(text: str) -> list[str]:
    """The move column of a KIF text's numbered lines."""
    found = []
    for line in text.splitlines():
        if re.match(r" *[0-9]+ ", line):
            found.append([part for part in line.split(" ") if part][1])
    return found


@given(games(get_format("kif"), max_branches=0))
def test_kif_texts_are_the_kif_writers(game: Game) -> None:
    """move_texts("kif", marks="") is the move column the KIF writer writes."""
    assert _kif_column(kifu_lark.dumps(game, "kif")) == game.move_texts("kif", marks="")


@given(games(get_format("ki2"), max_branches=0))
def test_ki2_texts_are_the_ki2_writers(game: Game) -> None:
    """The KI2 texts of the moves are the words the KI2 writer writes, in order."""
    written = [
        word
        for line in kifu_lark.dumps(game, "ki2").splitlines()
        if line[:1] in ("▲", "△")
        for word in line.split(" ")
        if word
    ]
    texts = game.move_texts("ki2")
    moves = [t for node, t in zip(game.mainline(), texts, strict=True) if node.move is not None]
    assert written == moves


@given(games(get_format("csa"), max_branches=0))
def test_csa_texts_are_the_csa_writers(game: Game) -> None:
    """The CSA texts are the writer's move and % lines."""
    written = [
        line
        for line in kifu_lark.dumps(game, "csa").splitlines()
        if re.fullmatch(r"[+-][0-9]{4}[A-Z]{2}|%[A-Z_+-]+", line)
    ]
    assert written == game.move_texts("csa")


@given(games(get_format("kif"), max_branches=3))
def test_a_nodes_text_is_its_place_in_its_line(game: Game) -> None:
    """move_text(node) is the node's entry in move_texts(line=node), on every line."""
    for node in game.root.walk():
        line = game.move_texts("ki2", line=node)
        assert line[node.ply - 1] == game.move_text(node, "ki2")
