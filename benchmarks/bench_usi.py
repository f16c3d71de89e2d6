"""USI read speed: ``position startpos|sfen … moves …`` lines, every move validated.

The records are the real-shaped games of :mod:`benchmarks.realistic` (one in five from a
diagram), each written as one USI line, main line only: the shape of engine logs and
self-play archives. Beside ours, the loop such users run with cshogi when it is installed:
the line split by hand, each move checked with ``is_legal`` and pushed.
"""

from __future__ import annotations

from benchmarks import realistic
from benchmarks.common import in_turn, rate
from kifu_lark.api import dumps, loads_all

try:
    import cshogi
except ImportError:
    cshogi = None


def _cshogi_loop(text: str) -> object:
    board = cshogi.Board()
    head, _, moves = text.partition(" moves ")
    if head.startswith("position sfen "):
        board.set_sfen(head[len("position sfen ") :])
    for word in moves.split():
        if word in ("resign", "win"):  # an end: no move
            break
        move = board.move_from_usi(word)
        if not board.is_legal(move):
            raise ValueError(f"illegal: {word}")
        board.push(move)
    return board


def main() -> None:
    """Print the USI read rate, and cshogi's loop on the same lines in turn with it."""
    games = [realistic.game(p) for p in realistic.plans()]
    texts = [dumps(game, "usi", mainline_only=True) for game in games]
    moves = sum(len(text.partition(" moves ")[2].split()) for text in texts)
    print(f"real-shaped: {len(texts)} USI lines, {moves} moves", flush=True)

    def ours() -> object:
        return [loads_all(text, "usi") for text in texts]

    rate("usi real-shaped: kifu-lark read+validate", moves, ours)
    if cshogi is not None:
        mine, theirs = in_turn([ours, lambda: [_cshogi_loop(t) for t in texts]])
        print(
            f"  cshogi move_from_usi + is_legal + push: {moves / theirs:,.0f} moves/s; "
            f"kifu-lark / cshogi: {theirs / mine:.2f}x (kifu-lark {moves / mine:,.0f} "
            "moves/s, timed in turn with it)",
            flush=True,
        )
