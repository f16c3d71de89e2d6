"""Helpers shared by the benchmarks: random legal games and timing."""

from __future__ import annotations

import gc
import os
import random
import statistics
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


def in_turn(
    runs: list[Callable[[], object]],
    repeat: int = 5,
    clock: Callable[[], float] = time.perf_counter,
) -> list[float]:
    """The best time of each of ``runs``, timed in turn (``a b a b …``), so that a busy
    machine slows each about alike and their ratio holds better than timed apart.
    ``clock=time.process_time`` counts this process's CPU time instead of wall time."""
    return rounds_in_turn(runs, repeat, clock)[0]


def rounds_in_turn(
    runs: list[Callable[[], object]],
    repeat: int = 5,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[list[float], list[float]]:
    """As :func:`in_turn`, and the median over the rounds of each run's time over the first
    run's in the same round (1.0 for the first). The best times of two runs may come from
    rounds far apart, when a shared machine's speed drifts; a round's runs follow each
    other, so its ratio is steadier."""
    best = [float("inf")] * len(runs)
    ratios: list[list[float]] = [[] for _ in runs]
    for _ in range(repeat):
        times = []
        for i, run in enumerate(runs):
            gc.collect()
            started = clock()
            run()
            took = clock() - started
            best[i] = min(best[i], took)
            times.append(took)
        for i, took in enumerate(times):
            ratios[i].append(took / times[0] if times[0] > 0 else float("inf"))
    return best, [statistics.median(r) for r in ratios]


def corpus_folder() -> Path | None:
    """The shared corpus of real records: ``$KIFU_LARK_CORPUS``, else the first
    ``shared/corpus`` beside the repository or a folder above it (a git worktree sits
    deeper than the main checkout); ``None`` when there is none."""
    named = os.environ.get("KIFU_LARK_CORPUS")
    if named:
        return Path(named) if Path(named).is_dir() else None
    for folder in Path(__file__).resolve().parents[1].parents:
        if (folder / "shared" / "corpus").is_dir():
            return folder / "shared" / "corpus"
    return None


def corpus_texts(folder: Path, suffixes: tuple[str, ...], format: str) -> list[tuple[str, int]]:
    """The decoded texts of the records in ``folder`` with one of ``suffixes`` that
    ``format`` reads, each with its main-line moves (all its records')."""
    import kifu_lark
    from kifu_lark.errors import KifuError
    from kifu_lark.textio import decode

    found: list[tuple[str, int]] = []
    for path in sorted(folder.rglob("*")):
        if path.suffix.lower() not in suffixes or not path.is_file():
            continue
        text, _ = decode(path.read_bytes())
        try:
            games = kifu_lark.loads_all(text, format)
        except KifuError:
            continue
        moves = sum(1 for g in games for n in g.mainline() if n.move is not None)
        found.append((text, moves))
    return found


def corpus_records(suffixes: tuple[str, ...], format: str) -> tuple[list[str], int]:
    """The texts of the real records of the shared corpus (when present) with one of
    ``suffixes`` that ``format`` reads, and their moves (main lines) in all."""
    folder = corpus_folder()
    found = [] if folder is None else corpus_texts(folder, suffixes, format)
    return [t for t, _ in found], sum(m for _, m in found)
