"""GameBuilder's engine-level paths agree with its general, model-level path.

``move_piece`` (KI2 moves: no origin) plays most moves on engine values; ``_move_resolved``
resolves a model ``Move`` with ``resolve_unqualified`` and pushes it. On random positions,
for the destinations and kinds of every move that obeys piece movement (pinned pieces and
moves out of check included), with every relative word and 成/不成, both must give the
same move or the same error.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kifu_lark.errors import KifuError
from kifu_lark.model.color import Color
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import MINISHOGI, STANDARD
from kifu_lark.rules.board import Board
from kifu_lark.rules.geometry import KINDS
from kifu_lark.rules.movegen import pseudo_tuples
from kifu_lark.rules.replay import GameBuilder
from tests.strategies import positions

_Target = tuple[Square, PieceKind]
_WORDS = ("", "右", "左", "上", "引", "寄", "直", "右上", "左引", "左上", "右引", "右寄")


def _outcome(
    start: Position, fast: bool, to: Square, piece: PieceKind, promote: bool | None, words: str
) -> tuple[str, object, object]:
    builder = GameBuilder(start, format="ki2")
    color = builder.color
    try:
        if fast:
            node = builder.move_piece(to, color, piece, promote, None, words, None, None, None)
        else:
            node = builder._move_resolved(
                to, color, None, piece, None, promote, None, words, None, None, None
            )
    except KifuError as err:
        return ("error", err.code, None)
    return ("move", node.move, builder.board.to_position().sfen())


def _targets(board: Board) -> tuple[list[_Target], list[_Target]]:
    """(destination, kind) of every move obeying piece movement, board moves and drops:
    those that several pieces reach (where words matter), then the others."""
    g = board.g
    reach: dict[_Target, int] = {}
    for frm, to, _promote, drop in pseudo_tuples(board):
        code = drop if drop else board.cells[frm]
        target = (g.square_of[to], KINDS[(code & 15) - 1])
        reach[target] = reach.get(target, 0) + (0 if drop else 1)
    order = sorted(reach, key=lambda t: (t[0], t[1].value))
    return [t for t in order if reach[t] > 1], [t for t in order if reach[t] <= 1]


@given(
    start=st.one_of(positions(STANDARD, max_plies=60), positions(MINISHOGI, max_plies=30)),
    data=st.data(),
)
def test_move_piece_agrees_with_the_general_path(start: Position, data: st.DataObject) -> None:
    """Same move (and position after it) or same error code, for every name around the
    position's moves."""
    several, others = _targets(Board.from_position(start))
    picked = several
    if others:
        picked += data.draw(st.lists(st.sampled_from(others), max_size=8, unique=True))
    for to, piece in picked:
        for words in _WORDS:
            for promote in (None, True, False):
                fast = _outcome(start, True, to, piece, promote, words)
                assert fast == _outcome(start, False, to, piece, promote, words), (
                    to,
                    piece,
                    words,
                    promote,
                )


def test_pinned_single_piece_and_a_drop() -> None:
    """The only gold that reaches 4八 is pinned: 金 means the drop, as the general
    path decides (the fast path plays the gold, sees it illegal and steps aside)."""
    start = Position.from_sfen("9/9/9/9/4r4/9/9/4G4/4K4 b G 1")
    for fast in (True, False):
        kind, move, _ = _outcome(start, fast, Square(4, 8), PieceKind.GOLD, None, "")
        assert kind == "move" and move is not None
        assert move.from_ is None and move.color is Color.BLACK  # type: ignore[attr-defined]
