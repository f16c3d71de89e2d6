"""A KIF まで line kept as read (``game.summary_line``, one that disagrees with the game) is
never dropped silently: KIF and KI2 write it back, every other writer of shogi records
leaves it out with a ``LossyWriteWarning`` naming the line, and only those do."""

from __future__ import annotations

import re
import warnings

import pytest

import kifu_lark
from kifu_lark import Game, LossyWriteWarning
from kifu_lark.formats.base import Format
from kifu_lark.formats.registry import all_formats
from tests.conftest import FIXTURES

KIF_HEAD = "手数----指手---------消費時間--\n"
#: 20 moves and no drop (勝田将棋盤 parameters cannot write one).
_MOVES = [
    "７六歩(77)", "３四歩(33)", "２六歩(27)", "８四歩(83)", "２五歩(26)",
    "８五歩(84)", "７八金(69)", "３二金(41)", "２四歩(25)", "同　歩(23)",
    "同　飛(28)", "８六歩(85)", "同　歩(87)", "同　飛(82)", "３四飛(24)",
    "３三角(22)", "３六飛(34)", "８四飛(86)", "２六飛(36)", "２二銀(31)",
]
#: A standard game: 20 moves then 投了, its まで line counting 3 (kept: it disagrees).
STANDARD_KIF = (
    KIF_HEAD
    + "".join(f"{i + 1:>4} {move}\n" for i, move in enumerate(_MOVES))
    + "  21 投了\nまで3手で後手の勝ち\n"
)
#: Where a まで line names the line kept.
KEPT = {"standard": "まで3手で後手の勝ち", "minishogi": "まで99手で中断"}
WRITERS = [f for f in all_formats() if f.writer is not None and f.game == "shogi"]


def _kept_line(variant: str) -> Game:
    """A KIF record of ``variant`` whose まで line counts other moves than it plays."""
    if variant == "standard":
        text = STANDARD_KIF
    else:  # a minishogi game (MSK's fixture, ending 中断) in KIF, its count made wrong
        game = kifu_lark.load(FIXTURES / "msk" / "sample_with_comments.msk")
        text = re.sub(r"まで\d+手", "まで99手", kifu_lark.dumps(game, "kif"))
    game = kifu_lark.loads(text, "kif")
    assert game.summary_line is not None
    assert KEPT[variant] == game.summary_line.text
    return game


def _variant(fmt: Format) -> str:
    """A variant of a kept-line record the format holds."""
    return "standard" if fmt.holds_variant("standard") else "minishogi"


def _written(game: Game, fmt: Format) -> tuple[str, list[LossyWriteWarning]]:
    """``game`` written in ``fmt`` (main line only where it holds no variations), and the
    LossyWriteWarnings the writing gave about the まで line."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text = kifu_lark.dumps(game, fmt, mainline_only=not fmt.capabilities.branches)
    lost = [
        w.message
        for w in caught
        if isinstance(w.message, LossyWriteWarning) and w.message.kind == "SUMMARY_LINE"
    ]
    return text, lost


def test_every_shogi_writer_is_covered() -> None:
    """The built-in writers are all here, KIF and KI2 the ones that hold the line."""
    names = {f.name for f in WRITERS}
    assert {"csa", "jkf", "usi", "sfen", "bod", "msk", "ksbp", "kif", "ki2"} <= names
    assert {"kif", "ki2"} == {f.name for f in WRITERS if f.capabilities.summary_line}


@pytest.mark.parametrize("fmt", WRITERS, ids=lambda f: f.name)
def test_the_line_is_warned_exactly_where_it_is_lost(fmt: Format) -> None:
    """Written in every format: KIF and KI2 write the line back as read and warn of
    nothing; any other format warns once, naming the line, and its text does not read
    back as that line."""
    variant = _variant(fmt)
    game = _kept_line(variant)
    text, lost = _written(game, fmt)
    line = KEPT[variant]
    if fmt.capabilities.summary_line:
        assert [] == lost
        assert line in text.splitlines()
        assert game.summary_line == kifu_lark.loads(text, fmt).summary_line
    else:
        assert 1 == len(lost)
        assert repr(line) in str(lost[0])
        assert (fmt.name, None) == (lost[0].format, lost[0].written)
        if fmt.reader is not None:
            assert kifu_lark.loads(text, fmt).summary_line is None


@pytest.mark.parametrize("fmt", WRITERS, ids=lambda f: f.name)
def test_an_agreeing_line_warns_nowhere(fmt: Format) -> None:
    """A まで line that agrees is not kept (the writers make it from the game): no
    format warns about it."""
    text = STANDARD_KIF.replace("まで3手", "まで20手")
    game = kifu_lark.loads(text, "kif")
    assert game.summary_line is None
    if not fmt.holds_variant("standard"):
        game = kifu_lark.load(FIXTURES / "msk" / "sample_with_comments.msk")
        game = kifu_lark.loads(kifu_lark.dumps(game, "kif"), "kif")
        assert game.summary_line is None
    assert [] == _written(game, fmt)[1]
