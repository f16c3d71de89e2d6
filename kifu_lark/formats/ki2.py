"""KI2 and KI2U: Kifu for Windows' "human" notation (``▲７六歩　△同　歩　▲５二金右``).

Headers, board diagrams, comments and 変化 sections are those of KIF; moves carry no origin.
The reader (:mod:`~kifu_lark.formats.ki2_read`) hands each move as written (destination or
同, piece, relative words, 成/不成/打) to :class:`~kifu_lark.rules.replay.GameBuilder`, which
resolves it against the position: an ambiguous move raises ``AmbiguousMoveError`` naming the
candidates, words that contradict the only candidate raise ``RELATIVE_MISMATCH`` unless
``tolerate=["relative_words"]``.

The writer (:mod:`~kifu_lark.formats.ki2_write`) gives the shortest notation the official
rules allow (see ``rules.relative``), six moves a line as Kifu for Windows does, comments and
bookmarks after their move, the ``まで…`` line for a final special and 変化 sections for
variations.
"""

from __future__ import annotations

import re

from kifu_lark.formats.base import Format
from kifu_lark.formats.japanese_move import MARKS, move_regex
from kifu_lark.formats.ki2_read import NAME, read_ki2
from kifu_lark.formats.ki2_write import CAPABILITIES, write_ki2


def _detect(text: str) -> float:
    """KI2 text has lines that start with a turn mark and read as moves, and no numbered
    KIF move lines."""
    score = 0.0
    regex = move_regex()
    for line in text.splitlines()[:80]:
        line = line.strip(" \t　\ufeff")
        if line[:1] in MARKS and regex.match(line):
            score = 0.8
        elif _KIF_MOVES.match(line):
            return 0.0  # a KIF move section
    return score


# `手数----指手--` or a numbered move line `1 ７六歩(77)`
_KIF_MOVES = re.compile(r"手数[-－―ー]|[0-9]+[ \t]+\S")


FORMAT = Format(
    name=NAME,
    description="KI2 / KI2U: Kifu for Windows' human notation (右 左 上 引 寄 直 打 同)",
    extensions=(".ki2", ".ki2u"),
    reader=read_ki2,
    writer=write_ki2,
    grammar="ki2.lark",
    variants=frozenset({"any"}),
    capabilities=CAPABILITIES,
    detect=_detect,
    encodings={".ki2": "cp932", ".ki2u": "utf-8"},
)
