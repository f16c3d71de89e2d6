"""Positions: board, hands, side to move and move number, with SFEN in and out."""

from __future__ import annotations

import re
from collections.abc import Iterator

from attrs import evolve, field, frozen

from kifu_lark.model.color import Color
from kifu_lark.model.hand import Hand
from kifu_lark.model.piece import HAND_KINDS, Piece, PieceKind
from kifu_lark.model.piece_count import over_the_set, piece_set
from kifu_lark.model.square import Square
from kifu_lark.model.variant import MINISHOGI, STANDARD, Variant, board_variant
from kifu_lark.model.views import views

_INITIAL: dict[Variant, Position] = {}


@frozen
class Position:
    """An immutable position.

    ``board`` holds one entry per square, rank by rank from rank 1, each rank from file 1
    upwards (index ``(rank - 1) * files + file - 1``); ``None`` is an empty square.
    ``hands`` is (black's hand, white's hand); ``ply`` is the number of the next move.
    """

    variant: Variant
    board: tuple[Piece | None, ...] = field(repr=False)
    hands: tuple[Hand, Hand] = field(default=(Hand(), Hand()))
    turn: Color = Color.BLACK
    ply: int = 1

    @board.validator
    def _check_board(self, _attribute: object, value: tuple[Piece | None, ...]) -> None:
        expected = self.variant.files * self.variant.ranks
        if len(value) != expected:
            raise ValueError(f"board: expected {expected} squares, got {len(value)}")

    @hands.validator
    def _check_set(self, _attribute: object, value: tuple[Hand, Hand]) -> None:
        # One rule for every format: a position never holds more of a kind than the set.
        problem = over_the_set(self.variant, self.board, value)
        if problem is not None:
            raise ValueError(problem)

    @classmethod
    def empty(cls, variant: Variant = STANDARD) -> Position:
        """A position with an empty board and empty hands, black to move."""
        return cls(variant, (None,) * (variant.files * variant.ranks))

    @classmethod
    def initial(cls, variant: Variant = STANDARD) -> Position:
        """The variant's usual start position (empty board for sizes without one).

        One shared instance per variant (positions are immutable): the SFEN is parsed once,
        and the caches kept by identity (the rules engine's set-up, the handicap name) hit
        for every game that starts from it.
        """
        position = _INITIAL.get(variant)
        if position is None or type(position) is not cls:
            if variant.start_sfen is None:
                position = cls.empty(variant)
            else:
                position = cls.from_sfen(variant.start_sfen, variant)
            if len(_INITIAL) < 64:  # a few variants; custom boards are rarely many
                _INITIAL[variant] = position
        return position

    def index(self, square: Square) -> int:
        """The index of ``square`` in ``board``."""
        return (square.rank - 1) * self.variant.files + square.file - 1

    def __getitem__(self, square: Square) -> Piece | None:
        if not self.variant.contains(square):
            raise IndexError(f"{square} is off the {self.variant.name} board")
        return self.board[self.index(square)]

    def pieces(self) -> Iterator[tuple[Square, Piece]]:
        """Every occupied square with its piece, in board order."""
        files = self.variant.files
        for i, piece in enumerate(self.board):
            if piece is not None:
                yield Square(i % files + 1, i // files + 1), piece

    def hand(self, color: Color) -> Hand:
        """The hand of ``color``."""
        return self.hands[0] if color is Color.BLACK else self.hands[1]

    def with_piece(self, square: Square, piece: Piece | None) -> Position:
        """A copy with ``square`` set to ``piece`` (or emptied)."""
        board = list(self.board)
        board[self.index(square)] = piece
        return evolve(self, board=tuple(board))

    def with_hand(self, color: Color, hand: Hand) -> Position:
        """A copy with the hand of ``color`` replaced."""
        hands = (hand, self.hands[1]) if color is Color.BLACK else (self.hands[0], hand)
        return evolve(self, hands=hands)

    def rest_of_set(self, color: Color) -> Hand:
        """The pieces of the set (kings apart) on neither the board nor the hand of
        ``color``'s opponent: what "the rest of the pieces" gives ``color`` (KIF's
        ``後手の持駒：残り全部``, CSA's ``P-00AL``), as tsume records write the defender's hand.

        Raises:
            ValueError: when the board and that hand hold more than the set.
        """
        left = dict(piece_set(self.variant))
        left.pop(PieceKind.KING, None)
        for piece in self.board:
            if piece is not None and piece.kind is not PieceKind.KING:
                left[_UNPROMOTED[piece.kind]] = left.get(_UNPROMOTED[piece.kind], 0) - 1
        for kind, n in self.hand(color.opponent).items():
            left[kind] = left.get(kind, 0) - n
        over = [kind.kanji for kind, n in left.items() if n < 0]
        if over:
            raise ValueError(f"more {'、'.join(over)} on the board and in hand than the set holds")
        return Hand.of({kind: n for kind, n in left.items() if n})

    def king_square(self, color: Color) -> Square | None:
        """Where the king of ``color`` stands, or ``None``."""
        for square, piece in self.pieces():
            if piece.kind is PieceKind.KING and piece.color is color:
                return square
        return None

    # --- SFEN -------------------------------------------------------------------------

    def sfen(self, *, ply: int | None = None) -> str:
        """The SFEN string of this position (``ply`` overrides the move number)."""
        files = self.variant.files
        rows = []
        for r in range(self.variant.ranks):
            row, empty = [], 0
            for f in range(files - 1, -1, -1):
                piece = self.board[r * files + f]
                if piece is None:
                    empty += 1
                    continue
                if empty:
                    row.append(str(empty))
                    empty = 0
                row.append(piece.sfen())
            if empty:
                row.append(str(empty))
            rows.append("".join(row))
        hands = ""
        for color, hand in zip((Color.BLACK, Color.WHITE), self.hands, strict=True):
            for kind, n in hand.items():
                letter = kind.usi if color is Color.BLACK else kind.usi.lower()
                hands += (str(n) if n > 1 else "") + letter
        number = self.ply if ply is None else ply
        return f"{'/'.join(rows)} {self.turn.usi} {hands or '-'} {number}"

    @classmethod
    def from_sfen(cls, text: str, variant: Variant | None = None) -> Position:
        """Parse an SFEN string; the board size is taken from the string unless given.

        Raises:
            ValueError: with a message naming the bad field.
        """
        fields = text.split()
        if len(fields) not in (3, 4):
            raise ValueError(f"SFEN needs 3 or 4 fields, got {len(fields)}")
        parsed: list[list[Piece | None]] = []
        for row in fields[0].split("/"):
            cells: list[Piece | None] = []
            for token in _SFEN_TOKEN.findall(row):
                if token[0].isdigit():
                    if len(token) > 1:  # no board is 10 files wide: refuse before counting
                        shown = token if len(token) <= 12 else token[:9] + "…"
                        raise ValueError(f"SFEN run of {shown} empty squares: 1 to 9")
                    cells.extend([None] * int(token))
                    continue
                piece = _SFEN_PIECES.get(token)
                if piece is None:
                    raise ValueError(f"unknown SFEN piece {token!r}")
                cells.append(piece)
            if "".join(_SFEN_TOKEN.findall(row)) != row:
                raise ValueError(f"unknown character in SFEN row {row!r}")
            parsed.append(cells)
        width = len(parsed[0])
        if any(len(cells) != width for cells in parsed):
            raise ValueError(f"SFEN rows differ in length: {fields[0]!r}")
        if variant is None:
            variant = board_variant(width, len(parsed))
        if (variant.files, variant.ranks) != (width, len(parsed)):
            raise ValueError(
                f"SFEN board is {width}x{len(parsed)}, {variant.name} is "
                f"{variant.files}x{variant.ranks}"
            )
        board: list[Piece | None] = [None] * (width * len(parsed))
        for r, cells in enumerate(parsed):
            for k, piece in enumerate(cells):
                board[r * width + (width - 1 - k)] = piece
        if fields[1] not in ("b", "w"):
            raise ValueError(f"SFEN side to move must be b or w, got {fields[1]!r}")
        turn = Color.BLACK if fields[1] == "b" else Color.WHITE
        hands = _parse_sfen_hands(fields[2])
        ply = 1
        if len(fields) == 4:
            if not fields[3].isdigit() or int(fields[3]) < 1:
                raise ValueError(f"SFEN move number must be a positive integer: {fields[3]!r}")
            ply = int(fields[3])
        return cls(variant, tuple(board), hands, turn, ply)

    def __str__(self) -> str:
        return self.sfen()

    def _repr_svg_(self) -> str:
        """The board as SVG, for Jupyter (see :mod:`kifu_lark.render.notebook`)."""
        return views().position_svg(self)


_SFEN_TOKEN = re.compile(r"[0-9]+|\+?[A-Za-z]")
#: Every SFEN piece token → its (shared, immutable) Piece.
_SFEN_PIECES: dict[str, Piece] = {
    Piece(kind, color).sfen(): Piece(kind, color) for kind in PieceKind for color in Color
}


# rest_of_set counts a board's pieces by the kind in hand: a look-up a piece
_UNPROMOTED = {kind: kind.unpromoted() for kind in PieceKind}

#: The hint of a reader's error for a position :func:`over_the_set`.
SET_HINT = (
    "count the pieces on the board and in both hands: a set holds 18 歩, 4 each of "
    "香 桂 銀 金, 2 each of 角 飛 玉 (5x5 minishogi: 2 each of 歩 銀 金 角 飛 玉)"
)
#: The hint of an error for an SFEN string that does not read.
SFEN_HINT = "SFEN is BOARD SIDE HANDS [MOVE]: ranks a to i split by /, b or w, hands like 2Pb or -"


def _parse_sfen_hands(text: str) -> tuple[Hand, Hand]:
    if text == "-":
        return Hand(), Hand()
    black: dict[PieceKind, int] = {}
    white: dict[PieceKind, int] = {}
    i = 0
    while i < len(text):
        j = i
        while j < len(text) and text[j].isdigit():
            j += 1
        count = int(text[i:j]) if j > i else 1
        if j >= len(text):
            raise ValueError(f"SFEN hand ends with a count: {text!r}")
        letter = text[j]
        try:
            kind = PieceKind.from_usi(letter)
        except (KeyError, ValueError):
            raise ValueError(f"unknown piece {letter!r} in SFEN hand") from None
        if kind not in HAND_KINDS:
            raise ValueError(f"{letter!r} cannot be held in hand")
        side = black if letter.isupper() else white
        side[kind] = side.get(kind, 0) + count
        i = j + 1
    return Hand.of(black), Hand.of(white)


__all__ = ["MINISHOGI", "STANDARD", "Position"]
