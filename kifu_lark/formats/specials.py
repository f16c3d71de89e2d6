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

from kifu_lark.errors import LossyWriteWarning, UnsupportedFeatureError
from kifu_lark.formats.base import Capabilities
from kifu_lark.model.game import Node
from kifu_lark.model.move import SpecialKind


def written_special(
    kind: SpecialKind,
    caps: Capabilities,
    format: str,
    also_exact: Collection[SpecialKind] = (),
    word: str | None = None,
) -> SpecialKind | None:
    """The special a writer of ``format`` writes for ``kind`` (``None``: left out).

    ``also_exact`` adds kinds a writer option makes exact (JKF's ``dialect="shogihome"``);
    ``word`` (an ``OTHER`` special's) is named in the warning or the error.

    Raises:
        UnsupportedFeatureError: when the format neither holds ``kind`` nor declares a fold.
    """
    exact = caps.special_kinds
    if caps.specials and (exact is None or kind in exact or kind in also_exact):
        return kind
    name = kind.name if word is None else f"{kind.name} {word!r}"
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
