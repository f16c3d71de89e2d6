"""Endings other programs write, judged: tsshogi's KIF and KI2 まで lines read without a
SUMMARY warning, the resignations its writers write agree with the rules in every format
(main lines and variations), and a game's verdict is the same in every format that writes
its ending with the same word. The full tally (kit and corpus) is
``python -m tests.conformance.verdict_tally``."""

from __future__ import annotations

from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.model import SpecialKind
from kifu_lark.model.game import Game
from tests.conformance.kit import generate, manifest
from tests.conformance.verdict_tally import TOLERATE, Tally, judged_lines, record_files

#: The record files of a kit game we judge, and their format.
FILES = {
    "game.kif": "kif",
    "game.ki2": "ki2",
    "game.csa": "csa",
    "game.v3.csa": "csa",
    "game.jkf": "jkf",
}
#: Endings a writer of theirs writes as another word (test_their_writers.SAID_AS): their
#: verdicts may differ between formats.
FOLDED = {
    SpecialKind.MAX_MOVES,
    SpecialKind.DRAW_DECLARATION,
    SpecialKind.IMPASSE,
    SpecialKind.ILLEGAL_LOSS,
    SpecialKind.ILLEGAL_MOVE,
}


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, dict[str, Game]]]:
    """The kit's games of seed 505 (with variations), each read from every file."""
    out = tmp_path_factory.mktemp("endings")
    result = []
    for folder in generate(out, 505, 60, "--branches"):
        read = {
            name: kifu_lark.load(folder / name, fmt, tolerate=TOLERATE)
            for name, fmt in FILES.items()
        }
        result.append((folder, read))
    return result


def test_their_summary_lines_read_without_a_warning(
    games: list[tuple[Path, dict[str, Game]]],
) -> None:
    """tsshogi's まで lines (kakinoki.ts) count the moves, name the winner and the ending
    the special line says: no SUMMARY_MOVES, SUMMARY_WINNER or SUMMARY_KIND."""
    warned = [
        (folder.name, name, w.code, w.message)
        for folder, read in games
        for name, game in read.items()
        for w in game.warnings
        if w.code.startswith("SUMMARY_")
    ]
    assert [] == warned


def test_their_resignations_agree_everywhere(
    games: list[tuple[Path, dict[str, Game]]],
) -> None:
    """Every 投了 they write, on the main line or a variation, is the side to move's, in
    every format: the verdict agrees."""
    seen = 0
    for folder, read in games:
        for name, game in read.items():
            for path, found in judged_lines(game):
                if found.declared is not None and found.declared.kind is SpecialKind.RESIGN:
                    seen += 1
                    assert found.agrees is True, (folder.name, name, path, found.reason)
    assert seen > 60  # the kit ends most games and some variations with 投了


def test_a_game_is_judged_alike_in_every_format(
    games: list[tuple[Path, dict[str, Game]]],
) -> None:
    """The main line's ending, where every format writes it with the same word, gets the
    same verdict from every file of the game."""
    compared = 0
    for folder, read in games:
        verdicts = {name: kifu_lark.verdict(game) for name, game in read.items()}
        kinds = {v.declared.kind if v.declared else None for v in verdicts.values()}
        if kinds & FOLDED or len(kinds) != 1:
            continue
        compared += 1
        said = {(v.declared, v.agrees, v.plies) for v in verdicts.values()}
        assert 1 == len(said), (folder.name, manifest(folder)["end_special"], verdicts)
    assert compared > 30


def test_every_kit_file_reads(tmp_path: Path) -> None:
    """The tally reads every record file the kit writes (BOD and USI included): none is
    left unread, and every main line is judged."""
    folders = generate(tmp_path, 606, 10, "--sjis")
    tally = Tally().add_files((p, fmt, p.name) for f in folders for p, fmt in record_files(f))
    assert [] == tally.unread
    assert tally.files == tally.lines  # one game a file, no variations: its main line
    judged = tally.agree + len(tally.contradicted) + sum(tally.not_judged.values())
    assert tally.lines == judged
