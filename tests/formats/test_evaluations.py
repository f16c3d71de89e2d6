"""Engine evaluations across formats: every writer's shape reads into the same values,
writers convert them (PV in the target's notation), floodgate's notes become headers."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

import kifu_lark
from kifu_lark import Color, Evaluation, Game
from kifu_lark.formats.evaluation import evaluation_line_indexes
from tests.conftest import ROOT, require_corpus

FIXTURES = ROOT / "fixtures" / "evaluations"
SHAPES = sorted(FIXTURES.iterdir())

# What every fixture says, black's view: (ply, score, PV as USI).
EXPECTED = [
    (1, 50, ["3c3d", "7g7f"]),
    (2, 42, ["7g7f", "4c4d"]),
    (3, 60, ["4c4d", "2f2e", "2b3c"]),
    (4, -15, ["2f2e", "2b3c", "7i6h"]),
]


def said(game: Game) -> list[tuple[int, int | None, list[str]]]:
    """(ply, score, PV as USI) of every evaluation on the main line."""
    return [
        (node.ply, evaluation.score, [m.usi() for m in moves or ()])
        for node, _, evaluation, moves in game.evaluations()
    ]


@pytest.mark.parametrize("path", SHAPES, ids=[p.name for p in SHAPES])
def test_every_shape_reads_into_the_same_evaluations(path: Path) -> None:
    game = kifu_lark.load(path)
    assert said(game) == EXPECTED
    first = game.mainline()[0].evaluation
    assert first is not None and first.side is Color.BLACK
    # what the shape holds beside score and PV
    name = path.name
    if name.startswith(("shogihome.kif", "shogihome-game", "shogihome.csa")):
        assert (first.depth, first.nodes, first.engine) == (10, 12000, "FixtureEngine")
    if name in ("kifu-for-windows.kif", "taikyoku.kif"):
        assert (first.depth, first.nodes) == (10, 12000)
    # and the comment lines are kept exactly as read
    for node in game.mainline():
        evaluation = node.evaluation
        if evaluation is not None:
            lines = node.comment_lines
            assert list(evaluation.lines) == [lines[i] for i in evaluation_line_indexes(lines)]


@pytest.mark.parametrize("target", ["csa", "kif", "ki2", "jkf"])
@pytest.mark.parametrize("path", SHAPES, ids=[p.name for p in SHAPES])
def test_writing_any_shape_in_any_format_keeps_scores_and_pvs(path: Path, target: str) -> None:
    game = kifu_lark.load(path)
    again = kifu_lark.loads(kifu_lark.dumps(game, target), target)
    assert said(again) == EXPECTED
    before = [n.evaluation for n in game.mainline()]
    after = [n.evaluation for n in again.mainline()]
    for old, new in zip(before, after, strict=True):
        if old is None:
            assert new is None
            continue
        assert new is not None
        assert (new.score, new.mate, new.depth, new.nodes, new.engine) == (
            old.score,
            old.mate,
            old.depth,
            old.nodes,
            old.engine,
        )


def test_floodgate_to_kif_writes_shogihome_lines_with_a_kif_pv() -> None:
    game = kifu_lark.load(FIXTURES / "floodgate.csa")
    kif = kifu_lark.dumps(game, "kif")
    assert "*#評価値=50\n*#読み筋=△３四歩(33)▲７六歩(77)\n" in kif
    assert "'**" not in kif and "** " not in kif
    ki2 = kifu_lark.dumps(game, "ki2")
    assert "*#評価値=60\n*#読み筋=△４四歩▲２五歩△３三角\n" in ki2


def test_kif_to_csa_writes_the_floodgate_line_and_what_it_cannot_hold() -> None:
    game = kifu_lark.load(FIXTURES / "shogihome.kif")
    csa = kifu_lark.dumps(game, "csa")
    assert "'** 50 -3334FU +7776FU #12000\n'**深さ=10\n'**エンジン=FixtureEngine\n" in csa
    assert "'*互角\n" in csa  # the comment that is no evaluation stays one
    assert "'** -15 +2625FU -2233KA +7968GI\n" in csa


def test_a_mate_goes_to_csa_beside_its_score_or_alone() -> None:
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    first, second = game.mainline()
    first.evaluation = Evaluation(900, mate=9)
    second.evaluation = Evaluation(None, mate=-float("inf"), pv=("+2726FU",))
    csa = kifu_lark.dumps(game, "csa")
    assert "'** 900\n'**詰み=先手勝ち:9手\n" in csa
    assert "'**詰み=後手勝ち\n'**読み筋=+2726FU\n" in csa
    again = kifu_lark.loads(csa, "csa")
    assert [n.evaluation for n in again.mainline()] == [n.evaluation for n in game.mainline()]


def test_same_format_writes_keep_the_text_as_read() -> None:
    for name, fmt in [("usi-pv.csa", "csa"), ("taikyoku.kif", "kif"), ("shogihome.ki2", "ki2")]:
        game = kifu_lark.load(FIXTURES / name)
        again = kifu_lark.loads(kifu_lark.dumps(game, fmt), fmt)
        assert [n.comments for n in again.mainline()] == [n.comments for n in game.mainline()]
    # a CSA line in a KIF record is written back as it was, not converted
    text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n** 30 -3334FU\n"
    game = kifu_lark.loads(text, "kif")
    assert "** 30 -3334FU\n" in kifu_lark.dumps(game, "kif")


def test_an_evaluation_that_cannot_convert_stays_a_comment() -> None:
    text = "PI\n+\n+7776FU\n'** 30 -3334FU +8822UM -3122GI\n-3334FU\n'** 10 P*5e\n"
    game = kifu_lark.loads(text, "csa")
    kif = kifu_lark.dumps(game, "kif")
    assert "*#評価値=30\n" in kif  # the legal PV converts
    assert "** 10 P*5e\n" in kif  # the illegal one is kept as it was read
    again = kifu_lark.loads(kif, "kif")
    assert again.mainline()[1].evaluation == Evaluation(10, pv=("P*5e",))


def test_floodgate_notes_are_headers_and_go_back_as_the_same_lines() -> None:
    path = FIXTURES / "floodgate.csa"
    game = kifu_lark.load(path)
    assert game.headers["black_rate"] == "alpha+0a1b2c:2950.0"
    assert game.headers["summary"] == "toryo:alpha lose:beta win"
    assert game.headers["Max_Moves"] == "256"
    assert kifu_lark.ratings(game) == (2950.0, 3010.5)
    notes = re.compile(
        "'(summary|black_rate|white_rate|rating|Max_Moves|Least_Time_Per_Move|Increment):"
    )
    source = [line for line in path.read_text("utf-8").splitlines() if notes.match(line)]
    for written in (kifu_lark.dumps(game, "csa"), kifu_lark.dumps(game, "csa", version="2.2")):
        assert [line for line in written.splitlines() if notes.match(line)] == source
    # other writers keep them as headers, and CSA written from those gives the lines again
    kif = kifu_lark.dumps(game, "kif")
    assert "black_rate：alpha+0a1b2c:2950.0\n" in kif
    back = kifu_lark.dumps(kifu_lark.loads(kif, "kif"), "csa")
    assert [line for line in back.splitlines() if notes.match(line)] == source
    assert all(not c.startswith("'summary") for n in game.root.walk() for c in n.comment_lines)


def test_ratings_without_or_with_odd_values() -> None:
    game = kifu_lark.loads("PI\n+\n+7776FU\n", "csa")
    assert kifu_lark.ratings(game) == (None, None)
    game.headers.add("white_rate", "beta:unrated")
    game.headers.add("black_rate", "1834")
    assert kifu_lark.ratings(game.headers) == (1834.0, None)


# --- the corpus -----------------------------------------------------------------------------


def _corpus_records() -> list[Path]:
    root = require_corpus()
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix in (".csa", ".kif", ".kifu", ".jkf") and path.is_file():
            text = path.read_bytes()
            if "評価値".encode() in text or b"'**" in text:
                found.append(path)
    return found


def test_corpus_evaluations_read_and_their_pvs_play() -> None:
    paths = _corpus_records()
    read = 0
    for path in paths:
        for game in kifu_lark.load_all(path):
            for node, _, evaluation, moves in game.evaluations():
                assert evaluation.score is not None or evaluation.mate is not None, path
                assert moves is not None
                specials = sum(1 for t in evaluation.pv if t.startswith("%"))
                # every token is a move, a special ending the PV, or the move just played
                assert len(moves) + specials >= len(evaluation.pv) - 1, (path, node.ply)
                read += 1
    assert read > 500


def test_corpus_floodgate_record_to_kif_and_back_keeps_every_evaluation() -> None:
    root = require_corpus()
    path = root / "shogi-kifu-converter" / "csa" / "floodgate.csa"
    if not path.exists():
        pytest.skip("the floodgate record is not in the corpus")
    game = kifu_lark.load(path)
    kif = kifu_lark.loads(kifu_lark.dumps(game, "kif"), "kif")
    csa = kifu_lark.loads(kifu_lark.dumps(kif, "csa"), "csa")
    want = [(e.score, moves) for _, _, e, moves in game.evaluations()]
    assert len(want) == 125
    assert [(e.score, moves) for _, _, e, moves in kif.evaluations()] == want
    assert [(e.score, moves) for _, _, e, moves in csa.evaluations()] == want
    assert kifu_lark.ratings(csa) == (3382.0, 3613.0)
    assert csa.headers["summary"] == game.headers["summary"]


def test_an_evaluation_set_in_code_is_written_in_each_format_s_form() -> None:
    game = kifu_lark.load(FIXTURES / "taikyoku.kif")  # read from KIF, written as KIF below
    node = game.mainline()[3]
    board = kifu_lark.Board(game.position_at(node))
    reply = board.parse_usi("2f2e")
    node.evaluation = Evaluation(-20, pv=[reply], depth=7)
    assert node.comments == ["#評価値=-20", "#読み筋=+2625FU", "#深さ=7"]
    kif = kifu_lark.dumps(game, "kif")
    assert "*#評価値=-20\n*#読み筋=▲２五歩(26)\n*#深さ=7\n" in kif
    assert "**対局 深さ 9 ノード数 8000 評価値 60" in kif  # the lines read stay as read
    csa = kifu_lark.dumps(game, "csa")
    assert "'** -20 +2625FU\n'**深さ=7\n" in csa
    again = kifu_lark.loads(csa, "csa")
    assert again.mainline()[3].evaluation == node.evaluation


def test_shogigui_mates_and_piyo_lines_read_and_piyo_s_other_line_stays_a_comment() -> None:
    """ShogiGUI's ``評価値 +詰 13`` / ``-詰`` are mates, black's view; Piyo Shogi's
    ``#指し手[…]`` gives score and PV, its ``#推奨手[…]`` (another move's line) does not."""
    mates = kifu_lark.parse_evaluation("*解析 0 △ 評価値 -詰 3 読み筋 △同　角成(46)")
    assert (None, -3) == (mates.score, mates.mate)
    assert 13 == kifu_lark.parse_evaluation("*対局 評価値 +詰 13 読み筋 ▲５二金(61)").mate
    assert -math.inf == kifu_lark.parse_evaluation("*解析 0 ▲ 評価値 -詰").mate
    piyo = kifu_lark.parse_evaluation("#指し手[-62]△７五歩  ▲３三桂成  △同金  ")
    assert (-62, ("△７五歩", "▲３三桂成", "△同金")) == (piyo.score, piyo.pv)
    with pytest.raises(kifu_lark.KifuSyntaxError):
        kifu_lark.parse_evaluation("#推奨手[244] ▲５六歩  △同　歩")
