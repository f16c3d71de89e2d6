"""The training records' one replay (``engine_pack.LinePacker``) against cshogi, which
plays the same moves: each record's position and move16 are cshogi's, on random games
with captures, drops and promotions from the start and from handicap starts."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from kifu_lark.dataset.engine_pack import LinePacker
from kifu_lark.dataset.packing import check_packable
from kifu_lark.dataset.training import TrainingFilter, hcpe_records, outcome, psv_records
from kifu_lark.formats.registry import get_format
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.move import Move
from kifu_lark.model.position import Position
from kifu_lark.model.variant import MINISHOGI
from tests.strategies import games

cshogi = pytest.importorskip("cshogi")

_KEEP_ALL = TrainingFilter(unfinished=True)


def _theirs(game: Game) -> tuple[bytes, bytes]:
    """cshogi's HCPE and PSV records of ``game``'s main line (no evaluations), with our
    reading of the result."""
    result = outcome(game)
    board = cshogi.Board(game.start.sfen())
    hcpe = np.zeros(1, cshogi.HuffmanCodedPosAndEval)
    psv = np.zeros(1, cshogi.PackedSfenValue)
    hcpes: list[bytes] = []
    psvs: list[bytes] = []
    for node in game.mainline():
        if node.move is None:
            continue
        move = board.move_from_usi(node.move.usi())
        board.to_hcp(hcpe[0]["hcp"])
        hcpe[0]["bestMove16"] = cshogi.move16(move)
        board.to_psfen(psv[0]["sfen"])
        psv[0]["move"] = cshogi.move16_to_psv(cshogi.move16(move))
        psv[0]["gamePly"] = board.move_number
        hcpe[0]["gameResult"] = result.game_result
        psv[0]["game_result"] = result.for_side(Color.BLACK if board.turn == 0 else Color.WHITE)
        hcpes.append(hcpe.tobytes())
        psvs.append(psv.tobytes())
        board.push(move)
    return b"".join(hcpes), b"".join(psvs)


@settings(max_examples=80)
@given(games(get_format("usi"), max_plies=120, max_branches=0))
def test_records_of_random_games_are_cshogis(game: Game) -> None:
    """Every record's packed position, move16 and move number are cshogi's."""
    if check_packable(game.start) is not None:
        return
    hcpe, psv = _theirs(game)
    assert hcpe == b"".join(hcpe_records(game, _KEEP_ALL))
    assert psv == b"".join(psv_records(game, _KEEP_ALL))


def test_a_line_packer_refuses_another_board() -> None:
    """Only a 9x9 standard start is replayed for packing."""
    with pytest.raises(ValueError, match="9x9"):
        LinePacker(Position.initial(MINISHOGI))


def test_a_position_without_its_king_packs_to_none() -> None:
    """A board that lost a king (a tolerated read) has no packed position."""
    start = Position.from_sfen("4k4/4R4/9/9/9/9/9/9/4K4 b r2b4g4s4n4l18p 1")
    line = LinePacker(start)
    assert line.hcp() is not None and line.packed_sfen() is not None
    line.push(Move.from_usi("5b5a", start))
    assert (None, None) == (line.hcp(), line.packed_sfen())


@pytest.mark.parametrize(
    "sfen",
    [
        # long runs of empty squares between the few pieces, every other piece in a hand
        "8k/9/9/9/9/9/9/9/K8 b 2r2b4g4s4n4l18p 1",
        "k8/9/9/9/9/9/9/9/8K w 2r2b4g4s4n4l9p 1",
        "4k4/9/9/9/9/9/9/9/4K4 b R2b4g4s4n4l18p 1",
        "l7k/9/9/9/4+B4/9/9/9/K7L b r2r... 1".replace("r2r...", "2rb4g4s4n2l18p"),
    ],
)
def test_sparse_boards_pack_as_cshogi_does(sfen: str) -> None:
    """Positions whose empty squares come in long runs (the packer flushes its bits as they
    grow, empty squares included) pack to cshogi's HCP and PackedSfen."""
    board = cshogi.Board(sfen)
    hcp = np.zeros(1, cshogi.HuffmanCodedPos)
    psfen = np.zeros(1, cshogi.PackedSfen)
    board.to_hcp(hcp)
    board.to_psfen(psfen)
    line = LinePacker(Position.from_sfen(sfen))
    assert (line.hcp(), line.packed_sfen()) == (hcp.tobytes(), psfen.tobytes())
