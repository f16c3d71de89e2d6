"""Round trips through every registered shogi format, driven by its declaration only."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kifu_lark
from kifu_lark.api import encoded
from kifu_lark.errors import UnsupportedFeatureError
from kifu_lark.formats.base import Format
from kifu_lark.formats.registry import all_formats
from kifu_lark.textio import decode
from tests.conftest import FIXTURES
from tests.strategies import games

WRITABLE = [f for f in all_formats() if f.writer is not None and f.game == "shogi"]
# Position-only formats (SFEN, BOD) keep the final position: their round trip is below.
TREE_FORMATS = [f for f in WRITABLE if f.capabilities.moves]
POSITION_FORMATS = [f for f in WRITABLE if not f.capabilities.moves]


@pytest.mark.parametrize("fmt", TREE_FORMATS, ids=lambda f: f.name)
@given(data=st.data())
def test_read_write_round_trip(fmt: Format, data: st.DataObject) -> None:
    """read(write(game)) == game for random legal games within the format's capabilities."""
    game = data.draw(games(fmt))
    try:
        text = kifu_lark.dumps(game, fmt.name)
    except UnsupportedFeatureError:
        # A moves-only notation (the western plugin) has nothing to write for a game of no
        # moves, and an empty text is no record: refusing is the only other answer.
        assert [] == game.mainline(), "only a game with nothing to write may be refused"
        return
    again = kifu_lark.loads(text, fmt.name)
    assert game == again, text


@pytest.mark.parametrize("fmt", POSITION_FORMATS, ids=lambda f: f.name)
@given(data=st.data())
def test_position_format_keeps_the_final_position(fmt: Format, data: st.DataObject) -> None:
    """Writing a position-only format and reading it back gives the game's final position."""
    game = data.draw(games(fmt))
    again = kifu_lark.loads(kifu_lark.dumps(game, fmt.name), fmt.name)
    assert game.final_position() == again.start


def _fixture_files(fmt: Format) -> list[Path]:
    folder = FIXTURES / fmt.name
    if not folder.is_dir():
        return []
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file()
        and p.suffix.lower() in fmt.extensions
        and "errors" not in p.relative_to(folder).parts
    )


FIXTURE_CASES = [(f, p) for f in WRITABLE for p in _fixture_files(f)]


@pytest.mark.parametrize(
    ("fmt", "path"), FIXTURE_CASES, ids=[f"{f.name}:{p.name}" for f, p in FIXTURE_CASES]
)
def test_fixture_survives_write_and_read(fmt: Format, path: Path) -> None:
    """read(write(read(file))) == read(file) for every fixture, branches included when the
    format holds them."""
    games_read = kifu_lark.load_all(path, fmt.name)
    for game in games_read:
        text = kifu_lark.dumps(game, fmt.name)
        assert game == kifu_lark.loads(text, fmt.name), text


CANONICAL = [
    (f, p) for f, p in FIXTURE_CASES if "canonical" in p.relative_to(FIXTURES / f.name).parts
]


@pytest.mark.parametrize(
    ("fmt", "path"), CANONICAL, ids=[f"{f.name}:{p.name}" for f, p in CANONICAL]
)
def test_canonical_fixture_is_written_back_exactly(fmt: Format, path: Path) -> None:
    """dump(read(s)) writes exactly the bytes of the fixtures in the canonical form of their
    format (encoding declarations included: they name the encoding written)."""
    data = path.read_bytes()
    text, _ = decode(data)
    assert data == encoded(kifu_lark.loads(text, fmt.name), fmt, path.suffix)
