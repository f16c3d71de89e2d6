"""Every rule breach is its own typed error with a stable code."""

from __future__ import annotations

import pytest

from kifu_lark.errors import IllegalMoveError
from kifu_lark.model.color import Color
from kifu_lark.model.move import Move
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import MINISHOGI, STANDARD
from kifu_lark.rules.board import Board
from kifu_lark.rules.violations import Violation

B, W = Color.BLACK, Color.WHITE
K = PieceKind
START = STANDARD.start_sfen
assert START is not None


def sq(text: str) -> Square:
    return Square(int(text[0]), int(text[1]))


def board_move(color: Color, frm: str, to: str, kind: PieceKind, promote: bool = False) -> Move:
    return Move(color, sq(to), kind, sq(frm), promote)


CASES = [
    # (sfen, move, code)
    (START, board_move(B, "55", "54", K.PAWN), Violation.NO_PIECE),
    (START, board_move(B, "53", "54", K.PAWN), Violation.NOT_OWN_PIECE),
    (START, board_move(B, "77", "75", K.PAWN), Violation.BAD_MOVEMENT),
    (START, board_move(B, "88", "22", K.BISHOP), Violation.PATH_BLOCKED),
    (START, board_move(B, "69", "59", K.GOLD), Violation.OWN_PIECE_ON_TARGET),
    (START, board_move(B, "77", "76", K.SILVER), Violation.PIECE_MISMATCH),
    (START, Move(B, sq("55"), K.PAWN), Violation.NOT_IN_HAND),
    (START, board_move(B, "77", "76", K.PAWN, promote=True), Violation.PROMOTION_OUTSIDE_ZONE),
    (START, board_move(B, "69", "58", K.GOLD, promote=True), Violation.UNPROMOTABLE),
    (START, board_move(W, "33", "34", K.PAWN), Violation.WRONG_TURN),
    ("4k4/9/9/9/9/9/9/9/4K4 b P 1", Move(B, sq("55"), K.PROM_PAWN), Violation.DROP_PROMOTED),
    ("4k4/9/9/9/9/9/9/9/4K4 b P 1", Move(B, sq("51"), K.PAWN), Violation.DROP_ON_PIECE),
    ("4k4/9/9/9/9/9/9/9/4K4 b P 1", Move(B, sq("41"), K.PAWN), Violation.DEAD_PIECE),
    ("4k4/9/9/9/9/9/9/9/4K4 b N 1", Move(B, sq("42"), K.KNIGHT), Violation.DEAD_PIECE),
    ("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", Move(B, sq("55"), K.PAWN), Violation.TWO_PAWNS),
    ("4k4/9/9/9/9/9/9/9/4K4 b L 1", Move(B, sq("51"), K.LANCE), Violation.DROP_ON_PIECE),
    ("4k4/2P6/9/9/9/9/9/9/4K4 b - 1", board_move(B, "72", "71", K.PAWN), Violation.DEAD_PIECE),
    (
        "4k4/9/9/9/9/9/9/9/4K4 b - 1",
        board_move(B, "59", "58", K.KING, True),
        Violation.UNPROMOTABLE,
    ),
    (
        "4k4/9/9/9/9/9/9/9/+P3K4 b - 1",
        board_move(B, "99", "98", K.PROM_PAWN, True),
        Violation.ALREADY_PROMOTED,
    ),
    # Leaving the king in check: the rook on 5a pins nothing, it checks along file 5.
    ("4r4/9/9/9/9/9/9/3P5/4K4 b - 1", board_move(B, "62", "61", K.PAWN), Violation.NO_PIECE),
    ("4r4/9/9/9/9/9/9/3P5/4K4 b - 1", board_move(B, "68", "67", K.PAWN), Violation.KING_IN_CHECK),
    # Moving a pinned piece.
    ("4r4/9/9/9/9/9/9/4G4/4K4 b - 1", board_move(B, "58", "68", K.GOLD), Violation.KING_IN_CHECK),
    # Walking into check.
    ("4k4/9/9/9/9/9/9/3r5/4K4 b - 1", board_move(B, "59", "58", K.KING), Violation.KING_IN_CHECK),
    # 打ち歩詰め: the pawn on 9b, guarded by the silver, mates the boxed-in king on 9a.
    ("kl7/1p7/1S7/9/9/9/9/9/8K b P 1", Move(B, sq("92"), K.PAWN), Violation.PAWN_DROP_MATE),
]


@pytest.mark.parametrize(("sfen", "move", "code"), CASES, ids=[c[2].value for c in CASES])
def test_breach_raises_its_code(sfen: str, move: Move, code: Violation) -> None:
    """The move raises IllegalMoveError with the rule's code and leaves the board as it was."""
    board = Board.from_position(Position.from_sfen(sfen))
    before = board.to_position()
    with pytest.raises(IllegalMoveError) as info:
        board.push(move)
    assert code.value == info.value.code
    assert before == board.to_position()


def test_pawn_drop_check_that_is_not_mate_is_legal() -> None:
    """A checking pawn drop the king can escape is not 打ち歩詰め."""
    board = Board.from_position(Position.from_sfen("k8/9/9/9/9/9/9/9/8K b P 1"))
    played = board.push(Move(B, sq("92"), K.PAWN))
    assert played.is_drop and board.in_check()


def test_tolerated_two_pawns_is_played_and_reported() -> None:
    """With two_pawns tolerated the drop is played and the breach recorded."""
    board = Board.from_position(Position.from_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1"))
    board.push(Move(B, sq("55"), K.PAWN), allowed={Violation.TWO_PAWNS})
    assert [Violation.TWO_PAWNS] == board.tolerated
    assert "4k4/9/9/9/4P4/9/4P4/9/4K4 w - 2" == board.to_position().sfen()


def test_tolerated_wrong_turn_passes_the_move() -> None:
    """With wrong_turn tolerated, the other side moves as written."""
    board = Board.from_position(Position.initial(STANDARD))
    board.push(board_move(W, "33", "34", K.PAWN), allowed={Violation.WRONG_TURN})
    assert Color.BLACK is board.color
    assert [Violation.WRONG_TURN] == board.tolerated


def test_capture_goes_to_hand_unpromoted() -> None:
    """Capturing a promoted piece puts its unpromoted kind in hand."""
    board = Board.from_position(Position.from_sfen("4k4/9/9/9/R3+r4/9/9/9/4K4 b - 1"))
    played = board.push(board_move(B, "95", "55", K.ROOK))
    assert PieceKind.DRAGON is played.captured
    assert 1 == board.to_position().hand(Color.BLACK)[PieceKind.ROOK]


def test_minishogi_promotion_zone_is_the_last_rank() -> None:
    """In 5x5 a pawn promotes only on rank 1 (and must)."""
    board = Board.from_position(Position.from_sfen("k4/5/P4/5/4K b - 1", MINISHOGI))
    with pytest.raises(IllegalMoveError) as info:
        board.push(board_move(B, "53", "52", K.PAWN, promote=True))
    assert Violation.PROMOTION_OUTSIDE_ZONE.value == info.value.code
    board.push(board_move(B, "53", "52", K.PAWN))
    board.push(board_move(W, "51", "41", K.KING))
    with pytest.raises(IllegalMoveError) as info:
        board.push(board_move(B, "52", "51", K.PAWN))
    assert Violation.DEAD_PIECE.value == info.value.code


def test_minishogi_has_no_knights() -> None:
    """Dropping a kind the variant does not use is refused (no position can hold one: its
    set has none)."""
    position = Position.from_sfen("k4/5/5/5/4K b - 1", MINISHOGI)
    with pytest.raises(IllegalMoveError) as info:
        Board.from_position(position).push(Move(B, sq("33"), K.KNIGHT))
    assert Violation.PIECE_NOT_IN_VARIANT.value == info.value.code
