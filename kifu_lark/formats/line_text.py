"""A line of a game's moves and specials as texts in one notation, the line replayed once
(``Game.move_texts``, the notebook's move list).

Each move is written by :mod:`kifu_lark.formats.move_text`; a special by the notation's own
word for it: ``投了`` (KIF, KI2), CSA's ``%`` line as its writer writes it, USI's ``resign``.

Example:
    >>> import kifu_lark
    >>> game = kifu_lark.loads("position startpos moves 7g7f 3c3d 8h2b+ 3a2b", "usi")
    >>> game.move_texts("kif")
    ['▲７六歩(77)', '△３四歩(33)', '▲２二角成(88)', '△同　銀(31)']
    >>> game.move_texts("ki2", marks="▲▽")
    ['▲７六歩', '▽３四歩', '▲２二角成', '▽同　銀']
"""

from __future__ import annotations

from kifu_lark.errors import UnsupportedFeatureError
from kifu_lark.formats.csa_dialect import CSA
from kifu_lark.formats.csa_write import special_line
from kifu_lark.formats.japanese import SPECIAL_WORDS
from kifu_lark.formats.move_text import MARKS, write_move_text
from kifu_lark.formats.other_specials import written_word
from kifu_lark.model.color import Color
from kifu_lark.model.move import Move, Special, SpecialKind
from kifu_lark.model.node import Node
from kifu_lark.model.position import Position
from kifu_lark.rules.board import Board as EngineBoard
from kifu_lark.rules.violations import ALL_TOLERABLE

_USI_SPECIALS = {SpecialKind.RESIGN: "resign", SpecialKind.ENTERING_KING_WIN: "win"}


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
    if word is None and notation != "usi" and special.word is not None:
        word = written_word(special, notation)  # a word no kind names, as read
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
                special = node.special
                texts.append(special.word or special.kind.name.lower().replace("_", " "))
            continue
        texts.append(write_move_text(board, move, previous, notation, marks))
        # a game read may hold breaches it tolerated or a declared foul
        board.push(move, ALL_TOLERABLE)
        previous = move
    return texts
