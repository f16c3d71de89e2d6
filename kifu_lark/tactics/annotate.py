"""Writing found tactics into a record, as bioshogi does: headers ``先手の戦法：棒銀, 角換わり``
(戦法, 囲い, 手筋, 備考, for each side) and a comment ``▲囲い：美濃囲い`` on the move where each
first appears, so tools that read bioshogi's output read ours."""

from __future__ import annotations

import copy

from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.tactics import find
from kifu_lark.tactics.found import Found
from kifu_lark.tactics.language import CATEGORIES

_MARKS = {Color.BLACK: "▲", Color.WHITE: "△"}


def header_key(side: Color, category: str) -> str:
    """``先手の戦法`` … ``後手の備考``: the header naming a side's tactics of a category."""
    return f"{side.kanji}の{category}"


def headers(found: list[Found]) -> dict[str, str]:
    """The header values of ``found``: names joined by ``, `` in order of appearance, for
    each side and category that has any (先手's first, 戦法 囲い 手筋 備考 in turn)."""
    values: dict[str, str] = {}
    for side in (Color.BLACK, Color.WHITE):
        for category in CATEGORIES:
            names = [f.name for f in found if f.side is side and f.category == category]
            if names:
                values[header_key(side, category)] = ", ".join(names)
    return values


def comment(found: Found) -> str:
    """The comment written on the move where a tactic first appears: ``▲囲い：美濃囲い``."""
    return f"{_MARKS[found.side]}{found.category}：{found.name}"


def annotated(game: Game) -> Game:
    """A copy of ``game`` with the tactics of its main line written as headers (replacing
    any of the same keys) and as comments on their moves (a comment already there is not
    written twice)."""

    # The start position is immutable and shared (writers recognise the usual start by
    # identity): only headers and the tree are copied.
    copied = copy.deepcopy(game, {id(game.start): game.start})
    found = find(copied)
    for key, value in headers(found).items():
        copied.headers[key] = value
    for item in found:
        text = comment(item)
        if text not in item.node.comments:
            item.node.comments = [*item.node.comments, text]
    return copied
