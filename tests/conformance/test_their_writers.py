"""Records written by another program (tsshogi, ShogiHome's library) read with the true
moves: every file of the conformance kit's games, for seeds of our own, reads to the start
position, main line, result and tree of its manifest (comments and times where the format
holds them), UTF-8 and Shift_JIS, LF and CRLF."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import kifu_lark
from kifu_lark.model import Node, SpecialKind
from tests.conformance.kit import THEIR_SPECIALS, generate, manifest

#: (seed, games, flags): branches, Shift_JIS copies and CRLF line ends all covered.
SEEDS = [
    (101, 50, ("--branches", "--sjis")),
    (202, 40, ("--sjis", "--crlf")),
    (303, 30, ("--branches", "--crlf", "--sjis")),
]

#: file → (our format, holds the tree, holds comments, holds times)
FILES = {
    "game.kif": ("kif", True, True, True),
    "game.sjis.kif": ("kif", True, True, True),
    "game.ki2": ("ki2", True, True, False),
    "game.sjis.ki2": ("ki2", True, True, False),
    "game.csa": ("csa", False, True, True),
    "game.sjis.csa": ("csa", False, True, True),
    "game.v3.csa": ("csa", False, True, True),
    "game.jkf": ("jkf", True, True, True),
    "game.usi": ("usi", False, False, False),
}

#: What a writer of theirs cannot say, read as what the text does say (evidence: tsshogi's
#: kakinoki.mjs writes MAX_MOVES, IMPASS and DRAW all as 持将棋; its CSA and JKF writers write
#: a foul loss as ILLEGAL_MOVE, which means the same: the side to move loses by a foul).
_JISHOGI = {k: SpecialKind.IMPASSE for k in (SpecialKind.MAX_MOVES, SpecialKind.DRAW_DECLARATION)}
SAID_AS = {
    "kif": _JISHOGI,
    "ki2": _JISHOGI,
    "csa": {SpecialKind.ILLEGAL_LOSS: SpecialKind.ILLEGAL_MOVE},
    "jkf": {SpecialKind.ILLEGAL_LOSS: SpecialKind.ILLEGAL_MOVE},
}

_Entry = tuple[Any, ...]


def _theirs(node: dict[str, Any], fmt: str, tree: bool, comments: bool, times: bool) -> list[Any]:
    """The manifest's tree below ``node`` as nested (entry, children) pairs."""
    out = []
    children = node["children"] if tree else node["children"][:1]
    said = SAID_AS.get(fmt, {})
    for child in children:
        kind = THEIR_SPECIALS[child["special"]] if child["special"] else None
        if fmt == "usi" and kind is not None:
            continue  # a USI position command holds moves only
        entry: _Entry = (child["usi"], said.get(kind, kind) if kind else None)
        if comments:
            text = child["comment"]
            if fmt == "jkf" and text.startswith("&"):
                # JKF has no bookmark field: json-kifu-format writes a KIF bookmark as a
                # comment starting "&", and we read such a comment back as a bookmark.
                entry += ("", text[1:])
            else:
                entry += (text, None)
        if times:
            entry += (child["time"],)
        out.append((entry, _theirs(child, fmt, tree, comments, times)))
    return out


def _ours(node: Node, fmt: str, tree: bool, comments: bool, times: bool) -> list[Any]:
    out = []
    children = list(node.children) if tree else list(node.children)[:1]
    for child in children:
        kind = child.special.kind if child.special else None
        entry: _Entry = (child.move.usi() if child.move else None, kind)
        if comments:
            entry += ("\n".join(child.comment_lines), child.bookmark)
        if times:
            entry += (round((child.time.spent or 0) * 1000) if child.time else 0,)
        out.append((entry, _ours(child, fmt, tree, comments, times)))
    return out


def _games(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folders: list[Path] = []
    for seed, count, flags in SEEDS:
        folders += generate(tmp_path_factory.mktemp(f"seed{seed}"), seed, count, *flags)
    return folders


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The generated game folders of every seed (made once for the module)."""
    return _games(tmp_path_factory)


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_file_reads_to_its_manifest(games: list[Path], name: str) -> None:
    """Start position, main line, result and tree (with comments and times where the format
    holds them) agree with the manifest for every game of every seed."""
    fmt, tree, comments, times = FILES[name]
    wrong: list[tuple[str, ...]] = []
    for folder in games:
        truth = manifest(folder)
        game = kifu_lark.load(folder / name, fmt)
        if truth["start_sfen"] != game.start.sfen():
            wrong.append((folder.name, "start", game.start.sfen()))
        expected = _theirs(truth["tree"], fmt, tree, comments, times)
        if expected != _ours(game.root, fmt, tree, comments, times):
            wrong.append((folder.name, "tree"))
    assert [] == wrong


@pytest.mark.parametrize("name", ["game.bod", "game.sjis.bod"])
def test_board_diagrams_read_to_the_position_they_show(games: list[Path], name: str) -> None:
    """Each BOD diagram reads to the position (and move number) of the manifest."""
    wrong = []
    for folder in games:
        truth = manifest(folder)["bod"]
        read = kifu_lark.load(folder / name, "bod").start.sfen()
        if truth["sfen"] != read:
            wrong.append((folder.name, truth["sfen"], read))
    assert [] == wrong


def test_the_seeds_cover_what_they_should(games: list[Path]) -> None:
    """The generated games hold variations, handicaps, set-up starts and many results."""
    truths = [manifest(f) for f in games]
    assert sum(t["branch_count"] for t in truths) > 50
    assert {"standard", "other"} <= {t["start_kind"] for t in truths}
    assert len({t["mainline_special"] for t in truths}) >= 6
    assert {"LF", "CRLF"} <= {t["line_ending"] for t in truths}
