"""HCP, PackedSfen and both engines' move16 written from the rules engine's own arrays.

:mod:`~kifu_lark.dataset.packing` describes the two 256-bit codes and
:mod:`~kifu_lark.dataset.move16` the 16-bit moves; this module writes the same bits from
an engine board's cells, hands and king cells, and a move's cell indices, without a model
``Position`` or ``Move`` in between. The training records (:mod:`~kifu_lark.dataset.training`)
take each main-line position packed from the reader's own board as it read the game
(:class:`MainLinePacks`, a :class:`RecordedLine`), or replay the line once on a
:class:`LinePacker` and pack each position from it.

The bits are gathered least significant first into a machine integer and flushed 32 bits
at a time into eight words packed at the end: every code is at most 8 bits, so the integer
stays below 2 ** 40. The module is compiled with mypyc in the compiled build (``_build.py``).
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING, Final

from kifu_lark.board import TOLERABLE
from kifu_lark.dataset.huffman_codes import HCP_CODE, PSFEN_CODE, HuffmanCode
from kifu_lark.model.color import Color
from kifu_lark.model.move import Move
from kifu_lark.model.node import Node
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.piece_count import piece_set
from kifu_lark.model.position import Position
from kifu_lark.model.variant import STANDARD
from kifu_lark.rules.board import Board
from kifu_lark.rules.geometry import KIND_CODE, KING, UNPROMOTE, geometry, piece_code

if TYPE_CHECKING:
    # mypyc's machine integer; the annotations are never evaluated, so the pure build
    # needs no mypy_extensions and counts with ints (the values stay below 2 ** 63)
    from mypy_extensions import i64

_ALL_TOLERABLE: Final = frozenset(TOLERABLE.values())
_FILES: Final = 9
_RANKS: Final = 9
_G: Final = geometry(STANDARD)
#: The cells of a 9x9 board in the engines' order of squares: 1a, 1b … 1i, 2a … 9i.
_CELLS: Final[list[int]] = [
    _G.idx(f, r) for f in range(1, _FILES + 1) for r in range(1, _RANKS + 1)
]
#: Each cell's engine square number (``(file - 1) * 9 + rank - 1``); 0 off the board.
_NUMBER: Final[list[int]] = [0] * _G.size
for _n, _cell in enumerate(_CELLS):
    _NUMBER[_cell] = _n
#: Hands are written in this order of kind codes by both engines: 歩 香 桂 銀 金 角 飛.
_HAND_ORDER: Final[list[int]] = [
    KIND_CODE[kind]
    for kind in (
        PieceKind.PAWN,
        PieceKind.LANCE,
        PieceKind.KNIGHT,
        PieceKind.SILVER,
        PieceKind.GOLD,
        PieceKind.BISHOP,
        PieceKind.ROOK,
    )
]
#: The engines' number of a dropped kind (歩 1, 香 2, 桂 3, 銀 4, 角 5, 飛 6, 金 7), by kind code.
_DROP_NUMBER: Final[list[int]] = [0] * 16
for _number, _kind in enumerate(
    (
        PieceKind.PAWN,
        PieceKind.LANCE,
        PieceKind.KNIGHT,
        PieceKind.SILVER,
        PieceKind.BISHOP,
        PieceKind.ROOK,
        PieceKind.GOLD,
    ),
    1,
):
    _DROP_NUMBER[KIND_CODE[_kind]] = _number
#: Each kind code's unpromoted code (what it counts as in the set).
_BASE: Final[list[int]] = [UNPROMOTE.get(k, k) for k in range(16)]
#: The pieces of a set by kind code, king excepted.
_SET: Final[list[int]] = [0] * 16
for _set_kind, _count in piece_set(STANDARD).items():
    if _set_kind is not PieceKind.KING:
        _SET[KIND_CODE[_set_kind]] = _count
_BITS: Final = 256
_WORD: Final = (1 << 32) - 1
#: The 256 bits as eight 32-bit words, least significant first.
_EIGHT_WORDS: Final = struct.Struct("<8I")
_WIDTH: Final = _G.width


class _Tables:
    """One engine's Huffman code by engine piece code, each code's value (bits least
    significant first) and length in one int, ``value | length << 8``: of each board piece
    (an empty square is ``0``, one bit; a king has none: no bits, its square is written
    first), of each hand piece by colour, and of each piece of the box."""

    def __init__(self, code: HuffmanCode) -> None:
        self.name = code.name
        self.codes: list[int] = [1 << 8] * 64
        for piece, (value, length) in code.board.items():
            self.codes[piece_code(piece)] = value | length << 8
        for side in (0, 16):
            self.codes[KING | side] = 0
        self.hand_codes: list[list[int]] = [[0] * 16, [0] * 16]
        for c, color in enumerate(Color):
            for k in _HAND_ORDER:
                value, length = code.hand[_kind_of(k), color]
                self.hand_codes[c][k] = value | length << 8
        self.box_codes: list[int] = [0] * 16
        for k in _HAND_ORDER:
            value, length = code.box[_kind_of(k)]
            self.box_codes[k] = value | length << 8


def _kind_of(code: int) -> PieceKind:
    return next(kind for kind, k in KIND_CODE.items() if k == code)


_HCP: Final = _Tables(HCP_CODE)
_PSFEN: Final = _Tables(PSFEN_CODE)


def _pack(board: Board, tables: _Tables) -> bytes | None:
    """``board``'s position in ``tables``' code; ``None`` when a king is missing."""
    black_king = board.kings[0]
    white_king = board.kings[1]
    if black_king < 0 or white_king < 0:
        return None
    # Flushed 32 bits at a time, as soon as 32 are there: ``n`` stays below 32 before each
    # code is added (at most 8 bits), so ``acc`` stays far below 2 ** 63, a machine word.
    words: list[int] = []
    number = _NUMBER
    acc: i64 = board.turn | number[black_king] << 1 | number[white_king] << 8
    n: i64 = 15
    cells = board.cells
    codes = tables.codes
    width: i64 = _WIDTH
    # the cells in the engines' order (_CELLS): file by file, each file's ranks a to i
    file: i64 = 1
    while file <= _FILES:
        i: i64 = 2 * width + file  # Geometry.idx(file, 1)
        end: i64 = i + _RANKS * width
        while i < end:
            code: i64 = cells[i]
            i += width
            if code:
                value_length: i64 = codes[code]
                acc |= (value_length & 255) << n
                n += value_length >> 8
            else:
                n += 1  # an empty square: one bit, 0
            if n >= 32:
                words.append(acc & _WORD)
                acc >>= 32
                n -= 32
        file += 1
    acc, n = _add_pieces(tables.hand_codes[0], board.hands[0], words, acc, n)
    acc, n = _add_pieces(tables.hand_codes[1], board.hands[1], words, acc, n)
    # A whole set makes the 256 bits; the pieces a handicap left out make up the rest.
    if 32 * len(words) + n < _BITS:
        left = _box(board)
        if min(left) < 0:
            raise ValueError(f"{tables.name}: more pieces of a kind than a set holds")
        acc, n = _add_pieces(tables.box_codes, left, words, acc, n)
    if n or len(words) != _BITS // 32:
        raise ValueError(f"{tables.name}: {32 * len(words) + n} bits, where a set makes {_BITS}")
    return _EIGHT_WORDS.pack(*words)


def _add_pieces(
    codes: list[int], counts: list[int], words: list[int], acc: i64, n: i64
) -> tuple[i64, i64]:
    """Add ``counts[k]`` pieces of each kind code ``k`` (in the engines' hand order), each
    by its ``codes[k]`` (``value | length << 8``), after the ``n`` bits held in ``acc``,
    flushing 32 bits into ``words`` as the board's cells do; returns ``acc`` and ``n``."""
    for k in _HAND_ORDER:
        count: i64 = counts[k]
        value_length: i64 = codes[k]
        while count > 0:
            count -= 1
            acc |= (value_length & 255) << n
            n += value_length >> 8
            if n >= 32:
                words.append(acc & _WORD)
                acc >>= 32
                n -= 32
    return acc, n


def _box(board: Board) -> list[int]:
    """The number of each kind code neither on the board nor in a hand (a handicap's)."""
    left = list(_SET)
    cells = board.cells
    king = KING
    for i in _CELLS:
        code: int = cells[i]
        if code and code & 15 != king:
            left[_BASE[code & 15]] -= 1
    for c in (0, 1):
        held = board.hands[c]
        for k in _HAND_ORDER:
            left[k] -= held[k]
    return left


def hcp_move16(frm: int, to: int, promote: bool, drop: int) -> int:
    """cshogi's move16 of a move given as engine cells (``frm`` 0 and ``drop`` the kind
    code for a drop)."""
    if drop:
        return _NUMBER[to] | (80 + _DROP_NUMBER[drop]) << 7
    return _NUMBER[to] | _NUMBER[frm] << 7 | (16384 if promote else 0)


def psv_move16(frm: int, to: int, promote: bool, drop: int) -> int:
    """YaneuraOu's move16 of a move given as engine cells (as :func:`hcp_move16`)."""
    if drop:
        return _NUMBER[to] | _DROP_NUMBER[drop] << 7 | 16384
    return _NUMBER[to] | _NUMBER[frm] << 7 | (32768 if promote else 0)


def pack_position(position: Position, hcp: bool) -> bytes | None:
    """The HuffmanCodedPos (``hcp``) or PackedSfen of a 9x9 standard ``position``;
    ``None`` without one king a side."""
    board = Board.from_position(position)
    return _pack(board, _HCP if hcp else _PSFEN)


class MainLine:
    """A 9x9 game's main line, position by position: :meth:`hcp`, :meth:`packed_sfen`, the
    side to move and move number of the position reached, then :meth:`push` the next move.
    :class:`LinePacker` replays the line; :class:`RecordedLine` hands out what the reader's
    own replay packed (:class:`MainLinePacks`)."""

    @property
    def black_to_move(self) -> bool:
        """True when black is to move."""
        raise NotImplementedError

    @property
    def ply(self) -> int:
        """The move number of the position (1 at the start)."""
        raise NotImplementedError

    def hcp(self) -> bytes | None:
        """The position's HuffmanCodedPos; ``None`` without one king a side."""
        raise NotImplementedError

    def packed_sfen(self) -> bytes | None:
        """The position's PackedSfen; ``None`` without one king a side."""
        raise NotImplementedError

    def push(self, move: Move) -> None:
        """Go on past ``move``, the next move of the line.

        Raises:
            IllegalMoveError: for a move no tolerance lets through.
        """
        raise NotImplementedError


class LinePacker(MainLine):
    """A 9x9 game's line replayed once, each position packed from the replay's board. The
    start must hold a 9x9 standard position (:func:`~kifu_lark.dataset.packing.check_packable`'s
    ``variant``)."""

    def __init__(self, start: Position) -> None:
        if start.variant.name != STANDARD.name:
            raise ValueError(f"HCP and PackedSfen hold 9x9 shogi, not {start.variant.name}")
        self.board = Board.from_position(start)
        self.board.hashing = False

    @property
    def black_to_move(self) -> bool:
        """True when black is to move."""
        return self.board.turn == 0

    @property
    def ply(self) -> int:
        """The move number of the position (1 at the start)."""
        return self.board.ply

    def hcp(self) -> bytes | None:
        """The position's HuffmanCodedPos; ``None`` without one king a side."""
        return _pack(self.board, _HCP)

    def packed_sfen(self) -> bytes | None:
        """The position's PackedSfen; ``None`` without one king a side."""
        return _pack(self.board, _PSFEN)

    def push(self, move: Move) -> None:
        """Play ``move``, letting through every breach a lenient read lets through (a
        wrong turn hands the move to its mover first).

        Raises:
            IllegalMoveError: for a move no tolerance lets through.
        """
        self.board.push(move, _ALL_TOLERABLE)


class RecordedLine(MainLine):
    """A main line as the reader played it (:class:`MainLinePacks`): for the start and
    after each move, the position packed in one code (HCP or PackedSfen, the other one is
    not there: ``None``) and the side to move and move number. Each node it was packed
    after is kept, to check that they are the game's main line (:meth:`fits`)."""

    def __init__(self, root: Node, hcp: bool) -> None:
        self.root = root
        self.is_hcp = hcp
        self.nodes: list[Node] = []
        self.packs: list[bytes | None] = []
        #: ``turn | ply << 1`` of each position
        self.states: list[int] = []
        self.broken = False
        self.index = 0

    def fits(self, root: Node) -> bool:
        """True when ``root`` is the root the line was read from, its main line's moves
        are the nodes packed after (in order, none left out) and each packed."""
        if root is not self.root or self.broken:
            return False
        nodes = self.nodes
        i = 0
        for node in root.mainline():
            if node.move is None:
                continue
            if i >= len(nodes) or nodes[i] is not node:
                return False
            i += 1
        return i == len(nodes)

    @property
    def black_to_move(self) -> bool:
        """True when black is to move."""
        return self.states[self.index] & 1 == 0

    @property
    def ply(self) -> int:
        """The move number of the position (1 at the start)."""
        return self.states[self.index] >> 1

    def hcp(self) -> bytes | None:
        """The position's HuffmanCodedPos; ``None`` without one king a side.

        Raises:
            ValueError: when the line keeps PackedSfens."""
        if not self.is_hcp:
            raise ValueError("the line was packed to PackedSfen, not HCP")
        return self.packs[self.index]

    def packed_sfen(self) -> bytes | None:
        """The position's PackedSfen; ``None`` without one king a side.

        Raises:
            ValueError: when the line keeps HCPs."""
        if self.is_hcp:
            raise ValueError("the line was packed to HCP, not PackedSfen")
        return self.packs[self.index]

    def push(self, move: Move) -> None:
        """Go on to the position after ``move`` (the reader played it already)."""
        self.index += 1


class MainLinePacks:
    """A watcher of reads (:func:`kifu_lark.record.watch_reads`) that packs each position of
    the main line of every 9x9 game read, from the reader's own board: the export's training
    records then take them (:meth:`line_for`) instead of replaying the game again.

    The main line is the chain of first children: a node is kept when it is the first child
    of the last one kept, right after its move is played (a variation's node, or a main
    node added below a variation read before it, is not: :meth:`line_for` then finds the
    line does not fit and the records replay the game as usual)."""

    def __init__(self, hcp: bool) -> None:
        self.tables = _HCP if hcp else _PSFEN
        self.hcp = hcp
        self.lines: list[RecordedLine] = []
        self.current: RecordedLine | None = None
        self.tip: Node | None = None

    def __call__(self, board: Board, node: Node) -> None:
        parent = node.parent
        if parent is None:
            # a game starts (or starts again on another path of the reader)
            if board.g.variant.name != STANDARD.name:
                self.current = self.tip = None
                return
            line = RecordedLine(node, self.hcp)
            self.lines.append(line)
        else:
            current = self.current
            if current is None or parent is not self.tip or parent.next is not node:
                return
            line = current
            line.nodes.append(node)
        self.current = line
        self.tip = node
        packed: bytes | None = None
        try:
            packed = _pack(board, self.tables)
        except ValueError:
            line.broken = True  # the replay raises it where the records are made
        line.packs.append(packed)
        line.states.append(board.turn | board.ply << 1)

    def line_for(self, root: Node) -> RecordedLine | None:
        """The line read for the game of ``root`` when it fits the game's main line
        (:meth:`RecordedLine.fits`), else ``None``."""
        for line in self.lines:
            if line.root is root:
                if not line.fits(root):
                    return None
                line.index = 0
                return line
        return None

    def clear(self) -> None:
        """Forget the lines read (each entry's after its records are made)."""
        self.lines.clear()
        self.current = self.tip = None


def move_cells(move: Move) -> tuple[int, int, bool, int]:
    """``move`` on a 9x9 engine board: (origin cell, 0 for a drop; destination cell;
    promotion; the dropped kind code, 0 for a board move)."""
    to = move.to
    if to.file > _FILES or to.rank > _RANKS:
        raise ValueError(f"move16 cannot hold {move.usi()}: a square off the 9x9 board")
    target = _G.idx(to.file, to.rank)
    origin = move.from_
    if origin is None:
        return 0, target, False, KIND_CODE[move.piece]
    if origin.file > _FILES or origin.rank > _RANKS:
        raise ValueError(f"move16 cannot hold {move.usi()}: a square off the 9x9 board")
    return _G.idx(origin.file, origin.rank), target, bool(move.promote), 0
