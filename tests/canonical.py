"""A canonical, readable JSON dump of a game, used by golden fixtures.

Positions are SFEN, moves USI plus the facts USI leaves out (piece, capture), so a reviewer
can read a golden file and a diff points at the ply that changed.
"""

from __future__ import annotations

import json
from typing import Any

from kifu_lark.model.game import Game, Node
from kifu_lark.model.headers import Headers


def _node(node: Node) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if node.move is not None:
        m = node.move
        out["move"] = m.usi()
        out["piece"] = m.piece.value
        if m.captured is not None:
            out["captured"] = m.captured.value
    if node.special is not None:
        out["special"] = node.special.kind.name
        if node.special.word is not None:
            out["word"] = node.special.word
        if node.special.color is not None:
            out["color"] = node.special.color.name.lower()
    if node.comments:
        out["comments"] = list(node.comments)
    if node.time is not None:
        out["time"] = [node.time.spent, node.time.total]
    if node.bookmark is not None:
        out["bookmark"] = node.bookmark
    if len(node.children) > 1:
        out["variations"] = [_line(child) for child in node.children[1:]]
    return out


def _line(first: Node) -> list[dict[str, Any]]:
    """``first`` and its main continuation, each with its own variations."""
    nodes = [first, *first.mainline()]
    return [_node(n) for n in nodes]


def _headers(headers: Headers) -> list[list[str]]:
    return [[k if isinstance(k, str) else f"HeaderKey.{k.name}", v] for k, v in headers.entries]


def to_data(game: Any) -> dict[str, Any]:
    """The canonical dict of a game (other games' records provide ``to_data()``)."""
    if not isinstance(game, Game):
        data: dict[str, Any] = game.to_data()
        return data
    data = {
        "variant": game.start.variant.name,
        "start": game.start.sfen(),
        "handicap": game.handicap,
        "headers": _headers(game.headers),
        "comments": list(game.root.comments),
        "moves": _line(game.root.children[0]) if game.root.children else [],
    }
    if len(game.root.children) > 1:
        data["variations"] = [_line(c) for c in game.root.children[1:]]
    if game.summary_line is not None:
        kept = game.summary_line
        winner = None if kept.winner is None else kept.winner.name.lower()
        data["summary_line"] = [kept.plies, winner, kept.text]
    if game.warnings:
        data["warnings"] = [[w.code, w.ply] for w in game.warnings]
    return data


def dumps(games: list[Any]) -> str:
    """The golden text for the games read from one fixture."""
    return json.dumps([to_data(g) for g in games], ensure_ascii=False, indent=1) + "\n"
