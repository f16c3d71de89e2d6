"""Rule breaches a record may hold: the tolerance a reader is given, and fouls a record declares.

A reader refuses every breach unless told to tolerate it (``tolerate=["two_pawns"]``): then
the move is kept and its breach listed on ``game.warnings``. A record may also declare that
its last move was a foul (反則勝ち of the side to move, CSA ``%ILLEGAL_MOVE``): that move is
kept whatever it breaks, and writers replaying the record let it through the same way.
"""

from __future__ import annotations

from collections.abc import Iterable

from kifu_lark.errors import KifuError
from kifu_lark.model.move import SpecialKind
from kifu_lark.model.node import Node
from kifu_lark.rules.violations import ALL_TOLERABLE, TOLERABLE, Violation
from kifu_lark.textio import READING_TOLERANCES

#: The codes of the breaches a record may be read with (``IllegalMoveError.code``).
TOLERABLE_CODES = frozenset(v.value for v in TOLERABLE.values())
#: Specials by which a record declares that its last move was a foul (反則勝ち of the side
#: to move, CSA ``%ILLEGAL_MOVE``): the move is then kept, with its breach as a warning.
FOUL_DECLARATIONS = frozenset({SpecialKind.ILLEGAL_WIN, SpecialKind.ILLEGAL_MOVE})


def foul_allowance(node: Node) -> frozenset[Violation]:
    """What a writer replaying ``node``'s move lets it break: every tolerable rule when the
    record declares the move a foul (a :data:`FOUL_DECLARATIONS` special follows it), as its
    reader then accepts it; nothing otherwise."""
    after = node.next
    if after is not None and after.special is not None and after.special.kind in FOUL_DECLARATIONS:
        return ALL_TOLERABLE
    return frozenset()


def tolerance(names: Iterable[str | Violation]) -> frozenset[Violation]:
    """The violations named (``"two_pawns"``, ``"wrong_turn"`` … or ``Violation`` values);
    the reading tolerances (``"truncated"``) are accepted and left to the decoding.

    Raises:
        KifuError: for a name that is not a tolerable breach.
    """
    allowed: set[Violation] = set()
    for name in names:
        if isinstance(name, Violation):
            allowed.add(name)
            continue
        key = name.strip().lower().replace("-", "_")
        if key in READING_TOLERANCES:
            continue  # not a rule: the bytes' decoding takes it (kifu_lark.textio)
        if key not in TOLERABLE:
            raise KifuError(
                f"cannot tolerate {name!r}",
                code="USAGE",
                hint="tolerable: " + ", ".join(sorted({*TOLERABLE, *READING_TOLERANCES})),
            )
        allowed.add(TOLERABLE[key])
    return frozenset(allowed)
