"""KIF read (parse + validate every move) and write speed, and cshogi's KIF reader on the
same text when cshogi is installed.

The headline (``benchmarks.realistic``) comes first: 150 records shaped like real ones
(cshogi's KIF exporter: headers, ``( 0:12/00:03:27)`` running totals, one in five from a board
diagram), the shared corpus, the fixed cost per record and the memory a kept game costs, with
cshogi's and python-shogi's readers on the same texts. The synthetic lines follow."""

from __future__ import annotations

import random

import kifu_lark
from benchmarks import realistic
from benchmarks.common import random_games, rate
from kifu_lark.formats.base import ReadOptions, WriteOptions
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.kif_read import GRAMMAR, read_kif
from kifu_lark.formats.kif_write import write_kif
from kifu_lark.model.game import Game
from kifu_lark.model.move import Time
from kifu_lark.rules.replay import GameBuilder


def main() -> None:
    """Print parse-only, replay-only, read, write, read with distinct times (and cshogi read)
    rates on 200 random games of up to 150 plies with times (after the headline)."""
    realistic.section("kif", (".kif", ".kifu"))
    # The generated games are gone before the read is timed (as in bench_csa): what is in
    # memory is the texts and what the read builds.
    texts = [write_kif(game, WriteOptions()) for game in _generated()]
    moves = sum(len(read_kif(t, ReadOptions())[0].mainline()) for t in texts)
    parser = parsing.parser(GRAMMAR)
    rate("kif parse only (lark, no moves played)", moves, lambda: [parser.parse(t) for t in texts])
    rate("kif read+validate", moves, lambda: [kifu_lark.loads(t, "kif") for t in texts])
    games = [kifu_lark.loads(t, "kif") for t in texts]
    rate("kif replay only (GameBuilder.move)", moves, lambda: _replay_all(games))
    rate("kif write", moves, lambda: [write_kif(g, WriteOptions()) for g in games])
    # The times above repeat from game to game (the reader shares one Time per time text);
    # live games' running totals rarely repeat: this is the reader's slower case.
    distinct = [write_kif(game, WriteOptions()) for game in _with_distinct_times(games)]
    rate(
        "kif read+validate (distinct times)",
        moves,
        lambda: [kifu_lark.loads(t, "kif") for t in distinct],
    )
    _cshogi(texts, moves)


FORMAT_KEY = "棋戦"


def _generated() -> list[Game]:
    """200 random games of up to 150 plies, with an event header and times."""
    games = random_games(200, plies=150)
    for game in games:
        game.headers.add(FORMAT_KEY, "bench")
        for i, node in enumerate(game.mainline()):  # real KIF files carry times
            node.time = Time(float(i % 60), float(i * 30))
    return games


def _with_distinct_times(games: list[Game]) -> list[Game]:
    """``games`` with random times per move and each side's running total."""
    rng = random.Random(3)
    for game in games:
        totals = [0, 0]
        for i, node in enumerate(game.mainline()):
            spent = rng.randint(0, 120)
            totals[i % 2] += spent
            node.time = Time(float(spent), float(totals[i % 2]))
    return games


def _replay_all(games: list[Game]) -> None:
    for game in games:
        _replay(game)


def _replay(game: Game) -> None:
    """The validation share of reading: every move through GameBuilder."""
    builder = GameBuilder(game.start, format="kif")
    for node in game.mainline():
        move = node.move
        if move is not None:
            builder.move(
                move.to,
                from_=move.from_,
                piece=move.piece,
                promote=move.promote,
                drop=move.from_ is None,
            )


def _cshogi(texts: list[str], moves: int) -> None:
    try:
        from cshogi import KIF  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        print("cshogi KIF read: cshogi not installed (pip install cshogi to compare)")
        return
    rate("cshogi KIF read (same text)", moves, lambda: [KIF.Parser.parse_str(t) for t in texts])


if __name__ == "__main__":
    main()
