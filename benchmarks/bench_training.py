"""Writing engine training data (``kifu_lark.dataset.training``): positions/s of HCPE and
PSV records from games already read, beside the replay alone (``game.positions()``, which
every record needs) and, when installed, cshogi's ``push`` + ``to_hcp`` on the same moves.

Games: the realistic set (``benchmarks.realistic``), each ending in 投了."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import kifu_lark
from benchmarks import realistic
from benchmarks.common import in_turn, rate
from kifu_lark.dataset.packing import hcp, packed_sfen
from kifu_lark.dataset.training import hcpe_records, psv_records
from kifu_lark.model.game import Game


def main() -> None:
    """Replay, packing alone, HCPE and PSV records, and cshogi, in positions/s."""
    plans = realistic.plans()
    games = [realistic.game(p) for p in plans]
    texts = [realistic.csa_text(p, floodgate=True) for p in plans]
    positions = sum(1 for g in games for n in g.mainline() if n.move is not None)
    replayed = [p for g in games for _, p in g.positions()]

    def replay() -> None:
        for game in games:
            for _ in game.positions():
                pass

    def pack() -> None:
        for position in replayed:
            hcp(position)
            packed_sfen(position)

    def records(write: Callable[[Game], Iterator[bytes]]) -> None:
        for game in games:
            for _ in write(game):
                pass

    unit = "positions"
    # game.positions() is to run at least at the reader's moves/s (issue 34)
    rate("reading the same games (floodgate CSA)", positions, lambda: _read(texts), unit="moves")
    rate("replay alone (game.positions)", positions, replay, unit=unit)
    reading, replaying = in_turn([lambda: _read(texts), replay])
    print(
        f"  game.positions() / reading, timed in turn: x{reading / replaying:.2f} (target: at "
        "least x1.00)",
        flush=True,
    )
    rate("hcp + packed_sfen of replayed positions", 2 * len(replayed), pack, unit=unit)
    rate("hcpe_records (replay + records)", positions, lambda: records(hcpe_records), unit=unit)
    rate("psv_records (replay + records)", positions, lambda: records(psv_records), unit=unit)
    _cshogi(games, positions)


def _read(texts: list[str]) -> None:
    for text in texts:
        kifu_lark.loads(text, "csa")


def _cshogi(games: list[Game], positions: int) -> None:
    try:
        import cshogi
        import numpy as np
    except ImportError:
        print("cshogi: not installed (the bench extra)")
        return
    starts = [g.start.sfen() for g in games]
    usis = [[n.move.usi() for n in g.mainline() if n.move is not None] for g in games]

    def run() -> None:
        out = np.zeros(1, cshogi.HuffmanCodedPos)
        for sfen, moves in zip(starts, usis, strict=True):
            board = cshogi.Board(sfen)
            for usi in moves:
                board.to_hcp(out)
                board.push_usi(usi)

    rate("cshogi push_usi + to_hcp (C++)", positions, run, unit="positions")
