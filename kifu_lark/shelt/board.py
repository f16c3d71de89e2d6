"""A text drawing of a シェルト position, for ``kifu-lark show``."""

from __future__ import annotations

from kifu_lark.errors import KifuError
from kifu_lark.shelt.model import KANJI_OF, RANKS, SIDE_OF, TEEMS, SheltRecord, Side, State


def _width(text: str) -> int:
    """Terminal cells taken by ``text`` (kanji and kana take two)."""
    return sum(2 if ord(ch) > 0x2E7F else 1 for ch in text)


def _cell(name: str | None, state: State, kanji: bool) -> str:
    if name is None:
        text = " ・" if kanji else " . "
    elif not kanji:
        text = name
    else:
        text = ("  " if name == TEEMS else SIDE_OF[name].kanji) + KANJI_OF[name]
    if name is not None and name in state.turned:
        text += "'"
    return text + " " * (5 - _width(text))


def draw(state: State, *, kanji: bool = False) -> str:
    """The board from ソーン's side (rank v) down to アルシェ's (rank p), then what each side
    holds. Turned pieces carry a ``'``; in kanji, 青 marks アルシェ's pieces and 赤 ソーン's."""
    head = "  " + "".join(f"{f:^4} " for f in range(1, 8))
    lines = [head]
    for rank, row in enumerate(state.board):
        lines.append(RANKS[rank] + " " + "".join(_cell(c, state, kanji) for c in row))
    for side in Side:
        label = "アルシェ (a)" if side is Side.ARXE else "ソーン (s)"
        names = [KANJI_OF[p] if kanji else p for p in state.pool(side)]
        placed = state.placed_by(side)
        shown = (KANJI_OF[placed] if kanji else placed) if placed else "-"
        lines.append(f"{label}: captured {' '.join(names) or '-'}; on teems {shown}")
    lines.append(f"to move: {'アルシェ (a)' if state.side is Side.ARXE else 'ソーン (s)'}")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def board_text(record: SheltRecord, ply: int | None = None, *, kanji: bool = False) -> str:
    """The position after ``ply`` plies of ``record`` (the end when None), drawn as text.

    Raises:
        KifuError: ``USAGE`` for a ``ply`` outside 0 … the number of plies.
    """
    states = record.positions()
    return draw(states[position_index(record, ply, len(states))], kanji=kanji)


def position_index(record: SheltRecord, ply: int | None, count: int) -> int:
    """The index in ``record.positions()`` (``count`` long) of the position after ``ply``
    plies: the last for None.

    Raises:
        KifuError: ``USAGE`` for a ``ply`` outside 0 … the number of plies (as for shogi
            records: the main line has N moves, not M).
    """
    if ply is None:
        return count - 1
    if not 0 <= ply < count:
        raise KifuError(
            f"the record has {count - 1} plies, not {ply}",
            code="USAGE",
            hint=f"a ply counts from 0 (the start) to {count - 1}",
        )
    return ply


def board_text_kanji(record: SheltRecord, ply: int | None = None) -> str:
    """:func:`board_text` with kanji piece names."""
    return board_text(record, ply, kanji=True)
