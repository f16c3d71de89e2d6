"""The viewer's charts over the main line, as inline SVG (:func:`charts`): an evaluation
graph (each evaluated move's evaluation from black's side) and a time chart (the time each
move took, black's bars up, white's down).

They are drawn here, once, as plain SVG the page carries: nothing to fetch, nothing for the
script to lay out. Every point and bar names its node (``data-n``, the index the script
shows, as a move button's) and its step (``data-ply``); the script makes them clickable and
moves each chart's cursor (``.kl-cursor``) to the step shown, at ``x0 + step * dx`` as the
chart's ``data-x0`` and ``data-dx`` say. A chart with nothing to draw is left out, and with
both left out the page has no chart section.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from attrs import frozen

from kifu_lark.model.color import Color
from kifu_lark.model.evaluation import Evaluation
from kifu_lark.model.node import Node

__all__ = ["CLIP", "MainStep", "charts", "clipped_value"]

#: The graph's edge, in centipawns from black's side: a score beyond it is drawn at it, and a
#: mate at it (black mating: at the top).
CLIP = 2000
#: The SVG's width; the charts' plot spans ``_LEFT`` to ``_WIDTH - _RIGHT``.
_WIDTH, _LEFT, _RIGHT = 600, 46, 10
#: Each chart's height and its plot's margins above and below.
_EVAL_HEIGHT, _TIME_HEIGHT, _PAD = 170, 130, 10


@frozen
class MainStep:
    """A move of the main line as the charts see it.

    Attributes:
        index: its node's index in the page (``data-n``).
        step: its step from the start (``data-ply``: 1 for the first move).
        number: its move number (the record's, which a board-diagram start may set).
        node: the record's node.
    """

    index: int
    step: int
    number: int
    node: Node


def clipped_value(evaluation: Evaluation) -> int | None:
    """An evaluation as the graph draws it: black's score clipped to ±:data:`CLIP`, a mate
    at ``+CLIP`` when black mates and ``-CLIP`` when white does; ``None`` when it gives
    neither."""
    black = evaluation.for_side(Color.BLACK)
    if black.mate is not None:
        return CLIP if black.mate > 0 else -CLIP  # as Evaluation.value signs a mate
    if black.score is None:
        return None
    return max(-CLIP, min(CLIP, black.score))


def charts(moves: Sequence[MainStep], steps: int) -> str:
    """The chart section of the page: the evaluation graph and the time chart of the main
    line's ``moves`` (``steps`` long, specials counted), each only when it has something to
    draw; ``""`` when neither has."""
    dx = (_WIDTH - _LEFT - _RIGHT) / max(1, steps)
    parts = [
        f'<figure class="kl-chart-box"><figcaption>{caption}</figcaption>{svg}</figure>'
        for caption, svg in (
            ("評価値（先手から）", _evaluation_graph(moves, steps, dx)),
            ("消費時間（▲上・△下）", _time_chart(moves, steps, dx)),
        )
        if svg
    ]
    if not parts:
        return ""
    return '<section class="kl-charts" aria-label="charts">' + "".join(parts) + "</section>"


def _frame(kind: str, height: int, steps: int, dx: float, label: str) -> str:
    """A chart's opening tag with the numbers the script places its cursor by."""
    return (
        f'<svg class="kl-chart kl-{kind}" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {_WIDTH} {height}" role="img" aria-label="{label}" '
        f'data-x0="{_LEFT}" data-dx="{dx:.4f}" data-steps="{steps}">'
        f'<rect class="kl-plot" x="{_LEFT}" y="{_PAD}" width="{_WIDTH - _LEFT - _RIGHT}" '
        f'height="{height - 2 * _PAD}"/>'
    )


def _axis(y: float, text: str, kind: str) -> str:
    """A horizontal rule across the plot at ``y`` with its label left of it."""
    return (
        f'<line class="kl-{kind}" x1="{_LEFT}" x2="{_WIDTH - _RIGHT}" y1="{y:.2f}" '
        f'y2="{y:.2f}"/><text class="kl-label" x="{_LEFT - 4}" y="{y + 4:.2f}" '
        f'text-anchor="end">{escape(text)}</text>'
    )


def _cursor(height: int) -> str:
    return (
        f'<line class="kl-cursor" x1="{_LEFT}" x2="{_LEFT}" y1="{_PAD}" '
        f'y2="{height - _PAD}"/></svg>'
    )


def _evaluation_graph(moves: Sequence[MainStep], steps: int, dx: float) -> str:
    """The evaluation graph: one point per evaluated move, ``y`` linear in
    :func:`clipped_value` (``+CLIP`` at the plot's top, 0 at its middle), joined by a line;
    ``""`` when no move is evaluated."""
    height = _EVAL_HEIGHT
    half = (height - 2 * _PAD) / 2
    middle = _PAD + half
    points: list[str] = []
    path: list[str] = []
    for move in moves:
        evaluation = move.node.evaluation
        value = None if evaluation is None else clipped_value(evaluation)
        if evaluation is None or value is None:
            continue
        x = _LEFT + move.step * dx
        y = middle - value / CLIP * half
        path.append(f"{x:.2f},{y:.2f}")
        tip = f"{move.number}手目 {_evaluation_text(evaluation)}"
        points.append(
            f'<circle class="kl-point" data-n="{move.index}" data-ply="{move.step}" '
            f'data-value="{value}" cx="{x:.2f}" cy="{y:.2f}" r="4">'
            f"<title>{escape(tip)}</title></circle>"
        )
    if not points:
        return ""
    return "".join(
        [
            _frame("eval", height, steps, dx, "evaluation graph"),
            _axis(_PAD, f"+{CLIP}", "grid"),
            _axis(middle, "0", "zero"),
            _axis(height - _PAD, f"-{CLIP}", "grid"),
            f'<polyline class="kl-line-eval" points="{" ".join(path)}"/>',
            *points,
            _cursor(height),
        ]
    )


def _evaluation_text(evaluation: Evaluation) -> str:
    """What a point's tooltip says: ``+340``, or ``詰 7手（先手）`` for a mate."""
    black = evaluation.for_side(Color.BLACK)
    if black.mate is not None:
        winner = "先手" if black.mate > 0 else "後手"
        plies = "" if math.isinf(black.mate) else f" {int(abs(black.mate))}手"
        return f"詰{plies}（{winner}）"
    return f"{black.score:+d}"


def _time_chart(moves: Sequence[MainStep], steps: int, dx: float) -> str:
    """The time chart: a bar per move that took time, black's up from the middle and
    white's down, its length linear in the seconds (the longest move's fills its half);
    ``""`` when no move of the main line took any."""
    spent = [
        (move, float(move.node.time.spent))
        for move in moves
        if move.node.move is not None
        and move.node.time is not None
        and move.node.time.spent is not None
        and move.node.time.spent > 0
    ]
    if not spent:
        return ""
    height = _TIME_HEIGHT
    half = (height - 2 * _PAD) / 2
    middle = _PAD + half
    longest = max(seconds for _, seconds in spent)
    width = min(14.0, max(1.0, dx * 0.7))  # thin bars for long games, none wider than 14
    bars: list[str] = []
    for move, seconds in spent:
        assert move.node.move is not None  # kept above: a special's time counts for nobody
        black = move.node.move.color is Color.BLACK
        length = seconds / longest * half
        y = middle - length if black else middle
        tip = f"{move.number}手目 {'▲' if black else '△'}{_clock(seconds)}"
        bars.append(
            f'<rect class="kl-bar kl-bar-{"b" if black else "w"}" data-n="{move.index}" '
            f'data-ply="{move.step}" data-spent="{seconds:g}" '
            f'x="{_LEFT + move.step * dx - width / 2:.2f}" y="{y:.2f}" width="{width:.2f}" '
            f'height="{length:.2f}"><title>{escape(tip)}</title></rect>'
        )
    return "".join(
        [
            _frame("time", height, steps, dx, "time chart"),
            _axis(_PAD, f"▲{_clock(longest)}", "grid"),
            _axis(middle, "0", "zero"),
            _axis(height - _PAD, f"△{_clock(longest)}", "grid"),
            *bars,
            _cursor(height),
        ]
    )


def _clock(seconds: float) -> str:
    """Seconds as the charts write them: ``0:07``, ``12:05``, ``1:02:03``."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
