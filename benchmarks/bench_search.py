"""Search speed: nodes visited per second by ``SearchPlayer(3)`` from the 9x9 and 5x5 starts.

Also times random games (the generator ``kifu-lark versus`` uses for long records), and
writing and reading them back in each registered notation, at 375, 750 and 1 500 plies: a
rate that stays flat as the game grows means time linear in its length.
"""

from __future__ import annotations

import time

import kifu_lark
from kifu_lark.formats.registry import all_formats
from kifu_lark.model.game import Game
from kifu_lark.model.position import Position
from kifu_lark.model.variant import MINISHOGI, STANDARD
from kifu_lark.players import RandomPlayer, SearchPlayer, play


def _search(label: str, start: Position, depth: int, repeat: int = 5) -> None:
    best, nodes = float("inf"), 0
    for _ in range(repeat):
        player = SearchPlayer(depth)
        began = time.perf_counter()
        result = player.search(start)
        best = min(best, time.perf_counter() - began)
        nodes = result.nodes
    print(f"{label}: {nodes / best:,.0f} nodes/s ({nodes} nodes in {best:.3f} s)", flush=True)


def _random_game(plies: int) -> Game:
    start = Position.initial(STANDARD)
    began = time.perf_counter()
    # Seed 11 plays the full 1 500 plies (random games usually end in mate sooner).
    game = play(RandomPlayer(11), RandomPlayer(12), start, max_plies=plies)
    spent = time.perf_counter() - began
    played = sum(1 for node in game.mainline() if node.move is not None)
    print(f"random game, {plies} plies: {played / spent:,.0f} moves/s ({played} moves)", flush=True)
    return game


def _round_trip(games: dict[int, Game]) -> None:
    """Write and read each game in every writable notation that records moves (best of 3,
    so that building a parser once is not counted)."""
    for fmt in all_formats():
        if fmt.writer is None or fmt.game != "shogi" or not fmt.holds_variant("standard"):
            continue
        for plies, game in games.items():
            try:
                text = kifu_lark.dumps(game, fmt)
            except kifu_lark.KifuError as err:
                print(f"{fmt.name}: cannot write the game ({err.code})", flush=True)
                break
            back = kifu_lark.loads(text, fmt)
            if len(back.mainline()) < plies:
                break  # a position format (sfen, bod): it keeps no moves
            best = float("inf")
            for _ in range(3):
                began = time.perf_counter()
                kifu_lark.loads(kifu_lark.dumps(game, fmt), fmt)
                best = min(best, time.perf_counter() - began)
            label = f"{fmt.name} write+read, {plies} plies"
            print(f"{label}: {plies / best:,.0f} moves/s ({len(text)} chars)", flush=True)


def main() -> None:
    """Print the figures."""
    _search("search depth 3, 9x9 start", Position.initial(STANDARD), 3)
    _search("search depth 3, 5x5 start", Position.initial(MINISHOGI), 3)
    # Starts are quiet (all scores equal, so alpha-beta prunes nearly everything): a random
    # middle game with pieces in hand shows the rate on busier trees.
    middle = play(RandomPlayer(1), RandomPlayer(2), Position.initial(), max_plies=60)
    _search("search depth 3, 9x9 middle game", middle.final_position(), 3, repeat=2)
    _search("search depth 4, 5x5 start", Position.initial(MINISHOGI), 4)
    games = {plies: _random_game(plies) for plies in (375, 750, 1500)}
    _round_trip(games)
