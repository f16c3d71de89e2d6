"""One move as text in each notation, and move words (``７六歩``, ``同歩``) read back.

The texts are those the writers put in a record, made by the writers' own per-move
functions: KIF ``▲７六歩(77)`` / ``△同　歩(23)`` (:func:`kifu_lark.formats.kif_write.move_text`),
KI2 with the relative words it needs, ``▲同　馬左``
(:func:`kifu_lark.formats.ki2_write.write_move`), CSA ``+7776FU`` and USI ``7g7f``. 同 is
used where the notation uses it (KIF and KI2). :class:`kifu_lark.Board` and
:class:`kifu_lark.Game` build on this module; its functions take the rules engine's board,
as the writers do.

Example:
    >>> import kifu_lark
    >>> game = kifu_lark.loads("position startpos moves 7g7f 3c3d 8h2b+ 3a2b", "usi")
    >>> game.move_texts("kif")
    ['▲７六歩(77)', '△３四歩(33)', '▲２二角成(88)', '△同　銀(31)']
    >>> game.move_texts("ki2", marks="▲▽")
    ['▲７六歩', '▽３四歩', '▲２二角成', '▽同　銀']
"""

from __future__ import annotations

from kifu_lark.errors import KifuError, KifuSyntaxError, UnknownFormatError, UnsupportedFeatureError
from kifu_lark.formats import ki2_read, ki2_write, kif_write
from kifu_lark.formats.csa_dialect import CSA
from kifu_lark.formats.csa_write import special_line
from kifu_lark.formats.japanese import SPECIAL_WORDS
from kifu_lark.model.color import Color
from kifu_lark.model.move import Move, Special, SpecialKind
from kifu_lark.model.node import Node
from kifu_lark.model.position import Position
from kifu_lark.rules.board import Board as EngineBoard
from kifu_lark.rules.violations import ALL_TOLERABLE
from kifu_lark.rules.written_move import resolve

#: The notations a move text can be asked in.
NOTATIONS = ("kif", "ki2", "csa", "usi")
#: The default marks: ▲ for 先手 (black), △ for 後手 (white).
MARKS = "▲△"
_USI_SPECIALS = {SpecialKind.RESIGN: "resign", SpecialKind.ENTERING_KING_WIN: "win"}
_BLACK_MARKS = "▲☗▼"
_WHITE_MARKS = "△☖▽"


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
        return mark + kif_write.move_text(move, previous)
    return mark + ki2_write.write_move(board, move, previous)[1:]  # the writer's own mark replaced


def write_special_text(special: Special, notation: str, to_move: Color) -> str:
    """A special (投了 …) as ``notation`` writes it in the move list: ``投了``, ``%TORYO``,
    ``resign``. ``to_move`` is the side to move when it happens (CSA writes some specials
    with a side: ``%+ILLEGAL_ACTION``).

    Raises:
        UnsupportedFeatureError: for a special the notation has no word for.
    """
    kind = special.kind
    if notation == "csa":
        return special_line(CSA, special, to_move)
    word = _USI_SPECIALS.get(kind) if notation == "usi" else SPECIAL_WORDS.get(kind)
    if word is None:
        raise UnsupportedFeatureError(
            f"{notation} has no word for {kind.name}",
            format=notation,
            hint="leave the special out, or write it in a notation that names it",
        )
    return word


def line_texts(
    start: Position,
    nodes: list[Node],
    notation: str,
    marks: str = MARKS,
    *,
    name_unwritten: bool = False,
) -> list[str]:
    """The texts of ``nodes``' moves and specials, ``nodes`` being a line played from
    ``start`` (``Game.move_texts``); the line is replayed once. ``notation`` must have
    passed :func:`check_notation`.

    Args:
        name_unwritten: give a special the notation has no word for its English name
            (``"sennichite"``) instead of raising: a picture never refuses.

    Raises:
        UnsupportedFeatureError: for a special the notation has no word for.
    """
    board = EngineBoard.from_position(start)
    board.hashing = False
    texts: list[str] = []
    previous: Move | None = None
    for node in nodes:
        move = node.move
        if move is None:
            assert node.special is not None
            try:
                texts.append(write_special_text(node.special, notation, board.color))
            except UnsupportedFeatureError:
                if not name_unwritten:
                    raise
                texts.append(node.special.kind.name.lower().replace("_", " "))
            continue
        texts.append(write_move_text(board, move, previous, notation, marks))
        # a game read may hold breaches it tolerated or a declared foul
        board.push(move, ALL_TOLERABLE)
        previous = move
    return texts


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
    fields = ki2_read.move_fields(word)
    if fields is None:
        raise KifuSyntaxError(f"not a move: {text.strip()!r}", text=text, hint=_HINT)
    color, special, to, piece, relative, promote, drop, origin = fields
    if special is not None:
        raise KifuSyntaxError(
            f"{text.strip()} is a special, not a move", text=text, hint="push moves only"
        )
    board.check_turn(color)  # a mark of the other side: WRONG_TURN, before resolving
    return resolve(board, previous, to, color, origin, piece, None, promote, drop, relative)
