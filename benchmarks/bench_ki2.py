"""KI2: read + resolve + validate, and write, on text generated from random legal games.

cshogi's KI2 reader is timed on the same text when cshogi is importable (it is optional).

The headline (``benchmarks.realistic``) comes first: 150 records shaped like real ones
(headers, six moves a line, one in five from a board diagram; again one move a line, which is
all cshogi's reader reads), the shared corpus (where cshogi's reader is timed on the records
it reads), the fixed cost per record and the memory a kept game costs.
"""

from __future__ import annotations

import kifu_lark
from benchmarks import realistic
from benchmarks.common import random_games, rate
from kifu_lark.formats.base import WriteOptions
from kifu_lark.formats.ki2_write import write_ki2
from kifu_lark.model.game import Game


def main() -> None:
    """Print read and write rates in moves per second (after the headline)."""
    realistic.section("ki2", (".ki2", ".ki2u"))
    games = random_games(200, plies=150)
    moves = sum(len(game.mainline()) for game in games)
    texts = [write_ki2(game, WriteOptions()) for game in games]

    def read_all() -> None:
        for text in texts:
            kifu_lark.loads_all(text, "ki2")

    def write_all() -> None:
        for game in games:
            write_ki2(game, WriteOptions())

    rate("ki2 read+resolve+validate", moves, read_all)
    rate("ki2 write", moves, write_all)
    _cshogi(games, texts)


def _cshogi(games: list[Game], texts: list[str], label: str = "random games") -> None:
    try:
        from cshogi import KI2  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        print("cshogi ki2 read: skipped (cshogi is not installed)")
        return
    # parse_str: the same decoded text our reader gets (parse_file insists on CP932).
    readable: list[str] = []
    moves = 0
    for game, text in zip(games, texts, strict=True):
        try:
            KI2.Parser.parse_str(text)
        except Exception:  # cshogi's own failures (IndexError …) on valid records
            continue
        readable.append(text)
        moves += len(game.mainline())
    print(f"cshogi ki2 read ({label}): reads {len(readable)} of {len(texts)} records")
    if readable:
        run = lambda: [KI2.Parser.parse_str(t) for t in readable]  # noqa: E731
        rate(f"cshogi ki2 read ({label})", moves, run)
        ours = lambda: [kifu_lark.loads_all(t, "ki2") for t in readable]  # noqa: E731
        rate(f"ki2 read, the records cshogi reads ({label})", moves, ours)


if __name__ == "__main__":
    main()
