"""What the training-data tests share: every fixture game, and cshogi as the reference."""

from __future__ import annotations

import functools
import warnings
from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.errors import KifuError
from kifu_lark.model.game import Game
from kifu_lark.model.position import Position
from tests.conftest import FIXTURES, require_corpus


@functools.cache
def fixture_games() -> tuple[tuple[str, Game], ...]:
    """Every fixture record that reads as a shogi game (any board size), by path."""
    return _games(FIXTURES)


def corpus_games() -> tuple[tuple[str, Game], ...]:
    """Every ``../shared/corpus`` record that reads as a shogi game; skips the calling test
    when the corpus is absent."""
    return _games(require_corpus())


@functools.cache
def _games(root: Path) -> tuple[tuple[str, Game], ...]:
    found = []
    for path in sorted(root.rglob("*")):
        # Goldens (x.csa.json, .err, .out) and tactic expectations are not records.
        if not path.is_file() or path.suffix.lower() in (".err", ".out", ".expect"):
            continue
        if path.suffix.lower() == ".json" and "." in path.stem:
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                game = kifu_lark.load(path)
        except (KifuError, OSError, ValueError):
            continue
        if isinstance(game, Game) and game.game == "shogi":
            found.append((str(path.relative_to(root)), game))
    return tuple(found)


def cshogi_board(position: Position) -> object:
    """cshogi's board of ``position`` (the test is skipped without cshogi)."""
    cshogi = pytest.importorskip("cshogi")
    return cshogi.Board(position.sfen())


def same_position(sfen: str, position: Position) -> bool:
    """Whether ``sfen`` (cshogi's) holds ``position``'s board, side to move and hands: the
    move number is not part of a packed position."""
    return sfen.split()[:3] == position.sfen().split()[:3]


__all__ = ["corpus_games", "cshogi_board", "fixture_games", "same_position"]
