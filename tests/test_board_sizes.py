"""Every format holds the same board sizes in both directions: what its writer writes, its
reader reads back as the same record; a size its reader refuses, its writer refuses too."""

from __future__ import annotations

import pytest

import kifu_lark
from kifu_lark.errors import KifuError, UnsupportedFeatureError
from kifu_lark.formats.registry import all_formats
from kifu_lark.model import Color, Game, Piece, PieceKind, Position, Square
from kifu_lark.model.variant import board_variant
from kifu_lark.rules.board import Board
from kifu_lark.rules.movegen import legal_moves
from tests.canonical import to_data

SIZES = [(1, 1), (2, 1), (9, 1), (1, 2), (2, 2), (3, 3), (9, 2), (4, 7), (5, 5), (9, 9)]
SHOGI_WRITERS = [f.name for f in all_formats() if f.writer is not None and f.game == "shogi"]


def _game(files: int, ranks: int) -> Game:
    """Two kings in opposite corners (one king on a 1x1 board) and the first legal moves."""
    start = Position.empty(board_variant(files, ranks)).with_piece(
        Square(files, 1), Piece(PieceKind.KING, Color.WHITE)
    )
    if files * ranks > 1:
        start = start.with_piece(Square(1, ranks), Piece(PieceKind.KING, Color.BLACK))
    game = Game(start=start)
    board, node = Board.from_position(start), game.root
    for _ in range(2):
        moves = sorted(legal_moves(board), key=lambda m: m.usi())
        if not moves:
            break
        node = node.add_variation(board.push(moves[0]))
    return game


@pytest.mark.parametrize("fmt", SHOGI_WRITERS)
@pytest.mark.parametrize(("files", "ranks"), SIZES, ids=[f"{f}x{r}" for f, r in SIZES])
def test_written_sizes_read_back(fmt: str, files: int, ranks: int) -> None:
    game = _game(files, ranks)
    try:
        text = kifu_lark.dumps(game, fmt)
    except UnsupportedFeatureError:
        return  # refused on writing: the size is outside the format
    back = kifu_lark.loads(text, fmt)
    assert back.start.variant == game.start.variant
    if kifu_lark.get_format(fmt).capabilities.moves:
        assert to_data(back)["moves"] == to_data(game)["moves"]
        assert back.start == game.start
    else:
        assert back.start.board == game.final_position().board


@pytest.mark.parametrize(("files", "ranks"), SIZES, ids=[f"{f}x{r}" for f, r in SIZES])
def test_diagram_formats_hold_every_size(files: int, ranks: int) -> None:
    """BOD, KIF and KI2 read diagrams of any size, so they write every size."""
    game = _game(files, ranks)
    for fmt in ("bod", "kif", "ki2"):
        assert kifu_lark.loads(kifu_lark.dumps(game, fmt), fmt).start.variant.files == files


@pytest.mark.parametrize("fmt", ["sfen", "usi"])
def test_one_rank_boards_are_refused_both_ways(fmt: str) -> None:
    """SFEN tells a board by its '/': a one-rank board reads as no board, so neither the
    reader nor the writer takes one."""
    with pytest.raises(KifuError):
        kifu_lark.loads("sfen 1k b - 1" if fmt == "usi" else "1k b - 1", fmt)
    with pytest.raises(UnsupportedFeatureError) as caught:
        kifu_lark.dumps(_game(2, 1), fmt)
    assert caught.value.hint is not None and "BOD" in caught.value.hint
    # two ranks are fine both ways
    two = _game(2, 2)
    assert kifu_lark.loads(kifu_lark.dumps(two, fmt), fmt).start.variant.ranks == 2
