"""JKF read (json + validate every move) and write speed, plus ksbp and SVG for scale.

The headline (``benchmarks.realistic``) comes first: 150 records shaped like real ones
(headers, times with running totals, one in five from a diagram), the shared corpus, the
fixed cost per record and the memory a kept game costs; neither peer reads JKF.

Below it, games are random legal games with a time on every move (JKF writes ``time`` objects), text
from our own writer. The JSON decoding alone is timed too, to show the rules engine's share.
"""

from __future__ import annotations

import json
import os
import random

from benchmarks import realistic
from benchmarks.common import random_games, rate
from kifu_lark.formats.base import ReadOptions, WriteOptions
from kifu_lark.formats.jkf import read_jkf, write_jkf
from kifu_lark.formats.ksbp import read_ksbp, write_ksbp
from kifu_lark.model.game import Game
from kifu_lark.model.move import Time
from kifu_lark.render import svg_board

GAMES = int(os.environ.get("BENCH_JKF_GAMES", "200"))


def _with_times(games: list[Game]) -> list[Game]:
    rng = random.Random(7)
    for game in games:
        totals = [0.0, 0.0]
        for i, node in enumerate(game.mainline()):
            spent = float(rng.randint(0, 90))
            totals[i % 2] += spent
            node.time = Time(spent, totals[i % 2])
    return games


def main() -> None:
    """Print JKF read/write, ksbp read/write and SVG rates (after the headline)."""
    realistic.section("jkf", (".jkf",))
    games = _with_times(random_games(GAMES, plies=150))
    moves = sum(len(game.mainline()) for game in games)
    texts = [write_jkf(game, WriteOptions()) for game in games]
    options = ReadOptions()
    rate("jkf json.loads only", moves, lambda: [json.loads(t) for t in texts])
    rate("jkf read+validate", moves, lambda: [read_jkf(t, options) for t in texts])
    rate("jkf write", moves, lambda: [write_jkf(g, WriteOptions()) for g in games])
    # ksbp cannot hold drops: keep each game up to its first drop.
    plain = []
    for game in random_games(GAMES, plies=150):
        for node in game.mainline():
            if node.move is not None and node.move.from_ is None:
                assert node.parent is not None
                node.parent.children.clear()
                break
        plain.append(game)
    plain_moves = sum(len(game.mainline()) for game in plain)
    params = [write_ksbp(game, WriteOptions()) for game in plain]
    rate("ksbp read+validate", plain_moves, lambda: [read_ksbp(t, options) for t in params])
    rate("ksbp write", plain_moves, lambda: [write_ksbp(g, WriteOptions()) for g in plain])
    finals = [game.final_position() for game in games[:50]]
    rate("svg board (positions, not moves)", len(finals), lambda: [svg_board(p) for p in finals])
