"""KI2 relative words: the official worked cases one by one, and write→resolve on random play."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifu_lark.errors import AmbiguousMoveError, IllegalMoveError
from kifu_lark.model.color import Color
from kifu_lark.model.hand import Hand
from kifu_lark.model.move import Move
from kifu_lark.model.piece import Piece, PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import MINISHOGI, STANDARD, Variant
from kifu_lark.rules.board import Board
from kifu_lark.rules.movegen import legal_moves
from kifu_lark.rules.relative import narrow, relative_words
from kifu_lark.rules.resolve import resolve_unqualified
from kifu_lark.rules.violations import Violation
from tests.strategies import positions

B, W = Color.BLACK, Color.WHITE


def sq(text: str) -> Square:
    """``"63"`` → Square(6, 3)."""
    return Square(int(text[0]), int(text[1]))


def board_with(pieces: dict[str, str], turn: Color = B, hand: str = "") -> Board:
    """A board holding ``pieces`` (square → SFEN letter, lower case for white), no kings
    unless given, ``hand`` = SFEN letters in the mover's hand."""
    position = Position.empty(STANDARD)
    for square, letter in pieces.items():
        color = B if letter.lstrip("+").isupper() else W
        position = position.with_piece(sq(square), Piece(PieceKind.from_usi(letter), color))
    if hand:
        counts: dict[PieceKind, int] = {}
        for letter in hand:
            kind = PieceKind.from_usi(letter)
            counts[kind] = counts.get(kind, 0) + 1
        position = position.with_hand(turn, Hand.of(counts))
    sfen = position.sfen().split()
    sfen[1] = "b" if turn is B else "w"
    return Board.from_position(Position.from_sfen(" ".join(sfen)))


# (pieces, origin, destination, words): every row of the worked cases.
WORKED = [
    ({"63": "G", "42": "G"}, "63", "52", "上"),
    ({"63": "G", "42": "G"}, "42", "52", "寄"),
    ({"63": "G", "43": "G"}, "63", "52", "左"),
    ({"63": "G", "43": "G"}, "43", "52", "右"),
    ({"63": "G", "53": "G", "43": "G"}, "63", "52", "左"),
    ({"63": "G", "53": "G", "43": "G"}, "53", "52", "直"),
    ({"63": "G", "53": "G", "43": "G"}, "43", "52", "右"),
    ({"63": "S", "43": "S", "41": "S"}, "63", "52", "左"),
    ({"63": "S", "43": "S", "41": "S"}, "43", "52", "右上"),
    ({"63": "S", "43": "S", "41": "S"}, "41", "52", "引"),
    ({"63": "S", "43": "S", "61": "S"}, "61", "52", "引"),
    ({"63": "S", "43": "S", "61": "S"}, "63", "52", "左上"),
    ({"63": "S", "43": "S", "61": "S"}, "43", "52", "右"),
    ({"37": "N", "17": "N"}, "37", "25", "左"),
    ({"37": "N", "17": "N"}, "17", "25", "右"),
    ({"15": "R", "59": "R"}, "15", "55", "寄"),
    ({"15": "R", "59": "R"}, "59", "55", "上"),
    ({"28": "R", "88": "R"}, "28", "58", "右"),
    ({"28": "R", "88": "R"}, "88", "58", "左"),
    ({"13": "+R", "22": "+R"}, "13", "24", "右"),
    ({"13": "+R", "22": "+R"}, "22", "24", "左"),
    ({"91": "+B", "81": "+B"}, "91", "82", "左"),
    ({"91": "+B", "81": "+B"}, "81", "82", "右"),
    ({"21": "+R", "52": "+R"}, "21", "22", "引"),
    ({"21": "+R", "52": "+R"}, "52", "22", "寄"),
    ({"63": "G"}, "63", "52", ""),
]


def _move(board: Board, origin: str, to: str) -> Move:
    kind = board.piece_kind(sq(origin))
    assert kind is not None
    return Move(board.color, sq(to), kind, sq(origin))


@pytest.mark.parametrize(("pieces", "origin", "to", "words"), WORKED)
def test_worked_case_written(pieces: dict[str, str], origin: str, to: str, words: str) -> None:
    """The writer chooses the words of the official worked case."""
    board = board_with(pieces)
    assert words == relative_words(board, _move(board, origin, to))


@pytest.mark.parametrize(("pieces", "origin", "to", "words"), WORKED)
def test_worked_case_read(pieces: dict[str, str], origin: str, to: str, words: str) -> None:
    """The reader resolves the words of the official worked case to the right piece."""
    board = board_with(pieces)
    move = _move(board, origin, to)
    assert move == resolve_unqualified(board, B, move.to, move.piece, None, words)


def test_white_is_mirrored() -> None:
    """For white, 4七 is on the left: △５八金左 is the gold from 4七."""
    board = board_with({"47": "g", "67": "g"}, turn=W)
    move = _move(board, "47", "58")
    assert "左" == relative_words(board, move)
    assert move == resolve_unqualified(board, W, sq("58"), PieceKind.GOLD, None, "左")
    assert "右" == relative_words(board, _move(board, "67", "58"))


def test_drop_needs_da_only_when_a_board_piece_could_go() -> None:
    """打 is written when a board gold could also reach the square, not otherwise."""
    board = board_with({"63": "G"}, hand="GB")
    assert "打" == relative_words(board, Move(B, sq("52"), PieceKind.GOLD))
    assert "" == relative_words(board, Move(B, sq("55"), PieceKind.BISHOP))


def test_drop_read_without_da() -> None:
    """A move no board piece can make is a drop from the hand."""
    board = board_with({"63": "G"}, hand="B")
    expected = Move(B, sq("55"), PieceKind.BISHOP)
    assert expected == resolve_unqualified(board, B, sq("55"), PieceKind.BISHOP, None, "")


def test_pinned_piece_still_asks_for_da() -> None:
    """A pinned board gold still makes the writer add 打 (as most programs do)."""
    board = board_with({"59": "K", "58": "G", "55": "r"}, hand="G")
    assert "打" == relative_words(board, Move(B, sq("48"), PieceKind.GOLD))


def test_pinned_piece_is_not_a_candidate() -> None:
    """The reader skips a pinned gold: the drop reads back even without 打."""
    board = board_with({"59": "K", "58": "G", "55": "r"}, hand="G")
    drop = Move(B, sq("48"), PieceKind.GOLD)
    assert drop == resolve_unqualified(board, B, sq("48"), PieceKind.GOLD, None, "")


def test_pinned_piece_counts_for_words_but_not_for_reading() -> None:
    """With one of two silvers pinned, the writer still names the other (５九銀左) and the
    reader takes the free one with or without the word."""
    board = board_with({"47": "K", "49": "+r", "48": "S", "68": "S"})
    move = _move(board, "68", "59")
    assert "左" == relative_words(board, move)
    assert move == resolve_unqualified(board, B, sq("59"), PieceKind.SILVER, None, "左")
    assert move == resolve_unqualified(board, B, sq("59"), PieceKind.SILVER, None, "")


def test_redundant_words_are_accepted() -> None:
    """Words beyond the needed ones still resolve (５二金左上 for the gold on 6三)."""
    board = board_with({"63": "G", "43": "G"})
    assert _move(board, "63", "52") == resolve_unqualified(
        board, B, sq("52"), PieceKind.GOLD, None, "左上"
    )


def test_old_spellings() -> None:
    """行 reads as 上 and 下 as 引."""
    board = board_with({"63": "S", "43": "S", "41": "S"})
    silvers = [sq("63"), sq("43"), sq("41")]
    assert [sq("41")] == narrow(board, B, sq("52"), PieceKind.SILVER, silvers, "下")
    assert [sq("63"), sq("43")] == narrow(board, B, sq("52"), PieceKind.SILVER, silvers, "行")


def test_ambiguous_lists_candidates() -> None:
    """Two golds and no words: an ambiguous-move error naming both origins."""
    board = board_with({"63": "G", "43": "G"})
    with pytest.raises(AmbiguousMoveError) as info:
        resolve_unqualified(board, B, sq("52"), PieceKind.GOLD, None, "")
    assert ["43", "63"] == info.value.candidates


def test_contradicting_word_strict() -> None:
    """A word that contradicts the only candidate is an error by default."""
    board = board_with({"63": "G"})
    with pytest.raises(IllegalMoveError) as info:
        resolve_unqualified(board, B, sq("52"), PieceKind.GOLD, None, "右")
    assert "RELATIVE_MISMATCH" == info.value.code


def test_contradicting_word_tolerated() -> None:
    """Tolerated, the contradicting word is noted and the only candidate taken."""
    board = board_with({"63": "G"})
    allowed = {Violation.RELATIVE_MISMATCH}
    move = resolve_unqualified(board, B, sq("52"), PieceKind.GOLD, None, "右", allowed)
    assert _move(board, "63", "52") == move
    assert [Violation.RELATIVE_MISMATCH] == board.tolerated


def test_words_contradicting_every_candidate() -> None:
    """Words fitting none of several candidates are an error even when tolerated."""
    board = board_with({"63": "G", "43": "G"})
    with pytest.raises(IllegalMoveError) as info:
        resolve_unqualified(
            board, B, sq("52"), PieceKind.GOLD, None, "引", {Violation.RELATIVE_MISMATCH}
        )
    assert "RELATIVE_MISMATCH" == info.value.code


def _check_every_move(board: Board) -> None:
    for move in legal_moves(board):
        words = relative_words(board, move)
        assert words is not None, move
        if words == "打":
            continue  # the reader takes 打 as a drop without looking at the board
        got = resolve_unqualified(board, move.color, move.to, move.piece, move.promote, words)
        assert move == got


@pytest.mark.parametrize("variant", [STANDARD, MINISHOGI], ids=lambda v: v.name)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 160))
def test_write_then_resolve_gives_the_move(variant: Variant, seed: int, plies: int) -> None:
    """For every legal move of positions reached by random play, the words written resolve
    back to that very move."""
    rng = random.Random(seed)
    board = Board.from_position(Position.initial(variant))
    for _ in range(plies):
        moves = legal_moves(board)
        if not moves:
            break
        board.push(rng.choice(moves))
    _check_every_move(board)


@pytest.mark.parametrize("variant", [STANDARD, MINISHOGI], ids=lambda v: v.name)
@given(data=st.data())
def test_write_then_resolve_on_strategy_positions(variant: Variant, data: st.DataObject) -> None:
    """The same property on the positions tests/strategies.py draws (handicaps included)."""
    position = data.draw(positions(variant, max_plies=80))
    _check_every_move(Board.from_position(position))
