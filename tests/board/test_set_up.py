"""Setting a board up from a position (``Board.from_position``): the engine's cells, hands,
kings and hash are those of the position whoever made its pieces, and the table that keeps
each piece's engine code by identity stays right and bounded."""

from __future__ import annotations

import attrs
from hypothesis import given, settings

import kifu_lark
from kifu_lark.model.color import Color
from kifu_lark.model.piece import Piece
from kifu_lark.model.position import Position
from kifu_lark.rules import board_state
from kifu_lark.rules.board import Board
from kifu_lark.rules.geometry import KIND_CODE, KING, piece_code
from tests.strategies import positions


def _engine(board: Board) -> tuple[object, ...]:
    return (tuple(board.cells), tuple(map(tuple, board.hands)), tuple(board.kings), board.hash)


def _placed(position: Position) -> tuple[object, ...]:
    """What placing the position's pieces one by one gives: each piece's code worked out
    from its kind and colour, the hash from nothing."""
    board = Board(position.variant)
    g = board.g
    files = position.variant.files
    for n, piece in enumerate(position.board):
        if piece is not None:
            i = g.idx(n % files + 1, n // files + 1)
            code = piece_code(piece)
            board.cells[i] = code
            board.hash ^= g.zobrist[i][code]
            if code & 15 == KING:
                board.kings[code >> 4] = i
    for c, hand in enumerate(position.hands):
        for kind, count in hand.items():
            k = KIND_CODE[kind]
            board.hands[c][k] = count
            board.hash ^= g.zobrist_hand[c][k][count]
    if position.turn is Color.WHITE:
        board.hash ^= g.zobrist_turn
    return _engine(board)


def _with_new_pieces(position: Position) -> Position:
    """``position`` with each piece a new instance (one the table of codes has not seen)."""
    board = tuple(None if p is None else Piece(p.kind, p.color) for p in position.board)
    return attrs.evolve(position, board=board)


@settings(max_examples=60)
@given(positions())
def test_a_board_is_set_up_as_its_pieces_say(position: Position) -> None:
    """From the position as drawn, and from copies of it whose pieces are new instances (the
    table has not seen them) or the SFEN reader's: the same engine state, placed or not."""
    fresh = _with_new_pieces(position)
    again = Position.from_sfen(position.sfen())
    expected = _placed(position)
    for made in (position, fresh, again, fresh):
        assert _engine(Board.from_position(made)) == expected


def test_the_table_of_piece_codes_stays_bounded_and_right() -> None:
    """Many new piece instances (more than the table keeps) set up in turn: each board is
    right, and the table never holds more than its bound."""
    start = Position.initial()
    expected = _engine(Board.from_position(start))
    for _ in range(3 * board_state._PIECE_CODES_KEPT // 40 + 2):
        assert _engine(Board.from_position(_with_new_pieces(start))) == expected
        assert len(board_state._PIECE_CODES) <= board_state._PIECE_CODES_KEPT


def test_a_diagram_start_reads_as_its_sfen() -> None:
    """A KIF board diagram (the reader's own shared pieces) sets up the board its SFEN does."""
    text = kifu_lark.dumps(
        kifu_lark.loads("position sfen 4k4/9/9/9/9/9/9/9/4K4 b 2P 1", "usi"), "kif"
    )
    game = kifu_lark.loads(text, "kif")
    assert _engine(Board.from_position(game.start)) == _engine(
        Board.from_position(Position.from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2P 1"))
    )
