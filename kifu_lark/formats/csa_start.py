"""The start position a CSA record's set-up lines give (``PI``, ``P1``…``P9``, ``P+``/``P-``
with ``00`` hands and ``00AL``), for :mod:`kifu_lark.formats.csa` and its dialects.

Compiled with mypyc in the compiled build, as the reader is: server records (floodgate)
repeat the usual start as nine ``P`` rows in every record, and the usual start is one shared
position per variant and side, whose rules-engine set-up is kept by identity.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from typing import Any

from lark import Token

from kifu_lark.errors import InvalidRecordError, KifuError
from kifu_lark.formats.csa_dialect import Dialect
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.engine.memo import remember
from kifu_lark.model.color import Color
from kifu_lark.model.hand import Hand
from kifu_lark.model.piece import HAND_KINDS, Piece, PieceKind
from kifu_lark.model.position import SET_HINT, Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import Variant

#: A piece's CSA code (``FU``) → its kind; a side's sign → its colour; a square's two
#: digits (``77``) → the square: the reader's tables, shared with the move loop.
KINDS = {k.value: k for k in PieceKind}
COLORS = {"+": Color.BLACK, "-": Color.WHITE}
SQUARES = {f"{f}{r}": Square(f, r) for f in range(1, 10) for r in range(1, 10)}
#: A ``P1``… cell (``+FU``, ``-RY``) → its piece: one instance each, shared (Piece is immutable)
_CELL_PIECES = {c + k.value: Piece(k, color) for c, color in COLORS.items() for k in PieceKind}
_ALL_PIECES = {  # pieces of each kind in a full set, kings apart (for P±00AL)
    "standard": {"FU": 18, "KY": 4, "KE": 4, "GI": 4, "KI": 4, "KA": 2, "HI": 2},
    "minishogi": {"FU": 2, "GI": 2, "KI": 2, "KA": 2, "HI": 2},
}


@functools.cache
def cell_pattern(grammar: str) -> Callable[[str], list[str]]:
    """``findall`` of the grammar's ``CELL`` terminal: a ``BOARD_ROW`` token is its ``P_ROW``
    and then cells separated by blanks only."""
    return findall_of(parsing.terminal_pattern(grammar, "CELL"))


def findall_of(regexp: str) -> Callable[[str], list[str]]:
    """``findall`` of ``regexp``'s whole matches (a dialect's terminal may hold groups)."""
    pattern = re.compile(regexp)
    if pattern.groups:  # findall would return the groups: a dialect's terminal has some
        return lambda text: [found.group() for found in pattern.finditer(text)]
    return pattern.findall


# Server records (floodgate) give the usual start as nine P1…P9 lines, the same text in
# every record: whether the text from the first row to the last holds exactly the usual
# start's rows is remembered (per grammar), and the same text in the next record is not cut
# into cells again. The same text holds the same rows: the cut from a row's start depends on
# nothing before it. One slice and its hash, not nine copies in a tuple. Bounded.
_USUAL_ROWS: dict[tuple[str, str], bool] = {}
_USUAL_ROWS_KEPT = 64


def _usual_rows(
    dialect: Dialect, text: str, setup: list[tuple[Any, ...]]
) -> bool | list[list[str]]:
    """Whether ``setup`` is exactly the P1… rows of the usual start: ``True``, or else
    ``False`` when it is not rows alone, or the rows' cells (the caller places them)."""
    variant = dialect.variant
    if len(setup) != variant.ranks or not all(item[0] == "row" for item in setup):
        return False
    first: Token = setup[0][1]
    last: Token = setup[-1][1]
    if first.start_pos is None or last.start_pos is None:  # lark locates every token
        raise ValueError("a row token without its offset")
    key = (dialect.grammar, text[first.start_pos : last.start_pos + len(last)])
    if key in _USUAL_ROWS:
        return True
    cut = cell_pattern(dialect.grammar)
    cells = [cut(item[1][2:]) for item in setup]
    if [(item[1][:2], row) for item, row in zip(setup, cells, strict=True)] != _initial_rows(
        variant
    ):
        # not remembered: boards of a game's middle are a new text each time, and would
        # push the usual rows out of the table
        return cells
    remember(_USUAL_ROWS, key, True, _USUAL_ROWS_KEPT)
    return True


def record_error(
    dialect: Dialect, text: str, message: str, code: str, token: Token, hint: str | None = None
) -> KifuError:
    """The error of a record's statement ``token``, located with its line."""
    lines = text.split("\n")
    return InvalidRecordError(
        message,
        code=code,
        format=dialect.name,
        line=token.line,
        column=token.column,
        text=str(token),
        hint=hint,
        source_line=lines[token.line - 1] if token.line and token.line <= len(lines) else None,
    )


def start_position(
    dialect: Dialect, text: str, setup: list[tuple[Any, ...]], turn: Token | None
) -> Position:
    """The start position of a record's set-up statements (``PI``, ``P1``…, ``P+``/``P-``)
    and its turn line: the shared usual start where they give it."""
    variant = dialect.variant
    color = COLORS[str(turn)] if turn is not None else Color.BLACK
    if not setup or (len(setup) == 1 and setup[0][0] == "pi" and setup[0][1] == "PI"):
        return _initial(variant, color)  # the usual start: most records
    usual = _usual_rows(dialect, text, setup)
    if usual is True:
        # Server records (floodgate) give the usual start as P1…P9: the shared instance
        # then serves, as for PI (its engine set-up is kept too).
        return _initial(variant, color)
    row_cells = None if usual is False else usual  # the rows' cells, already cut
    cut = cell_pattern(dialect.grammar)
    # the board by square index (Position's order): no Square hashed or built a cell
    board: dict[int, Piece] = {}
    hands: tuple[dict[PieceKind, int], dict[PieceKind, int]] = ({}, {})
    rest: list[tuple[Color, Token]] = []
    index = _square_indices(variant.files, variant.ranks)
    files = variant.files
    for n, item in enumerate(setup):
        tag, token = item[0], item[1]
        if tag == "pi":
            start = _initial(variant, color).board
            board = {i: piece for i, piece in enumerate(start) if piece is not None}
            for square, kind in _pairs(token[2:]):
                at = index[square.csa()]
                piece = board.get(at)
                if piece is None or piece.kind is not kind:
                    raise record_error(
                        dialect,
                        text,
                        f"PI removes {kind.value} from {square.csa()}, which does not hold it",
                        "BAD_POSITION",
                        token,
                        hint="PI names squares and pieces of the usual start",
                    )
                del board[at]
        elif tag == "row":
            row = cut(token[2:]) if row_cells is None else row_cells[n]
            at = int(token[1]) * files  # the rank's last index, past its first file's
            for cell in row:  # from the highest file down
                at -= 1
                if cell == "*":
                    board.pop(at, None)
                else:
                    board[at] = _CELL_PIECES[cell]
        else:
            side = COLORS[token[1]]
            for code in _chunks(token[2:]):
                if code == "00AL":
                    rest.append((side, token))
                elif code.startswith("00"):
                    hand = hands[side is Color.WHITE]
                    hand[KINDS[code[2:]]] = hand.get(KINDS[code[2:]], 0) + 1
                else:
                    at = index[code[:2]]
                    if at in board:
                        raise record_error(
                            dialect,
                            text,
                            f"{code[:2]} is placed twice",
                            "BAD_POSITION",
                            token,
                            "each square takes one piece: check the P lines' squares",
                        )
                    board[at] = Piece(KINDS[code[2:]], side)
    for side, token in rest:
        _add_remaining(dialect, text, board, hands, side, token)
    cells: list[Piece | None] = [None] * (variant.files * variant.ranks)
    for at, piece in board.items():
        cells[at] = piece
    try:
        return Position(variant, tuple(cells), (Hand.of(hands[0]), Hand.of(hands[1])), color)
    except ValueError as err:  # more pieces than the set: at the last set-up line
        raise record_error(
            dialect, text, str(err), "BAD_POSITION", setup[-1][1], SET_HINT
        ) from None


def _add_remaining(
    dialect: Dialect,
    text: str,
    board: dict[int, Piece],
    hands: tuple[dict[PieceKind, int], dict[PieceKind, int]],
    side: Color,
    token: Token,
) -> None:
    """``P±00AL``: every piece of the set not on the board nor in a hand goes to ``side``."""
    left = dict(_ALL_PIECES[dialect.variant.name])
    used = [p.kind.unpromoted().value for p in board.values() if p.kind is not PieceKind.KING]
    used += [kind.value for hand in hands for kind, n in hand.items() for _ in range(n)]
    for code in used:
        left[code] = left.get(code, 0) - 1
        if left[code] < 0:
            raise record_error(
                dialect,
                text,
                f"more {code} than a set holds before 00AL",
                "BAD_POSITION",
                token,
                "00AL gives the pieces left over: the lines before it place too many",
            )
    hand = hands[side is Color.WHITE]
    for kind in HAND_KINDS:
        if left.get(kind.value):
            hand[kind] = hand.get(kind, 0) + left[kind.value]


@functools.cache
def _square_indices(files: int, ranks: int) -> dict[str, int]:
    """A square's two digits (``77``) → its index in a Position board of that size (keyed
    by the numbers: a Variant's hash is attrs' interpreted method)."""
    return {
        f"{file}{rank}": (rank - 1) * files + file - 1
        for file in range(1, files + 1)
        for rank in range(1, ranks + 1)
    }


def _initial(variant: Variant, turn: Color) -> Position:
    """The usual start of ``variant`` with ``turn`` to move: one shared instance each (the
    engine keeps the set-up of a start by identity)."""
    # Looked up by the variant's identity: a Variant's hash (attrs, interpreted) and a
    # Color's (Enum's, by name) cost a record more than the rest of its start.
    known = _INITIALS.get(id(variant))
    if known is None or known[0] is not variant:
        initial = Position.initial(variant)
        known = (
            variant,
            Position(variant, initial.board, initial.hands, Color.BLACK),
            Position(variant, initial.board, initial.hands, Color.WHITE),
        )
        if len(_INITIALS) >= 64:
            _INITIALS.clear()
        _INITIALS[id(variant)] = known  # the entry holds the variant: its id stays its own
    return known[1] if turn is Color.BLACK else known[2]


_INITIALS: dict[int, tuple[Variant, Position, Position]] = {}


@functools.cache
def _initial_rows(variant: Variant) -> list[tuple[str, list[str]]]:
    """The usual start as ``P1``… rows: (``P1``, cells from the highest file down)."""
    board = _initial(variant, Color.BLACK).board
    files = variant.files
    return [
        (
            f"P{rank}",
            [
                "*" if (p := board[(rank - 1) * files + file - 1]) is None else p.csa()
                for file in range(files, 0, -1)
            ],
        )
        for rank in range(1, variant.ranks + 1)
    ]


def _chunks(text: str) -> Iterator[str]:
    for i in range(0, len(text), 4):
        yield text[i : i + 4]


def _pairs(text: str) -> Iterator[tuple[Square, PieceKind]]:
    for code in _chunks(text):
        yield SQUARES[code[:2]], KINDS[code[2:]]
