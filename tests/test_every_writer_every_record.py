"""Every writer x every record (the fixtures, and ../shared/corpus when present): the output
reads back to the same tree, as far as the target format holds it, or ``dumps`` refuses with
a KifuError. Never an exception of another kind, never text its own reader refuses, never a
silent change.

"As far as it holds": the tree is compared through the target's declared capabilities
(variations, comments, times, specials and their declared folds, the start position), so a
writer that drops what it declares it holds, or a declaration that promises too much,
fails here.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import kifu_lark
from kifu_lark.errors import KifuError, LossyWriteWarning
from kifu_lark.formats.base import Capabilities, Format
from kifu_lark.formats.evaluation import evaluation_line_indexes, node_evaluation
from kifu_lark.formats.registry import all_formats, format_for_path
from kifu_lark.formats.specials import foul_before
from kifu_lark.model.game import Game, Node
from kifu_lark.model.move import SpecialKind
from kifu_lark.model.position import Position
from tests.conftest import FIXTURES, corpus_dir

TARGETS = [f for f in all_formats() if f.game == "shogi" and f.writer is not None]


def _sources() -> Iterator[tuple[str, Path, Format]]:
    """Every shogi record file: fixtures (not the error cases) and the corpus."""
    roots = [("fixtures", FIXTURES)]
    corpus = corpus_dir()
    if corpus is not None:
        roots.append(("corpus", corpus))
    for label, root in roots:
        for path in sorted(root.rglob("*")):
            parts = path.relative_to(root).parts
            if not path.is_file() or "errors" in parts or "expected" in parts:
                continue
            fmt = format_for_path(path.name)
            if fmt is not None and fmt.game == "shogi":
                yield f"{label}/{path.relative_to(root)}", path, fmt


def _games() -> list[tuple[str, Game]]:
    games: list[tuple[str, Game]] = []
    for name, path, fmt in _sources():
        try:
            read = kifu_lark.load_all(path, fmt.name)
        except KifuError:
            continue  # records that do not read are the readers' tests' business
        games += [(name if len(read) == 1 else f"{name}#{i + 1}", g) for i, g in enumerate(read)]
    return games


GAMES = _games()


def _special(node: Node, caps: Capabilities, start: Position) -> str | None:
    """The special as the target writes it: itself, or its declared fold (an
    ILLEGAL_MOVE after its foul: the ILLEGAL_WIN of the side to move, where the target
    holds that and not ILLEGAL_MOVE)."""
    assert node.special is not None
    kind = node.special.kind
    exact = caps.specials and (caps.special_kinds is None or kind in caps.special_kinds)
    if exact:
        return kind.name
    kinds = caps.special_kinds
    if (
        kind is SpecialKind.ILLEGAL_MOVE
        and kinds is not None
        and SpecialKind.ILLEGAL_WIN in kinds
        and foul_before(start, node)
    ):
        return SpecialKind.ILLEGAL_WIN.name
    folded = caps.special_folds[kind]  # neither exact nor folded: dumps refused
    return None if folded is None else folded.name


def _time(node: Node, caps: Capabilities) -> Any:
    if not caps.times or node.time is None or node.time.spent is None:
        return None
    step = caps.time_resolution
    return round(node.time.spent / step) * step if step else node.time.spent


def _comments(lines: list[str]) -> list[str]:
    """``lines`` with the engine evaluation among them as what it says: writers put an
    evaluation in their own format's lines (tests/formats/test_evaluations.py compares the
    PVs as moves)."""
    evaluation = node_evaluation(lines)
    if evaluation is None:
        return list(lines)
    drop = set(evaluation_line_indexes(lines))
    e = evaluation
    said = f"evaluation {(e.score, e.mate, e.side, e.depth, e.nodes, e.engine)}"
    return [said] + [line for i, line in enumerate(lines) if i not in drop]


def _line(first: Node, caps: Capabilities, mainline: bool, start: Position) -> list[Any]:
    """``first`` and its continuation as the target holds them."""
    out: list[Any] = []
    node: Node | None = first
    after_special = False
    comments: list[str] = []
    while node is not None:
        if node.special is not None and after_special and not caps.consecutive_specials:
            if caps.comments and node.comments:  # KI2: a left-out special's follow the first's
                out[-1]["comments"] = out[-1].get("comments", []) + list(node.comments)
            node = node.next
            continue
        entry: dict[str, Any] = {}
        if node.move is not None:
            entry["move"] = node.move.usi()
        else:
            written = _special(node, caps, start)
            if written is None:
                node = node.next
                continue
            entry["special"] = written
            after_special = True
        if caps.comments and node.comments:
            comments = _comments(node.comments)
            entry["comments"] = comments
        if (time := _time(node, caps)) is not None and node.move is not None:
            entry["time"] = time
        if not mainline and node.parent is not None and node.parent.next is node:
            branches = [
                _line(v, caps, mainline, start)
                for v in node.parent.variations
                if v.move is not None or _special(v, caps, start) is not None
            ]
            if branches:
                entry["variations"] = branches
        out.append(entry)
        node = node.next
    return out


def held(game: Game, caps: Capabilities, mainline: bool) -> dict[str, Any]:
    """What of ``game`` a format with ``caps`` holds."""
    data: dict[str, Any] = {}
    if caps.start_positions:
        data["start"] = game.start.sfen(ply=None if caps.start_ply else 1)
    if caps.comments and game.root.comments:
        data["comments"] = _comments(game.root.comments)
    first = game.root.next
    data["moves"] = _line(first, caps, mainline, game.start) if first is not None else []
    return data


def _write(game: Game, target: Format) -> str | None:
    """The text, or None when the target refuses the game (a KifuError, nothing else)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LossyWriteWarning)  # declared; checked through held()
        try:
            return kifu_lark.dumps(game, target, mainline_only=not target.capabilities.branches)
        except KifuError:
            return None


@pytest.mark.parametrize("target", TARGETS, ids=lambda f: f.name)
def test_every_record_reads_back_or_is_refused(target: Format) -> None:
    caps = target.capabilities
    written = 0
    changed: list[str] = []
    for name, game in GAMES:
        text = _write(game, target)
        if text is None:
            continue
        try:
            back = kifu_lark.loads(text, target.name)
        except KifuError as err:
            pytest.fail(f"{name} written as {target.name} does not read back: {err}")
        written += 1
        if not caps.moves:  # a position format: the final position of the main line
            assert back.start.sfen() == game.final_position().sfen(), name
            continue
        mainline = not caps.branches
        if held(back, caps, mainline) != held(game, caps, mainline):
            changed.append(name)
    assert written > 0
    assert changed == [], f"{len(changed)} records change as {target.name}: {changed}"
