"""Tactics found in game records: 戦法 (openings), 囲い (castles), 手筋 (techniques) and 備考
(notes about the whole game).

Each 戦法, 囲い and 手筋 is a small file, ``tactics/<category>/<name>.tactic`` (shipped as
``kifu_lark.tactics_data``), read by ``grammars/tactic.lark``; see docs/tactics.md.

Example:
    >>> import kifu_lark
    >>> from kifu_lark import tactics
    >>> game = kifu_lark.loads("position startpos moves 7g7f 3c3d 2h6h", "usi")
    >>> [(f.side.kanji, f.category, f.name, f.ply) for f in tactics.find(game)]
    [('先手', '備考', '振り飛車', 3)]
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import NamedTuple

from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.tactics.found import Found
from kifu_lark.tactics.language import CATEGORIES, Tactic, TacticError, parse_tactic
from kifu_lark.tactics.match import Matcher, index_for
from kifu_lark.tactics.notes import NOTE, NOTE_NAMES, castle_notes

DATA_PACKAGE = "kifu_lark.tactics_data"


class TacticName(NamedTuple):
    """A tactic ``find`` may report: its category, name and other names."""

    category: str
    name: str
    aliases: tuple[str, ...]


def load(path: str | Path) -> Tactic:
    """Read one tactic file.

    Raises:
        KifuError: ``KifuSyntaxError`` or :class:`TacticError`, located in the file.
    """
    file = Path(path)
    return parse_tactic(file.read_text(encoding="utf-8"), str(file))


@functools.cache
def shipped() -> tuple[Tactic, ...]:
    """Every tactic shipped with kifu-lark, by category then name (read once).

    Raises:
        TacticError: a shipped file is misnamed or replaces a tactic that does not exist
            (the test suite reads them all, so an installed copy never does).
    """
    root = resources.files(DATA_PACKAGE)
    tactics: list[Tactic] = []
    for category in CATEGORIES:
        folder = root.joinpath(category)
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if not entry.name.endswith(".tactic"):
                continue
            source = f"tactics/{category}/{entry.name}"
            tactic = parse_tactic(entry.read_text(encoding="utf-8"), source)
            if tactic.name != entry.name.removesuffix(".tactic") or tactic.category != category:
                raise TacticError(
                    f"{source} holds {tactic.category} {tactic.name!r}",
                    format=source,
                    hint="name the file tactics/<category>/<name>.tactic",
                )
            tactics.append(tactic)
    check_set(tactics)
    return tuple(tactics)


def check_set(tactics: Iterable[Tactic]) -> None:
    """Names are unique and every ``replaces`` names a tactic of the set.

    Raises:
        TacticError: naming the file at fault.
    """
    known: dict[str, Tactic] = {}
    listed = list(tactics)
    for tactic in listed:
        for name in (tactic.name, *tactic.aliases):
            # 居玉 is both a 囲い some files draw and a note; a file may take that name.
            if name in known or (name in NOTE_NAMES and name != "居玉"):
                raise TacticError(
                    f"the name {name!r} is taken", format=tactic.source, hint="names are unique"
                )
            known[name] = tactic
    for tactic in listed:
        for parent in tactic.replaces:
            if parent not in known:
                raise TacticError(
                    f"replaces {parent!r}, which is no tactic", format=tactic.source, text=parent
                )


def names() -> list[TacticName]:
    """Every tactic :func:`find` may report: the shipped files, then the notes (備考)."""
    found = [TacticName(t.category, t.name, t.aliases) for t in shipped()]
    files = {t.name for t in found}
    return found + [TacticName(NOTE, name, ()) for name in NOTE_NAMES if name not in files]


_COLORS = (Color.BLACK, Color.WHITE)
_SIDE = {Color.BLACK: 0, Color.WHITE: 1}


def find(
    game: Game, line: Node | None = None, *, tactics: Iterable[Tactic] | None = None
) -> list[Found]:
    """The tactics of both sides along a line, in the order they first appear.

    Args:
        game: the game.
        line: a node: the line is the path from the root to it, continued along its main
            line (as ``game.line``); the main line by default.
        tactics: the tactics to look for (default: :func:`shipped`).

    Returns:
        One :class:`Found` per side and tactic, at the move where it first appears, sorted
        by ply; a tactic that another found for the same side ``replaces`` is left out.

    Raises:
        ValueError: when ``line`` is not in this game's tree.
    """
    chosen = shipped() if tactics is None else tuple(tactics)
    nodes = game.line(line)
    index = index_for(chosen, game.start.variant)
    matcher = Matcher(game, index)
    found = matcher.run(game, nodes)
    replaces = index.replaces
    if matcher.takes_notes:
        castles = [(_SIDE[f.side], f.name, f.ply, f.node) for f in found if f.category == "囲い"]
        found += [
            Found(_COLORS[side], NOTE, name, ply, node)
            for side, name, ply, node in castle_notes(castles, replaces)
        ]
    replaced = {(f.side, parent) for f in found for parent in replaces.get(f.name, ())}
    kept = [f for f in found if (f.side, f.name) not in replaced]
    kept.sort(key=lambda f: f.ply)
    return kept


__all__ = ["Found", "Tactic", "TacticError", "TacticName", "find", "load", "names", "shipped"]
