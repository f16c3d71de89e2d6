"""HCPE and PSV records of whole games: cshogi's numpy dtypes read our files, and the
filters, results, scores and counts are what the module documents."""

from __future__ import annotations

import math

import numpy as np
import pytest

import kifu_lark
from kifu_lark.dataset.packing import check_packable
from kifu_lark.dataset.training import (
    BLACK_WIN,
    DRAW,
    HCPE_SIZE,
    PSV_SIZE,
    WHITE_WIN,
    Outcome,
    TrainingFilter,
    TrainingStats,
    hcpe_record,
    hcpe_records,
    outcome,
    psv_record,
    psv_records,
    read_hcpe,
    read_psv,
    training_records,
)
from kifu_lark.errors import InvalidRecordError, UnknownFormatError
from kifu_lark.model.color import Color
from kifu_lark.model.evaluation import Evaluation
from kifu_lark.model.game import Game
from kifu_lark.model.move import Move, Special, SpecialKind
from kifu_lark.model.position import Position
from kifu_lark.model.variant import MINISHOGI
from tests.conftest import FIXTURES
from tests.dataset.training_helpers import fixture_games, same_position

cshogi = pytest.importorskip("cshogi")

KEEP_ALL = TrainingFilter(unfinished=True)


def _usi_game(moves: str, special: SpecialKind | None = None) -> Game:
    game = kifu_lark.loads(f"position startpos moves {moves}", "usi")
    if special is not None:
        last = game.mainline()[-1] if game.mainline() else game.root
        turn = Color.BLACK if len(game.mainline()) % 2 == 0 else Color.WHITE
        last.add_variation(special=Special(special, turn))
    return game


def _expected(game: Game) -> list[tuple[Position, str, int | None]]:
    """(position, move, plain score for the side to move or ``None``) for every main-line
    move of a 9x9 game that has no foul."""
    fouls = {issue.ply for issue in game.warnings}
    found = []
    previous = None
    for ply, (node, position) in enumerate(game.positions()):
        if node.move is not None and previous is not None and ply not in fouls:
            evaluation = node.evaluation
            score = None
            if evaluation is not None and evaluation.mate is None:
                score = evaluation.for_side(previous.turn).score
            found.append((previous, node.move.usi(), score))
        previous = position
    return found


def test_cshogi_reads_every_fixture_game_written_as_hcpe_and_psv() -> None:
    games = [g for _, g in fixture_games() if check_packable(g.start) is None]
    hcpe = b"".join(b for g in games for b in hcpe_records(g, KEEP_ALL))
    psv = b"".join(b for g in games for b in psv_records(g, KEEP_ALL))
    expected = [(*found, outcome(g)) for g in games for found in _expected(g)]
    assert len(expected) > 900
    rows = np.frombuffer(hcpe, cshogi.HuffmanCodedPosAndEval)
    packed = np.frombuffer(psv, cshogi.PackedSfenValue)
    assert len(expected) == len(rows) == len(packed)
    board = cshogi.Board()
    scored = 0
    for (position, usi, score, result), row, value in zip(expected, rows, packed, strict=True):
        board.set_hcp(np.asarray(row["hcp"]))
        assert same_position(board.sfen(), position), (board.sfen(), position.sfen())
        assert usi == cshogi.move_to_usi(board.move_from_move16(int(row["bestMove16"])))
        assert result.game_result == row["gameResult"]
        assert row["eval"] == value["score"]
        if score is not None:  # a centipawn score, turned to the side to move
            assert max(-32000, min(32000, score)) == row["eval"]
            scored += 1
        board.set_psfen(np.asarray(value["sfen"]))
        assert same_position(board.sfen(), position)
        assert usi == cshogi.move_to_usi(board.move_from_psv(int(value["move"])))
        assert position.ply == value["gamePly"]
        assert result.for_side(position.turn) == value["game_result"]
    assert scored > 20  # fixtures/evaluations: floodgate, ShogiHome, Kifu for Windows


def test_our_readers_read_our_records_back() -> None:
    game = _usi_game("7g7f 3c3d 8h2b+ 3a2b B*4e", SpecialKind.RESIGN)  # white resigns
    hcpe = b"".join(hcpe_records(game))
    psv = b"".join(psv_records(game))
    assert 5 * HCPE_SIZE == len(hcpe) and 5 * PSV_SIZE == len(psv)
    positions = [p for _, p in game.positions()][:5]
    moves = [n.move for n in game.mainline() if n.move is not None]
    for record, position, move in zip(read_hcpe(hcpe), positions, moves, strict=True):
        assert same_position(record.position.sfen(), position)
        assert record.move is not None and move.usi() == record.move.usi()
        assert BLACK_WIN == record.result
    for back, position, move in zip(read_psv(psv), positions, moves, strict=True):
        assert position == back.position  # gamePly restores the move number too
        assert back.move is not None and move.usi() == back.move.usi()
        assert (1 if position.turn is Color.BLACK else -1) == back.result
    with pytest.raises(InvalidRecordError) as caught:
        list(read_hcpe(hcpe[:-1]))
    assert "BAD_LENGTH" == caught.value.code


@pytest.mark.parametrize(
    ("kind", "winner", "decided"),
    [
        (SpecialKind.RESIGN, Color.WHITE, True),  # black to move resigns
        (SpecialKind.TIME_UP, Color.WHITE, True),
        (SpecialKind.MATE, Color.WHITE, True),
        (SpecialKind.ENTERING_KING_WIN, Color.BLACK, True),  # black to move declares
        (SpecialKind.ILLEGAL_WIN, Color.BLACK, True),
        (SpecialKind.PERPETUAL_CHECK, Color.BLACK, True),  # white checked throughout
        (SpecialKind.ILLEGAL_MOVE, Color.BLACK, True),  # white's last move was the foul
        (SpecialKind.REPETITION, None, True),
        (SpecialKind.IMPASSE, None, True),
        (SpecialKind.INTERRUPT, None, False),
        (None, None, False),
    ],
)
def test_outcome_of_each_ending(
    kind: SpecialKind | None, winner: Color | None, decided: bool
) -> None:
    game = _usi_game("7g7f 3c3d", kind)  # black to move at the end
    assert Outcome(kind, winner, decided) == outcome(game)


def test_outcome_without_the_specials_side_takes_the_side_to_move() -> None:
    game = _usi_game("7g7f")
    game.mainline()[-1].add_variation(special=Special(SpecialKind.RESIGN))
    assert Color.BLACK == outcome(game).winner  # white, to move, resigned


def test_results_are_cshogis_and_the_side_to_moves() -> None:
    black_wins = _usi_game("7g7f 3c3d 2g2f", SpecialKind.RESIGN)  # white resigns
    draw = _usi_game("7g7f 3c3d", SpecialKind.REPETITION)
    assert [BLACK_WIN] * 3 == [r.result for r in read_hcpe(b"".join(hcpe_records(black_wins)))]
    assert [1, -1, 1] == [r.result for r in read_psv(b"".join(psv_records(black_wins)))]
    assert [DRAW] * 2 == [r.result for r in read_hcpe(b"".join(hcpe_records(draw)))]
    assert [0, 0] == [r.result for r in read_psv(b"".join(psv_records(draw)))]
    white_wins = _usi_game("7g7f 3c3d 2g2f 8c8d", SpecialKind.RESIGN)  # black resigns
    assert {WHITE_WIN} == {r.result for r in read_hcpe(b"".join(hcpe_records(white_wins)))}


def test_scores_are_the_side_to_moves_clipped_and_mates_conventional() -> None:
    game = _usi_game("7g7f 3c3d 2g2f 8c8d", SpecialKind.RESIGN)
    nodes = [n for n in game.mainline() if n.move is not None]
    # Evaluations from black's point of view, on the node of the move played.
    given = {
        id(nodes[0]): Evaluation(score=120),
        id(nodes[1]): Evaluation(score=150),  # white to move: -150 for it
        id(nodes[2]): Evaluation(score=5000),  # clipped to 3000
        # White, after its 8c8d, is mated in 7: 8 plies from the position before it.
        id(nodes[3]): Evaluation(mate=-7, side=Color.WHITE),
    }
    filters = TrainingFilter(eval_limit=3000)
    scores = [
        r.eval
        for r in read_hcpe(
            b"".join(hcpe_records(game, filters, evaluations=lambda n: given.get(id(n))))
        )
    ]
    assert [120, -150, 3000, -3000] == scores
    wide = TrainingFilter()
    psv = b"".join(psv_records(game, wide, evaluations=lambda n: given.get(id(n))))
    assert [120, -150, 5000, -(32000 - 8)] == [r.score for r in read_psv(psv)]
    # require_evaluation leaves out the positions whose move carries none.
    stats = TrainingStats()
    only = TrainingFilter(require_evaluation=True)
    del given[id(nodes[1])]
    kept = list(hcpe_records(game, only, evaluations=lambda n: given.get(id(n)), stats=stats))
    assert 3 == len(kept)
    assert {"evaluation": 1} == dict(stats.skipped_positions)


def test_floodgate_evaluations_and_ratings_go_into_the_records() -> None:
    game = kifu_lark.load(FIXTURES / "evaluations" / "floodgate.csa")
    # '** lines are black's view: 50, 42, 60, -15 after 2g2f, 3c3d, 7g7f, 4c4d; black resigns.
    records = list(read_hcpe(b"".join(hcpe_records(game))))
    assert [50, -42, 60, 15] == [r.eval for r in records]
    assert {WHITE_WIN} == {r.result for r in records}
    psv = list(read_psv(b"".join(psv_records(game))))
    assert [50, -42, 60, 15] == [r.score for r in psv]
    assert [-1, 1, -1, 1] == [r.result for r in psv]
    # The ratings are floodgate's black_rate and white_rate headers (2950.0 and 3010.5).
    assert 4 == len(list(hcpe_records(game, TrainingFilter(min_rating=2950))))
    stats = TrainingStats()
    assert [] == list(hcpe_records(game, TrainingFilter(min_rating=3000), stats=stats))
    assert {"rating": 1} == dict(stats.skipped_games)


def test_mate_scores_count_plies_from_the_records_position() -> None:
    game = _usi_game("7g7f 3c3d", SpecialKind.RESIGN)
    first, second = (n for n in game.mainline() if n.move is not None)
    given = {id(first): Evaluation(mate=3), id(second): Evaluation(mate=math.inf)}  # black mates
    scores = [
        r.score
        for r in read_psv(
            b"".join(psv_records(game, evaluations=lambda n: given.get(id(n)), filters=None))
        )
    ]
    # Black to move mates in 4 from before 7g7f; white to move is mated, length unknown.
    assert [32000 - 4, -32000] == scores


def test_filters_leave_games_out_and_count_why() -> None:
    short = _usi_game("7g7f 3c3d", SpecialKind.RESIGN)
    long = _usi_game("7g7f 3c3d 2g2f 8c8d 2f2e 8d8e", SpecialKind.RESIGN)
    declared = _usi_game("7g7f 3c3d 2g2f 8c8d", SpecialKind.ENTERING_KING_WIN)
    unfinished = _usi_game("7g7f 3c3d 2g2f 8c8d", SpecialKind.INTERRUPT)
    ratings = {
        id(short): (2000.0, 2100.0),
        id(long): (2500.0, None),
        id(declared): (3000.0, 2900.0),
    }
    filters = TrainingFilter(
        min_plies=4,
        end_reasons={SpecialKind.RESIGN, SpecialKind.ENTERING_KING_WIN, SpecialKind.INTERRUPT},
        min_rating=2800,
        ratings=lambda g: ratings.get(id(g), (None, None)),
    )
    stats = TrainingStats()
    games = (short, long, declared, unfinished)
    records = [r for g in games for r in psv_records(g, filters, stats=stats)]
    assert 4 == len(records)  # only the declared game: rated, long, a listed end
    assert (4, 1, 4) == (stats.games, stats.games_written, stats.records)
    assert {"plies": 1, "rating": 1, "unfinished": 1} == dict(stats.skipped_games)
    ends = TrainingFilter(end_reasons={SpecialKind.REPETITION})
    counts = TrainingStats()
    assert [] == list(hcpe_records(long, ends, stats=counts))
    assert {"end_reason": 1} == dict(counts.skipped_games)
    total = TrainingStats()
    total.merge(stats)
    total.merge(counts)
    assert {"games": 5, "games_written": 1, "records": 4} == {
        k: v for k, v in total.to_dict().items() if not k.startswith("skipped")
    }


def test_positions_the_formats_cannot_hold_are_skipped_and_counted() -> None:
    mini = Game(start=Position.initial(MINISHOGI))
    stats = TrainingStats()
    assert [] == list(hcpe_records(mini, KEEP_ALL, stats=stats))
    problem = Game(start=Position.from_sfen("4k4/9/9/9/9/9/9/9/9 b 2R 1"))
    assert [] == list(psv_records(problem, KEEP_ALL, stats=stats))
    assert {"variant": 1, "kings": 1} == dict(stats.skipped_games)
    # A tolerated foul (二歩) is left out; the moves before it are written.
    game = next(g for name, g in fixture_games() if name == "csa/declared_foul.csa")
    stats = TrainingStats()
    records = list(hcpe_records(game, stats=stats))
    assert {"foul": 1} == dict(stats.skipped_positions)
    assert len(_expected(game)) == len(records)


def test_a_position_that_lost_its_king_is_skipped_and_counted() -> None:
    # Built by hand, as only a tolerated read can: black's rook takes the king on 5a, then
    # white (kingless) drops a pawn. The drop's position has no white king to pack.
    start = Position.from_sfen("4k4/4R4/9/9/9/9/9/9/4K4 b r2b4g4s4n4l18p 1")
    game = Game(start=start)
    node = game.root.add_variation(Move.from_usi("5b5a", start))
    after = [p for _, p in game.positions()][-1]
    node = node.add_variation(Move.from_usi("P*1b", after))
    node.add_variation(special=Special(SpecialKind.RESIGN))
    stats = TrainingStats()
    assert 1 == len(list(psv_records(game, stats=stats)))
    assert {"kings": 1} == dict(stats.skipped_positions)


def test_records_by_format_name() -> None:
    game = _usi_game("7g7f 3c3d", SpecialKind.RESIGN)
    assert list(hcpe_records(game)) == list(training_records(game, "hcpe"))
    assert list(psv_records(game)) == list(training_records(game, "psv"))
    with pytest.raises(UnknownFormatError) as caught:
        training_records(game, "bin")
    assert caught.value.hint is not None and "hcpe" in caught.value.hint


def test_one_record_checks_its_fields() -> None:
    start = Position.initial()
    move = kifu_lark.loads("position startpos moves 7g7f", "usi").mainline()[0].move
    assert move is not None
    assert HCPE_SIZE == len(hcpe_record(start, move, eval=-32768, result=WHITE_WIN))
    assert PSV_SIZE == len(psv_record(start, move, score=32767, result=-1, ply=1))
    with pytest.raises(ValueError):
        hcpe_record(start, move, result=3)
    with pytest.raises(ValueError):
        hcpe_record(start, move, eval=40000)
    with pytest.raises(ValueError):
        psv_record(start, move, result=2)
    with pytest.raises(ValueError):
        psv_record(start, move, ply=70000)
    with pytest.raises(ValueError):
        TrainingFilter(eval_limit=40000)


_MIXED_EVALUATIONS = """\
V2.2
N+black
N-white
PI
+
+2726FU
'** 50 -3334FU +7776FU
-3334FU
'** 42 +7776FU #1234
+7776FU
'**評価値=-160
'**読み筋=▲2五歩
-4344FU
'** 20 -8384FU
'** 999 +2625FU
+2625FU
'**詰み=先手勝ち:5手
-8384FU
'** 30 looks like an evaluation, is a comment
+2524FU
'an ordinary comment
-2324FU
'** -100000 -2324FU
+2824HI
%TORYO
"""


@pytest.mark.parametrize("records", [hcpe_records, psv_records])
def test_the_loops_own_reading_of_evaluations_is_node_evaluations(records: object) -> None:
    # The loop reads floodgate's '** lines as numbers and leaves other lines to
    # node.evaluation; an evaluations callable is taken as given. All three agree.
    from kifu_lark.dataset.replay import node_evaluation

    game = kifu_lark.loads(_MIXED_EVALUATIONS, "csa")
    assert callable(records)
    keep = TrainingFilter(eval_limit=31999)
    by_default = b"".join(records(game, keep))
    assert by_default == b"".join(records(game, keep, evaluations=node_evaluation))
    assert by_default == b"".join(records(game, keep, evaluations=lambda n: n.evaluation))
    if records is hcpe_records:
        scores = [r.eval for r in read_hcpe(by_default)]
    else:
        scores = [r.score for r in read_psv(by_default)]
    # black's view turned to the mover's; the mate counted from the position before 2g2f
    # (5 plies after it, 6 before); -100000 for white clipped; no evaluation gives 0
    assert [50, -42, -160, -20, 32000 - 6, 0, 0, 31999, 0] == scores
