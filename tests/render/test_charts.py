"""The viewer's charts (kifu_lark/render/charts.py) as the page carries them: one point per
evaluated move of the main line, black's view, clipped, mates at the edge; one bar per move
that took time; each chart left out when the record has nothing for it. (The browser tests
click them.)"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

import kifu_lark
from kifu_lark import Evaluation, Time
from kifu_lark.model.color import Color
from kifu_lark.render import html
from kifu_lark.render.charts import CLIP, clipped_value
from tests.conftest import FIXTURES

_NS = {"svg": "http://www.w3.org/2000/svg"}


def _chart(page: str, kind: str) -> ET.Element | None:
    """The page's chart of that kind (``eval``, ``time``), parsed, or None."""
    found = re.search(rf'<svg class="kl-chart kl-{kind}".*?</svg>', page, re.S)
    return None if found is None else ET.fromstring(found.group(0))


@pytest.mark.parametrize(
    ("evaluation", "expected"),
    [
        (Evaluation(score=340), 340),
        (Evaluation(score=-5000), -CLIP),
        (Evaluation(score=2001), CLIP),
        (Evaluation(score=120, side=Color.WHITE), -120),
        (Evaluation(mate=7), CLIP),
        (Evaluation(mate=-3), -CLIP),
        (Evaluation(mate=5, side=Color.WHITE), -CLIP),
        (Evaluation(mate=-math.inf), -CLIP),
        (Evaluation(depth=12), None),
    ],
)
def test_clipped_value_is_blacks_view_within_the_edge(
    evaluation: Evaluation, expected: int | None
) -> None:
    """Black's score within ±CLIP; a mate at +CLIP when black mates, -CLIP when white does."""
    assert expected == clipped_value(evaluation)


def test_one_point_per_evaluated_move_of_the_main_line() -> None:
    """branches.kif's main line: a point for each move with an evaluation, at its node and
    step, and none for a variation's."""
    game = kifu_lark.load(FIXTURES / "kif/canonical/branches.kif")
    chart = _chart(html(game), "eval")
    assert chart is not None
    points = chart.findall("svg:circle", _NS)
    line = game.mainline()
    expected = [
        (str(step), str(clipped_value(node.evaluation)))
        for step, node in enumerate(line, start=1)
        if node.evaluation is not None
    ]
    assert expected == [(p.attrib["data-ply"], p.attrib["data-value"]) for p in points]
    assert str(len(line)) == chart.attrib["data-steps"]


def test_points_stand_at_their_value() -> None:
    """y is linear in the clipped value: +CLIP on the top rule, 0 on the zero rule, -CLIP on
    the bottom rule; a mate stands on the edge."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e", "usi")
    values = [Evaluation(score=400), None, Evaluation(score=-9000), Evaluation(mate=-5)]
    for node, evaluation in zip(game.mainline(), values, strict=False):
        node.evaluation = evaluation
    chart = _chart(html(game), "eval")
    assert chart is not None
    top, zero, bottom = (float(line.attrib["y1"]) for line in chart.findall("svg:line", _NS)[:3])
    heights = [
        (int(p.attrib["data-ply"]), (zero - float(p.attrib["cy"])) / (zero - top) * CLIP)
        for p in chart.findall("svg:circle", _NS)
    ]
    assert [(1, 400.0), (3, -2000.0), (4, -2000.0)] == [(n, round(h, 1)) for n, h in heights]
    assert zero - top == bottom - zero


def test_bars_are_the_time_each_move_took() -> None:
    """yagura_v3.csa: a bar per move that took time (none for the move of 0 seconds, none
    for %TORYO's 7: a special's time counts for nobody), black's above the zero rule and
    white's below, the longest filling its half."""
    game = kifu_lark.load(FIXTURES / "csa/canonical/yagura_v3.csa")
    chart = _chart(html(game), "time")
    assert chart is not None
    bars = chart.findall("svg:rect", _NS)[1:]  # the plot's background first
    expected = [
        (str(step), f"{node.time.spent:g}")
        for step, node in enumerate(game.mainline(), start=1)
        if node.move is not None and node.time is not None and node.time.spent
    ]
    assert expected == [(b.attrib["data-ply"], b.attrib["data-spent"]) for b in bars]
    zero = float(chart.findall("svg:line", _NS)[1].attrib["y1"])
    longest = max(float(b.attrib["height"]) for b in bars)
    for bar in bars:
        black = "kl-bar-b" in bar.attrib["class"]
        y, height = float(bar.attrib["y"]), float(bar.attrib["height"])
        assert math.isclose(zero, y + height if black else y, abs_tol=0.01)
        ratio = float(bar.attrib["data-spent"]) / max(float(b.attrib["data-spent"]) for b in bars)
        assert math.isclose(ratio, height / longest, abs_tol=0.001)  # drawn to 0.01


def test_no_chart_without_evaluations_or_times() -> None:
    """A record with neither has no chart section; times alone give the time chart only;
    times of 0 seconds give none."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    assert '<section class="kl-charts"' not in html(game)
    for node in game.mainline():
        node.time = Time(0, 0)
    assert '<section class="kl-charts"' not in html(game)
    game.mainline()[1].time = Time(12, 12)
    page = html(game)
    assert _chart(page, "eval") is None and _chart(page, "time") is not None
