"""The rules engine's list tables (``step_at``, ``slide_at``, ``line_at``) say what its steps,
slides and lines say, for every difference of two indices and every pair of indices, on
boards of every size the engine plays; and on every board size the moves the move generator
walks are the moves the move check accepts, and a check found after a move is the check a
fresh look at the king finds."""

from __future__ import annotations

import pytest

from kifu_lark.model.color import Color
from kifu_lark.model.piece import Piece, PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import MINISHOGI, STANDARD, Variant, board_variant
from kifu_lark.rules.board import Board
from kifu_lark.rules.geometry import ZOBRIST_BITS, Geometry
from kifu_lark.rules.movegen import legal_moves

VARIANTS = [
    STANDARD,
    MINISHOGI,
    board_variant(3, 4),
    board_variant(7, 5),
    board_variant(9, 2),
    board_variant(2, 1),
]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_the_list_tables_agree_with_the_set_and_dict_tables(variant: Variant) -> None:
    g = Geometry(variant)
    n = g.size
    for c in (0, 1):
        for k in range(15):
            assert len(g.step_at[c][k]) == len(g.slide_at[c][k]) == 2 * n
            for d in range(-n + 1, n):
                assert g.step_at[c][k][d + n] == (d in g.steps[c][k]), (c, k, d)
                assert g.slide_at[c][k][d + n] == (d in g.slides[c][k]), (c, k, d)
    for a in range(n):
        row = g.line.get(a, {})
        assert [row.get(b, 0) for b in range(n)] == g.line_at[a], a
    # the tables hold something to agree about
    assert any(any(row) for row in g.line_at)
    assert any(any(slides) for side in g.slide_at for slides in side)


SLIDERS = [PieceKind.ROOK, PieceKind.BISHOP, PieceKind.LANCE, PieceKind.DRAGON, PieceKind.HORSE]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_zobrist_keys_and_their_xors_fit_a_short_int(variant: Variant) -> None:
    """Every Zobrist key is under 2**62, so a board's hash (an XOR of keys) is too: the
    compiled build holds such an int unboxed. The keys are distinct."""
    g = Geometry(variant)
    keys = [key for row in g.zobrist for key in row]
    keys += [key for side in g.zobrist_hand for counts in side for key in counts]
    keys.append(g.zobrist_turn)
    assert ZOBRIST_BITS <= 62
    assert 0 <= min(keys) and max(keys) < 2**ZOBRIST_BITS
    assert len(set(keys)) == len(keys)
    board = Board.from_position(Position.initial(variant))
    for _ in range(12):
        moves = legal_moves(board)
        if not moves:
            break
        board.push(moves[len(moves) // 2])
        assert 0 <= board.hash < 2**62


@pytest.mark.parametrize(("files", "ranks"), [(2, 9), (4, 4), (4, 9), (3, 7), (9, 9), (5, 5)])
@pytest.mark.parametrize("kind", SLIDERS, ids=lambda k: k.name)
def test_every_generated_slide_is_accepted_and_checks_are_seen(
    files: int, ranks: int, kind: PieceKind
) -> None:
    """A slider of each side on every square: each legal move the generator walks is one
    ``push`` accepts, and whether it gives check is what ``attacked`` says of the king
    afterwards. On narrow boards a difference of two indices has two readings (a rook one
    rank up on two files is three files right), so a slide's direction must come from the
    squares."""
    variant = board_variant(files, ranks)
    if kind not in variant.kinds:
        pytest.skip(f"{variant.name} has no {kind.name}")
    tried = 0
    for color in (Color.BLACK, Color.WHITE):
        for file in range(1, files + 1):
            for rank in range(1, ranks + 1):
                if (file, rank) in ((files, 1), (1, ranks)):
                    continue
                start = (
                    Position.empty(variant)
                    .with_piece(Square(files, 1), Piece(PieceKind.KING, Color.WHITE))
                    .with_piece(Square(1, ranks), Piece(PieceKind.KING, Color.BLACK))
                    .with_piece(Square(file, rank), Piece(kind, color))
                )
                board = Board.from_position(start)
                board.turn = 0 if color is Color.BLACK else 1
                for move in legal_moves(board):
                    if move.from_ != Square(file, rank):
                        continue
                    played = Board.from_position(start)
                    played.turn = board.turn
                    played.push(move)  # raises for a move the check refuses
                    king = played.kings[played.turn]
                    expected = king >= 0 and played.attacked(king, 1 - played.turn)
                    assert played.in_check() == expected, move.usi()
                    tried += 1
    assert tried > 0
