"""Questions about a position: its legal moves, where a piece can go, check and mate.

Every answer comes from the rules engine through the public :class:`~kifu_lark.board.Board`:
this module only sets one up from a model ``Position`` and asks it.

Example:
    >>> from kifu_lark.model import Position, Square
    >>> [s.csa() for s in destinations(Position.initial(), Square(7, 7))]
    ['76']
    >>> len(legal_moves(Position.initial()))
    30
"""

from __future__ import annotations

from collections.abc import Collection

from attrs import evolve

from kifu_lark.board import Board
from kifu_lark.errors import KifuError
from kifu_lark.formats.japanese import KANJI_DIGITS, PIECE_MOVE_NAME, ZEN_DIGITS, kanji_numeral
from kifu_lark.model.color import Color
from kifu_lark.model.move import Move
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square

#: Written in the first column of a cell to mark a square (see :func:`board_text`).
MARK = "*"


def legal_moves(position: Position) -> list[Move]:
    """Every legal move of the side to move, drops included, in the engine's order.

    A promotion and its non-promoting twin are two moves; captures carry ``captured``.
    """
    return Board(position).legal_moves()


def destinations(position: Position, square: Square) -> list[Square]:
    """The squares the piece on ``square`` can legally move to (drops excluded).

    The piece is moved for its owner even when the other side is to move, so that a
    diagram can show where any piece reaches. Squares come in board order: rank by rank
    from the top, each rank from the highest file down. An empty square gives ``[]``.

    Raises:
        KifuError: ``OFF_BOARD`` when ``square`` is not on the position's board.
    """
    if not position.variant.contains(square):
        raise KifuError(
            f"square {square.csa()} is off the {position.variant.name} board",
            code="OFF_BOARD",
            text=square.csa(),
            hint=f"files 1-{position.variant.files}, ranks 1-{position.variant.ranks}",
        )
    piece = position[square]
    if piece is None:
        return []
    if piece.color is not position.turn:
        position = evolve(position, turn=piece.color)
    reached = {m.to for m in legal_moves(position) if m.from_ == square}
    return [s for s in position.variant.squares() if s in reached]


def is_check(position: Position) -> bool:
    """True when the side to move is in check (王手)."""
    return Board(position).is_check()


def is_mate(position: Position) -> bool:
    """True when the side to move is in check and has no legal move (詰み)."""
    return Board(position).is_mate()


def board_text(position: Position, marks: Collection[Square] = ()) -> str:
    """The board as a KIF-style (BOD) diagram with both hands, ``marks`` flagged.

    Each cell is two characters: `` ・`` empty, `` 歩`` a black piece, ``v歩`` a white one. A
    marked cell shows :data:`MARK` in its first column (``*・`` empty, ``*歩`` occupied), so
    the board keeps its width and every piece stays readable.
    """
    variant = position.variant
    files = variant.files
    lines = [_hand_line(position, Color.WHITE)]
    lines.append("  " + " ".join(ZEN_DIGITS[f - 1] for f in range(files, 0, -1)))
    frame = "+" + "-" * (3 * files) + "+"
    lines.append(frame)
    marked = set(marks)
    for rank in range(1, variant.ranks + 1):
        cells = []
        for file in range(files, 0, -1):
            square = Square(file, rank)
            piece = position[square]
            if piece is None:
                cell = " ・"
            else:
                cell = (" " if piece.color is Color.BLACK else "v") + piece.kind.kanji
            if square in marked:
                cell = MARK + cell[1]
            cells.append(cell)
        lines.append("|" + "".join(cells) + "|" + KANJI_DIGITS[rank - 1])
    lines.append(frame)
    lines.append(_hand_line(position, Color.BLACK))
    return "\n".join(lines) + "\n"


def move_text(move: Move) -> str:
    """The move in KIF spelling with its side's mark: ``▲７六歩(77)``, ``△５五角打``.

    ``同`` is never used, so the text stands on its own (in logs, in ``versus`` output).
    """
    mark = "▲" if move.color is Color.BLACK else "△"
    where = ZEN_DIGITS[move.to.file - 1] + KANJI_DIGITS[move.to.rank - 1]
    origin = "打" if move.from_ is None else f"({move.from_.csa()})"
    return f"{mark}{where}{PIECE_MOVE_NAME[move.piece]}{'成' if move.promote else ''}{origin}"


def _hand_line(position: Position, color: Color) -> str:
    hand = position.hand(color).items()
    items = [kind.kanji + (kanji_numeral(n) if n > 1 else "") for kind, n in hand]
    return f"{color.kanji}の持駒：" + ("　".join(items) if items else "なし")


def mark_destinations_text(position: Position, square: Square) -> str:
    """The board diagram with every square the piece on ``square`` can reach marked.

    See :func:`board_text` for the marks and :func:`destinations` for the squares.

    Raises:
        KifuError: ``OFF_BOARD`` when ``square`` is not on the board.
    """
    return board_text(position, destinations(position, square))
