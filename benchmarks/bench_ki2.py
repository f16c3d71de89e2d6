"""KI2: read + resolve + validate, and write, on text generated from random legal games.

cshogi's KI2 reader is timed on the same text when cshogi is importable (it is optional).
"""

from __future__ import annotations

from pathlib import Path

import kifu_lark
from benchmarks.common import random_games, rate
from kifu_lark.errors import KifuError
from kifu_lark.formats.base import ReadOptions, WriteOptions
from kifu_lark.formats.ki2 import read_ki2, write_ki2
from kifu_lark.model.game import Game
from kifu_lark.textio import decode


def main() -> None:
    """Print read and write rates in moves per second."""
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
    _corpus()


def _corpus() -> None:
    """Real records (../shared/corpus, when present): ours and cshogi's reader on them."""
    folder = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
    if not folder.is_dir():
        return
    options = ReadOptions()
    games: list[Game] = []
    texts: list[str] = []
    for path in sorted(folder.rglob("*.ki2*")):
        if path.suffix not in (".ki2", ".ki2u"):
            continue
        text, _ = decode(path.read_bytes())
        try:
            games.append(read_ki2(text, options)[0])
        except KifuError:
            continue
        texts.append(text)
    moves = sum(len(game.mainline()) for game in games)
    texts = texts * 20
    games = games * 20
    rate(
        "ki2 read corpus records x20",
        moves * 20,
        lambda: [kifu_lark.loads_all(t, "ki2") for t in texts],
    )
    _cshogi(games, texts, "corpus records x20")


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
