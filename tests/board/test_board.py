"""kifu_lark.Board: set-up, push and pop, USI, questions, hands, squares and the diagram."""

from __future__ import annotations

import pytest
from hypothesis import given

import kifu_lark
from kifu_lark import (
    MINISHOGI,
    Board,
    Color,
    Game,
    Hand,
    IllegalMoveError,
    KifuSyntaxError,
    Move,
    Piece,
    PieceKind,
    Position,
    Square,
)
from kifu_lark.explore import legal_moves
from kifu_lark.formats.diagram import write_diagram
from kifu_lark.formats.registry import get_format
from kifu_lark.model.variant import board_variant
from tests.strategies import games, positions

# A short line with captures and a drop.
_LINE = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]


def test_board_is_exported_and_starts_at_the_initial_position() -> None:
    """kifu_lark.Board() is the usual 9x9 start, black to move, move 1."""
    board = kifu_lark.Board()
    assert Position.initial() == board.position
    assert Color.BLACK == board.turn
    assert 1 == board.move_number
    assert "Board" in kifu_lark.__all__


def test_board_from_position_and_from_sfen_agree() -> None:
    """Board(position), Board.from_sfen(sfen) and Board(sfen) set up the same position."""
    sfen = "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPP1P/7R1/LNSGKGSNL b Bb 5"
    assert Board(Position.from_sfen(sfen)).position == Board.from_sfen(sfen).position
    assert Board.from_sfen(sfen).position == Board(sfen).position
    assert sfen == Board.from_sfen(sfen).sfen()


def test_from_sfen_refuses_a_bad_string_with_a_typed_error() -> None:
    """A malformed SFEN raises KifuSyntaxError BAD_POSITION, not a bare ValueError."""
    with pytest.raises(KifuSyntaxError) as caught:
        Board.from_sfen("lnsgkgsnl/9 x - 1")
    assert "BAD_POSITION" == caught.value.code
    with pytest.raises(KifuSyntaxError):
        Board("9/9/9 b")


def test_board_of_another_variant() -> None:
    """Board(variant=MINISHOGI) is the 5x5 start."""
    assert Position.initial(MINISHOGI) == Board(variant=MINISHOGI).position


def test_push_usi_plays_and_returns_the_model_move() -> None:
    """push_usi fills in piece, mover and capture."""
    board = Board()
    played = [board.push_usi(text) for text in _LINE]
    assert _LINE == [m.usi() for m in played]
    assert PieceKind.PAWN == played[1].piece and Color.WHITE == played[1].color
    assert PieceKind.BISHOP == played[2].captured
    assert PieceKind.HORSE == played[3].captured
    assert played == board.moves
    expected = kifu_lark.loads("position startpos moves " + " ".join(_LINE), "usi")
    assert expected.final_position() == board.position


def test_pop_takes_back_in_reverse_order_to_the_start() -> None:
    """pop returns the moves played, last first, and restores each position."""
    board = Board()
    seen = [board.position]
    for text in _LINE:
        board.push_usi(text)
        seen.append(board.position)
    taken = []
    for expected in reversed(seen[:-1]):
        taken.append(board.pop().usi())
        assert expected == board.position
    assert list(reversed(_LINE)) == taken
    with pytest.raises(IndexError):
        board.pop()


def test_push_of_an_illegal_move_raises_with_the_rule_and_leaves_the_board() -> None:
    """A pawn moving two squares is BAD_MOVEMENT; nothing changes."""
    board = Board()
    bad = Move(Color.BLACK, Square(7, 5), PieceKind.PAWN, Square(7, 7))
    with pytest.raises(IllegalMoveError) as caught:
        board.push(bad)
    assert "BAD_MOVEMENT" == caught.value.code
    assert 1 == caught.value.ply and "7g7e" == caught.value.text
    assert Position.initial() == board.position and [] == board.moves


def test_push_usi_errors() -> None:
    """Malformed USI is a syntax error; an empty origin is NO_PIECE; the wrong side's piece
    NOT_OWN_PIECE."""
    board = Board()
    with pytest.raises(KifuSyntaxError):
        board.push_usi("7g7")
    with pytest.raises(IllegalMoveError) as caught:
        board.push_usi("5e5d")
    assert "NO_PIECE" == caught.value.code
    with pytest.raises(IllegalMoveError) as caught:
        board.push_usi("3c3d")
    assert "NOT_OWN_PIECE" == caught.value.code


def test_move_from_usi_reads_piece_and_mover_from_the_position() -> None:
    """Move.from_usi: board moves take the piece on the origin, drops name theirs."""
    position = Board.from_sfen("4k4/9/9/9/9/9/9/9/4K4 w G 1").position
    assert Move(Color.WHITE, Square(5, 2), PieceKind.KING, Square(5, 1)) == Move.from_usi(
        "5a5b", position
    )
    assert Move(Color.WHITE, Square(5, 5), PieceKind.GOLD) == Move.from_usi("G*5e", position)
    for bad in ("5e5d", "5i5h", "5a5b++", "g*5e", "+P*5e", "K*5e", "5a", "0a1a"):
        with pytest.raises(ValueError):
            Move.from_usi(bad, position)


def test_hands_turn_and_piece_at() -> None:
    """hands are model Hands; piece_at takes a Square, USI or digits."""
    board = Board()
    for text in _LINE[:4]:
        board.push_usi(text)
    assert (Hand.of({PieceKind.BISHOP: 1}), Hand.of({PieceKind.BISHOP: 1})) == board.hands
    assert Color.BLACK == board.turn and 5 == board.move_number
    silver = Piece(PieceKind.SILVER, Color.WHITE)
    assert silver == board.piece_at(Square(2, 2)) == board.piece_at("2b") == board.piece_at("22")
    assert board.piece_at("8h") is None
    with pytest.raises(IndexError):
        Board(variant=MINISHOGI).piece_at("9i")
    with pytest.raises(ValueError):
        board.piece_at("x9")


def test_check_mate_and_stalemate() -> None:
    """A gold drop in front of a cornered king is mate; a bare king with no move but not in
    check is the no-move state; the usual start is neither."""
    start = Board()
    assert not start.is_check() and not start.is_mate() and start.has_legal_move()
    mated = Board.from_sfen("8k/9/8P/9/9/9/9/9/K8 b G 1")
    mated.push_text("１二金打")
    assert mated.is_check() and mated.is_mate() and not mated.has_legal_move()
    assert not mated.is_stalemate()
    # 3x3: white's king on 1a has no square that is not covered, and is not in check
    stuck = Board.from_sfen("2k/G2/1G1 w - 1", board_variant(3, 3))
    assert not stuck.is_check() and not stuck.has_legal_move() and stuck.is_stalemate()


def test_repetition_and_perpetual_check() -> None:
    """Four times the same position by quiet moves is a draw (True); by a rook checking
    each time, the checking side is returned."""
    board = Board()
    cycle = ["5i5h", "5a5b", "5h5i", "5b5a"]
    for _ in range(3):
        for text in cycle:
            assert board.repetition() is False
            board.push_usi(text)
    assert board.repetition() is True
    checks = Board.from_sfen("4k4/9/9/9/9/9/9/9/R3K4 b - 1")
    checks.push_usi("9i9a")
    cycle = ["5a5b", "9a9b", "5b5a", "9b9a"]  # black checks on each of its moves
    for _ in range(3):
        for text in cycle:
            checks.push_usi(text)
    assert Color.BLACK == checks.repetition()


def test_is_legal_does_not_change_the_board() -> None:
    """is_legal answers for legal and illegal moves alike and plays nothing."""
    board = Board()
    assert board.is_legal(Move(Color.BLACK, Square(7, 6), PieceKind.PAWN, Square(7, 7)))
    assert not board.is_legal(Move(Color.WHITE, Square(3, 4), PieceKind.PAWN, Square(3, 3)))
    assert Position.initial() == board.position and [] == board.moves


@given(positions())
def test_legal_moves_are_the_engines_and_each_is_legal(position: Position) -> None:
    """legal_moves agrees with kifu_lark.explore, and each move pushes and pops back."""
    board = Board(position)
    moves = board.legal_moves()
    assert legal_moves(position) == moves
    for move in moves[:20]:
        assert board.is_legal(move)
        board.push(move)
        board.pop()
    assert position == board.position


def test_str_is_the_kif_diagram_and_repr_rebuilds() -> None:
    """str(board) is the BOD/KIF diagram of the position; repr names its SFEN."""
    board = Board()
    board.push_usi("7g7f")
    assert "\n".join(write_diagram(board.position)) == str(board)
    assert "後手番" in str(board).splitlines()
    assert f"Board.from_sfen({board.sfen()!r})" == repr(board)


def test_to_game_dumps_the_moves_played() -> None:
    """to_game gives a record of the moves from the start position."""
    board = Board()
    for text in _LINE:
        board.push_usi(text)
    assert "position startpos moves " + " ".join(_LINE) + "\n" == kifu_lark.dumps(
        board.to_game(), "usi"
    )


@given(games(get_format("kif"), max_branches=0))
def test_board_replays_a_game_to_its_final_position(game: Game) -> None:
    """Pushing a game's moves reaches its final position."""
    board = Board(game.start)
    for node in game.mainline():
        if node.move is not None:
            board.push(node.move)
    assert game.final_position() == board.position
