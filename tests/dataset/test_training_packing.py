"""HCP and PackedSfen positions and both engines' move16, checked against cshogi.

cshogi (a test extra) is the reference: for every position along every fixture game and
for random legal positions, our bytes are cshogi's bytes, cshogi decodes them to our
position, and our decoders read cshogi's bytes back to the same position.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pytest
from hypothesis import given

from kifu_lark.dataset.packing import (
    PACKED_SIZE,
    check_packable,
    hcp,
    hcp_move16,
    move_from_hcp_move16,
    move_from_psv_move16,
    packed_sfen,
    position_from_hcp,
    position_from_packed_sfen,
    psv_move16,
)
from kifu_lark.errors import InvalidRecordError, UnsupportedFeatureError
from kifu_lark.model.game import Game
from kifu_lark.model.handicap import HANDICAPS, handicap_position
from kifu_lark.model.move import Move
from kifu_lark.model.position import Position
from kifu_lark.model.variant import MINISHOGI
from kifu_lark.rules.board import Board
from kifu_lark.rules.movegen import legal_moves
from tests.dataset.training_helpers import corpus_games, fixture_games, same_position
from tests.strategies import positions

cshogi = pytest.importorskip("cshogi")


def _theirs(position: Position) -> tuple[bytes, bytes]:
    """cshogi's HCP and PackedSfen of ``position``."""
    board = cshogi.Board(position.sfen())
    h = np.zeros(1, cshogi.HuffmanCodedPos)
    p = np.zeros(1, cshogi.PackedSfen)
    board.to_hcp(h)
    board.to_psfen(p)
    return h.tobytes(), p.tobytes()


def _check_position(position: Position) -> None:
    """Both codes agree with cshogi's both ways for ``position``."""
    their_hcp, their_psfen = _theirs(position)
    ours_hcp, ours_psfen = hcp(position), packed_sfen(position)
    assert their_hcp == ours_hcp, position.sfen()
    assert their_psfen == ours_psfen, position.sfen()
    board = cshogi.Board()
    board.set_hcp(np.frombuffer(ours_hcp, np.uint8))
    assert same_position(board.sfen(), position), (board.sfen(), position.sfen())
    board = cshogi.Board()
    board.set_psfen(np.frombuffer(ours_psfen, np.uint8))
    assert same_position(board.sfen(), position), (board.sfen(), position.sfen())
    assert position == position_from_hcp(their_hcp, position.ply)
    assert position == position_from_packed_sfen(their_psfen, position.ply)


def _check_move(position: Position, move: Move) -> None:
    """Both move16s agree with cshogi's and read back to ``move``."""
    board = cshogi.Board(position.sfen())
    theirs = cshogi.move16(board.move_from_usi(move.usi()))
    assert theirs == hcp_move16(move), move.usi()
    assert cshogi.move16_to_psv(theirs) == psv_move16(move), move.usi()
    assert move.usi() == move_from_hcp_move16(theirs, position).usi()
    assert move.usi() == move_from_psv_move16(cshogi.move16_to_psv(theirs), position).usi()


def _check_games(games: Iterable[tuple[str, Game]]) -> tuple[int, int, set[str]]:
    """Check every position and move of ``games``' main lines: (positions, moves checked,
    variants left out)."""
    positions_checked = moves_checked = 0
    variants = set()
    for _name, game in games:
        if check_packable(game.start) is not None:
            variants.add(game.start.variant.name)
            continue
        fouls = {issue.ply for issue in game.warnings}
        previous = None
        for ply, (node, position) in enumerate(game.positions()):
            # A tolerated foul (二歩 before 反則負け) is no move to cshogi: move_from_usi is 0.
            if node.move is not None and previous is not None and ply not in fouls:
                _check_move(previous, node.move)
                moves_checked += 1
            if node.move is not None or previous is None:
                _check_position(position)
                positions_checked += 1
            previous = position
    return positions_checked, moves_checked, variants


def test_every_fixture_position_and_move_agrees_with_cshogi() -> None:
    positions_checked, moves_checked, variants = _check_games(fixture_games())
    # The fixtures hold over a thousand 9x9 positions and the minishogi records are left out.
    assert positions_checked > 1000
    assert moves_checked > 900
    assert "minishogi" in variants


def test_every_corpus_position_and_move_agrees_with_cshogi() -> None:
    positions_checked, moves_checked, _ = _check_games(corpus_games())
    assert positions_checked > 1000 and moves_checked > 1000


@pytest.mark.parametrize("name", sorted(n for n, s in HANDICAPS.items() if s))
def test_handicap_starts_keep_the_missing_pieces_in_the_box(name: str) -> None:
    start = handicap_position(name)
    assert start is not None
    _check_position(start)


def test_every_piece_in_the_box_or_in_hand() -> None:
    # Only the kings on the board: all 38 other pieces in the box, then all in hands.
    _check_position(Position.from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1"))
    _check_position(Position.from_sfen("4k4/9/9/9/9/9/9/9/4K4 w 2R2B4G4S4N4L9P9p 1"))
    _check_position(Position.from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2r2b4g4s4n4l18p 1"))


@given(positions(max_plies=80))
def test_random_positions_agree_with_cshogi(position: Position) -> None:
    _check_position(position)


@given(positions(max_plies=80))
def test_random_moves_agree_with_cshogi(position: Position) -> None:
    moves = legal_moves(Board.from_position(position))
    for move in moves[:: max(1, len(moves) // 12)]:
        _check_move(position, move)


@given(positions(max_plies=120))
def test_encode_decode_round_trip(position: Position) -> None:
    assert position == position_from_hcp(hcp(position), position.ply)
    assert position == position_from_packed_sfen(packed_sfen(position), position.ply)
    assert len(hcp(position)) == PACKED_SIZE


def test_minishogi_and_kingless_positions_are_refused_not_written() -> None:
    mini = Position.initial(MINISHOGI)
    problem = Position.from_sfen("4k4/9/9/9/9/9/9/9/9 b 2R 1")
    assert "variant" == check_packable(mini)
    assert "kings" == check_packable(problem)
    for position in (mini, problem):
        for encode in (hcp, packed_sfen):
            with pytest.raises(UnsupportedFeatureError) as caught:
                encode(position)
            assert "UNPACKABLE" == caught.value.code
            assert caught.value.hint


def test_bytes_that_pack_no_position_are_located_errors() -> None:
    start = hcp(Position.initial())
    # 32 bytes of 1s: both king squares are 127, off the board.
    for data in (start[:31], b"\xff" * 32):
        for decode in (position_from_hcp, position_from_packed_sfen):
            with pytest.raises(InvalidRecordError) as caught:
                decode(data)
            assert "BAD_PACKED_POSITION" == caught.value.code
    with pytest.raises(InvalidRecordError) as caught:
        move_from_hcp_move16(0x7F | 40 << 7, Position.initial())  # destination 127
    assert "BAD_MOVE16" == caught.value.code
    with pytest.raises(InvalidRecordError):
        move_from_psv_move16(59 | 0 << 7, Position.initial())  # 1a holds white's lance
