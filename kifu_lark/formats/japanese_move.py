"""A move in Japanese words: written as KI2 writes it, and a move word taken apart.

KI2 writes a move with the fewest relative words that tell the pieces apart (``▲同　馬左``,
see ``rules.relative``). A move word reads as ``grammars/ki2.lark``'s KI2_MOVE defines it,
KIF's spelling with an origin (``▲７六歩(77)``) included. The KI2 reader and writer share
these with the evaluation comments' principal variations and with :class:`kifu_lark.Board`
(through :mod:`kifu_lark.formats.move_text`, which also holds KIF's one-move writer), so no
notation borrows them from another. Compiled, as the KI2 reader and writer are: they run
these per move.
"""

from __future__ import annotations

import re

from kifu_lark.formats.engine.memo import remember
from kifu_lark.formats.engine.parsing import terminal_regex
from kifu_lark.formats.japanese import (
    KANJI_DIGITS,
    PIECE_MOVE_NAME,
    PIECE_NAMES,
    SPECIAL_NAMES,
    ZEN_DIGITS,
    digit_value,
)
from kifu_lark.model.color import Color
from kifu_lark.model.move import Move, SpecialKind
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square
from kifu_lark.rules.board import Board
from kifu_lark.rules.relative import relative_words

# --- writing --------------------------------------------------------------------------------

def write_ki2_move(board: Board, move: Move, previous: Move | None) -> str:
    """One move as KI2 writes it on ``board`` (before the move), e.g. ``▲同　歩`` or
    ``△５二金右上成``; ``previous`` is the move before it (for 同)."""
    words = relative_words(board, move)
    name = PIECE_MOVE_NAME[move.piece]
    frm = move.from_
    if words is None:  # no words can tell the pieces apart: give the origin
        assert frm is not None
        words = f"({frm.file}{frm.rank})"
    to = move.to
    if frm is not None and move.piece.can_promote:
        # inside the promotion zone at either end: 成 or 不成 must be written
        zone = board.g.in_zone[0 if move.color is Color.BLACK else 1]
        width = board.g.width
        if zone[(frm.rank + 1) * width + frm.file] or zone[(to.rank + 1) * width + to.file]:
            promotion = "成" if move.promote else "不成"
            if words.startswith("("):
                words = promotion + words
            else:
                words += promotion
    rest = name + words
    mark = "▲" if move.color is Color.BLACK else "△"
    # fields, not Square.__eq__: cheaper, and this runs per move written
    if previous is not None and previous.to.file == to.file and previous.to.rank == to.rank:
        return mark + "同" + ("　" if len(rest) == 1 else "") + rest
    return mark + ZEN_DIGITS[to.file - 1] + KANJI_DIGITS[to.rank - 1] + rest


# --- reading --------------------------------------------------------------------------------

#: The turn marks a move word starts with.
MARKS = frozenset("▲△☗☖▼▽")
_BLACK_MARKS = frozenset("▲☗▼")
_ACTIONS: dict[str | None, tuple[bool | None, bool | None]] = {
    None: (None, None),
    "成": (True, None),
    "不成": (False, None),
    "生": (False, None),
    "打": (None, True),
}
# Every spelling of a square a move may use (ASCII or full-width file; kanji, ASCII or
# full-width rank) → Square, built once so that reading costs a look-up.
_SQUARES = {
    f + r: Square(digit_value(f), digit_value(r))
    for f in "123456789" + ZEN_DIGITS
    for r in KANJI_DIGITS + "123456789" + ZEN_DIGITS
}


def move_regex() -> re.Pattern[str]:
    """KI2_MOVE as ``ki2.lark`` defines it (lark inlines it into MOVE_LINE), with its named
    groups: mark, special, to, piece, relative, action, origin."""
    return terminal_regex("ki2.lark", "KI2_MOVE")


#: What a move word says, as readers hand it to ``GameBuilder``: (mover, special or
#: ``None``, destination or ``None`` for 同, piece, relative words, 成/不成, 打, origin).
Fields = tuple[
    Color,
    SpecialKind | None,
    Square | None,
    PieceKind | None,
    str,
    bool | None,
    bool | None,
    Square | None,
]
#: A move word → its :data:`Fields`. A record repeats a few hundred move texts, so each is
#: taken apart once: a reader looks a word up here before it matches it. Bounded (see
#: ``engine.memo``).
FIELDS: dict[str, Fields] = {}
_FIELDS_KEPT = 65536
_FIELD_GROUPS = ("mark", "special", "to", "piece", "relative", "action", "origin")


def fields_of(m: re.Match[str], text: str) -> Fields:
    """The fields of move word ``text``, matched by ``m`` (:func:`move_regex`'s groups, by
    name), remembered in :data:`FIELDS`."""
    mark, special, to, piece, relative, action, origin = m.group(*_FIELD_GROUPS)
    promote, drop = _ACTIONS[action]
    fields: Fields = (
        Color.BLACK if mark in _BLACK_MARKS else Color.WHITE,
        None if special is None else SPECIAL_NAMES.get(special, SpecialKind.OTHER),
        None if to is None else _SQUARES[to],
        None if piece is None else PIECE_NAMES[piece],
        relative or "",
        promote,
        drop,
        None if origin is None else _SQUARES[origin],
    )
    return remember(FIELDS, text, fields, _FIELDS_KEPT)


def move_fields(text: str) -> Fields | None:
    """What one move word says, as the readers take it apart: (mover, special or
    ``None``, destination or ``None`` for 同, piece, relative words, 成/不成 as
    ``True``/``False``/``None``, 打, origin or ``None``). The word must start with its mark
    (``▲７六歩``, ``△同　歩``, ``▲５二金右``); the KIF spelling with an origin
    (``▲７六歩(77)``) reads too. ``None`` when ``text`` is not exactly one move."""
    m = move_regex().fullmatch(text)
    if m is None:
        return None
    return FIELDS.get(text) or fields_of(m, text)
