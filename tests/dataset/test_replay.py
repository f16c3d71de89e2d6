"""``kifu_lark.dataset.replay``: the positions' SFENs and moves, and the floodgate fast path
for evaluations, against the model's own answers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import kifu_lark
from kifu_lark.dataset.replay import evaluation_row, floodgate_evaluation, replay
from kifu_lark.dataset.replay import node_evaluation as replay_node_evaluation
from kifu_lark.formats.evaluation import node_evaluation
from kifu_lark.model.color import Color
from kifu_lark.model.evaluation import Evaluation
from kifu_lark.model.node import Node
from tests.conftest import FIXTURES
from tests.strategies import evaluation_lines


def _slow(lines: list[str], color: Color) -> tuple[int | None, int | None]:
    found = node_evaluation(lines)
    return (None, None) if found is None else evaluation_row(found, color)


@given(
    st.lists(evaluation_lines(), min_size=1, max_size=3),
    st.sampled_from([Color.BLACK, Color.WHITE]),
)
def test_the_fast_path_agrees_with_the_grammar(lines: list[str], color: Color) -> None:
    """Whenever the regular expression answers, it answers what node.evaluation gives."""
    known, score = floodgate_evaluation(lines, color is Color.BLACK)
    if known:
        assert _slow(lines, color) == (score, None)


@given(st.lists(evaluation_lines(), min_size=1, max_size=3))
def test_node_evaluation_is_the_grammars_score_and_mate(lines: list[str]) -> None:
    """What the training records take from a node equals node.evaluation's score and mate
    (an Evaluation from black's view without the rest of the fields)."""
    node = Node(comments=lines)
    expected = node.evaluation
    found = replay_node_evaluation(node)
    if expected is None:
        assert found is None
    else:
        assert found is not None
        assert (expected.score, expected.mate, Color.BLACK) == (found.score, found.mate, found.side)
        if found.pv == () and found.lines == ():  # made by the fast path
            assert Evaluation(score=expected.score, side=Color.BLACK) == found


def test_every_evaluation_fixture_and_floodgate_shaped_record() -> None:
    """The rows replay gives are node.evaluation's, turned to the mover, on the evaluation
    fixtures and on records with floodgate's line after every move."""
    from benchmarks import realistic

    games = [kifu_lark.load(p) for p in sorted((FIXTURES / "evaluations").iterdir())]
    games += [
        kifu_lark.loads(realistic.csa_text(plan, floodgate=True), "csa")
        for plan in realistic.plans(15)
    ]
    fast = 0
    for game in games:
        replayed = replay(game, True)
        nodes = [n for n in game.mainline() if n.move is not None]
        expected = [_slow(list(n.comment_lines), n.move.color) for n in nodes if n.move]
        assert expected == list(zip(replayed.scores, replayed.mates, strict=True))
        assert [n.move.usi() for n in nodes if n.move] == replayed.moves
        fast += sum(1 for n in nodes if floodgate_evaluation(n.comment_lines, True)[0])
    assert fast > 1000  # the floodgate lines took the fast path


def test_sfens_are_the_positions_before_each_move() -> None:
    """Each SFEN is the model's Position.sfen() of the position before the move."""
    for path in sorted((FIXTURES / "kif").glob("*.kif"))[:20]:
        try:
            game = kifu_lark.load(path)
        except kifu_lark.KifuError:
            continue
        replayed = replay(game, True)
        start, sfens, sides = replayed.start, replayed.sfens, replayed.sides
        before = [p.sfen() for _, p in game.positions()]
        nodes = game.mainline()
        expected = [before[i] for i, n in enumerate(nodes) if n.move is not None]
        assert (game.start.sfen(), expected) == (start, sfens), path.name
        assert [0 if n.move.color is Color.BLACK else 1 for n in nodes if n.move] == sides
