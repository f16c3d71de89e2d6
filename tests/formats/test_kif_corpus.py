"""Every KIF/KIFU record of the shared corpus reads (or fails as listed), and the records
that come with an expected JKF read to the same move tree."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import kifu_lark
from kifu_lark.errors import KifuError
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.move import SpecialKind
from tests.conftest import corpus_dir, require_corpus

CORPUS = corpus_dir()
FILES = (
    sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix.lower() in (".kif", ".kifu"))
    if CORPUS
    else []
)

#: Records that fail on purpose, with the reason (path relative to the corpus → error code).
GENUINE_FAILURES: dict[str, str] = {
    # Move 1 of its 変化 is ２六歩(25): there is no piece on 25 (a typo for 27).
    "bioshogi/spec/files/sample1.kif": "NO_PIECE",
}


def _rel(path: Path) -> str:
    assert CORPUS is not None
    return path.relative_to(CORPUS).as_posix()


@pytest.mark.parametrize("path", FILES, ids=[_rel(p) for p in FILES] if CORPUS else [])
def test_corpus_record_reads_or_fails_as_listed(path: Path) -> None:
    """The record reads, or raises the KifuError listed for it with a line number."""
    expected = GENUINE_FAILURES.get(_rel(path))
    if expected is None:
        game = kifu_lark.load(path, "kif")
        assert game.format == "kif"
        return
    with pytest.raises(KifuError) as info:
        kifu_lark.load(path, "kif")
    assert expected == info.value.code
    assert info.value.line is not None


def test_genuine_failures_exist() -> None:
    """The failure list names files that are in the corpus."""
    corpus = require_corpus()
    for name in GENUINE_FAILURES:
        assert (corpus / name).is_file(), name


# --- comparison with expected JKF --------------------------------------------------------

_JKF_SPECIALS = {
    SpecialKind.RESIGN: "TORYO",
    SpecialKind.INTERRUPT: "CHUDAN",
    SpecialKind.SEALED: "CHUDAN",  # json-kifu-format reads 封じ手 as CHUDAN
    SpecialKind.REPETITION: "SENNICHITE",
    SpecialKind.TIME_UP: "TIME_UP",
    SpecialKind.ILLEGAL_LOSS: "ILLEGAL_MOVE",
    SpecialKind.IMPASSE: "JISHOGI",
    SpecialKind.ENTERING_KING_WIN: "KACHI",
    SpecialKind.MATE: "TSUMI",
    SpecialKind.NO_MATE: "FUZUMI",
}


def _our_key(node: Node) -> tuple[Any, ...]:
    if node.special is not None:
        kind = node.special.kind
        if kind is SpecialKind.ILLEGAL_WIN:
            # the side to move wins: the other side did the illegal action
            loser = node.special.color.opponent if node.special.color else Color.BLACK
            return ("special", ("+" if loser is Color.BLACK else "-") + "ILLEGAL_ACTION")
        return ("special", _JKF_SPECIALS.get(kind, kind.value))
    move = node.move
    assert move is not None
    origin = None if move.from_ is None else (move.from_.file, move.from_.rank)
    return (origin, (move.to.file, move.to.rank), move.piece.value, move.promote)


def our_tree(first: Node | None) -> list[tuple[Any, ...]]:
    """A line as JKF nests it: each entry is (key, alternatives as lines)."""
    line: list[tuple[Any, ...]] = []
    node = first
    while node is not None:
        forks: list[Any] = []
        parent = node.parent
        if parent is not None and parent.children[0] is node:
            forks = [our_tree(alt) for alt in parent.children[1:]]
        line.append((_our_key(node), forks))
        node = node.children[0] if node.children else None
    return line


def _jkf_key(entry: dict[str, Any]) -> tuple[Any, ...]:
    if "special" in entry:
        return ("special", entry["special"])
    move = entry["move"]
    origin = (move["from"]["x"], move["from"]["y"]) if "from" in move else None
    to = (move["to"]["x"], move["to"]["y"])
    return (origin, to, move["piece"], bool(move.get("promote", False)))


def jkf_tree(entries: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """The same shape from a JKF ``moves`` list (without its first, move-less entry)."""
    return [
        (_jkf_key(e), [jkf_tree(fork) for fork in e.get("forks", [])])
        for e in entries
        if "move" in e or "special" in e
    ]


def _pairs() -> list[tuple[Path, Path]]:
    if CORPUS is None:
        return []
    pairs = []
    for jkf in sorted((CORPUS / "json-kifu-format" / "expected-jkf" / "kif").glob("*.jkf.json")):
        pairs.append((CORPUS / "json-kifu-format" / "kif" / jkf.name[: -len(".jkf.json")], jkf))
    for expected in sorted((CORPUS / "shogi-kifu-converter" / "kif").glob("*.json")):
        for ext in (".kif", ".kifu"):
            source = expected.with_suffix(ext)
            if source.is_file():
                pairs.append((source, expected))
    return [(s, j) for s, j in pairs if _rel(s) not in GENUINE_FAILURES]


PAIRS = _pairs()


@pytest.mark.parametrize(("source", "expected"), PAIRS, ids=[_rel(s) for s, _ in PAIRS])
def test_corpus_record_matches_expected_jkf(source: Path, expected: Path) -> None:
    """Main line and variations (origin, destination, piece, promotion, specials) equal the
    expected JKF's."""
    game: Game = kifu_lark.load(source, "kif")
    data = json.loads(expected.read_text(encoding="utf-8"))
    theirs = jkf_tree(data["moves"][1:])
    ours = our_tree(game.root.children[0] if game.root.children else None)
    assert theirs == ours
