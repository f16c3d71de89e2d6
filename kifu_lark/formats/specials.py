"""What a writer writes for a special: itself, its declared fold, or a refusal.

A format declares the specials it writes exactly (``Capabilities.special_kinds``) and, for
some it cannot, a documented fold (``Capabilities.special_folds``): the nearest special it
has, or nothing. Writers ask :func:`written_special` for every special they write, so the
declaration and the output cannot drift apart, and the caller hears of every fold through
a :class:`~kifu_lark.errors.LossyWriteWarning`.
"""

from __future__ import annotations

import warnings
from collections.abc import Collection

from kifu_lark.errors import IllegalMoveError, LossyWriteWarning, UnsupportedFeatureError
from kifu_lark.formats.base import Capabilities
from kifu_lark.model.color import Color
from kifu_lark.model.game import Node
from kifu_lark.model.move import SpecialKind
from kifu_lark.model.position import Position
from kifu_lark.rules.board import Board
from kifu_lark.rules.endings import Termination, outcome
from kifu_lark.rules.violations import ALL_TOLERABLE


def written_special(
    kind: SpecialKind,
    caps: Capabilities,
    format: str,
    also_exact: Collection[SpecialKind] = (),
    word: str | None = None,
    foul_in_moves: bool = False,
) -> SpecialKind | None:
    """The special a writer of ``format`` writes for ``kind`` (``None``: left out).

    ``also_exact`` adds kinds a writer option makes exact (JKF's ``dialect="shogihome"``);
    ``word`` (an ``OTHER`` special's) is named in the warning or the error.
    ``foul_in_moves`` says that the move before the special breaks a rule
    (:func:`foul_before`): a format without ``ILLEGAL_MOVE`` then writes it as the
    ``ILLEGAL_WIN`` of the side to move (反則勝ち: the previous move was the foul), which
    names the right loser and declares the foul its reader must see, rather than its fold
    (反則負け: the side to move fouled, off the record).

    Raises:
        UnsupportedFeatureError: when the format neither holds ``kind`` nor declares a fold.
    """
    exact = caps.special_kinds
    if caps.specials and (exact is None or kind in exact or kind in also_exact):
        return kind
    name = kind.name if word is None else f"{kind.name} {word!r}"
    if (
        foul_in_moves
        and kind is SpecialKind.ILLEGAL_MOVE
        and (exact is None or SpecialKind.ILLEGAL_WIN in exact)
    ):
        warnings.warn(
            LossyWriteWarning(
                f"{format} has no {name}: written as ILLEGAL_WIN (the foul is the last move: "
                "the side to move wins by it)",
                format=format,
                kind=kind.name,
                written=SpecialKind.ILLEGAL_WIN.name,
            ),
            stacklevel=3,
        )
        return SpecialKind.ILLEGAL_WIN
    if kind in caps.special_folds:
        written = caps.special_folds[kind]
        what = f"written as {written.name}" if written is not None else "left out"
        warnings.warn(
            LossyWriteWarning(
                f"{format} has no {name}: {what}",
                format=format,
                kind=kind.name,
                written=None if written is None else written.name,
            ),
            stacklevel=3,
        )
        return written
    holds = sorted(k.name for k in exact) if caps.specials and exact is not None else []
    raise UnsupportedFeatureError(
        f"{format} cannot hold the special {name}",
        format=format,
        hint=("it holds " + ", ".join(holds)) if holds else "it holds no specials",
    )


def foul_before(start: Position, node: Node) -> bool:
    """Whether the move just before ``node`` (a special) breaks a rule: a foul the record
    holds (read with its declaration, or ``tolerate``), which the special declares."""
    parent = node.parent
    if parent is None or parent.move is None:
        return False
    board = Board.from_position(start)
    board.hashing = False  # no repetition is asked about
    path = parent.path()
    for step in path[:-1]:
        if step.move is not None:
            board.push(step.move, ALL_TOLERABLE)  # breaches read with ``tolerate``
    try:
        board.push(parent.move)
    except IllegalMoveError:
        return True
    return False


def perpetual_checker(start: Position, node: Node) -> Color | None:
    """The side that checked throughout the fourfold repetition ``node`` (a special) ends,
    which loses (王手千日手); ``None`` when the rules see no perpetual check there."""
    parent = node.parent
    board = Board.from_position(start)
    if parent is not None:
        for step in parent.path():
            if step.move is not None:
                board.push(step.move, ALL_TOLERABLE)
    ends = outcome(board)
    if ends is None or ends.termination is not Termination.PERPETUAL_CHECK:
        return None
    assert ends.winner is not None  # the checked side wins
    return ends.winner.opponent


def left_out_after_special(node: Node, format: str) -> None:
    """Warn that ``node``, which follows a special, is left out (``consecutive_specials``);
    the writer keeps its comments, written after the first special's."""
    what = node.special.kind.name if node.special is not None else "move"
    comments = len(node.comment_lines)
    extra = f" (its {comments} comment line(s) join the first's)" if comments else ""
    warnings.warn(
        LossyWriteWarning(
            f"{format} ends a line with one special: the {what} after it is left out{extra}",
            format=format,
            kind=what,
            written=None,
        ),
        stacklevel=3,
    )


def folds_everything(
    kinds: Collection[SpecialKind] = (), into: SpecialKind | None = None
) -> dict[SpecialKind, SpecialKind | None]:
    """A fold of every special outside ``kinds`` into ``into`` (``None``: left out)."""
    return {kind: into for kind in SpecialKind if kind not in kinds}
