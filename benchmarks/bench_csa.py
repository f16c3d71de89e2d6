"""CSA: read + validate and write speed.

The headline (``benchmarks.realistic``) comes first: 150 records shaped like real ones
(written by cshogi's exporter: headers, ``+7776FU,T12``; then floodgate-shaped), the shared
corpus, the fixed cost per record and the memory a kept game costs, with cshogi's and
python-shogi's figures beside ours.

Below it, the synthetic lines on ~200 000 random legal moves (2 000 games). That text is our
own writer's (V3.0, a ``T`` line per move). When cshogi or python-shogi is
installed (``pip install -e '.[bench]'``) the same texts are read by them too, each move
checked for legality as ours is, and the ratios printed.

Real server records look different: floodgate's have player and event lines, the start
position as nine ``P1``…``P9`` rows and an engine evaluation comment after every move. The
same games written that way are read too ("floodgate-shaped"): lark's cost per token shows
there, where the plain texts hide it.
"""

from __future__ import annotations

import importlib.util
import os
import random
from collections.abc import Callable

import kifu_lark
from benchmarks import realistic
from benchmarks.common import random_games, rate
from kifu_lark.formats.csa import normalise
from kifu_lark.formats.engine import parsing
from kifu_lark.model.game import Game
from kifu_lark.model.move import Time
from kifu_lark.rules.replay import GameBuilder

GAMES = int(os.environ.get("BENCH_CSA_GAMES", "2000"))


def _with_times(games: list[Game]) -> list[Game]:
    rng = random.Random(7)
    for game in games:
        for node in game.mainline():
            node.time = Time(rng.randint(0, 60))
    return games


def _replay(game: Game) -> Game:
    """The rules engine's share of reading: every move of ``game`` through GameBuilder."""
    builder = GameBuilder(game.start, format="csa")
    for node in game.mainline():
        m = node.move
        if m is not None:
            builder.move(
                m.to,
                color=m.color,
                from_=m.from_,
                piece_after=m.piece_after,
                drop=m.from_ is None,
            )
    return builder.finish()


def _cshogi_reader() -> Callable[[list[str]], object] | None:
    try:
        import cshogi
    except ImportError:
        return None

    def read(texts: list[str]) -> object:
        parser = cshogi.Parser()
        board = cshogi.Board()
        for text in texts:
            parser.parse_csa_str(text)
            board.set_sfen(parser.sfen)
            for move in parser.moves:
                if not board.is_legal(move):
                    raise ValueError("illegal")
                board.push(move)
        return parser

    return read


def _python_shogi_reader() -> Callable[[list[str]], object] | None:
    if importlib.util.find_spec("shogi") is None:
        return None

    def read(texts: list[str]) -> object:
        for text in texts:
            realistic.python_shogi_csa(text)
        return texts

    return read




_PV_MOVES = ("+7776FU", "-3334FU", "+2726FU", "-8384FU")


def floodgate_shaped(text: str, seed: int) -> str:
    """``text`` (our writer's, from the usual start) as a floodgate server writes records."""
    rng = random.Random(seed)
    head = "N+black\nN-white\n$EVENT:bench+300-10F\n$START_TIME:2026/11/22 10:00:00\n"
    out: list[str] = []
    for line in text.replace("PI\n", head + realistic.INITIAL_ROWS + "\n").split("\n"):
        out.append(line)
        if line.startswith("T"):
            pv = " ".join(rng.choice(_PV_MOVES) for _ in range(8))
            out.append(f"'** {rng.randint(-900, 900)} {pv}")
    return "\n".join(out)


def main() -> None:
    """Print read + validate and write rates (and the other libraries' when installed)."""
    realistic.section("csa", (".csa",))
    texts = [kifu_lark.dumps(g, "csa") for g in _with_times(random_games(GAMES))]
    # The generated games are gone before the read is timed: what is in memory is the
    # texts and what the read builds. With as many other games alive (second line) the
    # garbage collector's passes over them cost an eighth more.
    moves = sum(len(kifu_lark.loads(t, "csa").mainline()) for t in texts)
    print(f"{len(texts)} games, {moves} moves, {sum(map(len, texts)) // 1024} KiB of CSA")
    ours = rate(
        "kifu-lark read+validate", moves, lambda: [kifu_lark.loads(t, "csa") for t in texts]
    )
    games = [kifu_lark.loads(t, "csa") for t in texts]
    rate(
        "kifu-lark read+validate, 2 000 other games in memory",
        moves,
        lambda: [kifu_lark.loads(t, "csa") for t in texts],
    )
    rate("kifu-lark write", moves, lambda: [kifu_lark.dumps(g, "csa") for g in games])
    shaped = [floodgate_shaped(t, i) for i, t in enumerate(texts)]
    rate(
        "kifu-lark read+validate, floodgate-shaped",
        moves,
        lambda: [kifu_lark.loads(t, "csa") for t in shaped],
    )
    # Engine evaluations are read from the comments when asked (issue 17): what asking for
    # every move's costs, beside reading; and with the PVs played (realistic floodgate lines).
    shaped_games = [kifu_lark.loads(t, "csa") for t in shaped]
    rate(
        "  node.evaluation of every move, floodgate-shaped",
        moves,
        lambda: [n.evaluation for g in shaped_games for n in g.mainline()],
    )
    real = [realistic.csa_text(p, floodgate=True) for p in realistic.plans(40)]
    real_games = [g for t in real for g in kifu_lark.loads_all(t, "csa")]
    rate(
        "  game.evaluations() with PVs as moves, realistic floodgate lines",
        sum(1 for g in real_games for n in g.mainline() if n.move is not None),
        lambda: [list(g.evaluations(strict=False)) for g in real_games],
    )
    # Where the reading time goes: the grammar alone, and the rules engine alone.
    parser = parsing.parser("csa.lark")
    rate("  of which lark parse", moves, lambda: [parser.parse(normalise(t)) for t in texts])
    rate("  of which GameBuilder", moves, lambda: [_replay(g) for g in games])
    for label, make in (("cshogi", _cshogi_reader), ("python-shogi", _python_shogi_reader)):
        read = make()
        if read is None:
            print(f"{label}: not installed (pip install -e '.[bench]')")
            continue
        theirs = rate(f"{label} read+is_legal", moves, lambda read=read: read(texts))  # type: ignore[misc]
        print(f"kifu-lark / {label}: {ours / theirs:.2f}x")


if __name__ == "__main__":
    main()
