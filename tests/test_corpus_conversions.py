"""Real records convert to every format that can hold them: read → write → read keeps the
moves, the variations when the target holds them, and the final special when it can."""

from __future__ import annotations

import pytest

import kifu_lark
from kifu_lark.errors import KifuError, UnsupportedFeatureError
from kifu_lark.formats.base import Format
from kifu_lark.formats.registry import all_formats, format_for_path
from kifu_lark.model.game import Game, Node
from tests.conftest import corpus_dir

TARGETS = [
    f for f in all_formats() if f.game == "shogi" and f.writer is not None and f.capabilities.moves
]


def _corpus_games() -> list[tuple[str, Game]]:
    root = corpus_dir()
    if root is None:
        return []
    games: list[tuple[str, Game]] = []
    for path in sorted(root.rglob("*")):
        fmt = format_for_path(path.name) if path.is_file() else None
        if fmt is None or fmt.game != "shogi" or "expected" in path.parts:
            continue
        try:
            read = kifu_lark.load_all(path)
        except KifuError:
            continue  # the format's own corpus test lists the records that do not read
        games += [(str(path.relative_to(root)), g) for g in read]
    return games


GAMES = _corpus_games()


def _tree(node: Node) -> list[object]:
    """The moves below ``node``: the main line as USI strings, each variation nested."""
    out: list[object] = []
    while node.children:
        for variation in node.children[1:]:
            if variation.move is not None:
                out.append(_tree(Node(children=[variation])))
        node = node.children[0]
        if node.move is not None:
            out.append(node.move.usi())
    return out


def _mainline(game: Game) -> list[str]:
    return [n.move.usi() for n in game.mainline() if n.move is not None]


def _last_special(game: Game) -> object:
    line = game.mainline()
    return line[-1].special.kind if line and line[-1].special else None


@pytest.mark.skipif(not GAMES, reason="../shared/corpus is absent")
@pytest.mark.parametrize("target", TARGETS, ids=lambda f: f.name)
def test_every_corpus_record_converts(target: Format) -> None:
    """Each readable corpus record written in ``target`` reads back with the same moves (the
    whole tree where the target holds variations); a refusal is a typed, named error."""
    caps = target.capabilities
    games = [(n, g) for n, g in GAMES if target.holds_variant(g.start.variant.name)]
    if not games:
        pytest.skip(f"the corpus has no record of a variant {target.name} holds")
    converted = 0
    refusals: set[str] = set()
    for name, game in games:
        try:
            text = kifu_lark.dumps(game, target, mainline_only=not caps.branches)
        except UnsupportedFeatureError as err:
            refusals.add(err.message)
            continue
        back = kifu_lark.loads(text, target.name)
        if caps.branches:
            assert _tree(game.root) == _tree(back.root), f"{name} as {target.name}"
        else:
            assert _mainline(game) == _mainline(back), f"{name} as {target.name}"
        special = _last_special(game)
        kinds = caps.special_kinds
        if caps.specials and special is not None and (kinds is None or special in kinds):
            assert special == _last_special(back), f"{name} as {target.name}"
        if caps.start_positions:
            assert game.start == back.start, f"{name} as {target.name}"
        converted += 1
    assert converted > 0, sorted(refusals)


#: Records with a ``手数：N`` header: in Kakinoki's header list it is tsume metadata, the
#: problem's length (``手数：9``, ``手数：7手``), not the ``手数＝N`` of a copied board.
TSUME_LENGTHS = [(name, game) for name, game in GAMES if "手数" in game.headers]


@pytest.mark.skipif(not TSUME_LENGTHS, reason="../shared/corpus is absent")
@pytest.mark.parametrize("target", ["kif", "ki2"])
def test_records_with_a_tsume_length_write_back(target: str) -> None:
    """The 手数 header is a header like any other: each record holding it is written and
    read back with all its headers, in order, and its start position (issue 37)."""
    for name, game in TSUME_LENGTHS:
        back = kifu_lark.loads(kifu_lark.dumps(game, target), target)
        assert game.headers.entries == back.headers.entries, name
        assert game.start == back.start, name
