"""KI2 relative words (右 左 上 引 寄 直): narrowing candidates, and choosing the words to write.

The rules are those of the 日本将棋連盟's 「棋譜の表記方法」, seen from the mover's side:

- movement words: ``上`` the piece moves forward (one or more ranks), ``寄`` sideways along its
  rank, ``引`` backward (``行`` and ``下`` are read as ``上`` and ``引``);
- position words for ordinary pieces: ``右`` / ``左`` the piece comes from the mover's right /
  left of the destination, ``直`` it moves straight forward (only written for 金 銀 and the
  gold movers, and never with a movement word);
- for 龍 and 馬 (at most two of each in a game) ``右`` / ``左`` name the piece standing right /
  left of the *other* candidate, whatever its own direction, and ``直`` is not written;
- priority: a movement word alone if it tells the pieces apart, else a position word alone,
  else both (position first: ``右上``).

The writer side (:func:`relative_words`) tries exactly those options in that order and keeps
the first one that :func:`narrow` resolves back to the move, so written words always read back.
"""

from __future__ import annotations

from kifu_lark.model.color import Color
from kifu_lark.model.move import Move
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square
from kifu_lark.rules.board import Board
from kifu_lark.rules.resolve import origin_indices, origins

#: Movement words → sign of the forward distance travelled (``行``/``下`` are old spellings).
MOVEMENT_WORDS = {"上": 1, "行": 1, "寄": 0, "引": -1, "下": -1}
_MOVEMENT_OF = {1: "上", 0: "寄", -1: "引"}
# 右/左 of these name the piece relative to the other one, not to the destination.
_PAIRED = frozenset({PieceKind.DRAGON, PieceKind.HORSE})
# Kinds that may be written 直 (a straight step forward among diagonal ones).
_STRAIGHT = frozenset(
    {
        PieceKind.GOLD,
        PieceKind.SILVER,
        PieceKind.PROM_PAWN,
        PieceKind.PROM_LANCE,
        PieceKind.PROM_KNIGHT,
        PieceKind.PROM_SILVER,
    }
)


def _sign(color: Color) -> int:
    # Black looks towards rank 1 and has file 1 on its right; white is mirrored.
    return 1 if color is Color.BLACK else -1


def narrow(
    board: Board,
    color: Color,
    to: Square,
    kind: PieceKind,
    candidates: list[Square],
    words: str,
) -> list[Square]:
    """The candidate origins that fit every word of ``words``.

    Movement words and ``直`` filter by the direction of travel; ``右``/``左`` then filter by
    side of the destination (ordinary pieces) or keep the rightmost / leftmost remaining
    piece (龍 and 馬). ``board`` is not consulted today; it is part of the signature so
    that rules needing the position can be added without changing callers.

    Raises:
        ValueError: for a character that is not a relative word.
    """
    del board  # see docstring
    sign = _sign(color)
    result = list(candidates)
    sides = ""
    for word in words:
        if word in MOVEMENT_WORDS:
            want = MOVEMENT_WORDS[word]
            result = [s for s in result if _cmp((s.rank - to.rank) * sign, 0) == want]
        elif word == "直":
            result = [s for s in result if s.file == to.file and (s.rank - to.rank) * sign > 0]
        elif word in "右左":
            sides += word
        else:
            raise ValueError(f"not a relative word: {word!r}")
    for word in sides:
        if kind in _PAIRED:
            result = _extreme(result, word, sign)
        else:
            # 右: black's right is the lower file numbers, so the piece starts below to.file.
            want = -1 if word == "右" else 1
            result = [s for s in result if _cmp((s.file - to.file) * sign, 0) == want]
    return result


def _cmp(a: int, b: int) -> int:
    return (a > b) - (a < b)


def _extreme(squares: list[Square], word: str, sign: int) -> list[Square]:
    if not squares:
        return squares
    keys = [s.file * sign for s in squares]
    best = min(keys) if word == "右" else max(keys)
    return [s for s, k in zip(squares, keys, strict=True) if k == best]


def word_options(move: Move) -> list[str]:
    """The relative words that could describe a board ``move``, in the official order of
    preference: movement word, position word(s), position + movement."""
    assert move.from_ is not None
    sign = _sign(move.color)
    kind = move.piece
    dy = _cmp((move.from_.rank - move.to.rank) * sign, 0)
    dx = _cmp((move.from_.file - move.to.file) * sign, 0)
    movement = _MOVEMENT_OF[dy]
    if kind in _PAIRED:
        positions = ["右", "左"]
    elif dx:
        positions = ["右" if dx < 0 else "左"]
    elif dy > 0 and kind in _STRAIGHT:
        return [movement, "直"]  # 直 is never combined with a movement word
    else:
        positions = []
    return [movement, *positions, *(p + movement for p in positions)]


def relative_words(board: Board, move: Move) -> str | None:
    """The shortest words KI2 needs after the piece name for ``move`` on ``board``.

    Returns ``""`` when the piece alone identifies the move, ``"打"`` for a drop that a board
    piece of the same kind could also make, relative words such as ``"右上"`` otherwise, and
    ``None`` in the rare positions (three dragons …) where no words can tell the pieces
    apart: the writer then gives the origin instead.

    Every piece whose movement reaches the square counts, pinned ones included, as most
    programs count them: the words then read back in readers that ignore pins, and in ours,
    which narrows the legal candidates only (a subset, so the words still single the move out).
    """
    c = 0 if move.color is Color.BLACK else 1
    reaching = origin_indices(board, c, board.g.index(move.to), move.piece)
    if move.from_ is None:
        return "打" if reaching else ""
    if len(reaching) <= 1:
        return ""
    found = origins(board, move.color, move.to, move.piece)
    for words in word_options(move):
        if narrow(board, move.color, move.to, move.piece, found, words) == [move.from_]:
            return words
    return None
