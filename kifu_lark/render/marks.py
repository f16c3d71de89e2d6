"""The tactics found in a record (戦法, 囲い, 手筋, 備考; ``kifu_lark.tactics``) as the record
viewer marks them: a badge on the move where each first holds, the main line's among the
headers, and a cell of the folder's index.

The tactics are found by ``kifu_lark.tactics.find``, which stands above this layer: it is
reached through the model's views (:mod:`kifu_lark.model.views`), as the positions are.
Along the main line and along each variation, each tactic is marked once, on the move where
it first holds on that line; a variation keeps only the marks on its own moves (those before
it are its parent line's, marked there).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from attrs import field, frozen

from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.views import views

__all__ = ["TacticMark", "badges", "header_rows", "index_text", "tactic_marks"]

_MARKS = {Color.BLACK: "▲", Color.WHITE: "△"}


@frozen
class TacticMark:
    """A tactic found on a line of the record, on the move where it first holds.

    Attributes:
        node: that move's node.
        side: the side whose tactic it is.
        category: 戦法, 囲い, 手筋 or 備考.
        name: the tactic's name (美濃囲い).
    """

    node: Node = field(eq=False, repr=False)
    side: Color
    category: str
    name: str

    @property
    def label(self) -> str:
        """The side's mark and the name: ``▲美濃囲い``."""
        return _MARKS[self.side] + self.name


def tactic_marks(game: Game) -> list[TacticMark]:
    """The tactics of both sides along the main line, then along each variation (its own
    moves only), each line's in the order they first hold."""
    find = views().tactics
    marks: list[TacticMark] = []
    for first in _line_starts(game):
        nodes = game.line(first)
        own = {id(node) for node in nodes[len(first.path()) - 1 :]}
        for node, side, category, name in find(game, first):
            if id(node) in own:
                marks.append(TacticMark(node, side, category, name))
    return marks


def _line_starts(game: Game) -> list[Node]:
    """The first move of the main line, then of each variation (none without a move)."""
    root = game.root
    if not root.children:
        return []
    variations = (n for n in root.walk() if n.parent is not None and n.parent.children[0] is not n)
    return [root.children[0], *variations]


def badges(marks: Iterable[TacticMark]) -> dict[int, str]:
    """Each marked node's badges, as HTML to put after its move's text, by ``id(node)``."""
    out: dict[int, list[str]] = {}
    for mark in marks:
        side = "b" if mark.side is Color.BLACK else "w"
        out.setdefault(id(mark.node), []).append(
            f'<span class="kl-tac kl-tac-{side}" data-category="{escape(mark.category)}" '
            f'title="{escape(mark.category)}">{escape(mark.label)}</span>'
        )
    return {key: "".join(spans) for key, spans in out.items()}


def header_rows(
    marks: Sequence[TacticMark], game: Game, index: dict[int, int], names: dict[Color, str]
) -> list[tuple[str, str]]:
    """The main line's tactics as header rows (``先手の戦法`` → its names, each a button
    that shows the move where it first holds: ``index`` gives a node's place in the page),
    as (term, HTML) pairs; ``names`` are the sides' names (先手, or 下手 in a handicap game)."""
    main = {id(node) for node in game.mainline()}
    rows: list[tuple[str, str]] = []
    for side in (Color.BLACK, Color.WHITE):
        by_category: dict[str, list[TacticMark]] = {}
        for mark in marks:
            if mark.side is side and id(mark.node) in main:
                by_category.setdefault(mark.category, []).append(mark)
        for category, found in by_category.items():
            buttons = "、".join(
                f'<button type="button" class="kl-jump" data-n="{index[id(mark.node)]}">'
                f"{escape(mark.name)}</button>"
                for mark in found
            )
            rows.append((f"{names[side]}の{category}", buttons))
    return rows


def index_text(marks: Iterable[TacticMark], game: Game) -> str:
    """The main line's tactics as the index lists them: ``▲矢倉 ▲矢倉囲い △雁木``, black's
    first, each side's in the order they first hold."""
    main = {id(node) for node in game.mainline()}
    kept = [mark for mark in marks if id(mark.node) in main]
    kept.sort(key=lambda mark: mark.side is not Color.BLACK)  # stable: keeps each side's order
    return " ".join(mark.label for mark in kept)
