"""The 300-move record of the viewer's tests, ``fixtures/viewer/random300.kifu``: a legal game
played at random by the library's own Board, written by its KIF writer.

Made with ``python -m tests.render.long_game`` (it rewrites the file). The moves come from a
seeded ``random.Random``: each ply picks among the legal moves, in the order
``Board.legal_moves()`` gives them, one that leaves the game going (no mate, no repetition)
so that the record is 300 moves long; a different move generator order gives a different,
equally legal game, which is why the file is kept rather than made at each run.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import kifu_lark
from kifu_lark import Board
from kifu_lark.model.headers import REMARK

PLIES = 300
SEED = 300
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "viewer" / "random300.kifu"


def random_game(plies: int = PLIES, seed: int = SEED) -> kifu_lark.Game:
    """A legal game of ``plies`` moves from the usual start, each move drawn at random among
    those after which the game goes on.

    Raises:
        RuntimeError: when some position leaves no such move (not met with the seed used).
    """
    chooser = random.Random(seed)
    board = Board()
    for _ in range(plies):
        moves = board.legal_moves()
        chooser.shuffle(moves)
        for move in moves:
            board.push(move)
            if not board.is_game_over():
                break
            board.pop()
        else:
            raise RuntimeError(f"no move keeps the game going after {board.sfen()}")
    game = board.to_game()
    game.headers[REMARK] = f" random legal game: python -m tests.render.long_game (seed {seed})"
    game.headers["先手"] = "乱数先手"
    game.headers["後手"] = "乱数後手"
    return game


def main() -> int:
    """Write the fixture; returns the exit status."""
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(kifu_lark.dumps(random_game(), "kif"), encoding="utf-8")
    print(f"wrote {FIXTURE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
