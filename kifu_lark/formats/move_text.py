"""One move as text in each notation, and a move word read back.

The texts are those the writers put in a record, made by the writers' own per-move
functions: KIF ``▲７六歩(77)`` / ``△同　歩(23)`` (:func:`write_kif_move`, here), KI2 with the
relative words it needs, ``▲同　馬左`` (:mod:`kifu_lark.formats.japanese_move`), CSA
``+7776FU`` and USI ``7g7f``. 同 is used where the notation uses it (KIF and KI2).
:class:`kifu_lark.Board`, the evaluation comments' principal variations and
:mod:`kifu_lark.formats.line_text` (a line's texts, for ``Game.move_texts``) build on this
module; its functions take the rules engine's board, as the writers do.
"""

from __future__ import annotations

from kifu_lark.errors import KifuError, KifuSyntaxError, UnknownFormatError
from kifu_lark.formats.japanese import KANJI_DIGITS, PIECE_MOVE_NAME, ZEN_DIGITS
from kifu_lark.formats.japanese_move import move_fields, write_ki2_move
from kifu_lark.model.color import Color
from kifu_lark.model.move import Move
from kifu_lark.rules.board import Board as EngineBoard
from kifu_lark.rules.written_move import resolve

#: The notations a move text can be asked in.
NOTATIONS = ("kif", "ki2", "csa", "usi")
#: The default marks: ▲ for 先手 (black), △ for 後手 (white).
MARKS = "▲△"
_BLACK_MARKS = "▲☗▼"
_WHITE_MARKS = "△☖▽"


_DESTINATION = {
    (f, r): ZEN_DIGITS[f - 1] + KANJI_DIGITS[r - 1] for f in range(1, 10) for r in range(1, 10)
}


def write_kif_move(move: Move, previous: Move | None) -> str:
    """One move as KIF writes it, without its side's mark: ``７六歩(77)``, ``同　銀(31)``,
    ``２二角成(88)`` or ``４五角打``; ``previous`` is the move before it (for 同)."""
    to = move.to
    # fields, not Square.__eq__: cheaper, and this runs per move written
    if previous is not None and previous.to.file == to.file and previous.to.rank == to.rank:
        text = "同　"
    else:
        text = _DESTINATION[to.file, to.rank]
    text += PIECE_MOVE_NAME[move.piece]
    if move.promote:
        text += "成"
    origin = move.from_
    if origin is None:
        return text + "打"
    return f"{text}({origin.file}{origin.rank})"


def check_notation(notation: str, marks: str) -> str:
    """``notation`` in lower case, checked, with ``marks`` (``""`` or two characters).

    Raises:
        UnknownFormatError: for a notation other than kif, ki2, csa and usi.
        KifuError: ``USAGE`` for marks that are not two characters (nor empty).
    """
    name = notation.lower()
    if name not in NOTATIONS:
        raise UnknownFormatError(
            f"no move text in {notation!r}", hint="one of " + ", ".join(NOTATIONS)
        )
    if len(marks) not in (0, 2):
        raise KifuError(
            f"marks must be two characters (black's, white's) or empty, not {marks!r}",
            code="USAGE",
            hint="e.g. marks='▲▽'",
        )
    return name


def write_move_text(
    board: EngineBoard,
    move: Move,
    previous: Move | None,
    notation: str,
    marks: str = MARKS,
) -> str:
    """``move`` as ``notation`` writes it, ``board`` being the position before it and
    ``previous`` the move before it (for 同). ``marks`` are the side marks of KIF and KI2
    texts (black's then white's; ``""`` for none). ``notation`` must have passed
    :func:`check_notation`."""
    if notation == "usi":
        return move.usi()
    if notation == "csa":
        return move.csa()
    mark = marks[0 if move.color is Color.BLACK else 1] if marks else ""
    if notation == "kif":
        return mark + write_kif_move(move, previous)
    return mark + write_ki2_move(board, move, previous)[1:]  # the writer's own mark replaced


_HINT = (
    "a move word: square or 同, piece, then 右 左 上 引 寄 直, 成 不成 打 (e.g. ７六歩, 同歩, 76歩)"
)


def read_move_text(board: EngineBoard, previous: Move | None, text: str) -> Move:
    """The move a KI2 or KIF move word means on ``board``: ``▲７六歩``, ``７六歩``,
    ``76歩``, ``同歩``, ``同　銀(31)``, ``５二金右``; the mark is optional (the side to move
    when left out). ``previous`` is the move before (for 同). The move is resolved, not yet
    played: ``Board.push`` validates it.

    Raises:
        KifuSyntaxError: for a text that is not one move word (or is a special such as 投了).
        IllegalMoveError: for a move no piece can make (``BAD_MOVEMENT``), words that fit no
            piece (``RELATIVE_MISMATCH``), 同 without a previous move …
        AmbiguousMoveError: when several pieces can make it and the words do not say which.
    """
    word = text.strip(" \t　")
    if word[:1] not in _BLACK_MARKS and word[:1] not in _WHITE_MARKS:
        word = ("▲" if board.turn == 0 else "△") + word
    fields = move_fields(word)
    if fields is None:
        raise KifuSyntaxError(f"not a move: {text.strip()!r}", text=text, hint=_HINT)
    color, special, to, piece, relative, promote, drop, origin = fields
    if special is not None:
        raise KifuSyntaxError(
            f"{text.strip()} is a special, not a move", text=text, hint="push moves only"
        )
    board.check_turn(color)  # a mark of the other side: WRONG_TURN, before resolving
    return resolve(board, previous, to, color, origin, piece, None, promote, drop, relative)
