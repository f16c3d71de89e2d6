"""Board.push_text: KI2 and KIF move words, mark optional, resolved as the readers do."""

from __future__ import annotations

import pytest
from hypothesis import given

import kifu_lark
from kifu_lark import AmbiguousMoveError, Board, Game, IllegalMoveError, KifuSyntaxError
from kifu_lark.formats.registry import get_format
from tests.strategies import games


@pytest.mark.parametrize(
    "word", ["▲７六歩", "７六歩", "76歩", "7六歩", "☗７六歩", "７六歩(77)", "▲７六歩(77)"]
)
def test_spellings_of_the_first_move(word: str) -> None:
    """Every spelling of 7g7f plays 7g7f."""
    board = Board()
    assert "7g7f" == board.push_text(word).usi()


@pytest.mark.parametrize("same", ["同銀", "同　銀", "△同銀", "同　銀(31)", "△同　銀(31)"])
def test_same_square_takes_the_previous_destination(same: str) -> None:
    """同銀 in KI2 and KIF spellings recaptures on the previous move's square."""
    board = Board()
    for word in ("７六歩", "３四歩", "２二角成"):
        board.push_text(word)
    assert "3a2b" == board.push_text(same).usi()


def test_same_square_with_no_piece_that_reaches() -> None:
    """同歩 where no pawn reaches the previous destination is BAD_MOVEMENT."""
    board = Board()
    for word in ("７六歩", "３四歩", "２二角成"):
        board.push_text(word)
    with pytest.raises(IllegalMoveError) as caught:
        board.push_text("同歩")
    assert "BAD_MOVEMENT" == caught.value.code


def test_relative_words_pick_the_piece() -> None:
    """５八金右 / ５八金左 choose between the golds of 49 and 69."""
    right, left = Board(), Board()
    assert "4i5h" == right.push_text("５八金右").usi()
    assert "6i5h" == left.push_text("５八金左").usi()


def test_ambiguous_move_names_the_candidates_and_the_words() -> None:
    """５八金 alone is AmbiguousMoveError with both golds and a hint of the words."""
    board = Board()
    with pytest.raises(AmbiguousMoveError) as caught:
        board.push_text("５八金")
    err = caught.value
    assert ["49", "69"] == err.candidates
    assert err.hint is not None and "右" in err.hint
    assert "５八金" == err.text and 1 == err.ply
    assert [] == board.moves


@pytest.mark.parametrize(
    ("word", "code"),
    [
        ("５五金", "BAD_MOVEMENT"),  # no gold reaches 55
        ("同歩", "NO_PREVIOUS_MOVE"),
        ("△３四歩", "WRONG_TURN"),
        ("７六歩成", "PROMOTION_OUTSIDE_ZONE"),
        ("５五角打", "NOT_IN_HAND"),
        ("５八金直", "RELATIVE_MISMATCH"),
        ("７六歩(75)", "NO_PIECE"),
        ("７六銀(77)", "PIECE_MISMATCH"),
    ],
)
def test_illegal_words_raise_the_rule(word: str, code: str) -> None:
    """Words that fit no legal move raise IllegalMoveError with the readers' code."""
    board = Board()
    with pytest.raises(IllegalMoveError) as caught:
        board.push_text(word)
    assert code == caught.value.code
    assert word == caught.value.text
    assert kifu_lark.Position.initial() == board.position


@pytest.mark.parametrize("word", ["", "x", "７六", "歩", "投了", "７六歩 ３四歩"])
def test_what_is_not_one_move_word_is_a_syntax_error(word: str) -> None:
    """Empty text, junk, a special or two moves raise KifuSyntaxError with a hint."""
    with pytest.raises(KifuSyntaxError) as caught:
        Board().push_text(word)
    assert caught.value.hint


def test_drop_without_da_when_no_piece_reaches() -> None:
    """A piece in hand that no board piece could move there is dropped (KI2 writes 打 only
    when needed); 打 written is a drop too."""
    board = Board.from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1")
    assert "G*5e" == board.push_text("５五金").usi()
    board.pop()
    assert "G*5e" == board.push_text("５五金打").usi()


@given(games(get_format("ki2"), max_branches=0))
def test_the_ki2_texts_of_a_game_play_it_back(game: Game) -> None:
    """Each move's KI2 text, pushed with or without its mark, is that move."""
    board = Board(game.start)
    texts = game.move_texts("ki2")
    for node, text in zip(game.mainline(), texts, strict=True):
        if node.move is None:
            continue
        word = text if len(board.moves) % 2 else text[1:]
        assert node.move == board.push_text(word)


@given(games(get_format("kif"), max_branches=0))
def test_the_kif_texts_of_a_game_play_it_back(game: Game) -> None:
    """Each move's KIF text (with its origin) pushed is that move."""
    board = Board(game.start)
    for node, text in zip(game.mainline(), game.move_texts("kif", marks=""), strict=True):
        if node.move is not None:
            assert node.move == board.push_text(text)
