"""The PV of an evaluation comment played from the node's position (:meth:`Evaluation.resolve`
through :mod:`kifu_lark.views`): CSA, USI and Japanese tokens read as moves on the rules
engine's board, each checked as it is played.
"""

from __future__ import annotations

import re
from typing import Any

from kifu_lark.errors import IllegalMoveError, KifuError, KifuSyntaxError
from kifu_lark.formats.japanese_move import move_fields
from kifu_lark.formats.move_text import read_move_text
from kifu_lark.model.color import Color
from kifu_lark.model.evaluation import Evaluation, PVError, token_notation
from kifu_lark.model.move import Move, usi_parts
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.rules.board import Board as EngineBoard

__all__ = ["resolve_pv"]

#: A Japanese PV token that is a move (a square or 同 after the mark): the others the
#: grammar lets through are specials (▲投了, △千日手 …).
_JAPANESE_MOVE = re.compile(r"[▲△☗☖▼▽](?:[1-9１-９]|同)")

_CSA_KINDS = {kind.csa: kind for kind in PieceKind}
_CSA_MOVE = re.compile(r"([+-])(00|[1-9]{2})([1-9]{2})([A-Z]{2})")
_PV_HINT = {
    "csa": "a CSA move: sign, origin (00 for a drop), destination, piece after (+7776FU)",
    "usi": "a USI move: 7g7f, 8h2b+ or P*5e",
    "japanese": "a move word with its mark: ▲７六歩, △同　歩, ▲２五歩(26)",
}


def _is_special(token: str) -> bool:
    if token.startswith("%") or token[1:] == "PASS":
        return True
    return token_notation(token) == "japanese" and _JAPANESE_MOVE.match(token) is None


def resolve_pv(
    evaluation: Evaluation, position: Position, previous: Move | None = None
) -> tuple[Move, ...]:
    """:meth:`Evaluation.resolve`: the PV's moves from ``position``."""
    board = EngineBoard.from_position(position)
    board.hashing = False
    moves: list[Move] = []
    last = previous
    for index, token in enumerate(evaluation.pv):
        if _is_special(token):
            break
        notation = token_notation(token)
        try:
            if notation == "japanese":
                move = read_move_text(board, last, token)
            else:
                move = _ascii_move(board, token, notation)
            played = board.push(move)
        except KifuError as err:
            if index == 0 and _is_previous(token, notation, previous):
                continue  # the PV starts with the move just played (aobazero, ShogiGUI, Piyo)
            raise PVError(
                f"PV move {index + 1} ({token}) cannot be played: {err.message}",
                index=index,
                code="BAD_PV",
                text=token,
                hint=_pv_hint(err, notation),
                source_line=_source_line(evaluation, token),
            ) from None
        moves.append(played)
        last = played
    return tuple(moves)


def _is_previous(token: str, notation: str, previous: Move | None) -> bool:
    """True when ``token`` writes ``previous``, the node's own move: its CSA or USI text, or
    a Japanese word with its mover's mark, its destination (同 is its destination too) and
    its origin when the word gives one. ShogiGUI's ``*対局`` and Piyo Shogi's ``#指し手[…]``
    PVs start so; the position after the move cannot replay it, so it is compared instead."""
    if previous is None:
        return False
    if notation != "japanese":
        return token in (previous.csa(), previous.usi())
    fields = move_fields(token)
    if fields is None:
        return False
    color, special, to, _piece, _relative, _promote, _drop, origin = fields
    return (
        special is None
        and color is previous.color
        and (to is None or to == previous.to)
        and (origin is None or origin == previous.from_)
    )


def _pv_hint(err: KifuError, notation: str) -> str:
    if isinstance(err, IllegalMoveError):
        return (
            "the PV is read from the position after the node's move, the opponent moving"
            f" first ({err.code}: {err.hint or err.message})"
        )
    return _PV_HINT[notation]


def _source_line(evaluation: Evaluation, token: str) -> str | None:
    return next((line for line in evaluation.lines if token in line), None)


def _ascii_move(board: Any, token: str, notation: str) -> Move:
    """A CSA or USI token as a move on the engine ``board`` (not yet played)."""
    color = Color.BLACK if board.turn == 0 else Color.WHITE
    if notation == "usi":
        try:
            origin, to, dropped, promote = usi_parts(token)
        except ValueError:
            raise KifuSyntaxError(
                f"not a move: {token}", text=token, hint=_PV_HINT["usi"]
            ) from None
        if dropped is not None:
            return Move(color, to, dropped)
        assert origin is not None
        kind = board.piece_kind(origin)
        if kind is None:
            raise KifuSyntaxError(
                f"no piece on {origin.usi()}",
                text=token,
                hint="the PV's move starts on an empty square",
            )
        return Move(color, to, kind, origin, promote)
    m = _CSA_MOVE.fullmatch(token)
    if m is None or m.group(4) not in _CSA_KINDS:
        raise KifuSyntaxError(f"not a move: {token}", text=token, hint=_PV_HINT["csa"])
    sign, origin_text, to_text, after_code = m.groups()
    mover = Color.BLACK if sign == "+" else Color.WHITE
    to = Square(int(to_text[0]), int(to_text[1]))
    after = _CSA_KINDS[after_code]
    if origin_text == "00":
        return Move(mover, to, after)
    origin_square = Square(int(origin_text[0]), int(origin_text[1]))
    before = board.piece_kind(origin_square)
    if before is None:
        raise KifuSyntaxError(
            f"no piece on {origin_text}", text=token, hint="the PV's move starts on an empty square"
        )
    return Move(mover, to, before, origin_square, before is not after)
