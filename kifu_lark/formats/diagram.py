"""The board diagram (盤面図) of KIF, KI2 and BOD: read into a :class:`Position` and written.

``grammars/bod.lark`` defines the diagram's lines; KIF and KI2 import its rules for custom
start positions and BOD is a diagram alone. :class:`DiagramReader` turns the lines a reader
matched into a position (the board, both hands, the side to move, the number of moves
played before it) and :func:`write_diagram` writes a position back as those lines. The
notations share it: none of them owns it.
"""

from __future__ import annotations

import functools
import re
from typing import Final

from attrs import evolve
from lark import Token, Tree

from kifu_lark.errors import InvalidRecordError, KifuError
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.engine.memo import remember
from kifu_lark.formats.engine.parsing import terminal_regex
from kifu_lark.formats.japanese import (
    BOARD_PIECE_NAMES,
    KANJI_DIGITS,
    ZEN_DIGITS,
    kanji_number,
    kanji_numeral,
)
from kifu_lark.model.color import Color
from kifu_lark.model.hand import Hand
from kifu_lark.model.piece import HAND_KINDS, Piece, PieceKind
from kifu_lark.model.position import SET_HINT, Position
from kifu_lark.model.variant import Variant, board_variant

# A rank's line (``|v香v桂v銀v金v玉v金v銀v桂v香|一``) → its cells' pieces and the index of its
# numeral (-1 without one): diagrams repeat the ranks of the usual start and their empty ranks,
# and matching a rank and cutting it into pieces is most of the work of reading a diagram.
# Bounded (see engine.memo).
_Row = tuple[tuple[Piece | None, ...], int]
_ROWS: dict[str, _Row] = {}
_ROWS_KEPT = 4096
#: The token types :meth:`DiagramReader.add` takes besides the ``board`` tree, as a grammar
#: that imports them names them: a reader asks it only for these (it is not compiled, and a
#: record's every head line went through it).
DIAGRAM_LINES = frozenset({"HAND_LINE", "TURN_LINE", "MOVE_COUNT_LINE", "ROTATED_LINE"})
# Compiled, ``Color.BLACK`` is a look-up on the Enum class; a Final constant is read directly.
_BLACK: Final = Color.BLACK
_WHITE: Final = Color.WHITE
_SIDES = {"先手": Color.BLACK, "下手": Color.BLACK, "後手": Color.WHITE, "上手": Color.WHITE}

# A cell's text (``v香``, `` 歩``, ``・``) → the piece it shows: a diagram's cells repeat
# (there are a few dozen texts), and making an attrs Piece per cell would be most of the work
# of reading a rank that _ROWS had not seen. Bounded, as _ROWS is.
_CELLS: dict[str, tuple[Piece | None]] = {}
_CELLS_KEPT = 1024
#: The hand of a side a diagram with a board does not give: empty (hands are immutable).
_EMPTY = Hand()


def _row_cells(text: str) -> tuple[Piece | None, ...]:
    """The pieces of a rank's cells (its ``bod_cells`` group), each cut by BOD_CELL."""
    cells: list[Piece | None] = []
    known = _CELLS
    for cell in _cell_regex().findall(text):
        found = known.get(cell)  # (the piece,): one look-up, and None for a new cell
        if found is None:
            m = terminal_regex("bod.lark", "BOD_CELL").fullmatch(cell)
            assert m is not None  # findall matched the same text with the same regex
            piece = None
            if m["bod_piece"] != "・":
                color = Color.WHITE if m["bod_side"] in ("v", "V") else Color.BLACK
                piece = Piece(BOARD_PIECE_NAMES[m["bod_piece"]], color)
            found = remember(known, cell, (piece,), _CELLS_KEPT)
        cells.append(found[0])
    return tuple(cells)


@functools.cache
def _cell_regex() -> re.Pattern[str]:
    """BOD_CELL without its groups: its ``findall`` gives each cell's text."""
    return re.compile(parsing.uncapture(terminal_regex("bod.lark", "BOD_CELL").pattern))


class DiagramReader:
    """Collects the diagram lines of a record (board, hands, turn, move count) and builds
    the position they describe.

    Args:
        fmt: the format being read, for errors.
        text: the whole source, for error context.
    """

    def __init__(self, fmt: str, text: str) -> None:
        self.fmt = fmt
        self.text = text
        self.board: list[Piece | None] | None = None
        #: The board's variant (its files and ranks), once a board is read.
        self.variant: Variant | None = None
        self.hands: dict[Color, Hand] = {}
        self.hand_lines: dict[Color, Token] = {}  # where each hand was read, for errors
        self.first_line: Token | None = None  # the diagram's first line, for errors
        self.turn: Color | None = None
        self.move_count: int | None = None
        #: The text after the count (``▲６二角成  まで``) as written, or ``None``.
        self.last_move: str | None = None
        #: The side whose hand line says "the rest of the pieces" (``残り全部``), or ``None``.
        self.rest: Color | None = None
        #: Whether a ``盤面回転`` line (Kifu for Windows: the board shown upside down) was read.
        self.rotated = False

    @property
    def seen(self) -> bool:
        """True when any diagram line was read."""
        return bool(self.board is not None or self.hands or self.turn or self.move_count)

    def _error(self, message: str, token: Token, hint: str | None = None) -> KifuError:
        lines = self.text.splitlines()
        line = token.line
        return InvalidRecordError(
            message,
            code="BAD_POSITION",
            format=self.fmt,
            line=line,
            column=token.column,
            text=str(token).rstrip("\r\n"),
            hint=hint,
            source_line=lines[line - 1] if line and 0 < line <= len(lines) else None,
        )

    def add(self, item: Token | Tree[Token]) -> bool:
        """Take one diagram item (the ``board`` tree or a hand/turn/count line); returns
        False when ``item`` is not part of a diagram."""
        if isinstance(item, Tree):
            self.read_board(item)
            return True
        kind = item.type.rsplit("__", 1)[-1]
        if kind == "HAND_LINE":
            self.read_hand(item)
        elif kind == "TURN_LINE":
            m = terminal_regex("bod.lark", "TURN_LINE").match(item)
            assert m is not None  # the lexer matched the same regex
            self.turn = _SIDES[m["turn_side"]]
        elif kind == "MOVE_COUNT_LINE":
            m = terminal_regex("bod.lark", "MOVE_COUNT_LINE").match(item)
            assert m is not None
            self.move_count = kanji_number(m["move_count"])
            self.last_move = m["last_move"].strip(" \t　") or None
        elif kind == "ROTATED_LINE":
            self.rotated = True  # a display flag: the position is the same
        else:
            return False
        return True

    def read_board(self, tree: Tree[Token]) -> None:
        """Read the framed board rows."""
        if self.board is not None:
            first = tree.children[0]
            assert isinstance(first, Token)
            raise self._error(
                "a second board diagram", first, "a record holds one diagram: split the file"
            )
        rank_re = terminal_regex("bod.lark", "RANK_LINE")
        rows: list[tuple[Piece | None, ...]] = []
        for token in tree.children:
            assert isinstance(token, Token)
            if not token.type.endswith("RANK_LINE"):
                continue
            # keyed by the plain text: a Token key would compare with lark's __eq__
            row = _ROWS.get(token.value)
            if row is None:
                m = rank_re.match(token)
                assert m is not None
                numeral = m["bod_rank"]
                found = (
                    _row_cells(m["bod_cells"]),
                    -1 if numeral is None else KANJI_DIGITS.index(numeral),
                )
                row = remember(_ROWS, token.value, found, _ROWS_KEPT)
            cells, numbered = row
            if rows and len(cells) != len(rows[0]):
                raise self._error(
                    f"rank {len(rows) + 1} has {len(cells)} squares, rank 1 has {len(rows[0])}",
                    token,
                    "every rank holds one cell a file: a piece (v for gote's) or ・ when empty",
                )
            if numbered >= 0 and numbered != len(rows):
                raise self._error(
                    f"rank {KANJI_DIGITS[numbered]} stands where rank {len(rows) + 1} belongs",
                    token,
                    "ranks run 一 to 九 from the top, one line each: check for a missing line",
                )
            rows.append(cells)
        files, ranks = len(rows[0]), len(rows)
        first = tree.children[0]
        assert isinstance(first, Token)
        self.first_line = first
        try:
            self.variant = board_variant(files, ranks)
        except ValueError as err:
            raise self._error(str(err), first, "check the diagram's frame and ranks") from None
        board: list[Piece | None] = [None] * (files * ranks)
        for r, cells in enumerate(rows):
            for k, piece in enumerate(cells):
                board[r * files + (files - 1 - k)] = piece
        self.board = board

    def read_hand(self, token: Token) -> None:
        """Read a ``先手の持駒：…`` line."""
        m = terminal_regex("bod.lark", "HAND_LINE").match(token)
        assert m is not None
        color = _SIDES[m["hand_side"]]
        counts: dict[PieceKind, int] = {}
        self.rest = color if m["hand_rest"] else (None if self.rest is color else self.rest)
        if m["hand_items"] != "なし" and not m["hand_rest"]:
            for item in terminal_regex("bod.lark", "HAND_ITEM").finditer(m["hand_items"]):
                kind = BOARD_PIECE_NAMES[item["hand_piece"]].unpromoted()
                if kind not in HAND_KINDS:
                    raise self._error(
                        f"{item['hand_piece']} cannot be held in hand",
                        token,
                        "a hand holds 歩 香 桂 銀 金 角 飛 only: check the piece or the line",
                    )
                n = kanji_number(item["hand_count"]) if item["hand_count"] else 1
                counts[kind] = counts.get(kind, 0) + n
        self.hands[color] = Hand.of(counts) if counts else _EMPTY
        self.hand_lines[color] = token

    def position(self, base: Position, where: Token | None = None) -> Position:
        """The position described: the diagram's board, or ``base``'s when there is none,
        with the hands, side to move and move number read."""
        try:
            ply = 1 if self.move_count is None else self.move_count + 1
            variant = self.variant
            if self.board is not None and variant is not None:
                # made once, not made and then evolved: each checks the set (81 squares)
                hands = (self.hands.get(_BLACK, _EMPTY), self.hands.get(_WHITE, _EMPTY))
                turn = self.turn or _BLACK
                position = Position(variant, tuple(self.board), hands, turn, ply)
            else:
                hands = (
                    self.hands.get(_BLACK, base.hands[0]),
                    self.hands.get(_WHITE, base.hands[1]),
                )
                position = evolve(base, hands=hands, turn=self.turn or base.turn, ply=ply)
            if self.rest is not None:  # that hand was read empty: it gets the rest
                position = position.with_hand(self.rest, position.rest_of_set(self.rest))
            return position
        except ValueError as err:  # more pieces than the set: at a hand line, or the board
            token = next(iter(self.hand_lines.values()), None) or self.first_line or where
            if token is None:
                raise InvalidRecordError(
                    str(err), code="BAD_POSITION", format=self.fmt, hint=SET_HINT
                ) from None
            raise self._error(str(err), token, SET_HINT) from None


# --- writing --------------------------------------------------------------------------------


def write_hand(color: Color, hand: Hand, handicap: bool = False) -> str:
    """``先手の持駒：飛　角二　`` (Kifu for Windows: a full-width space after each item) or
    ``…：なし``."""
    side = ("下手" if color is Color.BLACK else "上手") if handicap else color.kanji
    items = "".join(
        kind.kanji + (kanji_numeral(n) if n > 1 else "") + "　" for kind, n in hand.items()
    )
    return f"{side}の持駒：{items or 'なし'}"


def write_diagram(position: Position, handicap: bool = False) -> list[str]:
    """The diagram lines of ``position``: white's hand, the framed board, black's hand,
    ``後手番`` when white is to move, ``手数＝N`` when moves were played before it. A hand read
    as "the rest of the pieces" (``残り全部``) is written as its pieces, which every
    program's reader takes (tsshogi's and json-kifu-format's take no ``残り全部``)."""
    variant = position.variant
    files = variant.files
    lines = [write_hand(Color.WHITE, position.hand(Color.WHITE), handicap)]
    lines.append("  " + " ".join(ZEN_DIGITS[f - 1] for f in range(files, 0, -1)))
    frame = "+" + "-" * (3 * files) + "+"
    lines.append(frame)
    board = position.board
    for r in range(variant.ranks):
        cells = []
        for f in range(files, 0, -1):
            piece = board[r * files + f - 1]
            if piece is None:
                cells.append(" ・")
            else:
                mark = "v" if piece.color is Color.WHITE else " "
                cells.append(mark + piece.kind.kanji)
        lines.append("|" + "".join(cells) + "|" + KANJI_DIGITS[r])
    lines.append(frame)
    lines.append(write_hand(Color.BLACK, position.hand(Color.BLACK), handicap))
    if position.turn is Color.WHITE:
        lines.append(("上手" if handicap else "後手") + "番")
    if position.ply > 1:
        lines.append(f"手数＝{position.ply - 1}")
    return lines
