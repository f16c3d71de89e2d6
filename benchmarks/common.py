"""Helpers shared by the benchmarks: random legal games and timing."""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from pathlib import Path

from kifu_lark.model.game import Game, Node
from kifu_lark.model.position import Position
from kifu_lark.model.variant import STANDARD, Variant
from kifu_lark.rules.board import Board
from kifu_lark.rules.movegen import legal_moves


def random_game(seed: int, plies: int = 100, variant: Variant = STANDARD) -> Game:
    """A game of up to ``plies`` uniformly random legal moves (reproducible by ``seed``)."""
    rng = random.Random(seed)
    start = Position.initial(variant)
    board = Board.from_position(start)
    game = Game(start=start)
    node: Node = game.root
    for _ in range(plies):
        moves = legal_moves(board)
        if not moves:
            break
        move = board.push(rng.choice(moves))
        node = node.add_variation(move)
    return game


def random_games(count: int, plies: int = 100, variant: Variant = STANDARD) -> list[Game]:
    """``count`` random games (seeds 0 … count-1)."""
    return [random_game(seed, plies, variant) for seed in range(count)]


def rate(
    label: str, moves: int, run: Callable[[], object], repeat: int = 3, unit: str = "moves"
) -> float:
    """Time ``run`` (best of ``repeat``) and print ``label: N moves/s``; returns the rate."""
    best = float("inf")
    for _ in range(repeat):
        # Collect the previous repeat's trees first (nodes point back to their parents, so
        # only the collector frees them): each repeat pays for its own objects only.
        gc.collect()
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    per_second = moves / best if best > 0 else float("inf")
    print(f"{label}: {per_second:,.0f} {unit}/s ({moves} {unit} in {best:.3f} s)", flush=True)
    return per_second


def corpus_records(suffixes: tuple[str, ...], format: str) -> tuple[list[str], int]:
    """The texts of the real records in ../shared/corpus (when present) with one of
    ``suffixes`` that ``format`` reads, and their moves (main lines) in all."""
    import kifu_lark
    from kifu_lark.errors import KifuError
    from kifu_lark.textio import decode

    folder = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
    texts: list[str] = []
    moves = 0
    if not folder.is_dir():
        return texts, moves
    for path in sorted(folder.rglob("*")):
        if path.suffix.lower() not in suffixes or not path.is_file():
            continue
        text, _ = decode(path.read_bytes())
        try:
            games = kifu_lark.loads_all(text, format)
        except KifuError:
            continue
        texts.append(text)
        moves += sum(len(game.mainline()) for game in games)
    return texts, moves
