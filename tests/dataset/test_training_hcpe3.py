"""HCPE3 (dlshogi's game-by-game format) read back with numpy and cshogi's dtypes and
replayed on cshogi's board, and the filter that leaves out games with an illegal move."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import kifu_lark
from kifu_lark.dataset.packing import check_packable
from kifu_lark.dataset.training import (
    TrainingFilter,
    TrainingStats,
    hcpe3_records,
    hcpe_records,
    outcome,
    training_records,
)
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.move import Special, SpecialKind
from tests.dataset.training_helpers import fixture_games, same_position

cshogi = pytest.importorskip("cshogi")

# dlshogi's HCPE3 dtypes, as its converters (csa_to_hcpe3.py) build them from cshogi's own
# field dtypes; cshogi itself ships them in some versions only.
HCPE3 = getattr(cshogi, "HuffmanCodedPosAndEval3", None) or np.dtype(
    [
        ("hcp", cshogi.dtypeHcp),
        ("moveNum", np.uint16),
        ("result", np.uint8),
        ("opponent", np.uint8),
    ]
)
MOVE_INFO = getattr(cshogi, "MoveInfo", None) or np.dtype(
    [
        ("selectedMove16", cshogi.dtypeMove16),
        ("eval", cshogi.dtypeEval),
        ("candidateNum", np.uint16),
    ]
)
MOVE_VISITS = getattr(cshogi, "MoveVisits", None) or np.dtype(
    [("move16", cshogi.dtypeMove16), ("visitNum", np.uint16)]
)

KEEP_ALL = TrainingFilter(unfinished=True)
TWO_PAWNS = "PI17FU\nP+00FU\n+\n+0055FU\n-3334FU\n+7776FU\n%TORYO\n"


def _read_hcpe3(data: bytes) -> list[tuple[Any, list[tuple[Any, Any]]]]:
    """The games of HCPE3 bytes, read with cshogi's dtypes: (header, [(MoveInfo,
    MoveVisits array)])."""
    games = []
    offset = 0
    while offset < len(data):
        header = np.frombuffer(data, HCPE3, 1, offset)[0]
        offset += HCPE3.itemsize
        moves = []
        for _ in range(int(header["moveNum"])):
            info = np.frombuffer(data, MOVE_INFO, 1, offset)[0]
            offset += MOVE_INFO.itemsize
            count = int(info["candidateNum"])
            visits = np.frombuffer(data, MOVE_VISITS, count, offset)
            offset += count * MOVE_VISITS.itemsize
            moves.append((info, visits))
        games.append((header, moves))
    assert offset == len(data)
    return games


def _usi_game(moves: str, special: SpecialKind) -> Game:
    game = kifu_lark.loads(f"position startpos moves {moves}", "usi")
    turn = Color.BLACK if len(game.mainline()) % 2 == 0 else Color.WHITE
    game.mainline()[-1].add_variation(special=Special(special, turn))
    return game


def test_cshogi_replays_every_fixture_game_written_as_hcpe3() -> None:
    """Each game: cshogi's board from the header replays our moves through every position of
    game.positions(); the evaluations are the HCPE records', one candidate (the move, one
    visit) each; the result's low bits are the HCPE result."""
    games = [
        g
        for _, g in fixture_games()
        if check_packable(g.start) is None and not any(w.ply for w in g.warnings)
    ]
    written = 0
    for game in games:
        blocks = list(hcpe3_records(game, KEEP_ALL))
        hcpe = np.frombuffer(b"".join(hcpe_records(game, KEEP_ALL)), cshogi.HuffmanCodedPosAndEval)
        if not len(hcpe):
            assert [] == blocks
            continue
        [(header, moves)] = _read_hcpe3(b"".join(blocks))
        assert outcome(game).game_result == header["result"] & 3
        assert 0 == header["opponent"]
        board = cshogi.Board()
        board.set_hcp(np.asarray(header["hcp"]))
        positions = [p for node, p in game.positions() if node is not None]
        played = [n.move for n in game.mainline() if n.move is not None]
        assert len(played) == len(moves)
        for (info, visits), position, move, record in zip(
            moves, positions, played, hcpe, strict=False
        ):
            assert same_position(board.sfen(), position), (board.sfen(), position.sfen())
            usi = cshogi.move_to_usi(board.move_from_move16(int(info["selectedMove16"])))
            assert move.usi() == usi
            assert record["eval"] == info["eval"]
            assert record["bestMove16"] == info["selectedMove16"]
            assert [(info["selectedMove16"], 1)] == [(v["move16"], v["visitNum"]) for v in visits]
            board.push_usi(usi)
        written += 1
    assert written > 50


@pytest.mark.parametrize(
    ("special", "flags"),
    [
        (SpecialKind.RESIGN, 0),
        (SpecialKind.REPETITION, 4),
        (SpecialKind.ENTERING_KING_WIN, 8),
        (SpecialKind.IMPASSE, 16),
        (SpecialKind.MAX_MOVES, 16),
    ],
)
def test_the_result_holds_the_winner_and_how_the_game_ended(
    special: SpecialKind, flags: int
) -> None:
    """result: the winner in the low bits, plus 4 for 千日手, 8 for 入玉宣言, 16 for 持将棋 and
    the move limit."""
    game = _usi_game("7g7f 3c3d 2g2f", special)
    [(header, moves)] = _read_hcpe3(b"".join(hcpe3_records(game, KEEP_ALL)))
    assert outcome(game).game_result | flags == header["result"]
    assert 3 == header["moveNum"] == len(moves)


def test_positions_left_out_are_replayed_without_candidates() -> None:
    """require_evaluation: the moves without one are in the game with no candidate (replayed,
    not trained on); a game with none kept is not written."""
    scored = kifu_lark.loads("PI\n+\n+7776FU\n'** 30\n-3334FU\n+2726FU\n'** 50\n%TORYO\n", "csa")
    keep = TrainingFilter(require_evaluation=True)
    stats = TrainingStats()
    [(_, moves)] = _read_hcpe3(b"".join(hcpe3_records(scored, keep, stats=stats)))
    assert [1, 0, 1] == [int(info["candidateNum"]) for info, _ in moves]
    assert [30, 0, 50] == [int(info["eval"]) for info, _ in moves]
    counted = (stats.games_written, stats.records, dict(stats.skipped_positions))
    assert (1, 2, {"evaluation": 1}) == counted
    bare = kifu_lark.loads("PI\n+\n+7776FU\n-3334FU\n%TORYO\n", "csa")
    assert [] == list(hcpe3_records(bare, keep))


def test_a_tolerated_breach_ends_the_hcpe3_game_before_it() -> None:
    """二歩 read with tolerate: HCPE skips that position; HCPE3 stops before the move, as no
    engine replays it, and counts the rest as fouls."""
    game = kifu_lark.loads(TWO_PAWNS, "csa", tolerate=["two_pawns"])
    stats = TrainingStats()
    assert [] == list(hcpe3_records(game, stats=stats))  # nothing before the foul
    assert {"foul": 3} == dict(stats.skipped_positions)
    assert 2 == len(list(hcpe_records(game)))


def test_legal_only_leaves_out_games_with_an_illegal_move_and_counts_them() -> None:
    """A breach read with tolerate, %ILLEGAL_MOVE, 反則勝ち and 反則負け: left out as
    ``illegal`` in every format; without the filter they are written."""
    illegal = [
        kifu_lark.loads(TWO_PAWNS, "csa", tolerate=["two_pawns"]),
        kifu_lark.loads("PI\n+\n+7776FU\n-3334FU\n%ILLEGAL_MOVE\n", "csa"),
        kifu_lark.loads("PI\n+\n+7776FU\n-3334FU\n%-ILLEGAL_ACTION\n", "csa"),
        _usi_game("7g7f 3c3d", SpecialKind.ILLEGAL_LOSS),
    ]
    fair = _usi_game("7g7f 3c3d", SpecialKind.RESIGN)
    strict = TrainingFilter(legal_only=True)
    for to in ("hcpe", "psv", "hcpe3"):
        stats = TrainingStats()
        kept = [r for g in [*illegal, fair] for r in training_records(g, to, strict, stats=stats)]
        assert kept == list(training_records(fair, to))
        assert {"illegal": 4} == dict(stats.skipped_games)
        lenient = [r for g in illegal for r in training_records(g, to, TrainingFilter())]
        assert lenient
