"""The readers' private names the equivalence suite reaches, in one place: the move loops'
own cuts of a run of moves (checked against lark's line terminals) and the memo tables a
read fills (emptied for a cold read). Everything else the suite reads through the format's
``engine.Declaration``.

The CSA move run and the KIF move block live in modules of their own, formats/csa_moves.py
and formats/kif_moves.py (issue 33, step 2).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from kifu_lark.formats import csa_moves, csa_start, diagram, japanese_move, ki2_read, kif_moves
from kifu_lark.formats.engine import tokens

#: The KIF walk reads a block this many characters at a time.
KIF_CHUNK: int = kif_moves._CHUNK


def csa_move_lines(grammar: str) -> Callable[[str], list[str]]:
    """The CSA reader's cut of a MOVE_RUN token into its MOVE_LINEs."""
    return lambda run: csa_moves.move_line_pattern(grammar)(run)


def kif_block_lines(block: str) -> list[str]:
    """The KIF reader's walk through a MOVES_BLOCK token: its lines, as the walk takes them."""
    return [m.group() for m in kif_moves._block_regex().finditer(block)]


def kif_walk() -> tuple[re.Pattern[str], re.Pattern[str], int, tuple[str, ...]]:
    """The KIF walk: PLY_LINE's regex (every group), the split regex (the groups the walk
    keeps, then a comment or bookmark line whole), the items a line in its split, and the
    groups it keeps."""
    return (
        kif_moves._ply_regex(),
        kif_moves._walk_regex(),
        kif_moves._STRIDE,
        kif_moves._WALK_GROUPS,
    )


def ki2_walk() -> re.Pattern[str]:
    """The KI2 walk of a move line: a move with the blanks before it (group 1) and the move
    (group 2), or the rest of the line where no move starts (both groups empty)."""
    return ki2_read._walk_regex()


def kif_line_starts(block: str, line: int) -> Any:
    """The KIF walk's record of where a block's lines start (``.at(line)``)."""
    return kif_moves._LineStarts(block, line)


def csa_memos() -> list[dict[Any, Any]]:
    """The tables a CSA or MSK read fills."""
    return [csa_moves._MOVES, csa_moves._TAILS, csa_start._USUAL_ROWS, tokens._LINE_KINDS]


def kif_memos() -> list[dict[Any, Any]]:
    """The tables a KIF read fills."""
    return [
        kif_moves._MOVES, kif_moves._SPENT, kif_moves._TOTALS, diagram._ROWS, tokens._LINE_KINDS
    ]


def ki2_memos() -> list[dict[Any, Any]]:
    """The tables a KI2 read fills."""
    return [japanese_move.FIELDS, diagram._ROWS, tokens._LINE_KINDS]
