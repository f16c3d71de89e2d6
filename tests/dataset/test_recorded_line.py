"""The training records from the reader's own replay (``engine_pack.MainLinePacks``, fed by
``kifu_lark.record.watch_reads``) against the records of a second replay
(``engine_pack.LinePacker``): the same bytes for every fixture and corpus game, strict and
lenient reads, HCPE, PSV and HCPE3; a line that does not fit the game is refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import kifu_lark
from kifu_lark.board import TOLERABLE
from kifu_lark.dataset import tasks
from kifu_lark.dataset.engine_pack import MainLinePacks
from kifu_lark.dataset.packing import check_packable
from kifu_lark.dataset.training import TrainingFilter, training_records
from kifu_lark.errors import KifuError
from kifu_lark.formats.registry import format_for_path
from kifu_lark.model.game import Game
from kifu_lark.model.variant import MINISHOGI
from kifu_lark.record import watch_reads
from tests.conftest import FIXTURES, corpus_dir

_KEEP_ALL = TrainingFilter(unfinished=True)
#: Where every game's main line is read before any variation: each must fit.
_MAIN_FIRST = {"csa", "kif", "ki2", "usi"}


def _files() -> list[Path]:
    found = []
    for root in [FIXTURES, *(r for r in [corpus_dir()] if r is not None)]:
        for path in sorted(root.rglob("*")):
            fmt = format_for_path(path.name) if path.is_file() else None
            if fmt is not None and fmt.game == "shogi" and "expected" not in path.parts:
                found.append(path)
    return found


def _read_watched(path: Path, hcp: bool) -> tuple[list[Game], MainLinePacks] | None:
    """``path``'s games read under a watcher, strictly or else leniently; ``None`` when
    neither reads."""
    for tolerate in ((), tuple(TOLERABLE)):
        packs = MainLinePacks(hcp)
        try:
            with watch_reads(packs):
                return kifu_lark.load_all(path, tolerate=tolerate), packs
        except KifuError:
            continue
    return None


def _records(game: Game, to: str, **positions: Any) -> tuple[bytes, str | None]:
    """The records (or the error they stop at) of ``game``."""
    out = bytearray()
    try:
        for record in training_records(game, to, _KEEP_ALL, **positions):
            out += record
    except (KifuError, ValueError) as err:
        return bytes(out), type(err).__name__
    return bytes(out), None


@pytest.mark.parametrize("to", ["hcpe", "psv", "hcpe3"])
def test_records_from_the_readers_replay_are_the_replays(to: str) -> None:
    """Every fixture and corpus game: the records made from the positions the reader packed
    are the records of a replay, byte for byte (and stop at the same error)."""
    fitted = compared = 0
    for path in _files():
        read = _read_watched(path, to != "psv")
        if read is None:
            continue
        games, packs = read
        fmt = format_for_path(path.name)
        assert fmt is not None
        for game in games:
            if game.start.variant.name != "standard":
                assert packs.line_for(game.root) is None
                continue
            if check_packable(game.start):
                continue  # no records: the start is refused before any position is taken
            line = packs.line_for(game.root)
            if fmt.name in _MAIN_FIRST:
                assert line is not None, path
            if line is None:
                continue
            fitted += 1
            ours = _records(game, to, positions=line)
            replayed = _records(game, to)
            assert ours == replayed, path
            compared += len(ours[0])
    assert fitted > 20 and compared > 0


def test_a_line_read_twice_gives_the_same_records() -> None:
    """A recorded line starts again from its first position each time it is handed out."""
    path = FIXTURES / "csa" / sorted(p.name for p in (FIXTURES / "csa").glob("*.csa"))[0]
    read = _read_watched(path, True)
    assert read is not None
    games, packs = read
    first = _records(games[0], "hcpe", positions=packs.line_for(games[0].root))
    again = _records(games[0], "hcpe", positions=packs.line_for(games[0].root))
    assert first == again and first[0]


_BRANCHED = """\
手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)
   3 ２六歩(27)
   4 ８四歩(83)

変化：2手
   2 ８四歩(83)
   3 ２六歩(27)
"""


def test_a_line_that_no_longer_fits_is_refused() -> None:
    """A variation made the main line after the read: the line packed is not the game's,
    ``line_for`` refuses it and the records replay the new main line."""
    packs = MainLinePacks(True)
    with watch_reads(packs):
        game = kifu_lark.loads(_BRANCHED, "kif")
    assert packs.line_for(game.root) is not None
    first = game.root.children[0]
    first.children[1].promote_to_main()
    assert packs.line_for(game.root) is None
    usis = [n.move.usi() for n in game.mainline() if n.move is not None]
    assert usis == ["7g7f", "8c8d", "2g2f"]


def test_only_reads_inside_the_block_are_watched() -> None:
    packs = MainLinePacks(True)
    with watch_reads(packs):
        inside = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    outside = kifu_lark.loads("position startpos moves 2g2f", "usi")
    line = packs.line_for(inside.root)
    assert line is not None and len(line.packs) == 3  # the start and after each move
    assert packs.line_for(outside.root) is None
    packs.clear()
    assert packs.line_for(inside.root) is None


def test_other_boards_are_not_packed() -> None:
    """A 5x5 game read under the watcher leaves no line (HCP holds 9x9 shogi)."""
    packs = MainLinePacks(True)
    start = kifu_lark.Board(variant=MINISHOGI).sfen()
    with watch_reads(packs):
        game = kifu_lark.loads(f"sfen {start} moves 1e1d", "usi")
    assert packs.lines == [] and packs.line_for(game.root) is None


def test_the_export_takes_each_game_from_the_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The export hands the records the positions the reader packed, for every game."""
    given: list[object] = []
    real = training_records

    def spy(*args: Any, **kwargs: Any) -> Iterator[bytes]:
        given.append(kwargs.get("positions"))
        return real(*args, **kwargs)

    monkeypatch.setattr(tasks, "training_records", spy)
    source = tmp_path / "in"
    source.mkdir()
    for path in sorted((FIXTURES / "csa").glob("*.csa"))[:6]:
        (source / path.name).write_bytes(path.read_bytes())
    from kifu_lark.dataset.export import export

    export([str(source)], str(tmp_path / "out"), to="hcpe")
    assert given and all(line is not None for line in given)
